// npm run bench:history (npx tsx bench/history.ts) — the history's reads at scale:
// 100,000 users (one password hash for all) and 1,000,000 attempts, 200,000 of them with 25
// answers each (5,000,000 answer rows), seeded in bulk; then p50/p95 of what one student with
// 2,000 attempts and a few hundred review cards asks for:
//   - the history page (db listHistoryPage): the first page, a deep page by the keyset, and the
//     first page filtered by practice;
//   - a replay (db findAttempt) of one attempt with its 25 answers;
//   - the due cards (services/review/review.ts countDueToday and dueReviewQuestions);
//   - a page of "Tải dữ liệu của tôi" (db listExportPage, 100 attempts with their answers);
//   - the statistics tab (db/statistics.ts userStatistics).
// On SQLite (a temp file, deleted afterwards) and on PostgreSQL when TEST_DATABASE_URL is set (a
// schema of its own, dropped afterwards). Prints a table and writes bench/results/history-<time>.json
// (git-ignored). It never asserts a time: figures depend on the machine and its load.
//
// Seeding writes straight to the tables, bypassing the app (SQLite: prepared statements in
// transactions of 20,000 rows, foreign keys and fsync off on that throwaway file; PostgreSQL:
// INSERT … SELECT FROM unnest(arrays), 20,000 rows a statement, then ANALYZE as autovacuum would).
// Measurements then go through the app's own functions on a connection opened as the app
// opens it (db/kysely.ts's SQLite pragmas and statement cache; a pool of 10 on PostgreSQL).
//
// Knobs (environment): HISTORY_USERS, HISTORY_ATTEMPTS, HISTORY_ANSWERED (scale the seed down for
// a quick look), HISTORY_RUNS (timed runs per query, default 200), HISTORY_ONLY=sqlite|postgres.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import { Kysely } from "kysely";
import pg from "pg";
import { importBanks } from "#content/import-bank.ts";
import type { Bank } from "#content/formats/types.ts";
import { findAttempt, listHistoryPage, type HistoryCursor } from "#db/attempts.ts";
import { listExportPage } from "#db/data-export.ts";
import { createSqliteDialect } from "#db/kysely.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { saveCards, type StoredReviewCard } from "#db/review-cards.ts";
import { userStatistics } from "#db/statistics.ts";
import type { DB } from "#db/schema.ts";
import { configFields } from "#engine/room.ts";
import { reviewCard } from "#engine/review.ts";
import { roomConfig } from "#tests/support/engine-fixture.ts";
import { countDueToday, dueReviewQuestions } from "#services/review/review.ts";
import { createPostgresSchemaClient } from "#tests/support/databases.ts";
import { testEnv } from "#tests/support/test-env.ts";

const env = process.env;
const USERS = Number(env.HISTORY_USERS ?? 100_000);
const ATTEMPTS = Number(env.HISTORY_ATTEMPTS ?? 1_000_000);
const ANSWERED = Number(env.HISTORY_ANSWERED ?? 200_000);
const ANSWERS_PER_ATTEMPT = 25;
const RUNS = Number(env.HISTORY_RUNS ?? 200);
const WARM_UP = 20;
/** The student whose pages are timed. */
const TARGET = "bench-target";
const TARGET_ATTEMPTS = 2_000;
const TARGET_CARDS = 400;
/** The history's page size (app/routes/history.tsx). */
const PAGE_SIZE = 20;
/** The export's page size (services/data-export/data-export.ts). */
const EXPORT_PAGE = 100;
const PRACTICES = 4;
const QUESTIONS_PER_PRACTICE = 120;
const BATCH = 20_000;
const POOL_MAX = 10;
const NOW = new Date();
const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// The seed: plain rows, the same for both databases.

/** A small deterministic generator, so two runs seed the same data. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A UUID-shaped attempt id from a counter: increasing, so inserts append to the key's B-tree. */
const attemptId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
const userId = (n: number) => (n === 0 ? TARGET : `bench-u${String(n).padStart(7, "0")}`);

interface Column {
  name: string;
  /** The PostgreSQL array type unnest reads the column from. */
  pg: string;
}
const col = (name: string, pgType = "text[]"): Column => ({ name, pg: pgType });

