import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBanks } from "#content/import-bank.ts";
import type { Bank } from "#content/formats/types.ts";
import { pictureUrlsIn } from "#base/pictures.ts";
import { storePictures } from "#db/pictures.ts";
import { createOwnPractice, shareOwnPractice } from "#services/own-practices/manage.ts";
import type { TestDialect } from "#tests/support/databases.ts";
import { signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";

/**
 * GET /practice-review/:code/offline ("Tải về để luyện offline", ADR 0013) over real HTTP:
 * the whole practice for a signed-in student's device (every live question with its maths
 * rendered, its chapters and content version), a 304 while it has not changed, and the new
 * version once an import changed it; through a share link, pictures the link's holder may load.
 */

/** A picture of a student's own practice: wide enough for a phone variant. */
const PICTURE = {
  hash: "fedcba9876543210fedcba9876543210",
  type: "webp" as const,
  width: 1000,
  height: 500,
  hasSmall: true,
};
function bank(questionTexts: string[]): Bank {
  return {
    subject: { code: "mon-offline", name: "Môn luyện offline", description: "", keywords: [] },
    practices: [
      {
        code: "de-offline",
        title: "Đề luyện offline",
        description: "",
        chapters: [{ title: "Chương mở đầu" }, { title: "Chương hai" }],
        questions: questionTexts.map((text, i) => ({
          text,
          chapter: i % 2,
          answers: [
            { text: "Đúng", key: true },
            { text: "Sai", key: false },
          ],
        })),
      },
    ],
  };
}

for (const dialect of ["sqlite", "postgres"] as TestDialect[]) {
  describe(`offline download [${dialect}]`, () => {
    let server: TestServer;
    let cookie = "";
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${server.base}${path}`, { headers: { cookie, ...headers }, redirect: "manual" });

    beforeAll(async () => {
      server = await startTestServer({}, { dialect });
      await importBanks(server.database.db, [
        bank(["Tính $x^2$ khi $x = 3$", "Câu hai", "Câu ba"]),
      ]);
      cookie = (await signUp(server, { email: `offline-${dialect}@example.com` })).cookie;
    }, 120_000);

    afterAll(async () => {
      await server?.close();
    });

    it("sends every live question with its rendered maths, the chapters and the content version", async () => {
      const response = await get("/practice-review/de-offline/offline");
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        code: string;
        title: string;
        subject: { name: string };
        chapters: { idx: number; title: string }[];
        questionCount: number;
        contentVersion: number;
        questions: { idx: number; chapterIdx: number; textHtml: string }[];
      };
      expect(body).toMatchObject({
        code: "de-offline",
        title: "Đề luyện offline",
        subject: { name: "Môn luyện offline" },
        chapters: [
          { idx: 0, title: "Chương mở đầu" },
          { idx: 1, title: "Chương hai" },
        ],
        questionCount: 3,
      });
      expect(body.questions.map((q) => [q.idx, q.chapterIdx])).toEqual([
        [0, 0],
        [1, 1],
        [2, 0],
      ]);
      expect(body.questions[0]!.textHtml).toContain('class="katex"');
      expect(response.headers.get("etag")).toBe(`"v${body.contentVersion}"`);
      expect(response.headers.get("cache-control")).toContain("private");
    });

    it("answers 304 while the practice has not changed, and the new version after an import", async () => {
      const first = await get("/practice-review/de-offline/offline");
      const etag = first.headers.get("etag")!;
      expect(
        (await get("/practice-review/de-offline/offline", { "if-none-match": etag })).status,
      ).toBe(304);
      await importBanks(server.database.db, [bank(["Tính $x^2$ khi $x = 3$", "Câu hai đã sửa"])], {
        allowRetire: true,
      });
      const changed = await get("/practice-review/de-offline/offline", { "if-none-match": etag });
      expect(changed.status).toBe(200);
      const body = (await changed.json()) as { questions: { textHtml: string }[] };
      expect(body.questions.map((q) => q.textHtml)).toEqual([
        expect.stringContaining("katex"),
        expect.stringContaining("Câu hai đã sửa"),
      ]);
      expect(changed.headers.get("etag")).not.toBe(etag);
    });

    it("through a share link, gives every picture's address the link, by which the holder loads it", async () => {
      const { db } = server.database;
      await storePictures(
        db,
        [{ ...PICTURE, bytes: new Uint8Array([1, 2, 3]), small: new Uint8Array([4]) }],
        new Date(),
      );
      const owner = await signUp(server, { email: `offline-owner-${dialect}@example.com` });
      const picture = `![Sơ đồ](picture:${PICTURE.hash})`;
      const { code } = await createOwnPractice(
        db,
        owner.id,
        {
          title: "Đề có hình",
          parsed: {
            chapters: [],
            questions: [
              {
                text: `Hình nào?\n\n${picture}`,
                answers: [
                  { text: picture, key: true },
                  { text: "Không hình nào", key: false },
                ],
                explanation: `Xem lại ${picture}`,
              },
            ],
          },
          pictures: [PICTURE],
        },
        { limits: null },
      );
      const address = `s_${(await shareOwnPractice(db, owner.id, code)).token}`;
      type Bundle = {
        questions: {
          textHtml: string;
          explanationHtml: string;
          answers: { html: string }[];
        }[];
      };
      const urlsOf = (bundle: Bundle) =>
        pictureUrlsIn(
          ...bundle.questions.flatMap((q) => [
            q.textHtml,
            q.explanationHtml,
            ...q.answers.map((a) => a.html),
          ]),
        );
      const shared = (await (await get(`/practice-review/${address}/offline`)).json()) as Bundle;
      const full = `/pictures/${PICTURE.hash}.webp`;
      const phone = `/pictures/${PICTURE.hash}-640.webp`;
      expect(urlsOf(shared)).toEqual([`${full}?p=${address}`, `${phone}?p=${address}`]);
      // In the text, the answer and the explanation alike.
      for (const html of [
        shared.questions[0]!.textHtml,
        shared.questions[0]!.answers[0]!.html,
        shared.questions[0]!.explanationHtml,
      ]) {
        expect(html).toContain(`src="${full}?p=${address}"`);
      }
      expect((await get(`${full}?p=${address}`)).status).toBe(200);
      expect((await get(`${phone}?p=${address}`)).status).toBe(200);
      expect((await get(full)).status).toBe(404);
      // Its owner, by its own code: the plain addresses.
      const own = (await (
        await fetch(`${server.base}/practice-review/${code}/offline`, {
          headers: { cookie: owner.cookie },
        })
      ).json()) as Bundle;
      expect(urlsOf(own)).toEqual([full, phone]);
    });

    it("asks a visitor to sign in, in Vietnamese, and says when there is no such practice", async () => {
      const visitor = await fetch(`${server.base}/practice-review/de-offline/offline`);
      expect(visitor.status).toBe(401);
      expect(await visitor.json()).toMatchObject({ message: "Đăng nhập để tải về luyện offline" });
      const missing = await get("/practice-review/khong-co/offline");
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { message: string }).message).toMatch(/Không tìm thấy/);
    });
  });
}
