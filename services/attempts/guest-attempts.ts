import { createHash, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { serverVi } from "#base/i18n/vi-server.ts";
import { z } from "#base/zod.ts";
import type { RateLimitRule, RateLimitStore } from "#db/rate-limits.ts";
import type { StoredAttempt } from "#db/attempts.ts";
import type { DB } from "#db/schema.ts";
import { isAttemptId } from "#engine/submission.ts";
import {
  attemptProblem,
  attemptSubmissionSchema,
  practiceSource,
  readJsonBody,
  REFUSAL_STATUS,
  saveAttempt,
  type AttemptRefusal,
  type AttemptSubmission,
} from "./save-attempt.ts";
import { judgeSubmission, refuse, type Refused } from "./store.ts";

/**
 * Practice as a guest (issue 28). A visitor's finished room is checked and scored exactly as a
 * signed-in student's (store.ts's judgeSubmission, on the stored keys), then kept in
 * `guest_attempt` (migration 0018) with the hash of a secret that only the visitor's device
 * holds. Signing up or in on that device claims it: it is saved as the student's attempt, with
 * the time it was done, exactly once, and no one without the secret can claim it.
 */

/** Days an unclaimed guest attempt is kept, on the server and on the device. */
export const GUEST_ATTEMPT_DAYS = 7;

/** The most guest attempts one claim names (the device sends them in batches of this size). */
const MAX_CLAIMS = 50;

/** 43 random base64url characters: made by the device before the first save. */
const guestSecret = z.string().regex(/^[\w-]{43}$/u);

/** A guest's save: a practice attempt (never a mock exam, which needs an account) and its secret. */
const guestSubmissionSchema = attemptSubmissionSchema.extend({ guestSecret });

export type GuestSubmission = z.infer<typeof guestSubmissionSchema>;

const claimSchema = z.object({
  claims: z
    .array(z.object({ id: z.string().max(36), secret: guestSecret }))
    .min(1)
    .max(MAX_CLAIMS),
});

type GuestRefusal = AttemptRefusal | "GUEST_ID_TAKEN" | "GUEST_EXAM";

export type GuestSaveResult =
  { ok: true; created: boolean; attempt: StoredAttempt } | Refused<GuestRefusal>;

const hashOf = (secret: string) => createHash("sha256").update(secret).digest("base64url");

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Scores a guest's finished room and keeps it for a claim. A save of an id already kept with the
 * same secret (a retry) answers the same; with another secret it is refused, so an id cannot
 * be taken over.
 */
export async function saveGuestAttempt(
  db: Kysely<DB>,
  submission: GuestSubmission,
  now: Date = new Date(),
): Promise<GuestSaveResult> {
  if (!isAttemptId(submission.id)) return refuse("BAD_ATTEMPT_ID");
  if (submission.config.examMinutes !== undefined) return refuse("GUEST_EXAM");
  const id = submission.id.toLowerCase();
  const secretHash = hashOf(submission.guestSecret);
  const kept = await findGuestAttempt(db, id);
  if (kept && !sameHash(kept.secret_hash, secretHash)) return refuse("GUEST_ID_TAKEN");

  const { guestSecret: _secret, owner: _owner, offline: _offline, ...attempt } = submission;
  const judged = await judgeSubmission(db, null, attempt, practiceSource);
  if ("ok" in judged) return judged;
  const createdAt = kept?.created_at ?? now.toISOString();
  if (!kept) {
    await dropExpired(db, now);
    const inserted = await db
      .insertInto("guest_attempt")
      .values({
        id,
        secret_hash: secretHash,
        practice_id: judged.opened.practice.id!,
        submission: JSON.stringify({ ...attempt, id }),
        created_at: createdAt,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .returning("id")
      .executeTakeFirst();
    // A second save of the same id won the race: it counts only with the same secret.
    if (!inserted) {
      const winner = await findGuestAttempt(db, id);
      if (!winner || !sameHash(winner.secret_hash, secretHash)) return refuse("GUEST_ID_TAKEN");
    }
  }
  const { practice, selection, describe } = judged.opened;
  return {
    ok: true,
    created: !kept,
    attempt: {
      id,
      practiceCode: practice.code,
      practiceTitle: practice.title,
      description: await describe(),
      type: selection!.type,
      selection,
      config: attempt.config,
      numberOfRight: judged.numberOfRight,
      numberOfWrong: judged.numberOfWrong,
      totalTime: attempt.totalTime,
      results: judged.results,
      answerOrders: attempt.answerOrders,
      contentVersion: practice.contentVersion,
      createdAt,
      examMinutes: null,
      offline: false,
    },
  };
}

/** What became of one guest attempt a device asked to claim. */
export type ClaimOutcome =
  /** Saved into the student's history now. */
  | "saved"
  /** Already saved by an earlier claim of this student's: nothing changed. */
  | "already"
  /** Unknown, expired, claimed by someone else or another secret: the device forgets it. */
  | "gone"
  /** Its practice no longer takes it (changed, hidden, no longer shared): not saved. */
  | "refused";

/**
 * Claims a device's guest attempts for `userId`. Each is marked as this student's first, in one
 * conditional update, so two students cannot both claim it; then saved by the ordinary save,
 * which is idempotent by attempt id, so a repeated or interrupted claim saves it once.
 */
export async function claimGuestAttempts(
  db: Kysely<DB>,
  userId: string,
  claims: readonly { id: string; secret: string }[],
  now: Date = new Date(),
): Promise<{ id: string; outcome: ClaimOutcome }[]> {
  const outcomes: { id: string; outcome: ClaimOutcome }[] = [];
  for (const claim of claims.slice(0, MAX_CLAIMS)) {
    outcomes.push({ id: claim.id, outcome: await claimOne(db, userId, claim, now) });
  }
  return outcomes;
}

async function claimOne(
  db: Kysely<DB>,
  userId: string,
  claim: { id: string; secret: string },
  now: Date,
): Promise<ClaimOutcome> {
  if (!isAttemptId(claim.id)) return "gone";
  const id = claim.id.toLowerCase();
  const kept = await findGuestAttempt(db, id);
  if (!kept || !sameHash(kept.secret_hash, hashOf(claim.secret))) return "gone";
  if (kept.claimed_by === null) {
    await db
      .updateTable("guest_attempt")
      .set({ claimed_by: userId, claimed_at: now.toISOString() })
      .where("id", "=", id)
      .where("claimed_by", "is", null)
      .execute();
  }
  const owner = await db
    .selectFrom("guest_attempt")
    .select("claimed_by")
    .where("id", "=", id)
    .executeTakeFirst();
  if (owner?.claimed_by !== userId) return "gone";
  const submission = JSON.parse(kept.submission) as AttemptSubmission;
  const saved = await saveAttempt(db, userId, submission, new Date(kept.created_at));
  if (!saved.ok) return "refused";
  return saved.created ? "saved" : "already";
}

function findGuestAttempt(db: Kysely<DB>, id: string) {
  return db
    .selectFrom("guest_attempt")
    .select(["secret_hash", "submission", "created_at", "claimed_by"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * Guest attempts past GUEST_ATTEMPT_DAYS, removed as new ones come: an unclaimed one can no longer
 * be claimed (the device forgets it too), and a claimed one lives on as the student's attempt.
 */
async function dropExpired(db: Kysely<DB>, now: Date): Promise<void> {
  const before = new Date(now.getTime() - GUEST_ATTEMPT_DAYS * 86_400_000).toISOString();
  await db.deleteFrom("guest_attempt").where("created_at", "<", before).execute();
}

/** Guest saves from one address in an hour: a class behind one school router, each a few rooms. */
export const GUEST_SAVE_RATE: RateLimitRule = { window: 3600, max: 300 };

/** Claims by one student in ten minutes: each names up to MAX_CLAIMS attempts. */
const CLAIM_RATE: RateLimitRule = { window: 600, max: 30 };

interface GuestRequestContext {
  db: Kysely<DB>;
  logger: Logger;
  limits: RateLimitStore;
}

const GUEST_REFUSAL_STATUS: Record<GuestRefusal, number> = {
  ...REFUSAL_STATUS,
  GUEST_ID_TAKEN: 409,
  GUEST_EXAM: 401,
};

function tooMany(code: string, seconds: number, message: (minutes: number) => string): Response {
  return Response.json(
    { code, message: message(Math.ceil(seconds / 60)) },
    { status: 429, headers: { "retry-after": String(seconds) } },
  );
}

/**
 * POST /api/attempts without a session: a guest's room, limited per client address
 * (GUEST_SAVE_RATE, counted before the body is read). A body without a guest secret (an attempt
 * a signed-in student queued on this device, sent after their session ended) is answered 401 as
 * before, so it waits for its student.
 */
export async function answerGuestAttemptPost(
  request: Request,
  { db, logger, limits, clientIp }: GuestRequestContext & { clientIp: string },
): Promise<Response> {
  const decision = await limits.consume(`guest-attempt:${clientIp}`, GUEST_SAVE_RATE);
  if (!decision.allowed) {
    const seconds = decision.retryAfter ?? GUEST_SAVE_RATE.window;
    return tooMany("GUEST_TOO_MANY", seconds, serverVi.attempts.errors.GUEST_TOO_MANY);
  }
  const body = await readJsonBody(request);
  if (body instanceof Response) return body;
  if (typeof (body as { guestSecret?: unknown } | null)?.guestSecret !== "string") {
    return attemptProblem("UNAUTHENTICATED", 401);
  }
  const parsed = guestSubmissionSchema.safeParse(body);
  if (!parsed.success) return attemptProblem("BAD_REQUEST", 400);
  const outcome = await saveGuestAttempt(db, parsed.data);
  if (!outcome.ok) {
    logger.warn({ refusal: outcome.refusal, attemptId: parsed.data.id }, "guest attempt refused");
    const errors = serverVi.attempts.errors;
    const message =
      outcome.refusal === "GUEST_ID_TAKEN" || outcome.refusal === "GUEST_EXAM"
        ? errors[outcome.refusal]
        : null;
    return message
      ? Response.json(
          { code: outcome.refusal, message },
          { status: GUEST_REFUSAL_STATUS[outcome.refusal] },
        )
      : attemptProblem(
          outcome.refusal as Exclude<GuestRefusal, "GUEST_ID_TAKEN" | "GUEST_EXAM">,
          GUEST_REFUSAL_STATUS[outcome.refusal],
        );
  }
  return Response.json(
    { created: outcome.created, attempt: outcome.attempt, guest: true },
    { status: outcome.created ? 201 : 200 },
  );
}

/**
 * POST /api/attempts/claim: a signed-in student's device names the guest attempts it kept, with
 * their secrets; each is saved into the student's history once (claimGuestAttempts).
 */
export async function answerClaimPost(
  request: Request,
  { db, logger, limits, userId }: GuestRequestContext & { userId: string },
): Promise<Response> {
  const decision = await limits.consume(`guest-claim:${userId}`, CLAIM_RATE);
  if (!decision.allowed) {
    const seconds = decision.retryAfter ?? CLAIM_RATE.window;
    return tooMany("CLAIM_TOO_MANY", seconds, serverVi.attempts.errors.CLAIM_TOO_MANY);
  }
  const body = await readJsonBody(request);
  if (body instanceof Response) return body;
  const parsed = claimSchema.safeParse(body);
  if (!parsed.success) return attemptProblem("BAD_REQUEST", 400);
  const outcomes = await claimGuestAttempts(db, userId, parsed.data.claims);
  const saved = outcomes.filter((o) => o.outcome === "saved").length;
  if (saved > 0) logger.info({ userId, saved }, "guest attempts claimed");
  return Response.json({ outcomes, saved });
}
