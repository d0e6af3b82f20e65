import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  chromium,
  expect,
  test as base,
  type BrowserContext,
  type Page,
  type TestInfo,
} from "@playwright/test";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { DB } from "../../db/schema.ts";
import {
  createOwnPractice,
  deleteOwnPractice,
  updateOwnPractice,
} from "../../services/own-practices/manage.ts";
import { E2E_DATABASE, E2E_SERVER_ENV, launchOptions } from "../../playwright.config.ts";
import {
  expectNoAxeViolations,
  isPhone,
  markStatements,
  newEmail,
  openAccountMenu,
  register,
  waitForHydration,
  waitForServiceWorker,
} from "./helpers.ts";
import { DEFAULT_SETUP, newRoomIdentity, roomUrl } from "../../app/lib/room-setup.ts";
import { ROOM_KEYS, SEED } from "../support/e2e-seed.ts";
import { startTcpCutProxy } from "../support/tcp-cut-proxy.ts";
import { startAppProcess } from "../support/app-process.ts";
import { paths } from "../../base/paths.ts";
import { PAGE_USER_HEADER, VISITOR_STAMP } from "../../base/device-user.ts";
import { THEME_COLORS } from "../../app/lib/themes.ts";

/**
 * Offline (ADR 0013), in Chromium with the service worker running: a downloaded practice opens
 * and is finished with no network, the attempt waits on the device across a closed browser and
 * is saved exactly once when the network is back; sign-out leaves nothing behind.
 *
 * Each test has a browser profile of its own on disk (a persistent context), because closing
 * and reopening the browser is part of what is tested, and because Chromium judges an app
 * installable only outside incognito.
 */

/**
 * A phone for one test: a browser profile on disk (so the browser can be closed and opened
 * again) and the network it reaches the server through, both removed afterwards.
 */
const test = base.extend<{ device: { dir: string; network: Network } }>({
  device: async ({ baseURL: _baseURL }, provide, testInfo) => {
    const dir = mkdtempSync(path.join(tmpdir(), "on-tap-offline-"));
    const network = await startNetwork(testInfo);
    try {
      await provide({ dir, network });
    } finally {
      await network.close();
      // Chromium may still be writing its cache when a failed test leaves a context open.
      rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    }
  },
});
test.use({ serviceWorkers: "allow" });

const ROOM_PRACTICE = SEED.roomPractice;

/**
 * The network, as the device sees it: the browser reaches the server through a proxy the test
 * cuts. Chromium's offline emulation covers the pages but not the service worker's own
 * requests (its Background Sync would find the server), so both are cut together.
 */
interface Network {
  baseURL: string;
  goOffline(context: BrowserContext): Promise<void>;
  goOnline(context: BrowserContext): Promise<void>;
  /** The server is replaced (a new build): the device keeps its address. */
  retarget(port: number): void;
  /** Connections hang for `ms`, then go through: a server slower than the worker's patience. */
  slowDown(ms: number): Promise<void>;
  close(): Promise<void>;
}

async function startNetwork(testInfo: TestInfo): Promise<Network> {
  const server = new URL(testInfo.project.use.baseURL!);
  const proxy = await startTcpCutProxy(Number(server.port));
  return {
    baseURL: `http://127.0.0.1:${proxy.port}`,
    async goOffline(context) {
      proxy.cut("refuse");
      await context.setOffline(true);
    },
    async goOnline(context) {
      proxy.restore();
      await context.setOffline(false);
    },
    retarget: (port) => proxy.retarget(port),
    async slowDown(ms) {
      proxy.cut("blackhole");
      setTimeout(() => proxy.restore(), ms);
    },
    close: () => proxy.close(),
  };
}

async function openProfile(
  testInfo: TestInfo,
  dir: string,
  network: Network,
  offline = false,
): Promise<BrowserContext> {
  const use = testInfo.project.use;
  return chromium.launchPersistentContext(dir, {
    ...launchOptions,
    baseURL: network.baseURL,
    viewport: use.viewport,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    deviceScaleFactor: use.deviceScaleFactor,
    locale: "vi-VN",
    timezoneId: "Asia/Ho_Chi_Minh",
    serviceWorkers: "allow",
    offline,
  });
}

async function download(page: Page, code: string) {
  await page.goto(paths.practiceSetup(code));
  await waitForHydration(page);
  await waitForServiceWorker(page);
  const panel = page.getByRole("region", { name: "Luyện khi không có mạng" });
  await panel.getByRole("button", { name: "Tải về để luyện offline" }).click();
  await expect(panel.getByText(/^Đã tải về \d/)).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByRole("button", { name: "Xóa bản tải về" })).toBeVisible();
}

