import { CompiledQuery, Kysely, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasService, testEnv } from "#tests/support/test-env.ts";
import {
  MAX_NAMED_VALUES,
  MAX_PREPARED,
  PREPARE_AFTER,
  postgresDialect,
} from "./postgres-dialect.ts";

const WHY = "the prepared statements of PostgreSQL connections (pg_prepared_statements)";
const databaseUrl = hasService("TEST_DATABASE_URL", WHY) ? testEnv.TEST_DATABASE_URL : undefined;

describe.runIf(databaseUrl)("statements kept prepared on PostgreSQL connections", () => {
  // One connection, so every query below and the look at what it holds share it.
  let db: Kysely<unknown>;
  const held = async () =>
    (
      await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements where name like 'ontap\\_%'`.execute(db)
    ).rows.map((row) => row.statement);

  beforeAll(() => {
    db = new Kysely({
      dialect: postgresDialect(new pg.Pool({ connectionString: databaseUrl, max: 1 })),
    });
  });
  afterAll(async () => {
    await db.destroy();
  });

  it("prepares a text with values once it has run PREPARE_AFTER times, and answers as before", async () => {
    const text = "select $1::int + 1 as n /* prepared-after */";
    const answers: number[] = [];
    for (let run = 1; run <= PREPARE_AFTER + 2; run += 1) {
      const { rows } = await sql<{
        n: number;
      }>`select ${run * 10}::int + 1 as n /* prepared-after */`.execute(db);
      answers.push(rows[0]!.n);
      // Unnamed until its PREPARE_AFTER-th run, which prepares it.
      expect((await held()).includes(text)).toBe(run >= PREPARE_AFTER);
    }
    expect(answers).toEqual([11, 21, 31, 41, 51]);
  });

  it("keeps a text without values unnamed, however often it runs", async () => {
    for (let run = 0; run < PREPARE_AFTER + 2; run += 1) {
      await sql`select 42 as n /* no values */`.execute(db);
    }
    expect((await held()).some((statement) => statement.includes("no values"))).toBe(false);
  });

  it("a prepared statement answers after its table gains a column (a migration run meanwhile)", async () => {
    const table = `prepared_${Date.now()}`;
    await sql`create temporary table ${sql.id(table)} (id int primary key, name text)`.execute(db);
    await sql`insert into ${sql.id(table)} values (1, 'Một'), (2, 'Hai')`.execute(db);
    const read = async () =>
      (await sql<{ name: string }>`select name from ${sql.id(table)} where id = ${2}`.execute(db))
        .rows[0]?.name;
    for (let run = 0; run < PREPARE_AFTER; run += 1) expect(await read()).toBe("Hai");
    expect((await held()).some((statement) => statement.includes(table))).toBe(true);
    await sql`alter table ${sql.id(table)} add column note text`.execute(db);
    expect(await read()).toBe("Hai");
  });

  it("keeps a statement of more than MAX_NAMED_VALUES values unnamed (a many-row insert)", async () => {
    const values = Array.from({ length: MAX_NAMED_VALUES + 1 }, (_, k) => k);
    const text = `select ${values.map((k) => `$${k + 1}::int`).join(" + ")} as n /* many values */`;
    for (let run = 0; run < PREPARE_AFTER + 2; run += 1) {
      const { rows } = await db.executeQuery<{ n: number }>(CompiledQuery.raw(text, values));
      expect(rows[0]!.n).toBe(((MAX_NAMED_VALUES + 1) * MAX_NAMED_VALUES) / 2);
    }
    expect((await held()).some((statement) => statement.includes("many values"))).toBe(false);
  });

  it("sends a list of values as one array: one text for any length, the rows `in` finds", async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const lists = db as Kysely<any>;
    const table = `lists_${Date.now()}`;
    const names = ["a,b", 'say "hi"', "{x}", "back\\slash", "Ngô Thì Nhậm", "NULL", ""];
    await sql`create temporary table ${sql.id(table)} (id int primary key, name text)`.execute(db);
    await lists
      .insertInto(table)
      .values(names.map((name, id) => ({ id, name })))
      .execute();
    const ids = (query: { execute(): Promise<{ id: number }[]> }) =>
      query.execute().then((rows) => rows.map((row) => row.id).sort((a, b) => a - b));
    const byIds = (values: number[]) =>
      lists.selectFrom(table).select("id").where("id", "in", values);

    expect(byIds([1]).compile().sql).toBe(byIds([1, 2, 3, 4, 5]).compile().sql);
    expect(byIds([1, 2]).compile().sql).toContain('"id" = any($1)');
    expect(await ids(byIds([1, 3, 99]))).toEqual([1, 3]);
    expect(await ids(byIds([]))).toEqual([]);
    expect(
      await ids(lists.selectFrom(table).select("id").where("name", "in", names.slice(0, 6))),
    ).toEqual([0, 1, 2, 3, 4, 5]);
    expect(
      await ids(lists.selectFrom(table).select("id").where("id", "not in", [0, 2, 4, 6])),
    ).toEqual([1, 3, 5]);
    // A subquery on the right stays a subquery.
    expect(
      await ids(
        lists
          .selectFrom(table)
          .select("id")
          .where("id", "in", lists.selectFrom(table).select("id").where("name", "=", "{x}")),
      ),
    ).toEqual([2]);
  });

  // Last: it fills the process's names.
  it("names at most MAX_PREPARED texts; the others still run, unnamed", async () => {
    const results: number[] = [];
    for (let k = 0; k < MAX_PREPARED + 20; k += 1) {
      for (let run = 0; run < PREPARE_AFTER; run += 1) {
        const { rows } = await sql<{
          n: number;
        }>`select ${k}::int as n, ${sql.raw(`'text ${k}'`)} as label`.execute(db);
        if (run === 0) results.push(rows[0]!.n);
      }
    }
    expect(results).toEqual(Array.from({ length: MAX_PREPARED + 20 }, (_, k) => k));
    expect((await held()).length).toBe(MAX_PREPARED);
  });
});
