// npm run bench:profile — where a page's CPU goes (issue 29). Starts the production build as
// bench:server does (one process, WEB_CONCURRENCY=1, PAGE_CACHE_SECONDS=0: nothing cached), signs
// a student in (with the stylesheet's cookie, as a returning browser: ADR 0035, unless
// PROFILE_FIRST_VISIT=1), warms the page up, then records a V8 CPU profile of the server while
// autocannon asks for the page at 20 connections for PROFILE_SECONDS (default 10). Prints the
// CPU per request, by part (React's render, React Router, compression, the database, …) and
// the functions that took most, and writes the profile to bench/results/ (open it in Chrome's
// DevTools, Performance tab). Needs `npm run build` first.
//
// With PROFILE_ALLOCATIONS=1 it samples what the server allocates instead of its CPU (every
// object, those collected meanwhile included) and prints the KB allocated per request, by part
// and by function: the garbage a request leaves is what sets a worker's heap under load, hence
// its RSS, and it varies far less from run to run than CPU time on a shared machine.
//
// Options (environment): PROFILE_PATH (default "/"; "setup" and "room" name the sample pages;
// "attempt" profiles attempt saves instead: POST /api/attempts, 50 answers, a new attempt each
// request, as bench:server's "attempt"), PROFILE_VISITOR=1 (no session), PROFILE_SECONDS.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import {
  LONG_PRACTICE,
  PAGES,
  roomPath,
  signUp,
  startApp,
} from "../tests/support/bench-app-server.mjs";
import { submission } from "../tests/support/bench-students.mjs";

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const results = path.resolve("bench/results");
mkdirSync(results, { recursive: true });
const named = { setup: PAGES.setup, room: roomPath(), subject: PAGES.subject };
const saves = process.env.PROFILE_PATH === "attempt";
const page = saves
  ? "/api/attempts"
  : (named[process.env.PROFILE_PATH] ?? process.env.PROFILE_PATH ?? "/");
const preload = new URL("./profile-preload.mjs", import.meta.url).href;
const profileFile = path.join(results, `profile-${new Date().toISOString().replace(/[:.]/g, "-")}`);
const allocations = process.env.PROFILE_ALLOCATIONS === "1";

/**
 * The parts of a request, each known by a frame of its stack: a sample counts for the part of
 * the innermost frame that matches one (so the database under a loader is the database).
 */
const PARTS = [
  ["garbage collection", (f) => f.functionName === "(garbage collector)"],
  ["idle", (f) => f.functionName === "(idle)" || f.functionName === "(program)"],
  ["database: Kysely builds and compiles", (f) => /kysely/.test(f.url) && !/driver/.test(f.url)],
  [
    "database: SQLite / pg run",
    (f) => /better-sqlite3|sqlite-driver|postgres-driver|\/pg\//.test(f.url),
  ],
  [
    "loader data (turbo-stream)",
    (f) =>
      /^(encodeViaTurboStream|flattenValue|stringify|encode)$/.test(f.functionName) &&
      /react-router/.test(f.url),
  ],
  ["React render", (f) => /react-dom-server|react\/cjs|react-jsx/.test(f.url)],
  ["compressing and writing the answer", (f) => /node_modules\/compression|zlib/.test(f.url)],
  ["logging (pino)", (f) => /pino/.test(f.url)],
  [
    "security headers and guards",
    (f) =>
      /helmet/.test(f.url) ||
      /^(capRequestBodies|requireSameOrigin|guardRedirects|assignCspNonce|refuseUnreadableUrl)$/.test(
        f.functionName,
      ),
  ],
  [
    "Express",
    (f) => /node_modules\/(express|router|finalhandler|send|on-finished|parseurl)\//.test(f.url),
  ],
  [
    "Node request → fetch Request/Response",
    (f) => /undici|webstreams|@react-router\/(express|node)/.test(f.url),
  ],
  ["React Router (matching, loaders, shell)", (f) => /react-router\/dist/.test(f.url)],
  ["our code (loaders, session, …)", (f) => /build\/(server|host)\//.test(f.url)],
];

function report(profile, requests) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const byPart = new Map();
  const byFunction = new Map();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i + 1] ?? 0;
    const leaf = nodes.get(id).callFrame;
    let part = "Node (http, buffers, promises)";
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const found = PARTS.find(([, test]) => test(nodes.get(at).callFrame));
      if (found) {
        part = found[0];
        break;
      }
    }
    if (part === "idle") return;
    busy += micros;
    byPart.set(part, (byPart.get(part) ?? 0) + micros);
    const name = frameName(leaf);
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  });
  const perRequest = (micros) => `${(micros / 1000 / requests).toFixed(2).padStart(5)} ms`;
  printParts("CPU per request", busy, byPart, perRequest);
  console.log("Functions that took most (self time):");
  for (const [name, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`  ${((100 * micros) / busy).toFixed(1).padStart(5)} %  ${name}`);
  }
}

