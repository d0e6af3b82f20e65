import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "#tests/support/databases.ts";
import { findAttempt, listHistoryPage } from "#db/attempts.ts";
import { roomConfig } from "#tests/support/engine-fixture.ts";
import {
  claimGuestAttempts,
  GUEST_ATTEMPT_DAYS,
  saveGuestAttempt,
  type GuestSubmission,
} from "./guest-attempts.ts";

const DONE_AT = new Date("2026-11-20T08:30:00.000Z");
const CLAIMED_AT = new Date("2026-11-21T09:00:00.000Z");

describeEachDatabase("guest attempts (issue 28)", (database) => {
  let questionIds: number[] = [];

  beforeAll(async () => {
    const { db, dialect } = database();
    const subject = await db
      .insertInto("subject")
      .values({ code: "mon", name: "Môn", description: "", keywords: "", sort_order: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const practices = await db
      .insertInto("practice")
      .values(
        ["de-khach", "de-an"].map((code, i) => ({
          code,
          hidden: i,
          question_count: 2,
          chapter_count: 0,
          subject_id: subject.id,
          title: `Đề ${code}`,
          description: "",
          source: null,
          content_version: 1,
          sort_order: i,
        })),
      )
      .returning("id")
      .execute();
    const rows = await db
      .insertInto("question")
      .values(
        practices.flatMap((practice) =>
          [0, 1].map((idx) => ({
            practice_id: practice.id,
            idx,
            chapter_idx: null,
            external_id: null,
            revision: 1,
            retired: 0,
            content_hash: `h-${practice.id}-${idx}`,
            text: `Câu ${idx + 1}`,
            text_html: `<p>Câu ${idx + 1}</p>`,
            explanation: null,
            explanation_html: null,
            reference_url: null,
            answers: JSON.stringify(
              [0, 1, 2].map((a) => ({
                idx: a,
                text: `Ý ${a}`,
                html: `<p>Ý ${a}</p>`,
                isKey: a === 1,
              })),
            ),
            key_count: 1,
            created_at: DONE_AT.toISOString(),
          })),
        ),
      )
      .returning("id")
      .execute();
    questionIds = rows.slice(0, 2).map((row) => row.id);
    for (const id of ["khach-a", "khach-b"]) {
      await db
        .insertInto("user")
        .values({
          id,
          name: id,
          email: `${id}@example.com`,
          emailVerified: dialect === "postgres" ? true : 1,
          image: null,
          createdAt: DONE_AT.toISOString(),
          updatedAt: DONE_AT.toISOString(),
        })
        .execute();
    }
  });

  const secret = () => randomBytes(32).toString("base64url");

  /** The first question right, the second wrong. */
  function submission(overrides: Partial<GuestSubmission> = {}): GuestSubmission {
    return {
      id: randomUUID(),
      practiceCode: "de-khach",
      selection: { type: "PRACTICE_TIME_ALL" },
      config: roomConfig({ maxResultTime: "OFF", showNotification: false, seed: 7 }),
      answers: [
        { questionId: questionIds[0]!, selectedAnswerIndexes: [1] },
        { questionId: questionIds[1]!, selectedAnswerIndexes: [2] },
      ],
      answerOrders: null,
      totalTime: 40,
      guestSecret: secret(),
      ...overrides,
    };
  }

  it("a guest's room is scored by the server, never by what the page says", async () => {
    const { db } = database();
    const forged = { ...submission(), numberOfRight: 2 } as GuestSubmission;
    const saved = await saveGuestAttempt(db, forged, DONE_AT);
    expect(saved).toMatchObject({ ok: true, created: true });
    if (!saved.ok) return;
    expect([saved.attempt.numberOfRight, saved.attempt.numberOfWrong]).toEqual([1, 1]);
    // Nothing reaches anyone's history before a claim.
    expect(await db.selectFrom("attempt").selectAll().execute()).toHaveLength(0);
  });

  it("a retried save answers the same; the same id with another secret is refused", async () => {
    const { db } = database();
    const first = submission();
    await saveGuestAttempt(db, first, DONE_AT);
    expect(await saveGuestAttempt(db, first, DONE_AT)).toMatchObject({ ok: true, created: false });
    expect(await saveGuestAttempt(db, { ...first, guestSecret: secret() }, DONE_AT)).toEqual({
      ok: false,
      refusal: "GUEST_ID_TAKEN",
    });
  });

  it("a guest may not save a hidden practice, a mock exam or answers of another practice", async () => {
    const { db } = database();
    expect(await saveGuestAttempt(db, submission({ practiceCode: "de-an" }))).toEqual({
      ok: false,
      refusal: "PRACTICE_NOT_FOUND",
    });
    const exam = submission();
    exam.config = { ...exam.config, examMinutes: 15 };
    expect(await saveGuestAttempt(db, exam)).toEqual({ ok: false, refusal: "GUEST_EXAM" });
    expect(
      await saveGuestAttempt(
        db,
        submission({ answers: [{ questionId: 999_999, selectedAnswerIndexes: [] }] }),
      ),
    ).toEqual({ ok: false, refusal: "QUESTIONS_MISMATCH" });
  });

  it("a claim saves the attempt once, with the time it was done, and nobody else can claim it", async () => {
    const { db } = database();
    const guest = submission();
    await saveGuestAttempt(db, guest, DONE_AT);
    const claim = [{ id: guest.id, secret: guest.guestSecret }];

    // Another device's guess at the secret claims nothing.
    expect(await claimGuestAttempts(db, "khach-b", [{ id: guest.id, secret: secret() }])).toEqual([
      { id: guest.id, outcome: "gone" },
    ]);
    expect(await claimGuestAttempts(db, "khach-a", claim, CLAIMED_AT)).toEqual([
      { id: guest.id, outcome: "saved" },
    ]);
    // Twice (two tabs, a lost answer): still one attempt.
    expect(await claimGuestAttempts(db, "khach-a", claim, CLAIMED_AT)).toEqual([
      { id: guest.id, outcome: "already" },
    ]);
    // The secret leaked to another student afterwards: still A's alone.
    expect(await claimGuestAttempts(db, "khach-b", claim, CLAIMED_AT)).toEqual([
      { id: guest.id, outcome: "gone" },
    ]);
    const stored = await findAttempt(db, "khach-a", guest.id);
    expect(stored).toMatchObject({
      numberOfRight: 1,
      numberOfWrong: 1,
      createdAt: DONE_AT.toISOString(),
    });
    expect(await findAttempt(db, "khach-b", guest.id)).toBeNull();
    const history = await listHistoryPage(db, "khach-a", { limit: 50 });
    expect(history.attempts.filter((a) => a.id === guest.id)).toHaveLength(1);
  });

  it(`an unclaimed guest attempt is gone after ${GUEST_ATTEMPT_DAYS} days`, async () => {
    const { db } = database();
    const old = submission();
    await saveGuestAttempt(db, old, DONE_AT);
    const later = new Date(DONE_AT.getTime() + (GUEST_ATTEMPT_DAYS + 1) * 86_400_000);
    await saveGuestAttempt(db, submission(), later);
    expect(
      await claimGuestAttempts(db, "khach-b", [{ id: old.id, secret: old.guestSecret }]),
    ).toEqual([{ id: old.id, outcome: "gone" }]);
  });
});
