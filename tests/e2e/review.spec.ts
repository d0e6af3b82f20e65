import { expect, test, type Page } from "@playwright/test";
import { DEFAULT_SETUP, newRoomIdentity, roomUrl } from "../../app/lib/room-setup.ts";
import {
  expectNoAxeViolations,
  isPhone,
  makeFourMistakes,
  newEmail,
  openAccountMenu,
  register,
  waitForHydration,
} from "./helpers.ts";
import { SEED } from "../support/e2e-seed.ts";

/**
 * "Ôn lỗi sai": the mistakes of a run are due today, the banner on the home page
 * and the history says how many, the review room asks them (shuffled answers, each question
 * with its practice), its answers move the cards, and the review is in the history.
 */

/** The room practice's questions (by a phrase of their text) and the texts of their keys. */
const KEYS: [RegExp, string[]][] = [
  [/ca kiểm thử tối thiểu/, ["Đầu vào và kết quả mong đợi"]],
  [/kiểm thử hộp đen/, ["Phân hoạch tương đương", "Phân tích giá trị biên"]],
  [/người dùng cuối/, ["Kiểm thử chấp nhận"]],
  [/phát hiện sớm/, ["Thấp hơn"]],
  [/hồi quy nhằm/, ["Bảo đảm thay đổi mới không làm hỏng chức năng cũ"]],
];

const banner = (page: Page) => page.getByRole("region", { name: /^Ôn tập hôm nay/ });

/**
 * Answers question `position` of `count` right (or with a wrong answer) and moves on.
 */
async function answer(page: Page, position: number, count: number, right: boolean) {
  await expect(page.getByLabel(`Câu ${position} trên ${count}`)).toBeVisible();
  const text = await page.locator(".question-text").innerText();
  const [, keys] = KEYS.find(([phrase]) => phrase.test(text)) ?? [];
  if (!keys) throw new Error(`unknown question: ${text}`);
  const answers = page.locator("main .question-block").getByRole("button");
  if (right) {
    for (const key of keys) await answers.filter({ hasText: key }).click();
  } else {
    const wrong = answers.filter({ hasNotText: new RegExp(keys.join("|")) }).first();
    await wrong.click();
    if (keys.length > 1) await page.getByRole("button", { name: "Xem đáp án" }).click();
  }
  await expect(page.locator(".room-verdict")).toHaveText(
    right ? "Câu trả lời chính xác" : "Câu trả lời chưa chính xác",
  );
  await page.getByRole("button", { name: /^(Câu tiếp theo|Kết thúc)$/ }).click();
}

/** "Bắt đầu ôn" on the review's set-up page, with the choices as they are. */
async function startReview(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Ôn lỗi sai" })).toBeVisible();
  await page.getByRole("button", { name: "Bắt đầu ôn" }).click();
  await expect(page).toHaveURL(/\/mistakes\?id=/);
}

