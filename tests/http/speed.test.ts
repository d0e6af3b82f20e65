import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";

// What the speed work changed in the answers, on the real production build.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE_SECONDS: "2" });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const nonceOf = (response: Response) =>
  /script-src 'self' 'nonce-([^']+)'/.exec(
    response.headers.get("content-security-policy") ?? "",
  )?.[1];

const renameSubject = (name: string) =>
  server.database.db.updateTable("subject").set({ name }).where("code", "=", "mon-thu").execute();

describe("security headers", () => {
  it("sends the CSP with a document and not with an asset, which keeps nosniff", async () => {
    const document = await fetch(`${server.base}/about`);
    expect(document.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
    const asset = await fetch(`${server.base}${server.build.assets.entry.module}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-security-policy")).toBeNull();
    expect(asset.headers.get("x-frame-options")).toBeNull();
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("the stylesheet", () => {
  it("is inlined first in <head>, with this response's nonce, and not linked", async () => {
    const response = await fetch(`${server.base}/`);
    const nonce = nonceOf(response);
    const html = await response.text();
    const head = html.slice(0, html.indexOf("</head>"));
    const style = head.indexOf(`<style nonce="${nonce}"`);
    expect(style).toBeGreaterThan(0);
    expect(style).toBeLessThan(head.indexOf("<link"));
    expect(head).not.toMatch(/<link[^>]+rel="stylesheet"/);
  });
});

describe("visitor pages", () => {
  beforeAll(async () => {
    const { id } = await server.database.db
      .insertInto("subject")
      .values({ code: "mon-thu", name: "Môn thử", description: "", keywords: "", sort_order: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(id).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 2100)); // pages kept before it are gone
  });

  it("are rendered once for a few seconds, each answer with a nonce of its own", async () => {
    await renameSubject("Môn thử A");
    const first = await fetch(`${server.base}/`);
    expect(await first.text()).toContain("Môn thử A");
    await renameSubject("Môn thử B");
    const second = await fetch(`${server.base}/`);
    const html = await second.text();
    // The kept page: the old name, but this answer's nonce on every script and style.
    expect(html).toContain("Môn thử A");
    const nonce = nonceOf(second)!;
    expect(nonce).not.toBe(nonceOf(first));
    const tags = [...html.matchAll(/<(script|style)\b[^>]*>/g)].map((m) => m[0]);
    expect(tags.length).toBeGreaterThan(1);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    expect(html).not.toContain(nonceOf(first)!);
    // After PAGE_CACHE_SECONDS (2 here) the page is rendered again.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await (await fetch(`${server.base}/`)).text()).toContain("Môn thử B");
  });

  it("are always fresh for a signed-in student", async () => {
    const { cookie } = await signUp(server, { email: "tuoi-moi@example.com" });
    expect(await (await fetch(`${server.base}/`)).text()).not.toContain("Môn thử C");
    await renameSubject("Môn thử C");
    const signedIn = await fetch(`${server.base}/`, { headers: { cookie } });
    expect(await signedIn.text()).toContain("Môn thử C");
    expect(await (await fetch(`${server.base}/`)).text()).not.toContain("Môn thử C");
  });
});
