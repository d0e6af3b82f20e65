// npm run bench:reset-timing (npx tsx bench/reset-timing.ts) — does "Quên mật khẩu" tell a
// stranger which emails have an account by how long it takes? 600 requests for a registered
// address and 600 for unknown ones, interleaved, through better-auth's handler on SQLite (the
// mail goes to the outbox, as on a server without SMTP_URL). Prints median and p90 of each;
// the two should differ by no more than run-to-run noise.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createAuth } from "#server/auth.ts";
import { loadEnv } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";
import { createSqliteTestDatabase } from "#tests/support/databases.ts";

const ROUNDS = 600;
const WARM_UP = 50;

const dataDir = mkdtempSync(path.join(tmpdir(), "on-tap-reset-bench-"));
const database = await createSqliteTestDatabase();
const env = loadEnv({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  BETTER_AUTH_SECRET: "b".repeat(40),
  AUTH_RATE_LIMIT: "false",
  LOG_LEVEL: "silent",
});
const auth = createAuth({
  env,
  db: database.db,
  dialect: "sqlite",
  logger: createLogger("silent"),
});
const origin = "http://localhost:3000";
await auth.api.signUpEmail({
  body: { name: "Người Đo", email: "co-that@example.com", password: "matkhau1" },
});

async function request(email: string): Promise<number> {
  const started = performance.now();
  const response = await auth.handler(
    new Request(`${origin}/api/auth/request-password-reset`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email, redirectTo: "/reset-password" }),
    }),
  );
  await response.text();
  if (!response.ok) throw new Error(`answered ${response.status}`);
  return performance.now() - started;
}

const known: number[] = [];
const unknown: number[] = [];
for (let i = 0; i < WARM_UP + ROUNDS; i++) {
  // Alternate which goes first so neither always follows the other's disk write.
  const order = i % 2 === 0 ? ["known", "unknown"] : ["unknown", "known"];
  for (const kind of order) {
    const ms = await request(
      kind === "known" ? "co-that@example.com" : `khong-co-${i}@example.com`,
    );
    if (i >= WARM_UP) (kind === "known" ? known : unknown).push(ms);
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const line = (label: string, values: number[]) =>
  `${label.padEnd(16)} median ${quantile(values, 0.5).toFixed(2)} ms   p90 ${quantile(values, 0.9).toFixed(2)} ms`;
console.log(`password reset requests, ${ROUNDS} each, SQLite:`);
console.log(line("known email", known));
console.log(line("unknown email", unknown));
console.log(
  `difference of medians: ${(quantile(known, 0.5) - quantile(unknown, 0.5)).toFixed(2)} ms`,
);

// Let the outbox writes started by the last requests finish before removing their folder.
await new Promise((resolve) => setTimeout(resolve, 500));
await database.destroy();
rmSync(dataDir, { recursive: true, force: true });