/** Answers the five questions of the room practice right, by keyboard, in a SEQUENCE room. */
async function finishSequenceRoom(page: Page) {
  await expect(page.getByLabel(`Câu 1 trên ${ROOM_KEYS.length}`)).toBeVisible();
  for (const keys of ROOM_KEYS) {
    for (const letter of keys) {
      await page.keyboard.press(letter === "F" ? "6" : letter.toLowerCase());
    }
    await expect(page.locator(".room-verdict")).toHaveText("Câu trả lời chính xác");
    await page.keyboard.press("Enter");
  }
  await expect(
    page.getByText(`Số câu đúng: ${ROOM_KEYS.length}/${ROOM_KEYS.length}`),
  ).toBeVisible();
}

/** Attempts of the room practice in the history, as the server has them. */
async function savedAttempts(page: Page): Promise<number> {
  await page.goto(paths.history({ practice: ROOM_PRACTICE.code }));
  await waitForHydration(page);
  return page.locator(".attempt-list li").count();
}

test("a downloaded practice is practised offline and its attempt is saved once when the network is back", async ({
  device,
}, testInfo) => {
  test.setTimeout(180_000);
  const { dir, network } = device;
  let context = await openProfile(testInfo, dir, network);
  let page = context.pages()[0] ?? (await context.newPage());
  await register(page, "Nguyễn Văn Ngoại Tuyến");
  await expect(page).toHaveURL(/\/$/);
  await download(page, ROOM_PRACTICE.code);
  await expectNoAxeViolations(page, "set-up page, downloaded");
  // Visited once online: the history opens offline from the cache.
  await page.goto("/practice-history");
  await waitForHydration(page);

  await network.goOffline(context);
  await page.goto(paths.practiceSetup(ROOM_PRACTICE.code));
  await expect(page.getByRole("heading", { level: 1, name: ROOM_PRACTICE.title })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Bạn đang ngoại tuyến" })).toBeVisible();
  await waitForHydration(page).catch(() => undefined);
  await page.getByRole("radio", { name: "Tất cả 5 câu hỏi" }).check();
  await page.getByRole("button", { name: "Bắt đầu" }).click();
  await finishSequenceRoom(page);
  await expect(page.getByText(/Chưa có mạng: bài làm đã được lưu trên máy này/)).toBeVisible();

  await page.goto("/practice-history");
  const pending = page.getByRole("region", { name: "Bài làm chờ đồng bộ" });
  await expect(pending.getByText(ROOM_PRACTICE.title)).toBeVisible();
  await expect(pending.getByText("Chờ đồng bộ", { exact: true })).toBeVisible();
  await expect(page.getByText("Bạn đang ngoại tuyến: đây là lịch sử từ lần cuối")).toBeVisible();
  await expectNoAxeViolations(page, "history, offline, one attempt waiting");

  // A page that needs the server says so, in the app, when opened from a link.
  await waitForHydration(page).catch(() => undefined);
  const nav = await openAccountMenu(page);
  if (!isPhone(page)) {
    await nav.getByRole("button", { name: "Tài khoản của Nguyễn Văn Ngoại Tuyến" }).click();
  }
  await nav.getByRole("link", { name: "Tài khoản của tôi" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bạn đang ngoại tuyến" })).toBeVisible();
  await expect(page.getByText("Trang này cần kết nối mạng để mở.")).toBeVisible();

  // The browser is closed while offline and opened again: the attempt is still waiting.
  await context.close();
  context = await openProfile(testInfo, dir, network, true);
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto("/practice-history");
  await expect(
    page.getByRole("region", { name: "Bài làm chờ đồng bộ" }).getByText(ROOM_PRACTICE.title),
  ).toBeVisible();

  await network.goOnline(context);
  await expect(page.getByRole("region", { name: "Bài làm chờ đồng bộ" })).toHaveCount(0, {
    timeout: 20_000,
  });
  expect(await savedAttempts(page)).toBe(1);
  // Sent again (a second tab, a second sync): still one attempt.
  await page.reload();
  await waitForHydration(page);
  expect(await savedAttempts(page)).toBe(1);
  await context.close();
});

/** A room address no page of this device has opened: the service worker has only the practice's. */
function freshRoom(code: string, setup: Partial<typeof DEFAULT_SETUP>) {
  return roomUrl(
    code,
    { ...DEFAULT_SETUP, selection: { type: "PRACTICE_TIME_ALL" }, ...setup } as Parameters<
      typeof roomUrl
    >[1],
    newRoomIdentity(),
  );
}

test("any room of a downloaded practice opens offline, in the flat view, with maths and code rendered", async ({
  device,
}, testInfo) => {
  test.setTimeout(180_000);
  const { dir, network } = device;
  const context = await openProfile(testInfo, dir, network);
  const page = context.pages()[0] ?? (await context.newPage());
  await register(page, "Trần Thị Xe Buýt");
  await expect(page).toHaveURL(/\/$/);
  await download(page, "trr-logic-tap-hop-quan-he");
  await download(page, SEED.chapterPractice.code);
  await network.goOffline(context);

  // Maths: questions 1-20 in the flat view, KaTeX's fonts from the device.
  await page.goto(
    freshRoom("trr-logic-tap-hop-quan-he", {
      practiceType: "FLAT",
      selection: { type: "PRACTICE_TIME_RANGE", start: 1, end: 20 },
    }),
  );
  await expect(page.locator("main .question-block")).toHaveCount(20);
  await expect(page.locator("main .katex").first()).toBeVisible();
  const fontsLoaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].some(
      (font) => font.family.includes("KaTeX") && font.status === "loaded",
    );
  });
  expect(fontsLoaded).toBe(true);
  await expectNoAxeViolations(page, "flat room, offline");

  // Code: the first chapter (index 0) of the chapter practice, one question at a time.
  await page.goto(
    freshRoom(SEED.chapterPractice.code, {
      selection: { type: "PRACTICE_TIME_CHAPTER", chapterIdx: 0 },
    }),
  );
  await expect(page.getByLabel("Câu 1 trên 5")).toBeVisible();
  await expect(page.locator("main .question-text pre code")).toContainText("SELECT COUNT(*)");

  // A practice that was not downloaded: the offline page, which lists what was.
  await page.goto(freshRoom(SEED.roomPractice.code, {}));
  await expect(page.getByRole("heading", { level: 1, name: "Bạn đang ngoại tuyến" })).toBeVisible();
  await expect(page.getByRole("link", { name: SEED.chapterPractice.title })).toBeVisible();
  await context.close();
});

