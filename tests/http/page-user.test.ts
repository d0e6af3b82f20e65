import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDialect } from "#tests/support/databases.ts";
import { signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";

/**
 * Whose page it is (ADR 0013): every page and page data answer names its user for the service
 * worker (X-Page-User), and a readable cookie follows the session, so a shared computer's
 * cached copies are served only to their own student.
 */
for (const dialect of ["sqlite", "postgres"] as TestDialect[]) {
  describe(`the page's user stamp and the device's user cookie [${dialect}]`, () => {
    let server: TestServer;
    let student = { cookie: "", id: "" };

    beforeAll(async () => {
      server = await startTestServer({ AUTH_RATE_LIMIT: "false" }, { dialect });
      student = await signUp(server, { email: `stamp-${dialect}@example.com` });
    }, 120_000);

    afterAll(async () => {
      await server?.close();
    });

    const open = (path: string, cookie = "") =>
      fetch(`${server.base}${path}`, { headers: { cookie }, redirect: "manual" });

    it("a visitor's page and its data are stamped a visitor's, and set no cookie", async () => {
      for (const path of ["/", "/_root.data", "/about"]) {
        const response = await open(path);
        expect(response.headers.get("x-page-user")).toBe("-");
        expect(response.headers.get("set-cookie")).toBeNull();
      }
    });

    it("a student's page names them, and sets the user cookie to expire with the session", async () => {
      const response = await open("/practice-history", student.cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-page-user")).toBe(student.id);
      const set = response.headers.get("set-cookie") ?? "";
      expect(set).toMatch(new RegExp(`^on-tap-user=${student.id}; Path=/; SameSite=Lax; Expires=`));
      expect(set).not.toMatch(/HttpOnly/i);
      const expires = Date.parse(/Expires=([^;]+)/.exec(set)?.[1] ?? "");
      const session = await server.database.db
        .selectFrom("session")
        .select("expiresAt")
        .where("userId", "=", student.id)
        .executeTakeFirstOrThrow();
      expect(Math.abs(expires - new Date(session.expiresAt).getTime())).toBeLessThan(1000);

      // Already named: nothing to set again; the page's data is stamped the same.
      const again = await open("/", `${student.cookie}; on-tap-user=${student.id}`);
      expect(again.headers.get("x-page-user")).toBe(student.id);
      expect(again.headers.get("set-cookie")).toBeNull();
      const data = await open(
        "/practice-history.data",
        `${student.cookie}; on-tap-user=${student.id}`,
      );
      expect(data.headers.get("x-page-user")).toBe(student.id);
    });

    it("a page opened after the session ended (or under another's) clears or renames the cookie", async () => {
      const ended = await open("/", `on-tap-user=${student.id}`);
      expect(ended.headers.get("x-page-user")).toBe("-");
      expect(ended.headers.get("set-cookie")).toMatch(
        /^on-tap-user=; Path=\/; SameSite=Lax; Expires=Thu, 01 Jan 1970/,
      );
      const other = await open("/", `${student.cookie}; on-tap-user=someone-else`);
      expect(other.headers.get("set-cookie")).toMatch(new RegExp(`^on-tap-user=${student.id};`));
    });
  });
}
