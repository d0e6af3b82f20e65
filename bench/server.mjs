// npm run bench:server — what one server process holds (WEB_CONCURRENCY=1, PAGE_CACHE_SECONDS=0:
// nothing cached, as a signed-in student always gets it), each scenario measured alone (the
// median of BENCH_SEQUENTIAL requests one after another over one kept-alive connection) and with
// autocannon at 20 connections: `/`, a set-up page and /about as a visitor; `/`, the set-up page,
// a room, the history and /about signed in; the questions of a 100-question range; an attempt
// save (a signed-in student, 50 answers, a new attempt id per request). Pages are asked for as a
// browser asks (brotli or gzip). Beside each, a bare Node `http` server answering the very same
// bytes in the same run, so the ratio says how far the app is from what this machine can do at
// all. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set (a database of its own is
// created there and dropped). Then STUDENTS simulated students against the default server
// (tests/support/bench-students.mjs: the load from a process of its own, p50/p99 per route, RSS
// per process over time, and at the end each process's RSS split into its V8 heap and the rest).
//
// A/B: with BASELINE_DIR=<a built checkout> every measurement alternates between that build and
// this one under the same conditions and the ratio is printed. Needs `npm run build` first.
//
// Where the CPU of a page goes: npm run bench:profile.
//
// Options (environment): BENCH_SECONDS (autocannon run length, default 10), BENCH_ROUNDS
// (alternations, default 2), BENCH_SEQUENTIAL (default 30), STUDENTS (default 300),
// STUDENT_SECONDS (default 60), STUDENTS_POSTGRES=1 (the student run on PostgreSQL too),
// BENCH_ONLY=home-in,setup-in,… (scenarios; "none" for the students only).
// Results: bench/results/server-<time>.json (git-ignored).
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import autocannon from "autocannon";
import {
  checkouts,
  createPostgresDatabase,
  LONG_PRACTICE,
  PAGES,
  roomPath,
  signUp,
  startApp,
  stats,
} from "../tests/support/bench-app-server.mjs";
import { runStudents, submission } from "../tests/support/bench-students.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 20;
const STUDENTS = Number(process.env.STUDENTS ?? 300);
const STUDENT_SECONDS = Number(process.env.STUDENT_SECONDS ?? 60);
const ONLY = process.env.BENCH_ONLY?.split(",");
/** Sequential requests per scenario (after 5 to warm up), for the median of one alone. */
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 30);

const QUESTIONS_100 = `/practice-review/${LONG_PRACTICE}/questions?type=PRACTICE_TIME_RANGE&start=1&end=100`;

/** The scenarios: each builds its autocannon request for a started app. */
/** What a browser asks for: every page is measured compressed, as students get it. */
const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };
const visitor = (path) => ({ path, headers: BROWSER });
/** A student who has used the app before: signed in, with the stylesheet's file (ADR 0035). */
const signedIn = (app, path) => ({
  path,
  headers: { ...BROWSER, cookie: `${app.cookie}; ${app.stylesheetCookie}` },
});
const SCENARIOS = {
  home: () => visitor(PAGES.home),
  setup: () => visitor(PAGES.setup),
  about: () => visitor("/about"),
  "home-in": (app) => signedIn(app, PAGES.home),
  "setup-in": (app) => signedIn(app, PAGES.setup),
  "room-in": (app) => signedIn(app, app.room),
  "history-in": (app) => signedIn(app, "/practice-history"),
  "about-in": (app) => signedIn(app, "/about"),
  questions: () => visitor(QUESTIONS_100),
  attempt: (app) => ({
    path: "/api/attempts",
    method: "POST",
    headers: { "content-type": "application/json", origin: app.base, cookie: app.cookie },
    // A new attempt every request: a repeated id is answered from the stored attempt instead.
    body: () => JSON.stringify(submission(app.questionIds)),
  }),
};

async function prepare(app) {
  app.cookie = await signUp(app.base);
  const response = await fetch(
    `${app.base}/practice-review/${LONG_PRACTICE}/questions?type=PRACTICE_TIME_RANGE&start=1&end=50`,
  );
  app.questionIds = (await response.json()).questions.map((q) => q.id);
  // One room address for the whole run: the room page of a started attempt, as a student
  // reloading it would ask for it.
  app.room = roomPath();
  // A history with something in it: ten saved attempts.
  for (let i = 0; i < 10; i += 1) {
    const saved = await fetch(`${app.base}/api/attempts`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.base, cookie: app.cookie },
      body: JSON.stringify(submission(app.questionIds)),
    });
    if (!saved.ok) throw new Error(`attempt save failed: ${saved.status}`);
  }
}

