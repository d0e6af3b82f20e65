import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type Dialect } from "kysely";
import pg from "pg";
import type { DB } from "./schema.ts";

export type DialectName = "sqlite" | "postgres";

export interface Database_ {
  db: Kysely<DB>;
  dialect: DialectName;
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * Opens the database named by `url`: a postgres:// URL gives a pg pool, anything else is a
 * SQLite file path (created with its folder when missing). SQLite runs in WAL mode with foreign
 * keys on, so readers never wait for the single writer and references are enforced as in
 * PostgreSQL.
 */
export function openDatabase(url: string, options: { poolMax?: number } = {}): Database_ {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10 });
    return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), dialect: "postgres" };
  }
  return { db: new Kysely<DB>({ dialect: createSqliteDialect(url) }), dialect: "sqlite" };
}

export function createSqliteDialect(file: string): Dialect {
  const filename = file.replace(/^(sqlite|file):/, "");
  if (filename !== ":memory:") mkdirSync(path.dirname(path.resolve(filename)), { recursive: true });
  const database = new Database(filename);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  return new SqliteDialect({ database });
}