/** What the server stored of an attempt: its exam minutes and whether it was taken offline. */
function storedAttempt(id: string): { exam_minutes: number | null; offline: number } | undefined {
  const database = new Database(E2E_DATABASE, { readonly: true });
  database.pragma("busy_timeout = 5000");
  try {
    return database.prepare("select exam_minutes, offline from attempt where id = ?").get(id) as
      { exam_minutes: number | null; offline: number } | undefined;
  } finally {
    database.close();
  }
}

test("a mock exam with no network: taken on the device from the download, handed in by its clock, scored on 10 with its parts, saved as “làm offline” when the network is back", async ({
  device,
}, testInfo) => {
  test.setTimeout(180_000);
  const { dir, network } = device;
  const context = await openProfile(testInfo, dir, network);
  const page = context.pages()[0] ?? (await context.newPage());
  await register(page, "Lê Thi Ngoại Tuyến");
  await expect(page).toHaveURL(/\/$/);
  await download(page, SEED.kindsPractice.code);
  await network.goOffline(context);
  await page.clock.install();

  await page.goto(paths.practiceSetup(SEED.kindsPractice.code));
  await waitForHydration(page).catch(() => undefined);
  await page.getByRole("radio", { name: "Tất cả 3 câu hỏi" }).check();
  await page.getByRole("radio", { name: "Thi thử" }).check();
  await page.getByRole("radio", { name: "15 phút" }).check();
  await page.getByRole("button", { name: "Bắt đầu thi thử" }).click();
  await expect(page).toHaveURL(/[?&]exam=15(&|$)/);
  const attemptId = new URL(page.url()).searchParams.get("attempt")!;
  await expect(
    page.getByText("Thi thử offline, chấm trên máy này", { exact: false }),
  ).toBeVisible();
  await expect(page.locator(".exam-clock")).toContainText(/1[45]:\d\d/);
  // The clock never stops: no "Tạm dừng" in an exam.
  await expect(page.getByRole("button", { name: "Tạm dừng" })).toHaveCount(0);

  await page.locator("#cau-1").getByRole("button", { name: /^A\./ }).click();
  await markStatements(page.locator("#cau-2"), ["Đúng", "Sai", "Đúng", "Đúng"]);
  await page.locator("#cau-3").getByRole("textbox", { name: "Ô 1 trên 4" }).click();
  await page.keyboard.type("0.75");
  await expect(page.getByText("Đã làm 3/3")).toBeVisible();
  // Nothing is revealed before the sheet is handed in.
  await expect(page.locator(".explanation")).toHaveCount(0);
  await expectNoAxeViolations(page, "mock exam on the device");

  // Left and reopened: the same answers, the clock still running from the first opening.
  await page.clock.runFor(5 * 60_000);
  await page.reload();
  await expect(page.getByText("Đã làm 3/3")).toBeVisible();
  await expect(page.locator(".exam-clock")).toContainText(/(09|10):\d\d/);

  // At zero the sheet is handed in by itself and scored on the device.
  await page.clock.runFor(10 * 60_000 + 2_000);
  // 0.25 + 0.5 (three statements of four) + 0.25 of 1.5 points → 6.67 on 10.
  await expect(page.getByText("Điểm: 6,67/10")).toBeVisible();
  await expect(page.getByText("Thi thử 15 phút · làm offline")).toBeVisible();
  await expect(page.getByText("Phần II: 0,5/1 điểm")).toBeVisible();
  await expect(page.getByText(/Chưa có mạng: bài làm đã được lưu trên máy này/)).toBeVisible();
  await expectNoAxeViolations(page, "mock exam on the device, handed in");

  await network.goOnline(context);
  await expect
    .poll(() => storedAttempt(attemptId), { timeout: 30_000 })
    .toEqual({
      exam_minutes: 15,
      offline: 1,
    });
  await page.goto(paths.history({ id: attemptId }));
  await expect(page.getByText("Điểm: 6,67/10")).toBeVisible();
  await expect(page.getByText("Thi thử 15 phút · làm offline")).toBeVisible();
  await context.close();
});

