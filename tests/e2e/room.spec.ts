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
import { ROOM_KEYS, SEED } from "../support/e2e-seed.ts";
import { paths } from "../../base/paths.ts";

/**
 * The practice room as a student uses it: sequence and flat rooms, timers run out by
 * Playwright's clock (no test-only settings), keyboard only, a reload mid-room, a double
 * "Kết thúc", a connection lost at the end; and what the server saved, read from its database.
 */

function roomPath(setup: Partial<RoomSetup>, practiceCode: string = SEED.roomPractice.code) {
  const identity = newRoomIdentity();
  const path = roomUrl(
    practiceCode,
    { ...DEFAULT_SETUP, selection: { type: "PRACTICE_TIME_ALL" }, ...setup } as RoomSetup & {
      selection: { type: "PRACTICE_TIME_ALL" };
    },
    identity,
  );
  return { path, attemptId: identity.attemptId };
}

const OFF = { maxQuestionTime: "OFF", maxResultTime: "OFF" } as const;

/** A sample practice (content/banks/lap-trinh-c.json) of 74 questions, many with wide C code. */
const SAMPLE_WITH_CODE = "ltc-con-tro-bo-nho";

interface SavedAttempt {
  number_of_right: number;
  number_of_wrong: number;
  total_time: number;
  practice_type: string;
  answers: { position: number; selected: number[]; right: boolean }[];
}

/** What the server stored for an attempt id, straight from its database; null when nothing. */
function savedAttempts(attemptId: string): SavedAttempt[] {
  const database = new Database(E2E_DATABASE, { readonly: true });
  database.pragma("busy_timeout = 5000");
  try {
    const rows = database
      .prepare(
        "select id, number_of_right, number_of_wrong, total_time, practice_type from attempt where id = ?",
      )
      .all(attemptId) as (Omit<SavedAttempt, "answers"> & { id: string })[];
    return rows.map((row) => ({
      number_of_right: row.number_of_right,
      number_of_wrong: row.number_of_wrong,
      total_time: row.total_time,
      practice_type: row.practice_type,
      answers: (
        database
          .prepare(
            "select position, selected, right_answer from attempt_answer where attempt_id = ? order by position",
          )
          .all(row.id) as { position: number; selected: string; right_answer: number }[]
      ).map((answer) => ({
        position: answer.position,
        selected: JSON.parse(answer.selected) as number[],
        right: answer.right_answer === 1,
      })),
    }));
  } finally {
    database.close();
  }
}

const answer = (page: Page, letter: string) =>
  page.getByRole("button", { name: new RegExp(`^${letter}\\.`) });

/**
 * Stops the page's (already installed) clock where it is: from here on time moves only by
 * runFor, so every countdown step is the test's.
 */
/**
 * Stops the page's clock a moment ahead of now. pauseAt cannot go back, and the page's clock
 * runs on between reading it and pausing it: on a loaded machine by more than the margin
 * ("Cannot fast-forward to the past", room.spec.ts beside two other suites). Read it again and
 * try again until the pause lands ahead.
 */
async function pauseClock(page: Page) {
  for (;;) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 500);
      return;
    } catch (error) {
      if (!String(error).includes("Cannot fast-forward to the past")) throw error;
    }
  }
}

/** A colour's hue in degrees, from the browser's `rgb(r, g, b)`. */
function hueOf(color: string): number {
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => Number(c) / 255);
  const max = Math.max(r!, g!, b!);
  const spread = max - Math.min(r!, g!, b!);
  if (spread === 0) return 0;
  const hue =
    max === r
      ? ((g! - b!) / spread) % 6
      : max === g
        ? (b! - r!) / spread + 2
        : (r! - g!) / spread + 4;
  return (hue * 60 + 360) % 360;
}

/** How far apart two colours' hues are on the colour wheel, 0 to 180 degrees. */
function hueDistance(a: string, b: string): number {
  const distance = Math.abs(hueOf(a) - hueOf(b));
  return Math.min(distance, 360 - distance);
}

/** An answer's colours (border, fill, its mark's outline) and its mark's icon, as the browser draws them. */
function lookOf(option: Locator) {
  return option.evaluate((node) => {
    const style = getComputedStyle(node);
    const mark = node.querySelector(".answer-mark")!;
    return {
      border: style.borderTopColor,
      background: style.backgroundColor,
      mark: getComputedStyle(mark).borderTopColor,
      icon: getComputedStyle(mark, "::before").content,
    };
  });
}

async function expectSaved(page: Page) {
  await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();
}

