import { afterAll, beforeAll, expect, it } from "vitest";
import { signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";
import { attemptSubmission, importTinyPractice } from "#tests/support/practice-fixture.ts";
import { GUEST_SAVE_RATE } from "#services/attempts/guest-attempts.ts";

/**
 * Practice as a guest (issue 28) over real HTTP: a visitor's room is scored by the server and
 * kept, not saved to anyone; signing up claims it exactly once; nobody else can; and one
 * address cannot flood the server with guest saves.
 */
let server: TestServer;
let questionIds: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  questionIds = await importTinyPractice(server.database.db, 3);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const GUEST_ID = "7e5a1c2d-3b4f-4a6e-8d9c-0b1a2c3d4e5f";
const SECRET = "S3cr3t-of-this-device_".padEnd(43, "x");

const post = (path: string, body: unknown, cookie = "") =>
  fetch(`${server.base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });

const guestSave = (overrides: Record<string, unknown> = {}) =>
  post("/api/attempts", {
    ...attemptSubmission(GUEST_ID, questionIds, { picks: (i) => (i === 0 ? [0] : [1]) }),
    numberOfRight: 3,
    guestSecret: SECRET,
    ...overrides,
  });

const attemptRows = async () =>
  (await server.database.db.selectFrom("attempt").select("id").execute()).length;

it("a guest's room is scored by the server and kept for a claim, in nobody's history", async () => {
  const response = await guestSave();
  expect(response.status).toBe(201);
  const body = await response.json();
  expect(body).toMatchObject({ created: true, guest: true });
  // The tiny practice's key is answer 0: one right of three, whatever the page said.
  expect([body.attempt.numberOfRight, body.attempt.numberOfWrong]).toEqual([1, 2]);
  expect(await attemptRows()).toBe(0);
  // A retry after a lost answer is the same save.
  expect((await guestSave()).status).toBe(200);
  // Someone who learned the id but not the secret cannot take it over.
  const forged = await guestSave({ guestSecret: "f".repeat(43) });
  expect(forged.status).toBe(409);
  expect((await forged.json()).message).toMatch(/^Mã bài làm này đã được dùng/u);
});

it("a guest may not save a mock exam", async () => {
  const exam = attemptSubmission("7e5a1c2d-3b4f-4a6e-8d9c-0b1a2c3d4e60", questionIds);
  const response = await post("/api/attempts", {
    ...exam,
    config: { ...exam.config, examMinutes: 15 },
    guestSecret: SECRET,
  });
  expect(response.status).toBe(401);
  expect((await response.json()).message).toBe("Vui lòng đăng nhập để làm bài thi thử.");
});

it("signing up claims it once, with its score; a second claim or another student's claims nothing", async () => {
  const alice = await signUp(server, { email: "alice-guest@example.com" });
  const claim = { claims: [{ id: GUEST_ID, secret: SECRET }] };
  const first = await post("/api/attempts/claim", claim, alice.cookie);
  expect(first.status).toBe(200);
  expect(await first.json()).toEqual({ outcomes: [{ id: GUEST_ID, outcome: "saved" }], saved: 1 });
  const again = await post("/api/attempts/claim", claim, alice.cookie);
  expect(await again.json()).toEqual({
    outcomes: [{ id: GUEST_ID, outcome: "already" }],
    saved: 0,
  });
  const bob = await signUp(server, { email: "bob-guest@example.com" });
  const stolen = await post("/api/attempts/claim", claim, bob.cookie);
  expect(await stolen.json()).toEqual({ outcomes: [{ id: GUEST_ID, outcome: "gone" }], saved: 0 });

  const rows = await server.database.db
    .selectFrom("attempt")
    .select(["user_id", "number_of_right"])
    .where("id", "=", GUEST_ID)
    .execute();
  expect(rows).toEqual([{ user_id: alice.id, number_of_right: 1 }]);
  const history = await fetch(`${server.base}/practice-history`, {
    headers: { cookie: alice.cookie },
  });
  expect(await history.text()).toContain(GUEST_ID);
});

it("a claim needs a session and a well-formed body, answered in Vietnamese", async () => {
  const visitor = await post("/api/attempts/claim", { claims: [{ id: GUEST_ID, secret: SECRET }] });
  expect(visitor.status).toBe(401);
  const carol = await signUp(server, { email: "carol-guest@example.com" });
  const bad = await post("/api/attempts/claim", { claims: "tất cả" }, carol.cookie);
  expect(bad.status).toBe(400);
  expect((await bad.json()).message).toBe(
    "Dữ liệu bài làm không hợp lệ nên kết quả không được lưu.",
  );
});

it(`one address gets ${GUEST_SAVE_RATE.max} guest saves an hour, then a Vietnamese 429`, async () => {
  let last: Response | null = null;
  for (let i = 0; i <= GUEST_SAVE_RATE.max; i += 1) {
    // Counted before the body is read: a cheap request is counted like any other.
    last = await post("/api/attempts", { guestSecret: SECRET });
    if (last.status === 429) break;
  }
  expect(last!.status).toBe(429);
  expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  expect((await last!.json()).message).toMatch(
    /^Máy của bạn đã nộp quá nhiều bài làm khi chưa đăng nhập\. Vui lòng thử lại sau \d+ phút/u,
  );
});
