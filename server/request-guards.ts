import type { NextFunction, Request, RequestHandler, Response } from "express";
import onHeaders from "on-headers";
import { sharedVi as vi } from "#base/i18n/vi.ts";
import { OWN_PRACTICE_MAX_BYTES } from "#base/limits.ts";
import { isAllowedRedirect } from "#base/safe-redirect.ts";
import { paths } from "#base/paths.ts";

/**
 * What every request passes before any route reads it (server/app.ts mounts these first):
 * a cap on the body, a same-origin check on every state-changing request, and a check of the
 * final redirect target of every answer.
 */

/** Forms and better-auth's JSON: a sign-in or a profile form is a few hundred bytes. */
export const FORM_BODY_LIMIT = 64 * 1024;
/**
 * A saved attempt (POST /api/attempts): 1,000 questions with 8 answers each, all picked and
 * shuffled, are about 90 KB of JSON; 256 KiB leaves room for the largest practice we hold
 * (1,202 questions) with every answer shown in a new order.
 */
export const ATTEMPT_BODY_LIMIT = 256 * 1024;

/**
 * A mock exam's start, sheet and submission: at most MOCK_EXAM_MAX_QUESTIONS (300) answers,
 * each a few picks or a response of at most 32 characters (escaped, 200 bytes at worst), are
 * under 80 KB of JSON.
 */
const MOCK_EXAM_BODY_LIMIT = 128 * 1024;
const MOCK_EXAM_ROUTES = /^\/api\/mock-exams(?:\/[^/]+\/(?:sheet|submit))?$/u;

/**
 * "Tạo đề của tôi" (ADR 0014): saving sends the text, at most OWN_PRACTICE_MAX_BYTES, in a
 * multipart form (no percent-encoding, which would triple Vietnamese text), plus the title.
 */
export const OWN_PRACTICE_BODY_LIMIT = OWN_PRACTICE_MAX_BYTES + 64 * 1024;
/** The preview also takes the first conversion of a dropped file: a Word file with pictures. */
export const OWN_PRACTICE_UPLOAD_LIMIT = 10 * 1024 * 1024;

/** The avatar and picture routers read their raw bodies themselves, with their own caps and messages. */
const OWN_BODY_READERS = new Set(["/api/avatar", "/api/pictures"]);

/** React Router's single fetch posts a page's action to "<path>.data". */
const OWN_PRACTICE_PREVIEW = /^\/my-practices\/preview(?:\.data)?$/u;
const OWN_PRACTICE_EDITOR = /^\/my-practices\/(?:new|[^/]+\/edit)(?:\.data)?$/u;

function bodyLimitOf(path: string): number {
  if (path === paths.apiAttempts) return ATTEMPT_BODY_LIMIT;
  if (MOCK_EXAM_ROUTES.test(path)) return MOCK_EXAM_BODY_LIMIT;
  if (OWN_PRACTICE_PREVIEW.test(path)) return OWN_PRACTICE_UPLOAD_LIMIT;
  if (OWN_PRACTICE_EDITOR.test(path)) return OWN_PRACTICE_BODY_LIMIT;
  return FORM_BODY_LIMIT;
}

/** A refusal in the shape the client asked for: JSON for scripts, a small page for a form. */
function refuse(req: Request, res: Response, status: number, code: string, message: string) {
  res.setHeader("cache-control", "no-store");
  const wantsPage = !req.path.startsWith("/api/") && (req.get("accept") ?? "").includes("html");
  if (!wantsPage) {
    res.status(status).json({ code, message });
    return;
  }
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="vi"><meta charset="utf-8"><title>Ôn Tập</title>` +
        `<h1>${vi.requests.refusedHeading}</h1><p>${message}</p><p><a href="/">${vi.requests.home}</a></p></html>`,
    );
}

/**
 * The host a request names (Host, or X-Forwarded-Host behind a trusted proxy) becomes the host
 * of the URL React Router and the page cache read, so it must be a host and nothing more: a
 * name or an address, and a port. One with a user, a path or a query in it, or that no URL can
 * hold, is refused here (it gave a 500 in the page cache), before anything reads the request.
 * A request with no host at all (HTTP/1.0, as some health checkers still speak) is read as
 * "localhost" (requestUrl).
 */
const HOST_SHAPE = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function isWellFormedHost(host: string): boolean {
  if (!HOST_SHAPE.test(host)) return false;
  try {
    // The URL parser refuses what the shape lets through: 1.2.3.999, a port above 65535, …
    new URL(`http://${host}`);
    return true;
  } catch {
    return false;
  }
}

