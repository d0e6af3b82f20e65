import { createServer } from "vite";
import { createApp } from "./app.ts";
import { start } from "./start.ts";

// `npm run dev`: the same Express app with Vite's middleware (hot reload, on-demand builds).
await start(async ({ env, database, logger }) => {
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  return createApp({ env, db: database.db, dialect: database.dialect, logger, vite });
});
