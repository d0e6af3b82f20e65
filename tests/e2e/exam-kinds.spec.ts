import Database from "better-sqlite3";
import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  DEFAULT_SETUP,
  newRoomIdentity,
  roomUrl,
  type RoomSetup,
} from "../../app/lib/room-setup.ts";
import { E2E_DATABASE } from "../../playwright.config.ts";
import { expectNoAxeViolations, register, waitForHydration } from "./helpers.ts";
import { SEED } from "../support/e2e-seed.ts";
import { paths } from "../../base/paths.ts";

/**
 * The 2025 exam's kinds in the rooms (issue 27): a multiple-choice, a Đúng/Sai and a
 * short-answer question answered in the sequence room and on the FLAT sheet (by keyboard only),
 * a refresh mid-way that keeps the answers, the summary, the replay, and what the server stored.
 */

function roomPath(practiceType: "SEQUENCE" | "FLAT") {
  const identity = newRoomIdentity();
  const path = roomUrl(
    SEED.kindsPractice.code,
    {
      ...DEFAULT_SETUP,
      selection: { type: "PRACTICE_TIME_ALL" },
      practiceType,
      maxQuestionTime: "OFF",
      maxResultTime: "OFF",
    } as RoomSetup & { selection: { type: "PRACTICE_TIME_ALL" } },
    identity,
  );
  return { path, attemptId: identity.attemptId };
}

/** The responses the server stored for an attempt, in the order shown. */
function savedResponses(attemptId: string): { response: string | null; right: boolean }[] {
  const database = new Database(E2E_DATABASE, { readonly: true });
  database.pragma("busy_timeout = 5000");
  try {
    return (
      database
        .prepare(
          "select response, right_answer from attempt_answer where attempt_id = ? order by position",
        )
        .all(attemptId) as { response: string | null; right_answer: number }[]
    ).map((row) => ({ response: row.response, right: row.right_answer === 1 }));
  } finally {
    database.close();
  }
}

const statement = (page: Page, letter: string) =>
  page.getByRole("group", { name: new RegExp(`^${letter}\\)`) });
const mark = (page: Page, letter: string, value: "Đúng" | "Sai") =>
  statement(page, letter).getByRole("radio", { name: value, exact: true });

/** Nothing on the page is wider than the viewport (at 320 px a phone scrolls sideways otherwise). */
async function expectNoSidewaysScroll(page: Page, context: string) {
  const width = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(width, context).toBeLessThanOrEqual(0);
}

async function at320(page: Page, context: string) {
  const before = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 700 });
  await expectNoSidewaysScroll(page, context);
  await page.setViewportSize(before);
}

/** Presses Tab until `target` has the focus: the keyboard-only run reaches everything this way. */
async function tabTo(page: Page, target: Locator) {
  for (let step = 0; step < 40; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the element");
}

async function expectSaved(page: Page) {
  await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await register(page, "Phạm Thu Kỳ");
  await expect(page).toHaveURL("/");
});

