import { PostgresAdapter, type Kysely } from "kysely";
import type { DialectName } from "./kysely.ts";

/** Which SQL dialect a Kysely instance speaks (PGlite's dialect uses the PostgreSQL adapter). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}
