import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBanks } from "#content/import-bank.ts";
import type { Bank } from "#content/formats/types.ts";
import type { TestDialect } from "#tests/support/databases.ts";
import { signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";

/**
 * GET /practice-review/:code/offline ("Tải về để luyện offline", ADR 0013) over real HTTP:
 * the whole practice for a signed-in student's device (every live question with its maths
 * rendered, its chapters and content version), a 304 while it has not changed, and the new
 * version once an import changed it.
 */
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
