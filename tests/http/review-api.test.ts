import { afterAll, beforeAll, expect, it } from "vitest";
import { signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";
import { attemptSubmission, importTinyPractice } from "#tests/support/practice-fixture.ts";

/**
 * "Ôn lỗi sai" over real HTTP: the banner, /mistakes starting a review of the
 * student's own due cards, and POST /api/attempts taking a review only over those cards.
 */
let server: TestServer;
let alice = "";
let bob = "";
let questionIds: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  questionIds = await importTinyPractice(server.database.db, 3);
  alice = (await signUp(server, { email: "alice-review@example.com" })).cookie;
  bob = (await signUp(server, { email: "bob-review@example.com" })).cookie;
  // Alice misses the last two questions.
  const run = attemptSubmission("0b1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f", questionIds, {
    picks: (i) => (i === 0 ? [0] : [1]),
  });
  expect((await post(run, alice)).status).toBe(201);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

function post(body: unknown, cookie: string) {
  return fetch(`${server.base}/api/attempts`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });
}

const get = (path: string, cookie: string) =>
  fetch(`${server.base}${path}`, { headers: { cookie }, redirect: "manual" });

function review(id: string, ids: readonly number[], extra: Record<string, unknown> = {}) {
  return {
    type: "MISTAKES",
    id,
    config: {
      ...attemptSubmission(id, []).config,
      practiceType: "SEQUENCE",
      shuffleAnswers: false,
    },
    answers: ids.map((questionId) => ({ questionId, selectedAnswerIndexes: [0] })),
    answerOrders: null,
    totalTime: 20,
    answerSeconds: ids.map(() => 5),
    ...extra,
  };
}

it("shows the banner to the student with due cards only", async () => {
  expect(await (await get("/", alice)).text()).toContain("Ôn tập hôm nay: 2 câu");
  expect(await (await get("/practice-history", alice)).text()).toContain("Ôn tập hôm nay: 2 câu");
  expect(await (await get("/", bob)).text()).not.toContain("Ôn tập hôm nay");
});

it("/mistakes asks for the time per question; /mistakes?time= starts a room of the student's own due cards; none due says so", async () => {
  const setup = await get("/mistakes", alice);
  expect(setup.status).toBe(200);
  const form = await setup.text();
  expect(form).toContain("Hôm nay có 2 câu bạn từng làm sai cần ôn lại.");
  expect(form).toContain("Thời gian mỗi câu");
  const start = await get("/mistakes?time=50", alice);
  expect(start.status).toBe(302);
  const room = new URL(start.headers.get("location")!, server.base);
  expect(room.pathname).toBe("/mistakes");
  expect(room.searchParams.get("time")).toBe("50");
  expect(room.searchParams.get("q")!.split(".").map(Number).sort()).toEqual(
    questionIds.slice(1).sort(),
  );
  const page = await get(`${room.pathname}${room.search}`, alice);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Đề: Đề thử");
  // Its questions come once, as JSON beside the page (ADR 0037), the due ones in the room's order.
  const sent = /<script type="application\/json" id="document-payload">([^<]*)<\/script>/.exec(
    html,
  );
  const shown = (JSON.parse(sent![1]!) as { id: number }[]).map((question) => question.id);
  expect(shown).toEqual(room.searchParams.get("q")!.split(".").map(Number));
  // The same room is nobody else's.
  expect((await get(`${room.pathname}${room.search}`, bob)).status).toBe(404);
  const none = await get("/mistakes", bob);
  expect(none.status).toBe(200);
  expect(await none.text()).toContain("Hôm nay không có câu nào cần ôn");
});

it("refuses a time per question the review does not offer, in the address or in a save, in Vietnamese", async () => {
  const room = new URLSearchParams({
    id: "5b1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
    seed: "1",
    q: questionIds.slice(1).join("."),
  });
  for (const time of ["45", "0", "abc", ""]) {
    for (const path of [`/mistakes?time=${time}`, `/mistakes?${room}&time=${time}`]) {
      const refused = await get(path, alice);
      expect(refused.status, path).toBe(400);
      expect(await refused.text()).toContain("Thời gian mỗi câu không hợp lệ");
    }
  }
  const saved = await post(
    review("6b1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f", questionIds.slice(1), {
      config: { ...review("", []).config, maxQuestionTime: 45 },
    }),
    alice,
  );
  expect(saved.status).toBe(400);
  expect(await saved.json()).toEqual({
    code: "BAD_REQUEST",
    message: "Dữ liệu bài làm không hợp lệ nên kết quả không được lưu.",
  });
});

it("takes a review only over the student's own cards, in Vietnamese when refused", async () => {
  const mine = questionIds.slice(1);
  const stolen = await post(review("1b1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f", mine), bob);
  expect(stolen.status).toBe(422);
  expect(await stolen.json()).toEqual({
    code: "NOT_YOUR_REVIEW",
    message:
      "Bài ôn có câu hỏi không nằm trong danh sách lỗi sai của bạn nên kết quả không được lưu.",
  });
  const slow = await post(
    review("2b1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f", mine, { answerSeconds: [5, 21] }),
    alice,
  );
  expect(slow.status).toBe(422);
  expect(((await slow.json()) as { code: string }).code).toBe("BAD_ANSWER_TIMES");
  const malformed = await post(
    review("3b1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f", mine, { answerSeconds: ["5", 1.5] }),
    alice,
  );
  expect(malformed.status).toBe(400);

  const saved = await post(review("4b1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f", mine), alice);
  expect(saved.status).toBe(201);
  expect(((await saved.json()) as { attempt: object }).attempt).toMatchObject({
    type: "MISTAKES",
    practiceTitle: "Ôn lỗi sai",
    numberOfRight: 2,
  });
  expect(await (await get("/", alice)).text()).not.toContain("Ôn tập hôm nay");
  const history = await (await get("/practice-history", alice)).text();
  expect(history).toContain("Ôn lỗi sai");
  const replay = await get("/practice-history?id=4b1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f", alice);
  expect(await replay.text()).toContain("Đề: Đề thử");
});