test("signing out removes the downloads, the rooms and every cached page that shows the student from the device", async ({
  device,
}, testInfo) => {
  test.setTimeout(180_000);
  const { dir, network } = device;
  const context = await openProfile(testInfo, dir, network);
  const page = context.pages()[0] ?? (await context.newPage());
  await register(page, "Lê Văn Dùng Chung Máy");
  await expect(page).toHaveURL(/\/$/);
  await download(page, SEED.roomPractice.code);

  await page.goto("/profile");
  await waitForHydration(page);
  const downloads = page.getByRole("region", { name: "Đề đã tải về để luyện offline" });
  await expect(downloads.getByRole("link", { name: SEED.roomPractice.title })).toBeVisible();
  await expectNoAxeViolations(page, "profile with a download");
  // A page of the student's, kept by the worker, and so remembered by Workbox.
  await page.goto("/practice-history");
  await waitForHydration(page);
  expect(await pagesRecordedByWorkbox(page)).toContain("/practice-history");
  await page.goto("/profile");
  await waitForHydration(page);

  const nav = await openAccountMenu(page);
  if (!isPhone(page)) {
    await nav.getByRole("button", { name: "Tài khoản của Lê Văn Dùng Chung Máy" }).click();
  }
  await nav.getByRole("button", { name: "Đăng xuất" }).click();
  await expect(page.getByText("Đăng xuất thành công!")).toBeVisible();

  // Pages opened after sign-out may be cached again; none that shows the student may stay.
  const left = await page.evaluate(async (name) => {
    let cachedPages = 0;
    for (const cacheName of await caches.keys()) {
      if (!cacheName.startsWith("on-tap-pages-")) continue;
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) {
        const body = await (await cache.match(request))!.text();
        if (body.includes(name)) cachedPages += 1;
      }
    }
    const stored = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open("on-tap-offline");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains("practices")) return resolve(0);
        const count = db.transaction("practices").objectStore("practices").count();
        count.onsuccess = () => resolve(count.result);
      };
    });
    const rooms = Object.keys(localStorage).filter((key) => key.startsWith("on-tap:room:"));
    const setups = Object.keys(localStorage).filter((key) => key.startsWith("on-tap:setup:"));
    return { cachedPages, stored, rooms: rooms.length, setups: setups.length };
  }, "Lê Văn Dùng Chung Máy");
  expect(left).toEqual({ cachedPages: 0, stored: 0, rooms: 0, setups: 0 });
  // Nor does Workbox's own record of the addresses that were cached (its IndexedDB).
  expect(await pagesRecordedByWorkbox(page)).not.toContain("/practice-history");

  await network.goOffline(context);
  await page.goto(paths.practiceSetup(SEED.roomPractice.code));
  await expect(page.getByRole("heading", { level: 1, name: "Bạn đang ngoại tuyến" })).toBeVisible();
  await expectNoAxeViolations(page, "offline page");
  await context.close();
});