test("sequence room: each kind answered, a refresh keeps the half-marked statements, the summary and the replay show each statement's result", async ({
  page,
}, testInfo) => {
  // Six full-page screenshots, five axe scans and four resizes to 320 px: beside a second
  // `npm test` (load 17 on two cores) this walk took 91 s, its time spread over those steps,
  // nothing waited on (issue 31); 90 s was too small a budget for it.
  test.setTimeout(180_000);
  const shot = (name: string) =>
    page.screenshot({
      path: `test-results/kinds-${name}-${testInfo.project.name}.png`,
      fullPage: true,
    });
  const { path, attemptId } = roomPath("SEQUENCE");
  await page.goto(path);
  await waitForHydration(page);

  // 1: multiple choice as before.
  await page.getByRole("button", { name: /^A\./ }).click();
  await expect(page.locator(".room-verdict")).toHaveText("Câu trả lời chính xác");
  await page.getByRole("button", { name: "Câu tiếp theo" }).click();

  // 2: Đúng/Sai; two statements marked, then a refresh.
  await expect(page.getByText("2/3")).toBeVisible();
  await expect(page.getByText("Chọn Đúng hoặc Sai cho từng ý.")).toBeVisible();
  await shot("true-false");
  await at320(page, "Đúng/Sai at 320 px");
  await expectNoAxeViolations(page, "Đúng/Sai question");
  await mark(page, "a", "Đúng").check();
  await mark(page, "b", "Đúng").check();
  await page.reload();
  await waitForHydration(page);
  await expect(mark(page, "a", "Đúng")).toBeChecked();
  await expect(mark(page, "b", "Đúng")).toBeChecked();
  await expect(mark(page, "c", "Đúng")).not.toBeChecked();
  await mark(page, "c", "Đúng").check();
  // The last mark shows the result, which replaces the radios: a click, not a check.
  await mark(page, "d", "Sai").click();
  // Every statement marked: the result shows, b) wrong, three of four right.
  await expect(page.locator(".room-verdict")).toHaveText("Câu trả lời chưa chính xác");
  await expect(page.getByText("Đúng 3/4 ý · 0,5 điểm")).toBeVisible();
  const b = page.locator(".statement").nth(1);
  await expect(b).toHaveAttribute("data-state", "wrong");
  await expect(b).toContainText("Bạn trả lời: Đúng (trả lời sai)");
  await expect(b).toContainText("Đáp án đúng: Sai");
  await expect(b).toContainText("Hộp đen chỉ dựa vào đặc tả, không cần mã nguồn.");
  await shot("true-false-result");
  await at320(page, "Đúng/Sai result at 320 px");
  await expectNoAxeViolations(page, "Đúng/Sai result");
  await page.getByRole("button", { name: "Câu tiếp theo" }).click();

  // 3: the short answer in four boxes; "." is written ",", Enter answers.
  await expect(page.getByRole("button", { name: "Trả lời", exact: true })).toBeVisible();
  await shot("short-answer");
  await at320(page, "short answer at 320 px");
  await expectNoAxeViolations(page, "short answer");
  await page.getByRole("textbox", { name: "Ô 1 trên 4" }).click();
  await page.keyboard.type("0.75");
  await expect(page.getByRole("textbox", { name: "Ô 2 trên 4" })).toHaveValue(",");
  await expect(page.getByRole("textbox", { name: "Ô 4 trên 4" })).toHaveValue("5");
  await page.keyboard.press("Enter");
  await expect(page.locator(".room-verdict")).toHaveText("Câu trả lời chính xác");
  await expect(page.getByText("Bạn trả lời: 0,75 (trả lời đúng)")).toBeVisible();
  await expect(page.getByText("Đáp án đúng: 0,75")).toBeVisible();
  await shot("short-answer-result");
  await page.getByRole("button", { name: "Kết thúc" }).click();

  await expect(page.getByText("Số câu đúng: 2/3")).toBeVisible();
  await expectSaved(page);
  await expect(page.getByText("Đúng 3/4 ý · 0,5 điểm")).toBeVisible();
  await expect(page.getByText("Bạn trả lời: 0,75 (trả lời đúng)")).toBeVisible();
  await shot("summary");
  await at320(page, "summary at 320 px");
  await expectNoAxeViolations(page, "summary");
  expect(savedResponses(attemptId)).toEqual([
    { response: null, right: true },
    { response: "TTTF", right: false },
    { response: "0,75", right: true },
  ]);

  // The replay of the saved attempt shows the same per-statement results.
  await page.goto(paths.history({ id: attemptId }));
  await expect(page.getByText("Đúng 3/4 ý · 0,5 điểm")).toBeVisible();
  await expect(page.locator(".statement").nth(1)).toContainText("Bạn trả lời: Đúng (trả lời sai)");
  await expect(page.getByText("Đáp án đúng: 0,75")).toBeVisible();
  await shot("replay");
  await expectNoAxeViolations(page, "replay");
});

