import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { importBanks } from "#content/import-bank.ts";
import type { Bank } from "#content/formats/types.ts";
import { describeEachDatabase, insertUser } from "#tests/support/databases.ts";
import { listQuestionsByCode } from "#tests/support/catalogue.ts";
import { attemptSubmission } from "#tests/support/practice-fixture.ts";
import { saveAttempt, type AttemptSubmission } from "./save-attempt.ts";
import {
  answerShares,
  MIN_ANSWERED,
  rollUpAnswerShares,
  suspectKeys,
  SUSPECT_MIN_STRONG,
} from "./answer-shares.ts";

/**
 * "How others answered" on both databases: after 100 saved attempts the shares are the counts of
 * the attempts themselves, an attempt is counted once however often the roll-up runs, and a
 * revision with fewer than MIN_ANSWERED answers shows none.
 */
const ALL = { type: "PRACTICE_TIME_ALL" } as const;
const T0 = new Date("2025-03-01T01:00:00.000Z");

const bank: Bank = {
  subject: { code: "mon-chia-se", name: "Môn chia sẻ", description: "", keywords: [] },
  practices: [
    {
      code: "de-thu",
      title: "Đề thử",
      description: "",
      questions: Array.from({ length: 5 }, (_, i) => ({
        text: `Câu ${i + 1}`,
        answers: [
          { text: `Một ${i}`, key: true },
          { text: `Hai ${i}`, key: i === 4 },
          { text: `Ba ${i}`, key: false },
          { text: `Bốn ${i}`, key: false },
        ],
      })),
    },
  ],
};