/**
 * One request at a time on an idle server, over one kept-alive connection of `node:http` (fetch
 * itself adds several ms to a 70 KB page): the median of SEQUENTIAL answers, in ms.
 */
async function sequential(base, { path, method = "GET", headers = {}, body }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const request = http.request(base + path, { method, headers, agent }, (response) => {
        response.resume();
        response.on("end", () => resolve(performance.now() - started));
      });
      request.on("error", reject);
      request.end(typeof body === "function" ? body() : body);
    });
  const times = [];
  for (let i = 0; i < SEQUENTIAL + 5; i += 1) {
    const took = await once();
    if (i >= 5) times.push(took);
  }
  agent.destroy();
  return Math.round(stats(times).median * 10) / 10;
}

/** One autocannon run against `base`; a body function gives each request its own body. */
async function cannon(base, { path, method = "GET", headers = {}, body }) {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method,
        path,
        headers,
        setupRequest: (request) =>
          typeof body === "function" ? { ...request, body: body() } : request,
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The exact answer the app gives (status, headers, bytes), to be replayed by a bare server. */
async function recordAnswer(base, request) {
  const body = typeof request.body === "function" ? request.body() : request.body;
  const response = await fetch(base + request.path, {
    method: request.method ?? "GET",
    headers: request.headers,
    body,
  });
  const headers = {};
  for (const [name, value] of response.headers) {
    if (!["date", "connection", "keep-alive", "transfer-encoding"].includes(name)) {
      headers[name] = value;
    }
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  headers["content-length"] = String(bytes.length);
  return { status: response.status, headers, bytes };
}

/** A plain node:http server sending `answer` to every request (after reading its body). */
async function bareServer(answer) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(answer.status, answer.headers);
      res.end(answer.bytes);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const fmt = (r) =>
  `${r.alone === undefined ? "" : `alone ${String(r.alone).padStart(5)} ms  `}${String(r.rps).padStart(6)}/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms${r.errors || r.non2xx ? `  errors ${r.errors} non-2xx ${r.non2xx}` : ""}`;

async function measureDatabase(label, makeDatabase) {
  const results = {};
  const apps = [];
  try {
    for (const checkout of checkouts()) {
      const database = await makeDatabase();
      const app = await startApp({
        root: checkout.root,
        databaseUrl: database?.url,
        // Uncached: what a signed-in student gets (their pages are never cached).
        env: { WEB_CONCURRENCY: "1", PAGE_CACHE_SECONDS: "0" },
        longPractice: true,
      });
      app.checkout = checkout.name;
      app.dropDatabase = database?.drop;
      await prepare(app);
      apps.push(app);
    }
    for (const [name, scenario] of Object.entries(SCENARIOS)) {
      if (ONLY && !ONLY.includes(name)) continue;
      results[name] = {};
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const app of apps) {
          const request = scenario(app);
          const alone = await sequential(app.base, request);
          const measured = { ...(await cannon(app.base, request)), alone };
          const bare = await bareServer(await recordAnswer(app.base, request));
          const reference = await cannon(bare.base, request);
          await bare.close();
          (results[name][app.checkout] ??= []).push({ app: measured, bare: reference });
          console.log(
            `${label.padEnd(10)} ${name.padEnd(9)} ${app.checkout.padEnd(8)} app ${fmt(measured)}   bare ${fmt(reference)}   app/bare ${(measured.rps / reference.rps).toFixed(3)}`,
          );
        }
      }
      summarize(label, name, results[name]);
    }
  } finally {
    for (const app of apps) {
      await app.stop();
      await app.dropDatabase?.();
    }
  }
  return results;
}

