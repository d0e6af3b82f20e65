import { fromNodeHeaders } from "better-auth/node";
import { Router, type Response } from "express";
import { drainRawBody, readRawBody } from "./raw-body.ts";
import type { Kysely } from "kysely";
import { serverVi } from "#base/i18n/vi-server.ts";
import { PICTURE_MAX_INPUT_BYTES } from "#base/limits.ts";
import { parsePictureFileName, PICTURE_HASH } from "#base/pictures.ts";
import { paths } from "#base/paths.ts";
import { isParseRefusal, type ParsePool } from "#content/parse-pool.ts";
import { openablePractices, resolvePractice } from "#db/own-practices.ts";
import {
  hasUploadedPicture,
  practicesShowingPicture,
  readPictureBytes,
  recordPictureUploads,
  storePictures,
} from "#db/pictures.ts";
import type { RateLimitRule } from "#db/rate-limits.ts";
import type { DB } from "#db/schema.ts";
import type { Auth } from "./auth.ts";
import type { SessionCache } from "./session-cache.ts";

/**
 * Pictures one student may send in a while: a handout's worth of figures pasted one by one, with
 * retries. Counted in the app's rate-limit store (Redis or the database), refused ones included.
 */
export const PICTURE_UPLOAD_RATE: RateLimitRule = { window: 600, max: 60 };

interface PictureRouterOptions {
  db: Kysely<DB>;
  auth: Auth;
  /** Pictures of a question come many to a page: their reader's session from the cache. */
  sessions: SessionCache;
  parse: ParsePool;
}

/**
 * Pictures of questions over HTTP (issue 26).
 * - `GET /pictures/<hash>[-640].<type>`: to whoever may open a practice that shows it, by the
 *   same rule as its questions (a bank's practice that is not hidden; an own practice for its
 *   owner and an operator, or through its current share link: `?p=s-…`, or held by an attempt
 *   saved through it), and to who brought it in before saving. Anyone else gets the same 404
 *   as for a picture that does not exist. A public picture is cached for good; any other is
 *   checked again on every use (`no-cache` with its ETag), so revoking a link or hiding a
 *   practice takes effect at once.
 * - `POST /api/pictures`: a picture pasted or dropped into the editor, as the raw body; checked
 *   and re-encoded in the parse pool, stored, and answered with its hash and size. Limited per
 *   student (PICTURE_UPLOAD_RATE), since each one is a decode and two encodings in the pool.
 */
export function createPictureRouter(options: PictureRouterOptions): Router {
  const { db, auth, sessions, parse } = options;
  const router = Router();

  router.get("/pictures/:file", async (req, res) => {
    const wanted = parsePictureFileName(req.params.file);
    const session = await sessions.get(fromNodeHeaders(req.headers));
    const viewerId = session?.user.id ?? null;
    const address = typeof req.query.p === "string" ? req.query.p : null;
    const access = wanted ? await pictureAccess(db, wanted.hash, viewerId, address) : "none";
    const picture =
      access === "none" ? undefined : await readPictureBytes(db, wanted!.hash, wanted!.small);
    if (!picture || picture.type !== wanted!.type) return notFound(res);
    const etag = `"${wanted!.hash}${wanted!.small ? "-s" : ""}"`;
    res.setHeader("etag", etag);
    res.setHeader(
      "cache-control",
      access === "public" ? "public, max-age=31536000, immutable" : "private, no-cache",
    );
    res.setHeader("x-content-type-options", "nosniff");
    if (
      (req.get("if-none-match") ?? "")
        .split(",")
        .some((tag) => tag.trim().replace(/^W\//u, "") === etag)
    ) {
      res.status(304).end();
      return;
    }
    res.type(`image/${picture.type}`).send(picture.bytes);
  });

  router.post(paths.apiPictures, async (req, res) => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
    if (!session) return refuse(res, 401, serverVi.ownPracticeEditor.errors.UNAUTHENTICATED);
    const decision = await auth.limits.consume(
      `picture-upload:${session.user.id}`,
      PICTURE_UPLOAD_RATE,
    );
    if (!decision.allowed) {
      const seconds = decision.retryAfter ?? PICTURE_UPLOAD_RATE.window;
      res.setHeader("retry-after", String(seconds));
      return refuse(res, 429, serverVi.pictures.tooManyUploads(Math.ceil(seconds / 60)));
    }
    const read = await readRawBody(req, PICTURE_MAX_INPUT_BYTES);
    if (read.kind === "aborted") return;
    const name = serverVi.pictures.thePicture;
    if (read.kind === "too-large") {
      if (!(await drainRawBody(req))) return;
      return refuse(
        res,
        413,
        serverVi.pictures.tooManyBytes(name, PICTURE_MAX_INPUT_BYTES / 1024 / 1024),
      );
    }
    let encoded;
    try {
      encoded = await parse.run("encodePicture", { bytes: new Uint8Array(read.bytes), name });
    } catch (error) {
      if (!isParseRefusal(error)) throw error;
      if (error.reason === "busy") {
        res.setHeader("retry-after", "5");
        return refuse(res, 503, serverVi.ownPracticeEditor.errors.PARSER_BUSY);
      }
      return refuse(res, 422, serverVi.pictures.tooCostly(name));
    }
    if (!encoded.ok) return refuse(res, 422, encoded.message);
    const { bytes: _bytes, small: _small, ...meta } = encoded.picture;
    const now = new Date();
    await storePictures(db, [encoded.picture], now);
    await recordPictureUploads(db, session.user.id, [meta.hash], now);
    res.setHeader("cache-control", "no-store");
    res.json(meta);
  });

  return router;
}

type Access = "public" | "private" | "none";

async function pictureAccess(
  db: Kysely<DB>,
  hash: string,
  viewerId: string | null,
  address: string | null,
): Promise<Access> {
  if (!PICTURE_HASH.test(hash)) return "none";
  const practiceIds = await practicesShowingPicture(db, hash);
  if (practiceIds.length > 0) {
    // What no one in particular may open (a bank's practice that is not hidden) makes it public.
    if ((await openablePractices(db, "", practiceIds)).size > 0) return "public";
    if (address !== null) {
      const practice = await resolvePractice(db, address, viewerId);
      if (practice && practiceIds.includes(practice.id)) return "private";
    }
    if (viewerId !== null && (await openablePractices(db, viewerId, practiceIds)).size > 0) {
      return "private";
    }
  }
  if (viewerId !== null && (await hasUploadedPicture(db, viewerId, hash))) return "private";
  return "none";
}

function notFound(res: Response): void {
  res.setHeader("cache-control", "no-store");
  res.status(404).json({ code: "NOT_FOUND", message: serverVi.pictures.notFound });
}

const REFUSAL_CODES: Record<number, string> = {
  401: "UNAUTHENTICATED",
  429: "TOO_MANY_REQUESTS",
  503: "PARSER_BUSY",
};

function refuse(res: Response, status: number, message: string): void {
  res.setHeader("cache-control", "no-store");
  res.status(status).json({ code: REFUSAL_CODES[status] ?? "BAD_PICTURE", message });
}
