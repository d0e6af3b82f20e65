import type { IncomingMessage } from "node:http";
import { fromNodeHeaders } from "better-auth/node";
import { Router, type Response } from "express";
import type { Kysely } from "kysely";
import { readAvatar } from "#db/avatars.ts";
import type { DB } from "#db/schema.ts";
import type { Auth } from "./auth.ts";
import {
  MAX_AVATAR_BYTES,
  processAvatar,
  TOO_MANY_BYTES,
  UNAUTHENTICATED,
  type AvatarRefusal,
} from "./avatar-image.ts";
import { AVATAR_FILE_PATTERN, storeAvatar } from "./avatar-store.ts";
import { drainRawBody, readRawBody } from "./raw-body.ts";

/**
 * Profile pictures over HTTP: `POST /api/avatar` takes the picture as the raw request body
 * (server/avatar-image.ts checks and converts it, server/avatar-store.ts keeps it);
 * `GET /avatars/<userId>-<hash>.webp` serves it, cached forever since the name changes with
 * the content.
 */

/** Reads off whatever is left of the body, then answers: what body-parser does on an error. */
async function refuse(req: IncomingMessage, res: Response, refused: AvatarRefusal): Promise<void> {
  if (!(await drainRawBody(req))) return;
  res.setHeader("cache-control", "no-store");
  res.status(refused.status).json({ code: refused.code, message: refused.message });
}

function quotedEtags(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
}

/**
 * `POST /api/avatar` (body: the picture's bytes, as `xhr.send(file)` sends them; the declared
 * Content-Type is ignored) and `GET /avatars/:file`.
 */
export function createAvatarRouter(options: { db: Kysely<DB>; auth: Auth }): Router {
  const { db, auth } = options;
  const router = Router();

  router.post("/api/avatar", async (req, res) => {
    // Cross-site uploads never get here: server/request-guards.ts refuses them for every route.
    const headers = fromNodeHeaders(req.headers);
    const session = await auth.api.getSession({ headers });
    if (!session) return refuse(req, res, UNAUTHENTICATED);

    const body = await readRawBody(req, MAX_AVATAR_BYTES);
    if (body.kind === "aborted") return;
    if (body.kind === "too-large") return refuse(req, res, TOO_MANY_BYTES);

    const result = await processAvatar(body.bytes);
    if (!result.ok) return refuse(req, res, result);

    const image = await storeAvatar({
      db,
      userId: session.user.id,
      webp: result.webp,
      async setImage(image) {
        // Through better-auth rather than a bare UPDATE: its adapter writes updatedAt in each
        // dialect's format, runs any user-update hooks, and re-issues the session cookie (which
        // would carry the new picture if the cookie cache is ever turned on).
        const updated = await auth.api.updateUser({
          headers,
          body: { image },
          returnHeaders: true,
        });
        for (const cookie of updated.headers.getSetCookie()) res.append("set-cookie", cookie);
      },
    });
    req.log?.info({ userId: session.user.id, bytes: body.bytes.length }, "avatar changed");
    res.setHeader("cache-control", "no-store");
    res.json({ image });
  });

  router.get("/avatars/:file", async (req, res, next) => {
    const name = req.params.file;
    if (!AVATAR_FILE_PATTERN.test(name)) return next();
    const bytes = await readAvatar(db, name);
    if (!bytes) return next();
    // The name carries the content's hash, so it makes a strong validator.
    const etag = `"${name.slice(-21, -5)}"`;
    res.setHeader("etag", etag);
    res.setHeader("cache-control", "public, max-age=31536000, immutable");
    const wanted = quotedEtags(req.get("if-none-match"));
    if (wanted.includes(etag) || wanted.includes("*")) {
      res.status(304).end();
      return;
    }
    res.type("image/webp").send(bytes);
  });

  // Anything else under /avatars is not ours to give, and not a page either.
  router.all("/avatars/{*rest}", (_req, res) => {
    res.status(404).json({ code: "NOT_FOUND", message: "Not found" });
  });

  return router;
}