test("a run's mistakes are reviewed from the banner, and the banner counts what is left", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await register(page, "Phạm Ôn Lỗi");
  await expect(page).toHaveURL("/");
  await expect(banner(page)).toHaveCount(0);

  await makeFourMistakes(page);

  await page.goto("/");
  await expect(banner(page)).toContainText("Ôn tập hôm nay: 4 câu");
  await expectNoAxeViolations(page, "home with the review banner");
  await page.goto("/practice-history");
  await expect(banner(page)).toContainText("Ôn tập hôm nay: 4 câu");
  await expectNoAxeViolations(page, "history with the review banner");

  await banner(page).getByRole("link", { name: "Bắt đầu ôn" }).click();
  await startReview(page);
  await expect(page).toHaveURL(/\/mistakes\?id=[0-9a-f-]{36}&seed=\d+&q=\d+(\.\d+){3}&time=30$/);
  await waitForHydration(page);
  await expect(page.getByLabel("Câu 1 trên 4")).toBeVisible();
  await expect(page.getByText(`Đề: ${SEED.roomPractice.title}`)).toBeVisible();
  await expectNoAxeViolations(page, "review room");

  // Right on the first; a refresh comes back to the second question.
  await answer(page, 1, 4, true);
  await expect(page.getByLabel("Câu 2 trên 4")).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await answer(page, 2, 4, true);
  await answer(page, 3, 4, true);
  // Wrong on the last: that one stays due.
  await answer(page, 4, 4, false);
  await expect(page.getByText("Số câu đúng: 3/4")).toBeVisible();
  await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();
  await expectNoAxeViolations(page, "review summary");

  await page.getByRole("link", { name: "Về trang chủ" }).click();
  await expect(page).toHaveURL("/");
  await expect(banner(page)).toContainText("Ôn tập hôm nay: 1 câu");

  // The review is in the history, and its replay names each question's practice.
  await page.goto("/practice-history");
  const card = page.getByRole("link").filter({ hasText: "Ôn lỗi sai" });
  await expect(card).toContainText("3/4 câu đúng");
  await expect(card).toContainText(`Câu sai từ: ${SEED.roomPractice.title}`);
  await card.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Xem lại bài làm");
  await expect(page.getByText(`Đề: ${SEED.roomPractice.title}`)).toHaveCount(4);
  await expectNoAxeViolations(page, "review replay");

  // The last mistake, right this time, saved through a server error ("Thử lại" once it is
  // back): nothing is due any more, and no banner shows.
  await page.route("**/api/attempts", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: "{}" }),
  );
  await page.goto("/mistakes");
  await startReview(page);
  await waitForHydration(page);
  await answer(page, 1, 1, true);
  await expect(page.getByText(/Chưa lưu được kết quả/)).toBeVisible();
  await page.unroute("**/api/attempts");
  // The room also retries on its own: whichever comes first, its retry or the click, saves it,
  // and a retry that lands first takes the button away under the click (seen beside two other
  // suites). Click while the button is there, until the saved message shows.
  const retry = page.getByRole("button", { name: "Thử lại" });
  const saved = page.getByText("Đã lưu kết quả vào lịch sử luyện tập.");
  await expect(async () => {
    if (await retry.isVisible()) await retry.click({ timeout: 1_000 });
    await expect(saved).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Danh sách môn học" })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await page.goto("/practice-history");
  await expect(page.getByRole("link").filter({ hasText: "Ôn lỗi sai" })).toHaveCount(2);
  await page.goto("/mistakes");
  await expect(
    page.getByRole("heading", { name: "Hôm nay không có câu nào cần ôn" }),
  ).toBeVisible();
});

/** What the device keeps under the app's own keys (localStorage), but the theme and snow. */
const storedKeys = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage).filter(
      (key) => key.startsWith("on-tap:") && key !== "on-tap:theme" && key !== "on-tap:snow",
    ),
  );

