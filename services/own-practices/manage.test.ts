import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { OWN_PRACTICES_PER_USER } from "#base/limits.ts";
import type { ParsedQuestions } from "#content/formats/types.ts";
import { listAttemptsOfPractice } from "#db/attempts.ts";
import {
  findPracticeForViewer,
  listPracticeQuestions,
  listQuestionRevisions,
} from "#db/catalogue.ts";
import { practiceOfQuestionIsDeleted, purgeOrphanPractices } from "#db/own-practices.ts";
import { userStatistics } from "#db/statistics.ts";
import { listSubjects } from "#db/subjects.ts";
import { describeEachDatabase, insertUser } from "#tests/support/databases.ts";
import { attemptSubmission } from "#tests/support/practice-fixture.ts";
import { saveAttempt } from "#services/attempts/save-attempt.ts";
import { actOnReport, listReports, reportPractice } from "./reports.ts";
import {
  createOwnPractice,
  deleteOwnPractice,
  listOwnPractices,
  isOwnPracticeError,
  OwnPracticeError,
  readOwnPracticeForEdit,
  redactShareTokens,
  shareOwnPractice,
  unshareOwnPractice,
  updateOwnPractice,
} from "./manage.ts";

function questions(count: number, prefix = "Câu"): ParsedQuestions {
  return {
    chapters: [],
    questions: Array.from({ length: count }, (_, i) => ({
      text: `${prefix} ${i + 1}: 2 + ${i} = ?`,
      answers: [
        { text: String(2 + i), key: true },
        { text: String(3 + i), key: false },
      ],
      line: i * 4 + 1,
    })),
  };
}

const noLimit = { limits: null };