test("FLAT sheet by keyboard only: every kind answered, the plain field chosen and remembered over a refresh @desktop", async ({
  page,
}, testInfo) => {
  const { path, attemptId } = roomPath("FLAT");
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByText("Đã trả lời 0/3")).toBeVisible();

  await tabTo(page, page.getByRole("button", { name: /^A\./ }));
  await page.keyboard.press("Enter");
  // Tab enters a statement's group on "Đúng"; Space marks it, → moves to "Sai" and marks it.
  await tabTo(page, mark(page, "a", "Đúng"));
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowRight");
  await expect(mark(page, "b", "Sai")).toBeChecked();
  await expect(mark(page, "d", "Sai")).toBeChecked();
  await expect(page.getByText("Đã trả lời 2/3")).toBeVisible();

  await tabTo(page, page.getByRole("textbox", { name: "Ô 1 trên 4" }));
  await page.keyboard.type("3,7");
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Backspace");
  await expect(page.getByRole("textbox", { name: "Ô 3 trên 4" })).toHaveValue("");
  await page.keyboard.type(",75");
  await tabTo(page, page.getByRole("button", { name: "Nhập bằng ô thường" }));
  await page.keyboard.press("Enter");
  const plain = page.getByRole("textbox", { name: "Điền đáp án" });
  await expect(plain).toHaveValue("3,75");
  await page.screenshot({
    path: `test-results/kinds-flat-${testInfo.project.name}.png`,
    fullPage: true,
  });
  await expectNoAxeViolations(page, "FLAT sheet");
  await at320(page, "FLAT sheet at 320 px");

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("textbox", { name: "Điền đáp án" })).toHaveValue("3,75");
  await expect(mark(page, "d", "Sai")).toBeChecked();
  await tabTo(page, page.getByRole("textbox", { name: "Điền đáp án" }));
  await page.keyboard.press("Control+A");
  await page.keyboard.type("0.75");
  await expect(page.getByText("Đã trả lời 3/3")).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Kết thúc" }));
  await page.keyboard.press("Enter");

  await expect(page.getByText("Số câu đúng: 3/3")).toBeVisible();
  await expect(page.getByText("Đúng 4/4 ý · 1 điểm")).toBeVisible();
  await expectSaved(page);
  expect(savedResponses(attemptId)).toEqual([
    { response: null, right: true },
    { response: "TFTF", right: true },
    { response: "0.75", right: true },
  ]);
});

test("FLAT sheet by touch: a half-marked Đúng/Sai is not answered yet, and “Kết thúc” asks first @phone", async ({
  page,
}, testInfo) => {
  const { path, attemptId } = roomPath("FLAT");
  await page.goto(path);
  await waitForHydration(page);
  await page.getByRole("button", { name: /^B\./ }).click();
  await mark(page, "a", "Sai").click();
  await expect(page.getByText("Đã trả lời 1/3")).toBeVisible();
  await expect(page.getByRole("link", { name: "Câu 2, chưa trả lời" })).toBeVisible();
  await page.getByRole("textbox", { name: "Ô 1 trên 4" }).fill("1");
  await expect(page.getByText("Đã trả lời 2/3")).toBeVisible();
  await page.screenshot({
    path: `test-results/kinds-flat-${testInfo.project.name}.png`,
    fullPage: true,
  });
  await at320(page, "FLAT sheet at 320 px");
  await expectNoAxeViolations(page, "FLAT sheet");

  await page.getByRole("button", { name: "Kết thúc" }).click();
  const dialog = page.getByRole("dialog", { name: "Kết thúc bài làm?" });
  await expect(dialog).toContainText("Bạn còn 1 câu chưa trả lời.");
  await dialog.getByRole("button", { name: "Kết thúc" }).click();
  await expect(page.getByText("Số câu đúng: 0/3")).toBeVisible();
  await expect(page.getByText("Đúng 0/4 ý · 0 điểm")).toBeVisible();
  await expect(page.getByText("Bạn trả lời: 1 (trả lời sai)")).toBeVisible();
  await expectSaved(page);
  expect(savedResponses(attemptId)).toEqual([
    { response: null, right: false },
    { response: "F---", right: false },
    { response: "1", right: false },
  ]);
});

