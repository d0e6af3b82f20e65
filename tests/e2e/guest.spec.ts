import { expect, test, type Browser } from "@playwright/test";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { DB } from "../../db/schema.ts";
import { E2E_DATABASE } from "../../playwright.config.ts";
import { createOwnPractice, shareOwnPractice } from "../../services/own-practices/manage.ts";
import { expectNoAxeViolations, newEmail, register, waitForHydration } from "./helpers.ts";

/**
 * Practice as a guest (issue 28): a friend's shared link opens, names who made it, and starts
 * at once without an account; the result is scored by the server and kept on the device; signing
 * up from the result saves it into the new account's history exactly once; a later student
 * signing in on the same device is asked before anything of the earlier visitor's is saved.
 */

function openDatabase(): Kysely<DB> {
  const database = new Database(E2E_DATABASE);
  database.pragma("busy_timeout = 5000");
  return new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
}

/** A teacher with a shared three-question practice (key: the first answer); its link's path. */
async function sharedPractice(browser: Browser, title: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = newEmail("co-giao");
  await register(page, "Nguyễn Cô Giáo", email);
  await expect(page).toHaveURL("/");
  await context.close();
  const db = openDatabase();
  try {
    const { id } = await db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const { code } = await createOwnPractice(
      db,
      id,
      {
        title,
        subjectName: "Vật lí 10",
        parsed: {
          chapters: [],
          questions: ["Đơn vị của lực?", "Đơn vị của công?", "Đơn vị của công suất?"].map(
            (text, i) => ({
              text,
              answers: [
                { text: ["Niutơn", "Jun", "Oát"][i]!, key: true },
                { text: ["Mét", "Kilôgam", "Giây"][i]!, key: false },
              ],
            }),
          ),
        },
      },
      { limits: null },
    );
    return (await shareOwnPractice(db, id, code)).path;
  } finally {
    await db.destroy();
  }
}

test("a guest finishes a shared practice, signs up from the result, and finds it in the history exactly once", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const title = `Đơn vị vật lí ${info.project.name} ${Date.now()}`;
  const link = await sharedPractice(browser, title);

  // The friend's link, signed out: who made it, and "Bắt đầu" (not "Đăng nhập để bắt đầu").
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText("Người tạo: Nguyễn Cô Giáo")).toBeVisible();
  await expectNoAxeViolations(page, "shared set-up page, signed out");
  await waitForHydration(page);
  await page.getByRole("radio", { name: "Hiển thị toàn bộ câu hỏi" }).check();
  await page.getByRole("button", { name: "Bắt đầu" }).click();
  await expect(page).toHaveURL(/\/practice-control\?/u);
  await waitForHydration(page);

  // Two right, one wrong; the server's score on the summary, and the way to keep it.
  const questions = page.locator(".sheet > li");
  await expect(questions).toHaveCount(3);
  for (const [i, answer] of ["Niutơn", "Jun", "Giây"].entries()) {
    await questions
      .nth(i)
      .getByRole("button", { name: new RegExp(answer, "u") })
      .click();
  }
  await page.getByRole("button", { name: "Kết thúc" }).click();
  await expect(page.getByText("Số câu đúng: 2/3")).toBeVisible();
  await expect(page.getByText(/Kết quả đã được chấm và giữ trên máy này/u)).toBeVisible();
  // A guest has no review cards: "Ôn lại câu sai" comes with an account.
  await expect(page.getByRole("button", { name: /Ôn lại câu sai/u })).toHaveCount(0);
  await expectNoAxeViolations(page, "a guest's result");

  // "Đăng ký để lưu kết quả": a new account, and the result is in its history, once.
  await page.getByRole("link", { name: "Đăng ký để lưu kết quả" }).click();
  await expect(page).toHaveURL(/\/register\?redirectTo=%2Fpractice-history/u);
  await waitForHydration(page);
  await page.getByLabel("Họ và tên").fill("Lê Khách Mới");
  await page.getByLabel("Email", { exact: true }).fill(newEmail("khach"));
  await page.getByLabel("Mật khẩu", { exact: true }).fill("matkhau1");
  await page.getByRole("button", { name: "Đăng ký" }).click();
  await expect(page).toHaveURL("/practice-history");
  await expect(page.getByText("Đã lưu 1 bài làm vào lịch sử luyện tập của bạn.")).toBeVisible();
  const saved = page.getByRole("link").filter({ hasText: title });
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText("2/3");
  // Nothing left on the device to claim again: a reload shows it once, and asks nothing.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("link").filter({ hasText: title })).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Bài làm khi chưa đăng nhập" })).toHaveCount(0);
});

test("on a shared computer, the next student to sign in is asked before a visitor's result is saved", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const title = `Đơn vị đo ${info.project.name} ${Date.now()}`;
  const link = await sharedPractice(browser, title);
  await page.goto(link);
  await waitForHydration(page);
  await page.getByRole("radio", { name: "Hiển thị toàn bộ câu hỏi" }).check();
  await page.getByRole("button", { name: "Bắt đầu" }).click();
  await waitForHydration(page);
  for (const [i, answer] of ["Mét", "Jun", "Oát"].entries()) {
    await page
      .locator(".sheet > li")
      .nth(i)
      .getByRole("button", { name: new RegExp(answer, "u") })
      .click();
  }
  await page.getByRole("button", { name: "Kết thúc" }).click();
  await expect(page.getByText(/Kết quả đã được chấm/u)).toBeVisible();

  // Someone else signs up from the header, not from the result: asked first.
  await register(page, "Phạm Người Sau");
  await expect(page).toHaveURL("/");
  const offer = page.getByRole("region", { name: "Bài làm khi chưa đăng nhập" });
  await expect(offer).toContainText(`${title}: đúng 2/3`);
  await expectNoAxeViolations(page, "the guest attempts' offer");
  await offer.getByRole("button", { name: "Không lưu" }).click();
  await expect(offer).toHaveCount(0);
  await page.goto("/practice-history");
  await expect(page.getByRole("link").filter({ hasText: title })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Bài làm khi chưa đăng nhập" })).toHaveCount(0);
});
