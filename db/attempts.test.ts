import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { listHistoryPage, listPracticedPractices } from "#db/attempts.ts";
import { describeEachDatabase, insertUser } from "#tests/support/databases.ts";
import { attemptSubmission, importTinyPractice } from "#tests/support/practice-fixture.ts";
import { saveAttempt, type AttemptSubmission } from "#services/attempts/save-attempt.ts";

/** The history's pages: keyset paging newest first, filters, nobody else's. */
describeEachDatabase("history pages", (database) => {
  const saved: string[] = [];

  beforeAll(async () => {
    const { db } = database();
    const ids = await importTinyPractice(db, 2);
    for (const id of ["pager", "stranger"]) await insertUser(database(), id);
    // 25 attempts, two of them in the same millisecond (the id breaks the tie).
    for (let i = 0; i < 25; i++) {
      const id = randomUUID();
      const at = new Date(Date.UTC(2025, 2, 1, 8, Math.min(i, 23)));
      const body = attemptSubmission(id, ids) as AttemptSubmission;
      expect((await saveAttempt(db, "pager", body, at)).ok).toBe(true);
      saved.push(id);
    }
  });

  it("pages through every attempt once, newest first, whatever the ties", async () => {
    const { db } = database();
    const seen: string[] = [];
    let before = null;
    for (;;) {
      const page = await listHistoryPage(db, "pager", { before, limit: 10 });
      seen.push(...page.attempts.map((a) => a.id));
      if (!page.more) break;
      const last = page.attempts.at(-1)!;
      before = { createdAt: last.createdAt, id: last.id };
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    const times = seen.map((id) => saved.indexOf(id));
    expect(times[0]).toBeGreaterThanOrEqual(23);
  });

  it("filters by subject and practice, and shows another user nothing", async () => {
    const { db } = database();
    const bySubject = await listHistoryPage(db, "pager", { subjectCode: "mon-thu", limit: 50 });
    expect(bySubject.attempts).toHaveLength(25);
    const byPractice = await listHistoryPage(db, "pager", { practiceCode: "de-thu", limit: 5 });
    expect(byPractice).toMatchObject({ more: true });
    expect(byPractice.attempts).toHaveLength(5);
    expect(
      (await listHistoryPage(db, "pager", { practiceCode: "khong-co", limit: 5 })).attempts,
    ).toEqual([]);
    expect((await listHistoryPage(db, "stranger", { limit: 50 })).attempts).toEqual([]);
    expect(await listPracticedPractices(db, "pager")).toEqual([
      { code: "de-thu", title: "Đề thử", subjectCode: "mon-thu", subjectName: "Môn thử" },
    ]);
    expect(await listPracticedPractices(db, "stranger")).toEqual([]);
  });
});
