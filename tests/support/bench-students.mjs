// N simulated students against one started app for a while: each, signed in, opens the home
// page, a subject, a set-up page, a room (the whole HTML, first question included) and saves the
// attempt, thinking 0.5–1.5 s between two steps (a student reading and tapping), over and over.
// Every request's latency counts (headers and body read); an error is a failed request or any
// answer but 2xx. Requests ask for brotli or gzip, as a browser does.
//
// What is measured is the server, not the load generator nor password hashing (issue 29): every
// student has an account of their own, signed up before the clock starts, and the requests are
// sent by a child process, whose own CPU use is reported (a share of one core) beside the
// latencies per route. The server's RSS is sampled every second per process, and kept every
// 5 s as a timeline; its CPU over the run is reported per process too, and, at the end, how much
// of each process's RSS is the V8 heap (its size, and how much of it is in use) and how much is not.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { LONG_PRACTICE, PAGES, roomPath, signUp, stats } from "./bench-app-server.mjs";

const SIGN_UPS_AT_ONCE = 10;
const TIMELINE_EVERY_S = 5;
/**
 * All students open home within their first 1.5 s: that arrival is a burst no class makes at
 * once. The latencies after it are reported apart, beside (never instead of) the whole run's.
 */
const STEADY_AFTER_S = 10;

export async function runStudents(app, { students, seconds }) {
  const cookies = [];
  for (let i = 0; i < students; i += SIGN_UPS_AT_ONCE) {
    const batch = Array.from({ length: Math.min(SIGN_UPS_AT_ONCE, students - i) }, (_, k) =>
      signUp(app.base, i + k),
    );
    // Students who have used the app before: their browsers have the stylesheet (ADR 0035).
    const signedIn = await Promise.all(batch);
    cookies.push(...signedIn.map((cookie) => `${cookie}; ${app.stylesheetCookie}`));
  }
  const questionIds = (
    await (
      await fetch(
        `${app.base}/practice-review/csdl-ly-thuyet/questions?type=PRACTICE_TIME_RANGE&start=1&end=50`,
      )
    ).json()
  ).questions.map((q) => q.id);

  const rssMax = new Map();
  const rssTimeline = [];
  /** The last second's RSS and V8 heap per process, taken while the students were at work. */
  let memoryAtEnd = [];
  const clockStarted = Date.now();
  const sampler = setInterval(() => {
    const sample = app.usage();
    sample.forEach(({ mb }, index) => rssMax.set(index, Math.max(rssMax.get(index) ?? 0, mb)));
    const second = Math.round((Date.now() - clockStarted) / 1000);
    if (second % TIMELINE_EVERY_S === 0) rssTimeline.push({ second, mb: sample.map((s) => s.mb) });
    memoryAtEnd = sample.map(({ pid, mb }) => ({ rss: mb, ...app.heap(pid) }));
  }, 1000);
  const cpuBefore = app.usage();
  try {
    const generated = await runGenerator({ base: app.base, cookies, questionIds, seconds });
    const elapsed = (Date.now() - clockStarted) / 1000;
    // Each server process's CPU over the run, in percent of one core: near 100 for every worker
    // means the server, not the bench, set the pace (a queue, and the p99 grows with it).
    const serverCpuPercent = app.usage().map(({ pid, cpuSeconds }) => {
      const before = cpuBefore.find((p) => p.pid === pid)?.cpuSeconds ?? 0;
      return Math.round((100 * (cpuSeconds - before)) / elapsed);
    });
    return {
      ...generated,
      rssMb: [...rssMax.values()],
      rssTimeline,
      memoryAtEnd,
      serverCpuPercent,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The load generator in a process of its own; resolves with what it measured. */
function runGenerator(config) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--generate"], {
      env: { ...process.env, BENCH_STUDENTS: JSON.stringify(config) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`the load generator exited with ${code}`));
      resolve(JSON.parse(output));
    });
  });
}

