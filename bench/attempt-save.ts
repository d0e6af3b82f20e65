// npm run bench:attempts (npx tsx bench/attempt-save.ts) — the server-side cost of saving a
// finished room: checking a 50-question attempt against the stored revisions, scoring it and
// writing it with its 50 answers and the practice counter in one transaction. On SQLite and on
// PostgreSQL (TEST_DATABASE_URL when set, else PGlite): 1,000 saves one after another (latency
// p50/p99), then 1,000 saves 20 at a time, all on ONE practice, so every save contends for the
// same counter row (throughput, latency under that load, and this process's CPU per save, which
// holds steadier than saves/s when the machine is shared; with a PostgreSQL server on this
// machine, its processes' CPU per save too, "DB CPU"). The 20 at a time are 20 students,
// as in a class: one student finishes one room at a time, and a save waits for the same
// student's other saves (their review cards are locked per student). Last, the roll-up of "how
// others answered" (issue 30) over every attempt saved: attempts counted per second, off the
// save's path. And the statements one save sends (each a round trip on PostgreSQL).
//
// The database is set up as a school's would be when saves matter: each student already has a
// history (HISTORY attempts) and the tables have statistics (`analyze`, which autovacuum runs on
// a live PostgreSQL). Without them, a fresh PostgreSQL schema plans the foreign key check of an
// answer on its attempt (`user_id`, `id`) with the history index (user_id, created_at, id),
// which reads every attempt of the student for each of a save's 50 answers: a cost that grew
// with the run and that no analyzed database pays (it uses the primary key).
import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { sql, type Kysely, type KyselyPlugin } from "kysely";
import pg from "pg";
import { saveAttempt, type AttemptSubmission } from "#services/attempts/save-attempt.ts";
import { rollUpAnswerShares } from "#services/attempts/answer-shares.ts";
import { listQuestionsByCode } from "#tests/support/catalogue.ts";
import { migrateToLatest } from "#db/migrate.ts";
import type { DB } from "#db/schema.ts";
import { importBanks } from "#content/import-bank.ts";
import type { Bank } from "#content/formats/types.ts";
import {
  createPostgresSchemaClient,
  createPostgresTestDatabase,
  createSqliteTestDatabase,
} from "#tests/support/databases.ts";
import { roomConfig } from "#tests/support/engine-fixture.ts";
import { testEnv } from "#tests/support/test-env.ts";

const PRACTICE = "bench-attempts";
/** One student per concurrent save: 20 saves at once come from 20 students finishing a room. */
const userOf = (k: number) => `bench-user-${k}`;
const SAVES = 1_000;
const WARM_UP = 50;
/** Attempts each student has saved before the bench starts: a term of practice. */
const HISTORY = 100;
const CONCURRENCY = 20;
/** The app's default pool size (db/kysely.ts), for the PostgreSQL server. */
const POOL_MAX = 10;

interface Bench {
  label: string;
  db: Kysely<DB>;
  destroy(): Promise<void>;
}

function bank(): Bank {
  return {
    subject: { code: "bench", name: "Môn đo", description: "", keywords: [] },
    practices: [
      {
        code: PRACTICE,
        title: "Đề đo lưu bài",
        description: "",
        questions: Array.from({ length: 100 }, (_, i) => ({
          text: `Câu ${i + 1}: chọn đáp án đúng.`,
          answers: [
            { text: `Đúng ${i}`, key: true },
            { text: `Sai ${i}`, key: false },
            { text: `Khác ${i}`, key: i % 5 === 0 }, // every fifth question has two keys
            { text: `Nữa ${i}`, key: false },
          ],
        })),
      },
    ],
  };
}