test.describe("practice room", () => {
  test.beforeEach(async ({ page }) => {
    await register(page, "Lê Thị Luyện");
    await expect(page).toHaveURL("/");
  });

  test("sequence, timers off: five questions answered by clicking, summary, the attempt saved as answered", async ({
    page,
  }) => {
    const { path, attemptId } = roomPath(OFF);
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SEED.roomPractice.title);
    await expect(page.getByText("1/5")).toBeVisible();

    // 1: one key, A picked → the result shows at once.
    await answer(page, "A").click();
    await expect(
      page.getByRole("status").filter({ hasText: "Câu trả lời chính xác" }).first(),
    ).toBeVisible();
    await expect(page.getByText(/Lời giải: Không có kết quả mong đợi/)).toBeVisible();
    await page.getByRole("button", { name: "Câu tiếp theo" }).click();

    // 2: two keys, square marks and "Chọn 2 đáp án"; the result waits for the second pick.
    await expect(page.getByText("2/5")).toBeVisible();
    await expect(page.getByText("Chọn 2 đáp án")).toBeVisible();
    await answer(page, "A").click();
    await expect(page.getByRole("button", { name: "Xem đáp án" })).toBeVisible();
    await answer(page, "C").click();
    await expect(page.getByText("Câu trả lời chính xác", { exact: true }).last()).toBeVisible();
    await page.getByRole("button", { name: "Câu tiếp theo" }).click();

    // 3: six answers labelled A–F; B is wrong, F the key (green), B red.
    await expect(answer(page, "F")).toBeVisible();
    await answer(page, "B").click();
    await expect(page.locator('.answer-option[data-state="wrong"]')).toContainText("B.");
    await expect(page.locator('.answer-option[data-state="key"]')).toContainText("F.");
    await page.getByRole("button", { name: "Câu tiếp theo" }).click();

    // 4: nothing picked; "Xem đáp án" shows it as unanswered.
    await page.getByRole("button", { name: "Xem đáp án" }).click();
    await expect(page.locator(".room-verdict")).toHaveText("Bạn chưa chọn đáp án");
    await page.getByRole("button", { name: "Câu tiếp theo" }).click();

    // 5: the last question ends with "Kết thúc".
    await answer(page, "A").click();
    await page.getByRole("button", { name: "Kết thúc" }).click();

    await expect(page.getByRole("heading", { name: "Kết quả luyện tập" })).toBeVisible();
    await expect(page.getByText("Số câu đúng: 3/5")).toBeVisible();
    await expect(page.getByRole("img", { name: "Tỉ lệ đúng 60%" })).toBeVisible();
    await expectSaved(page);
    await expectNoAxeViolations(page, "summary");

    const [saved] = savedAttempts(attemptId);
    expect(saved).toMatchObject({
      number_of_right: 3,
      number_of_wrong: 2,
      practice_type: "SEQUENCE",
    });
    expect(saved!.answers).toEqual([
      { position: 0, selected: [0], right: true },
      { position: 1, selected: [0, 2], right: true },
      { position: 2, selected: [1], right: false },
      { position: 3, selected: [], right: false },
      { position: 4, selected: [0], right: true },
    ]);

    // "Làm lại": a new attempt (new id) of the same room, from its first question.
    await page.getByRole("button", { name: "Làm lại" }).click();
    await expect(page.getByText("1/5")).toBeVisible();
    const again = new URL(page.url()).searchParams.get("attempt");
    expect(again).toMatch(/^[0-9a-f-]{36}$/);
    expect(again).not.toBe(attemptId);
    await expect(answer(page, "A")).toHaveAttribute("aria-pressed", "false");
  });

  test("sequence with the default 30 s / 20 s timers run out by the clock: the last auto-advance saves and shows the summary", async ({
    page,
  }) => {
    await page.clock.install();
    const { path, attemptId } = roomPath({});
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.locator(".room-clock")).toContainText(/00:[23]\d/);
    await pauseClock(page);
    const ticksBefore = 30 - Number((await page.locator(".room-clock").innerText()).slice(-2));
    await answer(page, "A").click(); // question 1 right, then let every timer run out
    await page.clock.runFor(20_000);
    for (let question = 2; question <= 5; question += 1) {
      await expect(page.getByText(`${question}/5`)).toBeVisible();
      await expect(page.locator(".room-clock")).toContainText("00:30");
      await page.clock.runFor(30_000);
      await expect(page.locator(".room-verdict")).toHaveText("Bạn chưa chọn đáp án");
      await expect(page.getByText("Tự động chuyển câu hỏi sau 20s")).toBeVisible();
      await page.clock.runFor(20_000);
    }
    await expect(page.getByText("Số câu đúng: 1/5")).toBeVisible();
    await expect(page.getByText(/^Thời gian hoàn thành: 3 phút \d+ giây$/)).toBeVisible();
    await expectSaved(page);
    const [saved] = savedAttempts(attemptId);
    expect(saved).toMatchObject({ number_of_right: 1, number_of_wrong: 4 });
    expect(saved!.total_time).toBe(20 + 4 * 50 + ticksBefore);
  });

  test("the countdown stands still while paused and the question is hidden", async ({ page }) => {
    await page.clock.install();
    await page.goto(roomPath({}).path);
    await waitForHydration(page);
    await pauseClock(page);
    const before = (await page.locator(".room-clock").textContent()) ?? "";
    await page.getByRole("button", { name: "Tạm dừng" }).click();
    await expect(page.getByRole("heading", { name: "Đang tạm dừng" })).toBeVisible();
    await expect(answer(page, "A")).toHaveCount(0);
    await page.clock.runFor(60_000);
    await page.getByRole("button", { name: "Tiếp tục" }).first().click();
    await expect(page.locator(".room-clock")).toHaveText(before);
    await page.clock.runFor(5_000);
    const running = (await page.locator(".room-clock").textContent()) ?? "";
    expect(running).not.toBe(before);

    // A hidden page (another tab, the phone's home screen) stops the countdown too.
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await page.waitForTimeout(200); // real time for React to stop the interval
    await page.clock.runFor(60_000);
    await expect(page.locator(".room-clock")).toHaveText(running);
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await page.clock.runFor(3_000);
    await expect(page.locator(".room-clock")).not.toHaveText(running);
  });

  test("flat sheet: unanswered questions ask for confirmation and count as wrong", async ({
    page,
  }) => {
    const { path, attemptId } = roomPath({ practiceType: "FLAT" });
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByText("Đã trả lời 0/5")).toBeVisible();
    const sheet = page.locator(".sheet > li");
    await expect(sheet).toHaveCount(5);
    await sheet.nth(0).getByRole("button", { name: /^B\./ }).click();
    await sheet.nth(0).getByRole("button", { name: /^A\./ }).click(); // one key: replaces B
    await sheet.nth(1).getByRole("button", { name: /^A\./ }).click();
    await sheet.nth(1).getByRole("button", { name: /^C\./ }).click();
    await expect(page.getByText("Đã trả lời 2/5")).toBeVisible();
    await expect(page.getByRole("link", { name: "Câu 3, chưa trả lời" })).toBeVisible();
    await expectNoAxeViolations(page, "flat sheet");

    await page.getByRole("button", { name: "Kết thúc" }).click();
    const dialog = page.getByRole("dialog", { name: "Kết thúc bài làm?" });
    await expect(dialog).toContainText("Bạn còn 3 câu chưa trả lời.");
    await dialog.getByRole("button", { name: "Làm tiếp" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Kết thúc" }).click();
    await dialog.getByRole("button", { name: "Kết thúc" }).click();

    await expect(page.getByText("Số câu đúng: 2/5")).toBeVisible();
    await expectSaved(page);
    // "Chỉ xem câu sai": the three wrong ones, under their own numbers; off again, all five.
    const cards = page.locator(".summary-card");
    await expect(cards).toHaveCount(5);
    const onlyWrong = page.getByRole("switch", { name: "Chỉ xem câu sai (3)" });
    await onlyWrong.check();
    await expect(cards).toHaveCount(3);
    await expect(page.locator('.summary-card[data-right="true"]')).toHaveCount(0);
    await expect(cards.first()).toContainText("Câu 3");
    await expectNoAxeViolations(page, "summary, only the wrong answers");
    await onlyWrong.uncheck();
    await expect(cards).toHaveCount(5);
    const [saved] = savedAttempts(attemptId);
    expect(saved).toMatchObject({ number_of_right: 2, practice_type: "FLAT" });
    expect(saved!.answers.map((a) => a.selected)).toEqual([[0], [0, 2], [], [], []]);
  });

  test("a chapter is numbered in the run's order: “Câu 1” beside “1/7”, with its number in the practice, in the room, the summary and the replay", async ({
    page,
  }) => {
    // The practice's second chapter holds its questions 6 to 12.
    const chapter = { type: "PRACTICE_TIME_CHAPTER", chapterIdx: 1 } as const;
    const { path } = roomPath({ ...OFF, selection: chapter }, SEED.chapterPractice.code);
    await page.goto(path);
    await waitForHydration(page);
    const heading = page.locator(".room-card .question-number");
    for (let question = 1; question <= 7; question += 1) {
      await expect(page.getByText(`${question}/7`)).toBeVisible();
      await expect(heading).toHaveText(`Câu ${question} (câu ${question + 5} của đề):`);
      await answer(page, "A").click();
      await page.getByRole("button", { name: question < 7 ? "Câu tiếp theo" : "Kết thúc" }).click();
    }
    await expectSaved(page);
    const summaryNumbers = page.locator(".summary-list .question-number");
    await expect(summaryNumbers.first()).toHaveText("Câu 1 (câu 6 của đề):");
    await expect(summaryNumbers.last()).toHaveText("Câu 7 (câu 12 của đề):");

    await page.getByRole("link", { name: "Quay lại trang thiết lập" }).click();
    await page.getByRole("region", { name: "Lịch sử luyện tập" }).getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Xem lại bài làm" })).toBeVisible();
    await expect(summaryNumbers.first()).toHaveText("Câu 1 (câu 6 của đề):");
    await expect(summaryNumbers.last()).toHaveText("Câu 7 (câu 12 của đề):");
  });

  test("keyboard only: 1–8 and A–H pick, Enter moves on, Space pauses @desktop", async ({
    page,
  }) => {
    const { path, attemptId } = roomPath(OFF);
    await page.goto(path);
    await waitForHydration(page);
    await page.keyboard.press("Space");
    await expect(page.getByRole("heading", { name: "Đang tạm dừng" })).toBeVisible();
    await page.keyboard.press("Space");
    await expect(page.getByText("1/5")).toBeVisible();
    for (const [index, keys] of ROOM_KEYS.entries()) {
      for (const letter of keys)
        await page.keyboard.press(letter === "F" ? "6" : letter.toLowerCase());
      await expect(page.locator(".room-verdict")).toHaveText("Câu trả lời chính xác");
      if (index === 0) {
        // With the result shown, Space still pauses, as the hint says, and does not move on.
        await page.keyboard.press("Space");
        await expect(page.getByRole("heading", { name: "Đang tạm dừng" })).toBeVisible();
        await page.keyboard.press("Space");
        await expect(page.locator(".room-verdict")).toHaveText("Câu trả lời chính xác");
        await expect(page.getByText("1/5")).toBeVisible();
      }
      await page.keyboard.press("Enter");
    }
    await expect(page.getByText("Số câu đúng: 5/5")).toBeVisible();
    await expectSaved(page);
    expect(savedAttempts(attemptId)[0]).toMatchObject({ number_of_right: 5 });
  });

  test("a reload mid-room comes back to the same question with the earlier answers kept", async ({
    page,
  }) => {
    const { path, attemptId } = roomPath(OFF);
    await page.goto(path);
    await waitForHydration(page);
    await answer(page, "A").click();
    await page.getByRole("button", { name: "Câu tiếp theo" }).click();
    await answer(page, "A").click();
    await expect(page.getByText("2/5")).toBeVisible();

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByText("2/5")).toBeVisible();
    await expect(answer(page, "A")).toHaveAttribute("aria-pressed", "true");
    await answer(page, "C").click();
    await page.getByRole("button", { name: "Câu tiếp theo" }).click();
    for (let i = 0; i < 3; i += 1) {
      await page.getByRole("button", { name: "Xem đáp án" }).click();
      await page.getByRole("button", { name: /Câu tiếp theo|Kết thúc/ }).click();
    }
    await expect(page.getByText("Số câu đúng: 2/5")).toBeVisible();
    await expectSaved(page);
    expect(
      savedAttempts(attemptId)[0]!
        .answers.slice(0, 2)
        .map((a) => a.selected),
    ).toEqual([[0], [0, 2]]);

    // The finished, saved room reloads as its summary and is not sent again.
    await page.reload();
    await expect(page.getByText("Số câu đúng: 2/5")).toBeVisible();
    await expectSaved(page);
    expect(savedAttempts(attemptId)).toHaveLength(1);
  });

  test("leaving a room half-done asks first, and “Làm tiếp bài đang dở” resumes it at the same question and time", async ({
    page,
  }) => {
    const { path, attemptId } = roomPath(OFF);
    await page.goto(path);
    await waitForHydration(page);
    await answer(page, "A").click();
    await page.getByRole("button", { name: "Câu tiếp theo" }).click();
    await answer(page, "A").click();
    await answer(page, "C").click();
    await page.getByRole("button", { name: "Câu tiếp theo" }).click();
    await expect(page.getByText("3/5")).toBeVisible();
    // Let the elapsed clock run past a few seconds, so "the same time" means something.
    await expect(page.locator('.room-clock[data-kind="elapsed"] time')).not.toHaveText("00:00");
    await expect(page.locator('.room-clock[data-kind="elapsed"] time')).not.toHaveText("00:01");

    // The logo: the room asks, "Ở lại làm tiếp" keeps the student on the same question.
    await page
      .getByRole("link", { name: /Ôn Tập/ })
      .first()
      .click();
    const ask = page.getByRole("dialog", { name: "Rời khỏi bài đang làm?" });
    await expect(ask).toBeVisible();
    await expect(ask.getByRole("button", { name: "Ở lại làm tiếp" })).toBeFocused();
    await expectNoAxeViolations(page, "leave dialog");
    await ask.getByRole("button", { name: "Ở lại làm tiếp" }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(path);
    await expect(page.getByText("3/5")).toBeVisible();

    // The browser's own reload asks too (its own dialog), and the room comes back as it was.
    const browserDialogs: string[] = [];
    page.on("dialog", (dialog) => {
      browserDialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    await waitForHydration(page);
    expect(browserDialogs).toEqual(["beforeunload"]);
    await expect(page.getByText("3/5")).toBeVisible();

    // Leaving for real: home lists the room where it stood, with its time so far.
    const stored = () =>
      page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? "{}").progress?.totalTime as number,
        `on-tap:room:${attemptId}`,
      );
    await page
      .getByRole("link", { name: /Ôn Tập/ })
      .first()
      .click();
    await ask.getByRole("button", { name: "Rời đi" }).click();
    await expect(page).toHaveURL("/");
    const seconds = await stored();
    expect(seconds).toBeGreaterThanOrEqual(2);
    const unfinished = page.getByRole("region", { name: "Làm tiếp bài đang dở" });
    await expect(unfinished).toContainText(SEED.roomPractice.title);
    await expect(unfinished).toContainText(`Câu 3/5 · ${seconds} giây`);
    await expectNoAxeViolations(page, "home with an unfinished room");

    // "Làm tiếp": the same question, the earlier answers kept, the clock going on from there.
    await unfinished.getByRole("link", { name: `Làm tiếp: ${SEED.roomPractice.title}` }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByText("3/5")).toBeVisible();
    expect(await stored()).toBeGreaterThanOrEqual(seconds);
    await page.getByRole("button", { name: "Xem đáp án" }).click();
    await page.getByRole("button", { name: "Câu tiếp theo" }).click();
    await page.getByRole("button", { name: "Xem đáp án" }).click();
    await page.getByRole("button", { name: "Câu tiếp theo" }).click();
    await page.getByRole("button", { name: "Xem đáp án" }).click();
    await page.getByRole("button", { name: "Kết thúc" }).click();
    await expect(page.getByText("Số câu đúng: 2/5")).toBeVisible();
    await expectSaved(page);
    expect(savedAttempts(attemptId)[0]!.total_time).toBeGreaterThanOrEqual(seconds);

    // A finished room is no longer listed, and leaving its summary asks nothing.
    await page
      .getByRole("link", { name: /Ôn Tập/ })
      .first()
      .click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { name: "Danh sách môn học" })).toBeVisible();
    await expect(unfinished).toBeHidden();
  });

  test("“Bỏ bài này” on the set-up page puts a half-done room away for good", async ({ page }) => {
    const { path } = roomPath(OFF);
    await page.goto(path);
    await waitForHydration(page);
    await answer(page, "B").click();
    await page.goto(paths.practiceSetup(SEED.roomPractice.code));
    await waitForHydration(page);
    const unfinished = page.getByRole("region", { name: "Làm tiếp bài đang dở" });
    await expect(unfinished).toContainText("Câu 1/5");
    await unfinished
      .getByRole("button", { name: `Bỏ bài đang dở: ${SEED.roomPractice.title}` })
      .click();
    await expect(unfinished).toBeHidden();
    await expect(page.getByText("Đã bỏ bài làm dở.")).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: SEED.roomPractice.title })).toBeVisible();
    await expect(unfinished).toBeHidden();
  });

  test("at 320 and 390 px the room's bar is one line that never covers the question, its answers or its buttons @phone", async ({
    page,
  }) => {
    const bar = page.locator(".room-controls");
    /** The box of `target` starts below the bar (boxes are the viewport's, after any scroll). */
    const expectClearOfBar = async (target: Locator, what: string) => {
      await expect(target).toBeInViewport();
      const [barBox, box] = [await bar.boundingBox(), await target.boundingBox()];
      expect(box!.y, what).toBeGreaterThanOrEqual(barBox!.y + barBox!.height - 1);
    };
    const expectNothingWider = async (width: number) =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 700 });

      // The whole sheet of a practice with wide code: one line of controls, jumps land below it.
      await page.goto(roomPath({ practiceType: "FLAT" }, SAMPLE_WITH_CODE).path);
      await waitForHydration(page);
      expect((await bar.boundingBox())!.height, `bar at ${width}px`).toBeLessThanOrEqual(64);
      for (const control of await bar.getByRole("button").all()) {
        const box = (await control.boundingBox())!;
        expect(
          box.x + box.width,
          `${await control.textContent()} at ${width}px`,
        ).toBeLessThanOrEqual((await bar.boundingBox())!.x + (await bar.boundingBox())!.width);
      }
      await expect(page.getByText(/^Đã trả lời 0\/\d+$/)).toBeVisible();
      await expectNothingWider(width);
      await page.getByRole("link", { name: /^Câu 12,/ }).click();
      const twelve = page.locator(".sheet > li").nth(11);
      await expectClearOfBar(twelve.getByText(/^Câu 12/).first(), `Câu 12 at ${width}px`);
      await twelve.getByRole("button").first().click();
      await expectClearOfBar(twelve.getByText(/^Câu 12/).first(), `Câu 12 picked at ${width}px`);
      await expect(page.getByText(/^Đã trả lời 1\/\d+$/)).toBeVisible();
      // Wide code scrolls inside its block, never the page.
      await expectNothingWider(width);

      // One question at a time: after a wrong answer the question is still in sight, and no toast
      // lies over "Câu tiếp theo".
      await page.goto(roomPath(OFF).path);
      await waitForHydration(page);
      const heading = page.locator("#room-question");
      await expectClearOfBar(heading, `question 1 at ${width}px`);
      await answer(page, "B").click();
      await expect(page.locator(".room-verdict")).toHaveText("Câu trả lời chưa chính xác");
      await expectClearOfBar(heading, `question 1 answered at ${width}px`);
      const next = page.getByRole("button", { name: "Câu tiếp theo" });
      // A trial click fails when another element (a toast) would receive it.
      await next.click({ trial: true, timeout: 3_000 });
      await expectClearOfBar(next, `"Câu tiếp theo" at ${width}px`);
      await next.click();
      await expectClearOfBar(heading, `question 2 at ${width}px`);
      await expectNothingWider(width);
    }
  });

  test("a double “Kết thúc” saves once and “N đã làm” rises by exactly one @desktop", async ({
    page,
  }) => {
    const counter = async () => {
      await page.goto(paths.subject(SEED.subject.code));
      const card = page.getByRole("link").filter({ hasText: SEED.countedPractice.title });
      const text = (await card.textContent()) ?? "";
      return Number(/(\d+) đã làm/.exec(text)?.[1] ?? NaN);
    };
    const before = await counter();
    expect(before).not.toBeNaN();

    let posts = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/attempts")) posts += 1;
    });
    const { path, attemptId } = roomPath({ practiceType: "FLAT" }, SEED.countedPractice.code);
    await page.goto(path);
    await waitForHydration(page);
    const sheet = page.locator(".sheet > li");
    await sheet.nth(0).getByRole("button", { name: /^A\./ }).click();
    await sheet.nth(1).getByRole("button", { name: /^B\./ }).click();
    await page.getByRole("button", { name: "Kết thúc" }).dblclick();
    await expectSaved(page);
    expect(posts).toBe(1);
    expect(savedAttempts(attemptId)).toHaveLength(1);
    expect(await counter()).toBe(before + 1);
  });

  test("offline at “Kết thúc”: the results stay on screen, and the attempt is saved once back online", async ({
    page,
    context,
  }) => {
    const { path, attemptId } = roomPath({ practiceType: "FLAT" });
    await page.goto(path);
    await waitForHydration(page);
    await page.locator(".sheet > li").nth(0).getByRole("button", { name: /^A\./ }).click();
    await context.setOffline(true);
    await page.getByRole("button", { name: "Kết thúc" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Kết thúc" }).click();
    await expect(page.getByText("Số câu đúng: 1/5")).toBeVisible();
    // Offline, the attempt is kept on the device for later (ADR 0013), and says so.
    await expect(page.getByText(/Chưa có mạng: bài làm đã được lưu trên máy này/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Thử lại" })).toBeVisible();
    expect(savedAttempts(attemptId)).toHaveLength(0);

    await context.setOffline(false);
    await expectSaved(page);
    expect(savedAttempts(attemptId)).toHaveLength(1);
  });

  test("a room whose practice changed since is started again, with a message", async ({ page }) => {
    const { path, attemptId } = roomPath(OFF);
    await page.goto(path);
    await waitForHydration(page);
    await answer(page, "A").click();
    await page.getByRole("button", { name: "Câu tiếp theo" }).click();
    await expect(page.getByText("2/5")).toBeVisible();
    // Paused, the room stops writing its progress every second.
    await page.getByRole("button", { name: "Tạm dừng" }).click();
    await expect(page.getByRole("heading", { name: "Đang tạm dừng" })).toBeVisible();
    // What an import of a new version of the bank does to a stored room, seen from the browser.
    await page.evaluate((id) => {
      const key = `on-tap:room:${id}`;
      const stored = JSON.parse(localStorage.getItem(key)!) as { contentVersion: number };
      localStorage.setItem(
        key,
        JSON.stringify({ ...stored, contentVersion: stored.contentVersion - 1 }),
      );
    }, attemptId);
    await page.reload();
    await expect(page.getByText("Đề luyện tập vừa được cập nhật", { exact: false })).toBeVisible();
    await expect(page.getByText("1/5")).toBeVisible();
    await expect(page.getByRole("button", { name: "Tạm dừng" })).toBeVisible();
  });

  test("a server error at “Kết thúc”: the attempt waits in the browser and is sent when the page opens again", async ({
    page,
  }) => {
    const { path, attemptId } = roomPath({ practiceType: "FLAT" });
    await page.route("**/api/attempts", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: "{}" }),
    );
    await page.goto(path);
    await waitForHydration(page);
    await page.locator(".sheet > li").nth(0).getByRole("button", { name: /^A\./ }).click();
    await page.getByRole("button", { name: "Kết thúc" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Kết thúc" }).click();
    await expect(page.getByText(/Chưa lưu được kết quả/)).toBeVisible();
    expect(savedAttempts(attemptId)).toHaveLength(0);

    await page.unroute("**/api/attempts");
    await page.reload();
    await expect(page.getByText("Số câu đúng: 1/5")).toBeVisible();
    await expectSaved(page);
    expect(savedAttempts(attemptId)).toHaveLength(1);
  });

  test("the room and its result pass axe", async ({ page }) => {
    await page.goto(roomPath(OFF).path);
    await waitForHydration(page);
    await expectNoAxeViolations(page, "question");
    await answer(page, "B").click();
    await expect(page.locator(".room-verdict")).toBeVisible();
    await expectNoAxeViolations(page, "result");
  });

  test("the room hides the footer, the snow and its button, and passes axe in every theme", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.clock.setFixedTime(new Date("2026-12-20T09:00:00+07:00"));
    for (const theme of ["default", "custom-1", "custom-2", "custom-3", "custom-4"]) {
      await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
      await page.goto(roomPath(OFF).path);
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
      await expect(page.locator(".snowfall")).toHaveCount(0);
      await expect(page.getByRole("button", { name: /tuyết rơi|người tuyết/ })).toHaveCount(0);
      await answer(page, "B").click();
      await expectNoAxeViolations(page, `result in ${theme}`);
    }
  });

  test("a picked answer not yet submitted has its own colour and mark, far from the right and the wrong ones, in every theme, and passes axe", async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(180_000); // five themes, two axe runs each
    for (const theme of ["default", "custom-1", "custom-2", "custom-3", "custom-4"]) {
      await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
      await page.goto(roomPath(OFF).path);
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await answer(page, "A").click();
      await page.getByRole("button", { name: "Câu tiếp theo" }).click();
      // Question 2 has two keys (A and C): one pick waits for the second, picked, not submitted.
      await expect(page.getByText("2/5")).toBeVisible();
      await answer(page, "A").click();
      const picked = page.locator('.answer-option[data-state="picked"]');
      await expect(picked).toHaveCount(1);
      await expect(answer(page, "A")).toHaveAttribute("aria-pressed", "true");
      const pickedLook = await lookOf(picked);
      await expectNoAxeViolations(page, `a picked answer in ${theme}`);

      // The second pick submits: A right, B wrong.
      await answer(page, "B").click();
      await expect(page.locator(".room-verdict")).toBeVisible();
      const right = await lookOf(page.locator('.answer-option[data-state="right"]'));
      const wrong = await lookOf(page.locator('.answer-option[data-state="wrong"]'));
      for (const [name, other] of Object.entries({ right, wrong })) {
        for (const part of ["border", "background", "mark"] as const) {
          const where = `${theme}: picked ${part} ${pickedLook[part]} beside ${name} ${other[part]}`;
          expect(hueDistance(pickedLook[part], other[part]), where).toBeGreaterThanOrEqual(40);
        }
        expect(pickedLook.icon, `${theme}: the picked mark beside the ${name} one`).not.toBe(
          other.icon,
        );
      }
      await expectNoAxeViolations(page, `the result in ${theme}`);
    }
  });

  test("a room address that is incomplete says so instead of showing a blank page", async ({
    page,
  }) => {
    const response = await page.goto("/practice-control");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "Chưa chọn đề luyện tập" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expectNoAxeViolations(page, "invalid room");
  });
});