/** "#66479a" as the browser reports a computed colour: "rgb(102, 71, 154)". */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

test("the offline page shows the site's logo and the theme the student chose", async ({
  device,
}, testInfo) => {
  test.setTimeout(180_000);
  const { dir, network } = device;
  const context = await openProfile(testInfo, dir, network);
  let page = context.pages()[0] ?? (await context.newPage());
  await page.goto("/");
  await waitForHydration(page);
  await waitForServiceWorker(page);

  for (const [theme, name] of [
    ["custom-3", "Tím oải hương"],
    ["default", "Xanh dương"],
  ] as const) {
    await network.goOnline(context);
    await page.goto("/");
    const nav = await openAccountMenu(page);
    await nav.getByRole("button", { name: `Giao diện ${name}` }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);

    await network.goOffline(context);
    await page.goto("/profile");
    await expect(
      page.getByRole("heading", { level: 1, name: "Bạn đang ngoại tuyến" }),
    ).toBeVisible();
    // The header's logo, in the chosen theme's colour, as on every other page.
    const logo = page.getByRole("banner").getByRole("link", { name: "Ôn Tập" });
    await expect(logo.getByText("ÔT", { exact: true })).toBeVisible();
    await expect(logo.getByText("ÔT", { exact: true })).toHaveCSS(
      "background-color",
      rgb(THEME_COLORS[theme]),
    );
    await expect(page.getByRole("button", { name: "Thử lại" })).toHaveCSS(
      "background-color",
      rgb(THEME_COLORS[theme]),
    );
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute(
      "content",
      THEME_COLORS[theme],
    );
    await expectNoAxeViolations(page, `offline page, theme ${theme}`);
    // The offline page reloads itself when the network comes back, which interrupted or aborted
    // the next page.goto in CI: a new tab instead, as the shared-device test does.
    await page.close();
    page = await context.newPage();
  }
  await context.close();
});

test("Chromium finds the app installable: manifest, icons and a service worker that answers offline @desktop", async ({
  device,
}, testInfo) => {
  test.setTimeout(180_000);
  const { dir, network } = device;
  const context = await openProfile(testInfo, dir, network);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto("/");
  await waitForHydration(page);
  await waitForServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors).toEqual([]);
  const manifest = (await cdp.send("Page.getAppManifest")) as {
    errors: unknown[];
    data?: string;
  };
  expect(manifest.errors).toEqual([]);
  expect(JSON.parse(manifest.data ?? "{}")).toMatchObject({ short_name: "Ôn Tập", lang: "vi" });
  await context.close();
});

/** A second build of the same code, labelled "b" (vite.config.ts), beside the tests' build. */
const BUILD_B = "tests/.tmp/build-b";

function buildB() {
  const env = { ...process.env, ON_TAP_BUILD_DIR: BUILD_B, ON_TAP_BUILD_LABEL: "b" };
  rmSync(BUILD_B, { recursive: true, force: true });
  execFileSync("npx", ["react-router", "build"], { env, stdio: "ignore" });
  execFileSync(process.execPath, ["scripts/build-server.mjs"], { env, stdio: "ignore" });
  return new Set(readdirSync(`${BUILD_B}/client/assets`).map((name) => `/assets/${name}`));
}

