import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { importBanks } from "#content/import-bank.ts";
import { createOwnPractice } from "#services/own-practices/manage.ts";
import { postForm, signUp, startTestServer, type TestServer } from "#tests/support/test-server.ts";
import { roomConfig } from "#tests/support/engine-fixture.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const post = (pathname: string, fields: Record<string, string>, cookie = "") =>
  postForm(server.base, pathname, fields, { cookie });

/** Every row of every table of the schema that mentions the value: found by walking the schema, so tables added later are covered. */
async function rowsMentioning(value: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of await server.database.db.introspection.getTables()) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(
      server.database.db,
    );
    for (const row of rows.rows) {
      if (Object.values(row).some((cell) => typeof cell === "string" && cell.includes(value)))
        found.push(table.name);
    }
  }
  return found;
}

it("deleting an account leaves no row of that user in any table, and needs the right password", async () => {
  const { cookie, id } = await signUp(server, { email: "xoa@example.com", fullName: "Mai Xoá" });
  // A finished practice: the attempt row names the user, its answers name the attempt.
  await importBanks(server.database.db, [
    {
      subject: { code: "mon-xoa", name: "Môn xoá", description: "", keywords: [] },
      practices: [
        {
          code: "de-xoa",
          title: "Đề xoá",
          description: "",
          questions: [
            {
              text: "Câu 1",
              answers: [
                { text: "Đúng", key: true },
                { text: "Sai", key: false },
              ],
            },
          ],
        },
      ],
    },
  ]);
  const question = await server.database.db
    .selectFrom("question")
    .select("id")
    .executeTakeFirstOrThrow();
  const attemptId = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
  const saved = await fetch(`${server.base}/api/attempts`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({
      id: attemptId,
      practiceCode: "de-xoa",
      selection: { type: "PRACTICE_TIME_ALL" },
      config: roomConfig({ practiceType: "FLAT", maxQuestionTime: "OFF", maxResultTime: "OFF" }),
      answers: [{ questionId: question.id, selectedAnswerIndexes: [0] }],
      answerOrders: null,
      totalTime: 12,
    }),
  });
  expect(saved.status).toBe(201);
  // A practice of the user's own (ADR 0012), practised by nobody: it goes with the account.
  const own = await createOwnPractice(
    server.database.db,
    id,
    {
      title: "Đề riêng xoá",
      parsed: {
        chapters: [],
        questions: [
          {
            text: "Câu riêng",
            answers: [
              { text: "Có", key: true },
              { text: "Không", key: false },
            ],
          },
        ],
      },
    },
    { limits: null },
  );
  // "verification": the count of verification mails sent (one, at sign-up).
  expect((await rowsMentioning(id)).sort()).toEqual([
    "account",
    "attempt",
    "attempt_answer",
    "own_practice",
    "session",
    "user",
    "verification",
  ]);
  expect((await rowsMentioning(own.code)).sort()).toEqual(["practice"]);
  expect((await rowsMentioning(attemptId)).sort()).toEqual(["attempt", "attempt_answer"]);

  const wrong = await post(
    "/profile",
    { intent: "delete", confirmEmail: "xoa@example.com", password: "sai" },
    cookie,
  );
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).toContain("Mật khẩu hiện tại không đúng.");
  expect(await rowsMentioning(id)).not.toEqual([]);

  const deleted = await post(
    "/profile",
    { intent: "delete", confirmEmail: "XOA@example.com", password: "matkhau1" },
    cookie,
  );
  expect(deleted.status).toBe(302);
  expect(deleted.headers.get("location")).toContain("/?type=info&message=");
  expect(await rowsMentioning(id)).toEqual([]);
  expect(await rowsMentioning("xoa@example.com")).toEqual([]);
  expect(await rowsMentioning(attemptId)).toEqual([]);
  expect(await rowsMentioning(own.code)).toEqual([]);
  expect(await rowsMentioning("Câu riêng")).toEqual([]);
  // "N đã làm" counts times practised, ever: deleting an account does not take them back.
  const practice = await server.database.db
    .selectFrom("practice")
    .select("attempt_count")
    .where("code", "=", "de-xoa")
    .executeTakeFirstOrThrow();
  expect(practice.attempt_count).toBe(1);
});

it("account deletion without its password: refused through the form and through better-auth's endpoint", async () => {
  const { cookie, id } = await signUp(server, { email: "khongmk@example.com" });
  const stillThere = async () =>
    (await server.database.db.selectFrom("user").select("id").where("id", "=", id).execute())
      .length;

  const form = await post(
    "/profile",
    { intent: "delete", confirmEmail: "khongmk@example.com", password: "" },
    cookie,
  );
  expect(form.status).toBe(400);
  expect(await form.text()).toContain("Vui lòng nhập mật khẩu để xác nhận xoá tài khoản.");
  expect(await stillThere()).toBe(1);

  for (const body of [{}, { password: "" }, { callbackURL: "/" }]) {
    const direct = await fetch(`${server.base}/api/auth/delete-user`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.base, cookie },
      body: JSON.stringify(body),
    });
    expect(direct.status, JSON.stringify(body)).toBe(400);
    expect(((await direct.json()) as { code: string }).code).toBe("PASSWORD_REQUIRED");
    expect(await stillThere()).toBe(1);
  }

  // A made-up token is no way round the password either.
  const token = await fetch(`${server.base}/api/auth/delete-user`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.base, cookie },
    body: JSON.stringify({ token: "abc" }),
  });
  expect(token.status).toBeGreaterThanOrEqual(400);
  expect(token.status).toBeLessThan(500);
  expect(await stillThere()).toBe(1);

  // better-auth's deletion by GET link is switched off (a mail scanner could follow it).
  const callback = await fetch(`${server.base}/api/auth/delete-user/callback?token=abc`, {
    headers: { cookie },
  });
  expect(callback.status).toBe(404);
  expect(await stillThere()).toBe(1);
});