export const refuseBadHost: RequestHandler = (req, res, next) => {
  const host = req.host as string | undefined;
  if (host === undefined || isWellFormedHost(host)) return next();
  req.log?.warn({ host }, "request with a malformed host refused");
  refuse(req, res, 400, "BAD_HOST", vi.requests.badHost);
};

/**
 * Every body is capped before a byte of it is read: the declared Content-Length decides, so a
 * 300 MB POST is answered 413 at once and its connection closed instead of drained. A body
 * without a length (chunked) could only be capped while it is read, inside each reader: no
 * browser sends one for a form or a fetch of a string, so it is refused with 411 (the avatar
 * upload, which reads and caps its own stream, excepted).
 */
export const capRequestBodies: RequestHandler = (req, res, next) => {
  if (OWN_BODY_READERS.has(req.path)) return next();
  const declared = req.get("content-length");
  const chunked = req.get("transfer-encoding") !== undefined;
  if (declared === undefined && !chunked) return next();
  if (declared === undefined) {
    res.setHeader("connection", "close");
    return refuse(req, res, 411, "LENGTH_REQUIRED", vi.requests.lengthRequired);
  }
  const limit = bodyLimitOf(req.path);
  if (Number(declared) > limit) {
    res.setHeader("connection", "close");
    return refuse(req, res, 413, "PAYLOAD_TOO_LARGE", vi.requests.tooLarge(describeSize(limit)));
  }
  next();
};

function describeSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.floor(bytes / 1024 / 1024)} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request comes from a page of this site. Browsers send Origin with every POST (a
 * form's too) and Sec-Fetch-Site with every request; either one naming another site, or
 * Origin "null" (a sandboxed frame, a data: page), means a cross-site request. A request with
 * neither comes from no browser, so no victim's cookies ride on it.
 */
function isSameOriginRequest(req: Request, publicOrigin: string | undefined): boolean {
  const fetchSite = req.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  const origin = req.get("origin");
  if (origin === undefined) return true;
  return origin === `${req.protocol}://${req.get("host")}` || origin === publicOrigin;
}

/**
 * Every state-changing request, page actions and resource routes (/logout, /api/*) and
 * better-auth's endpoints alike, from this site only: one check, before any route runs.
 */
export function requireSameOrigin(publicOrigin: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || isSameOriginRequest(req, publicOrigin)) return next();
    req.log?.warn(
      { origin: req.get("origin"), fetchSite: req.get("sec-fetch-site") },
      "cross-site request refused",
    );
    refuse(req, res, 403, "INVALID_ORIGIN", vi.requests.crossSite);
  };
}

/**
 * The last word on every redirect, ours and better-auth's: the `Location` an answer is about to
 * carry, as it will be sent, must be a safe path of this site or a URL on `origins` (this
 * site's, the sign-in providers'). Anything else becomes "/" and is logged: it means a route let
 * a hostile value through.
 */
export function guardRedirects(origins: readonly string[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    onHeaders(res, function checkLocation(this: Response) {
      const location = this.getHeader("location");
      if (location === undefined) return;
      const own = `${req.protocol}://${req.get("host")}`;
      if (typeof location === "string" && isAllowedRedirect(location, [own, ...origins])) return;
      req.log?.warn({ location }, "unsafe redirect target replaced by /");
      this.setHeader("location", "/");
    });
    next();
  };
}