describeEachDatabase("answer shares", (database) => {
  let ids: number[] = [];

  beforeAll(async () => {
    await importBanks(database().db, [bank], { now: T0 });
    ids = (await listQuestionsByCode(database().db, "de-thu", ALL)).map((q) => q.id);
    for (let u = 0; u < 10; u += 1) await insertUser(database(), `hs-${u}`, { at: T0 });
  });

  /** Attempt n of a user: picks that vary with n; question 5 (two keys) gets two picks, the last sometimes none. */
  const picksOf = (n: number) => (i: number) =>
    i === 4 ? [n % 4, (n + 1) % 4] : i === 3 && n % 7 === 0 ? [] : [(n * (i + 1)) % 4];

  it("after 100 saved attempts the shares equal the counts from the attempts themselves, counted once", async () => {
    const db = database().db;
    const expected = ids.map(() => ({ answered: 0, picks: [0, 0, 0, 0] }));
    for (let n = 0; n < 100; n += 1) {
      const picks = picksOf(n);
      const body = attemptSubmission(randomUUID(), ids, { picks }) as AttemptSubmission;
      const saved = await saveAttempt(db, `hs-${n % 10}`, body, new Date(T0.getTime() + n));
      expect(saved.ok).toBe(true);
      ids.forEach((_, i) => {
        const chosen = picks(i);
        if (chosen.length === 0) return;
        expected[i]!.answered += 1;
        for (const idx of chosen) expected[i]!.picks[idx]! += 1;
      });
      // The roll-up runs while saves go on: every attempt is still counted once.
      if (n === 37) await rollUpAnswerShares(db);
    }
    await rollUpAnswerShares(db);
    expect(await rollUpAnswerShares(db)).toBe(0);

    const shares = await answerShares(db, ids);
    ids.forEach((id, i) => {
      const { answered, picks } = expected[i]!;
      const share = shares.get(id)!;
      expect(share.answered).toBe(answered);
      // An answer nobody picked may be left off the end: 0%.
      expect(picks.map((_, idx) => share.percents[idx] ?? 0)).toEqual(
        picks.map((p) => Math.round((p / answered) * 100)),
      );
    });
    expect(shares.get(ids[3]!)?.answered).toBe(100 - 15); // n % 7 === 0: 15 attempts without a pick
    // The raw counts as stored, too.
    const stored = await db.selectFrom("answer_share").selectAll().orderBy("question_id").execute();
    expect(
      stored.map((row) => {
        const picks = JSON.parse(row.picks) as number[];
        return { answered: row.answered, picks: [0, 1, 2, 3].map((idx) => picks[idx] ?? 0) };
      }),
    ).toEqual(expected);
  });

  it("shows nothing below the minimum of answers", async () => {
    const db = database().db;
    await importBanks(
      db,
      [{ ...bank, practices: [{ ...bank.practices[0]!, code: "de-it", title: "Đề ít" }] }],
      { now: T0 },
    );
    const few = (await listQuestionsByCode(db, "de-it", ALL)).map((q) => q.id);
    for (let n = 0; n < MIN_ANSWERED; n += 1) {
      const body = {
        ...attemptSubmission(randomUUID(), few, { picks: () => [0] }),
        practiceCode: "de-it",
      } as AttemptSubmission;
      expect((await saveAttempt(db, "hs-0", body, T0)).ok).toBe(true);
      await rollUpAnswerShares(db);
      const shown = (await answerShares(db, few)).get(few[0]!);
      if (n + 1 < MIN_ANSWERED) expect(shown).toBeUndefined();
      else expect(shown).toEqual({ answered: MIN_ANSWERED, percents: [100] });
    }
  });

  it("a key most strong attempts miss is flagged to the practice's owner and to operators, no one else", async () => {
    const db = database().db;
    // Six questions; the last one's key is wrong: whoever knows the subject picks "Hai".
    const code = "de-cua-an";
    await importBanks(
      db,
      [
        {
          ...bank,
          practices: [
            {
              code,
              title: "Đề của An",
              description: "",
              questions: Array.from({ length: 6 }, (_, i) => ({
                text: i === 5 ? "Câu có đáp án nhầm: $1+1$ bằng mấy?" : `Câu đúng ${i + 1}`,
                answers: [
                  { text: "Một", key: i !== 5 },
                  { text: "Hai", key: i === 5 ? false : false },
                  { text: "Ba", key: i === 5 },
                ],
              })),
            },
          ],
        },
      ],
      { now: T0 },
    );
    const practice = await db
      .selectFrom("practice")
      .select("id")
      .where("code", "=", code)
      .executeTakeFirstOrThrow();
    for (const id of ["an-chu-de", "binh-khac", "cuong-van-hanh"]) {
      await insertUser(database(), id, { at: T0 });
    }
    await db
      .insertInto("operator")
      .values({ user_id: "cuong-van-hanh", granted_at: T0.toISOString() })
      .execute();
    const six = (await listQuestionsByCode(db, code, ALL)).map((q) => q.id);
    /** The practice as An's own (made after the saves that need it open to everyone). */
    const makeItAnsOwn = () =>
      db
        .insertInto("own_practice")
        .values({
          practice_id: practice.id,
          owner_id: "an-chu-de",
          subject_name: null,
          share_token: null,
          deleted_at: null,
          blocked_at: null,
          created_at: T0.toISOString(),
          updated_at: T0.toISOString(),
        })
        .execute();
    const save = async (n: number, picks: (i: number) => number[]) => {
      const body = {
        ...attemptSubmission(randomUUID(), six, { picks }),
        practiceCode: code,
      } as AttemptSubmission;
      expect((await saveAttempt(db, `hs-${n % 10}`, body, T0)).ok).toBe(true);
    };
    // Strong attempts (5 of 6 right) that all pick "Hai" on the last: one fewer than needed first.
    for (let n = 0; n < SUSPECT_MIN_STRONG - 1; n += 1) await save(n, (i) => (i === 5 ? [1] : [0]));
    // Weak attempts that miss everything do not count for or against.
    for (let n = 0; n < 5; n += 1) await save(n, () => [1]);
    await rollUpAnswerShares(db);
    // Made An's own practice only now: the attempts above came from students it was open to.
    await makeItAnsOwn();
    expect(await suspectKeys(db, "an-chu-de")).toEqual([]);

    await db.deleteFrom("own_practice").where("practice_id", "=", practice.id).execute();
    await save(99, (i) => (i === 5 ? [1] : [0]));
    await makeItAnsOwn();

    await rollUpAnswerShares(db);
    const flagged = [
      {
        practiceCode: code,
        practiceTitle: "Đề của An",
        number: 6,
        excerpt: "Câu có đáp án nhầm: 1+1 bằng mấy?",
        strongAnswered: SUSPECT_MIN_STRONG,
        strongRight: 0,
      },
    ];
    // The owner opens it on the fix page (ADR 0032).
    expect(await suspectKeys(db, "an-chu-de")).toEqual([{ ...flagged[0], fixId: six[5] }]);
    // An operator sees every practice's (the other tests' practices have their own), but fixes
    // only the catalogue's: An's is An's to fix.
    expect(
      (await suspectKeys(db, "cuong-van-hanh")).filter((key) => key.practiceCode === code),
    ).toEqual([{ ...flagged[0], fixId: null }]);
    expect(await suspectKeys(db, "cuong-van-hanh", { ownOnly: true })).toEqual([]);
    expect(await suspectKeys(db, "binh-khac")).toEqual([]);
    // A deleted practice is no longer the owner's to fix.
    await db
      .updateTable("own_practice")
      .set({ deleted_at: T0.toISOString() })
      .where("practice_id", "=", practice.id)
      .execute();
    expect(await suspectKeys(db, "an-chu-de")).toEqual([]);
  });
});
