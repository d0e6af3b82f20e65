import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { DEFAULT_SETUP, newRoomIdentity, roomUrl } from "../../app/lib/room-setup.ts";
import { createOwnPractice, shareOwnPractice } from "../../services/own-practices/manage.ts";
import {
  expectNoAxeViolations,
  newEmail,
  openE2eDatabase,
  register,
  shot,
  userIdOf,
  waitForHydration,
} from "./helpers.ts";
import { roomConfig } from "../support/engine-fixture.ts";

/**
 * "Báo đáp án sai" (issue 30), walked by a student and the practice's owner: the student
 * answers, reports the key from the room's result ("Đang được xem lại" shows); the owner finds
 * it in "Đề của tôi" and fixes the key; the student's replay says so, and one tap rescores the
 * attempt (the first score stays in view). On both viewports, axe clean, nothing wider than
 * the screen.
 */

/** Nothing wider than the screen, at the project's width and (on the phone) at 320 px. */
async function fitsScreen(page: Page, info: TestInfo) {
  const width = page.viewportSize()!.width;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width);
  if (info.project.name !== "phone") return;
  await page.setViewportSize({ width: 320, height: 700 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 390, height: 844 });
}

test("a student reports a key, the owner fixes it, the student's rescoring shows the new score", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(240_000);
  const title = `Đề địa lý ${info.project.name} ${Date.now()}`;
  const ownerEmail = newEmail("chu-de");
  await register(page, "Phạm Người Soạn", ownerEmail);
  await expect(page).toHaveURL("/");
  const db = openE2eDatabase();
  let address = "";
  try {
    const ownerId = await userIdOf(db, ownerEmail);
    const { code } = await createOwnPractice(
      db,
      ownerId,
      {
        title,
        parsed: {
          chapters: [],
          questions: [
            {
              text: "Thủ đô của Việt Nam là thành phố nào?",
              // The key is wrong: "Huế" stands marked, "Hà Nội" is right.
              answers: [
                { text: "Hà Nội", key: false },
                { text: "Huế", key: true },
                { text: "Đà Nẵng", key: false },
              ],
            },
            {
              text: "Sông nào chảy qua Hà Nội?",
              answers: [
                { text: "Sông Hồng", key: true },
                { text: "Sông Hương", key: false },
              ],
            },
          ],
        },
      },
      { limits: null },
    );
    address = `s_${(await shareOwnPractice(db, ownerId, code)).token}`;
  } finally {
    await db.destroy();
  }

  // The student answers "Hà Nội": wrong by the stored key. They report it from the result.
  const second = await browser.newContext({ viewport: page.viewportSize()! });
  const student = await second.newPage();
  await register(student, "Đỗ Học Sinh");
  await expect(student).toHaveURL("/");
  await student.goto(
    roomUrl(
      address,
      {
        ...DEFAULT_SETUP,
        practiceType: "SEQUENCE",
        maxResultTime: 10,
        selection: { type: "PRACTICE_TIME_ALL" },
      },
      newRoomIdentity(),
    ),
  );
  await waitForHydration(student);
  await student.getByRole("button", { name: /Hà Nội/ }).click();
  await expect(student.locator(".room-verdict")).toHaveText("Câu trả lời chưa chính xác");
  const resultShownAt = Date.now();
  await student.getByRole("button", { name: "Báo đáp án sai" }).click();
  const form = student.locator(".report-question-form");
  await expect(form.getByRole("radio", { name: "Đáp án sai" })).toBeChecked();
  await form.getByLabel("Ghi chú (không bắt buộc)").fill("Thủ đô của Việt Nam là Hà Nội.");
  await expectNoAxeViolations(student, "room result with the report form open");
  await shot(student, info, "report-form");
  await fitsScreen(student, info);
  // Writing the report holds the result: past its 10 s the room has not moved on.
  await student.waitForTimeout(Math.max(0, resultShownAt + 11_000 - Date.now()));
  await expect(student.locator(".room-progress")).toHaveText("1/2");
  await form.getByRole("button", { name: "Gửi báo cáo" }).click();
  await expect(student.getByText("Cảm ơn bạn! Người soạn đề sẽ xem lại câu này.")).toBeVisible();
  await expect(student.locator(".under-review")).toContainText("Đang được xem lại");
  await student.getByRole("button", { name: "Câu tiếp theo" }).click();
  await student.getByRole("button", { name: /Sông Hồng/ }).click();
  await student.getByRole("button", { name: "Kết thúc" }).click();
  await expect(student.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();
  await expect(student.getByText("Số câu đúng: 1/2")).toBeVisible();

  // The owner finds it in "Đề của tôi" and fixes the key, with a word for the student.
  await page.goto("/my-practices");
  const queue = page.getByRole("region", { name: "Báo lỗi câu hỏi" });
  const item = queue.getByRole("listitem").filter({ hasText: `Câu 1 — ${title}` });
  await expect(item).toContainText("Đáp án sai: Thủ đô của Việt Nam là Hà Nội.");
  await expectNoAxeViolations(page, "Đề của tôi with a reported question");
  await item.getByRole("link", { name: "Xem và xử lý" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Câu 1 — ${title}`);
  // Who reported stays with the operators: the owner reads "Một học sinh".
  await expect(page.getByText(/^Một học sinh · \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByText("Đỗ Học Sinh")).toHaveCount(0);
  await waitForHydration(page);
  await expectNoAxeViolations(page, "a reported question's page");
  await shot(page, info, "fix-page");
  await fitsScreen(page, info);
  const keys = page.getByRole("checkbox", { name: "Đáp án đúng" });
  await keys.nth(0).check();
  await keys.nth(1).uncheck();
  await page.getByLabel("Lời nhắn cho người báo (không bắt buộc)").fill("Cảm ơn em, đã sửa.");
  await page.getByRole("button", { name: "Lưu bản sửa" }).click();
  await expect(page).toHaveURL(/\/my-practices/);
  await expect(page.getByText("Đã sửa câu hỏi và đóng các báo cáo.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Báo lỗi câu hỏi" })).toHaveCount(0);

  // The student's replay: the fix, the answer under the new key, and one tap to rescore.
  await student.goto("/practice-history");
  await student.getByRole("link").filter({ hasText: title }).first().click();
  const notice = student.getByRole("region", { name: "Đáp án đã được sửa" });
  await expect(notice).toContainText("Chấm theo đáp án mới: 2/2 câu đúng.");
  await expect(
    student.getByText(
      /Đáp án câu này đã được sửa ngày \d{2}\/\d{2}\/\d{4}\. Theo đáp án mới, câu trả lời của bạn là Đúng\./,
    ),
  ).toBeVisible();
  await expect(student.getByText("Câu này đã được sửa theo báo cáo của bạn.")).toBeVisible();
  await expect(student.getByText("Trả lời: “Cảm ơn em, đã sửa.”")).toBeVisible();
  await expect(student.getByText("Số câu đúng: 1/2")).toBeVisible();
  await waitForHydration(student);
  await expectNoAxeViolations(student, "a replay after a key fix");
  await shot(student, info, "replay-fixed");
  await fitsScreen(student, info);
  await notice.getByRole("button", { name: "Chấm lại theo đáp án mới" }).click();
  await expect(student.getByText("Đã chấm lại bài làm theo đáp án mới.")).toBeVisible();
  await expect(student.getByText("Số câu đúng: 2/2")).toBeVisible();
  await expect(notice).toContainText(
    /Đã chấm lại ngày \d{2}\/\d{2}\/\d{4}: 2\/2 câu đúng \(điểm gốc: 1\/2\)\./,
  );
  // Once: no second tap to take.
  await expect(notice.getByRole("button", { name: "Chấm lại theo đáp án mới" })).toHaveCount(0);
  await second.close();
});

test("a key most strong attempts miss is listed to its owner, who opens it on the fix page and fixes it", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const title = `Đề nghi ngờ ${info.project.name} ${Date.now()}`;
  const ownerEmail = newEmail("nghi-ngo");
  await register(page, "Vũ Người Ra Đề", ownerEmail);
  await expect(page).toHaveURL("/");
  const origin = new URL(page.url()).origin;
  const db = openE2eDatabase();
  let code = "";
  try {
    const ownerId = await userIdOf(db, ownerEmail);
    ({ code } = await createOwnPractice(
      db,
      ownerId,
      {
        title,
        parsed: {
          chapters: [],
          questions: [
            ...[2, 3, 4, 5].map((n) => ({
              text: `${n} + ${n} bằng bao nhiêu?`,
              answers: [
                { text: String(n + n), key: true },
                { text: String(n + n + 1), key: false },
              ],
            })),
            {
              text: "Số nguyên tố chẵn duy nhất là số nào?",
              // Marked wrong: strong students all pick "2".
              answers: [
                { text: "2", key: false },
                { text: "4", key: true },
              ],
            },
          ],
        },
      },
      { limits: null },
    ));
  } finally {
    await db.destroy();
  }
  // Ten strong attempts (4 of 5 right), each answering "2".
  const response = await page.request.get(
    `/practice-review/${code}/questions?type=PRACTICE_TIME_ALL`,
  );
  const { questions } = (await response.json()) as { questions: { id: number }[] };
  for (let n = 0; n < 10; n += 1) {
    const saved = await page.request.post("/api/attempts", {
      headers: { origin },
      data: {
        id: crypto.randomUUID(),
        practiceCode: code,
        selection: { type: "PRACTICE_TIME_ALL" },
        config: roomConfig({ seed: n + 1 }),
        answers: questions.map((question) => ({
          questionId: question.id,
          selectedAnswerIndexes: [0],
        })),
        answerOrders: null,
        totalTime: 40,
      },
    });
    expect(saved.status()).toBe(201);
  }

  // Counted off the save's path every second here: then "Đáp án đáng ngờ" lists it.
  const suspect = page.getByRole("region", { name: "Đáp án đáng ngờ" });
  await expect(async () => {
    await page.goto("/my-practices");
    await expect(suspect).toContainText(`Câu 5 — ${title}`, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(suspect).toContainText("Chỉ 0/10 bài làm tốt trả lời đúng câu này");
  await suspect.getByRole("link", { name: "Xem và sửa câu hỏi" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Câu 5 — ${title}`);
  await expect(page.getByText("Chưa có báo cáo nào đang chờ xử lý về câu này.")).toBeVisible();
  await waitForHydration(page);
  const keys = page.getByRole("checkbox", { name: "Đáp án đúng" });
  await keys.nth(0).check();
  await keys.nth(1).uncheck();
  await page.getByRole("button", { name: "Lưu bản sửa" }).click();
  await expect(page.getByText("Đã sửa câu hỏi và đóng các báo cáo.")).toBeVisible();
  // The fixed question is a new revision with no answers yet: no longer suspect.
  await expect(page.getByRole("region", { name: "Đáp án đáng ngờ" })).toHaveCount(0);
});