test("a new build takes over when the student accepts, never mixing two builds' files, and the room goes on @desktop", async ({
  device,
}, testInfo) => {
  test.setTimeout(240_000);
  const assetsOfB = buildB();
  const assetsOfA = new Set(readdirSync("build/client/assets").map((name) => `/assets/${name}`));
  const onlyA = [...assetsOfA].filter((name) => !assetsOfB.has(name) && name.endsWith(".js"));
  expect(onlyA.length).toBeGreaterThan(0);
  const serverB = await startAppProcess(
    "build b",
    { ...E2E_SERVER_ENV, PORT: "0", LOG_LEVEL: "info" },
    `${BUILD_B}/host/index.js`,
  );
  const { dir, network } = device;
  try {
    const context = await openProfile(testInfo, dir, network);
    const page = context.pages()[0] ?? (await context.newPage());
    await register(page, "Phạm Thị Cập Nhật");
    await expect(page).toHaveURL(/\/$/);
    await download(page, SEED.roomPractice.code);
    await page.goto(freshRoom(SEED.roomPractice.code, {}));
    await waitForHydration(page);
    await page.keyboard.press("a");
    await expect(page.locator(".room-verdict")).toHaveText("Câu trả lời chính xác");
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Câu 2 trên 5")).toBeVisible();

    // The server now runs build b. A refresh shows b's page (network first) under a's worker,
    // which holds none of b's new files: they come from the network, never a's from the cache.
    network.retarget(serverB.port);
    await page.reload();
    await expect(page.getByLabel("Câu 2 trên 5")).toBeVisible();
    const update = page.getByRole("status").filter({ hasText: "Có phiên bản mới" });
    await expect(update).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe("b");
    await expectNoAxeViolations(page, "room with the new-version notice");

    await update.getByRole("button", { name: "Tải lại" }).click();
    await expect(update).toHaveCount(0);
    await expect(page.getByLabel("Câu 2 trên 5")).toBeVisible();
    const after = await page.evaluate(async () => {
      const scripts = performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname)
        .filter((name) => name.endsWith(".js"));
      const cached: string[] = [];
      const pageCaches: string[] = [];
      for (const name of await caches.keys()) {
        if (name.startsWith("on-tap-pages-")) pageCaches.push(name);
        if (!name.includes("precache")) continue;
        for (const request of await (await caches.open(name)).keys()) {
          cached.push(new URL(request.url).pathname);
        }
      }
      return {
        build: document.documentElement.dataset.build,
        controlled: navigator.serviceWorker.controller !== null,
        scripts,
        cached,
        pageCaches,
      };
    });
    expect(after.build).toBe("b");
    expect(after.controlled).toBe(true);
    expect(
      after.scripts.filter((name) => name.startsWith("/assets/") && !assetsOfB.has(name)),
    ).toEqual([]);
    expect(after.cached.filter((name) => onlyA.includes(name))).toEqual([]);
    expect(
      after.cached.filter((name) => name.startsWith("/assets/") && !assetsOfB.has(name)),
    ).toEqual([]);
    expect(after.pageCaches).toHaveLength(1);

    // The downloaded practice was fetched again by b's worker: it opens offline with b's files.
    await network.goOffline(context);
    await page.goto(paths.practiceSetup(SEED.roomPractice.code));
    await expect(
      page.getByRole("heading", { level: 1, name: SEED.roomPractice.title }),
    ).toBeVisible();
    await waitForHydration(page).catch(() => undefined);
    expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe("b");
    await context.close();
  } finally {
    await serverB.kill();
  }
});

function openDatabase(): Kysely<DB> {
  const database = new Database(E2E_DATABASE);
  database.pragma("busy_timeout = 5000");
  return new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
}

function ownQuestions(first: string) {
  return {
    chapters: [],
    questions: [first, "Kí hiệu hoá học của natri là gì?"].map((text, i) => ({
      text,
      answers: [
        { text: ["1", "Na"][i]!, key: true },
        { text: ["2", "N"][i]!, key: false },
      ],
    })),
  };
}

test("a download is fetched again when the practice changed on the server, and taken off the device when it is gone", async ({
  device,
}, testInfo) => {
  test.setTimeout(180_000);
  const { dir, network } = device;
  const db = openDatabase();
  try {
    const context = await openProfile(testInfo, dir, network);
    const page = context.pages()[0] ?? (await context.newPage());
    const email = newEmail("cap-nhat");
    await register(page, "Võ Văn Tải Lại", email);
    await expect(page).toHaveURL(/\/$/);
    const { id: userId } = await db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const practice = { title: "Hoá học của tôi", parsed: ownQuestions("Nguyên tử khối của H?") };
    const { code } = await createOwnPractice(db, userId, practice, { limits: null });
    await download(page, code);

    // The student edits the practice on another device: its content version moves on.
    await updateOwnPractice(
      db,
      userId,
      code,
      {
        ...practice,
        parsed: ownQuestions("Nguyên tử khối của hiđro (H) là bao nhiêu?"),
      },
      1,
    );
    await page.goto(paths.practiceSetup(code));
    await waitForHydration(page);
    const panel = page.getByRole("region", { name: "Luyện khi không có mạng" });
    await expect(panel.getByRole("button", { name: "Xóa bản tải về" })).toBeVisible({
      timeout: 20_000,
    });

    await network.goOffline(context);
    await page.goto(freshRoom(code, { practiceType: "FLAT" }));
    await expect(page.getByText("Nguyên tử khối của hiđro (H) là bao nhiêu?")).toBeVisible();
    await expect(page.getByText("Nguyên tử khối của H?")).toHaveCount(0);

    // Deleted on the server: the profile's check takes the download off the device.
    await network.goOnline(context);
    await deleteOwnPractice(db, userId, code);
    await page.goto("/profile");
    const downloads = page.getByRole("region", { name: "Đề đã tải về để luyện offline" });
    await expect(downloads.getByText(/Đề “Hoá học của tôi” không còn mở được/)).toBeVisible({
      timeout: 20_000,
    });
    await expect(downloads.getByRole("link", { name: "Hoá học của tôi" })).toHaveCount(0);
    await context.close();
  } finally {
    await db.destroy();
  }
});

