// Prints, per route, the JavaScript and CSS a first visit loads: raw bytes, gzip (zlib level 6,
// what a default gzip server sends) and what this server actually transferred (brotli).
// Usage: npm run build && npm run bench:weight   (CHROMIUM_PATH overrides /usr/bin/chromium)
// WEIGHT_FILES=/ (a route of the list below) also prints that route's files, largest first.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import Database from "better-sqlite3";
import { freePort } from "../tests/support/bench-app-server.mjs";

// A port the system hands out: a fixed range met this machine's MariaDB (3306) once.
const port = await freePort();
const dir = mkdtempSync(path.join(tmpdir(), "on-tap-weight-"));
const database = path.join(dir, "bench.sqlite");
const server = spawn(process.execPath, ["build/host/index.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: database,
    DATA_DIR: dir,
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
    LOG_LEVEL: "warn",
    // Bytes are the same from one process; it starts faster than a primary and its workers.
    WEB_CONCURRENCY: "1",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const base = `http://127.0.0.1:${port}`;
// The room and the history need a signed-in student.
const ROOM =
  "/practice-control?type=PRACTICE_TIME_ALL&practice=bench-1&mode=SEQUENCE&questionTime=30&resultTime=20&showKey=1&notify=1&shuffle=0&shuffleAnswers=0&seed=1&attempt=00000000-0000-4000-8000-000000000001";
let sessionCookie = null;
// Measured as the student (with no attempts) sees them; the rest as a visitor.
const SIGNED_IN = new Set([ROOM, "/practice-history", "/practice-history?view=statistics"]);

try {
  await waitForHealth();
  seed();
  sessionCookie = await signUp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
    ],
  });
  const routes = [
    "/",
    "/login",
    "/practice-subject/bench",
    "/practice-review/bench-1",
    ROOM,
    "/practice-history",
    "/practice-history?view=statistics",
    "/about",
    "/khong-co",
  ];
  const rows = [];
  for (const route of routes) rows.push(await measure(browser, route));
  await browser.close();

  const kb = (n) => (n / 1024).toFixed(1).padStart(7);
  console.log(
    "First visit, per route (KB)         JS raw  JS gzip   JS sent  CSS raw CSS gzip  files",
  );
  for (const r of rows) {
    console.log(
      `${(r.route === ROOM ? "/practice-control (50 questions)" : r.route).padEnd(34)} ${kb(r.js.raw)}  ${kb(r.js.gzip)}  ${kb(r.js.sent)}  ${kb(r.css.raw)}  ${kb(r.css.gzip)}  ${String(r.files).padStart(5)}`,
    );
  }
  const home = rows[0];
  console.log(
    `\nhome "/": ${(home.js.gzip / 1024).toFixed(1)} KB gzipped JavaScript (budget 130 KB)`,
  );
  printOfflineWeight(kb);
} finally {
  server.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Offline (ADR 0013): the service worker and the offline page are not part of any page's first
 * load; the worker is fetched after it, then precaches the build in the background (files the
 * visit already loaded come from the browser's HTTP cache). KaTeX's fonts only on a download.
 */
function printOfflineWeight(kb) {
  const client = "build/client";
  const sizes = (file) => {
    const body = readFileSync(path.join(client, file));
    return { raw: body.length, gzip: gzipSync(body).length };
  };
  const { precache, fonts } = JSON.parse(readFileSync("build/precache.json", "utf8"));
  const total = (files) =>
    files.reduce(
      (sum, file) => {
        const { raw, gzip } = sizes(file);
        return { raw: sum.raw + raw, gzip: sum.gzip + gzip };
      },
      { raw: 0, gzip: 0 },
    );
  const line = (label, { raw, gzip }, files) =>
    console.log(`${label.padEnd(44)} ${kb(raw)}  ${kb(gzip)}  ${String(files).padStart(5)}`);
  console.log("\nOffline (after the first load, in the background)   raw     gzip  files");
  line("service worker /sw.js", sizes("sw.js"), 1);
  line(
    "offline page (/offline.html, .css, .js)",
    total(["offline.html", "offline.css", "offline.js"]),
    3,
  );
  line(
    "precached by the worker (scripts, styles, ...)",
    total(precache.map((entry) => entry.url.slice(1))),
    precache.length,
  );
  line("KaTeX fonts (only with a download)", total(fonts.map((url) => url.slice(1))), fonts.length);
}

async function measure(browser, route) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (SIGNED_IN.has(route)) await context.addCookies([{ ...sessionCookie, url: base }]);
  const page = await context.newPage();
  const seen = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type === "script" || type === "stylesheet") seen.push({ type, response });
  });
  await page.goto(base + route, { waitUntil: "networkidle" });
  const listed = [];
  const totals = {
    route,
    js: { raw: 0, gzip: 0, sent: 0 },
    css: { raw: 0, gzip: 0, sent: 0 },
    files: 0,
  };
  for (const { type, response } of seen) {
    const body = await response.body();
    const sizes = await response.request().sizes();
    const bucket = type === "script" ? totals.js : totals.css;
    bucket.raw += body.length;
    bucket.gzip += gzipSync(body).length;
    bucket.sent += sizes.responseBodySize;
    totals.files += 1;
    if (process.env.WEIGHT_FILES === route) {
      listed.push({ url: new URL(response.url()).pathname, sent: sizes.responseBodySize });
    }
  }
  for (const { url, sent } of listed.sort((a, b) => b.sent - a.sent)) {
    console.log(`  ${route} ${(sent / 1024).toFixed(1).padStart(6)} KB sent  ${url}`);
  }
  await context.close();
  return totals;
}

async function waitForHealth() {
  for (let i = 0; i < 900; i += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not start (did you run `npm run build`?)");
}

function seed() {
  const db = new Database(database);
  const { id } = db
    .prepare(
      "insert into subject (code, name, description, keywords, sort_order) values ('bench', 'Môn đo', '', '', 0) returning id",
    )
    .get();
  const practice = db
    .prepare(
      "insert into practice (code, subject_id, title, description, question_count) values ('bench-1', ?, 'Đề đo', '', 50) returning id",
    )
    .get(id);
  const answers = JSON.stringify(
    [0, 1, 2, 3].map((idx) => ({
      idx,
      text: `Phương án ${idx}`,
      html: `Phương án ${idx}`,
      isKey: idx === 0,
    })),
  );
  const insert = db.prepare(
    "insert into question (practice_id, idx, content_hash, text, text_html, answers, key_count, created_at) values (?, ?, ?, ?, ?, ?, 1, '2026-01-01T00:00:00Z')",
  );
  for (let idx = 0; idx < 50; idx += 1) {
    const text = `Câu hỏi đo số ${idx + 1}: phương án nào đúng?`;
    insert.run(practice.id, idx, `h${idx}`, text, text, answers);
  }
  db.close();
}

async function signUp() {
  const response = await fetch(`${base}/register`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({
      intent: "register",
      fullName: "Người Đo",
      email: "do@example.com",
      password: "matkhau1",
    }),
    redirect: "manual",
  });
  const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token"));
  if (!cookie) throw new Error(`sign-up failed: ${response.status}`);
  const [name, value] = cookie.split(";")[0].split("=");
  return { name, value };
}
