import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "#tests/support/databases.ts";
import { findAttempt, listAttemptsOfPractice, listHistoryPage } from "#db/attempts.ts";
import { findCards } from "#db/review-cards.ts";
import { userStatistics } from "#db/statistics.ts";
import { listQuestionRevisions } from "#db/catalogue.ts";
import type { DB } from "#db/schema.ts";
import { MAX_TOTAL_TIME } from "#engine/submission.ts";
import { saveAttempt, type AttemptRefusal, type AttemptSubmission } from "./save-attempt.ts";
import { roomConfig } from "#tests/support/engine-fixture.ts";
import { listQuestionsByCode } from "#tests/support/catalogue.ts";
import { importBanks } from "#content/import-bank.ts";
import type { Bank } from "#content/formats/types.ts";

const NOW = new Date("2025-03-01T08:30:00.000Z");
const CONFIG: AttemptSubmission["config"] = roomConfig({
  maxResultTime: "OFF",
  showNotification: false,
  seed: 123456789,
});

/** The seeded questions, as answers (source order) with their keys. */
interface SeedQuestion {
  idx: number;
  chapterIdx: number | null;
  answerCount: number;
  keys: number[];
  retired?: boolean;
}

const MAIN: SeedQuestion[] = [
  { idx: 4, chapterIdx: 1, answerCount: 4, keys: [1], retired: true }, // old revision of idx 4
  { idx: 0, chapterIdx: 0, answerCount: 4, keys: [1] },
  { idx: 1, chapterIdx: 0, answerCount: 4, keys: [0, 2] }, // multi-key
  { idx: 2, chapterIdx: 0, answerCount: 6, keys: [5] }, // six answers
  { idx: 3, chapterIdx: 1, answerCount: 3, keys: [] }, // no key (a defect of the source)
  { idx: 4, chapterIdx: 1, answerCount: 4, keys: [0] },
  { idx: 5, chapterIdx: 1, answerCount: 4, keys: [3] },
];