/** The addresses Workbox's expiration database (IndexedDB) remembers for the page caches. */
function pagesRecordedByWorkbox(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open("workbox-expiration");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("cache-entries")) return resolve([]);
          const all = db.transaction("cache-entries").objectStore("cache-entries").getAll();
          all.onsuccess = () => {
            db.close();
            resolve(
              (all.result as { cacheName: string; url: string }[])
                .filter((entry) => entry.cacheName.startsWith("on-tap-pages-"))
                .map((entry) => new URL(entry.url).pathname),
            );
          };
        };
      }),
  );
}

/** The codes of the practices downloaded on this device (its IndexedDB). */
function downloadedCodes(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open("on-tap-offline");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("practices")) return resolve([]);
          const keys = db.transaction("practices").objectStore("practices").getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
        };
      }),
  );
}

async function signIn(page: Page, email: string, password = "matkhau1") {
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Mật khẩu", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Đăng nhập" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * A's session ends on the server without "Đăng xuất" (expired, or signed out elsewhere), by
 * deleting its rows. Each process may trust a session it read for SESSION_CACHE_SECONDS (5 s,
 * ADR 0026) when the ending comes from outside it: the helper waits, asking the server directly
 * (not through the device's network), until the device's session cookie is refused, as the next
 * student would after those seconds.
 */
async function endSessionsOnServer(
  db: Kysely<DB>,
  email: string,
  context: BrowserContext,
  server: string,
) {
  const { id } = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  await db.deleteFrom("session").where("userId", "=", id).execute();
  const session = (await context.cookies()).find((c) => c.name.endsWith("session_token"));
  if (!session) return;
  await expect
    .poll(
      async () =>
        (
          await fetch(`${server}/about`, {
            headers: { cookie: `${session.name}=${session.value}` },
          })
        ).headers.get(PAGE_USER_HEADER),
      { timeout: 10_000, intervals: [250] },
    )
    .toBe(VISITOR_STAMP);
}

test("A's offline attempts are not saved into B's account on a shared computer: they wait for A and are saved when A signs back in", async ({
  device,
}, testInfo) => {
  test.setTimeout(240_000);
  const { dir, network } = device;
  const db = openDatabase();
  try {
    const context = await openProfile(testInfo, dir, network);
    let page = context.pages()[0] ?? (await context.newPage());
    const emailA = newEmail("may-chung-a");
    await register(page, "Hồ Thị Người Trước", emailA);
    await expect(page).toHaveURL(/\/$/);
    await download(page, ROOM_PRACTICE.code);

    await network.goOffline(context);
    await page.goto(paths.practiceSetup(ROOM_PRACTICE.code));
    await waitForHydration(page).catch(() => undefined);
    await page.getByRole("radio", { name: "Tất cả 5 câu hỏi" }).check();
    await page.getByRole("button", { name: "Bắt đầu" }).click();
    await finishSequenceRoom(page);
    await expect(page.getByText(/Chưa có mạng: bài làm đã được lưu trên máy này/)).toBeVisible();

    // A's session ends on the server; the next student signs up on the same browser, online.
    await endSessionsOnServer(db, emailA, context, testInfo.project.use.baseURL!);
    await network.goOnline(context);
    const emailB = newEmail("may-chung-b");
    await register(page, "Mai Văn Người Sau", emailB);
    await expect(page).toHaveURL(/\/$/);
    await waitForHydration(page);
    // The worker's flush for this page (and any Background Sync) has had its time.
    await page.waitForTimeout(4_000);
    expect(await savedAttempts(page)).toBe(0);
    await expect(page.getByRole("region", { name: "Bài làm chờ đồng bộ" })).toHaveCount(0);

    // Offline, B gets none of A's: not A's download, not A's downloads list.
    await network.goOffline(context);
    await page.goto(paths.practiceSetup(ROOM_PRACTICE.code));
    await expect(
      page.getByRole("heading", { level: 1, name: "Bạn đang ngoại tuyến" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: ROOM_PRACTICE.title })).toHaveCount(0);
    await expect(page.getByText("Hồ Thị Người Trước")).toHaveCount(0);

    // A comes back (B's session ended too): A's attempt is saved, once, into A's account.
    // (The offline page reloads itself when the network is back: a new tab instead.)
    await page.close();
    page = await context.newPage();
    await network.goOnline(context);
    await endSessionsOnServer(db, emailB, context, testInfo.project.use.baseURL!);
    await signIn(page, emailA);
    await expect
      .poll(async () => savedAttempts(page), { timeout: 30_000, intervals: [1_000, 2_000] })
      .toBe(1);
    await expect(page.getByRole("region", { name: "Bài làm chờ đồng bộ" })).toHaveCount(0);
    await context.close();
  } finally {
    await db.destroy();
  }
});

test("the service worker serves A's signed-in pages, downloads and list to nobody else offline once A's session ends without sign-out", async ({
  device,
}, testInfo) => {
  test.setTimeout(240_000);
  const { dir, network } = device;
  const db = openDatabase();
  try {
    const context = await openProfile(testInfo, dir, network);
    const page = context.pages()[0] ?? (await context.newPage());
    const email = newEmail("rieng-tu");
    const name = "Đinh Thị Riêng Tư";
    await register(page, name, email);
    await expect(page).toHaveURL(/\/$/);
    const { id: userId } = await db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const title = "Đề riêng không ai được xem";
    const { code } = await createOwnPractice(
      db,
      userId,
      { title, parsed: ownQuestions("Nguyên tử khối của H?") },
      { limits: null },
    );
    await download(page, code);
    // Pages A opened online, which the worker may keep for A.
    for (const path of ["/", "/practice-history"]) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByText(name).first()).toBeAttached();
    }

    // A's session ends on the device without "Đăng xuất": its cookies expire.
    await context.clearCookies();

    // Offline, the next person (nobody signed in) gets none of A's pages.
    await network.goOffline(context);
    for (const path of ["/", "/practice-history", `/practice-review/${code}`]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText(name)).toHaveCount(0);
      await expect(page.getByText(title)).toHaveCount(0);
    }
    await expect(page.getByText("Bạn chưa tải đề nào.", { exact: false })).toBeVisible();
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
    await context.close();
  } finally {
    await db.destroy();
  }
});

