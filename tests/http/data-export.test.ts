import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBanks } from "#content/import-bank.ts";
import type { EncodedPicture } from "#content/pictures/encode-picture.ts";
import type { TestDialect } from "#tests/support/databases.ts";
import { signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";
import { attemptSubmission, liveQuestionIds } from "#tests/support/practice-fixture.ts";
import { saveAttempt, type AttemptSubmission } from "#services/attempts/save-attempt.ts";
import { insertComment } from "#db/comments.ts";
import { reportQuestion } from "#services/question-reports/reports.ts";
import { setExamDate } from "#services/review/exam-dates.ts";

/**
 * "Tải dữ liệu của tôi" over real HTTP: GET /profile/data-export?format=csv|json holds
 * exactly the signed-in user's attempts and answers, another user's never, in a CSV that Excel
 * reads (UTF-8 BOM, every cell quoted, formulas neutralised) and a versioned JSON.
 */

/** Texts that break naive CSV: a comma, quotes, a line break, and cells a spreadsheet would run. */
const TRICKY = 'Câu có dấu phẩy, "ngoặc kép"\nvà xuống dòng';
const FORMULA = '=HYPERLINK("http://evil.example","bấm")';
const ANSWER_FORMULA = "@SUM(A1:A9)";

/** A picture of the explanation, wider than a phone's (so it has a 640-px variant too). */
const PICTURE: EncodedPicture = {
  hash: "0123456789abcdef0123456789abcdef",
  type: "webp",
  width: 1200,
  height: 600,
  hasSmall: true,
  bytes: new Uint8Array([1, 2, 3]),
  small: new Uint8Array([1]),
};

/** More than one page of the export (100 attempts a page), so paging is crossed. */
const ALICE_ATTEMPTS = 103;

async function importTrickyPractice(server: TestServer): Promise<number[]> {
  const { db } = server.database;
  await importBanks(db, [
    {
      subject: { code: "mon-thu", name: "Môn thử, có dấu phẩy", description: "", keywords: [] },
      practices: [
        {
          code: "de-thu",
          title: "Đề thử",
          description: "",
          chapters: [{ title: "Chương 1" }],
          questions: [TRICKY, FORMULA].map((text) => ({
            text,
            chapter: 0,
            explanation: "Xem sơ đồ: ![Sơ đồ mạch](picture:0123456789abcdef0123456789abcdef)",
            answers: [
              { text: "Đúng", key: true },
              { text: ANSWER_FORMULA, key: false },
              { text: "-5", key: false },
            ],
          })),
        },
      ],
      pictures: [PICTURE],
    },
  ]);
  return liveQuestionIds(db);
}

const BOM = [0xef, 0xbb, 0xbf];

for (const dialect of ["sqlite", "postgres"] as TestDialect[]) {
  describe(`data export [${dialect}]`, () => {
    let server: TestServer;
    let alice = "";
    let bob = "";
    const aliceAttempts: string[] = [];
    const bobAttempt = randomUUID();
    let questionIds: number[] = [];

    const download = (format: string, cookie: string) =>
      fetch(`${server.base}/profile/data-export?format=${format}`, {
        headers: { cookie },
        redirect: "manual",
      });

    beforeAll(async () => {
      server = await startTestServer({}, { dialect });
      const ids = await importTrickyPractice(server);
      questionIds = ids;
      const a = await signUp(server, { email: `alice-export-${dialect}@example.com` });
      const b = await signUp(server, { email: `bob-export-${dialect}@example.com` });
      alice = a.cookie;
      bob = b.cookie;
      // 17:30 UTC is 00:30 the next day in Vietnam.
      const first = Date.UTC(2025, 2, 1, 17, 30);
      for (let i = 0; i < ALICE_ATTEMPTS; i++) {
        const id = randomUUID();
        // Question 1 right, question 2 wrong with the formula answer picked.
        const body = attemptSubmission(id, ids, { picks: (q) => (q === 0 ? [0] : [1]) });
        const saved = await saveAttempt(
          server.database.db,
          a.id,
          body as AttemptSubmission,
          new Date(first + i * 60_000),
        );
        expect(saved.ok).toBe(true);
        aliceAttempts.push(id);
      }
      const body = attemptSubmission(bobAttempt, ids, { picks: () => [2] });
      expect((await saveAttempt(server.database.db, b.id, body as AttemptSubmission)).ok).toBe(
        true,
      );
    }, 180_000);

    afterAll(async () => {
      await server?.close();
    });

    /** The user a session cookie signs in. */
    async function userIdOfCookie(cookie: string): Promise<string> {
      const token = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";
      const row = await server.database.db
        .selectFrom("session")
        .select("userId")
        .where("token", "=", token)
        .executeTakeFirstOrThrow();
      return row.userId;
    }

    it("sends a visitor to sign-in and back to the download", async () => {
      const response = await download("csv", "");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(
        `/login?redirectTo=${encodeURIComponent("/profile/data-export?format=csv")}`,
      );
    });

    it("refuses an unknown format in Vietnamese", async () => {
      const response = await download("xlsx", alice);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: "BAD_FORMAT",
        message: "Định dạng tệp không hợp lệ. Hãy chọn CSV hoặc JSON.",
      });
    });

    it("gives a CSV of exactly the user's answers, with a BOM, quoted and formula-safe", async () => {
      const response = await download("csv", alice);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="on-tap-du-lieu-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual(BOM);
      const rows = parse(new TextDecoder().decode(bytes.slice(3)), {
        relax_column_count: false,
      }) as string[][];
      const [header, ...answers] = rows;
      expect(header).toEqual([
        "Mã bài làm",
        "Thời gian (giờ Việt Nam)",
        "Môn học",
        "Đề",
        "Phạm vi",
        "Câu số",
        "Nội dung câu hỏi",
        "Đáp án đã chọn",
        "Đáp án đúng",
        "Kết quả",
        "Điểm của bài",
      ]);
      // Two answers per attempt, every attempt once, nobody else's.
      expect(answers).toHaveLength(ALICE_ATTEMPTS * 2);
      expect(new Set(answers.map((row) => row[0]))).toEqual(new Set(aliceAttempts));
      expect(answers.some((row) => row[0] === bobAttempt)).toBe(false);
      expect(answers[0]).toEqual([
        aliceAttempts[0],
        "02/03/2025 00:30",
        "Môn thử, có dấu phẩy",
        "Đề thử",
        "Tất cả 2 câu hỏi",
        "1",
        TRICKY,
        "A. Đúng",
        "A. Đúng",
        "Đúng",
        "1/2 câu đúng",
      ]);
      // A cell a spreadsheet would run as a formula starts with an apostrophe instead.
      expect(answers[1]!.slice(5, 10)).toEqual([
        "2",
        `'${FORMULA}`,
        `B. ${ANSWER_FORMULA}`,
        "A. Đúng",
        "Sai",
      ]);
      expect(answers.at(-1)![1]).toBe("02/03/2025 02:12");
    });

    it("gives a versioned JSON of exactly the user's attempts, oldest first", async () => {
      const response = await download("json", alice);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-disposition")).toMatch(/\.json"$/);
      const body = await response.json();
      expect(body).toMatchObject({
        format: "on-tap-data-export",
        version: 1,
        user: { email: `alice-export-${dialect}@example.com` },
      });
      expect(body.attempts.map((a: { id: string }) => a.id)).toEqual(aliceAttempts);
      expect(body.attempts[0]).toMatchObject({
        createdAt: "2025-03-01T17:30:00.000Z",
        type: "PRACTICE_TIME_ALL",
        practice: { code: "de-thu", title: "Đề thử" },
        description: "Tất cả 2 câu hỏi",
        numberOfRight: 1,
        numberOfWrong: 1,
        questionCount: 2,
      });
      expect(body.attempts[0].answers[1]).toMatchObject({
        position: 1,
        questionNumber: 2,
        questionText: FORMULA,
        selected: [1],
        right: false,
        subject: { code: "mon-thu", name: "Môn thử, có dấu phẩy" },
        answers: [
          { idx: 0, text: "Đúng", isKey: true },
          { idx: 1, text: ANSWER_FORMULA, isKey: false },
          { idx: 2, text: "-5", isKey: false },
        ],
        // The revision's pictures by their address, the full size only (not the phone's).
        pictures: [`/pictures/${PICTURE.hash}.webp`],
      });
      expect(JSON.stringify(body)).not.toContain(bobAttempt);
    });

    it("carries the user's exam days, reports on questions and comments, and no one else's", async () => {
      const { db } = server.database;
      const ids = questionIds;
      const aliceId = await userIdOfCookie(alice);
      const bobId = await userIdOfCookie(bob);
      const examDay = `${new Date().getUTCFullYear() + 1}-06-15`;
      expect(
        (await setExamDate(db, aliceId, { subjectCode: "mon-thu" }, examDay, new Date())).ok,
      ).toBe(true);
      await reportQuestion(
        db,
        aliceId,
        { questionId: ids[1]!, reason: "key", note: "Đáp án đúng phải là B" },
        { limits: null },
      );
      const position = await db
        .selectFrom("question")
        .select(["practice_id", "idx"])
        .where("id", "=", ids[0]!)
        .executeTakeFirstOrThrow();
      for (const [author, body] of [
        [aliceId, "Câu này dùng $x^2$ nhé"],
        [bobId, "Bình luận của Bob"],
      ] as const) {
        await insertComment(db, {
          practiceId: position.practice_id,
          idx: position.idx,
          questionId: ids[0]!,
          authorId: author,
          parentId: null,
          body,
          bodyHtml: body,
          createdAt: new Date().toISOString(),
        });
      }

      const body = await (await download("json", alice)).json();
      expect(body.examDates).toEqual([
        { examDay, subject: { code: "mon-thu", name: "Môn thử, có dấu phẩy" }, practice: null },
      ]);
      expect(body.questionReports).toEqual([
        expect.objectContaining({
          questionId: ids[1],
          questionNumber: 2,
          practice: { code: "de-thu", title: "Đề thử" },
          reason: "key",
          note: "Đáp án đúng phải là B",
          status: "open",
          reply: null,
        }),
      ]);
      expect(body.comments).toEqual([
        expect.objectContaining({
          questionId: ids[0],
          questionNumber: 1,
          practice: { code: "de-thu", title: "Đề thử" },
          parentId: null,
          body: "Câu này dùng $x^2$ nhé",
          votes: 0,
        }),
      ]);
      const bobs = await (await download("json", bob)).json();
      expect(bobs.examDates).toEqual([]);
      expect(bobs.questionReports).toEqual([]);
      expect(bobs.comments.map((c: { body: string }) => c.body)).toEqual(["Bình luận của Bob"]);
    });

    it("gives another user only their own attempt", async () => {
      const csv = await (await download("csv", bob)).text();
      for (const id of aliceAttempts) expect(csv).not.toContain(id);
      expect(csv).toContain(bobAttempt);
      const json = await (await download("json", bob)).json();
      expect(json.attempts.map((a: { id: string }) => a.id)).toEqual([bobAttempt]);
      expect(json.user.email).toBe(`bob-export-${dialect}@example.com`);
    });
  });
}
