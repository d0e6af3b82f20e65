// npm run bench:page — page loads as a student on a cheap phone sees them: 150 ms round trips,
// 1.6 Mbps down / 750 kbps up, the CPU slowed 4×, a 390×844 screen at 3× (the profile of the
// team's lcp tool), every run in a fresh browser context (empty cache). Measured on the
// production build: LCP of `/`, of a subject page and of a set-up page, and "Bắt đầu" → first
// question (a signed-in student on the set-up page picks the first choice, its chapter 1, then
// taps "Bắt đầu"; the
// time from the tap's click to the question heading being on screen).
//
// A/B: with BASELINE_DIR=<a built checkout>, each run measures that build and this one in turn
// (interleaved, same conditions), and the ratio of the medians is printed.
// Options (environment): RUNS (default 9), CHROMIUM_PATH (default /usr/bin/chromium).
// Results: bench/results/page-<time>.json (git-ignored). Needs `npm run build` first.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { chromium } from "@playwright/test";
import {
  checkouts,
  PAGES,
  roomPath,
  signUp,
  startApp,
  stats,
} from "../tests/support/bench-app-server.mjs";

const RUNS = Number(process.env.RUNS ?? 9);
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: 200_000,
  uploadThroughput: 93_750,
};
const CPU_RATE = 4;
const VIEWPORT = { width: 390, height: 844 };
const USER_AGENT =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
/** After `load`, how long the network must stay quiet before the figures are read. */
const SETTLE_MS = 2000;
const QUESTION_HEADING_ID = "room-question";

/** Installed before any script of the page: keeps the last LCP entry. */
function observeLcp() {
  window.__lcp = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

async function throttledPage(browser, cookie, base) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    screen: VIEWPORT,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent: USER_AGENT,
    serviceWorkers: "block",
  });
  if (cookie) {
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name, value, url: base }]);
  }
  await context.addInitScript(observeLcp);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  let inflight = 0;
  let lastActivity = Date.now();
  cdp.on("Network.requestWillBeSent", () => {
    inflight += 1;
    lastActivity = Date.now();
  });
  const done = () => {
    inflight = Math.max(0, inflight - 1);
    lastActivity = Date.now();
  };
  cdp.on("Network.loadingFinished", done);
  cdp.on("Network.loadingFailed", done);
  let jsBytes = 0;
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Script") jsBytes += event.response.encodedDataLength ?? 0;
  });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_RATE });
  const settle = async () => {
    const loaded = Date.now();
    while (Date.now() - loaded < 30_000) {
      if (
        Date.now() - loaded >= SETTLE_MS &&
        inflight === 0 &&
        Date.now() - lastActivity >= SETTLE_MS
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { context, page, settle, jsBytes: () => jsBytes };
}

async function measureLoad(browser, base, path, cookie = null) {
  const { context, page, settle } = await throttledPage(browser, cookie, base);
  try {
    await page.goto(base + path, { waitUntil: "load", timeout: 120_000 });
    await settle();
    return await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0];
      const fcp = performance.getEntriesByName("first-contentful-paint")[0];
      return {
        lcp: window.__lcp,
        fcp: fcp?.startTime ?? null,
        dcl: nav.domContentLoadedEventEnd,
        load: nav.loadEventEnd,
      };
    });
  } finally {
    await context.close();
  }
}

async function measureStart(browser, base, cookie) {
  const { context, page, settle } = await throttledPage(browser, cookie, base);
  try {
    await page.goto(base + PAGES.setup, { waitUntil: "load", timeout: 120_000 });
    await page.locator(".choice-tile").first().click();
    await settle();
    await page.evaluate(() => {
      window.__tap = { touch: null, click: null };
      addEventListener("touchstart", () => (window.__tap.touch ??= performance.now()), true);
      addEventListener("click", () => (window.__tap.click ??= performance.now()), true);
    });
    await page.getByRole("button", { name: "Bắt đầu" }).tap();
    const t = await page.evaluate(
      (id) =>
        new Promise((resolve) => {
          const check = () => {
            const heading = document.getElementById(id);
            if (heading && heading.getClientRects().length > 0) {
              // The frame after the heading is in the DOM: it is on screen then.
              requestAnimationFrame(() => resolve({ ...window.__tap, shown: performance.now() }));
            } else requestAnimationFrame(check);
          };
          check();
        }),
      QUESTION_HEADING_ID,
    );
    return { fromClick: t.shown - t.click, fromTouch: t.shown - t.touch };
  } finally {
    await context.close();
  }
}

