import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, register, waitForHydration } from "./helpers.ts";

/**
 * "Tạo đề của tôi" with the 2025 exam's kinds (issue 27): the preview shows a Đúng/Sai
 * question's statements each with Đúng or Sai, and a short answer's accepted answers.
 */

const SHOTS = "/work/shots/kinds-preview";

const EXAM = [
  "PHẦN II. Câu trắc nghiệm đúng sai",
  "Câu 1: Cho hàm số y = 2x + 1, với đồ thị là một đường thẳng trong mặt phẳng toạ độ Oxy.",
  "a) Đồ thị đi qua điểm (0; 1).",
  "b) Hàm số nghịch biến trên ℝ.",
  "c) Hệ số góc bằng 2.",
  "d) Đồ thị song song với đường thẳng y = x.",
  "Đáp án: a) Đ, b) S, c) Đ, d) S",
  "",
  "PHẦN III. Câu trắc nghiệm trả lời ngắn",
  "Câu 1: Tính 3 : 4.",
  "Đáp án: 0,75",
].join("\n");

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const path = `${SHOTS}/${name}-${width}.png`;
  if (width >= 960) {
    await page.screenshot({ path, fullPage: true });
    return;
  }
  await page.locator(".own-questions").evaluate((element) => {
    element.scrollIntoView();
    window.scrollBy(0, -80);
  });
  await page.screenshot({ path });
}

test("the preview shows each statement with Đúng or Sai and a short answer's accepted answer", async ({
  page,
}) => {
  await register(page, "Lê Đề Thi");
  await expect(page).toHaveURL("/");
  await page.goto("/my-practices/new");
  await waitForHydration(page);
  await expect(page.getByText("Đề theo cấu trúc 2025", { exact: false })).toBeVisible();
  await page.getByRole("textbox", { name: "Câu hỏi" }).fill(EXAM);
  await expect(page.getByText("Không có lỗi nào: đề đã sẵn sàng để lưu.")).toBeVisible();
  const statements = page.locator(".own-questions .statement");
  await expect(statements).toHaveCount(4);
  await expect(statements.locator(".truth")).toHaveText(["Đúng", "Sai", "Đúng", "Sai"]);
  await expect(page.locator(".own-questions .accepted-answers")).toContainText("0,75");
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoAxeViolations(page, "the preview of Đúng/Sai and short answers");
  await shoot(page, "preview");
});
