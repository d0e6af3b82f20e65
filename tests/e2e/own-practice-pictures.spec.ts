import { mkdirSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { drawnPng } from "../support/test-pictures.ts";
import { expectNoAxeViolations, register, waitForHydration } from "./helpers.ts";

/**
 * Pictures in "Tạo đề của tôi" (issue 26), on a phone and a desktop: questions pasted, a
 * picture put after the first one's line with "Chèn ảnh" (the only way on a phone, where nothing
 * is pasted or dropped), seen in the preview at once; saved, the room shows it; "Sửa đề" brings
 * the text back with it, and the preview shows it again.
 */

const SHOTS = "/work/shots/own-pictures";

const QUESTION = "Câu 1: Đồ thị trong hình có bao nhiêu đỉnh?";
const TEXT = [
  QUESTION,
  "A. 3 đỉnh",
  "B. 4 đỉnh",
  "C. 5 đỉnh",
  "Đáp án: B",
  "",
  "Câu 2: Đồ thị đầy đủ K4 có bao nhiêu cạnh?",
  "A. 4",
  "B. 6",
  "Đáp án: B",
].join("\n");
const TOKEN = /!\[Hình\]\(picture:([0-9a-f]{32})\)/u;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");

const textArea = (page: Page) => page.getByRole("textbox", { name: "Câu hỏi" });
const saveButton = (page: Page) => page.getByRole("button", { name: "Lưu đề" });

/** The picture, scrolled to (it loads lazily), has loaded from the server. */
async function expectLoaded(picture: Locator) {
  await picture.scrollIntoViewIfNeeded();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

async function shoot(page: Page, name: string, at: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  await at.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png` });
}

test("a picture put in with “Chèn ảnh” shows in the preview at once, is saved, shown in the room and brought back by “Sửa đề”", async ({
  page,
}, info) => {
  test.setTimeout(150_000);
  const title = `Đồ thị có hình ${info.project.name} ${Date.now()}`;
  await register(page, "Trần Vẽ Hình");
  await expect(page).toHaveURL("/");
  await page.goto("/my-practices/new");
  await waitForHydration(page);
  await page.getByLabel("Tên đề").fill(title);
  await textArea(page).fill(TEXT);
  await expect(page.locator(".own-questions .question-card")).toHaveCount(2);

  // The caret after the first question's text, as a tap there leaves it; then "Chèn ảnh".
  await textArea(page).evaluate((area: HTMLTextAreaElement, at) => {
    area.focus();
    area.setSelectionRange(at, at);
  }, QUESTION.length);
  const picker = page.getByLabel("Chèn ảnh");
  await expect(picker).toHaveAttribute("accept", "image/*");
  await picker.setInputFiles({
    name: "do-thi.png",
    mimeType: "image/png",
    buffer: await drawnPng(480, 320),
  });
  await expect(
    page.getByRole("status").filter({ hasText: "Đã chèn ảnh vào ô câu hỏi." }),
  ).toBeVisible();
  await expect(textArea(page)).toHaveValue(
    new RegExp(`^${escaped(QUESTION)}\\n${TOKEN.source}\\nA\\. 3 đỉnh`, "u"),
  );
  const hash = TOKEN.exec(await textArea(page).inputValue())![1]!;
  await shoot(page, "editor-tools", page.locator(".own-drop"));

  // The preview shows it in question 1, from the server, before any more typing.
  const inPreview = page.locator(".own-questions .question-card").first().locator("img.q-picture");
  await expect(inPreview).toHaveAttribute(
    "src",
    new RegExp(`^/pictures/${hash}\\.(?:webp|png)$`, "u"),
  );
  await expect(inPreview).toHaveAttribute("alt", "Hình");
  await expectLoaded(inPreview);
  await expect(page.getByText("Không có lỗi nào: đề đã sẵn sàng để lưu.")).toBeVisible();
  await expectNoAxeViolations(page, "the editor with a picture");
  await shoot(page, "editor-picture", inPreview);

  await expect(saveButton(page)).toBeEnabled();
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/practice-review\/u_[\w-]+$/u);
  const code = new URL(page.url()).pathname.split("/").at(-1)!;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await waitForHydration(page);
  await expectNoAxeViolations(page, "the set-up page of a practice with a picture");

  // Its room: the first question shows the picture.
  await page.getByRole("radio", { name: /^Tất cả .* câu hỏi$/u }).check();
  await page.getByRole("button", { name: "Bắt đầu" }).click();
  await expect(page).toHaveURL(/\/practice-control\?/u);
  await expect(page.locator(".question-text")).toContainText(
    "Đồ thị trong hình có bao nhiêu đỉnh?",
  );
  const inRoom = page.locator("img.q-picture");
  await expect(inRoom).toHaveCount(1);
  await expect(inRoom).toHaveAttribute("src", new RegExp(`^/pictures/${hash}\\.`, "u"));
  await expectLoaded(inRoom);
  await waitForHydration(page);
  await expectNoAxeViolations(page, "the room showing the picture");
  await shoot(page, "room-picture", inRoom);

  // "Sửa đề": the text comes back with the picture where it was, and the preview shows it.
  await page.goto(`/my-practices/${code}/edit`);
  await waitForHydration(page);
  await expect(textArea(page)).toHaveValue(new RegExp(`${TOKEN.source}`, "u"));
  expect(TOKEN.exec(await textArea(page).inputValue())![1]).toBe(hash);
  const again = page.locator(".own-questions .question-card").first().locator("img.q-picture");
  await expectLoaded(again);
  await expect(saveButton(page)).toBeEnabled();
});

test("@desktop a screenshot pasted and a picture dropped on the text go in at the caret; text copied with a picture of it pastes as text", async ({
  page,
}) => {
  await register(page, "Lê Dán Ảnh");
  await expect(page).toHaveURL("/");
  await page.goto("/my-practices/new");
  await waitForHydration(page);
  await textArea(page).fill(TEXT);
  const png = [...(await drawnPng(200, 120, "#cf222e"))];

  /** A paste or a drop of `png` (and of `text` beside it) at `at`, as Chrome dispatches them. */
  const send = (kind: "paste" | "drop", at: number, text = "") =>
    textArea(page).evaluate(
      (area: HTMLTextAreaElement, { kind, at, text, png }) => {
        area.focus();
        area.setSelectionRange(at, at);
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(png)], "chup-man-hinh.png", { type: "image/png" }));
        if (text) data.setData("text/plain", text);
        const event =
          kind === "paste"
            ? new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true })
            : new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true });
        area.dispatchEvent(event);
        return event.defaultPrevented;
      },
      { kind, at, text, png },
    );

  // After answer B's line of question 2: it goes into that answer.
  const afterB = TEXT.indexOf("B. 6") + "B. 6".length;
  expect(await send("paste", afterB)).toBe(true);
  await expect(
    page.getByRole("status").filter({ hasText: "Đã chèn ảnh vào ô câu hỏi." }),
  ).toBeVisible();
  await expect(textArea(page)).toHaveValue(
    new RegExp(`B\\. 6\\n${TOKEN.source}\\nĐáp án: B$`, "u"),
  );
  const answer = page.locator(".own-questions .question-card").nth(1).locator(".answer").nth(1);
  await expectLoaded(answer.locator("img.q-picture"));

  // Dropped at the start of answer A's line of question 1: on its own line above it, in the question.
  expect(await send("drop", QUESTION.length + 1)).toBe(true);
  await expect(textArea(page)).toHaveValue(
    new RegExp(`^${escaped(QUESTION)}\\n${TOKEN.source}\\nA\\. 3 đỉnh`, "u"),
  );
  await expectLoaded(
    page.locator(".own-questions .question-card").first().locator(".question-text img.q-picture"),
  );

  // Text copied from Word comes with a picture of itself: the text is what is pasted.
  expect(await send("paste", 0, "Chương 1: Đồ thị\n")).toBe(false);
  await expectNoAxeViolations(page, "the editor after pasting and dropping pictures");
});
