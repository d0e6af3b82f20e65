// npm run bench:cluster (tsx bench/cluster.mjs) — a load bench (ADR 0011), not a test: STUDENTS
// simulated students (default 1,000) for SECONDS (default 60) against two instances of the
// production build on one PostgreSQL database (TEST_DATABASE_URL: a database of its own is
// created and dropped) and one Redis (TEST_REDIS_URL), behind the tests' round-robin proxy; then
// the same run against one instance. Each student, signed in once, opens the home page, a
// subject, a set-up page and a room and saves an attempt, thinking 0.5–1.5 s between two steps
// (tests/support/bench-students.mjs). Prints requests/s, p50, p99, errors and the RSS of each
// instance, and writes bench/results/cluster-<time>.json. `npm run build` first.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { createPostgresDatabase, startApp } from "../tests/support/bench-app-server.mjs";
import { runStudents } from "../tests/support/bench-students.mjs";
import { startRoundRobinProxy } from "../tests/support/round-robin-proxy.ts";

const STUDENTS = Number(process.env.STUDENTS ?? 1000);
const SECONDS = Number(process.env.SECONDS ?? 60);
const root = process.cwd();

if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL) {
  console.error("bench:cluster needs TEST_DATABASE_URL (PostgreSQL) and TEST_REDIS_URL (Redis).");
  process.exit(1);
}

async function run(instances) {
  const database = await createPostgresDatabase();
  const env = {
    REDIS_URL: process.env.TEST_REDIS_URL,
    REDIS_KEY_PREFIX: `on-tap-bench-${Date.now()}:`,
    WEB_CONCURRENCY: "1",
  };
  const apps = [];
  try {
    // One after the other: the first imports the sample banks, the second finds them.
    for (let i = 0; i < instances; i += 1) {
      apps.push(await startApp({ root, databaseUrl: database.url, env }));
    }
    const proxy = await startRoundRobinProxy(apps.map((app) => app.port));
    try {
      const target = { base: proxy.base, usage: () => apps.flatMap((app) => app.usage()) };
      const result = await runStudents(target, { students: STUDENTS, seconds: SECONDS });
      console.log(
        `${instances} instance(s), ${STUDENTS} students, ${SECONDS} s: ${result.rps} requests/s  p50 ${result.p50} ms  p99 ${result.p99} ms  errors ${result.errors}${result.firstErrors.length ? ` (${result.firstErrors.join(", ")})` : ""}  RSS per instance ${result.rssMb.join("/")} MB (max), load generator ${result.generatorCpuPercent}% of a core`,
      );
      return result;
    } finally {
      await proxy.close();
    }
  } finally {
    for (const app of apps) await app.stop();
    await database.drop();
  }
}

const report = {
  when: new Date().toISOString(),
  machine: { cpus: os.cpus().length, load: os.loadavg() },
  students: STUDENTS,
  seconds: SECONDS,
  two: await run(2),
  one: await run(1),
};
mkdirSync("bench/results", { recursive: true });
const file = `bench/results/cluster-${report.when.replace(/[:.]/g, "-")}.json`;
writeFileSync(file, JSON.stringify(report, null, 2));
console.log(`written: ${file}`);