const USER_COLUMNS = [
  col("id"),
  col("name"),
  col("email"),
  col("emailVerified", "boolean[]"),
  col("createdAt", "timestamptz[]"),
  col("updatedAt", "timestamptz[]"),
];
const ACCOUNT_COLUMNS = [
  col("id"),
  col("accountId"),
  col("providerId"),
  col("userId"),
  col("password"),
  col("createdAt", "timestamptz[]"),
  col("updatedAt", "timestamptz[]"),
];
const ATTEMPT_COLUMNS = [
  col("id"),
  col("user_id"),
  col("practice_id", "integer[]"),
  col("practice_code"),
  col("practice_title"),
  col("description"),
  col("type"),
  col("chapter_idx", "integer[]"),
  col("range_start", "integer[]"),
  col("range_end", "integer[]"),
  col("practice_type"),
  col("config"),
  col("answer_orders"),
  col("number_of_right", "integer[]"),
  col("number_of_wrong", "integer[]"),
  col("question_count", "integer[]"),
  col("total_time", "integer[]"),
  col("content_version", "integer[]"),
  col("created_at"),
];
const ANSWER_COLUMNS = [
  col("user_id"),
  col("attempt_id"),
  col("position", "integer[]"),
  col("question_id", "integer[]"),
  col("selected"),
  col("right_answer", "integer[]"),
];

type Row = (string | number | boolean | null)[];

/** Writes rows in bulk; each database has its own way. */
interface Sink {
  insert(table: string, columns: Column[], rows: Row[]): Promise<void>;
}

function* userRows(kind: "user" | "account"): Generator<Row> {
  // One scrypt hash for everyone: hashing 100,000 passwords would dominate the seed.
  const hash = "bench-salt:" + "0".repeat(128);
  const at = new Date(NOW.getTime() - 400 * DAY).toISOString();
  for (let n = 0; n < USERS; n++) {
    const id = userId(n);
    yield kind === "user"
      ? [id, `Sinh viên ${n}`, `${id}@example.com`, true, at, at]
      : [`acc-${id}`, id, "credential", id, hash, at, at];
  }
}

interface SeedPractice {
  id: number;
  code: string;
  title: string;
  questionIds: number[];
}

/** How many attempts user `n` has: the target 2,000, the others share the rest evenly. */
function attemptsOf(n: number): number {
  if (n === 0) return Math.min(TARGET_ATTEMPTS, ATTEMPTS);
  const rest = Math.max(ATTEMPTS - TARGET_ATTEMPTS, 0);
  const others = USERS - 1;
  return Math.floor(rest / others) + (n - 1 < rest % others ? 1 : 0);
}

/** Every attempt row and, for the answered ones, its 25 answer rows. */
function* attemptRows(practices: SeedPractice[]): Generator<{ attempt: Row; answers: Row[] }> {
  const random = mulberry32(15);
  const { practiceType, ...config } = configFields(roomConfig({ practiceType: "FLAT" }));
  const configJson = JSON.stringify(config);
  // The target's attempts all have answers (its replays are timed); then every fifth other one.
  let answeredLeft = ANSWERED;
  let counter = 0;
  for (let n = 0; n < USERS; n++) {
    const count = attemptsOf(n);
    for (let k = 0; k < count; k++, counter++) {
      const practice = practices[Math.floor(random() * practices.length)]!;
      const start = Math.floor(random() * (QUESTIONS_PER_PRACTICE - ANSWERS_PER_ATTEMPT));
      const answered = answeredLeft > 0 && (n === 0 || counter % 5 === 0);
      const picks = Array.from({ length: ANSWERS_PER_ATTEMPT }, () => Math.floor(random() * 4));
      const right = picks.filter((p) => p === 0).length;
      const when =
        n === 0
          ? NOW.getTime() - (TARGET_ATTEMPTS - k) * 4 * 3_600_000
          : NOW.getTime() - Math.floor(random() * 365 * DAY);
      const id = attemptId(counter);
      const user = userId(n);
      // prettier-ignore
      const attempt: Row = [
        id, user, practice.id, practice.code, practice.title,
        `Câu ${start + 1} - ${start + ANSWERS_PER_ATTEMPT}`, "PRACTICE_TIME_RANGE", null,
        start + 1, start + ANSWERS_PER_ATTEMPT, practiceType, configJson, null,
        right, ANSWERS_PER_ATTEMPT - right, ANSWERS_PER_ATTEMPT, 300 + Math.floor(random() * 900), 1,
        new Date(when).toISOString(),
      ];
      const answers: Row[] = [];
      if (answered) {
        answeredLeft--;
        for (let p = 0; p < ANSWERS_PER_ATTEMPT; p++) {
          const question = practice.questionIds[start + p]!;
          answers.push([user, id, p, question, `[${picks[p]}]`, picks[p] === 0 ? 1 : 0]);
        }
      }
      yield { attempt, answers };
    }
  }
}