async function insertQuestions(
  db: Kysely<DB>,
  practiceId: number,
  questions: SeedQuestion[],
): Promise<number[]> {
  // Every row names every column (Kysely's multi-row insert on SQLite nulls missing ones).
  const rows = await db
    .insertInto("question")
    .values(
      questions.map((q, i) => ({
        practice_id: practiceId,
        idx: q.idx,
        chapter_idx: q.chapterIdx,
        external_id: null,
        revision: q.retired ? 1 : 2,
        retired: q.retired ? 1 : 0,
        content_hash: `hash-${practiceId}-${i}`,
        text: `Câu ${q.idx + 1}`,
        text_html: `<p>Câu ${q.idx + 1}</p>`,
        explanation: null,
        explanation_html: null,
        reference_url: null,
        answers: JSON.stringify(
          Array.from({ length: q.answerCount }, (_, idx) => ({
            idx,
            text: `Đáp án ${idx}`,
            html: `<p>Đáp án ${idx}</p>`,
            isKey: q.keys.includes(idx),
          })),
        ),
        key_count: q.keys.length,
        created_at: NOW.toISOString(),
      })),
    )
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

describeEachDatabase("attempts", (database) => {
  /** Live revision ids by position (idx 0..5). */
  let live: number[] = [];
  let retiredOf4 = 0;
  let otherPracticeQuestion = 0;

  async function insertUser(id: string) {
    const { db, dialect } = database();
    const at = NOW.toISOString();
    await db
      .insertInto("user")
      .values({
        id,
        name: `Người ${id}`,
        email: `${id}@example.com`,
        // better-sqlite3 binds no booleans; PostgreSQL's column is boolean.
        emailVerified: dialect === "postgres" ? true : 1,
        image: null,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
  }

  beforeAll(async () => {
    const { db } = database();
    const subject = await db
      .insertInto("subject")
      .values({ code: "csdl", name: "Cơ sở dữ liệu", description: "", keywords: "", sort_order: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const practices = await db
      .insertInto("practice")
      .values(
        [
          { code: "csdl-sql", hidden: 0, question_count: 6, chapter_count: 2 },
          { code: "csdl-khac", hidden: 0, question_count: 1, chapter_count: 0 },
          { code: "csdl-an", hidden: 1, question_count: 1, chapter_count: 0 },
        ].map((p) => ({
          ...p,
          subject_id: subject.id,
          title: `Đề ${p.code}`,
          description: "",
          source: null,
          content_version: 3,
          sort_order: 0,
        })),
      )
      .returning(["id", "code"])
      .execute();
    const [main, other, hidden] = practices.map((p) => p.id);
    await db
      .insertInto("chapter")
      .values([
        { practice_id: main!, idx: 0, title: "Truy vấn", description: "", question_count: 3 },
        { practice_id: main!, idx: 1, title: "Chỉ mục", description: "", question_count: 3 },
      ])
      .execute();
    const mainIds = await insertQuestions(db, main!, MAIN);
    retiredOf4 = mainIds[0]!;
    live = mainIds.slice(1);
    const single = [{ idx: 0, chapterIdx: null, answerCount: 4, keys: [0] }];
    otherPracticeQuestion = (await insertQuestions(db, other!, single))[0]!;
    await insertQuestions(db, hidden!, single);
    for (const id of ["u1", "u2", "u-list", "u-gone", "u-sure"]) await insertUser(id);
  });

  /** All six live questions, in source order, nothing picked. */
  function submission(overrides: Partial<AttemptSubmission> = {}): AttemptSubmission {
    return {
      id: randomUUID(),
      practiceCode: "csdl-sql",
      selection: { type: "PRACTICE_TIME_ALL" },
      config: CONFIG,
      answers: live.map((questionId) => ({ questionId, selectedAnswerIndexes: [] })),
      answerOrders: null,
      totalTime: 95,
      ...overrides,
    };
  }

  const picksOf = (ids: number[], picks: number[][]) =>
    ids.map((questionId, i) => ({ questionId, selectedAnswerIndexes: picks[i] ?? [] }));

  async function attemptCount(code = "csdl-sql"): Promise<number> {
    const row = await database()
      .db.selectFrom("practice")
      .select("attempt_count")
      .where("code", "=", code)
      .executeTakeFirstOrThrow();
    return row.attempt_count;
  }

  async function storedRows(): Promise<{ attempts: number; answers: number }> {
    const { db } = database();
    const count = async (table: "attempt" | "attempt_answer") => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    return { attempts: await count("attempt"), answers: await count("attempt_answer") };
  }

  /** Saves and expects a refusal that leaves every table and counter as it was. */
  async function expectRefused(
    userId: string,
    attempt: AttemptSubmission,
    refusal: AttemptRefusal,
    label?: string,
  ): Promise<void> {
    const { db } = database();
    const before = { counter: await attemptCount(), rows: await storedRows() };
    expect(await saveAttempt(db, userId, attempt, NOW), label).toEqual({ ok: false, refusal });
    expect({ counter: await attemptCount(), rows: await storedRows() }, label).toEqual(before);
  }

  it("scores a save from the stored keys, ignoring any result the client forges", async () => {
    const { db } = database();
    const before = await attemptCount();
    const honest = submission({
      // right, right (order of picks does not matter), wrong, right (no key, no pick), wrong, right
      answers: picksOf(live, [[1], [2, 0], [0], [], [], [3]]),
    });
    const forged = {
      ...honest,
      numberOfRight: 0,
      numberOfWrong: 6,
      results: [],
      config: { ...CONFIG, admin: true },
      answers: honest.answers.map((a) => ({ ...a, rightAnswer: false })),
    } as AttemptSubmission;

    const saved = await saveAttempt(db, "u1", forged, NOW);

    expect(saved).toMatchObject({ ok: true, created: true });
    if (!saved.ok) return;
    expect(saved.attempt).toEqual({
      id: honest.id,
      practiceCode: "csdl-sql",
      practiceTitle: "Đề csdl-sql",
      description: "Tất cả 6 câu hỏi",
      type: "PRACTICE_TIME_ALL",
      selection: { type: "PRACTICE_TIME_ALL" },
      config: CONFIG,
      numberOfRight: 4,
      numberOfWrong: 2,
      totalTime: 95,
      results: [
        [[1], true],
        [[0, 2], true],
        [[0], false],
        [[], true],
        [[], false],
        [[3], true],
      ].map(([selectedAnswerIndexes, rightAnswer], i) => ({
        questionId: live[i],
        selectedAnswerIndexes,
        rightAnswer,
      })),
      answerOrders: null,
      contentVersion: 3,
      createdAt: NOW.toISOString(),
      // Not a mock exam, not taken offline (migration 0016).
      examMinutes: null,
      offline: false,
    });
    expect(await findAttempt(db, "u1", honest.id)).toEqual(saved.attempt);
    expect(await attemptCount()).toBe(before + 1);
  });

  it("marks an attempt finished in the offline room, and only that one, as taken offline", async () => {
    const { db } = database();
    const offline = submission({ offline: true });
    const saved = await saveAttempt(db, "u1", offline, NOW);
    expect(saved.ok && saved.attempt.offline).toBe(true);
    expect((await findAttempt(db, "u1", offline.id))!.offline).toBe(true);
    const online = submission();
    await saveAttempt(db, "u1", online, NOW);
    expect((await findAttempt(db, "u1", online.id))!.offline).toBe(false);
  });

  it("keeps chapter 0 as 0, a range's bounds, and the answer orders of a shuffled room", async () => {
    const { db } = database();
    const chapter0 = [live[2]!, live[0]!, live[1]!]; // shuffled question order
    const orders = [
      [5, 4, 3, 2, 1, 0],
      [3, 1, 0, 2],
      [0, 1, 2, 3],
    ];
    const chapter = await saveAttempt(
      db,
      "u1",
      submission({
        selection: { type: "PRACTICE_TIME_CHAPTER", chapterIdx: 0 },
        config: { ...CONFIG, practiceType: "FLAT", shuffleQuestions: true, shuffleAnswers: true },
        answers: picksOf(chapter0, [[5], [1], [0]]), // right, right, wrong (q1 has two keys)
        answerOrders: orders,
      }),
      NOW,
    );
    expect(chapter).toMatchObject({ ok: true, created: true });
    if (!chapter.ok) return;
    const stored = await findAttempt(db, "u1", chapter.attempt.id.toUpperCase());
    expect(stored).toMatchObject({
      type: "PRACTICE_TIME_CHAPTER",
      selection: { type: "PRACTICE_TIME_CHAPTER", chapterIdx: 0 },
      description: "Chương 1: Truy vấn",
      config: { ...CONFIG, practiceType: "FLAT", shuffleQuestions: true, shuffleAnswers: true },
      numberOfRight: 2,
      numberOfWrong: 1,
      answerOrders: orders,
    });
    expect(stored?.results.map((r) => r.questionId)).toEqual(chapter0);

    const range = await saveAttempt(
      db,
      "u1",
      submission({
        selection: { type: "PRACTICE_TIME_RANGE", start: 2, end: 4 },
        answers: picksOf(live.slice(1, 4), [[0, 2], [], []]), // right, wrong, right (no key)
      }),
      NOW,
    );
    expect(range).toMatchObject({ ok: true, created: true });
    if (!range.ok) return;
    expect(await findAttempt(db, "u1", range.attempt.id)).toMatchObject({
      type: "PRACTICE_TIME_RANGE",
      selection: { type: "PRACTICE_TIME_RANGE", start: 2, end: 4 },
      description: "Câu 2 - 4",
      numberOfRight: 2,
      numberOfWrong: 1,
    });
  });

  it("stores a repeated save of the same id once and ignores its changed payload", async () => {
    const { db } = database();
    const first = submission({ answers: picksOf(live, [[1]]) });
    const saved = await saveAttempt(db, "u1", first, NOW);
    expect(saved.ok).toBe(true);
    const counter = await attemptCount();
    const rows = await storedRows();

    const changed = { ...first, totalTime: 7, answers: picksOf(live, [[0], [0]]) };
    const again = await saveAttempt(db, "u1", changed, new Date("2030-01-01T00:00:00Z"));
    const upper = await saveAttempt(db, "u1", { ...first, id: first.id.toUpperCase() }, NOW);

    expect(again).toEqual({ ok: true, created: false, attempt: saved.ok && saved.attempt });
    expect(upper).toEqual(again);
    expect(await attemptCount()).toBe(counter);
    expect(await storedRows()).toEqual(rows);
  });

  it("a retry of a stored save still gets its attempt back after the practice was hidden", async () => {
    const { db } = database();
    const first = submission({ answers: picksOf(live, [[1]]) });
    const saved = await saveAttempt(db, "u1", first, NOW);
    expect(saved).toMatchObject({ ok: true, created: true });
    await db.updateTable("practice").set({ hidden: 1 }).where("code", "=", "csdl-sql").execute();
    try {
      // The practice is refused to a new save, but this one was stored before: same answer.
      expect(await saveAttempt(db, "u1", first, NOW)).toEqual({
        ok: true,
        created: false,
        attempt: saved.ok && saved.attempt,
      });
      expect(await saveAttempt(db, "u1", { ...first, id: randomUUID() }, NOW)).toEqual({
        ok: false,
        refusal: "PRACTICE_NOT_FOUND",
      });
    } finally {
      await db.updateTable("practice").set({ hidden: 0 }).where("code", "=", "csdl-sql").execute();
    }
  });

  it("attempt ids scoped to their user: another user's save of the same id never blocks or touches the owner's", async () => {
    const { db } = database();
    const mine = submission();
    // Someone who saw the room's URL saves its id first…
    const theirs = await saveAttempt(db, "u2", { ...mine, answers: picksOf(live, [[1]]) }, NOW);
    expect(theirs).toMatchObject({ ok: true, created: true });
    // … and the owner's save is still the owner's own, stored and counted.
    const saved = await saveAttempt(db, "u1", mine, NOW);
    expect(saved).toMatchObject({ ok: true, created: true });
    expect(saved.ok && theirs.ok && saved.attempt.results).not.toEqual(
      theirs.ok && theirs.attempt.results,
    );
    // Each sees only their own under that id; a repeat of either is still exactly-once.
    expect(await findAttempt(db, "u1", mine.id)).toEqual(saved.ok && saved.attempt);
    expect(await findAttempt(db, "u2", mine.id)).toEqual(theirs.ok && theirs.attempt);
    expect(await saveAttempt(db, "u1", mine, NOW)).toMatchObject({ ok: true, created: false });
    expect(await listAttemptsOfPractice(db, "u3", "csdl-sql", 10)).toEqual([]);
    expect((await listAttemptsOfPractice(db, "u1", "csdl-sql", 10)).map((a) => a.id)).toContain(
      mine.id,
    );
  });

  it("refuses questions that are not exactly the selection's, storing nothing", async () => {
    const [q0, q1, q2, q3, q4, q5] = live as [number, number, number, number, number, number];
    const cases: [string, Partial<AttemptSubmission>][] = [
      [
        "another practice's question",
        { answers: picksOf([q0, q1, q2, q3, q4, otherPracticeQuestion], []) },
      ],
      ["an unknown question", { answers: picksOf([q0, q1, q2, q3, q4, 999_999], []) }],
      ["a missing question", { answers: picksOf([q0, q1, q2, q3, q4], []) }],
      ["a duplicated question", { answers: picksOf([q0, q1, q2, q3, q4, q4], []) }],
      ["two revisions of one position", { answers: picksOf([q0, q1, q2, q3, q4, retiredOf4], []) }],
      ["an extra question", { answers: picksOf([q0, q1, q2, q3, q4, q5, retiredOf4], []) }],
      ["no question", { answers: [] }],
      [
        "a question outside the range",
        {
          selection: { type: "PRACTICE_TIME_RANGE", start: 1, end: 3 },
          answers: picksOf([q0, q1, q3], []),
        },
      ],
      [
        "a range past the last question",
        {
          selection: { type: "PRACTICE_TIME_RANGE", start: 1, end: 7 },
          answers: picksOf(live, []),
        },
      ],
      [
        "a backwards range",
        { selection: { type: "PRACTICE_TIME_RANGE", start: 3, end: 2 }, answers: [] },
      ],
      [
        "a question of another chapter",
        {
          selection: { type: "PRACTICE_TIME_CHAPTER", chapterIdx: 1 },
          answers: picksOf([q0, q4, q5], []),
        },
      ],
      [
        "a chapter that does not exist",
        { selection: { type: "PRACTICE_TIME_CHAPTER", chapterIdx: 9 }, answers: [] },
      ],
    ];
    for (const [name, overrides] of cases) {
      await expectRefused("u1", submission(overrides), "QUESTIONS_MISMATCH", name);
    }
  });

  it("refuses a hidden or unknown practice", async () => {
    await expectRefused("u1", submission({ practiceCode: "csdl-an" }), "PRACTICE_NOT_FOUND");
    await expectRefused("u1", submission({ practiceCode: "khong-co" }), "PRACTICE_NOT_FOUND");
  });

  it("refuses picks that are not answers of the question, repeated, or too many", async () => {
    const cases: number[][][] = [
      [[4]], // q0 has answers 0..3
      [[-1]],
      [[1.5]],
      [[1, 1]],
      [[0, 1]], // q0 has one key
      [[], [0, 1, 2]], // q1 has two keys
      [[], [], [], [0]], // q3 has no key: nothing can be picked
    ];
    for (const picks of cases) {
      await expectRefused("u1", submission({ answers: picksOf(live, picks) }), "BAD_PICKS");
    }
  });

  it("refuses answer orders that do not match the shuffle or the questions", async () => {
    const shuffled = { ...CONFIG, shuffleAnswers: true };
    const identity = [
      [0, 1, 2, 3],
      [0, 1, 2, 3],
      [0, 1, 2, 3, 4, 5],
      [0, 1, 2],
      [0, 1, 2, 3],
      [0, 1, 2, 3],
    ];
    const withOrder = (i: number, order: number[]) => identity.map((o, k) => (k === i ? order : o));
    const cases: Partial<AttemptSubmission>[] = [
      { config: shuffled, answerOrders: null },
      { config: CONFIG, answerOrders: identity },
      { config: shuffled, answerOrders: identity.slice(1) },
      { config: shuffled, answerOrders: withOrder(0, [0, 1, 2]) },
      { config: shuffled, answerOrders: withOrder(0, [0, 1, 2, 2]) },
      { config: shuffled, answerOrders: withOrder(2, [0, 1, 2, 3, 4, 6]) },
      { config: shuffled, answerOrders: withOrder(3, [0, 1, 2, 3]) },
    ];
    for (const overrides of cases) {
      await expectRefused("u1", submission(overrides), "BAD_ANSWER_ORDER");
    }
    expect(
      (
        await saveAttempt(
          database().db,
          "u1",
          submission({ config: shuffled, answerOrders: identity }),
          NOW,
        )
      ).ok,
    ).toBe(true);
  });

  it("refuses a malformed attempt id or total time", async () => {
    for (const id of [
      "",
      "not-a-uuid",
      "0f8fad5b-d9cb-469f-a165-70867728950",
      `${randomUUID()}x`,
    ]) {
      await expectRefused("u1", submission({ id }), "BAD_ATTEMPT_ID");
    }
    for (const totalTime of [-1, 1.5, Number.NaN, MAX_TOTAL_TIME + 1]) {
      await expectRefused("u1", submission({ totalTime }), "BAD_TOTAL_TIME");
    }
  });

  it("saves an answer to a since-retired revision against that revision", async () => {
    const { db } = database();
    const ids = live.map((id, i) => (i === 4 ? retiredOf4 : id));
    // The retired revision's key was 1 (the live one's is 0): picking 1 was right then.
    const saved = await saveAttempt(
      db,
      "u1",
      submission({ answers: picksOf(ids, [[], [], [], [], [1]]) }),
      NOW,
    );
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(saved.attempt.results[4]).toEqual({
      questionId: retiredOf4,
      selectedAnswerIndexes: [1],
      rightAnswer: true,
    });
    expect((await findAttempt(db, "u1", saved.attempt.id))?.results[4]?.questionId).toBe(
      retiredOf4,
    );
  });

  it("lists a user's attempts on a practice, newest first, without their answers", async () => {
    const { db } = database();
    const at = (minute: number) => new Date(Date.UTC(2025, 2, 1, 9, minute));
    const ids: string[] = [];
    for (const minute of [1, 30, 15]) {
      const saved = await saveAttempt(db, "u-list", submission(), at(minute));
      if (!saved.ok) throw new Error(saved.refusal);
      ids.push(saved.attempt.id);
    }
    const list = await listAttemptsOfPractice(db, "u-list", "csdl-sql", 10);
    expect(list.map((a) => a.id)).toEqual([ids[1], ids[2], ids[0]]);
    expect(list[0]).not.toHaveProperty("results");
    expect(list[0]).toMatchObject({
      description: "Tất cả 6 câu hỏi",
      createdAt: at(30).toISOString(),
    });
    expect((await listAttemptsOfPractice(db, "u-list", "csdl-sql", 2)).length).toBe(2);
    expect(await listAttemptsOfPractice(db, "u-list", "csdl-khac", 10)).toEqual([]);
  });

  it("lists all of a user's attempts across practices, and only theirs", async () => {
    const { db } = database();
    const all = (await listHistoryPage(db, "u-list", { limit: 50 })).attempts;
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.every((a) => a.practiceCode === "csdl-sql")).toBe(true);
    const times = all.map((a) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await listHistoryPage(db, "nobody", { limit: 50 })).attempts).toEqual([]);
  });

  it("reads back the exact revisions an attempt answered, retired ones included", async () => {
    const { db } = database();
    const revisions = await listQuestionRevisions(db, [retiredOf4, live[0]!]);
    expect(revisions.map((q) => q.id).sort((a, b) => a - b)).toEqual(
      [retiredOf4, live[0]!].sort((a, b) => a - b),
    );
    const retired = revisions.find((q) => q.id === retiredOf4)!;
    expect(retired.answers.find((a) => a.isKey)?.idx).toBe(1);
    expect(await listQuestionRevisions(db, [])).toEqual([]);
  });

  it("forgets a user's attempts and answers when the user is deleted", async () => {
    const { db } = database();
    const saved = await saveAttempt(db, "u-gone", submission(), NOW);
    expect(saved.ok).toBe(true);
    const id = saved.ok ? saved.attempt.id : "";
    await db.deleteFrom("user").where("id", "=", "u-gone").execute();
    const attempts = await db.selectFrom("attempt").select("id").where("id", "=", id).execute();
    const answers = await db
      .selectFrom("attempt_answer")
      .select("position")
      .where("attempt_id", "=", id)
      .execute();
    expect({ attempts, answers }).toEqual({ attempts: [], answers: [] });
  });

  it("refuses a save for an account deleted after its session was read, as signed out, storing nothing (ADR 0038)", async () => {
    // A save's session may come from the session cache, seconds old: the account can be gone
    // by the time the save is written (deleted from another instance without Redis, or by
    // `npm run user`). Nobody is left to own it: refused as UNAUTHENTICATED, never an error.
    await insertUser("u-deleted");
    await database().db.deleteFrom("user").where("id", "=", "u-deleted").execute();
    await expectRefused(
      "u-deleted",
      submission({ answers: picksOf(live, [[0], [1]]) }),
      "UNAUTHENTICATED",
    );
  });

  it("checks a save against the practice as its bank is now, not as an earlier save found it (issue 29: revisions kept per content version)", async () => {
    const { db } = database();
    await insertUser("u-kept");
    const question = (text: string) => ({
      text,
      answers: [
        { text: `${text}: đúng`, key: true },
        { text: `${text}: sai`, key: false },
      ],
    });
    const bankOf = (questions: ReturnType<typeof question>[]): Bank => ({
      subject: { code: "giu-ban", name: "Môn giữ bản", description: "", keywords: [] },
      practices: [{ code: "giu-ban-de", title: "Đề giữ bản", description: "", questions }],
    });
    const idsNow = async () =>
      (await listQuestionsByCode(db, "giu-ban-de", { type: "PRACTICE_TIME_ALL" })).map((q) => q.id);
    const save = (selection: AttemptSubmission["selection"], ids: number[]) =>
      saveAttempt(
        db,
        "u-kept",
        submission({
          practiceCode: "giu-ban-de",
          selection,
          answers: ids.map((questionId) => ({ questionId, selectedAnswerIndexes: [0] })),
        }),
        NOW,
      );
    const first = { type: "PRACTICE_TIME_RANGE", start: 1, end: 1 } as const;

    await importBanks(db, [bankOf([question("A"), question("B"), question("C")])]);
    const [a, b, c] = await idsNow();
    expect((await save(first, [a!])).ok).toBe(true);

    // B moves to the first position, A to the second, and D is added.
    await importBanks(db, [bankOf([question("B"), question("A"), question("C"), question("D")])]);
    const [, , , d] = await idsNow();
    expect(await save(first, [a!])).toEqual({ ok: false, refusal: "QUESTIONS_MISMATCH" });
    expect((await save(first, [b!])).ok).toBe(true);
    const all = { type: "PRACTICE_TIME_ALL" } as const;
    expect(await save(all, [b!, a!, c!])).toEqual({ ok: false, refusal: "QUESTIONS_MISMATCH" });
    expect((await save(all, [b!, a!, c!, d!])).ok).toBe(true);
  });

  describe("under concurrency", () => {
    it("counts 50 simultaneous saves of different attempts exactly 50 times", async () => {
      const { db } = database();
      const before = await attemptCount();
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          saveAttempt(
            db,
            i % 2 ? "u1" : "u2",
            submission({ answers: picksOf(live, [[i % 4]]) }),
            NOW,
          ),
        ),
      );
      expect(results.every((r) => r.ok && r.created)).toBe(true);
      expect(await attemptCount()).toBe(before + 50);
    });

    it("stores 10 simultaneous saves of one attempt once", async () => {
      const { db } = database();
      const before = { counter: await attemptCount(), rows: await storedRows() };
      const attempt = submission({ answers: picksOf(live, [[1], [0, 2]]) });
      const results = await Promise.all(
        Array.from({ length: 10 }, () => saveAttempt(db, "u1", attempt, NOW)),
      );
      expect(results.filter((r) => r.ok && r.created)).toHaveLength(1);
      expect(results.every((r) => r.ok)).toBe(true);
      const stored = await findAttempt(db, "u1", attempt.id);
      expect(results.map((r) => r.ok && r.attempt)).toEqual(Array(10).fill(stored));
      expect(await attemptCount()).toBe(before.counter + 1);
      expect(await storedRows()).toEqual({
        attempts: before.rows.attempts + 1,
        answers: before.rows.answers + 6,
      });
    });
  });

  describe("Độ chắc chắn", () => {
    const marked = (marks: ("SURE" | "GUESS" | null)[]) =>
      picksOf(live, [[1], [2, 0], [0], [], [], [3]]).map((answer, i) => ({
        ...answer,
        confidence: marks[i] ?? null,
      }));

    it("keeps each mark, counts the lucky guesses and the confident mistakes, and makes a lucky guess a Hard card", async () => {
      const { db } = database();
      // right Đoán, right Chắc chắn, wrong Chắc chắn, right (no key) unmarked, wrong unmarked, right unmarked
      const attempt = submission({
        config: { ...CONFIG, askConfidence: true },
        // A mark on the question left unanswered (the fifth) says nothing and is not kept.
        answers: marked(["GUESS", "SURE", "SURE", null, "SURE", null]),
      });
      const saved = await saveAttempt(db, "u-sure", attempt, NOW);
      expect(saved.ok).toBe(true);
      const stored = await findAttempt(db, "u-sure", attempt.id);
      expect(stored?.config.askConfidence).toBe(true);
      expect(stored?.results.map((r) => [r.rightAnswer, r.confidence ?? null])).toEqual([
        [true, "GUESS"],
        [true, "SURE"],
        [false, "SURE"],
        [true, null],
        [false, null],
        [true, null],
      ]);
      const row = await db
        .selectFrom("attempt")
        .select(["confidence_marked", "lucky_guesses", "confident_mistakes"])
        .where("id", "=", attempt.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ confidence_marked: 3, lucky_guesses: 1, confident_mistakes: 1 });

      // The lucky guess has a card beside the two mistakes; the sure right answer has none.
      const cards = await findCards(db, "u-sure", live);
      expect(cards.map((c) => c.questionId).sort((a, b) => a - b)).toEqual(
        [live[0]!, live[2]!, live[4]!].sort((a, b) => a - b),
      );
      // Hard keeps a new card's first interval longer than Again's.
      const dueOf = (id: number) => cards.find((c) => c.questionId === id)!.due.getTime();
      expect(dueOf(live[0]!)).toBeGreaterThan(dueOf(live[2]!));

      const statistics = await userStatistics(db, "u-sure", NOW);
      expect(statistics.confidence).toEqual([
        { code: "csdl", name: "Cơ sở dữ liệu", marked: 3, luckyGuesses: 1, confidentMistakes: 1 },
      ]);
    });

    it("refuses a mark from a room that did not ask, and stores nothing", async () => {
      await expectRefused("u-sure", submission({ answers: marked(["SURE"]) }), "BAD_RESPONSE");
    });

    it("an attempt that did not ask counts in no subject's figures", async () => {
      const { db } = database();
      await saveAttempt(db, "u2", submission({ answers: picksOf(live, [[1]]) }), NOW);
      expect((await userStatistics(db, "u2", NOW)).confidence).toEqual([]);
    });
  });
});
