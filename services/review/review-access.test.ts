import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { dataExportResponse } from "#services/data-export/data-export.ts";
import type { ParsedQuestions } from "#content/formats/types.ts";
import { listRevisionsWithPractice } from "#db/catalogue.ts";
import { findCards } from "#db/review-cards.ts";
import { userStatistics } from "#db/statistics.ts";
import { describeEachDatabase, insertUser } from "#tests/support/databases.ts";
import { attemptSubmission } from "#tests/support/practice-fixture.ts";
import { saveAttempt, type AttemptSubmission } from "#services/attempts/save-attempt.ts";
import {
  createOwnPractice,
  deleteOwnPractice,
  shareOwnPractice,
  unshareOwnPractice,
  readOwnPracticeForEdit,
  updateOwnPractice,
} from "#services/own-practices/manage.ts";
import { actOnReport } from "#services/own-practices/reports.ts";
import {
  saveReviewAttempt,
  type ReviewSubmission,
} from "#services/attempts/save-review-attempt.ts";
import { countDueToday, dueReviewQuestions } from "./review.ts";
import { roomConfig } from "#tests/support/engine-fixture.ts";

/**
 * "Ôn lỗi sai" and the data export obey who may open a practice (ADR 0012, `resolvePractice`):
 * revoking, hiding and deleting reached neither before. Anh owns a practice and shares it;
 * Bình answers it wrongly through the link. Once Bình may no longer open it, Bình's cards on it
 * are suspended: not counted, not picked, not followed to a newer revision, not accepted in a
 * review save; they come back when access does. Bình's export then names the practice by the
 * link Bình used and the title Bình saw, never by Anh's private code or current title.
 */
const T0 = new Date("2025-03-01T01:00:00.000Z"); // 08:00 in Vietnam
const at = (ms: number) => new Date(T0.getTime() + ms);

const OPERATOR = "quan-tri";

function parsed(title: string, firstText = `${title}: câu 1`): ParsedQuestions {
  return {
    chapters: [],
    questions: [firstText, `${title}: câu 2`].map((text) => ({
      text,
      answers: [
        { text: "Đúng", key: true },
        { text: "Sai", key: false },
      ],
    })),
  };
}

/** A finished review of these cards, every answer right. */
function review(questionIds: readonly number[]): ReviewSubmission {
  return {
    type: "MISTAKES",
    id: randomUUID(),
    config: roomConfig({ seed: 7 }),
    answers: questionIds.map((questionId) => ({ questionId, selectedAnswerIndexes: [0] })),
    answerOrders: null,
    totalTime: 10 * questionIds.length,
    answerSeconds: questionIds.map(() => 10),
  };
}

