import { mkdirSync, readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { makeDocx, paragraphsOf } from "../support/make-docx.ts";
import {
  THREE_ERRORS,
  ownPracticeSample,
  withThreeErrors,
} from "../support/own-practice-sample.ts";
import { expectNoAxeViolations, register, waitForHydration } from "./helpers.ts";

/**
 * "Tạo đề của tôi" (ADR 0014): a student pastes 30 questions with three
 * mistakes, the preview lists the three lines, clicking one puts the caret there, fixing them
 * in place clears the list and enables "Lưu đề"; a Word file of the same text gives the same
 * preview. Saving, and the practice it makes, is tested end to end in own-practice-flow.spec.ts.
 */

const SHOTS = "/work/shots/create-flow";

const textArea = (page: Page) => page.getByRole("textbox", { name: "Câu hỏi" });
const problems = (page: Page) => page.locator(".own-preview .own-problem");
const saveButton = (page: Page) => page.getByRole("button", { name: "Lưu đề" });

/** The 1-based line the caret is on. */
async function caretLine(page: Page): Promise<number> {
  return textArea(page).evaluate(
    (area: HTMLTextAreaElement) => area.value.slice(0, area.selectionStart).split("\n").length,
  );
}

/**
 * The desktop page whole; on a phone the screen at `at` (a full-page shot would stretch the
 * viewport, and with it the questions' box, which is sized in vh).
 */
async function shoot(page: Page, name: string, at = ".own-editor") {
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const path = `${SHOTS}/${name}-${width}.png`;
  if (width >= 960) {
    await page.screenshot({ path, fullPage: true });
    return;
  }
  // Below the sticky header.
  await page
    .locator(at)
    .first()
    .evaluate((element) => {
      element.scrollIntoView();
      window.scrollBy(0, -80);
    });
  await page.screenshot({ path });
}

/** Nothing wider than the screen, at 320, 360 and 390 px on a phone and 1280 px on a desktop. */
async function expectNoWiderThanViewport(page: Page) {
  const original = page.viewportSize()!;
  const widths = original.width < 960 ? [320, 360, 390] : [original.width];
  for (const width of widths) {
    await page.setViewportSize({ width, height: original.height });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize(original);
}

test("a visitor is sent to sign in first", async ({ page }) => {
  await page.goto("/my-practices/new");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy-practices%2Fnew$/u);
});

test("pasted questions with three mistakes are fixed in place, then “Lưu đề” is enabled; a .docx gives the same preview", async ({
  page,
}) => {
  await register(page, "Lê Tự Soạn");
  await expect(page).toHaveURL("/");
  await page.goto("/my-practices/new");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Tạo đề của tôi" })).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
  await shoot(page, "new-empty");

  await page.getByLabel("Tên đề").fill("Tin học đại cương – ôn cuối kỳ");
  await textArea(page).fill(withThreeErrors(ownPracticeSample));
  await expect(problems(page)).toHaveCount(3);
  await expect(page.getByRole("heading", { name: "3 lỗi" })).toBeVisible();
  for (const [index, error] of THREE_ERRORS.entries()) {
    const problem = problems(page).nth(index);
    await expect(problem).toContainText(`Dòng ${error.line}`);
    await expect(problem.locator("mark")).toHaveText(error.wrong);
  }
  await expect(page.locator(".own-summary")).toHaveText("30 câu hỏi, 2 chương");
  await expect(saveButton(page)).toBeDisabled();
  await expectNoAxeViolations(page, "the editor with three problems");
  await shoot(page, "new-three-errors", ".own-preview");

  // Each problem puts the caret on its line, its text selected: typing replaces it.
  for (const error of THREE_ERRORS) {
    await problems(page)
      .filter({ hasText: `Dòng ${error.line}` })
      .getByRole("button")
      .click();
    await expect(textArea(page)).toBeFocused();
    expect(await caretLine(page)).toBe(error.line);
    await page.keyboard.type(error.right);
    await expect(problems(page).filter({ hasText: `Dòng ${error.line}` })).toHaveCount(0);
  }
  await expect(textArea(page)).toHaveValue(ownPracticeSample);
  await expect(problems(page)).toHaveCount(0);
  await expect(page.getByText("Không có lỗi nào: đề đã sẵn sàng để lưu.")).toBeVisible();
  await expect(page.locator(".own-questions .question-card")).toHaveCount(30);
  await expect(page.locator(".own-questions .answer-key")).toHaveCount(30);
  await expect(saveButton(page)).toBeEnabled();
  await expectNoAxeViolations(page, "the editor, clean");
  await shoot(page, "new-clean", ".own-problems");
  await expectNoWiderThanViewport(page);
  const pasted = await page.locator(".own-questions").innerText();

  // The same questions as a Word file: the text area gets its text, the preview is the same.
  await textArea(page).fill("");
  const docx = await makeDocx(paragraphsOf(ownPracticeSample));
  await page.locator("#own-file").setInputFiles({
    name: "tin-hoc.docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: docx,
  });
  await expect(textArea(page)).toHaveValue(ownPracticeSample.trimEnd());
  // A title the student typed is theirs: the file's name does not replace it.
  await expect(page.getByLabel("Tên đề")).toHaveValue("Tin học đại cương – ôn cuối kỳ");
  await expect(page.locator(".own-questions .question-card")).toHaveCount(30);
  await expect(problems(page)).toHaveCount(0);
  expect(await page.locator(".own-questions").innerText()).toBe(pasted);
  await expect(saveButton(page)).toBeEnabled();

  // Without a title there is nothing to save.
  await page.getByLabel("Tên đề").fill("");
  await expect(saveButton(page)).toBeDisabled();
});

test("a Word file dropped on the page: its picture comes along where it stood and shows in the preview, and a file that is not one is refused in Vietnamese", async ({
  page,
}) => {
  await register(page, "Trần Ảnh");
  await expect(page).toHaveURL("/");
  await page.goto("/my-practices/new");
  await waitForHydration(page);
  const docx = await makeDocx([
    [{ text: "Câu 1: Hình bên là con gì?", bold: true }, { image: true }],
    [{ text: "A. Con mèo" }],
    [{ text: "B. Con chó", italic: true }],
    [{ text: "Đáp án: A" }],
  ]);
  // Dropped on the drop zone, as from the file manager.
  const dataTransfer = await page.evaluateHandle(
    (bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], "anh.docx"));
      return transfer;
    },
    [...docx],
  );
  await page.dispatchEvent(".own-drop", "drop", { dataTransfer });
  await expect(textArea(page)).toHaveValue(
    /^Câu 1: Hình bên là con gì\?!\[Hình\]\(picture:[0-9a-f]{32}\)\nA\. Con mèo\nB\. Con chó\nĐáp án: A$/u,
  );
  await expect(page.locator(".own-questions .question-card img.q-picture")).toHaveCount(1);
  // With no title yet, the file's name becomes one, to be edited.
  await expect(page.getByLabel("Tên đề")).toHaveValue("Anh");
  await expect(page.getByRole("status").filter({ hasText: "Đã đọc tệp “anh.docx”" })).toBeVisible();
  await expect(page.locator(".own-questions .question-card")).toHaveCount(1);
  await expectNoAxeViolations(page, "the editor after a Word file");
  await shoot(page, "new-docx-notes", ".own-drop");

  await page.locator("#own-file").setInputFiles({
    name: "hong.docx",
    mimeType: "application/octet-stream",
    buffer: Buffer.from("không phải tệp Word"),
  });
  await expect(page.locator(".own-preview [role=alert]")).toContainText("Không đọc được tệp Word");
});

