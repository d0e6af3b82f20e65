import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { importBanks } from "../../content/import-bank.ts";
import type { DB } from "../../db/schema.ts";
import { E2E_DATABASE } from "../../playwright.config.ts";
import { buildSeedBank } from "../support/e2e-seed.ts";

/**
 * The server has migrated its fresh database and loaded the sample banks by now (Playwright
 * waits for /healthz first); the test bank goes in through the real importer.
 */
export default async function globalSetup() {
  const database = new Database(E2E_DATABASE);
  database.pragma("busy_timeout = 5000");
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
  try {
    await importBanks(db, [buildSeedBank()]);
  } finally {
    await db.destroy();
  }
}
