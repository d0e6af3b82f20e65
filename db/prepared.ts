import { CompiledQuery, type Compilable, type Kysely } from "kysely";
import { dialectOf } from "./dialect-of.ts";
import type { DialectName } from "./kysely.ts";
import type { DB } from "./schema.ts";

/**
 * A query of one fixed shape, built with Kysely once per dialect and then only given its
 * values: Kysely otherwise builds a tree of frozen nodes and compiles it to SQL on every call
 * (about 20 KB of garbage and a twentieth of a millisecond per query; a signed-in home page runs
 * eight, issue 29). What the page asks is unchanged: the same SQL, the same values, the same
 * prepared statement on SQLite (db/kysely.ts keeps them by text).
 *
 * `build` receives stand-ins for the values and hands each one to Kysely as a value, whole
 * (`where("user_id", "=", p.userId)`). It must never look at them: the query is built once, so
 * a branch on a value would be taken for every call. A stand-in changed before it is passed
 * (`%${p.text}%`) or written into the SQL text refuses the query when it is first built, and a
 * list (which makes `in (?, ?, …)` as long as itself) is refused when given.
 */

const STAND_IN = "\u0000prepared-value:";

interface Template {
  sql: string;
  /** Each parameter: the name of the value it takes, or a constant of the query. */
  parameters: ({ name: string } | { constant: unknown })[];
}

export interface PreparedQuery<P, R> {
  execute(db: Kysely<DB>, values: P): Promise<R[]>;
}

export function prepared<P extends Record<string, unknown>, R>(
  build: (db: Kysely<DB>, values: P) => Compilable<R>,
): PreparedQuery<P, R> {
  const templates = new Map<DialectName, Template>();
  return {
    async execute(db, values) {
      const dialect = dialectOf(db);
      let template = templates.get(dialect);
      if (!template) templates.set(dialect, (template = compileTemplate(db, build)));
      const parameters = template.parameters.map((parameter) => {
        if (!("name" in parameter)) return parameter.constant;
        const value = values[parameter.name];
        if (Array.isArray(value)) throw new Error(`prepared: ${parameter.name} is a list`);
        return value;
      });
      const result = await db.executeQuery<R>(CompiledQuery.raw(template.sql, parameters));
      return result.rows;
    },
  };
}

function compileTemplate<P extends Record<string, unknown>, R>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, values: P) => Compilable<R>,
): Template {
  const standIns = new Proxy({} as P, {
    get: (_target, name) => (typeof name === "string" ? `${STAND_IN}${name}` : undefined),
  });
  const compiled = build(db, standIns).compile();
  if (compiled.sql.includes(STAND_IN)) {
    throw new Error("prepared: a value was written into the SQL text instead of passed as a value");
  }
  return {
    sql: compiled.sql,
    parameters: compiled.parameters.map((parameter) => {
      if (typeof parameter !== "string" || !parameter.includes(STAND_IN)) {
        return { constant: parameter };
      }
      if (!parameter.startsWith(STAND_IN)) {
        throw new Error(`prepared: the value ${parameter} was changed before it was passed`);
      }
      return { name: parameter.slice(STAND_IN.length) };
    }),
  };
}
