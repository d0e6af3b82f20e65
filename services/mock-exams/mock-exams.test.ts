import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { MOCK_EXAM_MAX_QUESTIONS } from "#base/limits.ts";
import { importBanks } from "#content/import-bank.ts";
import { findAttempt, listHistoryPage } from "#db/attempts.ts";
import { findMockExam } from "#db/mock-exams.ts";
import { createDatabaseRateLimitStore } from "#db/rate-limits.ts";
import { listRevisions } from "#db/revisions.ts";
import { examScore } from "#engine/exam-score.ts";
import { scoreAnswers } from "#engine/scoring.ts";
import { saveAttempt } from "#services/attempts/save-attempt.ts";
import {
  createOwnPractice,
  shareOwnPractice,
  unshareOwnPractice,
} from "#services/own-practices/manage.ts";
import { describeEachDatabase, insertUser } from "#tests/support/databases.ts";
import { attemptSubmission } from "#tests/support/practice-fixture.ts";
import { openMockExam } from "./open.ts";
import { mockExamScoreOf } from "./score.ts";
import { saveMockExamSheet } from "./sheet.ts";
import { startMockExam } from "./start.ts";
import { submitMockExam } from "./submit.ts";

const START = new Date("2026-11-26T08:00:00.000Z");
const at = (seconds: number) => new Date(START.getTime() + seconds * 1000);
/** Words only a key, an explanation or a feedback holds: the exam page must never show them. */
const SECRETS = ["Giải-thích-bí-mật", "Phản-hồi-bí-mật", "0,75", "isKey", "tolerance", "value"];

/**
 * A mathematics practice in the 2025 layout, one question of each kind and a second choice
 * question with two keys: Câu 1 key A; Câu 2 keys A, C; Câu 3 statements a) Đúng b) Sai c) Đúng
 * d) Sai; Câu 4 the short answer "0,75" (± 0.01).
 */
async function importExamPractice(
  db: Parameters<typeof importBanks>[0],
  subject = { code: "toan-thu", name: "Toán thử" },
  code = "de-toan",
) {
  await importBanks(db, [
    {
      subject: { ...subject, description: "", keywords: [] },
      practices: [
        {
          code,
          title: "Đề toán thử",
          description: "",
          chapters: [{ title: "Chương 1" }],
          questions: [
            {
              text: "Câu một",
              chapter: 0,
              explanation: "Giải-thích-bí-mật 1",
              answers: [
                { text: "Một", key: true, feedback: "Phản-hồi-bí-mật 1" },
                { text: "Hai", key: false },
                { text: "Ba", key: false },
              ],
            },
            {
              text: "Câu hai",
              chapter: 0,
              answers: [
                { text: "Bốn", key: true },
                { text: "Năm", key: false },
                { text: "Sáu", key: true },
              ],
            },
            {
              text: "Câu ba",
              chapter: 0,
              kind: "true_false",
              answers: [
                { text: "Ý a", key: true, feedback: "Phản-hồi-bí-mật a" },
                { text: "Ý b", key: false },
                { text: "Ý c", key: true },
                { text: "Ý d", key: false },
              ],
            },
            {
              text: "Câu bốn",
              chapter: 0,
              kind: "short_answer",
              explanation: "Giải-thích-bí-mật 4",
              answers: [{ text: "0,75", key: true, tolerance: 0.01 }],
            },
          ],
        },
      ],
    },
  ]);
}

