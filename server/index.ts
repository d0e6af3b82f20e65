import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { createApp } from "./app.ts";
import { start } from "./start.ts";

// Compiled to build/host/index.js; the React Router build sits beside it in build/.
const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

await start(async ({ env, database, logger }) => {
  const serverBuildPath = path.join(buildDir, "server", "index.js");
  const build = (await import(serverBuildPath)) as ServerBuild;
  return createApp({
    env,
    db: database.db,
    dialect: database.dialect,
    logger,
    build,
    clientDir: path.join(buildDir, "client"),
  });
});
