import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { openDatabase } from "#db/kysely.ts";
import { createApp } from "./app.ts";
import { runWorkers } from "./cluster.ts";
import { createLogger } from "./logger.ts";
import { loadEnvOrExit, prepareDatabase, start } from "./start.ts";

// Compiled to build/host/index.js; the React Router build sits beside it in build/.
const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const env = loadEnvOrExit();
if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) {
  // Migrations and the first start's banks once, here, before any worker reads the database.
  const logger = createLogger(env.LOG_LEVEL);
  const database = openDatabase(env.DATABASE_URL, { poolMax: 1 });
  await prepareDatabase(database, env, logger);
  await database.db.destroy();
  // Workers run this file, whatever script imported it (the browser tests' start-server.mjs
  // clears the test database first, which a worker must not do again).
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url) });
  runWorkers(env.WEB_CONCURRENCY, logger);
} else {
  await start(
    async ({ env, database, logger }) => {
      const serverBuildPath = path.join(buildDir, "server", "index.js");
      const build = (await import(serverBuildPath)) as ServerBuild;
      return createApp({
        env,
        db: database.db,
        dialect: database.dialect,
        logger,
        build,
        clientDir: path.join(buildDir, "client"),
        parseWorker: { workerFile: path.join(buildDir, "host", "parse-worker.js") },
      });
    },
    { prepare: cluster.isPrimary },
  );
}
