import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATABASE } from "../../playwright.config.ts";
import { expectNoAxeViolations, markStatements, register, waitForHydration } from "./helpers.ts";
import { SEED } from "../support/e2e-seed.ts";

/**
 * "Thi thử" as a student takes it (issue 27): started from the set-up page, answered, a question
 * flagged and found again through "Phiếu trả lời", the page reloaded mid-exam, the clock run out
 * by Playwright's clock (no test-only settings, never a sleep), the automatic submission's score
 * on 10 and its replay. The practice is the five-question room practice (keys A, AC, F, B, A).
 */

const EXAM_PATH = /\/practice\/ktpm-phong-thu\/thi-thu\/[0-9a-f-]{36}$/;

/** What the server holds of an exam: its sheet as last received, and whether it was submitted. */
function storedExam(
  id: string,
): { sheet: { selectedAnswerIndexes: number[] }[]; submitted: boolean } | null {
  const database = new Database(E2E_DATABASE, { readonly: true });
  database.pragma("busy_timeout = 5000");
  try {
    const row = database
      .prepare("select sheet, submitted_at from mock_exam where id = ?")
      .get(id) as { sheet: string; submitted_at: string | null } | undefined;
    return row ? { sheet: JSON.parse(row.sheet), submitted: row.submitted_at !== null } : null;
  } finally {
    database.close();
  }
}

function attemptsOf(id: string): number {
  const database = new Database(E2E_DATABASE, { readonly: true });
  try {
    return (
      database.prepare("select count(*) as n from attempt where id = ?").get(id) as { n: number }
    ).n;
  } finally {
    database.close();
  }
}

const option = (page: Page, position: number, letter: string) =>
  page.locator(`#cau-${position}`).getByRole("button", { name: new RegExp(`^${letter}\\.`) });

/** Nothing on the page is wider than the screen (a phone of 320 px). */
async function expectNoOverflow(page: Page) {
  const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wider).toBeLessThanOrEqual(0);
}

async function startExam(page: Page) {
  await page.goto(`/practice-review/${SEED.roomPractice.code}`);
  await waitForHydration(page);
  await page.getByRole("radio", { name: /^Tất cả 5 câu hỏi$/ }).check();
  await page.getByRole("radio", { name: "Thi thử" }).check();
  // Not mathematics: 50 minutes is chosen first.
  await expect(page.getByRole("radio", { name: "50 phút" })).toBeChecked();
  await page.getByRole("radio", { name: "15 phút" }).check();
  await expectNoAxeViolations(page, "set-up with Thi thử");
  await page.getByRole("button", { name: "Bắt đầu thi thử" }).click();
  await expect(page).toHaveURL(EXAM_PATH);
  await waitForHydration(page);
  return page.url().split("/").at(-1)!;
}

