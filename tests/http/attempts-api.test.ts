import { afterAll, beforeAll, expect, it } from "vitest";
import { signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";
import { attemptSubmission, importTinyPractice } from "#tests/support/practice-fixture.ts";

/**
 * POST /api/attempts over real HTTP: who may save, what a forged request gets, and that the
 * scores in the answer are the server's own.
 */
let server: TestServer;
let alice = "";
let aliceId = "";
let bob = "";
let questionIds: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  questionIds = await importTinyPractice(server.database.db, 3);
  ({ cookie: alice, id: aliceId } = await signUp(server, { email: "alice-attempts@example.com" }));
  bob = (await signUp(server, { email: "bob-attempts@example.com" })).cookie;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const ATTEMPT_ID = "4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";

function submission(overrides: Record<string, unknown> = {}) {
  return {
    ...attemptSubmission(ATTEMPT_ID, questionIds, {
      picks: (i) => (i === 0 ? [0] : [1]),
      totalTime: 95,
    }),
    ...overrides,
  };
}

const save = (body: unknown, cookie: string, contentType = "application/json") =>
  fetch(`${server.base}/api/attempts`, {
    method: "POST",
    headers: { "content-type": contentType, cookie },
    body: JSON.stringify(body),
  });

const attemptCount = async () =>
  (
    await server.database.db
      .selectFrom("practice")
      .select("attempt_count")
      .where("code", "=", "de-thu")
      .executeTakeFirstOrThrow()
  ).attempt_count;

it("refuses a visitor who is not signed in, in Vietnamese, and stores nothing", async () => {
  const response = await save(submission(), "");
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({
    code: "UNAUTHENTICATED",
    message: "Vui lòng đăng nhập để lưu kết quả luyện tập.",
  });
  expect(await attemptCount()).toBe(0);
});

it("refuses a body that is not JSON or not an attempt", async () => {
  expect((await save(submission(), alice, "text/plain")).status).toBe(415);
  const bad = await save({ ...submission(), answers: "tất cả đúng" }, alice);
  expect(bad.status).toBe(400);
  expect((await bad.json()).message).toBe(
    "Dữ liệu bài làm không hợp lệ nên kết quả không được lưu.",
  );
  expect(await attemptCount()).toBe(0);
});

it("scores by the stored keys, ignoring forged counts and flags, and saves once per attempt id", async () => {
  const forged = submission({
    numberOfRight: 3,
    numberOfWrong: 0,
    results: questionIds.map((questionId) => ({ questionId, rightAnswer: true })),
  });
  const first = await save(forged, alice);
  expect(first.status).toBe(201);
  const { attempt } = (await first.json()) as {
    attempt: { numberOfRight: number; numberOfWrong: number; description: string };
  };
  expect(attempt).toMatchObject({
    numberOfRight: 1,
    numberOfWrong: 2,
    description: "Tất cả 3 câu hỏi",
  });
  expect(await attemptCount()).toBe(1);

  const again = await save(submission({ totalTime: 5 }), alice);
  expect(again.status).toBe(200);
  expect(await attemptCount()).toBe(1);
});

it("another user's attempt id is their own attempt; a pick that is not an answer is refused with a clear message", async () => {
  // Attempt ids are scoped to their user: not a 409 that blocks anyone.
  const own = await save(submission(), bob);
  expect(own.status).toBe(201);
  expect(await attemptCount()).toBe(2);

  const badPick = await save(
    submission({
      id: "5f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
      answers: questionIds.map((questionId) => ({ questionId, selectedAnswerIndexes: [7] })),
    }),
    bob,
  );
  expect(badPick.status).toBe(422);
  expect((await badPick.json()).code).toBe("BAD_PICKS");
  expect(await attemptCount()).toBe(2);
});

it("a response sent for a multiple-choice question is refused with its own message, nothing saved", async () => {
  const before = await attemptCount();
  const refused = await save(
    submission({
      id: "6a1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
      answers: questionIds.map((questionId) => ({
        questionId,
        selectedAnswerIndexes: [],
        response: "TF",
      })),
    }),
    bob,
  );
  expect(refused.status).toBe(422);
  expect(await refused.json()).toEqual({
    code: "BAD_RESPONSE",
    message:
      "Bài làm có câu trả lời không đúng dạng của câu hỏi (câu Đúng/Sai cần chọn Đúng hoặc Sai cho từng ý, câu trả lời ngắn cần một đáp án tối đa 32 ký tự) nên kết quả không được lưu.",
  });
  expect(await attemptCount()).toBe(before);
});

it("A's offline attempt is not saved into B's account: one stamped with another owner is refused under B's session, and saved under A's", async () => {
  const id = "7a1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
  const before = await attemptCount();
  const asBob = await save(submission({ id, owner: aliceId }), bob);
  expect(asBob.status).toBe(409);
  expect(await asBob.json()).toEqual({
    code: "NOT_YOUR_ATTEMPT",
    message: "Bài làm này được làm dưới một tài khoản khác nên không được lưu vào tài khoản này.",
  });
  expect(await attemptCount()).toBe(before);

  const asAlice = await save(submission({ id, owner: aliceId }), alice);
  expect(asAlice.status).toBe(201);
  expect(await attemptCount()).toBe(before + 1);
});

it("refuses an owner stamp that is not a user id's shape with a 400", async () => {
  for (const owner of [42, "", "x".repeat(300), { id: aliceId }]) {
    const response = await save(
      submission({ id: "8a1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f", owner }),
      alice,
    );
    expect(response.status).toBe(400);
  }
});

it("a save whose account was deleted after its session was cached is refused as signed out (401), not a 500 (ADR 0038)", async () => {
  const carol = await signUp(server, { email: "carol-attempts@example.com" });
  // The first save reads Carol's session and keeps it in the session cache (a few seconds).
  const first = await save(
    submission({ id: "9a1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f" }),
    carol.cookie,
  );
  expect(first.status).toBe(201);
  // Deleted where this instance cannot hear of it (another instance without Redis, or the
  // user CLI): the cached session still names her for a few seconds.
  await server.database.db.deleteFrom("user").where("id", "=", carol.id).execute();
  const before = await attemptCount();
  const second = await save(
    submission({ id: "9b1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f" }),
    carol.cookie,
  );
  expect(second.status).toBe(401);
  expect(await second.json()).toEqual({
    code: "UNAUTHENTICATED",
    message: "Vui lòng đăng nhập để lưu kết quả luyện tập.",
  });
  expect(await attemptCount()).toBe(before);
});