async function seed(db: Kysely<DB>, postgres: boolean): Promise<number[]> {
  await importBanks(db, [bank()]);
  const at = new Date().toISOString();
  await db
    .insertInto("user")
    .values(
      Array.from({ length: CONCURRENCY }, (_, k) => ({
        id: userOf(k),
        name: `Người đo ${k + 1}`,
        email: `bench${k}@example.com`,
        emailVerified: postgres ? true : 1,
        image: null,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .execute();
  const questions = await listQuestionsByCode(db, PRACTICE, { type: "PRACTICE_TIME_ALL" });
  return questions.map((q) => q.id);
}

/** Attempt `n`: questions 1–50 or 51–100, a pick on each, answers shuffled every other time. */
function submission(ids: readonly number[], n: number): AttemptSubmission {
  const start = n % 2 === 0 ? 1 : 51;
  const shuffled = n % 4 < 2;
  const shown = ids.slice(start - 1, start + 49);
  return {
    id: randomUUID(),
    practiceCode: PRACTICE,
    selection: { type: "PRACTICE_TIME_RANGE", start, end: start + 49 },
    config: roomConfig({ shuffleAnswers: shuffled, seed: n }),
    answers: shown.map((questionId, k) => ({
      questionId,
      selectedAnswerIndexes: [(n + k) % 4],
    })),
    answerOrders: shuffled ? shown.map((_, k) => [0, 1, 2, 3].map((a) => (a + k) % 4)) : null,
    totalTime: 300 + (n % 600),
  };
}

async function timedSave(
  db: Kysely<DB>,
  attempt: AttemptSubmission,
  user = userOf(0),
): Promise<number> {
  const t0 = performance.now();
  const saved = await saveAttempt(db, user, attempt);
  const elapsed = performance.now() - t0;
  if (!saved.ok || !saved.created) throw new Error(`save refused: ${JSON.stringify(saved)}`);
  return elapsed;
}

/** Linux counts a process's CPU time in ticks of 1/100 s (USER_HZ) on every common architecture. */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds used so far by this machine's PostgreSQL processes (`/proc`: the server's own and
 * its backends', and the children it has reaped), or null when none runs here (a remote server,
 * PGlite, not Linux). Its difference over a run is the database server's share of the work.
 */
function postgresCpuSeconds(): number | null {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  let ticks = 0;
  let found = false;
  for (const pid of entries) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    const nameEnd = stat.lastIndexOf(")");
    if (stat.slice(stat.indexOf("(") + 1, nameEnd) !== "postgres") continue;
    found = true;
    // After the name: state, then … utime, stime, cutime, cstime (fields 14–17 of proc(5)).
    const fields = stat.slice(nameEnd + 2).split(" ");
    for (const field of [11, 12, 13, 14]) ticks += Number(fields[field]);
  }
  return found ? ticks / TICKS_PER_SECOND : null;
}

function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Every student's earlier attempts, then the statistics a live database keeps. */
async function seedHistory(db: Kysely<DB>, ids: readonly number[]): Promise<number> {
  let n = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, k) => {
      for (let i = 0; i < HISTORY; i += 1) await timedSave(db, submission(ids, n++), userOf(k));
    }),
  );
  await sql`analyze`.execute(db);
  return n;
}

