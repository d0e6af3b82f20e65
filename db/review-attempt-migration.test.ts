import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachDatabase } from "#tests/support/databases.ts";
import { insertTinyPracticeRows } from "#tests/support/practice-fixture.ts";
import { createMigrator, migrateToLatest } from "./migrate.ts";

/**
 * Migration 0010 rebuilds the attempt tables so a MISTAKES attempt can have no
 * practice: the rows stored before come through with their answers, the indexes of 0006 and
 * 0009 are there again, "no practice" is allowed for MISTAKES only, and going back down is
 * refused while a review is stored.
 */
const BEFORE = "0009-attempt-history-index";
const ATTEMPT = "5a1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
const REVIEW = "6a1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";

describeEachDatabase("migration 0010: attempts without a practice", (database) => {
  function attemptRow(id: string, type: string, practiceId: number | null) {
    return {
      id,
      user_id: "migrant",
      practice_id: practiceId,
      practice_code: practiceId === null ? "" : "de-thu",
      practice_title: "Đề thử",
      description: "Tất cả",
      type,
      chapter_idx: null,
      range_start: null,
      range_end: null,
      practice_type: "FLAT",
      config: "{}",
      answer_orders: null,
      number_of_right: 1,
      number_of_wrong: 0,
      question_count: 1,
      total_time: 5,
      content_version: 1,
      created_at: "2025-03-01T01:00:00.000Z",
    };
  }

  async function indexesOfAttempt(): Promise<string[]> {
    const { db, dialect } = database();
    const rows =
      dialect === "postgres"
        ? await sql<{ name: string }>`select indexname as name from pg_indexes
            where tablename = 'attempt' and schemaname = current_schema()`.execute(db)
        : await sql<{ name: string }>`select name from sqlite_master
            where type = 'index' and tbl_name = 'attempt'`.execute(db);
    return rows.rows.map((r) => r.name);
  }

  it("keeps earlier attempts and their indexes, and takes MISTAKES without a practice", async () => {
    const { db, dialect } = database();
    const migrator = await createMigrator(db);
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const [questionId] = await insertTinyPracticeRows(db, 1);
    const practice = await db.selectFrom("practice").select("id").executeTakeFirstOrThrow();
    const stamp = "2025-03-01T01:00:00.000Z";
    await db
      .insertInto("user")
      .values({
        id: "migrant",
        name: "migrant",
        email: "migrant@example.com",
        emailVerified: dialect === "postgres" ? true : 1,
        image: null,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute();
    await db
      .insertInto("attempt")
      .values(attemptRow(ATTEMPT, "PRACTICE_TIME_ALL", practice.id) as never)
      .execute();
    const answer = {
      user_id: "migrant",
      attempt_id: ATTEMPT,
      position: 0,
      question_id: questionId!,
      selected: "[0]",
      right_answer: 1,
    };
    await db.insertInto("attempt_answer").values(answer).execute();

    const up = await migrator.migrateTo("0010-review-attempt");
    expect(up.results?.map((r) => [r.migrationName, r.status])).toEqual([
      ["0010-review-attempt", "Success"],
    ]);
    expect(await db.selectFrom("attempt").select(["id", "practice_id"]).execute()).toEqual([
      { id: ATTEMPT, practice_id: practice.id },
    ]);
    expect(await db.selectFrom("attempt_answer").selectAll().execute()).toEqual([answer]);
    expect(await indexesOfAttempt()).toEqual(
      expect.arrayContaining(["attempt_user_practice_idx", "attempt_user_created_idx"]),
    );

    await db
      .insertInto("attempt")
      .values(attemptRow(REVIEW, "MISTAKES", null) as never)
      .execute();
    // No practice is for MISTAKES only, and a MISTAKES attempt has none.
    const bad = [
      attemptRow("7a1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f", "PRACTICE_TIME_ALL", null),
      attemptRow("8a1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f", "MISTAKES", practice.id),
    ];
    for (const row of bad) {
      await expect(
        db
          .insertInto("attempt")
          .values(row as never)
          .execute(),
      ).rejects.toThrow();
    }
    // Answers still cascade from their attempt.
    await db.deleteFrom("attempt").where("id", "=", ATTEMPT).execute();
    expect(await db.selectFrom("attempt_answer").selectAll().execute()).toEqual([]);
  });

  it("refuses to go back down while a review is stored, changing nothing", async () => {
    const { db } = database();
    const migrator = await createMigrator(db);
    const down = await migrator.migrateTo(BEFORE);
    expect(down.error).toBeDefined();
    expect(await db.selectFrom("attempt").select("id").execute()).toEqual([{ id: REVIEW }]);
    await db.deleteFrom("attempt").where("id", "=", REVIEW).execute();
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect((await migrateToLatest(db)).error).toBeUndefined();
  });
});