describeEachDatabase("own practices", (database) => {
  const owner = "chu-de";
  const other = "nguoi-khac";
  const admin = "quan-tri";

  async function users() {
    for (const id of [owner, other, admin]) await insertUser(database(), id);
    await database()
      .db.insertInto("operator")
      .values({ user_id: admin, granted_at: new Date().toISOString() })
      .execute();
  }

  /** What each viewer gets at each address: the set-up page, the room, the questions, a save. */
  async function canOpen(address: string, viewer: string | null): Promise<boolean> {
    const practice = await findPracticeForViewer(database().db, address, viewer);
    return practice !== null;
  }

  async function save(address: string, userId: string, picks?: (index: number) => number[]) {
    const practice = await findPracticeForViewer(database().db, address, owner);
    const ids = practice
      ? (
          await listPracticeQuestions(database().db, practice.id, { type: "PRACTICE_TIME_ALL" })
        ).map((q) => q.id)
      : [1];
    return saveAttempt(database().db, userId, {
      ...attemptSubmission(randomUUID(), ids, { picks }),
      practiceCode: address,
    } as never);
  }

  it("creates a private practice only its owner (and an operator) can open, never listed", async () => {
    await users();
    const { db } = database();
    const { code } = await createOwnPractice(
      db,
      owner,
      { title: "Sinh học 10", subjectName: "Sinh", parsed: questions(3) },
      noLimit,
    );
    expect(code).toMatch(/^u_/);
    expect(await canOpen(code, owner)).toBe(true);
    expect(await canOpen(code, admin)).toBe(true);
    expect(await canOpen(code, other)).toBe(false);
    expect(await canOpen(code, null)).toBe(false);
    expect((await save(code, other)).ok).toBe(false);
    expect((await save(code, owner)).ok).toBe(true);
    // A wrong run makes review cards ("Ôn lỗi sai") on its questions, as on a bank's.
    expect((await save(code, owner, () => [1])).ok).toBe(true);
    const cards = await db
      .selectFrom("review_card")
      .select("question_id")
      .where("user_id", "=", owner)
      .execute();
    expect(cards).toHaveLength(3);
    // Never in the catalogue: the system subject is not listed.
    expect((await listSubjects(db)).map((s) => s.code)).not.toContain("_cua-hoc-sinh");
    const [row] = await listOwnPractices(db, owner);
    expect(row).toMatchObject({
      code,
      title: "Sinh học 10",
      subjectName: "Sinh",
      questionCount: 3,
      attemptCount: 2,
      sharePath: null,
    });
    expect(row!.lastPractisedAt).not.toBeNull();
    expect(await listOwnPractices(db, other)).toEqual([]);
  });

  it("shares by an unguessable link anyone can open; revoking ends it, a new share is a new link", async () => {
    const { db } = database();
    const code = (await listOwnPractices(db, owner))[0]?.code;
    await expect(shareOwnPractice(db, other, code!)).rejects.toBeInstanceOf(OwnPracticeError);
    const { path, token } = await shareOwnPractice(db, owner, code!);
    expect(token.length).toBeGreaterThanOrEqual(24);
    const address = path.split("/").at(-1)!;
    expect(address).toBe(`s_${token}`);
    for (const viewer of [owner, other, admin, null])
      expect(await canOpen(address, viewer)).toBe(true);
    expect(await canOpen(code!, other)).toBe(false);
    const saved = await save(address, other);
    expect(saved.ok).toBe(true);
    // The other user's history names the practice by the link, and lists it on its page.
    const practice = (await findPracticeForViewer(db, address, other))!;
    expect(await listAttemptsOfPractice(db, other, practice.id, 10)).toHaveLength(1);
    // Statistics link it back through the link while it works.
    const stats = async () => (await userStatistics(db, other, new Date())).practices[0];
    expect(await stats()).toMatchObject({ code: address, hidden: false });
    const mine = (await userStatistics(db, owner, new Date())).practices[0];
    expect(mine).toMatchObject({ code: code!, hidden: false });
    expect(redactShareTokens(`/practice-review/${address}?x=1`)).toBe("/practice-review/s_…?x=1");
    expect(redactShareTokens(`/login?redirectTo=%2Fpractice-review%2F${address}`)).toBe(
      "/login?redirectTo=%2Fpractice-review%2Fs_…",
    );

    await expect(unshareOwnPractice(db, other, code!)).rejects.toBeInstanceOf(OwnPracticeError);
    await unshareOwnPractice(db, owner, code!);
    for (const viewer of [owner, other, admin, null])
      expect(await canOpen(address, viewer)).toBe(false);
    expect((await save(address, other)).ok).toBe(false);
    expect(await stats()).toMatchObject({ hidden: true });
    const again = await shareOwnPractice(db, owner, code!);
    expect(again.token).not.toBe(token);
    expect(await canOpen(address, other)).toBe(false);
    expect(await canOpen(`s_${again.token}`, other)).toBe(true);
  });

  it("a report reaches operators, whose hide gives not-found to everyone but the owner", async () => {
    const { db } = database();
    const [row] = await listOwnPractices(db, owner);
    const address = row!.sharePath!.split("/").at(-1)!;
    // Only through the share link, never one's own, never empty, never by a non-operator.
    await expect(reportPractice(db, other, row!.code, "Sai")).rejects.toMatchObject({
      status: 404,
    });
    await expect(reportPractice(db, owner, address, "Sai")).rejects.toMatchObject({ status: 400 });
    await expect(reportPractice(db, other, address, "  ")).rejects.toMatchObject({ status: 400 });
    await reportPractice(db, other, address, "Đáp án câu 2 sai", { limits: null });
    await expect(listReports(db, other)).rejects.toMatchObject({ status: 404 });
    const [report] = await listReports(db, admin);
    expect(report).toMatchObject({
      practiceId: row!.id,
      reason: "Đáp án câu 2 sai",
      blocked: false,
    });
    await expect(actOnReport(db, other, "hide", { practiceId: row!.id })).rejects.toMatchObject({
      status: 404,
    });
    await actOnReport(db, admin, "hide", { practiceId: row!.id });
    expect((await listOwnPractices(db, owner))[0]!.blocked).toBe(true);
    expect(await canOpen(address, other)).toBe(false);
    expect(await canOpen(address, null)).toBe(false);
    const mine = await findPracticeForViewer(db, row!.code, owner);
    expect(mine?.own).toMatchObject({ isOwner: true, blocked: true });
    await actOnReport(db, admin, "unhide", { practiceId: row!.id });
    expect(await canOpen(address, other)).toBe(true);
    await actOnReport(db, admin, "resolve", { reportId: report!.id });
    expect(await listReports(db, admin)).toEqual([]);
    // Reports are rate-limited per user.
    const outcomes: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      outcomes.push(
        await reportPractice(db, admin, address, `Lý do ${i}`).then(
          () => 200,
          (error: OwnPracticeError) => error.status,
        ),
      );
    }
    expect(outcomes.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(outcomes[10]).toBe(429);
  });

  it("an edit makes new revisions, so earlier attempts replay as answered", async () => {
    const { db } = database();
    const [row] = await listOwnPractices(db, owner);
    const before = await findPracticeForViewer(db, row!.code, owner);
    const edited = questions(3);
    edited.questions[1]!.text = "Câu 2 đã sửa";
    await expect(
      updateOwnPractice(db, other, row!.code, { title: "X", parsed: edited }, 1),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await updateOwnPractice(
      db,
      owner,
      row!.code,
      { title: "Sinh học 10 (sửa)", parsed: edited },
      1,
    );
    const after = await findPracticeForViewer(db, row!.code, owner);
    expect(after!.contentVersion).toBe(before!.contentVersion + 1);
    expect(after!.title).toBe("Sinh học 10 (sửa)");
    const read = await readOwnPracticeForEdit(db, owner, row!.code);
    expect(read?.parsed.questions.map((q) => q.text)[1]).toBe("Câu 2 đã sửa");
    expect(read?.subjectName).toBeUndefined();
    expect(await readOwnPracticeForEdit(db, other, row!.code)).toBeNull();
    // The owner's first attempt still names the old revision, which is still readable.
    const old = await db
      .selectFrom("attempt_answer")
      .select("question_id")
      .where("user_id", "=", owner)
      .execute();
    expect(
      await listQuestionRevisions(
        db,
        old.map((a) => a.question_id),
      ),
    ).toHaveLength(3);
  });

  it("refuses what the importer refuses, and more than the limits", async () => {
    const { db } = database();
    const bad = questions(2);
    bad.questions[1]!.answers = bad.questions[1]!.answers.map((a) => ({ ...a, key: false }));
    await expect(
      createOwnPractice(db, owner, { title: "Lỗi", parsed: bad }, noLimit),
    ).rejects.toMatchObject({ code: "INVALID", message: expect.stringContaining("câu 2") });
    await expect(
      createOwnPractice(db, owner, { title: " ", parsed: questions(1) }, noLimit),
    ).rejects.toMatchObject({ code: "TITLE_REQUIRED" });
    await expect(
      createOwnPractice(db, owner, { title: "Dài", parsed: questions(2001) }, noLimit),
    ).rejects.toMatchObject({ code: "TOO_MANY_QUESTIONS" });
    const huge = questions(2);
    huge.questions[0]!.text = "x".repeat(2 * 1024 * 1024);
    await expect(
      createOwnPractice(db, owner, { title: "Lớn", parsed: huge }, noLimit),
    ).rejects.toMatchObject({ code: "TOO_LARGE" });
    // Rate limit: the default store counts creations per user.
    const counts: string[] = [];
    for (let i = 0; i < 21; i += 1) {
      try {
        await createOwnPractice(db, other, { title: `Đề ${i}`, parsed: questions(1) });
        counts.push("ok");
      } catch (error) {
        counts.push((error as OwnPracticeError).code);
      }
    }
    expect(counts.filter((c) => c === "ok")).toHaveLength(20);
    expect(counts.at(-1)).toBe("RATE_LIMITED");
    // 50 practices per user.
    for (let i = 20; i < OWN_PRACTICES_PER_USER; i += 1) {
      await createOwnPractice(db, other, { title: `Đề ${i}`, parsed: questions(1) }, noLimit);
    }
    await expect(
      createOwnPractice(db, other, { title: "Thừa", parsed: questions(1) }, noLimit),
    ).rejects.toMatchObject({ code: "TOO_MANY_PRACTICES", status: 409 });
  });

  it("deletes an unattempted practice outright; an attempted one is kept for replays, marked", async () => {
    const { db } = database();
    const others = await listOwnPractices(db, other);
    const unattempted = others[0]!;
    await expect(deleteOwnPractice(db, owner, unattempted.code)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await deleteOwnPractice(db, other, unattempted.code);
    expect(
      await db.selectFrom("practice").select("id").where("id", "=", unattempted.id).execute(),
    ).toEqual([]);

    const [row] = await listOwnPractices(db, owner);
    const sharedAddress = row!.sharePath!.split("/").at(-1)!;
    await deleteOwnPractice(db, owner, row!.code);
    for (const viewer of [owner, other, admin, null]) {
      expect(await canOpen(row!.code, viewer)).toBe(false);
      expect(await canOpen(sharedAddress, viewer)).toBe(false);
    }
    expect(await listOwnPractices(db, owner)).toEqual([]);
    const answer = await db
      .selectFrom("attempt_answer")
      .select("question_id")
      .where("user_id", "=", other)
      .executeTakeFirstOrThrow();
    expect(await practiceOfQuestionIsDeleted(db, answer.question_id)).toBe(true);
  });

  it("deleting an account removes its ownership; practices nobody attempted are purged", async () => {
    const { db } = database();
    const before = await db.selectFrom("practice").select("id").execute();
    await db.deleteFrom("user").where("id", "=", other).execute();
    expect(
      await db
        .selectFrom("own_practice")
        .select("practice_id")
        .where("owner_id", "=", other)
        .execute(),
    ).toEqual([]);
    const purged = await purgeOrphanPractices(db);
    expect(purged).toBe(OWN_PRACTICES_PER_USER - 1);
    const after = await db.selectFrom("practice").select("id").execute();
    expect(before.length - after.length).toBe(purged);
  });
  it("two edits from one starting version: the later one is refused (409) and changes nothing", async () => {
    const { db } = database();
    const { code } = await createOwnPractice(
      db,
      owner,
      { title: "Hai thẻ", parsed: questions(3) },
      noLimit,
    );
    const startedFrom = (await readOwnPracticeForEdit(db, owner, code))!.version;
    const first = questions(3);
    first.questions[0]!.text = "Câu 1 sửa ở thẻ thứ nhất";
    const second = questions(3);
    second.questions[1]!.text = "Câu 2 sửa ở thẻ thứ hai";
    await updateOwnPractice(db, owner, code, { title: "Hai thẻ", parsed: first }, startedFrom);
    await expect(
      updateOwnPractice(
        db,
        owner,
        code,
        { title: "Hai thẻ (thẻ 2)", subjectName: "Toán", parsed: second },
        startedFrom,
      ),
    ).rejects.toMatchObject({ code: "STALE_EDIT", status: 409 });
    const now = await readOwnPracticeForEdit(db, owner, code);
    expect(now!.version).toBe(startedFrom + 1);
    expect(now!.title).toBe("Hai thẻ");
    expect(now!.subjectName).toBeUndefined();
    expect(now!.parsed.questions.map((q) => q.text).slice(0, 2)).toEqual([
      "Câu 1 sửa ở thẻ thứ nhất",
      "Câu 2: 2 + 1 = ?",
    ]);
  });

  it("two edits from one version sent at the same moment: exactly one is saved", async () => {
    const { db } = database();
    const { code } = await createOwnPractice(
      db,
      owner,
      { title: "Cùng lúc", parsed: questions(2) },
      noLimit,
    );
    const startedFrom = (await readOwnPracticeForEdit(db, owner, code))!.version;
    const outcomes = await Promise.allSettled(
      ["Thẻ A", "Thẻ B"].map((title) =>
        updateOwnPractice(db, owner, code, { title, parsed: questions(2, title) }, startedFrom),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "STALE_EDIT" });
    const now = await readOwnPracticeForEdit(db, owner, code);
    expect(now!.version).toBe(startedFrom + 1);
    expect(now!.parsed.questions[0]!.text.startsWith(now!.title)).toBe(true);
  });
});

it("tells its refusals from other errors by name and code, as a copy of the class bundled apart would", () => {
  const refusal = new OwnPracticeError("NOT_FOUND", "Không tìm thấy", 404);
  expect(isOwnPracticeError(refusal)).toBe(true);
  expect(
    isOwnPracticeError(
      Object.assign(new Error("x"), { name: "OwnPracticeError", code: "INVALID" }),
    ),
  ).toBe(true);
  expect(isOwnPracticeError(new Error("NOT_FOUND"))).toBe(false);
  expect(isOwnPracticeError(null)).toBe(false);
});