function bank(): Bank {
  return {
    subject: { code: "bench-history", name: "Môn đo lịch sử", description: "", keywords: [] },
    practices: Array.from({ length: PRACTICES }, (_, p) => ({
      code: `bench-history-${p + 1}`,
      title: `Đề đo lịch sử ${p + 1}`,
      description: "",
      chapters: [{ title: "Chương 1" }, { title: "Chương 2" }],
      questions: Array.from({ length: QUESTIONS_PER_PRACTICE }, (_, i) => ({
        text: `Câu ${i + 1} của đề ${p + 1}: chọn đáp án đúng.`,
        chapter: i < QUESTIONS_PER_PRACTICE / 2 ? 0 : 1,
        answers: [
          { text: `Đúng ${i}`, key: true },
          { text: `Sai ${i}`, key: false },
          { text: `Khác ${i}`, key: false },
          { text: `Nữa ${i}`, key: false },
        ],
      })),
    })),
  };
}

async function seedCatalogue(db: Kysely<DB>): Promise<SeedPractice[]> {
  await importBanks(db, [bank()]);
  const practices = await db
    .selectFrom("practice")
    .select(["id", "code", "title"])
    .where("code", "like", "bench-history-%")
    .orderBy("code")
    .execute();
  const questions = await db
    .selectFrom("question")
    .select(["id", "practice_id"])
    .where("retired", "=", 0)
    .orderBy("practice_id")
    .orderBy("idx")
    .execute();
  return practices.map((p) => ({
    ...p,
    questionIds: questions.filter((q) => q.practice_id === p.id).map((q) => q.id),
  }));
}

/** Streams generated rows into the sink a batch at a time. */
async function pour(
  sink: Sink,
  table: string,
  columns: Column[],
  rows: Iterable<Row>,
): Promise<number> {
  let batch: Row[] = [];
  let total = 0;
  for (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH) {
      await sink.insert(table, columns, batch);
      total += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) await sink.insert(table, columns, batch);
  return total + batch.length;
}

async function pourAttempts(sink: Sink, practices: SeedPractice[]): Promise<[number, number]> {
  let attempts: Row[] = [];
  let answers: Row[] = [];
  let attemptTotal = 0;
  let answerTotal = 0;
  const flush = async () => {
    await sink.insert("attempt", ATTEMPT_COLUMNS, attempts);
    if (answers.length > 0) await sink.insert("attempt_answer", ANSWER_COLUMNS, answers);
    attemptTotal += attempts.length;
    answerTotal += answers.length;
    attempts = [];
    answers = [];
  };
  for (const { attempt, answers: rows } of attemptRows(practices)) {
    attempts.push(attempt);
    answers.push(...rows);
    if (attempts.length === BATCH / 4) await flush();
  }
  if (attempts.length > 0) await flush();
  return [attemptTotal, answerTotal];
}

/** A few hundred FSRS cards of the target: about half due today, the rest later. */
async function seedCards(db: Kysely<DB>, practices: SeedPractice[]): Promise<void> {
  const questionIds = practices.flatMap((p) => p.questionIds).slice(0, TARGET_CARDS);
  const cards: StoredReviewCard[] = questionIds.map((questionId, i) => {
    const first = new Date(NOW.getTime() - (2 + (i % 20)) * DAY);
    const missed = reviewCard(null, "AGAIN", first);
    // Every other card was then answered right twice: due days from now.
    const card =
      i % 2 === 0
        ? missed
        : reviewCard(reviewCard(missed, "GOOD", new Date(first.getTime() + DAY)), "GOOD", NOW);
    return { questionId, ...card };
  });
  await saveCards(db, TARGET, cards);
}

