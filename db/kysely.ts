import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from "kysely";
import pg from "pg";
import { postgresDialect } from "./postgres-dialect.ts";
import type { DB } from "./schema.ts";

export type DialectName = "sqlite" | "postgres";

export interface Database_ {
  db: Kysely<DB>;
  dialect: DialectName;
}

function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * Opens the database named by `url`: a postgres:// URL gives a pg pool, anything else is a
 * SQLite file path (created with its folder when missing). SQLite runs in WAL mode with foreign
 * keys on, so readers never wait for the single writer and references are enforced as in
 * PostgreSQL.
 */
export function openDatabase(
  url: string,
  options: {
    poolMax?: number;
    /** How long a request waits for a new PostgreSQL connection before it fails (ms). */
    connectTimeoutMs?: number;
    /** How long a PostgreSQL query may wait for its answer before it fails (ms). */
    queryTimeoutMs?: number;
    /** Told when an idle pooled connection dies (a restart, a cut network): not a crash. */
    onIdleConnectionError?: (error: Error) => void;
  } = {},
): Database_ {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolMax ?? 10,
      // Without it a dead network path makes every request wait for ever.
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      // And a pooled connection whose network path died answers nothing, ever, without this.
      query_timeout: options.queryTimeoutMs ?? 15_000,
    });
    // pg emits an idle connection's death on the pool; unheard, that event killed the process.
    pool.on("error", (error) => options.onIdleConnectionError?.(error));
    return { db: new Kysely<DB>({ dialect: postgresDialect(pool) }), dialect: "postgres" };
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
  return new ImmediateSqliteDialect({ database: cachingStatements(database) });
}

/** Distinct SQL texts kept prepared; queries with `in (?, ?, …)` lists make many. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query anew; better-sqlite3 statements can be run again and again, so
 * each SQL text is prepared once (the oldest dropped past STATEMENT_CACHE_SIZE). One connection
 * runs one query at a time (Kysely's mutex), so a statement is never in use twice at once.
 */
function cachingStatements(database: Database.Database): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  return {
    close: () => void database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value!);
        }
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Transactions begin IMMEDIATE, taking the write lock at once. With several processes on one
 * file (WEB_CONCURRENCY), a deferred transaction that read and then writes fails with
 * SQLITE_BUSY at once when another process wrote meanwhile; an immediate one waits its turn
 * (busy_timeout) instead.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}
