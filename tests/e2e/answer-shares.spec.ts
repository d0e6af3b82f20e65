import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { DEFAULT_SETUP, newRoomIdentity, roomUrl } from "../../app/lib/room-setup.ts";
import { E2E_DATABASE } from "../../playwright.config.ts";
import { expectNoAxeViolations, isPhone, register, waitForHydration } from "./helpers.ts";
import { SEED } from "../support/e2e-seed.ts";
import { roomConfig } from "../support/engine-fixture.ts";

/**
 * "How others answered" (issue 30): once ten attempts answered a question, its result shows
 * the share of attempts that picked each answer ("70% chọn"), in the room and in the summary;
 * before that, nothing.
 */

const ANSWERS = [
  "Ngay khi có bản dựng mới, trước các đợt kiểm thử sâu hơn",
  "Chỉ sau khi phần mềm đã phát hành",
  "Khi khách hàng đã gửi báo lỗi",
];

/** This project's practice: the other project's attempts never touch its counts. */
const practiceOf = (page: Page) =>
  isPhone(page) ? SEED.sharePractices.phone : SEED.sharePractices.desktop;

/** What the server counted for the practice's question, straight from its database. */
function storedShares(practiceCode: string): { answered: number; picks: number[] } | null {
  const database = new Database(E2E_DATABASE, { readonly: true });
  database.pragma("busy_timeout = 5000");
  try {
    const row = database
      .prepare(
        `select s.answered, s.picks,
           (select count(*) from attempt a where a.practice_id = p.id and a.tallied = 0) as waiting
         from practice p join question q on q.practice_id = p.id
         left join answer_share s on s.question_id = q.id where p.code = ?`,
      )
      .get(practiceCode) as { answered: number | null; picks: string | null; waiting: number };
    if (row.waiting > 0 || row.answered === null) return null;
    return { answered: row.answered, picks: JSON.parse(row.picks!) as number[] };
  } finally {
    database.close();
  }
}

async function openRoom(page: Page, practiceCode: string) {
  await page.goto(
    roomUrl(
      practiceCode,
      {
        ...DEFAULT_SETUP,
        practiceType: "SEQUENCE",
        shuffleAnswers: false,
        selection: { type: "PRACTICE_TIME_ALL" },
      },
      newRoomIdentity(),
    ),
  );
  await waitForHydration(page);
}

test("after ten answers, a result shows how others answered; before, nothing", async ({ page }) => {
  test.setTimeout(120_000);
  const practice = practiceOf(page);
  await register(page, "Lê Xem Số Đông");
  await expect(page).toHaveURL("/");
  const origin = new URL(page.url()).origin;

  // Before anyone answered: a result with no shares.
  await openRoom(page, practice.code);
  await page.getByRole("button", { name: new RegExp(ANSWERS[0]!) }).click();
  await expect(page.locator(".room-verdict")).toHaveText("Câu trả lời chính xác");
  if (storedShares(practice.code) === null) {
    await expect(page.locator(".answer-share")).toHaveCount(0);
  }

  // Ten attempts by this student: seven pick the key, three the second answer.
  const response = await page.request.get(
    `/practice-review/${practice.code}/questions?type=PRACTICE_TIME_ALL`,
  );
  const [question] = ((await response.json()) as { questions: { id: number }[] }).questions;
  for (let n = 0; n < 10; n += 1) {
    const saved = await page.request.post("/api/attempts", {
      headers: { origin },
      data: {
        id: crypto.randomUUID(),
        practiceCode: practice.code,
        selection: { type: "PRACTICE_TIME_ALL" },
        config: roomConfig({ seed: n + 1 }),
        answers: [{ questionId: question!.id, selectedAnswerIndexes: [n < 7 ? 0 : 1] }],
        answerOrders: null,
        totalTime: 12,
      },
    });
    expect(saved.status()).toBe(201);
  }
  // Counted off the save's path, every second here (ANSWER_SHARES_SECONDS).
  await expect.poll(() => storedShares(practice.code)?.answered ?? 0).toBeGreaterThanOrEqual(10);
  const counted = storedShares(practice.code)!;
  const percent = (idx: number) => Math.round(((counted.picks[idx] ?? 0) / counted.answered) * 100);

  await openRoom(page, practice.code);
  const options = page.locator("main .answer-options > li");
  await expect(page.locator(".answer-share")).toHaveCount(0); // not while answering
  await page.getByRole("button", { name: new RegExp(ANSWERS[1]!) }).click();
  await expect(page.locator(".room-verdict")).toHaveText("Câu trả lời chưa chính xác");
  for (const [idx, text] of ANSWERS.entries()) {
    await expect(options.filter({ hasText: text }).locator(".answer-share")).toHaveText(
      `${percent(idx)}% chọn`,
    );
  }
  expect(percent(0)).toBeGreaterThanOrEqual(60); // seven in ten of this run at least
  await expectNoAxeViolations(page, "result with how others answered");

  // The summary shows them too.
  await page.getByRole("button", { name: "Kết thúc" }).click();
  await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();
  await expect(
    page.locator(".answer-options > li").filter({ hasText: ANSWERS[0]! }).locator(".answer-share"),
  ).toHaveText(`${percent(0)}% chọn`);
});
