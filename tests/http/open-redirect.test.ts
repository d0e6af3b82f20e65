import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSafeRedirectPath, safeRedirectPath } from "#base/safe-redirect.ts";
import { postForm, signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";
import { guardRedirects } from "#server/request-guards.ts";

/**
 * Open redirect (ADR 0008): `/.//evil.example` parsed as a URL becomes
 * `//evil.example`, another site. Every value below is sent to every sink that takes a redirect
 * target from a request; none may send the browser off the site.
 */
const HOSTILE = [
  "//evil.example",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/%2E//evil.example",
  "/%2e%2e//evil.example",
  "/.%2e//evil.example",
  "/x/..//evil.example",
  "/a/b/../..//evil.example",
  "/./\\evil.example",
  "/.\\/evil.example",
  "/..\\evil.example",
  "/x/../\\evil.example",
  "/./././/evil.example",
  "/a/../..//evil.example",
  "/..%2f..%2f/evil.example",
  "/%2f/evil.example",
  "/%2f%2fevil.example",
  "/%5cevil.example",
  "/%5C%5Cevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/ /evil.example",
  "\t//evil.example",
  " //evil.example",
  "/\u0000//evil.example",
  "\u0000//evil.example",
  "/\u2215\u2215evil.example",
  "/\uff0f\uff0fevil.example",
  "/\u3002//evil.example",
  "https://evil.example",
  "http://evil.example/",
  "HTTPS://evil.example",
  "https:evil.example",
  "https:/evil.example",
  "https:\\\\evil.example",
  "//evil.example@127.0.0.1",
  "/@evil.example",
  "//%65vil.example",
  "//evil%2eexample",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "/javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "evil.example",
  "./..//evil.example",
  "#//evil.example",
  "?//evil.example",
  "/..;/evil.example",
  "/.;//evil.example",
  `/${"a".repeat(5000)}`,
  "",
];

/** Runs `check` for every value, four at a time. */
async function eachInBatches<T>(values: T[], check: (value: T) => Promise<void>) {
  for (let i = 0; i < values.length; i += 4) await Promise.all(values.slice(i, i + 4).map(check));
}

/** Where a browser that got `location` on a page of `base` goes: always `base` itself. */
function expectStaysOnSite(location: string | null, base: string, value: string) {
  if (location === null) return;
  const target = new URL(location, `${base}/some/page`);
  expect(target.origin, `${JSON.stringify(value)} → ${location}`).toBe(base);
  expect(location.startsWith("//"), `${JSON.stringify(value)} → ${location}`).toBe(false);
  // eslint-disable-next-line no-control-regex
  expect(/[\\\u0000-\u0020]/.test(location), `${JSON.stringify(value)} → ${location}`).toBe(false);
}

describe("safeRedirectPath and isSafeRedirectPath", () => {
  it("keep a path of this site, query and fragment included", () => {
    for (const good of ["/", "/practice-review/x?y=1", "/practice-history?id=abc#top", "/profile"])
      expect(safeRedirectPath(good)).toBe(good);
    expect(safeRedirectPath("/mon/triết-học")).toBe("/mon/tri%E1%BA%BFt-h%E1%BB%8Dc");
  });

  it(`turn each of ${HOSTILE.length} hostile values into a path of this site`, () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(50);
    for (const value of HOSTILE) {
      const path = safeRedirectPath(value);
      expect(isSafeRedirectPath(path), `${JSON.stringify(value)} → ${path}`).toBe(true);
      expectStaysOnSite(path, "http://on-tap.test", value);
    }
  });
});

