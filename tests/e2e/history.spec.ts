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
  await waitForHydration(page);
  await expect(page.locator(".attempt-list > li")).toHaveCount(2);
  await expectNoAxeViolations(page, "history with filters");
  const filters = page.getByRole("form", { name: "Lọc lịch sử" });
  await filters.getByLabel("Đề").selectOption(SEED.roomPractice.code);
  await expect(page).toHaveURL(new RegExp(`practice=${SEED.roomPractice.code}`));
  await expect(page.locator(".attempt-list > li")).toHaveCount(2);
  await page.goto("/practice-history?practice=khong-co-de-nay");
  await expect(page.getByText("Không có bài làm nào khớp với bộ lọc.")).toBeVisible();
  await page.getByRole("link", { name: "Bỏ lọc" }).click();
  await expect(page.locator(".attempt-list > li")).toHaveCount(2);
});

test("the history's filters look like the app's fields, apply as soon as a choice changes, stay in the address, and work without JavaScript", async ({
  page,
  browser,
}) => {
  await register(page, "Phạm Lọc Nhanh");
  await expect(page).toHaveURL("/");
  const setup = {
    ...DEFAULT_SETUP,
    practiceType: "FLAT" as const,
    selection: { type: "PRACTICE_TIME_RANGE" as const, start: 1, end: 1 },
  };
  for (const code of [SEED.roomPractice.code, SEED.anyKeyPractice.code]) {
    await page.goto(roomUrl(code, setup, newRoomIdentity()));
    await waitForHydration(page);
    await page.getByRole("button", { name: "Kết thúc" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Kết thúc" }).click();
    await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();
  }

  await page.goto("/practice-history");
  await waitForHydration(page);
  const attempts = page.locator(".attempt-list > li");
  await expect(attempts).toHaveCount(2);
  const filters = page.getByRole("form", { name: "Lọc lịch sử" });
  await expect(filters.getByText("Môn học", { exact: true })).toBeVisible();
  await expect(filters.getByText("Đề", { exact: true })).toBeVisible();
  // With the page's script running a choice applies by itself: no button to press.
  await expect(filters.getByRole("button", { name: "Lọc" })).toHaveCount(0);
  const practice = filters.getByLabel("Đề");
  // Drawn like the app's fields (app/styles/forms.css), not the system's grey box.
  await expect(practice).toHaveCSS("appearance", "none");
  await expect(practice).toHaveCSS("border-top-width", "2px");
  await expect(practice).toHaveCSS("border-top-left-radius", "9.6px");
  // Reached by keyboard, in reading order.
  await filters.getByLabel("Môn học").focus();
  await page.keyboard.press("Tab");
  await expect(practice).toBeFocused();

  await practice.selectOption(SEED.roomPractice.code);
  await expect(page).toHaveURL(`/practice-history?practice=${SEED.roomPractice.code}`);
  await expect(attempts).toHaveCount(1);
  await expect(attempts).toContainText(SEED.roomPractice.title);
  // A refresh keeps the filter, in the list and in the box.
  await page.reload();
  await waitForHydration(page);
  await expect(practice).toHaveValue(SEED.roomPractice.code);
  await expect(attempts).toHaveCount(1);
  await expectNoAxeViolations(page, "history filtered by practice");

  // Back to every practice, by the browser's back button: the box follows.
  await page.goBack();
  await expect(page).toHaveURL("/practice-history");
  await expect(attempts).toHaveCount(2);
  await expect(practice).toHaveValue("");

  // Nothing is wider than a 320 px phone.
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  for (const box of [filters.getByLabel("Môn học"), practice]) {
    expect((await box.boundingBox())!.x + (await box.boundingBox())!.width).toBeLessThanOrEqual(
      320,
    );
  }

  // Without JavaScript it is a plain GET form with its "Lọc" button.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto("/practice-history");
  const plainFilters = noScript.getByRole("form", { name: "Lọc lịch sử" });
  await plainFilters.getByLabel("Đề").selectOption(SEED.anyKeyPractice.code);
  await plainFilters.getByRole("button", { name: "Lọc" }).click();
  await expect(noScript).toHaveURL(new RegExp(`practice=${SEED.anyKeyPractice.code}`));
  await expect(noScript.locator(".attempt-list > li")).toHaveCount(1);
  await expect(noScript.locator(".attempt-list > li")).toContainText(SEED.anyKeyPractice.title);
  await plain.close();
});