/** The total per request, then each part's share of it, the largest first. */
function printParts(title, total, byPart, perRequest) {
  console.log(`${title}: ${perRequest(total)}`);
  for (const [part, amount] of [...byPart].sort((a, b) => b[1] - a[1])) {
    console.log(
      `  ${perRequest(amount)}  ${((100 * amount) / total).toFixed(1).padStart(5)} %  ${part}`,
    );
  }
}

/** The part a frame's stack belongs to: its innermost frame that PARTS names. */
function partOf(stack) {
  for (let i = stack.length - 1; i >= 0; i -= 1) {
    const found = PARTS.find(([, test]) => test(stack[i]));
    if (found) return found[0];
  }
  return "Node (http, buffers, promises)";
}

function frameName(frame) {
  const where = frame.url
    .replace(/.*node_modules\//, "")
    .replace(/^file:\/\/.*\/build\//, "build/");
  return `${frame.functionName || "(anonymous)"} ${where}:${frame.lineNumber + 1}`;
}

/** KB allocated per request, by part and by the function that allocated (a sampling profile). */
function reportAllocations(profile, requests) {
  const byPart = new Map();
  const byFunction = new Map();
  let total = 0;
  const visit = (node, stack) => {
    const here = [...stack, node.callFrame];
    if (node.selfSize > 0) {
      total += node.selfSize;
      const part = partOf(here);
      byPart.set(part, (byPart.get(part) ?? 0) + node.selfSize);
      // A built-in (a string's split, a typed array's subarray) is named with its caller.
      const caller = node.callFrame.url === "" ? stack.at(-1) : undefined;
      const name = frameName(node.callFrame) + (caller ? ` ← ${frameName(caller)}` : "");
      byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize);
    }
    for (const child of node.children) visit(child, here);
  };
  visit(profile.head, []);
  const perRequest = (bytes) => `${(bytes / 1024 / requests).toFixed(1).padStart(6)} KB`;
  printParts("Allocated per request", total, byPart, perRequest);
  console.log("Functions that allocated most:");
  for (const [name, bytes] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`  ${perRequest(bytes)}  ${name}`);
  }
}

async function main() {
  const app = await startApp({
    root: process.cwd(),
    longPractice: saves,
    env: {
      WEB_CONCURRENCY: "1",
      PAGE_CACHE_SECONDS: "0",
      NODE_OPTIONS: `--import ${preload}`,
      PROFILE_FILE: profileFile,
      PROFILE_ALLOCATIONS: allocations ? "1" : "0",
    },
  });
  try {
    const cookies = [];
    if (!process.env.PROFILE_VISITOR) cookies.push(await signUp(app.base));
    if (!process.env.PROFILE_FIRST_VISIT) cookies.push(app.stylesheetCookie);
    const request = {
      url: app.base + page,
      connections: 20,
      headers: { cookie: cookies.join("; "), "accept-encoding": "gzip, deflate, br, zstd" },
    };
    if (saves) {
      const range = "type=PRACTICE_TIME_RANGE&start=1&end=50";
      const questions = await fetch(
        `${app.base}/practice-review/${LONG_PRACTICE}/questions?${range}`,
      );
      const questionIds = (await questions.json()).questions.map((q) => q.id);
      Object.assign(request.headers, { "content-type": "application/json", origin: app.base });
      // A new attempt every request: a repeated id is answered from the stored attempt instead.
      request.requests = [
        {
          method: "POST",
          setupRequest: (req) => ({ ...req, body: JSON.stringify(submission(questionIds)) }),
        },
      ];
    }
    await autocannon({ ...request, duration: 3 });
    const server = app.usage().at(-1).pid;
    process.kill(server, "SIGUSR2"); // starts the profiler
    const run = await autocannon({ ...request, duration: SECONDS });
    process.kill(server, "SIGUSR2"); // stops it and writes the profile
    const file = `${profileFile}.${allocations ? "heapprofile" : "cpuprofile"}`;
    for (let i = 0; i < 100 && !existsSync(file); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const profile = JSON.parse(readFileSync(file, "utf8"));
    console.log(
      `${saves ? "POST " : ""}${page} ${cookies.length ? "signed in" : "visitor"}: ${Math.round(run.requests.average)} req/s at 20 connections, p99 ${run.latency.p99} ms, ${run.non2xx} not 2xx (under the profiler)`,
    );
    if (allocations) reportAllocations(profile, run.requests.total);
    else report(profile, run.requests.total);
    console.log(`profile: ${file}`);
  } finally {
    await app.stop();
  }
}

await main();
