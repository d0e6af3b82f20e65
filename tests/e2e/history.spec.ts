import { expect, test } from "@playwright/test";
import { DEFAULT_SETUP, newRoomIdentity, roomUrl } from "../../app/lib/room-setup.ts";
import { expectNoAxeViolations, register, waitForHydration } from "./helpers.ts";
import { SEED } from "../support/e2e-seed.ts";
import { paths } from "../../base/paths.ts";

/**
 * Reviewing past attempts: the set-up page's "Lịch sử luyện tập", one attempt on
 * /practice-history?id=…, the list of every attempt, and nobody else's attempt.
 */

test("a finished attempt appears on the set-up page and in the history, and opens like its summary", async ({
  page,
  browser,
}) => {
  await register(page, "Trần Xem Lại");
  await expect(page).toHaveURL("/");
  await page.goto(paths.practiceSetup(SEED.roomPractice.code));
  await expect(page.getByRole("heading", { name: "Lịch sử luyện tập" })).toBeVisible();
  await expect(page.getByText("Bạn chưa làm đề này lần nào.")).toBeVisible();

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

  await page.getByRole("link", { name: "Quay lại trang thiết lập" }).click();
  const history = page.getByRole("region", { name: "Lịch sử luyện tập" });
  const card = history.getByRole("link").filter({ hasText: "1/5 câu đúng" });
  await expect(card).toContainText(/Làm lúc \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expectNoAxeViolations(page, "set-up page with history");
  await card.click();

  await expect(page).toHaveURL(`/practice-history?id=${identity.attemptId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Xem lại bài làm");
  await expect(page.getByText("Số câu đúng: 1/5")).toBeVisible();
  await expect(page.getByRole("button", { name: "Làm lại" })).toHaveCount(0);
  await expect(page.locator(".summary-card")).toHaveCount(5);
  // The replay filters too: the four wrong ones.
  await page.getByRole("switch", { name: "Chỉ xem câu sai (4)" }).check();
  await expect(page.locator(".summary-card")).toHaveCount(4);
  await expectNoAxeViolations(page, "one attempt");

  await page.getByRole("link", { name: "Xem tất cả bài đã làm" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lịch sử luyện tập");
  await expect(page.getByRole("link").filter({ hasText: SEED.roomPractice.title })).toHaveCount(1);
  await expectNoAxeViolations(page, "history list");

  // Someone else, with the same address: not found, and nothing of the attempt shown.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await register(stranger, "Người Lạ");
  await expect(stranger).toHaveURL("/");
  const response = await stranger.goto(paths.history({ id: identity.attemptId }));
  expect(response?.status()).toBe(404);
  await expect(stranger.getByRole("heading", { name: "Không tìm thấy bài làm" })).toBeVisible();
  await expect(stranger.getByText("Số câu đúng")).toHaveCount(0);
  await stranger.goto("/practice-history");
  await expect(
    stranger.getByText("Bạn chưa làm bài luyện tập nào.", { exact: false }),
  ).toBeVisible();
  await other.close();
});

test("the history needs sign-in and comes back after it", async ({ page }) => {
  await page.goto("/practice-history");
  await expect(page).toHaveURL("/login?redirectTo=%2Fpractice-history");
});

test("a replay starts the same run again, and the history filters by practice", async ({
  page,
}) => {
  await register(page, "Lê Làm Lại");
  await expect(page).toHaveURL("/");
  await page.goto("/practice-history");
  // Nothing yet: the empty state leads home.
  await expect(page.getByRole("link", { name: "Chọn đề luyện tập" })).toHaveAttribute("href", "/");

  const identity = newRoomIdentity();
  const setup = {
    ...DEFAULT_SETUP,
    practiceType: "FLAT" as const,
    maxQuestionTime: "OFF" as const,
    selection: { type: "PRACTICE_TIME_RANGE" as const, start: 2, end: 4 },
  };
  const finish = async () => {
    await waitForHydration(page);
    await page.getByRole("button", { name: "Kết thúc" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Kết thúc" }).click();
    await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();
  };
  await page.goto(roomUrl(SEED.roomPractice.code, setup, identity));
  await finish();

  await page.goto(paths.history({ id: identity.attemptId }));
  await waitForHydration(page);
  await page.getByRole("link", { name: "Làm lại đề này" }).click();
  await expect(page).toHaveURL(/\/practice-control\?/);
  const again = new URL(page.url()).searchParams;
  expect(Object.fromEntries(again)).toMatchObject({
    practice: SEED.roomPractice.code,
    type: "PRACTICE_TIME_RANGE",
    start: "2",
    end: "4",
    mode: "FLAT",
    questionTime: "OFF",
  });
  expect(again.get("attempt")).not.toBe(identity.attemptId);
  await finish();

  await page.goto("/practice-history");
  await expect(page.locator(".attempt-list > li")).toHaveCount(2);
  await expectNoAxeViolations(page, "history with filters");
  const filters = page.getByRole("form", { name: "Lọc lịch sử" });
  await filters.getByLabel("Đề").selectOption(SEED.roomPractice.code);
  await filters.getByRole("button", { name: "Lọc" }).click();
  await expect(page).toHaveURL(new RegExp(`practice=${SEED.roomPractice.code}`));
  await expect(page.locator(".attempt-list > li")).toHaveCount(2);
  await page.goto("/practice-history?practice=khong-co-de-nay");
  await expect(page.getByText("Không có bài làm nào khớp với bộ lọc.")).toBeVisible();
  await page.getByRole("link", { name: "Bỏ lọc" }).click();
  await expect(page.locator(".attempt-list > li")).toHaveCount(2);
});