async function measure({ label, db }: Bench, postgres: boolean): Promise<string> {
  const ids = await seed(db, postgres);
  const history = await seedHistory(db, ids);
  let n = history;
  for (; n < history + WARM_UP; n += 1) await timedSave(db, submission(ids, n));

  // Each statement a save sends, counted on the sequential saves (a transaction's begin and
  // commit are the driver's, not counted): on PostgreSQL each one is a round trip. Counted as
  // their results come back, so a statement sent as compiled text (db/bulk-insert.ts) counts too.
  let statements = 0;
  const counting: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => ((statements += 1), result),
  };
  const counted = db.withPlugin(counting);
  const sequential: number[] = [];
  const sequentialStarted = performance.now();
  for (let i = 0; i < SAVES; i += 1, n += 1) {
    sequential.push(await timedSave(counted, submission(ids, n)));
  }
  const sequentialSeconds = (performance.now() - sequentialStarted) / 1000;

  const loaded: number[] = [];
  const queue = Array.from({ length: SAVES }, () => submission(ids, (n += 1)));
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const serverCpuBefore = postgres ? postgresCpuSeconds() : null;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, k) => {
      for (let next = queue.pop(); next; next = queue.pop()) {
        loaded.push(await timedSave(db, next, userOf(k)));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // This process's CPU per save (user + system, SQLite's work included; not PostgreSQL's
  // server): steadier than saves/s when other work shares the machine.
  const cpu = process.cpuUsage(cpuBefore);
  const cpuPerSave = (cpu.user + cpu.system) / 1000 / SAVES;
  // PostgreSQL's own CPU per save, when it runs on this machine.
  const serverCpuAfter = serverCpuBefore === null ? null : postgresCpuSeconds();
  const serverCpuPerSave =
    serverCpuBefore === null || serverCpuAfter === null
      ? null
      : ((serverCpuAfter - serverCpuBefore) * 1000) / SAVES;

  const { attempt_count } = await db
    .selectFrom("practice")
    .select("attempt_count")
    .where("code", "=", PRACTICE)
    .executeTakeFirstOrThrow();
  if (attempt_count !== history + WARM_UP + 2 * SAVES)
    throw new Error(`counter is ${attempt_count}`);

  // "How others answered" (issue 30) is counted off the save's path: the roll-up of every
  // attempt just saved, as a server's timer would run it.
  const rollUpStarted = performance.now();
  const rolled = await rollUpAnswerShares(db);
  const rollUpSeconds = (performance.now() - rollUpStarted) / 1000;

  const ms = (value: number) => value.toFixed(2).padStart(8);
  const rate = (value: number) => value.toFixed(0).padStart(8);
  return [
    label.padEnd(36),
    ms(percentile(sequential, 50)),
    ms(percentile(sequential, 99)),
    rate(SAVES / sequentialSeconds),
    rate(SAVES / seconds),
    ms(percentile(loaded, 50)),
    ms(percentile(loaded, 99)),
    ms(cpuPerSave),
    serverCpuPerSave === null ? "–".padStart(8) : ms(serverCpuPerSave),
    rate(rolled / rollUpSeconds),
    (statements / SAVES).toFixed(1).padStart(10),
  ].join("  ");
}

async function sqliteBench(): Promise<Bench> {
  const database = await createSqliteTestDatabase();
  return {
    label: "SQLite (file, WAL, 1 connection)",
    db: database.db,
    destroy: () => database.destroy(),
  };
}

/** A schema of its own on the server, with the app's pool size; else an in-process PGlite. */
async function postgresBench(): Promise<Bench> {
  const url = testEnv.TEST_DATABASE_URL;
  if (!url) {
    const database = await createPostgresTestDatabase();
    return {
      label: "PostgreSQL (PGlite, 1 connection)",
      db: database.db,
      destroy: () => database.destroy(),
    };
  }
  const schema = `bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = createPostgresSchemaClient(url, schema, POOL_MAX);
  await migrateToLatest(db);
  return {
    label: `PostgreSQL (server, pool ${POOL_MAX})`,
    db,
    async destroy() {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await db.destroy();
    },
  };
}

console.log(
  `Saving attempts of 50 questions (50 answer rows each), ${SAVES} sequential then ${SAVES} at concurrency ${CONCURRENCY}, one practice, ${CONCURRENCY} students with ${HISTORY} attempts each before (analyzed):`,
);
const header = [
  "p50 ms",
  "p99 ms",
  "saves/s",
  "saves/s",
  "p50 ms",
  "p99 ms",
  "CPU ms",
  "DB CPU",
  "rolled/s",
];
console.log(
  `${"".padEnd(36)}  ${"— one at a time —".padEnd(28)}  ${`— ${CONCURRENCY} at a time —`.padEnd(48)}  answer shares  per save`,
);
console.log(
  `${"database".padEnd(36)}  ${header.map((h) => h.padStart(8)).join("  ")}  ${"statements".padStart(10)}`,
);
for (const [open, postgres] of [
  [sqliteBench, false],
  [postgresBench, true],
] as const) {
  const bench = await open();
  try {
    console.log(await measure(bench, postgres));
  } finally {
    await bench.destroy();
  }
}
