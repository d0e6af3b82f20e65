import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postForm, signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";
import {
  ATTEMPT_BODY_LIMIT,
  FORM_BODY_LIMIT,
  OWN_PRACTICE_BODY_LIMIT,
  OWN_PRACTICE_UPLOAD_LIMIT,
} from "#server/request-guards.ts";
import { viRequests } from "#base/i18n/vi/requests.ts";

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT: "false" });
  ({ cookie } = await signUp(server, { email: "bao-ve@example.com" }));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** Sends raw bytes on a fresh connection; resolves with what the server answered. */
function rawRequest(head: string, body: Buffer = Buffer.alloc(0)): Promise<string> {
  const { hostname, port } = new URL(server.base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("close", () => resolve(answer));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      // The server may close while we are still writing: what it answered is what counts.
      error.code === "EPIPE" || error.code === "ECONNRESET" ? resolve(answer) : reject(error),
    );
    socket.write(head);
    if (body.length > 0) socket.write(body);
  });
}

async function isHealthy(): Promise<boolean> {
  return (await fetch(`${server.base}/healthz`)).status === 200;
}

describe("the Host header", () => {
  const getWithHost = (host: string, path = "/about") =>
    rawRequest(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  const statusOf = (answer: string) => Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1]);

  it("a Host with a user, a path, a query or a broken address is refused with 400 and a message, not a 500 (the page cache built a URL of it)", async () => {
    for (const host of [
      "user@evil.example",
      "evil.example/khong-co",
      "evil.example?x=1",
      "evil.example#x",
      "a\\b",
      "[::1",
      "%zz",
      "1.2.3.999",
      "evil.example:99999999",
    ]) {
      for (const path of ["/about", "/", "/api/attempts"]) {
        const answer = await getWithHost(host, path);
        expect(statusOf(answer), `${host} ${path}`).toBe(400);
        expect(answer, host).toContain(JSON.stringify(viRequests.badHost).slice(1, -1));
      }
    }
  });

  it("a request without a Host (HTTP/1.0, as some health checkers send it) is served", async () => {
    const health = await rawRequest("GET /healthz HTTP/1.0\r\n\r\n");
    expect(statusOf(health)).toBe(200);
    const page = await rawRequest("GET /about HTTP/1.0\r\n\r\n");
    expect(statusOf(page)).toBe(200);
    expect(page).toContain("<!DOCTYPE html>");
  });

  it("a well-formed Host of another name or port is served", async () => {
    for (const host of ["evil.example", "evil.example:8080", "127.0.0.1:1", "[::1]:3000"]) {
      const answer = await getWithHost(host);
      expect(statusOf(answer), host).toBe(200);
      expect(answer).toContain("<!DOCTYPE html>");
    }
  });
});

