import { afterAll, beforeAll, expect, it } from "vitest";
import { importBanks } from "#content/import-bank.ts";
import { signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";
import {
  attemptSubmission,
  importTinyPractice,
  liveQuestionIds,
} from "#tests/support/practice-fixture.ts";
import { retryWrongAddress } from "#app/lib/retry-wrong.ts";

/**
 * Pages that show "Ôn tập hôm nay" only read the review cards (ADR 0018): after a question is
 * reworded, the home and history pages count the card that will follow it without moving it;
 * opening the review room moves it.
 */
let server: TestServer;
let alice = "";
let questionIds: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  questionIds = await importTinyPractice(server.database.db, 3);
  alice = (await signUp(server, { email: "alice-catch-up@example.com" })).cookie;
  // Alice misses the last two questions.
  const run = attemptSubmission("1b1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f", questionIds, {
    picks: (i) => (i === 0 ? [0] : [1]),
  });
  const saved = await fetch(`${server.base}/api/attempts`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: alice },
    body: JSON.stringify(run),
  });
  expect(saved.status).toBe(201);
  // The second question reworded (same keys): its card is now on a retired revision.
  await importBanks(server.database.db, [
    {
      subject: { code: "mon-thu", name: "Môn thử", description: "", keywords: [] },
      practices: [
        {
          code: "de-thu",
          title: "Đề thử",
          description: "",
          chapters: [{ title: "Chương 1" }],
          questions: ["Câu 1", "Câu 2, viết lại", "Câu 3"].map((text) => ({
            text,
            chapter: 0,
            answers: [
              { text: "Đúng", key: true },
              { text: "Sai", key: false },
            ],
          })),
        },
      ],
    },
  ]);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const get = (path: string) =>
  fetch(`${server.base}${path}`, { headers: { cookie: alice }, redirect: "manual" });

function cardRows() {
  return server.database.db
    .selectFrom("review_card")
    .selectAll()
    .orderBy("user_id")
    .orderBy("question_id")
    .execute();
}

it("a GET of the home or history page writes no review card, and counts as the room will", async () => {
  const before = await cardRows();
  expect(before.map((card) => card.question_id)).toEqual(questionIds.slice(1));
  expect(await (await get("/")).text()).toContain("Ôn tập hôm nay: 2 câu");
  expect(await (await get("/practice-history")).text()).toContain("Ôn tập hôm nay: 2 câu");
  expect(await cardRows()).toEqual(before);
});

it("opening the review room moves the card to the reworded question", async () => {
  const start = await get("/mistakes?time=30");
  expect(start.status).toBe(302);
  const room = new URL(start.headers.get("location")!, server.base);
  const live = await liveQuestionIds(server.database.db);
  expect(live[1]).not.toBe(questionIds[1]);
  expect(room.searchParams.get("q")!.split(".").map(Number).sort()).toEqual(live.slice(1).sort());
  expect((await cardRows()).map((card) => card.question_id).sort()).toEqual(live.slice(1).sort());
  expect((await get(`${room.pathname}${room.search}`)).status).toBe(200);
});

it("“Ôn lại câu sai” from the replay of an attempt made before the rewording follows the question to its card", async () => {
  // The replay names the revisions that were answered: the second one is retired now.
  const wrong = questionIds.slice(1);
  const address = retryWrongAddress(wrong, "30");
  const opened = await get(address);
  expect(opened.status).toBe(302);
  const room = new URL(opened.headers.get("location")!, server.base);
  const live = await liveQuestionIds(server.database.db);
  // Same attempt, same order, the live revisions, still a retry run.
  const asked = new URL(address, server.base).searchParams;
  expect(room.searchParams.get("id")).toBe(asked.get("id"));
  expect(room.searchParams.get("q")).toBe(live.slice(1).join("."));
  expect(room.searchParams.get("retry")).toBe("1");
  const page = await get(`${room.pathname}${room.search}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Câu 2, viết lại");
});