describe("open redirect: every sink, every hostile value", () => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer({ AUTH_RATE_LIMIT: "false" });
    ({ cookie } = await signUp(server, { email: "chuyenhuong@example.com" }));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.base}${path}`, { redirect: "manual", headers });
  const q = encodeURIComponent;

  it("GET /login?redirectTo= when signed in", async () => {
    for (const value of HOSTILE) {
      const response = await get(`/login?redirectTo=${q(value)}`, { cookie });
      // A redirect that stays on the site, or a 400 for what no page sends (a NUL byte).
      expect([302, 400], JSON.stringify(value)).toContain(response.status);
      expectStaysOnSite(response.headers.get("location"), server.base, value);
    }
  });

  it("POST /login with redirectTo, after a successful sign-in", async () => {
    // Each sign-in hashes a password: four at a time.
    await eachInBatches(HOSTILE, async (value) => {
      const response = await postForm(server.base, "/login", {
        intent: "login",
        email: "chuyenhuong@example.com",
        password: "matkhau1",
        redirectTo: value,
      });
      // A redirect that stays on the site, or a 400 for what no page sends (a NUL byte).
      expect([302, 400], JSON.stringify(value)).toContain(response.status);
      expectStaysOnSite(response.headers.get("location"), server.base, value);
    });
  }, 300_000);

  it("GET /login/two-factor?redirectTo= when signed in", async () => {
    for (const value of HOSTILE) {
      const response = await get(`/login/two-factor?redirectTo=${q(value)}`, { cookie });
      // A redirect that stays on the site, or a 400 for what no page sends (a NUL byte).
      expect([302, 400], JSON.stringify(value)).toContain(response.status);
      expectStaysOnSite(response.headers.get("location"), server.base, value);
    }
  });

  it("POST /verify-email with redirectTo (the reminder's 'Ẩn nhắc nhở' without JavaScript)", async () => {
    for (const value of HOSTILE) {
      const response = await postForm(
        server.base,
        "/verify-email",
        { intent: "dismiss", redirectTo: value },
        { cookie },
      );
      // A redirect that stays on the site, or a 400 for what no page sends (a NUL byte).
      expect([302, 400], JSON.stringify(value)).toContain(response.status);
      expectStaysOnSite(response.headers.get("location"), server.base, value);
    }
  });

  it("better-auth's GET /api/auth/verify-email?callbackURL=, signed out", async () => {
    for (const value of HOSTILE) {
      const response = await get(`/api/auth/verify-email?token=x&callbackURL=${q(value)}`);
      expect(response.status).toBeLessThan(500);
      expectStaysOnSite(response.headers.get("location"), server.base, value);
    }
  });

  it("better-auth's errorCallbackURL / callbackURL of a sign-in that goes wrong", async () => {
    await eachInBatches(HOSTILE, async (value) => {
      const response = await fetch(`${server.base}/api/auth/sign-in/email`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/json", origin: server.base },
        body: JSON.stringify({
          email: "chuyenhuong@example.com",
          password: "matkhau1",
          callbackURL: value,
        }),
      });
      expect(response.status).toBeLessThan(500);
      expectStaysOnSite(response.headers.get("location"), server.base, value);
    });
  }, 300_000);
});

describe("the final Location check (server/request-guards.ts)", () => {
  it("replaces every hostile Location an answer is about to carry, and keeps good ones", async () => {
    const app = express();
    app.use(guardRedirects(["https://accounts.google.com"]));
    app.get("/go", (req, res) => {
      res.setHeader("location", String(req.query.to));
      res.status(302).end();
    });
    app.get("/head", (req, res) => {
      res.writeHead(302, { location: String(req.query.to) }).end();
    });
    const listener = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => listener.once("listening", resolve));
    const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    try {
      for (const path of ["/go", "/head"]) {
        for (const value of HOSTILE) {
          const response = await fetch(`${base}${path}?to=${encodeURIComponent(value)}`, {
            redirect: "manual",
          });
          expectStaysOnSite(response.headers.get("location"), base, value);
        }
        for (const good of [
          "/practice-history?id=1",
          `${base}/profile`,
          "https://accounts.google.com/o/oauth2/v2/auth?client_id=x&state=y",
        ]) {
          const response = await fetch(`${base}${path}?to=${encodeURIComponent(good)}`, {
            redirect: "manual",
          });
          expect(response.headers.get("location")).toBe(good);
        }
      }
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
