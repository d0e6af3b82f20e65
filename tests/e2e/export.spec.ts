import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { DEFAULT_SETUP, newRoomIdentity, roomUrl } from "../../app/lib/room-setup.ts";
import { expectNoAxeViolations, newEmail, register, waitForHydration } from "./helpers.ts";
import { SEED } from "../support/e2e-seed.ts";

/**
 * "Tải dữ liệu của tôi" on the profile: its two links download files holding the
 * student's attempt; another student's files hold none of it.
 */

/** Clicks a download link of the profile and returns the file's name and bytes. */
async function downloadFrom(page: Page, name: string) {
  const section = page.getByRole("region", { name: "Tải dữ liệu của tôi" });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("link", { name }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

test("the profile's links download the student's attempt as CSV and JSON, and nobody else's", async ({
  page,
  browser,
}) => {
  await register(page, "Phạm Tải Về");
  await expect(page).toHaveURL("/");

  const identity = newRoomIdentity();
  await page.goto(
    roomUrl(
      SEED.roomPractice.code,
      { ...DEFAULT_SETUP, practiceType: "FLAT", selection: { type: "PRACTICE_TIME_ALL" } },
      identity,
    ),
  );
  await waitForHydration(page);
  await page.locator(".sheet > li").nth(0).getByRole("button", { name: /^A\./ }).click();
  await page.getByRole("button", { name: "Kết thúc" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Kết thúc" }).click();
  await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();

  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Tải dữ liệu của tôi" });
  await expect(section).toBeVisible();
  await expectNoAxeViolations(page, "profile with the data export");

  const csv = await downloadFrom(page, "Tải tệp CSV (Excel)");
  expect(csv.name).toMatch(/^on-tap-du-lieu-\d{4}-\d{2}-\d{2}\.csv$/);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.bytes.toString("utf8");
  expect(text).toContain('"Mã bài làm","Thời gian (giờ Việt Nam)"');
  expect(text).toContain(identity.attemptId);
  expect(text).toContain(SEED.roomPractice.title);

  const json = await downloadFrom(page, "Tải tệp JSON");
  expect(json.name).toMatch(/\.json$/);
  const data = JSON.parse(json.bytes.toString("utf8"));
  expect(data.version).toBe(1);
  expect(data.attempts.map((a: { id: string }) => a.id)).toEqual([identity.attemptId]);
  expect(data.attempts[0].answers).toHaveLength(5);

  // Another student downloads too: nothing of the first one's attempt.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await register(stranger, "Người Khác");
  await expect(stranger).toHaveURL("/");
  await stranger.goto("/profile");
  const theirs = await downloadFrom(stranger, "Tải tệp JSON");
  expect(theirs.bytes.toString("utf8")).not.toContain(identity.attemptId);
  expect(JSON.parse(theirs.bytes.toString("utf8")).attempts).toEqual([]);
  const theirCsv = await downloadFrom(stranger, "Tải tệp CSV (Excel)");
  expect(theirCsv.bytes.toString("utf8")).not.toContain(identity.attemptId);
  await other.close();
});

test("a signed-out download goes through sign-in and then downloads", async ({ page }) => {
  const email = newEmail("xuat");
  await register(page, "Đỗ Đăng Nhập", email);
  await expect(page).toHaveURL("/");
  await page.context().clearCookies();

  await page.goto("/profile/data-export?format=json");
  await expect(page).toHaveURL(
    `/login?redirectTo=${encodeURIComponent("/profile/data-export?format=json")}`,
  );
  await waitForHydration(page);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Mật khẩu", { exact: true }).fill("matkhau1");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Đăng nhập" }).click(),
  ]);
  const data = JSON.parse((await readFile(await download.path())).toString("utf8"));
  expect(data.user.email).toBe(email);
  expect(data.attempts).toEqual([]);
});