const list = checkouts();
const apps = [];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const results = {};
try {
  for (const checkout of list) {
    const app = await startApp({ root: checkout.root });
    app.cookie = await signUp(app.base);
    app.name = checkout.name;
    apps.push(app);
    results[checkout.name] = {
      home: [],
      subject: [],
      setup: [],
      setupPictures: [],
      room: [],
      roomPictures: [],
      start: [],
    };
  }
  for (let run = 0; run < RUNS; run += 1) {
    for (const app of apps) {
      const r = results[app.name];
      r.home.push(await measureLoad(browser, app.base, PAGES.home));
      r.subject.push(await measureLoad(browser, app.base, PAGES.subject));
      r.setup.push(await measureLoad(browser, app.base, PAGES.setup));
      r.setupPictures.push(await measureLoad(browser, app.base, PAGES.setupPictures));
      // A room's first load, signed in, uncached: the first question of 40 without pictures,
      // and of 40 that each show a drawing (issue 26).
      r.room.push(await measureLoad(browser, app.base, roomPath({ end: 40 }), app.cookie));
      r.roomPictures.push(
        await measureLoad(
          browser,
          app.base,
          roomPath({ end: 40, practice: "trr-do-thi-qua-hinh" }),
          app.cookie,
        ),
      );
      r.start.push(await measureStart(browser, app.base, app.cookie));
      console.error(
        `run ${run + 1} ${app.name.padEnd(8)} LCP / ${r.home.at(-1).lcp?.toFixed(0)}  subject ${r.subject.at(-1).lcp?.toFixed(0)}  set-up ${r.setup.at(-1).lcp?.toFixed(0)}  start→question ${r.start.at(-1).fromClick.toFixed(0)} ms (from touch ${r.start.at(-1).fromTouch.toFixed(0)})`,
      );
    }
  }
} finally {
  await browser.close();
  for (const app of apps) await app.stop();
}

const summary = {};
const rows = [
  ["LCP /", "home", "lcp"],
  ["LCP subject page", "subject", "lcp"],
  ["LCP set-up page", "setup", "lcp"],
  ["LCP set-up, pictures", "setupPictures", "lcp"],
  ["LCP room (signed in)", "room", "lcp"],
  ["LCP room, pictures", "roomPictures", "lcp"],
  ["FCP /", "home", "fcp"],
  ["Bắt đầu → first question", "start", "fromClick"],
  ["  (from the touch)", "start", "fromTouch"],
];
console.log(`\n${RUNS} runs each, ms: median (min–max)`);
for (const [label, page, metric] of rows) {
  const cells = [];
  for (const name of Object.keys(results)) {
    const s = stats(results[name][page].map((r) => r[metric]));
    (summary[name] ??= {})[`${page}.${metric}`] = s;
    cells.push(`${name} ${Math.round(s.median)} (${Math.round(s.min)}–${Math.round(s.max)})`);
  }
  const ratio =
    summary.baseline && summary.now
      ? `  now/baseline ${(summary.now[`${page}.${metric}`].median / summary.baseline[`${page}.${metric}`].median).toFixed(2)}`
      : "";
  console.log(`${label.padEnd(28)} ${cells.join("   ")}${ratio}`);
}
const when = new Date().toISOString();
mkdirSync("bench/results", { recursive: true });
const file = `bench/results/page-${when.replace(/[:.]/g, "-")}.json`;
writeFileSync(
  file,
  JSON.stringify(
    {
      when,
      machine: { cpus: os.cpus().length, load: os.loadavg() },
      profile: { network: NETWORK, cpu: CPU_RATE, viewport: VIEWPORT, dpr: 3, settleMs: SETTLE_MS },
      runs: RUNS,
      checkouts: list,
      summary,
      results,
    },
    null,
    2,
  ),
);
console.log(`written: ${file}`);
