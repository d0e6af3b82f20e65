import http from "node:http";
import { gunzipSync } from "node:zlib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/test-server.ts";

// These tests drive the real production build through the real Express app.
let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.base;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** A GET over node:http, which (unlike fetch) gives the bytes as sent, still compressed. */
function rawRequest(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

describe("the HTTP server", () => {
  it("answers /healthz with the database state", async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: true });
  });

  it("the about page names what a student can do here: the review of mistakes, own practices, the 2025 exam and offline", async () => {
    const html = await (await fetch(`${base}/about`)).text();
    for (const feature of [
      "Ôn lỗi sai",
      "Đề của tôi",
      "thi tốt nghiệp THPT 2025",
      "không có mạng",
    ]) {
      expect(html).toContain(feature);
    }
  });

  it("allows only scripts that carry this response's nonce", async () => {
    const response = await fetch(`${base}/about`);
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain("unsafe-inline' ");
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+';/);
    expect(csp).not.toContain("upgrade-insecure-requests");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A new nonce for every response.
    const again = (await fetch(`${base}/about`)).headers.get("content-security-policy");
    expect(again).not.toBe(csp);
  });

  it("compresses with brotli or gzip, as the browser asks", async () => {
    const br = await fetch(`${base}/about`, { headers: { "accept-encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    const gzip = await fetch(`${base}/about`, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    // Whole, as a cache between must keep it: its own length, and one copy per encoding.
    const raw = await rawRequest(`${base}/about`, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(raw.headers["content-encoding"]).toBe("gzip");
    expect(raw.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(raw.headers["content-length"])).toBe(raw.body.length);
    expect(gunzipSync(raw.body).toString("utf8")).toContain("</html>");
    const plain = await rawRequest(`${base}/about`, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it("serves hashed assets with immutable caching, and a plain 404 for a missing one", async () => {
    const entry = server.build.assets.entry.module;
    const asset = await fetch(`${base}${entry}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const missing = await fetch(`${base}/assets/khong-co-abc123.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Not found");
  });

  it("answers an unknown path with the Vietnamese 404 page and status", async () => {
    const response = await fetch(`${base}/khong/co/trang/nay`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Ooops... Trang này không tồn tại");
  });

  it("gives a generic 500 page with no stack or SQL when the database breaks", async () => {
    await sql`drop table practice`.execute(server.database.db);
    const response = await fetch(`${base}/practice-review/bat-ky`);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("Đã có lỗi xảy ra");
    expect(html).not.toMatch(/no such table|SqliteError|\n\s+at |\.ts:\d+/);
    // The home page keeps its own recovery path: a message and "Thử lại".
    await sql`drop table subject`.execute(server.database.db);
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(500);
    const homeHtml = await home.text();
    expect(homeHtml).toContain("Không tải được danh sách môn học");
    expect(homeHtml).toContain("Thử lại");
    expect(homeHtml).not.toMatch(/no such table|SqliteError/);
  });
});
