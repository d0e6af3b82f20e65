// Starts a production build (this checkout's, or another checkout's for an A/B run) on a port of
// its own, with a fresh database and DATA_DIR, the sample banks loaded at its first start.
// Used by bench:page, bench:server and bench:weight, each app on a port the system hands out.
import { spawn } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import net from "node:net";
import path from "node:path";
import pg from "pg";

/**
 * A port nothing listens on, as the system hands one out: a fixed range collided with the
 * machine's own services (MariaDB's 3306 is in 3300–3399), and the server then failed to start.
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The checkouts to compare: this one ("now") and, with BASELINE_DIR, a built older one. */
export function checkouts() {
  const list = [{ name: "now", root: process.cwd() }];
  const baseline = process.env.BASELINE_DIR;
  if (baseline) list.unshift({ name: "baseline", root: path.resolve(baseline) });
  for (const { root } of list) {
    if (!existsSync(path.join(root, "build/host/index.js"))) {
      throw new Error(`${root} has no production build: run \`npm run build\` there first`);
    }
  }
  return list;
}

/**
 * A PostgreSQL database of its own on the server at TEST_DATABASE_URL (created, then dropped by
 * `drop()`), or null when that variable is unset.
 */
export async function createPostgresDatabase() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return null;
  const name = `bench_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = new URL(url);
  database.pathname = `/${name}`;
  return {
    url: database.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A practice of 120 questions (the sample banks have none of 100), for a 100-question range. */
export const LONG_PRACTICE = "do-120-cau";

function writeLongBank(file) {
  const questions = Array.from({ length: 120 }, (_, i) => ({
    text: `Câu đo số ${i + 1}: trong một cơ sở dữ liệu quan hệ, phát biểu nào sau đây là đúng về khoá chính và ràng buộc toàn vẹn của bảng thứ ${i + 1}?`,
    answers: [0, 1, 2, 3].map((a) => ({
      text: `Phương án ${a + 1} của câu ${i + 1}: một phát biểu vừa đủ dài để giống một đáp án thật.`,
      key: a === i % 4,
    })),
    explanation: `Lời giải của câu ${i + 1}.`,
  }));
  const bank = {
    subject: { code: "do-hieu-nang", name: "Đo hiệu năng", description: "Môn đo.", keywords: [] },
    practices: [{ code: LONG_PRACTICE, title: "Đề 120 câu", description: "Đề đo.", questions }],
  };
  writeFileSync(file, JSON.stringify(bank));
}

/**
 * Starts `root`'s build. `databaseUrl` defaults to a SQLite file in a fresh folder; `env` adds
 * or overrides variables (e.g. WEB_CONCURRENCY); `longPractice` adds LONG_PRACTICE to the sample
 * banks; `heapReport` has every server process report its V8 heap (`heap(pid)`). Resolves once
 * /healthz answers.
 */
export async function startApp({
  root,
  databaseUrl,
  env = {},
  longPractice = false,
  heapReport = false,
}) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "on-tap-bench-"));
  const banks = path.join(dir, "banks");
  mkdirSync(banks);
  const samples = path.join(root, "content/banks");
  for (const name of readdirSync(samples).filter((n) => n.endsWith(".json"))) {
    copyFileSync(path.join(samples, name), path.join(banks, name));
  }
  // The drawings the banks name sit beside them (issue 26).
  if (existsSync(path.join(samples, "pictures"))) {
    cpSync(path.join(samples, "pictures"), path.join(banks, "pictures"), { recursive: true });
  }
  if (longPractice) writeLongBank(path.join(banks, "zz-do-hieu-nang.json"));
  const heapDir = path.join(dir, "heap");
  mkdirSync(heapDir);
  // This checkout's preload, whichever checkout runs: a baseline may predate it.
  const heapPreload = new URL("./bench-heap-preload.mjs", import.meta.url).href;
  const child = spawn(process.execPath, ["build/host/index.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl ?? path.join(dir, "bench.sqlite"),
      DATA_DIR: dir,
      BANKS_DIR: banks,
      BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT: "false",
      ...(heapReport
        ? {
            NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${heapPreload}`.trim(),
            BENCH_HEAP_DIR: heapDir,
          }
        : {}),
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child);
  return {
    base,
    port,
    pid: child.pid,
    stylesheetCookie: stylesheetCookie(root),
    /** Resident memory (MB) and CPU time (s) of the server: the process and its workers, each. */
    usage: () => processUsage(child.pid),
    /** The V8 heap of server process `pid` in MB ({heapTotal, heapUsed}), with `heapReport`. */
    heap(pid) {
      try {
        return JSON.parse(readFileSync(path.join(heapDir, `${pid}.json`), "utf8"));
      } catch {
        return null; // not written yet, or written half
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The cookie a browser that has opened the app before sends (ADR 0035: it has the build's
 * stylesheet, which pages then link instead of inlining), or "" for a build without one.
 */
function stylesheetCookie(root) {
  const assets = path.join(root, "build/client/assets");
  const file = readdirSync(assets).find((name) => /^app-[\w-]+\.css$/.test(name));
  return file ? `on-tap-css=${file}` : "";
}

async function waitForHealth(base, child) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server at ${base} exited`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server at ${base} did not start`);
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times: 100 on every common build. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * RSS in MB and CPU time used so far in seconds of `pid` and of every process below it (the
 * cluster's workers).
 */
function processUsage(pid) {
  const result = [];
  const visit = (id) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      // utime and stime, in clock ticks (fields 14 and 15, after the command's closing ")").
      const times = readFileSync(`/proc/${id}/stat`, "utf8").split(") ")[1].split(" ");
      const cpuSeconds = (Number(times[11]) + Number(times[12])) / CLOCK_TICKS_PER_SECOND;
      result.push({ pid: id, mb: Math.round(kb / 1024), cpuSeconds });
      const children = readFileSync(`/proc/${id}/task/${id}/children`, "utf8").trim();
      for (const child of children ? children.split(/\s+/) : []) visit(Number(child));
    } catch {
      // gone meanwhile
    }
  };
  visit(pid);
  return result;
}

/** Registers a student and returns the session cookie ("name=value"). */
export async function signUp(base, n = 0) {
  const response = await fetch(`${base}/register`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({
      intent: "register",
      fullName: "Người Đo",
      email: `do${n}-${Date.now()}@example.com`,
      password: "matkhau-do-123",
    }),
    redirect: "manual",
  });
  const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token"));
  if (!cookie) throw new Error(`sign-up failed: ${response.status}`);
  return cookie.split(";")[0];
}

/** The sample banks' pages the benchmarks visit. */
export const PAGES = {
  home: "/",
  subject: "/practice-subject/co-so-du-lieu",
  setup: "/practice-review/csdl-ly-thuyet",
  /** A set-up page whose questions show pictures (issue 26). */
  setupPictures: "/practice-review/trr-do-thi-qua-hinh",
};

/** A room URL on the sample bank (a signed-in student), with a fresh attempt id each call. */
export function roomPath({ start = 1, end = 50, seed = 1, practice = "csdl-ly-thuyet" } = {}) {
  const attempt = crypto.randomUUID();
  return `/practice-control?practice=${practice}&type=PRACTICE_TIME_RANGE&start=${start}&end=${end}&mode=SEQUENCE&questionTime=30&resultTime=20&showKey=1&notify=1&shuffle=0&shuffleAnswers=0&seed=${seed}&attempt=${attempt}`;
}

export function stats(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const at = (p) => v[Math.min(v.length - 1, Math.floor(p * v.length))];
  const mid = v.length >> 1;
  const median = v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  return { median, min: v[0], max: v[v.length - 1], p50: at(0.5), p99: at(0.99), n: v.length };
}