describeEachDatabase(
  "review and export of a practice the student may no longer open",
  (database) => {
    const db = () => database().db;

    beforeAll(async () => {
      await insertUser(database(), OPERATOR, { at: T0 });
      await db()
        .insertInto("operator")
        .values({ user_id: OPERATOR, granted_at: T0.toISOString() })
        .execute();
    });

    /**
     * Anh (the owner) and Bình (another student), new for each test so no card of another test
     * counts; Anh's practice, shared: its code, its link's address and its live questions.
     */
    async function sharedPractice(title: string) {
      const tag = randomUUID().slice(0, 8);
      const [OWNER, STUDENT] = [`anh-${tag}`, `binh-${tag}`];
      for (const id of [OWNER, STUDENT]) await insertUser(database(), id, { at: T0 });
      const { code } = await createOwnPractice(
        db(),
        OWNER,
        { title, parsed: parsed(title) },
        { limits: null, now: T0 },
      );
      const link = (await shareOwnPractice(db(), OWNER, code)).path.split("/").at(-1)!;
      return { OWNER, STUDENT, code, link, questionIds: await liveQuestions(code) };
    }

    async function liveQuestions(code: string): Promise<number[]> {
      const rows = await db()
        .selectFrom("question")
        .innerJoin("practice", "practice.id", "question.practice_id")
        .select("question.id")
        .where("practice.code", "=", code)
        .where("question.retired", "=", 0)
        .orderBy("question.idx")
        .execute();
      return rows.map((row) => row.id);
    }

    /**
     * The owner renames the practice (a title the other student never saw), then access ends
     * the given way: the link revoked, the practice hidden by an operator, or deleted.
     */
    async function renameThenEnd(
      ending: "revoked" | "hidden" | "deleted",
      owner: string,
      code: string,
      { title, renamed }: { title: string; renamed: string },
    ) {
      const startedFrom = (await readOwnPracticeForEdit(db(), owner, code))!.version;
      await updateOwnPractice(
        db(),
        owner,
        code,
        { title: renamed, parsed: parsed(title) },
        startedFrom,
        { now: at(2000) },
      );
      if (ending === "revoked") await unshareOwnPractice(db(), owner, code);
      if (ending === "hidden")
        await actOnReport(db(), OPERATOR, "hide", { practiceId: await practiceId(code) });
      if (ending === "deleted") await deleteOwnPractice(db(), owner, code, at(3000));
    }

    async function practiceId(code: string): Promise<number> {
      const row = await db()
        .selectFrom("practice")
        .select("id")
        .where("code", "=", code)
        .executeTakeFirstOrThrow();
      return row.id;
    }

    /** Every question of the practice answered (wrongly unless `right`), through `address`. */
    async function answer(userId: string, address: string, questionIds: number[], right = false) {
      const body = {
        ...attemptSubmission(randomUUID(), questionIds, { picks: () => (right ? [0] : [1]) }),
        practiceCode: address,
      } as AttemptSubmission;
      const saved = await saveAttempt(db(), userId, body, T0);
      expect(saved.ok, `save through ${address}`).toBe(true);
    }

    async function reviewOf(userId: string) {
      return {
        count: await countDueToday(db(), userId, at(60_000)),
        questions: (await dueReviewQuestions(db(), userId, at(60_000))).sort(),
      };
    }

    it("revoking a share link takes its questions out of the other student's review (count, questions, save); the owner's own review still works", async () => {
      const { OWNER, STUDENT, code, link, questionIds } = await sharedPractice("Đề thu hồi");
      await answer(STUDENT, link, questionIds);
      await answer(OWNER, code, questionIds);
      expect(await reviewOf(STUDENT)).toEqual({ count: 2, questions: [...questionIds].sort() });

      await unshareOwnPractice(db(), OWNER, code);
      expect(await reviewOf(STUDENT)).toEqual({ count: 0, questions: [] });
      const refused = await saveReviewAttempt(db(), STUDENT, review(questionIds), at(60_000));
      expect(refused).toEqual({ ok: false, refusal: "PRACTICE_CLOSED" });
      // Suspended, not dropped: the cards are still there, untouched.
      expect(await findCards(db(), STUDENT, questionIds)).toHaveLength(2);

      expect(await reviewOf(OWNER)).toEqual({ count: 2, questions: [...questionIds].sort() });
      const own = await saveReviewAttempt(db(), OWNER, review(questionIds), at(60_000));
      expect(own.ok).toBe(true);
    });

    it("a revision made after the revocation is not followed; a re-shared link brings the cards back only once the student practises through it", async () => {
      const { OWNER, STUDENT, code, link, questionIds } = await sharedPractice("Đề sửa sau");
      await answer(STUDENT, link, questionIds);
      await unshareOwnPractice(db(), OWNER, code);
      // Question 1 reworded (the same key): a new revision Bình never saw.
      await updateOwnPractice(
        db(),
        OWNER,
        code,
        { title: "Đề sửa sau", parsed: parsed("Đề sửa sau", "Câu 1 viết lại sau khi thu hồi") },
        (await readOwnPracticeForEdit(db(), OWNER, code))!.version,
        { now: at(1000) },
      );
      const [reworded, kept] = await liveQuestions(code);
      expect(reworded).not.toBe(questionIds[0]);
      expect(kept).toBe(questionIds[1]);

      expect(await reviewOf(STUDENT)).toEqual({ count: 0, questions: [] });
      const cards = (await findCards(db(), STUDENT, [...questionIds, reworded!])).map(
        (c) => c.questionId,
      );
      expect(cards.sort()).toEqual([...questionIds].sort());

      // Shared again: a new link. The old one, which Bình holds, still opens nothing.
      const newLink = (await shareOwnPractice(db(), OWNER, code)).path.split("/").at(-1)!;
      expect(newLink).not.toBe(link);
      expect(await reviewOf(STUDENT)).toEqual({ count: 0, questions: [] });
      // Bình practises through the new link (all right: no new card): the old cards are back,
      // question 1's on the reworded revision Bình may now open.
      await answer(STUDENT, newLink, [reworded!, kept!], true);
      expect((await reviewOf(STUDENT)).questions).toEqual([reworded, kept].sort());
    });

    it("hiding by an operator takes the practice out of the other student's review, and showing it again brings it back; its owner keeps reviewing", async () => {
      const { OWNER, STUDENT, code, link, questionIds } = await sharedPractice("Đề bị ẩn");
      await answer(STUDENT, link, questionIds);
      await answer(OWNER, code, questionIds);
      const id = await practiceId(code);

      await actOnReport(db(), OPERATOR, "hide", { practiceId: id });
      expect(await reviewOf(STUDENT)).toEqual({ count: 0, questions: [] });
      expect(await saveReviewAttempt(db(), STUDENT, review(questionIds), at(60_000))).toEqual({
        ok: false,
        refusal: "PRACTICE_CLOSED",
      });
      expect((await reviewOf(OWNER)).questions).toEqual([...questionIds].sort());

      await actOnReport(db(), OPERATOR, "unhide", { practiceId: id });
      expect(await reviewOf(STUDENT)).toEqual({ count: 2, questions: [...questionIds].sort() });
    });

    it("deleting the practice takes it out of every review, its owner's too", async () => {
      const { OWNER, STUDENT, code, link, questionIds } = await sharedPractice("Đề bị xóa");
      await answer(STUDENT, link, questionIds);
      await answer(OWNER, code, questionIds);
      await deleteOwnPractice(db(), OWNER, code, at(1000));
      for (const user of [STUDENT, OWNER]) {
        expect(await reviewOf(user), user).toEqual({ count: 0, questions: [] });
        expect(await saveReviewAttempt(db(), user, review(questionIds), at(60_000))).toEqual({
          ok: false,
          refusal: "PRACTICE_CLOSED",
        });
      }
    });

    for (const ending of ["revoked", "hidden", "deleted"] as const) {
      it(`the export of a student who answered through a link now ${ending} names neither the owner's private code nor its current title`, async () => {
        const title = `Đề xuất ${ending}`;
        const { OWNER, STUDENT: student, code, link, questionIds } = await sharedPractice(title);
        await answer(student, link, questionIds);
        // A review of those mistakes while still shared: an attempt of no practice.
        expect((await saveReviewAttempt(db(), student, review(questionIds), at(60_000))).ok).toBe(
          true,
        );

        const renamed = `Tên mới bí mật ${ending}`;
        await renameThenEnd(ending, OWNER, code, { title, renamed });

        const user = { id: student, fullName: student, email: `${student}@example.com` };
        for (const format of ["json", "csv"] as const) {
          const text = await dataExportResponse(db(), user, format, at(DAY_MS)).text();
          expect(text, format).not.toContain(code);
          expect(text, format).not.toContain(renamed);
          // What Bình saw: the link's address and the title as it was.
          expect(text, format).toContain(title);
          if (format === "json") {
            const exported = JSON.parse(text) as {
              attempts: { answers: { practice: { code: string; title: string } }[] }[];
            };
            const practices = exported.attempts.flatMap((a) => a.answers.map((x) => x.practice));
            expect(practices).toHaveLength(4);
            for (const practice of practices) expect(practice).toEqual({ code: link, title });
          }
        }
      });

      it(`the statistics of a student who answered through a link now ${ending} name neither the owner's private code nor its current title`, async () => {
        const title = `Đề thống kê ${ending}`;
        const { OWNER, STUDENT, code, link, questionIds } = await sharedPractice(title);
        await answer(STUDENT, link, questionIds);
        const renamed = `Tên mới bí mật trong thống kê ${ending}`;
        await renameThenEnd(ending, OWNER, code, { title, renamed });

        const statistics = JSON.stringify(await userStatistics(db(), STUDENT, at(DAY_MS)));
        expect(statistics).not.toContain(code);
        expect(statistics).not.toContain(renamed);
        expect(statistics).toContain(title);
      });

      it(`the replay of a review names a practice now ${ending} by the title the student saw, not its current one`, async () => {
        const title = `Đề ôn lại ${ending}`;
        const { OWNER, STUDENT, code, link, questionIds } = await sharedPractice(title);
        await answer(STUDENT, link, questionIds);
        await answer(OWNER, code, questionIds);
        expect(
          (await listRevisionsWithPractice(db(), questionIds, STUDENT)).map((q) => q.practiceTitle),
        ).toEqual([title, title]);

        const renamed = `Tên mới bí mật khi ôn ${ending}`;
        await renameThenEnd(ending, OWNER, code, { title, renamed });

        const replayed = await listRevisionsWithPractice(db(), questionIds, STUDENT);
        expect(replayed.map((q) => q.practiceTitle)).toEqual([title, title]);
        // Its owner, who may still open it unless deleted, sees it as it is now; deleted, as
        // their own latest attempt saw it.
        const owners = await listRevisionsWithPractice(db(), questionIds, OWNER);
        expect(owners.map((q) => q.practiceTitle)).toEqual(
          ending === "deleted" ? [title, title] : [renamed, renamed],
        );
      });
    }
  },
);

const DAY_MS = 24 * 60 * 60 * 1000;