describeEachDatabase("mock exams", (database) => {
  let ids: number[] = [];

  beforeAll(async () => {
    const { db } = database();
    await importExamPractice(db);
    ids = (
      await db.selectFrom("question").select("id").where("retired", "=", 0).orderBy("idx").execute()
    ).map((row) => row.id);
    for (const id of ["u1", "u2", "owner", "guest", "busy"]) await insertUser(database(), id);
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    practiceCode: "de-toan",
    selection: { type: "PRACTICE_TIME_ALL" },
    minutes: 45,
    shuffleQuestions: false,
    shuffleAnswers: false,
    seed: 7,
    ...overrides,
  });

  async function started(userId: string, overrides: Record<string, unknown> = {}) {
    const result = await startMockExam(database().db, userId, body(overrides), {
      now: START,
      limits: null,
    });
    if (!result.ok) throw new Error(`not started: ${result.refusal}`);
    return result.id;
  }

  /** The answers in the order shown, each question answered as `by` says (by question id). */
  async function answersFor(userId: string, examId: string, by: Record<number, unknown>) {
    const exam = await findMockExam(database().db, userId, examId);
    return exam!.sheet.map(({ questionId }) => {
      const given = by[questionId];
      return typeof given === "string"
        ? { questionId, selectedAnswerIndexes: [], response: given }
        : { questionId, selectedAnswerIndexes: (given as number[] | undefined) ?? [] };
    });
  }

  /** All right: A; A+C; Đúng Sai Đúng Sai; "0.75" typed with a point. */
  const allRight = () => ({
    [ids[0]!]: [0],
    [ids[1]!]: [0, 2],
    [ids[2]!]: "TFTF",
    [ids[3]!]: "0.75",
  });
  /** A; A only (wrong); three statements right; a wrong number. */
  const someRight = () => ({ [ids[0]!]: [0], [ids[1]!]: [0], [ids[2]!]: "TFTT", [ids[3]!]: "7" });

  it("starts an exam once per id: a repeat answers the same exam, another user's id is theirs", async () => {
    const { db } = database();
    const request = body();
    const first = await startMockExam(db, "u1", request, { now: START, limits: null });
    expect(first).toEqual({
      ok: true,
      created: true,
      id: request.id,
      url: `/practice/de-toan/thi-thu/${request.id}`,
    });
    const again = await startMockExam(
      db,
      "u1",
      { ...request, minutes: 90 },
      {
        now: at(60),
        limits: null,
      },
    );
    expect(again).toEqual({ ...first, created: false });
    const exam = await findMockExam(db, "u1", request.id);
    // The repeat changed nothing: the first start's time and minutes hold.
    expect(exam).toMatchObject({ minutes: 45, startedAt: START.toISOString() });
    expect(exam!.sheet.map((a) => a.questionId)).toEqual(ids);
    const upper = await startMockExam(
      db,
      "u1",
      { ...request, id: request.id.toUpperCase() },
      {
        now: START,
        limits: null,
      },
    );
    expect(upper).toEqual({ ...first, created: false });
    const other = await startMockExam(db, "u2", request, { now: START, limits: null });
    expect(other).toMatchObject({ ok: true, created: true });
  });

  it("refuses a bad start with its own reason and writes nothing", async () => {
    const { db } = database();
    const count = async () =>
      Number(
        (
          await db
            .selectFrom("mock_exam")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const refusal = async (overrides: Record<string, unknown>) => {
      const result = await startMockExam(db, "u1", body(overrides), { now: START, limits: null });
      return result.ok ? "started" : result.refusal;
    };
    expect(await refusal({ minutes: 30 })).toBe("BAD_MINUTES");
    expect(await refusal({ minutes: "45" })).toBe("BAD_MINUTES");
    expect(await refusal({ minutes: undefined })).toBe("BAD_MINUTES");
    expect(await refusal({ id: "not-a-uuid" })).toBe("BAD_EXAM_ID");
    expect(await refusal({ practiceCode: "khong-co" })).toBe("PRACTICE_NOT_FOUND");
    expect(await refusal({ selection: { type: "PRACTICE_TIME_RANGE", start: 3, end: 9 } })).toBe(
      "NO_QUESTIONS",
    );
    expect(await refusal({ selection: { type: "PRACTICE_TIME_CHAPTER", chapterIdx: 5 } })).toBe(
      "NO_QUESTIONS",
    );
    expect(await refusal({ seed: -1 })).toBe("BAD_REQUEST");
    expect(await refusal({ shuffleAnswers: "yes" })).toBe("BAD_REQUEST");
    // An id the user already saved an attempt under is not a new exam's.
    const taken = randomUUID();
    const saved = await saveAttempt(db, "u1", {
      ...attemptSubmission(taken, ids, { picks: (i) => (i < 2 ? [0] : []) }),
      practiceCode: "de-toan",
      selection: { type: "PRACTICE_TIME_ALL" },
    });
    expect(saved.ok).toBe(true);
    expect(await refusal({ id: taken })).toBe("ID_TAKEN");
    expect(await count()).toBe(before);
  });

  it("opens only for its own user, and never shows a key, an explanation, a feedback or an accepted answer", async () => {
    const { db } = database();
    const id = await started("u1", { shuffleQuestions: true, shuffleAnswers: true, seed: 99 });
    expect(await openMockExam(db, "u2", id, at(10))).toBeNull();
    expect(await openMockExam(db, "u1", randomUUID(), at(10))).toBeNull();
    const view = await openMockExam(db, "u1", id, at(10));
    expect(view).not.toBeNull();
    expect(view).toMatchObject({
      id,
      practice: { code: "de-toan", title: "Đề toán thử", subjectName: "Toán thử" },
      minutes: 45,
      startedAt: START.toISOString(),
      deadline: at(45 * 60).toISOString(),
      now: at(10).toISOString(),
      submittedAttemptId: null,
    });
    const exam = await findMockExam(db, "u1", id);
    expect(view!.questions.map((q) => q.id)).toEqual(exam!.sheet.map((a) => a.questionId));
    expect(view!.sheet).toEqual(exam!.sheet);
    const byId = new Map(view!.questions.map((q) => [q.id, q]));
    expect(byId.get(ids[1]!)).toMatchObject({ kind: "choice", keyCount: 2 });
    expect(byId.get(ids[2]!)).toMatchObject({ kind: "true_false", keyCount: 0 });
    expect(
      byId
        .get(ids[2]!)!
        .answers.map((a) => a.idx)
        .sort(),
    ).toEqual([0, 1, 2, 3]);
    expect(byId.get(ids[3]!)).toMatchObject({ kind: "short_answer", keyCount: 0, answers: [] });
    const text = JSON.stringify(view);
    for (const secret of SECRETS) expect(text, secret).not.toContain(secret);
    expect(text).not.toMatch(/explanation|feedback/i);
    // Opened again later, the same exam in the same order.
    expect((await openMockExam(db, "u1", id, at(600)))!.questions).toEqual(view!.questions);
  });

  it("keeps the sheet as last sent before the deadline; after the deadline and its grace refuses it and changes nothing", async () => {
    const { db } = database();
    const id = await started("u1", { minutes: 15 });
    const first = await answersFor("u1", id, { [ids[0]!]: [1] });
    expect(await saveMockExamSheet(db, "u1", id, { answers: first }, at(60))).toEqual({ ok: true });
    const second = await answersFor("u1", id, someRight());
    expect(await saveMockExamSheet(db, "u1", id, { answers: second }, at(120))).toEqual({
      ok: true,
    });
    // Within the 30 s of grace after the deadline (a slow network), still kept.
    const third = await answersFor("u1", id, allRight());
    expect(await saveMockExamSheet(db, "u1", id, { answers: third }, at(15 * 60 + 29))).toEqual({
      ok: true,
    });
    const kept = await findMockExam(db, "u1", id);
    expect(kept!.sheet[3]).toEqual({
      questionId: ids[3],
      selectedAnswerIndexes: [],
      response: "0.75",
    });
    expect(kept!.sheetAt).toBe(at(15 * 60 + 29).toISOString());
    const late = await saveMockExamSheet(db, "u1", id, { answers: first }, at(15 * 60 + 31));
    expect(late).toEqual({ ok: false, refusal: "TIME_UP" });
    expect(await findMockExam(db, "u1", id)).toEqual(kept);
    // Another user's sheet on this exam: not found, nothing changes.
    expect(await saveMockExamSheet(db, "u2", id, { answers: first }, at(61))).toEqual({
      ok: false,
      refusal: "NOT_FOUND",
    });
  });

  it("refuses a sheet that does not fit the exam: a response of the wrong shape, a foreign question, picks that are not answers", async () => {
    const { db } = database();
    const id = await started("u1");
    const refusalOf = async (answers: unknown) => {
      const result = await saveMockExamSheet(db, "u1", id, { answers }, at(30));
      return result.ok ? "kept" : result.refusal;
    };
    const good = await answersFor("u1", id, allRight());
    expect(
      await refusalOf(good.map((a) => (a.questionId === ids[2] ? { ...a, response: "TFT" } : a))),
    ).toBe("BAD_ANSWERS");
    expect(
      await refusalOf(good.map((a) => (a.questionId === ids[0] ? { ...a, response: "T" } : a))),
    ).toBe("BAD_ANSWERS");
    expect(
      await refusalOf(
        good.map((a) => (a.questionId === ids[0] ? { ...a, selectedAnswerIndexes: [7] } : a)),
      ),
    ).toBe("BAD_ANSWERS");
    expect(
      await refusalOf(
        good.map((a) => (a.questionId === ids[0] ? { ...a, selectedAnswerIndexes: [0, 1] } : a)),
      ),
    ).toBe("BAD_ANSWERS");
    expect(await refusalOf([...good].reverse())).toBe("BAD_ANSWERS");
    expect(await refusalOf(good.slice(1))).toBe("BAD_ANSWERS");
    expect(await refusalOf(good.map((a, i) => (i === 0 ? { ...a, questionId: 999_999 } : a)))).toBe(
      "BAD_ANSWERS",
    );
    expect(
      await refusalOf(
        good.map((a) => (a.questionId === ids[3] ? { ...a, response: "x".repeat(33) } : a)),
      ),
    ).toBe("BAD_ANSWERS");
    expect(await refusalOf("TFTF")).toBe("BAD_REQUEST");
    expect((await findMockExam(db, "u1", id))!.sheetAt).toBeNull();
  });

  it("scores a submission on the server from the stored keys, stores it once as an attempt of the exam's id, in the history", async () => {
    const { db } = database();
    const id = await started("u1", { shuffleQuestions: true, shuffleAnswers: true, seed: 5 });
    const answers = await answersFor("u1", id, someRight());
    const forged = { answers, totalTime: 100, numberOfRight: 4, results: [] };
    const first = await submitMockExam(db, "u1", id, forged, at(300));
    expect(first).toEqual({ ok: true, attemptId: id, url: `/practice-history?id=${id}` });
    const again = await submitMockExam(
      db,
      "u1",
      id,
      { answers: await answersFor("u1", id, allRight()), totalTime: 5 },
      at(400),
    );
    expect(again).toEqual(first);
    const rows = await db
      .selectFrom("attempt")
      .select(["id", "exam_minutes"])
      .where("id", "=", id)
      .execute();
    expect(rows).toEqual([{ id, exam_minutes: 45 }]);

    const attempt = (await findAttempt(db, "u1", id))!;
    expect(attempt).toMatchObject({
      examMinutes: 45,
      numberOfRight: 1,
      numberOfWrong: 3,
      totalTime: 100,
    });
    expect(attempt.config).toMatchObject({
      practiceType: "FLAT",
      shuffleQuestions: true,
      shuffleAnswers: true,
      seed: 5,
    });
    expect(attempt.answerOrders).toHaveLength(4);
    const shown = attempt.results.map((r) => r.questionId);
    expect(shown).toEqual(answers.map((a) => a.questionId));
    expect(attempt.results.find((r) => r.questionId === ids[2])).toMatchObject({
      rightAnswer: false,
      response: "TFTT",
    });
    const history = await listHistoryPage(db, "u1", { limit: 50 });
    expect(history.attempts.map((a) => a.id)).toContain(id);

    // Score on 10, mathematics: I 2 × 0.25, II 1 × 1, III 1 × 0.5; earned 0.25 + 0.5 (3 of 4).
    const score = await mockExamScoreOf(db, "u1", attempt);
    expect(score).toEqual({
      score: 3.75,
      parts: [
        { part: 1, questions: 2, points: 0.25, max: 0.5 },
        { part: 2, questions: 1, points: 0.5, max: 1 },
        { part: 3, questions: 1, points: 0, max: 0.5 },
      ],
    });
    const revisions = await listRevisions(db, shown);
    const inOrder = shown.map((q) => revisions.find((r) => r.id === q)!);
    const engine = scoreAnswers(
      inOrder,
      new Map(answers.map((a) => [a.questionId, a.selectedAnswerIndexes])),
      new Map(answers.map((a) => [a.questionId, a.response ?? null])),
    );
    expect(score).toEqual(examScore(inOrder, engine.results, true));
    expect(await openMockExam(db, "u1", id, at(500))).toMatchObject({ submittedAttemptId: id });
    // After the submission the sheet no longer changes.
    expect(await saveMockExamSheet(db, "u1", id, { answers }, at(450))).toEqual({
      ok: false,
      refusal: "ALREADY_SUBMITTED",
    });
  });

  it("a late submission is answered with the sheet stored in time, whatever the page sends", async () => {
    const { db } = database();
    const id = await started("u1", { minutes: 15 });
    const inTime = await answersFor("u1", id, someRight());
    expect(await saveMockExamSheet(db, "u1", id, { answers: inTime }, at(600))).toEqual({
      ok: true,
    });
    const result = await submitMockExam(
      db,
      "u1",
      id,
      { answers: await answersFor("u1", id, allRight()), totalTime: 5000 },
      at(15 * 60 + 31),
    );
    expect(result).toMatchObject({ ok: true, attemptId: id });
    const attempt = (await findAttempt(db, "u1", id))!;
    expect(attempt.numberOfRight).toBe(1);
    expect(attempt.results.map((r) => r.response ?? null)).toEqual(
      inTime.map((a) => a.response ?? null),
    );
    // The time allowed, not what the page claimed.
    expect(attempt.totalTime).toBe(15 * 60);
    expect(attempt.examMinutes).toBe(15);
  });

  it("a submission in time takes the page's answers; an exam without a limit keeps exam_minutes 0", async () => {
    const { db } = database();
    const id = await started("u1", { minutes: null });
    const view = await openMockExam(db, "u1", id, at(1));
    expect(view).toMatchObject({ minutes: null, deadline: null });
    const result = await submitMockExam(
      db,
      "u1",
      id,
      { answers: await answersFor("u1", id, allRight()), totalTime: 3 * 3600 },
      at(2 * 3600),
    );
    expect(result).toMatchObject({ ok: true });
    const attempt = (await findAttempt(db, "u1", id))!;
    expect(attempt).toMatchObject({ numberOfRight: 4, examMinutes: 0, totalTime: 2 * 3600 });
    expect((await mockExamScoreOf(db, "u1", attempt))!.score).toBe(10);
    // A bad body or someone else's exam is refused.
    expect(await submitMockExam(db, "u1", id, { answers: [] }, at(1))).toEqual({
      ok: false,
      refusal: "BAD_REQUEST",
    });
    expect(
      await submitMockExam(
        db,
        "u2",
        id,
        { answers: await answersFor("u1", id, {}), totalTime: 1 },
        at(1),
      ),
    ).toEqual({
      ok: false,
      refusal: "NOT_FOUND",
    });
  });

  it("submissions of one exam at the same moment store one attempt", async () => {
    const { db } = database();
    const id = await started("u2");
    const answers = await answersFor("u2", id, someRight());
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        submitMockExam(db, "u2", id, { answers, totalTime: 9 }, at(20)),
      ),
    );
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(results[0]).toMatchObject({ ok: true, attemptId: id });
    const rows = await db
      .selectFrom("attempt")
      .select("id")
      .where("user_id", "=", "u2")
      .where("id", "=", id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("weighs a short answer 0.25 outside mathematics (the subject's code decides)", async () => {
    const { db } = database();
    await importExamPractice(db, { code: "vat-ly-thu", name: "Vật lý thử" }, "de-ly");
    const id = await started("u2", { practiceCode: "de-ly" });
    const exam = (await findMockExam(db, "u2", id))!;
    const shortAnswer = (
      await listRevisions(
        db,
        exam.sheet.map((a) => a.questionId),
      )
    ).find((r) => r.kind === "short_answer")!;
    const answers = exam.sheet.map(({ questionId }) =>
      questionId === shortAnswer.id
        ? { questionId, selectedAnswerIndexes: [], response: "0,75" }
        : { questionId, selectedAnswerIndexes: [] },
    );
    expect(await submitMockExam(db, "u2", id, { answers, totalTime: 9 }, at(20))).toMatchObject({
      ok: true,
    });
    const score = await mockExamScoreOf(db, "u2", (await findAttempt(db, "u2", id))!);
    expect(score!.parts.find((part) => part.part === 3)).toEqual({
      part: 3,
      questions: 1,
      points: 0.25,
      max: 0.25,
    });
    // 0.25 of 0.5 + 1 + 0.25.
    expect(score!.score).toBe(1.43);
  });

  it("refuses an exam of more than MOCK_EXAM_MAX_QUESTIONS questions, and takes a part of the same practice", async () => {
    const { db } = database();
    await importBanks(db, [
      {
        subject: { code: "mon-dai", name: "Môn dài", description: "", keywords: [] },
        practices: [
          {
            code: "de-dai",
            title: "Đề dài",
            description: "",
            chapters: [],
            questions: Array.from({ length: MOCK_EXAM_MAX_QUESTIONS + 1 }, (_, i) => ({
              text: `Câu dài ${i + 1}`,
              answers: [
                { text: "Có", key: true },
                { text: "Không", key: false },
              ],
            })),
          },
        ],
      },
    ]);
    const all = await startMockExam(db, "u2", body({ practiceCode: "de-dai" }), {
      now: START,
      limits: null,
    });
    expect(all).toEqual({ ok: false, refusal: "TOO_MANY_QUESTIONS" });
    const part = await startMockExam(
      db,
      "u2",
      body({
        practiceCode: "de-dai",
        selection: { type: "PRACTICE_TIME_RANGE", start: 1, end: 40 },
      }),
      { now: START, limits: null },
    );
    expect(part).toMatchObject({ ok: true, created: true });
  });

  it("an ordinary attempt has no score on 10 of a mock exam", async () => {
    const { db } = database();
    const id = randomUUID();
    await saveAttempt(db, "u2", {
      ...attemptSubmission(id, ids, { picks: (i) => (i < 2 ? [0] : []) }),
      practiceCode: "de-toan",
      selection: { type: "PRACTICE_TIME_ALL" },
    });
    const attempt = (await findAttempt(db, "u2", id))!;
    expect(attempt.examMinutes).toBeNull();
    expect(await mockExamScoreOf(db, "u2", attempt)).toBeNull();
  });

  it("applies the practice's access rule at start, open, sheet and submission: a link stopped closes the exam", async () => {
    const { db } = database();
    const { code } = await createOwnPractice(
      db,
      "owner",
      {
        title: "Đề riêng",
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
    const refusalOf = (result: { ok: boolean; refusal?: string }) =>
      result.ok ? "ok" : result.refusal;
    // Private: nobody else starts an exam of it.
    expect(
      refusalOf(
        await startMockExam(db, "guest", body({ practiceCode: code }), {
          now: START,
          limits: null,
        }),
      ),
    ).toBe("PRACTICE_NOT_FOUND");
    const link = (await shareOwnPractice(db, "owner", code)).path.split("/").at(-1)!;
    const id = await started("guest", { practiceCode: link });
    const answers = await answersFor("guest", id, {});
    expect(await openMockExam(db, "guest", id, at(5))).not.toBeNull();
    await unshareOwnPractice(db, "owner", code);
    expect(await openMockExam(db, "guest", id, at(6))).toBeNull();
    expect(await saveMockExamSheet(db, "guest", id, { answers }, at(7))).toEqual({
      ok: false,
      refusal: "NOT_FOUND",
    });
    expect(await submitMockExam(db, "guest", id, { answers, totalTime: 7 }, at(8))).toEqual({
      ok: false,
      refusal: "NOT_FOUND",
    });
    expect(
      refusalOf(
        await startMockExam(db, "guest", body({ id, practiceCode: link }), {
          now: START,
          limits: null,
        }),
      ),
    ).toBe("PRACTICE_NOT_FOUND");
    expect(await findAttempt(db, "guest", id)).toBeNull();
  });

  it("limits how many exams a user starts: 30 in 10 minutes, then 429 with the time to wait", async () => {
    const { db } = database();
    const limits = createDatabaseRateLimitStore(db);
    for (let i = 0; i < 30; i++) {
      const result = await startMockExam(db, "busy", body(), { now: START, limits });
      expect(result.ok).toBe(true);
    }
    const request = body();
    const refused = await startMockExam(db, "busy", request, { now: START, limits });
    expect(refused).toMatchObject({ ok: false, refusal: "RATE_LIMITED" });
    expect((refused as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    expect(await findMockExam(db, "busy", request.id)).toBeNull();
  });
});
