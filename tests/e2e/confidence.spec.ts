import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { DEFAULT_SETUP, newRoomIdentity, roomUrl } from "../../app/lib/room-setup.ts";
import { paths } from "../../base/paths.ts";
import { expectNoAxeViolations, register, shot, waitForHydration } from "./helpers.ts";
import { SEED } from "../support/e2e-seed.ts";

/**
 * "Độ chắc chắn" (issue 30), as a student meets it: turned on in the set-up page's options, the
 * sequence room waits for "Chắc chắn" or "Đoán" before it shows a result; the summary and the
 * replay name the lucky guesses and the confident mistakes; "Thống kê" sums them per subject. On
 * the whole sheet each question's mark is a toggle. Both viewports, axe clean, nothing wider
 * than the screen.
 */

const answer = (page: Page, letter: string) =>
  page.getByRole("button", { name: new RegExp(`^${letter}\\.`) });

async function fitsScreen(page: Page, info: TestInfo) {
  const width = info.project.name === "phone" ? 320 : page.viewportSize()!.width;
  const before = page.viewportSize()!;
  if (info.project.name === "phone") await page.setViewportSize({ width: 320, height: 700 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width);
  await page.setViewportSize(before);
}

test("a room that asks waits for “Chắc chắn” or “Đoán”, and the summary and statistics count the guesses", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await register(page, "Lê Chắc Chắn");
  await expect(page).toHaveURL("/");

  await page.goto(paths.practiceSetup(SEED.roomPractice.code));
  await waitForHydration(page);
  const ask = page.getByRole("switch", { name: "Hỏi độ chắc chắn trước khi nộp từng câu" });
  await expect(ask).not.toBeChecked();
  await ask.check();
  await expect(ask).toHaveAccessibleDescription(/Câu đoán đúng vẫn được đưa vào Ôn lỗi sai/);
  await expectNoAxeViolations(page, "set-up page, Độ chắc chắn on");
  await fitsScreen(page, info);
  await shot(page, info, "confidence-setup");
  await page.getByRole("button", { name: "Bắt đầu" }).click();
  await expect(page).toHaveURL(/confidence=1/);
  await waitForHydration(page);

  const sure = page.getByRole("button", { name: "Chắc chắn", exact: true });
  const guess = page.getByRole("button", { name: "Đoán", exact: true });
  const verdict = page.locator(".room-verdict");
  // Nothing picked: nothing to be sure of yet.
  await expect(sure).toBeDisabled();
  await expect(page.getByText("Chọn đáp án rồi cho biết bạn chắc chắn hay đoán.")).toBeVisible();
  // Q1 (key A): a complete pick waits for the mark; "Đoán" submits it.
  await answer(page, "A").click();
  await expect(verdict).toHaveCount(0);
  await expect(guess).toBeEnabled();
  await expectNoAxeViolations(page, "room asking how sure");
  await fitsScreen(page, info);
  await shot(page, info, "confidence-room");
  await guess.click();
  await expect(verdict).toHaveText("Câu trả lời chính xác");
  await page.getByRole("button", { name: "Câu tiếp theo" }).click();
  // Q2 (keys A, C): sure and right.
  await answer(page, "A").click();
  await answer(page, "C").click();
  await sure.click();
  await expect(verdict).toHaveText("Câu trả lời chính xác");
  await page.getByRole("button", { name: "Câu tiếp theo" }).click();
  // Q3 (key F): sure and wrong.
  await answer(page, "A").click();
  await sure.click();
  await expect(verdict).toHaveText("Câu trả lời chưa chính xác");
  await page.getByRole("button", { name: "Câu tiếp theo" }).click();
  // Q4: "Xem đáp án" with nothing picked still passes it, unmarked.
  await page.getByRole("button", { name: "Xem đáp án" }).click();
  await page.getByRole("button", { name: "Câu tiếp theo" }).click();
  // Q5 (key A): by keyboard, the pick and the mark.
  await page.keyboard.press("a");
  await sure.focus();
  await page.keyboard.press("Enter");
  await expect(verdict).toHaveText("Câu trả lời chính xác");
  await page.getByRole("button", { name: "Kết thúc" }).click();

  await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();
  await expect(page.getByText("Đoán đúng: 1 câu (sẽ được ôn lại trong Ôn lỗi sai)")).toBeVisible();
  await expect(page.getByText("Chắc chắn nhưng sai: 1 câu")).toBeVisible();
  const cards = page.locator(".summary-card");
  await expect(cards.nth(0).locator(".summary-verdict")).toHaveText("Đúng · Bạn đã chọn: Đoán");
  await expect(cards.nth(2).locator(".summary-verdict")).toHaveText("Sai · Bạn đã chọn: Chắc chắn");
  await expectNoAxeViolations(page, "summary with marks");
  await fitsScreen(page, info);
  await shot(page, info, "confidence-summary");

  // The replay reads the marks back from the saved attempt.
  await page.goto("/practice-history");
  await page.getByRole("link").filter({ hasText: "3/5 câu đúng" }).first().click();
  await expect(page.getByText("Chắc chắn nhưng sai: 1 câu")).toBeVisible();

  await page.goto("/practice-history?view=statistics");
  const section = page.getByRole("region", { name: "Độ chắc chắn" });
  await expect(section.getByRole("heading", { name: SEED.subject.name })).toBeVisible();
  const figure = (name: string) =>
    section.locator(".stat-tile", { has: page.getByText(name, { exact: true }) }).locator("dd");
  await expect(figure("Câu đã đánh dấu")).toHaveText("4");
  await expect(figure("Đoán đúng")).toHaveText("1");
  await expect(figure("Chắc chắn nhưng sai")).toHaveText("1");
  await expectNoAxeViolations(page, "statistics with Độ chắc chắn");
  await fitsScreen(page, info);
  await shot(page, info, "confidence-statistics");
});

test("on the whole sheet each question's mark is a toggle that stays until “Kết thúc”", async ({
  page,
}, info) => {
  await register(page, "Trần Toàn Đề");
  await expect(page).toHaveURL("/");
  await page.goto(
    roomUrl(
      SEED.roomPractice.code,
      {
        ...DEFAULT_SETUP,
        practiceType: "FLAT",
        askConfidence: true,
        selection: { type: "PRACTICE_TIME_ALL" },
      },
      newRoomIdentity(),
    ),
  );
  await waitForHydration(page);
  const first = page.locator(".sheet > li").first();
  const guess = first.getByRole("button", { name: "Đoán", exact: true });
  await expect(guess).toBeDisabled();
  await first.getByRole("button", { name: /^A\./ }).click();
  await guess.click();
  await expect(guess).toHaveAttribute("aria-pressed", "true");
  // Kept over a refresh, as the picks are.
  await page.reload();
  await waitForHydration(page);
  await expect(guess).toHaveAttribute("aria-pressed", "true");
  await expectNoAxeViolations(page, "sheet asking how sure");
  await fitsScreen(page, info);
  await shot(page, info, "confidence-sheet");
  // The same mark again takes it back.
  await guess.click();
  await expect(guess).toHaveAttribute("aria-pressed", "false");
  await guess.click();
  await page.getByRole("button", { name: "Kết thúc" }).first().click();
  await page.getByRole("dialog").getByRole("button", { name: "Kết thúc" }).click();
  await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();
  await expect(page.getByText("Đoán đúng: 1 câu (sẽ được ôn lại trong Ôn lỗi sai)")).toBeVisible();
});
