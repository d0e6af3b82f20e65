import { CompiledQuery, type Kysely } from "kysely";
import { dialectOf } from "./dialect-of.ts";
import type { DB } from "./schema.ts";

/**
 * Many rows of one shape in one INSERT, for the writes every save makes (an attempt's answers,
 * the student's review cards). Kysely turns each value of each row into a frozen node and
 * compiles the tree again on every call: for a save of 50 answers that was a third of all the
 * memory the save's request allocated (issue 29, `PROFILE_ALLOCATIONS=1 PROFILE_PATH=attempt
 * npm run bench:profile`). Here the statement's text is written once per shape (table, columns,
 * number of rows, conflict clause, dialect) and kept; each call only lays out its values.
 *
 * On SQLite the values go to the driver as they are, as Kysely passes them: numbers, strings and
 * null. On PostgreSQL the rows go as one JSON value that the statement unpacks into the table's
 * row type (ADR 0043): one text whatever the number of rows, so its connections keep it prepared.
 */

/** `on conflict (keys) do update set column = excluded.column, …`: the same text in both dialects. */
export interface Upsert<C extends string> {
  keys: readonly C[];
  update: readonly C[];
}

/** Texts kept: shapes differ by their row count (1 to a few hundred per table). */
const MAX_KEPT_TEXTS = 512;
const texts = new Map<string, string>();

const quoted = (name: string) => `"${name}"`;

function statementText(
  dialect: "sqlite" | "postgres",
  table: string,
  columns: readonly string[],
  rowCount: number,
  upsert: Upsert<string> | undefined,
): string {
  // PostgreSQL's text takes any number of rows.
  const rowsInText = dialect === "postgres" ? "any" : rowCount;
  const key = `${dialect}|${table}|${columns.join(",")}|${rowsInText}|${upsert?.keys.join(",")}|${upsert?.update.join(",")}`;
  let text = texts.get(key);
  if (text) return text;
  const list = columns.map(quoted).join(", ");
  if (dialect === "postgres") {
    text = `insert into ${quoted(table)} (${list}) select ${list} from json_populate_recordset(null::${quoted(table)}, $1::json)`;
  } else {
    const row = `(${columns.map(() => "?").join(", ")})`;
    text = `insert into ${quoted(table)} (${list}) values ${Array.from({ length: rowCount }, () => row).join(", ")}`;
  }
  if (upsert) {
    const sets = upsert.update.map((column) => `${quoted(column)} = excluded.${quoted(column)}`);
    text += ` on conflict (${upsert.keys.map(quoted).join(", ")}) do update set ${sets.join(", ")}`;
  }
  if (texts.size >= MAX_KEPT_TEXTS) texts.delete(texts.keys().next().value!);
  texts.set(key, text);
  return text;
}

/** Inserts `rows` (each with every one of `columns`) into `table`; with `upsert`, replaces. */
export async function insertRows<T extends keyof DB & string, C extends keyof DB[T] & string>(
  db: Kysely<DB>,
  table: T,
  columns: readonly C[],
  rows: readonly Pick<DB[T], C>[],
  upsert?: Upsert<C>,
): Promise<void> {
  if (rows.length === 0) return;
  const dialect = dialectOf(db);
  const text = statementText(dialect, table, columns, rows.length, upsert);
  if (dialect === "postgres") {
    await db.executeQuery(CompiledQuery.raw(text, [JSON.stringify(rows)]));
    return;
  }
  const parameters: unknown[] = [];
  for (const row of rows) for (const column of columns) parameters.push(row[column]);
  await db.executeQuery(CompiledQuery.raw(text, parameters));
}
