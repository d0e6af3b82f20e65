import type { Server } from "node:http";
import type { Express } from "express";
import { openDatabase, type Database_ } from "#db/kysely.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { loadBanksIntoEmptyDatabase } from "#content/load-banks.ts";
import { moveAvatarFilesIntoDatabase } from "./avatar-store.ts";
import { closeApp } from "./app.ts";
import { EnvError, loadEnv, type Env } from "./env.ts";
import { createLogger, type Logger } from "./logger.ts";
import { closeConnectionsWhenStopping, shutDownGracefully } from "./shutdown.ts";

const HEADERS_TIMEOUT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * Boot shared by the production entry and the dev server: configuration, database,
 * migrations, listen, and a graceful stop on SIGTERM/SIGINT.
 */
export async function start(
  makeApp: (deps: { env: Env; database: Database_; logger: Logger }) => Promise<Express>,
  /** False in a cluster's worker: its primary already migrated and loaded the banks. */
  { prepare = true }: { prepare?: boolean } = {},
): Promise<Server> {
  const env = loadEnvOrExit();
  const logger = createLogger(env.LOG_LEVEL);
  const database = openDatabase(env.DATABASE_URL, {
    poolMax: env.DATABASE_POOL_MAX,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
    onIdleConnectionError: (error) =>
      logger.warn({ err: error }, "an idle database connection was lost"),
  });
  if (prepare) await prepareDatabase(database, env, logger);
  const app = await makeApp({ env, database, logger });

  const server = app.listen(env.PORT, env.HOST);
  closeConnectionsWhenStopping(server);
  // A client has 20 s to send its headers and 60 s for the whole request (a 1 MB avatar over a
  // slow 4G link takes about 6 s); a slow-loris connection is cut instead of held forever.
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  // Handlers go in before the "listening" line: whoever reads it may signal at once.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "signal received");
    void shutDownGracefully(server, {
      timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      logger,
      // Redis first (it may still be flushing a write), then the database.
      cleanup: async () => {
        await closeApp(app);
        await database.db.destroy();
      },
    }).then(() => process.exit(0));
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info(
    { port, dialect: database.dialect, nodeEnv: env.NODE_ENV },
    `Ôn Tập is listening on http://localhost:${port}`,
  );

  return server;
}

/** The configuration, or a list of every bad key and exit 1. */
export function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Migrations, then the sample banks when the database has no subject yet. */
export async function prepareDatabase(
  database: Database_,
  env: Env,
  logger: Logger,
): Promise<void> {
  const { results = [] } = await migrateToLatest(database.db);
  if (results.length > 0) {
    logger.info({ migrations: results.map((r) => r.migrationName) }, "migrations applied");
  }
  const movedPictures = await moveAvatarFilesIntoDatabase(database.db, env.DATA_DIR);
  if (movedPictures > 0)
    logger.info({ pictures: movedPictures }, "avatar files moved into the database");
  const loaded = await loadBanksIntoEmptyDatabase(database.db, env.BANKS_DIR);
  if (loaded)
    logger.info(
      { ...loaded, folder: env.BANKS_DIR },
      "sample banks loaded into the empty database",
    );
}