test.describe("mock exam", () => {
  test.beforeEach(async ({ page }) => {
    await register(page, "Trần Thị Thi");
    await expect(page).toHaveURL("/");
  });

  test("answered, flagged, found through the answer sheet, reloaded, run out by the clock: the score on 10, then its replay", async ({
    page,
  }) => {
    await page.clock.install();
    const id = await startExam(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SEED.roomPractice.title);
    await expect(page.locator(".exam-clock")).toContainText(/1[45]:\d\d/);
    await expect(page.getByText("Đã làm 0/5")).toBeVisible();
    // Nothing gives an answer away before submission.
    await expect(page.locator('[data-state="key"], .explanation')).toHaveCount(0);

    await option(page, 1, "A").click();
    await option(page, 2, "A").click();
    await option(page, 2, "C").click();
    await option(page, 3, "B").click();
    await expect(page.getByText("Đã làm 3/5")).toBeVisible();
    await page.locator("#cau-4").getByRole("button", { name: "Đánh dấu câu 4 để xem lại" }).click();

    // "Phiếu trả lời": states in words, not colour alone; a link lands on the question.
    const panelToggle = page.getByRole("button", { name: "Phiếu trả lời" });
    if (await panelToggle.isVisible()) await panelToggle.click();
    const panel = page.getByRole("navigation", { name: "Phiếu trả lời" });
    await expect(panel.getByRole("link", { name: "Câu 1, đã làm" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Câu 5, chưa làm" })).toBeVisible();
    await expectNoAxeViolations(page, "exam with the answer sheet");
    await expectNoOverflow(page);
    await panel.getByRole("link", { name: "Câu 4, chưa làm, đánh dấu" }).click();
    await expect(page.locator("#cau-4-de")).toBeFocused();
    const barBottom = (await page.locator(".exam-bar").boundingBox())!;
    const number = (await page.locator("#cau-4 .question-number").boundingBox())!;
    expect(number.y).toBeGreaterThanOrEqual(barBottom.y + barBottom.height - 1);
    expect(number.y + number.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await option(page, 4, "B").click();

    // Sent to the server a moment after the change.
    await page.clock.runFor(3_000);
    await expect.poll(() => storedExam(id)?.sheet[3]?.selectedAnswerIndexes).toEqual([1]);

    // Leave and come back: the same exam, the same answers and flag, the time that really passed.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByText("Đã làm 4/5")).toBeVisible();
    await expect(option(page, 2, "C")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Đánh dấu câu 4 để xem lại" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // 5 minutes left: said; at zero the exam is submitted by itself.
    await page.clock.runFor(10 * 60_000 + 5_000);
    await expect(page.getByRole("status").filter({ hasText: "Còn 5 phút" })).toHaveCount(1);
    await page.clock.runFor(5 * 60_000);
    await expect(page).toHaveURL(/\/practice-history\?id=/);
    // Right: 1 (A), 2 (AC), 4 (B); wrong: 3, 5 unanswered → 3/5 → 6/10.
    await expect(page.getByText("Điểm: 6/10")).toBeVisible();
    await expect(page.getByText("Số câu đúng: 3/5")).toBeVisible();
    await expectNoAxeViolations(page, "replay of the exam");
    expect(storedExam(id)?.submitted).toBe(true);
    expect(attemptsOf(id)).toBe(1);

    // The exam's address now opens its replay; submitting again stores nothing more.
    await page.goto(`/practice/${SEED.roomPractice.code}/thi-thu/${id}`);
    await expect(page).toHaveURL(/\/practice-history\?id=/);
    expect(attemptsOf(id)).toBe(1);
  });

  test("Nộp bài asks first, says what is left, and a double click stores one attempt; 320 px wide", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const id = await startExam(page);
    await expectNoOverflow(page);
    await option(page, 1, "A").click();
    const submit = page.getByRole("button", { name: "Nộp bài" });
    await submit.click();
    const dialog = page.getByRole("dialog", { name: "Nộp bài?" });
    await expect(dialog).toContainText("Bạn còn 4 câu chưa làm.");
    await dialog.getByRole("button", { name: "Nộp bài" }).dblclick();
    await expect(page).toHaveURL(/\/practice-history\?id=/);
    await expect(page.getByText("Điểm: 2/10")).toBeVisible();
    expect(attemptsOf(id)).toBe(1);
  });

  test("a tab reopened after the deadline submits at once, with the sheet the server held", async ({
    page,
  }) => {
    const id = await startExam(page);
    await option(page, 1, "A").click();
    await option(page, 4, "B").click();
    await expect.poll(() => storedExam(id)?.sheet[3]?.selectedAnswerIndexes).toEqual([1]);
    await page.goto("/");
    // The exam began 20 minutes ago (a 15-minute exam): moved back in the database, as a
    // student who closed the tab and came back too late would find it.
    const database = new Database(E2E_DATABASE);
    try {
      database.pragma("busy_timeout = 5000");
      database
        .prepare("update mock_exam set started_at = ? where id = ?")
        .run(new Date(Date.now() - 20 * 60_000).toISOString(), id);
    } finally {
      database.close();
    }
    await page.goto(`/practice/${SEED.roomPractice.code}/thi-thu/${id}`);
    await expect(page).toHaveURL(/\/practice-history\?id=/);
    await expect(page.getByText("Điểm: 4/10")).toBeVisible();
    expect(attemptsOf(id)).toBe(1);
  });

  test("keyboard only: started, answered and submitted without a pointer @desktop", async ({
    page,
  }) => {
    await page.goto(`/practice-review/${SEED.roomPractice.code}`);
    await waitForHydration(page);
    await page.getByRole("radio", { name: /^Tất cả 5 câu hỏi$/ }).focus();
    await page.keyboard.press("Space");
    await page.getByRole("radio", { name: "Hiển thị toàn bộ câu hỏi" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name: "Thi thử" })).toBeChecked();
    await page.getByRole("button", { name: "Bắt đầu thi thử" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(EXAM_PATH);
    await waitForHydration(page);
    await option(page, 1, "A").focus();
    await page.keyboard.press("Enter");
    await expect(option(page, 1, "A")).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("link", { name: "Câu 5, chưa làm" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#cau-5-de")).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(option(page, 5, "A")).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Nộp bài" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Nộp bài?" });
    await expect(dialog).toContainText("Bạn còn 3 câu chưa làm.");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/practice-history\?id=/);
    await expect(page.getByText("Điểm: 4/10")).toBeVisible();
  });

  test("a mock exam of the three kinds: statements and answer boxes as in the rooms, scored by the Ministry's parts", async ({
    page,
  }) => {
    await page.goto(`/practice-review/${SEED.kindsPractice.code}`);
    await waitForHydration(page);
    await page.getByRole("radio", { name: /^Tất cả 3 câu hỏi$/ }).check();
    await page.getByRole("radio", { name: "Thi thử" }).check();
    await page.getByRole("button", { name: "Bắt đầu thi thử" }).click();
    await expect(page).toHaveURL(/\/thi-thu\/[0-9a-f-]{36}$/);
    await waitForHydration(page);
    await option(page, 1, "A").click();
    // Đúng/Sai: a), c) and d) marked Đúng, b) Sai — three of four right.
    await markStatements(page.locator("#cau-2"), ["Đúng", "Sai", "Đúng", "Đúng"]);
    await page.locator("#cau-3").getByRole("textbox", { name: "Ô 1 trên 4" }).click();
    await page.keyboard.type("0.75");
    await expect(page.getByText("Đã làm 3/3")).toBeVisible();
    // Nothing gives the truth of a statement or the accepted answer away before submission.
    await expect(page.locator(".explanation")).toHaveCount(0);
    await expect(page.getByText("Đáp án đúng")).toHaveCount(0);
    await expectNoAxeViolations(page, "exam of the three kinds");
    await expectNoOverflow(page);
    await page.getByRole("button", { name: "Nộp bài" }).click();
    await page
      .getByRole("dialog", { name: "Nộp bài?" })
      .getByRole("button", { name: "Nộp bài" })
      .click();
    await expect(page).toHaveURL(/\/practice-history\?id=/);
    // 0.25 + 0.5 + 0.25 of 1.5 points → 6.67 on 10.
    await expect(page.getByText("Điểm: 6,67/10")).toBeVisible();
    await expect(page.getByText("Phần II: 0,5/1 điểm")).toBeVisible();
    await expect(page.getByText("Phần III: 0,25/0,25 điểm")).toBeVisible();
    // Each statement's result stands under its text, never over it (a preview style of the
    // editor once laid them side by side on top of each other).
    const statement = page.locator("li.statement[data-state]").first();
    const text = (await statement.locator(".statement-text").boundingBox())!;
    const result = (await statement.locator(".statement-result").boundingBox())!;
    expect(result.y).toBeGreaterThanOrEqual(text.y + text.height - 1);
    await expectNoOverflow(page);
  });

  // The two sample exams of content/banks, in the exact 2025 layout: a right answer in each
  // part, the page left and reopened, the clock run out, the score by the Ministry's parts.
  for (const sample of [
    {
      code: "toan-12-de-thi-thu-so-1",
      count: 22,
      minutes: 90,
      // Câu 1: C; Câu 13: Đ S Đ S, all right (1 point); Câu 17: 8 (0.5 in mathematics).
      choice: { position: 1, letter: "C" },
      statements: { position: 13, marks: ["Đúng", "Sai", "Đúng", "Sai"] as const },
      short: { position: 17, typed: "8" },
      score: "Điểm: 1,75/10",
      parts: ["Phần I: 0,25/3 điểm", "Phần II: 1/4 điểm", "Phần III: 0,5/3 điểm"],
      right: "Số câu đúng: 3/22",
    },
    {
      code: "vat-li-12-de-thi-thu-so-1",
      count: 28,
      minutes: 50,
      // Câu 1: A; Câu 19: three of four right (Đ S Đ Đ: 0.5); Câu 23: 22,8.
      choice: { position: 1, letter: "A" },
      statements: { position: 19, marks: ["Đúng", "Sai", "Đúng", "Đúng"] as const },
      short: { position: 23, typed: "22,8" },
      score: "Điểm: 1/10",
      parts: ["Phần I: 0,25/4,5 điểm", "Phần II: 0,5/4 điểm", "Phần III: 0,25/1,5 điểm"],
      right: "Số câu đúng: 2/28",
    },
  ]) {
    test(`the sample exam ${sample.code}: sat in its ${sample.minutes} minutes, left and reopened, run out by the clock, scored by its parts, replayed`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.clock.install();
      await page.goto(`/practice-review/${sample.code}`);
      await waitForHydration(page);
      await page.getByRole("radio", { name: `Tất cả ${sample.count} câu hỏi` }).check();
      await page.getByRole("radio", { name: "Thi thử" }).check();
      await expect(page.getByRole("radio", { name: `${sample.minutes} phút` })).toBeChecked();
      await page.getByRole("button", { name: "Bắt đầu thi thử" }).click();
      await expect(page).toHaveURL(/\/thi-thu\/[0-9a-f-]{36}$/);
      await waitForHydration(page);
      const id = page.url().split("/").at(-1)!;
      await expect(page.getByText(`Đã làm 0/${sample.count}`)).toBeVisible();

      await option(page, sample.choice.position, sample.choice.letter).click();
      await markStatements(
        page.locator(`#cau-${sample.statements.position}`),
        sample.statements.marks,
      );
      await page
        .locator(`#cau-${sample.short.position}`)
        .getByRole("textbox", { name: "Ô 1 trên 4" })
        .click();
      await page.keyboard.type(sample.short.typed);
      await expect(page.getByText(`Đã làm 3/${sample.count}`)).toBeVisible();
      await expect(page.locator(".explanation")).toHaveCount(0);
      await expectNoAxeViolations(page, `exam ${sample.code}`);
      await expectNoOverflow(page);

      // Sent to the server a moment after the change; the page left and opened again.
      await page.clock.runFor(3_000);
      await expect.poll(() => storedExam(id)?.sheet[0]?.selectedAnswerIndexes.length).toBe(1);
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByText(`Đã làm 3/${sample.count}`)).toBeVisible();

      await page.clock.runFor(sample.minutes * 60_000);
      await expect(page).toHaveURL(/\/practice-history\?id=/);
      // The replay draws every question with its maths: on a loaded machine that took longer
      // than the usual 7 s after the address changed.
      await expect(page.getByText(sample.score)).toBeVisible({ timeout: 30_000 });
      for (const part of sample.parts) await expect(page.getByText(part)).toBeVisible();
      await expect(page.getByText(sample.right)).toBeVisible();
      expect(storedExam(id)?.submitted).toBe(true);
      expect(attemptsOf(id)).toBe(1);
      await expectNoAxeViolations(page, `replay of ${sample.code}`);
      await expectNoOverflow(page);
    });
  }
});
