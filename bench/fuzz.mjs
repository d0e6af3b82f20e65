// The fuzz test of every route (tests/http/fuzz.test.ts) at length: FUZZ_RUNS cases per route
// (default 300; CI runs 10) with a fresh seed each time, printed first so a failure replays:
//   FUZZ_SEED=<seed> FUZZ_RUNS=<runs> npx vitest run tests/http/fuzz.test.ts
// Usage: npm run build && npm run bench:fuzz   (TEST_DATABASE_URL for a PostgreSQL server)
import { spawnSync } from "node:child_process";

const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const runs = process.env.FUZZ_RUNS ?? "300";
console.log(`fuzz: seed ${seed}, ${runs} cases per route`);
const started = Date.now();
const result = spawnSync("npx", ["vitest", "run", "tests/http/fuzz.test.ts"], {
  stdio: "inherit",
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs },
});
console.log(
  `fuzz: seed ${seed}, ${runs} cases per route, ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(result.status ?? 1);