test("a teacher's Word files as they are: keys underlined, a key line that disagrees, equations — read with the right keys, the title from the file's name", async ({
  page,
}) => {
  await register(page, "Lê Gạch Chân");
  await expect(page).toHaveURL("/");
  await page.goto("/my-practices/new");
  await waitForHydration(page);
  const fixture = (name: string) =>
    readFileSync(new URL(`../fixtures/real-banks/${name}`, import.meta.url));
  const word = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

  // Keys underlined in Word, one question also with an "Đáp án" line naming another answer.
  await page.locator("#own-file").setInputFiles({
    name: "dau-va-dong-khac-nhau.docx",
    mimeType: word,
    buffer: fixture("dau-va-dong-khac-nhau.docx"),
  });
  await expect(page.getByLabel("Tên đề")).toHaveValue("Dau va dong khac nhau");
  await expect(page.locator(".own-questions .question-card")).toHaveCount(4);
  await expect(page.locator(".own-questions .answer-key")).toHaveCount(4);
  await expect(page.locator(".own-notes")).toContainText("gạch chân");
  // The keys read off the underlines are written into the text, as lines the student can edit.
  await expect(textArea(page)).toHaveValue(/Đáp án: [A-D]/u);
  await expect(problems(page)).toHaveCount(0);
  await expect(saveButton(page)).toBeEnabled();
  await expectNoAxeViolations(page, "the editor after a marked Word file");
  await expectNoWiderThanViewport(page);
  await shoot(page, "word-marked-keys", ".own-notes");

  // Equations come as formulas; the title follows the new file while the student kept it.
  await page.locator("#own-file").setInputFiles({
    name: "cong-thuc.docx",
    mimeType: word,
    buffer: fixture("cong-thuc.docx"),
  });
  await expect(page.getByLabel("Tên đề")).toHaveValue("Cong thuc");
  await expect(page.locator(".own-questions .question-card")).toHaveCount(4);
  await expect(
    page.locator(".own-questions .question-card").nth(2).locator(".katex").first(),
  ).toBeVisible();
  await expect(saveButton(page)).toBeEnabled();
  await expectNoWiderThanViewport(page);
  await shoot(page, "word-equations", ".own-questions");
});