test("the review asks for its time per question first: the room counts it down or not at all, the choice is remembered until sign-out, and a bad time is refused in words", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = "Vũ Chọn Giờ";
  await register(page, name);
  await expect(page).toHaveURL("/");
  // A flat run finished with nothing picked: five mistakes.
  await page.goto(
    roomUrl(
      SEED.roomPractice.code,
      { ...DEFAULT_SETUP, practiceType: "FLAT", selection: { type: "PRACTICE_TIME_ALL" } },
      newRoomIdentity(),
    ),
  );
  await waitForHydration(page);
  await page.getByRole("button", { name: "Kết thúc" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Kết thúc" }).click();
  await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();

  await page.goto("/");
  await banner(page).getByRole("link", { name: "Bắt đầu ôn" }).click();
  await expect(page).toHaveURL("/mistakes");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Ôn lỗi sai" })).toBeVisible();
  await expect(page.getByText("Hôm nay có 5 câu bạn từng làm sai cần ôn lại.")).toBeVisible();
  const times = page.getByRole("group", { name: "Thời gian mỗi câu" });
  await expect(times.getByRole("radio")).toHaveCount(4);
  await expect(times.getByRole("radio", { name: "30 giây" })).toBeChecked();
  await expect(page.getByText(/mất hơn 20 giây/)).toBeVisible();
  await expectNoAxeViolations(page, "review set-up");

  // No timer: the room shows the time spent, never a countdown.
  await times.getByRole("radio", { name: "Tắt" }).check();
  await page.getByRole("button", { name: "Bắt đầu ôn" }).click();
  await expect(page).toHaveURL(/\/mistakes\?id=[0-9a-f-]{36}&seed=\d+&q=[\d.]+&time=OFF$/);
  await waitForHydration(page);
  await expect(page.getByLabel("Câu 1 trên 5")).toBeVisible();
  await expect(page.locator(".room-clock")).toHaveAttribute("data-kind", "elapsed");

  // The next review starts from the last choice; 50 s is counted down.
  await page.goto("/mistakes");
  await waitForHydration(page);
  await expect(times.getByRole("radio", { name: "Tắt" })).toBeChecked();
  await times.getByRole("radio", { name: "50 giây" }).check();
  await page.getByRole("button", { name: "Bắt đầu ôn" }).click();
  await expect(page).toHaveURL(/&time=50$/);
  await waitForHydration(page);
  await expect(page.locator(".room-clock")).toHaveAttribute("data-kind", "countdown");
  await expect(page.locator(".room-clock")).toContainText(/00:(4\d|50)/);
  await page.goto("/mistakes");
  await waitForHydration(page);
  await expect(times.getByRole("radio", { name: "50 giây" })).toBeChecked();

  // A time the review does not offer, in the address: refused in words, nothing started.
  for (const address of ["/mistakes?time=45", "/mistakes?time=abc"]) {
    const refused = await page.goto(address);
    expect(refused?.status()).toBe(400);
    await expect(
      page.getByRole("heading", { level: 1, name: "Thời gian mỗi câu không hợp lệ" }),
    ).toBeVisible();
  }
  await expectNoAxeViolations(page, "review set-up, a bad time");

  // "Đăng xuất" leaves nothing of the student's choices on the device.
  expect(await storedKeys(page)).not.toEqual([]);
  const nav = await openAccountMenu(page);
  if (!isPhone(page)) await nav.getByRole("button", { name: `Tài khoản của ${name}` }).click();
  await nav.getByRole("button", { name: "Đăng xuất" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Đăng xuất thành công!" })).toBeVisible();
  expect(await storedKeys(page)).toEqual([]);
});

test("the review room needs sign-in, and holds only the student's own mistakes", async ({
  page,
}) => {
  await page.goto("/mistakes");
  await expect(page).toHaveURL("/login?redirectTo=%2Fmistakes");
  await register(page, "Đỗ Không Lỗi");
  await expect(page).toHaveURL("/");
  const forged = await page.goto(`/mistakes?id=${newRoomIdentity().attemptId}&seed=1&q=1.2.3`);
  expect(forged?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { name: "Lượt ôn này không còn dùng được" }),
  ).toBeVisible();
});

/** Three questions in the "Câu n" layout a student pastes, one key each. */
const THREE_QUESTIONS = [1, 2, 3]
  .map((n) => `Câu ${n}: Câu hỏi ôn số ${n}?\nA. Đáp án đúng ${n}\nB. Đáp án sai ${n}\nĐáp án: A`)
  .join("\n\n");

test("a shared practice's mistakes leave the review once its link is revoked: a review already open is refused with a message, and the banner is gone", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Đề chia sẻ để ôn ${Date.now()}`;
  await register(page, "Trần Chủ Đề", newEmail("chu-de"));
  await expect(page).toHaveURL("/");
  await page.goto("/my-practices/new");
  await page.getByRole("textbox", { name: "Câu hỏi" }).fill(THREE_QUESTIONS);
  await page.getByLabel("Tên đề").fill(title);
  await page.getByRole("button", { name: "Lưu đề" }).click();
  await expect(page).toHaveURL(/\/practice-review\/u_[\w-]+$/u);
  await page.goto("/my-practices");
  const card = page.getByRole("listitem").filter({ hasText: title });
  await card.getByRole("button", { name: "Chia sẻ" }).click();
  await expect(card).toContainText("Đang chia sẻ");
  const token = (await card.getByLabel("Liên kết chia sẻ").inputValue()).split("/").at(-1)!;

  const second = await browser.newContext();
  try {
    const friend = await second.newPage();
    await register(friend, "Lê Bạn Ôn", newEmail("ban-on"));
    await expect(friend).toHaveURL("/");
    // A flat run through the link, finished with nothing picked: three mistakes.
    await friend.goto(
      roomUrl(
        token,
        { ...DEFAULT_SETUP, practiceType: "FLAT", selection: { type: "PRACTICE_TIME_ALL" } },
        newRoomIdentity(),
      ),
    );
    await waitForHydration(friend);
    await friend.getByRole("button", { name: "Kết thúc" }).click();
    await friend.getByRole("dialog").getByRole("button", { name: "Kết thúc" }).click();
    await expect(friend.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();
    await friend.goto("/");
    await expect(banner(friend)).toContainText("Ôn tập hôm nay: 3 câu");
    await banner(friend).getByRole("link", { name: "Bắt đầu ôn" }).click();
    await startReview(friend);
    await waitForHydration(friend);
    await expect(friend.getByLabel("Câu 1 trên 3")).toBeVisible();
    await expect(friend.getByText(`Đề: ${title}`)).toBeVisible();

    // The owner stops sharing while the friend's review is open.
    await page.goto("/my-practices");
    await card.getByRole("button", { name: "Ngừng chia sẻ" }).click();
    await expect(card).toContainText("Riêng tư");

    for (let n = 1; n <= 3; n++) {
      await expect(friend.getByLabel(`Câu ${n} trên 3`)).toBeVisible();
      await friend
        .locator("main .question-block")
        .getByRole("button")
        .filter({ hasText: `Đáp án đúng ${n}` })
        .click();
      await expect(friend.locator(".room-verdict")).toHaveText("Câu trả lời chính xác");
      await friend.getByRole("button", { name: /^(Câu tiếp theo|Kết thúc)$/ }).click();
    }
    await expect(friend.getByRole("status").filter({ hasText: "không còn mở được" })).toBeVisible();
    await expectNoAxeViolations(friend, "review summary, refused");

    await friend.goto("/");
    await expect(friend.getByRole("heading", { name: "Danh sách môn học" })).toBeVisible();
    await expect(banner(friend)).toHaveCount(0);
    await friend.goto("/mistakes");
    await expect(
      friend.getByRole("heading", { name: "Hôm nay không có câu nào cần ôn" }),
    ).toBeVisible();
  } finally {
    await second.close();
  }
});

test("“Ôn lại câu sai” runs the wrong questions again, and again what is still wrong, until each is answered right once", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await register(page, "Vũ Ôn Lại");
  await expect(page).toHaveURL("/");

  // A run of five with the first two right: three wrong.
  await page.goto(
    roomUrl(
      SEED.roomPractice.code,
      {
        ...DEFAULT_SETUP,
        maxQuestionTime: "OFF",
        maxResultTime: "OFF",
        selection: { type: "PRACTICE_TIME_ALL" },
      },
      newRoomIdentity(),
    ),
  );
  await waitForHydration(page);
  for (let i = 1; i <= 5; i += 1) await answer(page, i, 5, i <= 2);
  await expect(page.getByText("Số câu đúng: 2/5")).toBeVisible();
  await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();

  // The first run again: the three wrong questions, saved as a review.
  await page.getByRole("button", { name: "Ôn lại câu sai (3)" }).click();
  await expect(page).toHaveURL(/\/mistakes\?/);
  await waitForHydration(page);
  // Named for what it is, not as the day's review ("N câu đến hạn ôn").
  await expect(page.locator(".room-title")).toContainText("Ôn lại câu sai");
  await expect(page.locator(".room-title")).toContainText("3 câu làm sai ở lượt trước");
  await answer(page, 1, 3, true);
  await answer(page, 2, 3, false);
  await answer(page, 3, 3, true);
  await expect(page.getByText("Số câu đúng: 2/3")).toBeVisible();
  await expectNoAxeViolations(page, "a retry's summary");

  // Then what is still wrong, until nothing is: no more "Ôn lại câu sai".
  await page.getByRole("button", { name: "Ôn lại câu sai (1)" }).click();
  await waitForHydration(page);
  await answer(page, 1, 1, true);
  await expect(page.getByText("Số câu đúng: 1/1")).toBeVisible();
  await expect(page.getByRole("button", { name: /Ôn lại câu sai/ })).toHaveCount(0);
  // Saved before the history is opened: a history asked for while the save was still on its way
  // was once rendered without it (the save's answer came 40 ms after the page's request).
  await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();

  // Each run is in the history like any attempt; a replay offers the same from its mistakes.
  await page.goto("/practice-history");
  await expect(page.locator(".attempt-list > li")).toHaveCount(3);
  await page.locator(".attempt-card").last().click();
  await expect(page.getByRole("button", { name: "Ôn lại câu sai (3)" })).toBeVisible();
});
