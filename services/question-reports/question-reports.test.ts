import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import type { ParsedQuestions } from "#content/formats/types.ts";
import { importBanks } from "#content/import-bank.ts";
import type { Bank } from "#content/formats/types.ts";
import { PARSE_JOBS } from "#content/parse-jobs.ts";
import type { ParsePool } from "#content/parse-pool.ts";
import { findAttempt, listHistoryPage } from "#db/attempts.ts";
import { findPracticeForViewer, listPracticeQuestions } from "#db/catalogue.ts";
import { saveAttempt, type AttemptSubmission } from "#services/attempts/save-attempt.ts";
import { createOwnPractice, shareOwnPractice } from "#services/own-practices/manage.ts";
import { describeEachDatabase, insertUser } from "#tests/support/databases.ts";
import { attemptSubmission } from "#tests/support/practice-fixture.ts";
import { fixQuestion, readQuestionToFix } from "./fix.ts";
import {
  catalogueQuestionReports,
  closeQuestionReports,
  ownerQuestionReports,
  reportQuestion,
  withReportsSeen,
} from "./reports.ts";
import { attemptFixes, rescoreAttempt } from "./rescore.ts";

/**
 * "Báo đáp án sai" on both databases: a student reports a key, the owner fixes it (a new
 * revision through the importer), the affected attempt's replay shows the fix and rescoring
 * changes that attempt's score only, once. Who may report and who may fix, and every refusal.
 */

/** The parse pool's jobs run in this thread: what matters here is what the service does with them. */
const inlinePool = {
  run: async (name: keyof typeof PARSE_JOBS, input: never) =>
    (PARSE_JOBS[name] as (input: never) => unknown)(input),
  ready: async () => {},
  close: async () => {},
} as unknown as ParsePool;

const ALL = { type: "PRACTICE_TIME_ALL" } as const;
const T0 = new Date("2026-11-01T02:00:00.000Z");
const noLimit = { limits: null };

function ownQuestions(): ParsedQuestions {
  return {
    chapters: [],
    questions: [
      {
        text: "Thủ đô của Việt Nam là thành phố nào?",
        answers: [
          { text: "Hà Nội", key: false }, // the wrong key the students report
          { text: "Huế", key: true },
          { text: "Đà Nẵng", key: false },
        ],
      },
      {
        text: "$2 + 3$ bằng bao nhiêu?",
        answers: [
          { text: "5", key: true },
          { text: "6", key: false },
        ],
      },
    ],
  };
}

const catalogueBank: Bank = {
  subject: { code: "mon-bao-loi", name: "Môn báo lỗi", description: "", keywords: [] },
  practices: [
    {
      code: "de-bao-loi",
      title: "Đề báo lỗi",
      description: "",
      questions: [
        {
          text: "Một cộng một?",
          answers: [
            { text: "2", key: true },
            { text: "3", key: false },
          ],
        },
      ],
    },
  ],
};

