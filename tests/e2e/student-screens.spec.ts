import { mkdirSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { readBankFolder } from "../../content/load-banks.ts";
import {
  DEFAULT_SETUP,
  newRoomIdentity,
  roomUrl,
  type RoomSetup,
} from "../../app/lib/room-setup.ts";
import { RANGE_SIZES } from "../../app/lib/selection-links.ts";
import type { Selection } from "../../base/selection.ts";
import {
  expectNoAxeViolations,
  isPhone,
  openAccountMenu,
  register,
  waitForHydration,
} from "./helpers.ts";
import { SEED } from "../support/e2e-seed.ts";
import { paths } from "../../base/paths.ts";

/**
 * What a student hit on the room, summary, history and navigation screens, each test named
 * after what was wrong, at both viewports; widths at 320, 360 and 390 px.
 */

const SHOTS = "tests/.tmp/screens";
mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: false });
}

/** The sample banks' widest code line and longest maths question: the worst cases for layout. */
function worstQuestions() {
  const practices = readBankFolder("content/banks").flatMap((bank) =>
    bank.practices.filter((practice) => !practice.hidden),
  );
  let sql = { practice: "", idx: -1, width: 0 };
  let maths = { practice: "", idx: -1, width: 0 };
  for (const practice of practices) {
    practice.questions.forEach((question, idx) => {
      const code = question.text.match(/```[\s\S]*?```/g) ?? [];
      const widest = Math.max(
        0,
        ...code.flatMap((block) => block.split("\n").map((l) => l.length)),
      );
      if (widest > sql.width) sql = { practice: practice.code, idx, width: widest };
      // Multiple choice: the flows below pick an answer and press "Xem đáp án".
      const choice = question.kind === undefined;
      if (choice && question.text.includes("$") && question.text.length > maths.width) {
        maths = { practice: practice.code, idx, width: question.text.length };
      }
    });
  }
  return { sql, maths };
}

const WORST = worstQuestions();

function roomPath(practiceCode: string, setup: Partial<RoomSetup> & { selection: Selection }) {
  return roomUrl(
    practiceCode,
    { ...DEFAULT_SETUP, maxQuestionTime: "OFF", maxResultTime: "OFF", ...setup },
    newRoomIdentity(),
  );
}

/** Page width against the viewport, after letting layout settle. */
async function pageOverflow(
  page: Page,
  width: number,
): Promise<{ scrollWidth: number; innerWidth: number; culprits: string[] }> {
  return page.evaluate((width) => {
    // The innermost elements sticking out, named so a failure says where to look.
    const culprits = [...document.querySelectorAll("body *:not(.katex-mathml *, svg *)")]
      .filter((node) => node.getBoundingClientRect().right > width + 1)
      .filter(
        (node) => ![...node.children].some((c) => c.getBoundingClientRect().right > width + 1),
      )
      .slice(0, 5)
      .map(
        (node) =>
          `${node.tagName.toLowerCase()}.${node.className}: ${node.textContent?.slice(0, 40)}`,
      );
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      culprits,
    };
  }, width);
}

/** The phone project measures 320, 360 and 390 px; the desktop one its own 1280 px. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const original = page.viewportSize()!;
  const widths = isPhone(page) ? [320, 360, 390] : [original.width];
  for (const width of widths) {
    await page.setViewportSize({ width, height: original.height });
    // Layout settles a moment after a resize; only a width that stays too wide counts.
    await expect
      .poll(async () => {
        const { scrollWidth, innerWidth } = await pageOverflow(page, width);
        return Math.max(scrollWidth, innerWidth);
      })
      .toBeLessThanOrEqual(width)
      .catch(() => undefined);
    const { scrollWidth, innerWidth, culprits } = await pageOverflow(page, width);
    // A phone widens its layout viewport to fit wide content, so innerWidth alone can grow too.
    expect(
      Math.max(scrollWidth, innerWidth),
      `${screen} at ${width} px (${culprits.join(" | ")})`,
    ).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize(original);
}

/** Every code block that is wider than its box scrolls inside itself. */
async function expectCodeBlocksScrollInside(page: Page) {
  const width = page.viewportSize()!.width;
  const blocks = await page.locator(".code-block").evaluateAll((nodes) =>
    nodes.map((node) => ({
      overflowX: getComputedStyle(node).overflowX,
      right: node.getBoundingClientRect().right,
    })),
  );
  for (const block of blocks) {
    expect(block.overflowX).toBe("auto");
    expect(block.right).toBeLessThanOrEqual(width);
  }
}