test("any one of several keys is right, with round marks; the picked answer's feedback shows in the room and the replay", async ({
  page,
}) => {
  await register(page, "Trần Văn Khoá");
  await expect(page).toHaveURL("/");
  const { path, attemptId } = roomPath(OFF, SEED.anyKeyPractice.code);
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator(".answer-options")).toHaveAttribute("data-shape", "round");
  await expect(page.getByText(/Chọn \d+ đáp án/)).toHaveCount(0);
  // B is the second of two keys: one pick shows the result, and it is right.
  await answer(page, "B").click();
  await expect(page.locator(".room-verdict")).toHaveText("Câu trả lời chính xác");
  await expect(page.locator('.answer-option[data-state="right"]')).toContainText(
    "Nhận xét: Đúng: giá trị biên là kỹ thuật hộp đen.",
  );
  await expect(page.getByText("Độ phủ nhánh là kỹ thuật hộp trắng.")).toHaveCount(0);
  await page.screenshot({ path: "test-results/issue-11-any-key-feedback.png" });
  await expectNoAxeViolations(page, "result with feedback");
  await page.getByRole("button", { name: "Câu tiếp theo" }).click();
  await answer(page, "B").click();
  await expect(page.locator('.answer-option[data-state="wrong"]')).toContainText(
    "Nhận xét: Đặc tả là cơ sở của kiểm thử hộp đen.",
  );
  await page.getByRole("button", { name: "Kết thúc" }).click();
  await expect(page.getByText("Số câu đúng: 1/2")).toBeVisible();
  await expectSaved(page);
  expect(savedAttempts(attemptId)[0]!.answers).toEqual([
    { position: 0, selected: [1], right: true },
    { position: 1, selected: [1], right: false },
  ]);
  await page.goto(paths.history({ id: attemptId }));
  await expect(page.getByText("Đúng: giá trị biên là kỹ thuật hộp đen.")).toBeVisible();
  await expect(page.getByText("Đặc tả là cơ sở của kiểm thử hộp đen.")).toBeVisible();
});

