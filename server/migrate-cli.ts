import { openDatabase } from "#db/kysely.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { loadEnv } from "./env.ts";

const env = loadEnv();
const { db, dialect } = openDatabase(env.DATABASE_URL);
try {
  const { results = [] } = await migrateToLatest(db);
  for (const result of results) console.log(`${result.status}: ${result.migrationName}`);
  console.log(
    results.length === 0
      ? `Database (${dialect}) is already up to date.`
      : `Applied ${results.length} migration(s) on ${dialect}.`,
  );
} finally {
  await db.destroy();
}