test("a download of a practice no longer open to the student leaves the device on their next page online, not only on the profile", async ({
  device,
}, testInfo) => {
  test.setTimeout(180_000);
  const { dir, network } = device;
  const db = openDatabase();
  try {
    const context = await openProfile(testInfo, dir, network);
    const page = context.pages()[0] ?? (await context.newPage());
    const email = newEmail("thu-hoi");
    await register(page, "Lý Văn Bị Thu Hồi", email);
    await expect(page).toHaveURL(/\/$/);
    const { id: userId } = await db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const title = "Đề sắp bị xóa";
    const { code } = await createOwnPractice(
      db,
      userId,
      { title, parsed: ownQuestions("Nguyên tử khối của H?") },
      { limits: null },
    );
    await download(page, code);

    // Gone on the server (deleted on another device); the student opens the home page.
    await deleteOwnPractice(db, userId, code);
    await page.goto("/");
    await waitForHydration(page);
    await expect.poll(() => downloadedCodes(page), { timeout: 20_000 }).not.toContain(code);

    await network.goOffline(context);
    await page.goto(paths.practiceSetup(code));
    await expect(
      page.getByRole("heading", { level: 1, name: "Bạn đang ngoại tuyến" }),
    ).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);
    await context.close();
  } finally {
    await db.destroy();
  }
});

test("a server slower than the worker's 4 s never makes it show A's cached page to the next person", async ({
  device,
}, testInfo) => {
  test.setTimeout(180_000);
  const { dir, network } = device;
  const context = await openProfile(testInfo, dir, network);
  const page = context.pages()[0] ?? (await context.newPage());
  const name = "Tạ Văn Mạng Chậm";
  await register(page, name);
  await expect(page).toHaveURL(/\/$/);
  await waitForServiceWorker(page);
  // A's home page, opened under the worker, which may keep it for A.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText(name).first()).toBeAttached();

  // A's session ends on the device without "Đăng xuất" (its cookies expire); the next person
  // opens the home page while the server takes 6 s to answer.
  await context.clearCookies();
  await network.slowDown(6_000);
  await page.goto("/", { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
  await context.close();
});
