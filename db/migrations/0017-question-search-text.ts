import type { Kysely } from "kysely";
import { questionSearchText } from "#base/search.ts";

/**
 * The home page's search (issue 28): `question.search_text` is the question and its answers
 * folded (base/search.ts `questionSearchText`: no diacritics, lower case), so one `LIKE` per
 * word finds "con trỏ" typed as "con tro" on SQLite and PostgreSQL alike. Every stored row is
 * filled here, a page of rows at a time; the importer fills every new one
 * (db/bank-store.ts `applyQuestionChanges`).
 */
const PAGE = 500;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("question")
    .addColumn("search_text", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  for (let after = 0; ;) {
    const rows = (await db
      .selectFrom("question")
      .select(["id", "text", "answers"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(PAGE)
      .execute()) as { id: number; text: string; answers: string }[];
    for (const row of rows) {
      const answers = (JSON.parse(row.answers) as { text: string }[]).map((a) => a.text);
      await db
        .updateTable("question")
        .set({ search_text: questionSearchText(row.text, answers) })
        .where("id", "=", row.id)
        .execute();
    }
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("question").dropColumn("search_text").execute();
}