async function seed(db: Kysely<DB>, sink: Sink) {
  const started = performance.now();
  const practices = await seedCatalogue(db);
  const users = await pour(sink, "user", USER_COLUMNS, userRows("user"));
  await pour(sink, "account", ACCOUNT_COLUMNS, userRows("account"));
  const [attempts, answers] = await pourAttempts(sink, practices);
  await seedCards(db, practices);
  return { users, attempts, answers, seconds: (performance.now() - started) / 1000 };
}

// ---------------------------------------------------------------------------------------------
// The two databases.

interface Target {
  label: string;
  /** Where the seed goes. */
  sink: Sink;
  /** The app's view of the same database, for the catalogue import and the timings. */
  db: Kysely<DB>;
  /** After the seed: statistics, and a fresh connection as the app opens it. */
  ready(): Promise<Kysely<DB>>;
  destroy(): Promise<void>;
}

async function sqliteTarget(): Promise<Target> {
  const dir = mkdtempSync(path.join(tmpdir(), "on-tap-bench-history-"));
  const file = path.join(dir, "bench.sqlite");
  let db = new Kysely<DB>({ dialect: createSqliteDialect(file) });
  await migrateToLatest(db);
  const raw = new Database(file);
  raw.pragma("journal_mode = WAL");
  // A throwaway file: no fsync, no reference checks while the generated (consistent) rows go in.
  raw.pragma("synchronous = OFF");
  raw.pragma("foreign_keys = OFF");
  const statements = new Map<string, Database.Statement>();
  const sink: Sink = {
    async insert(table, columns, rows) {
      const names = columns.map((c) => `"${c.name}"`).join(", ");
      const text = `insert into "${table}" (${names}) values (${columns.map(() => "?").join(", ")})`;
      let statement = statements.get(text);
      if (!statement) statements.set(text, (statement = raw.prepare(text)));
      const run = statement;
      raw.transaction(() => {
        for (const row of rows) run.run(row.map((v) => (typeof v === "boolean" ? Number(v) : v)));
      })();
    },
  };
  return {
    label: "SQLite (file, WAL)",
    sink,
    db,
    async ready() {
      raw.close();
      await db.destroy();
      db = new Kysely<DB>({ dialect: createSqliteDialect(file) });
      return db;
    },
    async destroy() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresTarget(url: string): Promise<Target> {
  const schema = `bench_history_${randomBytes(5).toString("hex")}`;
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  await client.query(`create schema ${schema}`);
  const db = createPostgresSchemaClient(url, schema, POOL_MAX);
  await migrateToLatest(db);
  const sink: Sink = {
    async insert(table, columns, rows) {
      const names = columns.map((c) => `"${c.name}"`).join(", ");
      const arrays = columns.map((_, i) => rows.map((row) => row[i]));
      const unnest = columns.map((c, i) => `$${i + 1}::${c.pg}`).join(", ");
      await client.query(
        `insert into "${table}" (${names}) select * from unnest(${unnest})`,
        arrays,
      );
    },
  };
  return {
    label: `PostgreSQL (server, pool ${POOL_MAX})`,
    sink,
    db,
    async ready() {
      await client.query("analyze");
      return db;
    },
    async destroy() {
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
      await db.destroy();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The timings.

interface Timing {
  name: string;
  p50: number;
  p95: number;
  max: number;
  runs: number;
  note?: string;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** WARM_UP untimed calls, then RUNS timed ones; `run(i)` may vary its input with i. */
async function time(name: string, run: (i: number) => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < WARM_UP; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    name,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1)!,
    runs: RUNS,
  };
}

/** The "Thống kê" tab of the target (db/statistics.ts): its five queries together. */
function timeStatistics(db: Kysely<DB>): Promise<Timing> {
  return time("statistics (userStatistics)", () => userStatistics(db, TARGET, NOW));
}

async function measure(db: Kysely<DB>): Promise<Timing[]> {
  // The deep page starts after the 1,500th newest attempt: the keyset, not an offset.
  const all = await listHistoryPage(db, TARGET, { limit: 200 });
  let before: HistoryCursor | null = null;
  for (let skipped = 0; skipped < 1_500;) {
    const page = await listHistoryPage(db, TARGET, { before, limit: 200 });
    skipped += page.attempts.length;
    const last = page.attempts.at(-1);
    if (!last || !page.more) break;
    before = { createdAt: last.createdAt, id: last.id };
  }
  const replayIds = all.attempts.map((a) => a.id);
  const practiceCode = all.attempts[0]?.practiceCode ?? "";
  const due = await countDueToday(db, TARGET, NOW);
  // What is timed must be real work: full pages, a replay with its answers, cards due.
  const replay = await findAttempt(db, TARGET, replayIds[0] ?? "");
  const deep = await listHistoryPage(db, TARGET, { before, limit: PAGE_SIZE });
  if (all.attempts.length !== 200 || deep.attempts.length !== PAGE_SIZE || !before) {
    throw new Error("the target's history is not as seeded");
  }
  if (replay?.results.length !== ANSWERS_PER_ATTEMPT || due === 0) {
    throw new Error(`replay of ${replay?.results.length} answers, ${due} cards due`);
  }
  const timings = [
    await time("history: first page (20)", () => listHistoryPage(db, TARGET, { limit: PAGE_SIZE })),
    await time("history: deep page (after 1,500)", () =>
      listHistoryPage(db, TARGET, { before, limit: PAGE_SIZE }),
    ),
    await time("history: first page, one practice", () =>
      listHistoryPage(db, TARGET, { practiceCode, limit: PAGE_SIZE }),
    ),
    await time("replay (findAttempt, 25 answers)", (i) =>
      findAttempt(db, TARGET, replayIds[i % replayIds.length]!),
    ),
    await time(`due cards: countDueToday (${due} due)`, () => countDueToday(db, TARGET, NOW)),
    await time("due cards: dueReviewQuestions", () => dueReviewQuestions(db, TARGET, NOW)),
    await time("export: one page (100 attempts)", () =>
      listExportPage(db, TARGET, null, EXPORT_PAGE),
    ),
    await timeStatistics(db),
  ];
  return timings;
}

// ---------------------------------------------------------------------------------------------

const fmt = (ms: number) => (Number.isNaN(ms) ? "—" : ms.toFixed(2)).padStart(8);

async function run(open: () => Promise<Target>) {
  const target = await open();
  try {
    console.log(`\n${target.label}: seeding…`);
    const seeded = await seed(target.db, target.sink);
    console.log(
      `  seeded ${seeded.users.toLocaleString("en")} users, ${seeded.attempts.toLocaleString("en")} attempts, ` +
        `${seeded.answers.toLocaleString("en")} answers in ${seeded.seconds.toFixed(1)} s`,
    );
    const db = await target.ready();
    const timings = await measure(db);
    console.log(
      `  ${"query".padEnd(40)}  ${"p50 ms".padStart(8)}  ${"p95 ms".padStart(8)}  ${"max ms".padStart(8)}`,
    );
    for (const t of timings) {
      console.log(
        `  ${t.name.padEnd(40)}  ${fmt(t.p50)}  ${fmt(t.p95)}  ${fmt(t.max)}${t.note ? `  (${t.note})` : ""}`,
      );
    }
    return { database: target.label, seeded, timings };
  } finally {
    await target.destroy();
  }
}

const url = testEnv.TEST_DATABASE_URL;
const only = env.HISTORY_ONLY;
console.log(
  `History at scale: ${USERS.toLocaleString("en")} users, ${ATTEMPTS.toLocaleString("en")} attempts ` +
    `(${ANSWERED.toLocaleString("en")} with ${ANSWERS_PER_ATTEMPT} answers); one student with ` +
    `${TARGET_ATTEMPTS.toLocaleString("en")} attempts and ${TARGET_CARDS} cards; ${RUNS} runs per query after ${WARM_UP} warm-up.`,
);
const results = [];
if (only !== "postgres") results.push(await run(sqliteTarget));
if (only !== "sqlite") {
  if (url) results.push(await run(() => postgresTarget(url)));
  else console.log("\nPostgreSQL: skipped (set TEST_DATABASE_URL to include it).");
}
mkdirSync("bench/results", { recursive: true });
const when = new Date().toISOString();
const file = `bench/results/history-${when.replace(/[:.]/g, "-")}.json`;
writeFileSync(
  file,
  JSON.stringify(
    { when, users: USERS, attempts: ATTEMPTS, answered: ANSWERED, runs: RUNS, results },
    null,
    2,
  ),
);
console.log(`\nWrote ${file}. Figures vary with the machine's load; nothing here is asserted.`);
