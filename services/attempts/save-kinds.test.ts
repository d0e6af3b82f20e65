import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { importBanks } from "#content/import-bank.ts";
import { findAttempt } from "#db/attempts.ts";
import { describeEachDatabase, insertUser } from "#tests/support/databases.ts";
import { roomConfig } from "#tests/support/engine-fixture.ts";
import { threeKinds } from "#tests/support/kinds-fixture.ts";
import { mockExamScoreOf } from "#services/mock-exams/score.ts";
import { answerAttemptPost, saveAttempt, type AttemptSubmission } from "./save-attempt.ts";

type Answer = AttemptSubmission["answers"][number];

const USER = "hoc-sinh-2025";

describeEachDatabase("saving an attempt of the 2025 exam's kinds", (database) => {
  let ids: number[] = [];

  async function setUp() {
    const { db } = database();
    if (ids.length > 0) return;
    await insertUser(database(), USER);
    await importBanks(db, [
      {
        subject: { code: "toan", name: "Toán", description: "", keywords: [] },
        practices: [
          { code: "de-2025", title: "Đề 2025", description: "", questions: threeKinds() },
        ],
      },
    ]);
    ids = (
      await db.selectFrom("question").select("id").where("retired", "=", 0).orderBy("idx").execute()
    ).map((row) => row.id);
  }

  /** The three questions answered: choice right, then the Đúng/Sai marks and the typed answer. */
  function submission(marks: string | null, typed: string | null, change?: (a: Answer[]) => void) {
    const answers: Answer[] = [
      { questionId: ids[0]!, selectedAnswerIndexes: [1] },
      { questionId: ids[1]!, selectedAnswerIndexes: [], response: marks },
      { questionId: ids[2]!, selectedAnswerIndexes: [], response: typed },
    ];
    change?.(answers);
    return {
      id: randomUUID(),
      practiceCode: "de-2025",
      selection: { type: "PRACTICE_TIME_ALL" as const },
      config: roomConfig({ practiceType: "FLAT", seed: 7 }),
      answers,
      answerOrders: null,
      totalTime: 120,
    };
  }

  /** POST /api/attempts as the student, through the route's own answer. */
  function postAttempt(body: unknown) {
    return answerAttemptPost(
      new Request("http://localhost/api/attempts", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      { db: database().db, logger: { warn() {} } as never, userId: USER },
    );
  }

  async function saved(marks: string | null, typed: string | null) {
    await setUp();
    const outcome = await saveAttempt(database().db, USER, submission(marks, typed));
    if (!outcome.ok) throw new Error(outcome.refusal);
    return outcome.attempt;
  }

  // The statements are a) true, b) false, c) true, d) false: "TFTF" is all right.
  const byRightCount: [number, string][] = [
    [0, "FTFT"],
    [1, "TTFT"],
    [2, "TFFT"],
    [3, "TFTT"],
    [4, "TFTF"],
  ];

  for (const [right, marks] of byRightCount) {
    it(`a Đúng/Sai question with ${right} of 4 statements right is saved, right only at 4`, async () => {
      const attempt = await saved(marks, null);
      expect(attempt.results[1]).toMatchObject({ rightAnswer: right === 4, response: marks });
      expect(attempt.numberOfRight).toBe(right === 4 ? 2 : 1);
      const read = await findAttempt(database().db, USER, attempt.id);
      expect(read!.results.map((r) => r.response ?? null)).toEqual([null, marks, null]);
      expect(read!.results[1]!.rightAnswer).toBe(right === 4);
    });
  }

  it("a Đúng/Sai question with a statement left unmarked is saved as not right", async () => {
    const attempt = await saved("TFT-", null);
    expect(attempt.results[1]).toMatchObject({ rightAnswer: false, response: "TFT-" });
  });

  for (const typed of ["0,5", "0.5", ",5", " 0,5 ", "0,505", "1/2"]) {
    it(`the short answer “${typed}” is saved as right`, async () => {
      const attempt = await saved(null, typed);
      expect(attempt.results[2]).toMatchObject({ rightAnswer: true, response: typed });
      const read = await findAttempt(database().db, USER, attempt.id);
      expect(read!.results[2]).toMatchObject({ rightAnswer: true, response: typed });
    });
  }

  for (const typed of ["0,52", "5", ""]) {
    it(`the short answer “${typed}” is saved as wrong`, async () => {
      const attempt = await saved(null, typed);
      expect(attempt.results[2]).toMatchObject({ rightAnswer: false });
    });
  }

  const wrongShapes: [string, (answers: Answer[]) => void][] = [
    ["marks for 3 statements of 4", (a) => (a[1]!.response = "TFT")],
    ["a mark that is not T, F or -", (a) => (a[1]!.response = "TFTX")],
    ["a short answer of 33 characters", (a) => (a[2]!.response = "1".repeat(33))],
    ["a response to a multiple-choice question", (a) => (a[0]!.response = "B")],
    ["picks for a Đúng/Sai question", (a) => (a[1]!.selectedAnswerIndexes = [0, 2])],
    ["picks for a short-answer question", (a) => (a[2]!.selectedAnswerIndexes = [0])],
  ];

  for (const [name, change] of wrongShapes) {
    it(`refuses ${name} with its own message, and stores nothing`, async () => {
      await setUp();
      const { db } = database();
      const body = submission("TFTF", "0,5", change);
      const response = await postAttempt(body);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        code: "BAD_RESPONSE",
        message: expect.stringContaining("câu trả lời không đúng dạng của câu hỏi"),
      });
      expect(await findAttempt(db, USER, body.id)).toBeNull();
    });
  }

  it("still refuses a pick that is no answer of a multiple-choice question as BAD_PICKS", async () => {
    await setUp();
    const outcome = await saveAttempt(
      database().db,
      USER,
      submission("TFTF", "0,5", (a) => (a[0]!.selectedAnswerIndexes = [7])),
    );
    expect(outcome).toEqual({ ok: false, refusal: "BAD_PICKS" });
  });

  it("a mock exam taken on the device (offline) is stored with its minutes as “làm offline”, whatever the body says, and scored on 10", async () => {
    await setUp();
    const { db } = database();
    const body = {
      ...submission("TFTT", "0,5"),
      config: roomConfig({ practiceType: "FLAT", seed: 7, examMinutes: 50 }),
    };
    const outcome = await saveAttempt(db, USER, body);
    if (!outcome.ok) throw new Error(outcome.refusal);
    const read = await findAttempt(db, USER, body.id);
    expect(read).toMatchObject({ examMinutes: 50, offline: true });
    // Toán: Phần I 0.25 + Phần II 0.5 (3 of 4) + Phần III 0.5 of 1.75 points → 7.14 on 10.
    expect(await mockExamScoreOf(db, USER, read!)).toMatchObject({ score: 7.14 });
  });

  for (const [name, config] of [
    ["a mock exam in the sequence room", { practiceType: "SEQUENCE", examMinutes: 50 }],
    ["a mock exam of 20 minutes (not one the set-up page offers)", { examMinutes: 20 }],
  ] as const) {
    it(`refuses ${name} as a bad request, and stores nothing`, async () => {
      await setUp();
      const { db } = database();
      const body = {
        ...submission("TFTF", "0,5"),
        config: { ...roomConfig({ practiceType: "FLAT", seed: 7 }), ...config },
      };
      const response = await postAttempt(body);
      expect(response.status).toBe(400);
      expect(await findAttempt(db, USER, body.id)).toBeNull();
    });
  }
});