describe("no request-body limit (ADR 0008)", () => {
  it("answers a declared 300 MB POST to /login with 413 before reading it, and closes", async () => {
    const answer = await rawRequest(
      "POST /login HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n" +
        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 300000000\r\n\r\n",
      Buffer.alloc(1024 * 1024, "a"),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain("Dữ liệu gửi lên quá lớn (tối đa 64 KB)");
    expect(answer.toLowerCase()).toContain("connection: close");
  });

  it("caps forms and better-auth's JSON at 64 KB and an attempt at 256 KB, with a Vietnamese message", async () => {
    const big = "a".repeat(FORM_BODY_LIMIT + 1);
    const form = await postForm(server.base, "/login", {
      intent: "login",
      email: big,
      password: "x",
    });
    expect(form.status).toBe(413);

    const auth = await fetch(`${server.base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: big, password: "x" }),
    });
    expect(auth.status).toBe(413);
    expect(((await auth.json()) as { message: string }).message).toContain("quá lớn");

    const attempt = (size: number) =>
      fetch(`${server.base}/api/attempts`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ id: "x", pad: "a".repeat(size) }),
      });
    expect((await attempt(ATTEMPT_BODY_LIMIT)).status).toBe(413);
    // What a real attempt of 1,000 questions needs still goes through to the checks (400 here).
    const answers = Array.from({ length: 1000 }, (_, i) => ({
      questionId: 1_000_000 + i,
      selectedAnswerIndexes: [0, 1, 2, 3, 4, 5, 6, 7],
    }));
    const orders = answers.map(() => [7, 6, 5, 4, 3, 2, 1, 0]);
    const real = await fetch(`${server.base}/api/attempts`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ id: "x", answers, answerOrders: orders }),
    });
    expect(real.status).toBe(400);
  });

  it("caps the own-practice editor (ADR 0014): the text's limit to save, 10 MB to preview a dropped file", async () => {
    const declared = async (path: string, length: number) =>
      (
        await rawRequest(
          `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\n` +
            `Content-Length: ${length}\r\n\r\n`,
        )
      ).slice(0, 12);
    for (const path of ["/my-practices/new", "/my-practices/de-a/edit", "/my-practices/new.data"]) {
      expect(await declared(path, OWN_PRACTICE_BODY_LIMIT + 1), path).toBe("HTTP/1.1 413");
    }
    expect(await declared("/my-practices/preview", OWN_PRACTICE_UPLOAD_LIMIT + 1)).toBe(
      "HTTP/1.1 413",
    );
    // Nothing else gets the bigger caps.
    expect(await declared("/my-practices/a/b/edit", FORM_BODY_LIMIT + 1)).toBe("HTTP/1.1 413");
    expect(await declared("/profile", FORM_BODY_LIMIT + 1)).toBe("HTTP/1.1 413");
  });

  it("refuses a body without a length (chunked) with 411, except the avatar upload", async () => {
    const answer = await rawRequest(
      "POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
        "Transfer-Encoding: chunked\r\n\r\n5\r\nemail\r\n0\r\n\r\n",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 411/);
    expect(answer).toContain("Content-Length");
  });

  it("keeps memory flat and /healthz answering under oversized and slow bodies", async () => {
    const chunk = Buffer.alloc(8 * 1024 * 1024, "{");
    const before = process.memoryUsage().rss;
    const { hostname, port } = new URL(server.base);
    // Three slow bodies that never finish: each holds a connection, none holds the server.
    const slow = Array.from({ length: 3 }, () => {
      const socket = connect(Number(port), hostname);
      socket.on("error", () => {});
      socket.write(
        "POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
          "Content-Length: 60000\r\n\r\nemail=",
      );
      return socket;
    });
    const oversized = Array.from({ length: 10 }, () =>
      rawRequest(
        "POST /api/auth/sign-up/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
          "Content-Length: 250000000\r\n\r\n",
        chunk,
      ),
    );
    expect(await isHealthy()).toBe(true);
    for (const answer of await Promise.all(oversized)) expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(await isHealthy()).toBe(true);
    for (const socket of slow) socket.destroy();
    // 10 × 250 MB declared, 80 MB sent: reading them would take gigabytes (it took 3.8 GB for
    // one 300 MB body before the cap); the server kept none of it.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});

describe("forced logout from any site (ADR 0008)", () => {
  const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };

  it("a cross-site POST /logout is refused and the session stays", async () => {
    const { cookie: victim } = await signUp(server, { email: "nan-nhan@example.com" });
    const response = await postForm(server.base, "/logout", {}, { cookie: victim, ...crossSite });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
    const profile = await fetch(`${server.base}/profile`, {
      redirect: "manual",
      headers: { cookie: victim },
    });
    expect(profile.status).toBe(200);
  });

  it("every state-changing route checks where the request comes from", async () => {
    for (const path of [
      "/logout",
      "/login",
      "/register",
      "/profile",
      "/forgot-password",
      "/verify-email",
      "/api/attempts",
      "/api/avatar",
      "/api/auth/sign-out",
      "/api/auth/update-user",
      // A student's own practices (ADR 0012): share, unshare, delete; report; operators' actions.
      "/my-practices",
      "/practice-review/s_xxxxxxxxxxxxxxxxxxxxxxxx",
      "/admin/reports",
    ]) {
      for (const headers of [
        crossSite as Record<string, string>,
        { origin: "null" },
        { "sec-fetch-site": "same-site" },
        { origin: "http://127.0.0.1.evil.example" },
      ]) {
        const response = await fetch(`${server.base}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
          body: "intent=name&fullName=Bi%20Doi",
        });
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(((await response.json()) as { code: string }).code).toBe("INVALID_ORIGIN");
      }
    }
    const user = await server.database.db
      .selectFrom("user")
      .select("name")
      .where("email", "=", "bao-ve@example.com")
      .executeTakeFirstOrThrow();
    expect(user.name).not.toBe("Bi Doi");
  });

  it("the same site's own forms still work", async () => {
    const { cookie: own } = await signUp(server, { email: "cung-trang@example.com" });
    const response = await postForm(
      server.base,
      "/logout",
      {},
      { cookie: own, origin: server.base, "sec-fetch-site": "same-origin" },
    );
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().join(";")).toContain("session_token=;");
  });
});
