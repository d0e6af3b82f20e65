import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDialect } from "#tests/support/databases.ts";
import { signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";
import { importTinyPractice } from "#tests/support/practice-fixture.ts";

/**
 * The mock exam's three routes over real HTTP (services/mock-exams/): who may call them, what a
 * bad body gets (a 4xx with a Vietnamese message, nothing written), the sheet refused after the
 * deadline, and a submission saved once into the history. The server's clock is moved by
 * moving the exam's start back in the database: nothing here waits.
 */
const EXAM = "5e1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";

for (const dialect of ["sqlite", "postgres"] as TestDialect[]) {
  describe(`mock exam routes [${dialect}]`, () => {
    let server: TestServer;
    let alice = "";
    let bob = "";
    let aliceId = "";
    let questionIds: number[] = [];

    beforeAll(async () => {
      server = await startTestServer({}, { dialect });
      questionIds = await importTinyPractice(server.database.db, 3);
      ({ cookie: alice, id: aliceId } = await signUp(server, {
        email: `alice-exam-${dialect}@example.com`,
      }));
      bob = (await signUp(server, { email: `bob-exam-${dialect}@example.com` })).cookie;
    }, 120_000);

    afterAll(async () => {
      await server?.close();
    });

    const send = (
      method: string,
      path: string,
      body: unknown,
      cookie: string,
      contentType = "application/json",
    ) =>
      fetch(`${server.base}${path}`, {
        method,
        headers: { "content-type": contentType, cookie, origin: server.base },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });

    const start = (overrides: Record<string, unknown> = {}, cookie = alice) =>
      send(
        "POST",
        "/api/mock-exams",
        {
          id: EXAM,
          practiceCode: "de-thu",
          selection: { type: "PRACTICE_TIME_ALL" },
          minutes: 15,
          shuffleQuestions: false,
          shuffleAnswers: false,
          seed: 3,
          ...overrides,
        },
        cookie,
      );
    const answers = (picks: number[]) =>
      questionIds.map((questionId, i) => ({
        questionId,
        selectedAnswerIndexes: [picks[i] ?? 0],
        response: null,
      }));
    const sheet = (body: unknown, cookie = alice) =>
      send("PUT", `/api/mock-exams/${EXAM}/sheet`, body, cookie);
    const submit = (body: unknown, cookie = alice) =>
      send("POST", `/api/mock-exams/${EXAM}/submit`, body, cookie);
    const examRow = () =>
      server.database.db
        .selectFrom("mock_exam")
        .selectAll()
        .where("user_id", "=", aliceId)
        .where("id", "=", EXAM)
        .executeTakeFirst();
    const rows = async () =>
      JSON.stringify(
        await server.database.db
          .selectFrom("mock_exam")
          .selectAll()
          .where("user_id", "=", aliceId)
          .execute(),
      );

    it("limits starts to 30 in 10 minutes per student: then 429 in Vietnamese with the time to wait", async () => {
      const carol = (await signUp(server, { email: `carol-exam-${dialect}@example.com` })).cookie;
      for (let i = 0; i < 30; i++) {
        const response = await start({ id: crypto.randomUUID() }, carol);
        expect(response.status).toBe(201);
      }
      const id = crypto.randomUUID();
      const limited = await start({ id }, carol);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await limited.json()).message).toMatch(/^Bạn đã bắt đầu quá nhiều bài thi thử\./);
      const row = await server.database.db
        .selectFrom("mock_exam")
        .select("id")
        .where("id", "=", id)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it("refuses a visitor with 401 and a Vietnamese message on every route", async () => {
      for (const response of [
        await start({}, ""),
        await sheet({ answers: answers([]) }, ""),
        await submit({ answers: answers([]), totalTime: 1 }, ""),
      ]) {
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({
          code: "UNAUTHENTICATED",
          message: "Vui lòng đăng nhập để làm bài thi thử.",
        });
      }
      expect(await rows()).toBe("[]");
    });

    it("refuses bad starts with a 4xx in Vietnamese and writes nothing", async () => {
      const minutes = await start({ minutes: 20 });
      expect(minutes.status).toBe(400);
      expect((await minutes.json()).message).toBe(
        "Thời gian làm bài chỉ có thể là 15, 45, 50, 90 phút hoặc “Tắt”.",
      );
      expect((await start({ id: "x" })).status).toBe(400);
      expect((await start({ practiceCode: "khong-co" })).status).toBe(404);
      expect((await send("POST", "/api/mock-exams", "{", alice)).status).toBe(400);
      expect((await send("POST", "/api/mock-exams", "{}", alice, "text/plain")).status).toBe(415);
      const huge = await send(
        "POST",
        "/api/mock-exams",
        { id: EXAM, padding: "x".repeat(200 * 1024) },
        alice,
      );
      expect(huge.status).toBe(413);
      const padding = "x".repeat(200 * 1024);
      expect((await sheet({ answers: [], padding })).status).toBe(413);
      expect((await submit({ answers: [], totalTime: 1, padding })).status).toBe(413);
      expect(
        (await fetch(`${server.base}/api/mock-exams`, { headers: { cookie: alice } })).status,
      ).toBe(405);
      expect(await rows()).toBe("[]");
    });

    it("starts once by id (201, then 200 with the same exam) and keeps the sheet for its own user only", async () => {
      const first = await start();
      expect(first.status).toBe(201);
      const made = { id: EXAM, url: `/practice/de-thu/thi-thu/${EXAM}` };
      expect(await first.json()).toEqual(made);
      const again = await start({ minutes: 90 });
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(made);
      expect((await examRow())!.minutes).toBe(15);

      const kept = await sheet({ answers: answers([1, 0, 1]) });
      expect(kept.status).toBe(204);
      const bobs = await sheet({ answers: answers([0, 0, 0]) }, bob);
      expect(bobs.status).toBe(404);
      expect((await bobs.json()).message).toBe("Không tìm thấy bài thi này.");
      const malformed = await sheet({ answers: answers([5, 0, 0]) });
      expect(malformed.status).toBe(422);
      expect((await malformed.json()).message).toMatch(/^Phiếu trả lời không khớp/);
      expect(JSON.parse((await examRow())!.sheet)).toEqual(answers([1, 0, 1]));
    });

    it("after the deadline and its grace refuses the sheet with 409 and changes nothing; a late submission uses the stored sheet", async () => {
      const before = await examRow();
      // The exam started 16 minutes ago by the server's clock: its 15 minutes and 30 s are over.
      await server.database.db
        .updateTable("mock_exam")
        .set({ started_at: new Date(Date.now() - 16 * 60_000).toISOString() })
        .where("id", "=", EXAM)
        .execute();
      const late = await sheet({ answers: answers([0, 0, 0]) });
      expect(late.status).toBe(409);
      expect(await late.json()).toEqual({ code: "TIME_UP", message: "Đã hết giờ làm bài." });
      expect((await examRow())!.sheet).toBe(before!.sheet);

      expect((await submit({ answers: answers([0, 0, 0]) }, alice)).status).toBe(400);
      expect((await submit({ answers: answers([0, 0, 0]), totalTime: 60 }, bob)).status).toBe(404);
      const submitted = await submit({ answers: answers([0, 0, 0]), totalTime: 60 });
      expect(submitted.status).toBe(200);
      const result = { attemptId: EXAM, url: `/practice-history?id=${EXAM}` };
      expect(await submitted.json()).toEqual(result);
      const twice = await submit({ answers: answers([0, 0, 0]), totalTime: 60 });
      expect(await twice.json()).toEqual(result);
      const attempts = await server.database.db
        .selectFrom("attempt")
        .select(["id", "number_of_right", "exam_minutes", "total_time"])
        .where("user_id", "=", aliceId)
        .execute();
      // The stored sheet (Sai, Đúng, Sai: one right), not the three right answers sent late.
      expect(attempts).toEqual([
        { id: EXAM, number_of_right: 1, exam_minutes: 15, total_time: 900 },
      ]);
      const history = await fetch(`${server.base}/practice-history?id=${EXAM}`, {
        headers: { cookie: alice },
      });
      expect(history.status).toBe(200);
      expect(
        (await fetch(`${server.base}/practice-history?id=${EXAM}`, { headers: { cookie: bob } }))
          .status,
      ).toBe(404);
    });
  });
}