/** The child: every student's loop, then the figures as JSON on stdout. */
async function generate({ base, cookies, questionIds, seconds }) {
  const latencies = [];
  /** Those of requests sent after the first STEADY_AFTER_S: the class at work, not its arrival. */
  const steady = [];
  const steadyFrom = Date.now() + STEADY_AFTER_S * 1000;
  const byRoute = new Map();
  let errors = 0;
  const firstErrors = [];
  const deadline = Date.now() + seconds * 1000;
  const think = () => new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1000));

  async function request(route, path, cookie, init = {}) {
    if (Date.now() >= deadline) return;
    const started = performance.now();
    const sentInSteadyState = Date.now() >= steadyFrom;
    try {
      const response = await fetch(base + path, {
        ...init,
        headers: { cookie, "accept-encoding": "gzip, deflate, br, zstd", ...init.headers },
        redirect: "manual",
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      if (response.status < 200 || response.status >= 300) {
        errors += 1;
        if (firstErrors.length < 5) firstErrors.push(`${response.status} ${path}`);
      }
    } catch (error) {
      errors += 1;
      if (firstErrors.length < 5) firstErrors.push(`${error.name} ${path}`);
    }
    const took = performance.now() - started;
    latencies.push(took);
    if (sentInSteadyState) steady.push(took);
    if (!byRoute.has(route)) byRoute.set(route, []);
    byRoute.get(route).push(took);
  }

  async function student(n) {
    const cookie = cookies[n];
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 1500));
    while (Date.now() < deadline) {
      await request("home", PAGES.home, cookie);
      await think();
      await request("subject", PAGES.subject, cookie);
      await think();
      await request("setup", PAGES.setup, cookie);
      await think();
      await request("room", roomPath({ seed: n }), cookie);
      await think();
      const attempt = submission(questionIds);
      attempt.practiceCode = "csdl-ly-thuyet";
      await request("save", "/api/attempts", cookie, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify(attempt),
      });
      await think();
    }
  }

  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(cookies.map((_, n) => student(n)));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const s = stats(latencies);
  const routes = {};
  for (const [route, values] of byRoute) {
    const r = stats(values);
    routes[route] = { n: values.length, p50: Math.round(r.p50), p99: Math.round(r.p99) };
  }
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / elapsed),
    p50: Math.round(s.p50),
    p99: Math.round(s.p99),
    max: Math.round(s.max),
    steady:
      steady.length === 0 ? null : { afterSeconds: STEADY_AFTER_S, ...rounded(stats(steady)) },
    errors,
    firstErrors,
    routes,
    /** The generator's own CPU, in percent of one core: what it took from the machine. */
    generatorCpuPercent: Math.round((100 * (cpu.user + cpu.system)) / 1e6 / elapsed),
  };
}

/** A latency summary's p50 and p99 in whole milliseconds. */
function rounded({ p50, p99 }) {
  return { p50: Math.round(p50), p99: Math.round(p99) };
}

/** What the room sends for a SEQUENCE run of 50 questions (`practiceCode` is set by the caller). */
export function submission(questionIds) {
  const seed = Math.floor(Math.random() * 1e9);
  return {
    id: crypto.randomUUID(),
    practiceCode: LONG_PRACTICE,
    selection: { type: "PRACTICE_TIME_RANGE", start: 1, end: 50 },
    config: {
      practiceType: "SEQUENCE",
      maxQuestionTime: 30,
      maxResultTime: 20,
      showQuestionKeyAfterQuestionEnd: true,
      showNotification: true,
      shuffleQuestions: false,
      shuffleAnswers: false,
      seed,
    },
    answers: questionIds.map((questionId, k) => ({
      questionId,
      selectedAnswerIndexes: [(seed + k) % 4],
    })),
    answerOrders: null,
    totalTime: 300,
  };
}

if (process.argv[2] === "--generate") {
  const result = await generate(JSON.parse(process.env.BENCH_STUDENTS));
  process.stdout.write(JSON.stringify(result));
}
