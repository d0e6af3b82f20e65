import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverVi } from "#base/i18n/vi-server.ts";
import { PICTURE_MAX_STORED_BYTES, PRACTICE_MAX_PICTURE_BYTES } from "#base/limits.ts";
import { pictureUrl, type PictureMeta } from "#base/pictures.ts";
import { importBanks } from "#content/import-bank.ts";
import { encodePicture, type EncodedPicture } from "#content/pictures/encode-picture.ts";
import { recordPictureUploads, storePictures } from "#db/pictures.ts";
import { PICTURE_UPLOAD_RATE } from "#server/picture-routes.ts";
import type { PreviewReply } from "#services/own-practices/preview.ts";
import type { TestDialect } from "#tests/support/databases.ts";
import { signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";
import { drawnPng, SCRIPTED_SVG } from "#tests/support/test-pictures.ts";

/**
 * Pictures over HTTP (issue 26, ADR 0021): POST /api/pictures for the editor (signed in, same
 * origin, limited per student, what is no picture refused in Vietnamese), GET /pictures/<file>
 * to who may see it, and the save of a practice: its text may show only the student's own
 * pictures, weighing 30 MB at most together. Who may see a saved practice's picture in each
 * state of the practice is tests/http/own-practices-access.test.ts.
 */
const PICTURES = serverVi.pictures;

/** A text of one question showing `hashes` (a picture on a line of its own after the question). */
function questionWith(hashes: readonly string[]): string {
  const lines = hashes.map((hash) => `![Hình](picture:${hash})`);
  return [
    "Câu 1: Hình nào dưới đây là đồ thị?",
    ...lines,
    "A. Hình 1",
    "B. Hình 2",
    "Đáp án: A",
  ].join("\n");
}

for (const dialect of ["sqlite", "postgres"] as TestDialect[]) {
  describe(`pictures over HTTP [${dialect}]`, () => {
    let server: TestServer;
    const cookies = { alice: "", bob: "", visitor: "" };
    let bankPicture: EncodedPicture;

    beforeAll(async () => {
      server = await startTestServer({ AUTH_RATE_LIMIT: "false" }, { dialect });
      for (const name of ["alice", "bob"] as const) {
        cookies[name] = (
          await signUp(server, { email: `${name}-anh-${dialect}@example.com` })
        ).cookie;
      }
      const encoded = await encodePicture(await drawnPng(200, 100, "#e5534b"), "Hình");
      if (!encoded.ok) throw new Error(encoded.message);
      bankPicture = encoded.picture;
      await importBanks(server.database.db, [
        {
          subject: { code: "mon-hinh", name: "Môn có hình", description: "", keywords: [] },
          practices: [
            {
              code: "de-hinh",
              title: "Đề có hình",
              description: "",
              chapters: [{ title: "Chương 1" }],
              questions: [
                {
                  text: `Hình này màu gì? ![Hình](picture:${bankPicture.hash})`,
                  chapter: 0,
                  answers: [
                    { text: "Đỏ", key: true },
                    { text: "Xanh", key: false },
                  ],
                },
              ],
            },
          ],
          pictures: [bankPicture],
        },
      ]);
    }, 120_000);

    afterAll(async () => {
      await server?.close();
    });

    function upload(body: Uint8Array | string, who: keyof typeof cookies, headers = {}) {
      return fetch(`${server.base}/api/pictures`, {
        method: "POST",
        headers: {
          origin: server.base,
          "content-type": "image/png",
          ...(cookies[who] ? { cookie: cookies[who] } : {}),
          ...headers,
        },
        body: typeof body === "string" ? body : new Uint8Array(body),
      });
    }

    function get(path: string, who: keyof typeof cookies, headers = {}) {
      return fetch(`${server.base}${path}`, {
        headers: { ...(cookies[who] ? { cookie: cookies[who] } : {}), ...headers },
      });
    }

    function preview(text: string, who: keyof typeof cookies) {
      const form = new FormData();
      form.set("text", text);
      return fetch(`${server.base}/my-practices/preview`, {
        method: "POST",
        headers: { origin: server.base, cookie: cookies[who] },
        body: form,
      });
    }

    function save(text: string, who: keyof typeof cookies) {
      const form = new FormData();
      form.set("title", "Đề có hình của tôi");
      form.set("text", text);
      return fetch(`${server.base}/my-practices/new`, {
        method: "POST",
        headers: { origin: server.base, cookie: cookies[who], accept: "text/html" },
        body: form,
        redirect: "manual",
      });
    }

    const pictureCount = async () =>
      (await server.database.db.selectFrom("picture").select("hash").execute()).length;

    let alicePicture: PictureMeta;

    it("a student's picture is stored re-encoded and answered with its hash and size; only they see it until a practice shows it", async () => {
      const sent = await upload(await drawnPng(900, 300), "alice");
      expect(sent.status).toBe(200);
      expect(sent.headers.get("cache-control")).toBe("no-store");
      alicePicture = (await sent.json()) as PictureMeta;
      expect(alicePicture).toEqual({
        hash: expect.stringMatching(/^[0-9a-f]{32}$/u),
        type: expect.stringMatching(/^(?:webp|png)$/u),
        width: 900,
        height: 300,
        hasSmall: true,
      });

      const own = await get(pictureUrl(alicePicture), "alice");
      expect(own.status).toBe(200);
      expect(own.headers.get("content-type")).toBe(`image/${alicePicture.type}`);
      expect(own.headers.get("cache-control")).toBe("private, no-cache");
      expect(own.headers.get("x-content-type-options")).toBe("nosniff");
      const etag = own.headers.get("etag")!;
      expect((await get(pictureUrl(alicePicture), "alice", { "if-none-match": etag })).status).toBe(
        304,
      );
      expect((await get(pictureUrl(alicePicture, true), "alice")).status).toBe(200);

      // Anyone else gets what a picture that does not exist gets.
      const missing = await get(pictureUrl({ hash: "0".repeat(32), type: "png" }), "bob");
      for (const who of ["bob", "visitor"] as const) {
        const other = await get(pictureUrl(alicePicture), who);
        expect(other.status, who).toBe(404);
        expect(await other.json()).toEqual(await missing.clone().json());
      }
      expect(await missing.json()).toEqual({ code: "NOT_FOUND", message: PICTURES.notFound });
    });

    it("refuses a visitor, another site and what is no picture, in Vietnamese, storing nothing", async () => {
      const before = await pictureCount();
      const visitor = await upload(await drawnPng(), "visitor");
      expect(visitor.status).toBe(401);
      expect(await visitor.json()).toEqual({
        code: "UNAUTHENTICATED",
        message: serverVi.ownPracticeEditor.errors.UNAUTHENTICATED,
      });
      // A page of another site posting with the student's cookie, by its Origin or Sec-Fetch-Site.
      for (const headers of [
        { origin: "https://evil.example" },
        { origin: server.base, "sec-fetch-site": "cross-site" },
        { origin: "null" },
      ]) {
        const crossSite = await upload(await drawnPng(), "alice", headers);
        expect(crossSite.status, JSON.stringify(headers)).toBe(403);
        expect(((await crossSite.json()) as { message: string }).message).toMatch(
          /trang web khác/u,
        );
      }
      const svg = await upload(SCRIPTED_SVG, "alice", { "content-type": "image/svg+xml" });
      expect(svg.status).toBe(422);
      expect(await svg.json()).toEqual({ code: "BAD_PICTURE", message: PICTURES.svg("Hình") });
      expect(await pictureCount()).toBe(before);
    });

    it("a save may show the student's own pictures and never another's: the preview says so at its line", async () => {
      const text = questionWith([alicePicture.hash]);
      const bobs = (await (await preview(text, "bob")).json()) as PreviewReply;
      expect(bobs.problems).toEqual([
        { line: 1, severity: "error", message: PICTURES.missing(alicePicture.hash) },
      ]);
      const refused = await save(text, "bob");
      expect(refused.status).toBe(400);
      const page = await refused.text();
      expect(page).toContain("Đề còn lỗi nên chưa được lưu");
      // The editor comes back with the text as sent, the picture's token in it.
      expect(page).toContain(`![Hình](picture:${alicePicture.hash})`);

      const alices = (await (await preview(text, "alice")).json()) as PreviewReply;
      expect(alices.problems).toEqual([]);
      expect(alices.questions[0]!.textHtml).toContain(`src="${pictureUrl(alicePicture)}"`);
      const saved = await save(text, "alice");
      expect(saved.status).toBe(302);
      const code = saved.headers.get("location")!.split("/").at(-1)!;
      const linked = await server.database.db
        .selectFrom("question_picture")
        .innerJoin("question", "question.id", "question_picture.question_id")
        .innerJoin("practice", "practice.id", "question.practice_id")
        .select("question_picture.picture_hash")
        .where("practice.code", "=", code)
        .execute();
      expect(linked).toEqual([{ picture_hash: alicePicture.hash }]);
      // Her practice is private: nobody else sees its picture.
      expect((await get(pictureUrl(alicePicture), "bob")).status).toBe(404);
    });

    it("a practice's pictures weigh 30 MB at most: the preview says so at line 1 and the save refuses", async () => {
      const { cookie, id } = await signUp(server, { email: `nang-${dialect}@example.com` });
      // Stored pictures at the 1 MB each one may weigh, one more than 30 MB holds.
      const count = PRACTICE_MAX_PICTURE_BYTES / PICTURE_MAX_STORED_BYTES + 1;
      const pictures = Array.from({ length: count }, () => {
        const bytes = new Uint8Array(randomBytes(PICTURE_MAX_STORED_BYTES));
        return {
          hash: randomBytes(16).toString("hex"),
          type: "png" as const,
          width: 1600,
          height: 1200,
          hasSmall: false,
          bytes,
          small: null,
        };
      });
      const now = new Date();
      await storePictures(server.database.db, pictures, now);
      await recordPictureUploads(
        server.database.db,
        id,
        pictures.map((picture) => picture.hash),
        now,
      );
      const tooHeavy = PICTURES.tooHeavy(PRACTICE_MAX_PICTURE_BYTES / 1024 / 1024);
      const send = (hashes: string[]) => {
        const form = new FormData();
        form.set("text", questionWith(hashes));
        return fetch(`${server.base}/my-practices/preview`, {
          method: "POST",
          headers: { origin: server.base, cookie },
          body: form,
        });
      };
      const all = pictures.map((picture) => picture.hash);
      const heavy = (await (await send(all)).json()) as PreviewReply;
      expect(heavy.problems).toEqual([{ line: 1, severity: "error", message: tooHeavy }]);
      const light = (await (await send(all.slice(0, count - 2))).json()) as PreviewReply;
      expect(light.problems).toEqual([]);

      const form = new FormData();
      form.set("title", "Đề quá nặng");
      form.set("text", questionWith(all));
      const refused = await fetch(`${server.base}/my-practices/new`, {
        method: "POST",
        headers: { origin: server.base, cookie, accept: "text/html" },
        body: form,
        redirect: "manual",
      });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(tooHeavy);
    }, 120_000);

    it("limits each student's uploads (60 in 10 minutes, refused ones too), then 429 with Retry-After, in Vietnamese", async () => {
      const { cookie } = await signUp(server, { email: `nhieu-anh-${dialect}@example.com` });
      const send = (body: Uint8Array | string) =>
        fetch(`${server.base}/api/pictures`, {
          method: "POST",
          headers: { origin: server.base, cookie },
          body: typeof body === "string" ? body : new Uint8Array(body),
        });
      expect(PICTURE_UPLOAD_RATE).toEqual({ window: 600, max: 60 });
      for (let i = 0; i < PICTURE_UPLOAD_RATE.max; i += 1) {
        expect((await send("không phải ảnh")).status).toBe(422);
      }
      const refused = await send(await drawnPng());
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({
        code: "TOO_MANY_REQUESTS",
        message: PICTURES.tooManyUploads(10),
      });
      // Another student is not held back by it.
      expect((await upload(await drawnPng(), "bob")).status).toBe(200);
    }, 120_000);

    it("a public bank practice's picture goes to a visitor, cached a year as immutable, never sniffed", async () => {
      const response = await get(pictureUrl(bankPicture), "visitor");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-type")).toBe(`image/${bankPicture.type}`);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(
        new Uint8Array(bankPicture.bytes),
      );
      // By another type or a variant it does not have: not found.
      const other = bankPicture.type === "png" ? "webp" : "png";
      expect(
        (await get(pictureUrl({ hash: bankPicture.hash, type: other }), "visitor")).status,
      ).toBe(404);
      expect((await get(pictureUrl(bankPicture, true), "visitor")).status).toBe(404);
    });

    it("a room's first question asks for its picture from the page's head, before the room's scripts", async () => {
      const room =
        "/practice-control?practice=de-hinh&type=PRACTICE_TIME_ALL&mode=SEQUENCE&questionTime=30" +
        "&resultTime=20&showKey=1&notify=1&shuffle=0&shuffleAnswers=0&seed=1" +
        "&attempt=0b4d1c3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
      const html = await (await get(room, "alice")).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const hint = head.indexOf(`<link rel="preload" href="${pictureUrl(bankPicture)}" as="image"`);
      expect(hint).toBeGreaterThan(0);
      expect(hint).toBeLessThan(head.indexOf('rel="modulepreload"'));
      // The picture in the question itself is asked for at once too.
      expect(html).toMatch(/<img class="q-picture" src="[^"]+"[^>]*loading="eager"/);
    });
  });
}
