import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { sharedVi as vi } from "#base/i18n/vi.ts";

/** A fresh nonce per response; only scripts carrying it may run. */
export function assignCspNonce(_req: Request, res: Response, next: NextFunction): void {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
}

/**
 * An address no link of ours makes is refused here, once for every route (ours and
 * better-auth's), with a Vietnamese message: a NUL byte anywhere in it (PostgreSQL cannot store
 * or compare text holding one, and fails the query), or a path that does not decode to UTF-8
 * (Express would refuse it with an English error).
 */
export function refuseUnreadableUrl(req: Request, res: Response, next: NextFunction): void {
  if (/%00/i.test(req.originalUrl) || !decodes(req.path)) {
    res.status(400).json({ code: "BAD_REQUEST", message: vi.requests.badCharacter });
    return;
  }
  next();
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** Whether any string in a parsed JSON value (its keys included) holds a NUL byte. */
export function containsNulCharacter(value: unknown): boolean {
  // A loop, not recursion: a hostile body may nest thousands of levels deep.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (item.includes("\u0000")) return true;
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes("\u0000")) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/**
 * Helmet with a strict Content-Security-Policy: scripts only from our origin or with this
 * response's nonce (no 'unsafe-inline'); style attributes allowed (React's `style` props), style
 * elements only with the nonce; nothing from other hosts at all, since the app must work with
 * no internet. `upgrade-insecure-requests` is left out on purpose: a classroom server on a plain
 * http:// LAN address would otherwise break every asset request.
 */
export function createHelmet(options: {
  devServer: boolean;
  /**
   * Sign-in providers' origins: a provider button is a form POST answered by a redirect to the
   * provider, and browsers hold every hop of a form's redirects to form-action.
   */
  formActionOrigins?: string[];
}) {
  const nonce = (_req: unknown, res: unknown) =>
    `'nonce-${(res as Response).locals.cspNonce as string}'`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...(options.formActionOrigins ?? [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", nonce],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", nonce],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        // Vite's dev server talks to the page over a websocket for hot reload.
        connectSrc: options.devServer ? ["'self'", "ws:", "wss:"] : ["'self'"],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", "blob:"],
        workerSrc: ["'self'", "blob:"],
      },
    },
    // HSTS only means something over https; a LAN http deployment ignores it.
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: false },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