/** KaTeX's MathML copy is for screen readers only: on screen each formula shows once. */
async function expectMathsShownOnce(page: Page, scope: Locator = page.locator("body")) {
  const maths = scope.locator(".katex");
  await expect(maths.first()).toBeVisible();
  const boxes = await scope.locator(".katex-mathml").evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return { width: box.width, height: box.height };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.width).toBeLessThanOrEqual(1);
    expect(box.height).toBeLessThanOrEqual(1);
  }
}

async function finishFlatRoom(page: Page) {
  await page.getByRole("button", { name: "Kết thúc" }).click();
  const confirm = page.getByRole("dialog", { name: "Kết thúc bài làm?" });
  if (await confirm.isVisible()) await confirm.getByRole("button", { name: "Kết thúc" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Kết quả luyện tập" })).toBeVisible();
  await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();
}

/** The attempt's replay, reached the way a student does: from the set-up page's history. */
async function openReplay(page: Page) {
  await page.getByRole("link", { name: "Quay lại trang thiết lập" }).click();
  await page.getByRole("region", { name: "Lịch sử luyện tập" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Xem lại bài làm" })).toBeVisible();
}

test.describe("signed in", () => {
  test.beforeEach(async ({ page }) => {
    await register(page, "Đỗ Học Trò");
    await expect(page).toHaveURL("/");
  });

  test("maths printed twice: the KaTeX MathML is visually hidden in the room, the summary, the history replay and the set-up preview", async ({
    page,
  }) => {
    const { practice, idx } = WORST.maths;
    await page.goto(
      roomPath(practice, {
        selection: { type: "PRACTICE_TIME_RANGE", start: idx + 1, end: idx + 1 },
      }),
    );
    await waitForHydration(page);
    await expectMathsShownOnce(page, page.locator(".room-card"));
    await shot(page, "room-maths");
    await page.getByRole("button", { name: "Xem đáp án" }).click();
    await page.getByRole("button", { name: "Kết thúc" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Kết quả luyện tập" })).toBeVisible();
    await expectMathsShownOnce(page, page.locator(".summary-list"));
    await expectNoAxeViolations(page, "summary with maths");
    await openReplay(page);
    await expectMathsShownOnce(page, page.locator(".summary-list"));
    await page.goto(paths.practiceSetup(practice));
    await waitForHydration(page);
    await page.getByRole("radio", { name: /^Tất cả [\d.]+ câu hỏi$/ }).check();
    await page.getByRole("button", { name: "Xem trước câu hỏi" }).click();
    await expectMathsShownOnce(page, page.getByRole("dialog"));
  });

  test("the flat sheet overflows on a phone: no room, summary or replay is wider than the viewport, with the longest SQL and maths questions", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    for (const worst of [WORST.sql, WORST.maths]) {
      await page.goto(
        roomPath(worst.practice, {
          practiceType: "FLAT",
          selection: { type: "PRACTICE_TIME_ALL" },
        }),
      );
      await waitForHydration(page);
      await expect(page.locator(".sheet > li").first()).toBeVisible();
      await shot(page, `flat-${worst.practice}`);
      await expectNoSidewaysScroll(page, `flat sheet of ${worst.practice}`);
      await expectCodeBlocksScrollInside(page);
      await page.getByRole("button", { name: "Tạm dừng" }).click();
      await expectNoSidewaysScroll(page, "paused flat room");
      await page.getByRole("button", { name: "Tiếp tục" }).first().click();

      await page.goto(
        roomPath(worst.practice, {
          selection: { type: "PRACTICE_TIME_RANGE", start: worst.idx + 1, end: worst.idx + 1 },
        }),
      );
      await waitForHydration(page);
      await shot(page, `sequence-${worst.practice}`);
      await expectNoSidewaysScroll(page, `sequence room on ${worst.practice} #${worst.idx + 1}`);
      await page.getByRole("button", { name: "Xem đáp án" }).click();
      await expectNoSidewaysScroll(page, "sequence room result");
      await page.getByRole("button", { name: "Kết thúc" }).click();
      await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();
      await shot(page, `summary-${worst.practice}`);
      await expectNoSidewaysScroll(page, `summary of ${worst.practice}`);
      await openReplay(page);
      await shot(page, `replay-${worst.practice}`);
      await expectNoSidewaysScroll(page, `history replay of ${worst.practice}`);
      await expectCodeBlocksScrollInside(page);
    }
    for (const path of [
      "/practice-history",
      "/profile",
      `/practice-review/${WORST.sql.practice}`,
    ]) {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoSidewaysScroll(page, path);
    }
  });

  test("a range is numbered in the run's order, with each question's number in the practice: the room, sheet, summary and replay", async ({
    page,
  }) => {
    const range = { type: "PRACTICE_TIME_RANGE", start: 61, end: 72 } as const;
    await page.goto(roomPath(SEED.practice.code, { selection: range }));
    await waitForHydration(page);
    await expect(page.locator(".room-card .question-number")).toHaveText("Câu 1 (câu 61 của đề):");

    await page.goto(roomPath(SEED.practice.code, { practiceType: "FLAT", selection: range }));
    await waitForHydration(page);
    await expect(page.locator(".sheet .question-number").first()).toHaveText(
      "Câu 1 (câu 61 của đề):",
    );
    await expect(page.locator(".sheet .question-number").last()).toHaveText(
      "Câu 12 (câu 72 của đề):",
    );
    await expect(page.getByRole("link", { name: "Câu 1, chưa trả lời" })).toHaveText("1");
    await finishFlatRoom(page);
    await expect(page.locator(".summary-list .question-number").first()).toHaveText(
      "Câu 1 (câu 61 của đề):",
    );
    await openReplay(page);
    await expect(page.locator(".summary-list .question-number").first()).toHaveText(
      "Câu 1 (câu 61 của đề):",
    );

    // Shuffled: numbered in the room's order, with the practice's number to find it again.
    await page.goto(
      roomPath(SEED.practice.code, {
        practiceType: "FLAT",
        shuffleQuestions: true,
        selection: range,
      }),
    );
    await waitForHydration(page);
    const labels = await page.locator(".sheet .question-number").allTextContents();
    expect(labels).toHaveLength(12);
    labels.forEach((label, position) =>
      expect(label).toMatch(new RegExp(`^Câu ${position + 1} \\(câu (6[1-9]|7[0-2]) của đề\\):$`)),
    );
  });

  test("the phone summary opens scrolled down: every room screen change starts at the top, focus on its heading", async ({
    page,
  }) => {
    await page.goto(
      roomPath(WORST.sql.practice, {
        practiceType: "FLAT",
        selection: { type: "PRACTICE_TIME_ALL" },
      }),
    );
    await waitForHydration(page);
    await page.locator(".sheet > li").last().scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Kết thúc" }).click();
    await page
      .getByRole("dialog", { name: "Kết thúc bài làm?" })
      .getByRole("button", { name: "Kết thúc" })
      .click();
    const heading = page.getByRole("heading", { level: 1, name: "Kết quả luyện tập" });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await shot(page, "summary-top");

    await page.goto(
      roomPath(WORST.sql.practice, {
        practiceType: "FLAT",
        selection: { type: "PRACTICE_TIME_ALL" },
      }),
    );
    await waitForHydration(page);
    await page.locator(".sheet > li").last().scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Tạm dừng" }).click();
    const paused = page.getByRole("heading", { name: "Đang tạm dừng" });
    await expect(paused).toBeFocused();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("no result toast (ADR 0024): the verdict under the answers is the notice, a live region reads it out, and nothing lies over what a student must press", async ({
    page,
  }) => {
    await page.goto(roomPath(SEED.roomPractice.code, { selection: { type: "PRACTICE_TIME_ALL" } }));
    await waitForHydration(page);
    const announced = page.locator('p[role="status"].visually-hidden');
    for (let question = 1; question <= 4; question += 1) {
      await page.getByRole("button", { name: "Xem đáp án" }).click();
      await expect(page.locator(".room-verdict")).toHaveText("Bạn chưa chọn đáp án");
      await expect(announced).toHaveText("Bạn chưa chọn đáp án");
      await expect(page.locator(".Toastify__toast")).toHaveCount(0);
      // A trial click fails when anything else would receive it.
      await page.getByRole("button", { name: "Câu tiếp theo" }).click({ trial: true });
      if (question === 1) await shot(page, "room-result");
      await page.getByRole("button", { name: "Câu tiếp theo" }).click();
      await expect(announced).toHaveText("");
    }
  });

  test("a 0% ring shows a lone green dot: nothing right draws no arc", async ({ page }) => {
    await page.goto(
      roomPath(SEED.roomPractice.code, {
        practiceType: "FLAT",
        selection: { type: "PRACTICE_TIME_ALL" },
      }),
    );
    await waitForHydration(page);
    await finishFlatRoom(page);
    await expect(page.getByRole("img", { name: "Tỉ lệ đúng 0%" })).toBeVisible();
    await expect(page.locator(".ring-value")).toHaveCount(0);
    await shot(page, "summary-zero");
  });

  test("signed-in actions hide in the phone menu: account, history and sign-out show directly @phone", async ({
    page,
  }) => {
    const nav = await openAccountMenu(page);
    await expect(nav.getByRole("link", { name: "Tài khoản của tôi" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Lịch sử luyện tập" })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Đăng xuất" })).toBeVisible();
    await shot(page, "menu-signed-in");
    await expectNoAxeViolations(page, "phone menu, signed in");
    await nav.getByRole("link", { name: "Lịch sử luyện tập" }).click();
    await expect(page).toHaveURL("/practice-history");
  });

  test("the profile: no visible way to change the avatar and double gaps around “Email:”: a labelled button beside the picture, one gap", async ({
    page,
  }) => {
    await page.goto("/profile");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Ảnh đại diện" });
    const button = section.getByRole("button", { name: "Thêm ảnh đại diện" });
    await expect(button).toHaveText("Thêm ảnh đại diện");
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), button.click()]);
    expect(chooser.isMultiple()).toBe(false);
    // "Email:" sits one form gap below the name field, not two.
    const field = (await page.getByLabel("Họ và tên").locator("..").boundingBox())!;
    const email = (await page.getByText(/^Email: /).boundingBox())!;
    expect(email.y - (field.y + field.height)).toBeLessThanOrEqual(17);
    await shot(page, "profile");
    await expectNoSidewaysScroll(page, "profile");
    await expectNoAxeViolations(page, "profile");
  });
});

test("choosing a subject on a phone seems to do nothing: its practice list comes into view @phone", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  const tiles = page.locator(".subject-tile:not([aria-current])");
  const name = (await tiles.first().locator(".tile-title").textContent())!;
  await tiles.first().click();
  const heading = page.getByRole("heading", { name: `Danh sách đề luyện tập: ${name}` });
  await expect(heading).toBeVisible();
  await expect(heading).toBeInViewport();
  await shot(page, "home-chosen");
});

test("the subject page is hard to reach: a visible link on the home list and on the set-up page's subject line", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  const link = page.getByRole("link", { name: /^Xem tất cả đề của môn / });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/practice-subject\//);

  await page.goto(paths.practiceSetup(SEED.practice.code));
  await page.getByRole("link", { name: `Môn ${SEED.subject.name}` }).click();
  await expect(page).toHaveURL(`/practice-subject/${SEED.subject.code}`);
  await expectNoAxeViolations(page, "subject page");
});

test("question-count choices ignore the set size: only sizes smaller than the practice, plus all of it", async ({
  page,
}) => {
  const practice = readBankFolder("content/banks")
    .flatMap((bank) => bank.practices)
    .find((p) => !p.hidden && !p.chapters?.length && p.questions.length < 75)!;
  const count = practice.questions.length;
  await page.goto(paths.practiceSetup(practice.code));
  await waitForHydration(page);
  const sizes = page.getByRole("group", { name: "Chọn số lượng câu hỏi" }).getByRole("radio");
  const offered = RANGE_SIZES.filter((size) => size < count).map((size) => `${size} câu`);
  await expect(sizes).toHaveCount(offered.length);
  for (const [i, label] of offered.entries())
    await expect(sizes.nth(i)).toHaveAccessibleName(label);
  await expect(page.getByRole("radio", { name: `Tất cả ${count} câu hỏi` })).toBeVisible();
  await expect(page.getByRole("radio", { name: `Câu 1 - ${count}` })).toHaveCount(0);
});

test("the phone set-up bar wraps: summary and both buttons fit on one line at 360 px @phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(paths.practiceSetup(SEED.chapterPractice.code));
  await waitForHydration(page);
  await page.getByRole("radio", { name: /^Chương 1:/ }).check();
  const bar = page.locator(".sticky-bar");
  const parts = bar.locator(".sticky-summary, .button");
  const boxes = await parts.evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return box.top + box.height / 2;
    }),
  );
  expect(boxes).toHaveLength(3);
  for (const middle of boxes) expect(Math.abs(middle - boxes[0]!)).toBeLessThanOrEqual(4);
  expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(72);
  await expect(page.getByRole("button", { name: "Xem trước câu hỏi" })).toBeVisible();
  await shot(page, "setup-bar");
  await expectNoSidewaysScroll(page, "set-up page");
});