describeEachDatabase("question reports", (database) => {
  const owner = "chu-de-bao-loi";
  const student = "hoc-sinh-bao-loi";
  const other = "nguoi-la";
  const operator = "quan-tri-bao-loi";
  let shareAddress = "";
  let code = "";
  let ids: number[] = [];

  beforeAll(async () => {
    for (const id of [owner, student, other, operator]) {
      await insertUser(database(), id, { at: T0 });
    }
    await database()
      .db.insertInto("operator")
      .values({ user_id: operator, granted_at: T0.toISOString() })
      .execute();
    const db = database().db;
    ({ code } = await createOwnPractice(
      db,
      owner,
      { title: "Đề địa lý", parsed: ownQuestions() },
      noLimit,
    ));
    shareAddress = `s_${(await shareOwnPractice(db, owner, code)).token}`;
    const practice = await findPracticeForViewer(db, code, owner);
    ids = (await listPracticeQuestions(db, practice!.id, ALL)).map((q) => q.id);
    await importBanks(db, [catalogueBank], { now: T0 });
  });

  async function saveThrough(userId: string, picks: (i: number) => number[], at: Date) {
    const body = {
      ...attemptSubmission(randomUUID(), ids, { picks }),
      practiceCode: shareAddress,
    } as AttemptSubmission;
    const saved = await saveAttempt(database().db, userId, body, at);
    if (!saved.ok) throw new Error("not saved");
    return body.id;
  }

  it("report → key fix → the attempt shows the fix, and rescoring changes its score only, once", async () => {
    const db = database().db;
    // Picked "Hà Nội" (wrong by the stored key) and 5 (right): 1 of 2.
    const affected = await saveThrough(student, () => [0], T0);
    // Another attempt of the same student that picked the stored key: must not move.
    const untouched = await saveThrough(student, (i) => (i === 0 ? [1] : [0]), T0);

    await reportQuestion(
      db,
      student,
      { questionId: ids[0]!, reason: "key", note: "Thủ đô là Hà Nội.", address: shareAddress },
      noLimit,
    );
    // Everyone now sees "Đang được xem lại"; the reporter sees their own report too.
    const [seenByOther] = await withReportsSeen(db, other, [{ id: ids[0]! }]);
    expect(seenByOther!.reports).toEqual({ open: true, mine: null });
    const [seenByStudent] = await withReportsSeen(db, student, [{ id: ids[0]! }]);
    expect(seenByStudent!.reports).toEqual({ open: true, mine: { status: "open", reply: null } });
    // The owner's queue has it; the operators' queue of the catalogue does not.
    const queue = await ownerQuestionReports(db, owner);
    expect(queue).toMatchObject([
      { questionId: ids[0], number: 1, reports: [{ reason: "key", note: "Thủ đô là Hà Nội." }] },
    ]);
    expect(await catalogueQuestionReports(db, operator)).toEqual([]);

    const toFix = await readQuestionToFix(db, owner, ids[0]!);
    expect(toFix.live?.answers.map((a) => a.isKey)).toEqual([false, true, false]);
    const newId = await fixQuestion(
      db,
      inlinePool,
      owner,
      ids[0]!,
      {
        startedFrom: toFix.live!.id,
        text: toFix.live!.text,
        explanation: "Hà Nội là thủ đô từ năm 1010 (Thăng Long).",
        answers: toFix.live!.answers.map((answer, i) => ({ text: answer.text, isKey: i === 0 })),
        reply: "Cảm ơn bạn, đã sửa đáp án.",
      },
      new Date("2026-11-02T03:00:00.000Z"),
    );
    expect(newId).not.toBe(ids[0]);
    // The reports closed as fixed, with the reply; nobody sees "Đang được xem lại" any more.
    const [after] = await withReportsSeen(db, student, [{ id: newId }]);
    expect(after!.reports).toEqual({
      open: false,
      mine: { status: "fixed", reply: "Cảm ơn bạn, đã sửa đáp án." },
    });
    expect(await ownerQuestionReports(db, owner)).toEqual([]);

    // The affected attempt's replay: question 1 fixed on that day, now right; 2 of 2 under the new key.
    const attempt = (await findAttempt(db, student, affected))!;
    const fixes = (await attemptFixes(db, student, attempt))!;
    expect(fixes.questions).toEqual({
      [ids[0]!]: { fixedAt: "2026-11-02T03:00:00.000Z", rightNow: true },
    });
    expect(fixes).toMatchObject({ right: 1, rightNow: 2, original: null, mayRescore: true });

    // Rescoring: that attempt goes from 1 to 2, keeping its first score; the other one stays.
    expect(
      await rescoreAttempt(db, student, affected, new Date("2026-11-03T00:00:00.000Z")),
    ).toEqual({ right: 2, original: 1 });
    const page = await listHistoryPage(db, student, { limit: 10 });
    const scores = new Map(page.attempts.map((a) => [a.id, a.numberOfRight]));
    expect(scores.get(affected)).toBe(2);
    expect(scores.get(untouched)).toBe(2);
    const untouchedFixes = await attemptFixes(
      db,
      student,
      (await findAttempt(db, student, untouched))!,
    );
    // Picked the old key: wrong under the new one; it may be rescored down, but was not.
    expect(untouchedFixes).toMatchObject({ right: 2, rightNow: 1, mayRescore: true });
    // Once: a second tap changes nothing and says why.
    await expect(rescoreAttempt(db, student, affected)).rejects.toMatchObject({
      code: "RESCORE",
      status: 409,
    });
    const again = (await attemptFixes(db, student, (await findAttempt(db, student, affected))!))!;
    expect(again).toMatchObject({ right: 2, original: 1, mayRescore: false });
    // Its answers as judged then are kept: the replay still shows the original verdicts.
    expect((await findAttempt(db, student, affected))!.results[0]!.rightAnswer).toBe(false);
    // Somebody else cannot rescore it (not found), nor see it.
    await expect(rescoreAttempt(db, other, affected)).rejects.toMatchObject({ status: 404 });
  });

  it("refuses reports it must refuse, changing nothing", async () => {
    const db = database().db;
    const reportOf = (userId: string, input: Partial<Parameters<typeof reportQuestion>[2]>) =>
      reportQuestion(
        db,
        userId,
        { questionId: ids[1]!, reason: "typo", note: "", address: shareAddress, ...input },
        noLimit,
      );
    await expect(reportOf(student, { reason: "spam" })).rejects.toMatchObject({
      code: "BAD_REASON",
    });
    await expect(reportOf(student, { note: "x".repeat(501) })).rejects.toMatchObject({
      code: "NOTE_TOO_LONG",
    });
    await expect(reportOf(owner, {})).rejects.toMatchObject({ code: "OWN_PRACTICE" });
    // A student with neither the link nor an attempt of it: as if the question did not exist.
    await expect(reportOf(other, { address: code })).rejects.toMatchObject({ status: 404 });
    await expect(reportOf(other, { address: undefined })).rejects.toMatchObject({ status: 404 });
    await expect(reportOf(student, { questionId: 987_654 })).rejects.toMatchObject({
      status: 404,
    });
    await reportOf(student, {});
    await expect(reportOf(student, {})).rejects.toMatchObject({ code: "ALREADY", status: 409 });
    // Whoever holds the share link may report.
    await reportOf(other, { address: shareAddress });
    const rows = await db
      .selectFrom("question_report")
      .select(["reporter_id"])
      .where("question_id", "=", ids[1]!)
      .execute();
    expect(rows.map((row) => row.reporter_id).sort()).toEqual([other, student].sort());
  });

  it("a rate limit stops a flood of reports", async () => {
    const db = database().db;
    const { createDatabaseRateLimitStore } = await import("#db/rate-limits.ts");
    const limits = createDatabaseRateLimitStore(db);
    const catalogue = await findPracticeForViewer(db, "de-bao-loi", other);
    const [question] = await listPracticeQuestions(db, catalogue!.id, ALL);
    for (let n = 0; n < 20; n += 1) {
      await limits.consume(`question-report:${other}`, { window: 3600, max: 20 });
    }
    await expect(
      reportQuestion(
        db,
        other,
        { questionId: question!.id, reason: "key", note: "", address: "de-bao-loi" },
        { limits },
      ),
    ).rejects.toMatchObject({ code: "RATE_LIMITED", status: 429 });
  });

  it("only the owner fixes an own practice's question, only an operator a catalogue's; a stale fix is refused", async () => {
    const db = database().db;
    await expect(readQuestionToFix(db, student, ids[1]!)).rejects.toMatchObject({ status: 404 });
    await expect(readQuestionToFix(db, operator, ids[1]!)).rejects.toMatchObject({ status: 404 });
    const catalogue = await findPracticeForViewer(db, "de-bao-loi", student);
    const [question] = await listPracticeQuestions(db, catalogue!.id, ALL);
    await expect(readQuestionToFix(db, owner, question!.id)).rejects.toMatchObject({
      status: 404,
    });
    await reportQuestion(
      db,
      student,
      { questionId: question!.id, reason: "unclear", note: "", address: "de-bao-loi" },
      noLimit,
    );
    expect(await catalogueQuestionReports(db, operator)).toMatchObject([
      { questionId: question!.id, reports: [{ reason: "unclear" }] },
    ]);
    expect(await catalogueQuestionReports(db, student)).toEqual([]);
    const toFix = await readQuestionToFix(db, operator, question!.id);
    const fix = (startedFrom: number, changes: { text?: string; keys?: boolean[] } = {}) =>
      fixQuestion(db, inlinePool, operator, question!.id, {
        startedFrom,
        text: changes.text ?? "Một cộng một bằng mấy?",
        explanation: "",
        answers: toFix.live!.answers.map((a, i) => ({
          text: a.text,
          isKey: changes.keys?.[i] ?? a.isKey,
        })),
      });
    await expect(fix(toFix.live!.id, { text: toFix.live!.text })).rejects.toMatchObject({
      code: "INVALID",
    });
    await expect(fix(toFix.live!.id, { keys: [false, false] })).rejects.toMatchObject({
      code: "INVALID",
    });
    await expect(fix(toFix.live!.id, { text: "   " })).rejects.toMatchObject({ code: "INVALID" });
    const newId = await fix(toFix.live!.id);
    // A second fix from the same opened form: the question moved on since, refused.
    await expect(fix(toFix.live!.id)).rejects.toMatchObject({ code: "STALE", status: 409 });
    // A reword moves no key: no attempt on it may be rescored.
    const chains = await db.selectFrom("question_fix").selectAll().execute();
    expect(chains.find((row) => row.new_question_id === newId)?.keys_changed).toBe(0);
  });

  it("answering or dismissing closes the open reports with the reply", async () => {
    const db = database().db;
    await expect(closeQuestionReports(db, owner, ids[1]!, "answered", "  ")).rejects.toMatchObject({
      code: "INVALID",
    });
    await closeQuestionReports(db, owner, ids[1]!, "answered", "Đáp án 5 là đúng.");
    const [seen] = await withReportsSeen(db, student, [{ id: ids[1]! }]);
    expect(seen!.reports).toEqual({
      open: false,
      mine: { status: "answered", reply: "Đáp án 5 là đúng." },
    });
    await expect(closeQuestionReports(db, owner, ids[1]!, "dismissed", "")).rejects.toMatchObject({
      code: "NO_OPEN_REPORT",
      status: 409,
    });
    await expect(closeQuestionReports(db, student, ids[1]!, "dismissed", "")).rejects.toMatchObject(
      { status: 404 },
    );
  });
});
