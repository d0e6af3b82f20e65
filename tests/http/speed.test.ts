import { readdirSync } from "node:fs";
import http from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vi } from "#app/i18n/vi.ts";
import { viMockExam } from "#app/i18n/vi/mock-exam.ts";
import { viOwnPracticeEditor } from "#app/i18n/vi/own-practice-editor.ts";
import { viRoom } from "#app/i18n/vi/room.ts";
import { viStatistics } from "#app/i18n/vi/statistics.ts";
import { viTwoFactor } from "#app/i18n/vi/two-factor.ts";
import { viOffline } from "#app/i18n/vi/offline.ts";
import { viAuth } from "#base/i18n/vi/auth.ts";
import { viAvatar } from "#base/i18n/vi/avatar.ts";
import { viDataExport } from "#base/i18n/vi/data-export.ts";
import { paths } from "#base/paths.ts";
import { DEFAULT_SETUP, roomUrl } from "#app/lib/room-setup.ts";
import { importTinyPractice } from "#tests/support/practice-fixture.ts";
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

/** A GET over node:http, which (unlike fetch) lets a test send any Host header. */
function rawGet(base: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.get(`${base}${path}`, { headers }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (text: string) => (body += text));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
  });
}

/** A GET's status, headers and body as bytes, over node:http: nothing unpacks it on the way. */
function rawGetBytes(base: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = http.get(`${base}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on("error", reject);
    },
  );
}

/** A page with its nonce written NONCE: two answers of one page differ by nothing else. */
const withoutNonce = (page: string) => page.split(/nonce="([^"]+)"/.exec(page)![1]!).join("NONCE");

describe("pages handed over by our React Router adapter (ADR 0036)", () => {
  it("answers a page whole, the same bytes however the browser takes them", async () => {
    const plain = await rawGet(server.base, "/about", { "accept-encoding": "identity" });
    const compressed = await fetch(`${server.base}/about`);
    expect(plain.status).toBe(200);
    expect(plain.body).toMatch(/^<!DOCTYPE html>/);
    expect(plain.body).toContain("</html>");
    // Each answer has a nonce of its own; everything else is the same.
    expect(withoutNonce(await compressed.text())).toBe(withoutNonce(plain.body));
  });
});

describe("the weight of a page", () => {
  it("holds the header's items once: the phone menu renders its copy when opened (ADR 0040)", async () => {
    const html = await (await fetch(`${server.base}/about`)).text();
    expect(html.match(/aria-label="Điều hướng chính"/g)).toHaveLength(1);
    expect(html).toContain('<dialog class="mobile-menu" aria-label="Menu"></dialog>');
  });
});

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

  it("carries the whole stylesheet, put in after React rendered a placeholder", async () => {
    const { cookie: student } = await signUp(server, { email: "kieu-trang@example.com" });
    for (const cookie of [undefined, student]) {
      const response = await fetch(`${server.base}/about`, { headers: cookie ? { cookie } : {} });
      const html = await response.text();
      const text =
        /<style[^>]*data-href="app-stylesheet">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
      expect(text.length).toBeGreaterThan(20_000);
      expect(text).toContain(":root");
      expect(html).not.toContain("/*app-stylesheet*/");
    }
  });
});

describe("the stylesheet, for a browser that has its file (ADR 0035)", () => {
  const file = readdirSync("build/client/assets").find((name) => /^app-[\w-]+\.css$/.test(name))!;

  it("is linked instead of inlined, and its file is the same text, kept for a year", async () => {
    const inline = await (await fetch(`${server.base}/about`)).text();
    const text = /<style[^>]*data-href="app-stylesheet">([\s\S]*?)<\/style>/.exec(inline)?.[1];
    const response = await fetch(`${server.base}/about`, {
      headers: { cookie: `on-tap-css=${file}` },
    });
    const html = await response.text();
    expect(html).toContain(`<link rel="stylesheet" href="/assets/${file}" data-precedence="app"/>`);
    expect(html).not.toContain('data-href="app-stylesheet"');
    expect(html.length).toBeLessThan(inline.length - 50_000);
    const sheet = await fetch(`${server.base}/assets/${file}`);
    expect(sheet.headers.get("cache-control")).toContain("immutable");
    expect((await sheet.text()).trim()).toBe(text?.trim());
  });

  it("is inlined again when the cookie names another build's file, or something else", async () => {
    for (const value of ["app-old.css", "", "../app.css"]) {
      const html = await (
        await fetch(`${server.base}/about`, { headers: { cookie: `on-tap-css=${value}` } })
      ).text();
      expect(html).toContain('data-href="app-stylesheet"');
      expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    }
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

  it("draw each subject's picture in the first HTML, with the initials of its name as it is now", async () => {
    // A visitor's page is kept for a few seconds by its address: each look asks for another one.
    let look = 0;
    const pictures = async () => {
      const html = await (await fetch(`${server.base}/?lan=${(look += 1)}`)).text();
      return [...html.matchAll(/<svg class="subject-art"[^>]*>(.*?)<\/svg>/g)].map((m) => m[1]!);
    };
    await renameSubject("Cấu trúc dữ liệu");
    const [before] = await pictures();
    expect(before!.match(/<circle /g)).toHaveLength(3);
    expect(before).toMatch(/<text [^>]*>CT<\/text>$/);
    // The shapes come from the subject's code, the letters from its name: a new name, new letters.
    await renameSubject("Đại số");
    const [after] = await pictures();
    expect(after).toMatch(/<text [^>]*>ĐS<\/text>$/);
    expect(after!.replace(/<text.*/, "")).toBe(before!.replace(/<text.*/, ""));
  });
});

describe("the Vietnamese text a page's scripts carry", () => {
  /** Every script a first visit of `path` loads: the entry and the modules it preloads. */
  async function scriptsOf(path: string, cookie?: string) {
    const html = await (
      await fetch(`${server.base}${path}`, { headers: { cookie: cookie ?? "" } })
    ).text();
    const sources = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(sources.length).toBeGreaterThan(3);
    const bodies = await Promise.all(
      sources.map(async (src) => (await fetch(`${server.base}${src}`)).text()),
    );
    return bodies.join("\n");
  }
  /** A screen's longest string: text found nowhere else. */
  const longest = (texts: Record<string, unknown>) =>
    Object.values(texts)
      .filter((value): value is string => typeof value === "string")
      .sort((a, b) => b.length - a.length)[0]!;
  const SCREENS = {
    viRoom,
    viOwnPracticeEditor,
    viStatistics,
    viMockExam,
    viTwoFactor,
    // The text the server shows too (base/i18n/vi/): the sign-in form, the avatar picker (which
    // loads when the account menu is reached for) and the data export; and the offline page's.
    viAuth,
    viAvatar,
    viDataExport,
    viOffline,
  };

  it("home loads the shell's text and none of the other screens' (issue 29)", async () => {
    const scripts = await scriptsOf("/");
    expect(scripts).toContain(vi.nav.home);
    expect(scripts).toContain(vi.pages.home.heading);
    for (const [name, texts] of Object.entries(SCREENS)) {
      expect(scripts.includes(longest(texts)), name).toBe(false);
    }
  });

  it("a signed-in student's home loads the account menu's words, not the avatar picker's", async () => {
    const { cookie } = await signUp(server, { email: "trang-chu-js@example.com" });
    const scripts = await scriptsOf("/", cookie);
    expect(scripts).toContain(vi.nav.profile);
    for (const [name, texts] of Object.entries(SCREENS)) {
      expect(scripts.includes(longest(texts)), name).toBe(false);
    }
  });

  it("the profile loads the avatar picker's and the export's text, so the checks above can fail", async () => {
    const { cookie } = await signUp(server, { email: "tai-khoan-js@example.com" });
    const scripts = await scriptsOf(paths.profile, cookie);
    expect(scripts).toContain(longest(viAvatar));
    expect(scripts).toContain(longest(viDataExport));
  });

  it("the history loads the statistics' text, so the check above can fail", async () => {
    const { cookie } = await signUp(server, { email: "lich-su-js@example.com" });
    const scripts = await scriptsOf(paths.history(), cookie);
    expect(scripts).toContain(longest(viStatistics));
  });
});

describe("a room's questions, written once beside its page (issue 29)", () => {
  const room = roomUrl(
    "de-thu",
    { ...DEFAULT_SETUP, selection: { type: "PRACTICE_TIME_ALL" } },
    { attemptId: "6f1d2c3b-4a5e-4f60-8172-93a4b5c6d7e8", seed: 7 },
  );
  /** The turbo-stream text of a page's loader data, out of the scripts that carry it. */
  const loaderDataOf = (html: string) =>
    [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)]
      .map((match) => JSON.parse(match[1]!) as string)
      .join("");

  beforeAll(async () => {
    await importTinyPractice(server.database.db, 3);
  });

  it("carries them as JSON in one script, not in the loader data; a navigation's data has them", async () => {
    // A guest's room (issue 28): a student's is the same page (sign-ups here are rate limited).
    const html = await (await fetch(`${server.base}${room}`)).text();
    const json = /<script type="application\/json" id="document-payload">([^<]*)<\/script>/.exec(
      html,
    )?.[1];
    expect(json).toBeDefined();
    const listed = (await (
      await fetch(`${server.base}/practice-review/de-thu/questions?type=PRACTICE_TIME_ALL`)
    ).json()) as { questions: { textHtml: string }[] };
    expect(listed.questions.length).toBeGreaterThan(1);
    expect(JSON.parse(json!)).toEqual(listed.questions);
    // Each question's text is in the loader data of a navigation, never in the page's.
    const last = listed.questions.at(-1)!.textHtml;
    expect(loaderDataOf(html)).toContain("routes/practice-room");
    expect(loaderDataOf(html)).not.toContain(last);
    const navigation = await fetch(`${server.base}${room.replace("?", ".data?")}`);
    expect(await navigation.text()).toContain(last);
  });

  it("sends the page as gzip made of its pieces: unpacked, it is the page sent plain (ADR 0042)", async () => {
    // A first visit: the stylesheet is inlined too, a second piece compressed once.
    const plain = await rawGetBytes(server.base, room, { "accept-encoding": "identity" });
    const packed = await rawGetBytes(server.base, room, { "accept-encoding": "gzip, br" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(packed.headers["content-encoding"]).toBe("gzip");
    expect(Number(packed.headers["content-length"])).toBe(packed.body.length);
    expect(packed.body.length).toBeLessThan(plain.body.length / 3);
    // gunzipSync checks the checksum and the length, as a browser does.
    const unpacked = gunzipSync(packed.body).toString("utf8");
    expect(unpacked).toContain('id="document-payload">[{');
    expect(unpacked).toContain('data-href="app-stylesheet">:root');
    expect(unpacked).not.toContain("/*app-stylesheet*/");
    expect(withoutNonce(unpacked)).toBe(withoutNonce(plain.body.toString("utf8")));
  });
});