test("phone menu alignment: links, swatches and snow buttons share one left edge, the snowman label on one line @phone", async ({
  page,
}) => {
  await page.goto("/");
  const nav = await openAccountMenu(page);
  // Measured where the menu comes to rest, not while it slides in.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity) // not the snow
        .map((a) => a.finished),
    ),
  );
  const textLeft = (locator: Locator) =>
    locator.evaluate((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return range.getBoundingClientRect().left;
    });
  const about = await textLeft(nav.getByRole("link", { name: "Giới thiệu" }));
  const feedback = await textLeft(nav.getByRole("link", { name: "Góp ý" }));
  const swatch = (await nav.locator(".swatch").first().boundingBox())!.x;
  const snowman = (await nav.locator(".snowman svg").boundingBox())!.x;
  expect(Math.abs(about - swatch)).toBeLessThanOrEqual(2);
  expect(Math.abs(feedback - swatch)).toBeLessThanOrEqual(2);
  expect(Math.abs(snowman - swatch)).toBeLessThanOrEqual(2);
  const lines = await nav.locator(".snowman .menu-caption").evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  await shot(page, "menu");
  expect(lines).toBe(1);
});

test("no public screen is wider than a phone", async ({ page }) => {
  for (const path of [
    "/",
    "/login",
    "/register",
    `/practice-subject/${SEED.subject.code}`,
    "/about",
  ]) {
    await page.goto(path);
    await waitForHydration(page);
    await expectNoSidewaysScroll(page, path);
  }
});