test("“Ôn lỗi sai” takes each kind again: the review room shows the statements and the boxes, and saves their responses @desktop", async ({
  page,
}, testInfo) => {
  const { path } = roomPath("FLAT");
  await page.goto(path);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Kết thúc" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Kết thúc" }).click();
  await expectSaved(page);

  // The review's set-up first, its time per question as it is.
  await page.goto("/mistakes");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Bắt đầu ôn" }).click();
  await expect(page).toHaveURL(/\/mistakes\?id=/);
  await waitForHydration(page);
  const reviewId = new URL(page.url()).searchParams.get("id")!;
  for (let question = 1; question <= 3; question += 1) {
    await expect(page.getByLabel(`Câu ${question} trên 3`)).toBeVisible();
    if (await statement(page, "a").isVisible()) {
      await page.screenshot({ path: `test-results/kinds-review-${testInfo.project.name}.png` });
      await expectNoAxeViolations(page, "review room, Đúng/Sai");
      // The review may show the statements in another order: each is found by its text.
      for (const [text, value] of [
        ["Kiểm thử đơn vị", "Đúng"],
        ["Kiểm thử hộp đen", "Sai"],
        ["Kiểm thử hồi quy", "Đúng"],
        ["Độ phủ câu lệnh", "Sai"],
      ] as const) {
        await page
          .getByRole("group", { name: new RegExp(`^[a-d]\\) ${text}`) })
          .getByRole("radio", { name: value, exact: true })
          .click();
      }
    } else if (await page.getByRole("textbox", { name: "Ô 1 trên 4" }).isVisible()) {
      await page.getByRole("textbox", { name: "Ô 1 trên 4" }).click();
      await page.keyboard.type("0,75");
      await page.getByRole("button", { name: "Trả lời", exact: true }).click();
    } else {
      await page.getByRole("button", { name: /Mã nguồn/ }).click();
    }
    await expect(page.locator(".room-verdict")).toHaveText("Câu trả lời chính xác");
    await page.getByRole("button", { name: question === 3 ? "Kết thúc" : "Câu tiếp theo" }).click();
  }
  await expect(page.getByText("Số câu đúng: 3/3")).toBeVisible();
  await expect(page.getByText("Đúng 4/4 ý · 1 điểm")).toBeVisible();
  await expectSaved(page);
  expect(
    savedResponses(reviewId)
      .map((row) => row.response)
      .sort(),
  ).toEqual(["0,75", "TFTF", null].sort());
});

test("“Xem trước câu hỏi” keeps a short answer's accepted answer hidden until the keys show, and labels the statements a)–d)", async ({
  page,
}, testInfo) => {
  await page.goto(paths.practiceSetup(SEED.kindsPractice.code));
  await waitForHydration(page);
  await page.getByRole("radio", { name: /Tất cả 3 câu hỏi/ }).check();
  await page.getByRole("button", { name: "Xem trước câu hỏi" }).click();
  const dialog = page.getByRole("dialog", { name: /Xem trước câu hỏi/ });
  await expect(dialog.getByText("a)", { exact: true })).toBeVisible();
  await expect(dialog.getByText("0,75")).toHaveCount(0);
  await dialog.getByRole("switch", { name: "Hiển thị đáp án" }).check();
  await expect(dialog.getByText("Đáp án đúng: 0,75")).toBeVisible();
  await expect(dialog.getByText("— Đáp án đúng: Sai")).toHaveCount(2);
  await page.screenshot({ path: `test-results/kinds-preview-${testInfo.project.name}.png` });
  await expectNoAxeViolations(page, "preview of the kinds");
});
