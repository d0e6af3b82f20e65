import { expect, test, type Page } from "@playwright/test";
import type { Selection } from "../../base/selection.ts";
import { DEFAULT_SETUP, newRoomIdentity, roomUrl } from "../../app/lib/room-setup.ts";
import { expectNoAxeViolations, register, waitForHydration } from "./helpers.ts";
import { SEED } from "../support/e2e-seed.ts";

/**
 * "Thống kê" on /practice-history: the totals, the weekly chart and the weakest
 * chapters of a student after runs whose scores the test knows; "Luyện lại" opens the set-up
 * page with that chapter chosen; another student sees none of it.
 */

/** A flat run of the chapter practice's chapter, picking A (the key) or B on each question. */
async function run(page: Page, chapterIdx: number, picks: readonly ("A" | "B" | null)[]) {
  const selection: Selection = { type: "PRACTICE_TIME_CHAPTER", chapterIdx };
  await page.goto(
    roomUrl(
      SEED.chapterPractice.code,
      { ...DEFAULT_SETUP, practiceType: "FLAT", maxQuestionTime: "OFF", selection },
      newRoomIdentity(),
    ),
  );
  await waitForHydration(page);
  const questions = page.locator(".sheet > li");
  await expect(questions).toHaveCount(picks.length);
  for (const [i, pick] of picks.entries()) {
    if (pick) {
      await questions
        .nth(i)
        .getByRole("button", { name: new RegExp(`^${pick}\\.`) })
        .click();
    }
  }
  await page.getByRole("button", { name: "Kết thúc" }).click();
  // Only a sheet with unanswered questions asks first.
  if (picks.includes(null)) {
    await page.getByRole("dialog").getByRole("button", { name: "Kết thúc" }).click();
  }
  await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();
}

test("statistics show a student's totals and weakest chapter, and Luyện lại opens it", async ({
  page,
  browser,
}, testInfo) => {
  await register(page, "Phạm Thống Kê");
  await expect(page).toHaveURL("/");
  // Chapter 1 (5 questions): 1 right, 1 wrong, 3 left blank. Chapter 2 (7): all right.
  await run(page, 0, ["A", "B", null, null, null]);
  await run(page, 1, ["A", "A", "A", "A", "A", "A", "A"]);

  await page.goto("/practice-history");
  await page.getByRole("link", { name: "Thống kê" }).click();
  await expect(page).toHaveURL("/practice-history?view=statistics");
  // Loaded afresh, the server's HTML and the hydrated page agree (no mismatch logged).
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.reload();
  await waitForHydration(page);
  expect(errors).toEqual([]);
  await expect(page.getByRole("link", { name: "Thống kê" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page).toHaveTitle("Thống kê luyện tập | Ôn Tập");
  const overview = page.getByRole("region", { name: "Tổng quan" });
  const tile = (name: string) => overview.locator(".stat-tile").filter({ hasText: name });
  await expect(tile("Câu đã trả lời").locator("dd")).toHaveText("12");
  await expect(tile("Tỉ lệ đúng").locator("dd")).toHaveText("67%");
  await expect(tile("Thời gian luyện tập").locator("dd")).toHaveText(/^\d+ (giây|phút)$/);
  await expect(tile("Ngày học liên tiếp").locator("dd")).toHaveText("1 ngày");

  // The chart's figures, as a screen reader reads them: this week, 8 of 12 right.
  const charts = page.getByRole("region", { name: "Tỉ lệ đúng theo tuần" });
  const table = charts.getByRole("table", {
    name: `Tỉ lệ đúng theo tuần, môn ${SEED.subject.name}`,
  });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("cell")).toHaveText(["12", "67%"]);

  const practice = page
    .getByRole("region", { name: "Theo từng đề" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: SEED.chapterPractice.title }) });
  await expect(practice).toContainText("2 lần làm bài · 67% đúng");
  const weak = practice.locator(".weak-item");
  await expect(weak).toHaveCount(1);
  await expect(weak).toContainText("Chương 1: Kiểm thử hộp đen");
  await expect(weak).toContainText("20% đúng (1/5 câu đúng, 1 lần)");

  await page.screenshot({
    path: testInfo.outputPath(`statistics-${testInfo.project.name}.png`),
    fullPage: true,
  });
  await expectNoAxeViolations(page, "statistics");
  if (testInfo.project.name === "phone") {
    // The narrowest phone: nothing wider than the screen.
    await page.setViewportSize({ width: 320, height: 700 });
    // Layout settles a moment after a resize.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(320);
    await page.screenshot({ path: testInfo.outputPath("statistics-320.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
  }

  // By keyboard: the link is reachable and opens the set-up page with chapter 1 chosen.
  const again = weak.getByRole("link", { name: /^Luyện lại Chương 1: Kiểm thử hộp đen/ });
  await again.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(
    `/practice-review/${SEED.chapterPractice.code}?type=PRACTICE_TIME_CHAPTER&chapter=0`,
  );
  await expect(page.getByRole("radio", { name: /Chương 1: Kiểm thử hộp đen/ })).toBeChecked();
  await waitForHydration(page);
  await expect(page.getByRole("radio", { name: /Chương 1: Kiểm thử hộp đen/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: /Chương 2/ })).not.toBeChecked();

  // Someone else sees none of it.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await register(stranger, "Người Khác");
  await expect(stranger).toHaveURL("/");
  await stranger.goto("/practice-history?view=statistics");
  await expect(
    stranger.getByText("Bạn chưa làm bài luyện tập nào.", { exact: false }),
  ).toBeVisible();
  await expect(stranger.getByRole("region", { name: "Tổng quan" })).toHaveCount(0);
  await expect(stranger.getByText(SEED.chapterPractice.title)).toHaveCount(0);
  await other.close();
});

test("the set-up page ignores a selection it has no tile for: its first chapter stays chosen", async ({
  page,
}) => {
  for (const query of [
    "type=PRACTICE_TIME_CHAPTER&chapter=9",
    "type=PRACTICE_TIME_RANGE&start=1&end=5",
    "type=PRACTICE_TIME_CHAPTER&chapter=-1",
    "type=NOPE&chapter=abc&start=1e3",
  ]) {
    const response = await page.goto(`/practice-review/${SEED.chapterPractice.code}?${query}`);
    expect(response?.status(), query).toBe(200);
    const chosen = page.getByRole("radio", { checked: true, name: /Chương|Tất cả/ });
    await expect(chosen).toHaveCount(1);
    await expect(chosen).toHaveAccessibleName(/^Chương 1: Kiểm thử hộp đen/u);
  }
  // A range tile of a practice without chapters, with the tile size that shows it.
  await page.goto(
    `/practice-review/${SEED.practice.code}?type=PRACTICE_TIME_RANGE&start=21&end=40`,
  );
  await expect(page.getByRole("radio", { name: "Câu 21 - 40" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "20 câu" })).toBeChecked();
});

test("the statistics need sign-in", async ({ page }) => {
  await page.goto("/practice-history?view=statistics");
  await expect(page).toHaveURL("/login?redirectTo=%2Fpractice-history%3Fview%3Dstatistics");
});