function summarize(label, name, byCheckout) {
  const median = (runs, pick) => stats(runs.map(pick)).median;
  const line = {};
  for (const [checkout, runs] of Object.entries(byCheckout)) {
    line[checkout] = {
      rps: median(runs, (r) => r.app.rps),
      p99: median(runs, (r) => r.app.p99),
      bare: median(runs, (r) => r.bare.rps),
    };
  }
  const parts = Object.entries(line).map(
    ([checkout, v]) =>
      `${checkout} ${v.rps}/s p99 ${v.p99} ms (bare ${v.bare}/s, ${((100 * v.rps) / v.bare).toFixed(1)}%)`,
  );
  const ratio = line.baseline
    ? `   now/baseline ${(line.now.rps / line.baseline.rps).toFixed(2)}×`
    : "";
  console.log(`== ${label} ${name}: ${parts.join("   ")}${ratio}`);
}

async function studentRun(label, makeDatabase) {
  const out = {};
  for (const checkout of checkouts()) {
    const database = await makeDatabase();
    const app = await startApp({
      root: checkout.root,
      databaseUrl: database?.url,
      heapReport: true,
    });
    try {
      const result = await runStudents(app, { students: STUDENTS, seconds: STUDENT_SECONDS });
      out[checkout.name] = result;
      console.log(
        `${label.padEnd(10)} ${STUDENTS} students ${checkout.name.padEnd(8)} ${result.rps}/s  p50 ${result.p50} ms  p99 ${result.p99} ms  errors ${result.errors}  RSS per process ${result.rssMb.join("/")} MB (max)  server CPU per process ${result.serverCpuPercent.join("/")}% of a core  load generator ${result.generatorCpuPercent}% of a core`,
      );
      if (result.steady) {
        console.log(
          `           after the first ${result.steady.afterSeconds} s: p50 ${result.steady.p50} ms  p99 ${result.steady.p99} ms`,
        );
      }
      console.log(
        `           per route: ${Object.entries(result.routes)
          .map(([route, r]) => `${route} p50 ${r.p50} p99 ${r.p99} ms (${r.n})`)
          .join(", ")}`,
      );
      console.log(
        `           RSS over time (s: MB per process): ${result.rssTimeline
          .map((t) => `${t.second}: ${t.mb.join("/")}`)
          .join(", ")}`,
      );
      // A worker's RSS is its V8 heap (in use: live objects and garbage not yet collected) and
      // what lies outside it.
      console.log(
        `           memory at the end (MB per process): ${result.memoryAtEnd
          .map(
            ({
              rss,
              heapTotal,
              heapUsed,
              external,
              files,
              loopDelayP99,
              loopDelayMax,
              gcMs,
              gcMaxMs,
            }) =>
              heapTotal === undefined
                ? `RSS ${rss}`
                : `RSS ${rss} = V8 heap ${heapTotal} (in use ${heapUsed}) + outside it ${rss - heapTotal}` +
                  (files === undefined ? "" : ` (mapped files ${files}, buffers ${external})`) +
                  (loopDelayMax === undefined
                    ? ""
                    : `, event loop held p99 ${loopDelayP99} ms, max ${loopDelayMax} ms, GC pauses ${gcMs} ms in all, max ${gcMaxMs} ms`),
          )
          .join("; ")}`,
      );
    } finally {
      await app.stop();
      await database?.drop();
    }
  }
  return out;
}

const report = {
  when: new Date().toISOString(),
  machine: { cpus: os.cpus().length, load: os.loadavg() },
  seconds: SECONDS,
  rounds: ROUNDS,
  connections: CONNECTIONS,
  checkouts: checkouts(),
  sqlite: await measureDatabase("SQLite", async () => null),
};
if (process.env.TEST_DATABASE_URL) {
  report.postgres = await measureDatabase("PostgreSQL", createPostgresDatabase);
} else {
  console.log("PostgreSQL: skipped (set TEST_DATABASE_URL to a server)");
}
if (STUDENTS > 0) {
  report.students = { sqlite: await studentRun("SQLite", async () => null) };
  if (process.env.STUDENTS_POSTGRES && process.env.TEST_DATABASE_URL) {
    report.students.postgres = await studentRun("PostgreSQL", createPostgresDatabase);
  }
}
mkdirSync("bench/results", { recursive: true });
const file = `bench/results/server-${report.when.replace(/[:.]/g, "-")}.json`;
writeFileSync(file, JSON.stringify(report, null, 2));
console.log(`written: ${file}`);
