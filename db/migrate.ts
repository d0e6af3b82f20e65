import { Migrator, sql, type Kysely, type MigrationResultSet } from "kysely";
import { dialectOf } from "./dialect-of.ts";
import { migrations } from "./migrations/index.ts";

/**
 * PostgreSQL errors of several instances creating Kysely's own bookkeeping tables at the same
 * moment on an empty database (undefined table, duplicate table, duplicate type row): the
 * bootstrap before Kysely's lock exists. Trying again finds the tables made.
 */
const BOOTSTRAP_RACE_CODES = new Set(["42P01", "42P07", "23505"]);
const BOOTSTRAP_TRIES = 5;

/** Kysely's migrator over our migrations, keeping its bookkeeping in the current schema. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function createMigrator(db: Kysely<any>): Promise<Migrator> {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its bookkeeping tables in every schema unless told which: a database
    // whose other schema already has them (another app, a test suite next door) would be taken
    // as migrated. Ours live in the connection's current schema.
    ...(dialectOf(db) === "postgres" ? { migrationTableSchema: await currentSchema(db) } : {}),
  });
}

/**
 * Brings the schema to the latest migration. Kysely takes a lock (a row lock in PostgreSQL),
 * so several app instances starting together apply each migration exactly once; the lock's own
 * table is made without one, so a start that loses that race tries again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = await createMigrator(db);
  for (let attempt = 1; ; attempt++) {
    const result = await migrator.migrateToLatest();
    if (!result.error) return result;
    const code = (result.error as { code?: unknown }).code;
    const raced = typeof code === "string" && BOOTSTRAP_RACE_CODES.has(code);
    if (!raced || attempt >= BOOTSTRAP_TRIES) throw result.error;
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function currentSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]!.schema;
}