test("a signed-out visitor practises as a guest; a mock exam's room sends them to sign-in and back", async ({
  page,
}) => {
  const { path } = roomPath(OFF);
  await page.goto(path);
  await expect(page).toHaveURL(path);
  await expect(page.locator(".question-text")).toContainText("Câu 1:");
  const exam = roomPath({ ...OFF, practiceType: "FLAT", examMinutes: 15 }).path;
  await page.goto(exam);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  expect(decodeURIComponent(new URL(page.url()).searchParams.get("redirectTo") ?? "")).toBe(exam);
});

test.describe("“Bắt đầu” with the room's questions fetched ahead (issue 29)", () => {
  const isRoomData = (url: string) => new URL(url).pathname === `${paths.roomPathname}.data`;

  test("the questions come while the student chooses: the tap asks the server for nothing", async ({
    page,
  }) => {
    await register(page, "Lê Thị Sẵn Sàng");
    await expect(page).toHaveURL("/");
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) asked.push(request.url());
    });
    const fetchedAhead = page.waitForResponse((response) => isRoomData(response.url()));
    await page.goto(paths.practiceSetup(SEED.roomPractice.code));
    await waitForHydration(page);
    const ahead = await fetchedAhead;
    expect(ahead.status()).toBe(200);
    const before = asked.length;

    await page.getByRole("button", { name: "Bắt đầu" }).click();
    await expect(page.locator("#room-question")).toBeVisible();
    await expect(page.getByText("1/5")).toBeVisible();
    // Neither the room's data again nor the root's (the student is the same as a moment ago).
    expect(asked.slice(before)).toEqual([]);
    // The room opened is the one fetched: its attempt id and seed are in both addresses.
    const opened = new URL(page.url());
    const fetched = new URL(ahead.url());
    expect(fetched.searchParams.get("attempt")).toBe(opened.searchParams.get("attempt"));
    expect(fetched.searchParams.get("seed")).toBe(opened.searchParams.get("seed"));
  });

  test("a choice changed after the fetch opens the room chosen, not the one fetched", async ({
    page,
  }) => {
    const fetchedAhead = page.waitForResponse((response) => isRoomData(response.url()));
    await page.goto(paths.practiceSetup(SEED.chapterPractice.code));
    await waitForHydration(page);
    expect(new URL((await fetchedAhead).url()).searchParams.get("chapter")).toBe("0");

    await page.getByRole("radio", { name: /Chương 2: Kiểm thử hộp trắng/ }).check();
    await page.getByRole("button", { name: "Bắt đầu" }).click();
    await expect(page).toHaveURL(/chapter=1/);
    await expect(page.locator("#room-question")).toBeVisible();
    await expect(page.getByText("1/7")).toBeVisible();
  });
});
