import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { DB } from "../../db/schema.ts";
import { E2E_DATABASE } from "../../playwright.config.ts";
import { DEFAULT_SETUP, newRoomIdentity, roomUrl } from "../../app/lib/room-setup.ts";
import { SEED } from "../support/e2e-seed.ts";

// Browser-only helpers: each drives a Playwright page (or axe in it), so only the specs beside
// this file can use them, and @playwright/test stays out of what Vitest loads from
// tests/support/ (every other shared helper lives there, the e2e bank included).

/** Every screen a visitor can open, with the heading and title it must show (the room and the history need sign-in: room.spec.ts, history.spec.ts). */
export const SCREENS = [
  { path: "/", heading: "Danh sách môn học", title: "Trang chủ | Ôn Tập" },
  { path: "/login", heading: "Đăng nhập", title: "Đăng nhập | Ôn Tập" },
  { path: "/register", heading: "Đăng ký", title: "Đăng ký | Ôn Tập" },
  {
    path: `/practice-subject/${SEED.subject.code}`,
    heading: `Môn ${SEED.subject.name}`,
    title: `Môn ${SEED.subject.name} | Ôn Tập`,
  },
  {
    path: `/practice-review/${SEED.practice.code}`,
    heading: SEED.practice.title,
    title: `${SEED.practice.title} — Thiết lập phòng luyện tập | Ôn Tập`,
  },
  { path: "/about", heading: "Giới thiệu Ôn Tập", title: "Giới thiệu | Ôn Tập" },
  {
    path: "/khong-co-trang-nay",
    heading: "Ooops... Trang này không tồn tại",
    title: "Không tìm thấy trang | Ôn Tập",
  },
] as const;

/** axe with every rule it has, none disabled. */
export async function expectNoAxeViolations(page: Page, context: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, context).toEqual([]);
}

/** True when the page is laid out for a phone (the hamburger menu shows). */
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 1024;
}

/** Waits until React has hydrated, so clicks reach React's handlers. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      (window as { __reactRouterRouteModules?: object }).__reactRouterRouteModules !== undefined &&
      document.readyState === "complete",
  );
  await page.waitForLoadState("networkidle");
}

/** An address no other test (or earlier run against the same database) has used. */
export function newEmail(prefix = "sv"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Fills and sends the sign-up form; the caller checks where it lands. */
export async function register(
  page: Page,
  fullName: string,
  email: string = newEmail(),
  password = "matkhau1",
) {
  await page.goto("/register");
  await waitForHydration(page);
  await page.getByLabel("Họ và tên").fill(fullName);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Mật khẩu", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Đăng ký" }).click();
}

/** The header's navigation, opening the phone's menu first. */
export async function openAccountMenu(page: Page) {
  // The menus are buttons that work once the page is hydrated: a click before that is lost
  // (seen under load after a sign-up's redirect home).
  await waitForHydration(page);
  const nav = page.getByRole("navigation", { name: "Điều hướng chính" }).filter({ visible: true });
  if (isPhone(page)) {
    // A tap that lands while the menu is still closing from the last navigation is lost:
    // tap again until the menu is open.
    await expect(async () => {
      if ((await nav.count()) === 0) await page.getByRole("button", { name: "Mở menu" }).click();
      await expect(nav).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
  }
  return nav;
}

/**
 * Closes every toast on the page and waits until none is left. A toast closes by itself after
 * 5 s and animates out, so its close button may be moving or already gone when the click
 * comes: a click that finds nothing to press is fine, what counts is that no toast is left.
 */
export async function dismissToasts(page: Page) {
  for (const close of await page.getByRole("button", { name: "Đóng thông báo" }).all()) {
    // force: an animating toast is never "stable"; a detached one throws, and is gone anyway.
    await close.click({ force: true, timeout: 1_000 }).catch(() => undefined);
  }
  // Its exit animation ends late on a loaded 2-core runner (7 s was not always enough).
  await expect(page.locator(".Toastify__toast")).toHaveCount(0, { timeout: 15_000 });
}

/**
 * The service worker controls the page (the first visit installs it). Seen about once in 20
 * runs under load: the first install never takes control; the browser installs again on the
 * next load, as a student's next page would, so the page is reloaded (at most twice).
 */
export async function waitForServiceWorker(page: Page) {
  for (let load = 0; load < 3; load += 1) {
    const controlled = await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 20_000,
      })
      .then(
        () => true,
        () => false,
      );
    if (controlled) return;
    await page.reload();
    await waitForHydration(page);
  }
  throw new Error("the service worker never took control of the page");
}

/** Marks a Đúng/Sai question's statements a), b), … in order, in its card `question`. */
export async function markStatements(question: Locator, marks: readonly ("Đúng" | "Sai")[]) {
  for (const [index, mark] of marks.entries()) {
    await question
      .getByRole("group", { name: new RegExp(`^${"abcdefgh"[index]}\\)`) })
      .getByRole("radio", { name: mark, exact: true })
      .check();
  }
}

/**
 * Four mistakes for the signed-in student, saved: a flat run of the room practice (five
 * questions) with only the first answered, right. They are due in "Ôn lỗi sai" at once.
 */
export async function makeFourMistakes(page: Page) {
  await page.goto(
    roomUrl(
      SEED.roomPractice.code,
      { ...DEFAULT_SETUP, practiceType: "FLAT", selection: { type: "PRACTICE_TIME_ALL" } },
      newRoomIdentity(),
    ),
  );
  await waitForHydration(page);
  await page.locator(".sheet > li").nth(0).getByRole("button", { name: /^A\./ }).click();
  await page.getByRole("button", { name: "Kết thúc" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Kết thúc" }).click();
  await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();
}

/** The browser tests' server database, for a spec that sets up rows the way a service would. */
export function openE2eDatabase(): Kysely<DB> {
  const database = new Database(E2E_DATABASE);
  database.pragma("busy_timeout = 5000");
  return new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
}

/** The id of the user registered with this email. */
export async function userIdOf(db: Kysely<DB>, email: string): Promise<string> {
  const row = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** With SHOTS_DIR set, a full-page picture of the screen, named by project, for the closing note. */
export async function shot(page: Page, info: TestInfo, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({
    path: path.join(dir, `${info.project.name}-${name}.png`),
    fullPage: true,
  });
}
