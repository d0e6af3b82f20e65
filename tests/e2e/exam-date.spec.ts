import { expect, test, type Page } from "@playwright/test";
import { DEFAULT_SETUP, newRoomIdentity, roomUrl } from "../../app/lib/room-setup.ts";
import { paths } from "../../base/paths.ts";
import { createOwnPractice } from "../../services/own-practices/manage.ts";
import {
  expectNoAxeViolations,
  makeFourMistakes,
  newEmail,
  openE2eDatabase,
  register,
  shot,
  userIdOf,
  waitForHydration,
} from "./helpers.ts";
import { SEED } from "../support/e2e-seed.ts";

/**
 * "Ngày thi" (issue 30): a student sets the day of their exam on the subject's page, home counts
 * the days down with today's review of that subject, the review of that subject alone starts
 * from there, and a bad day is refused in words, changing nothing.
 */

const DAY = 24 * 60 * 60 * 1000;
/** The Vietnamese calendar day `days` from now, as `<input type="date">` takes it. */
const vnDayIn = (days: number) =>
  new Date(Date.now() + 7 * 60 * 60 * 1000 + days * DAY).toISOString().slice(0, 10);
const shown = (day: string) => day.split("-").reverse().join("/");

const examSection = (page: Page) => page.getByRole("region", { name: "Ngày thi của bạn" });
const countdown = (page: Page) => page.getByRole("region", { name: "Kỳ thi sắp tới" });

test("an exam day set on the subject page counts down on home and starts that subject's review", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await register(page, "Đỗ Ngày Thi");
  await expect(page).toHaveURL("/");

  await makeFourMistakes(page);

  await page.goto(`/practice-subject/${SEED.subject.code}`);
  await waitForHydration(page);
  await expect(examSection(page)).toContainText("Đặt ngày thi");
  await expectNoAxeViolations(page, "subject page with the exam form");

  // A day already past, sent anyway (the calendar would not offer it): refused in words.
  const input = examSection(page).getByLabel("Ngày thi");
  await input.evaluate((element) => element.removeAttribute("min"));
  await input.fill(vnDayIn(-2));
  await examSection(page).getByRole("button", { name: "Lưu ngày thi" }).click();
  await expect(examSection(page).getByRole("alert")).toHaveText(
    "Ngày thi đã qua. Hãy chọn hôm nay hoặc một ngày sau hôm nay.",
  );
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "exam form with a refusal");
  await page.goto("/");
  await expect(countdown(page)).toHaveCount(0);

  // Twelve days from today.
  const examDay = vnDayIn(12);
  await page.goto(`/practice-subject/${SEED.subject.code}`);
  await waitForHydration(page);
  await examSection(page).getByLabel("Ngày thi").fill(examDay);
  await examSection(page).getByRole("button", { name: "Lưu ngày thi" }).click();
  await expect(examSection(page).getByRole("status")).toHaveText(
    `Đã lưu ngày thi ${shown(examDay)}.`,
  );
  await expect(examSection(page)).toContainText(`Ngày thi: ${shown(examDay)} — còn 12 ngày.`);
  // A refresh keeps it: it is the server's.
  await page.reload();
  await expect(examSection(page).getByLabel("Ngày thi")).toHaveValue(examDay);

  await page.goto("/");
  await expect(countdown(page)).toContainText(
    `Còn 12 ngày đến kỳ thi ${SEED.subject.name} — hôm nay ôn 4 câu`,
  );
  await expect(countdown(page)).toContainText(`Ngày thi ${shown(examDay)}`);
  // The review of every subject at once is still there, named as such.
  await expect(
    page.getByRole("region", { name: /^Ôn tập hôm nay/ }).getByRole("link", {
      name: "Ôn trộn tất cả môn",
    }),
  ).toBeVisible();
  await expectNoAxeViolations(page, "home with an exam countdown");

  await countdown(page)
    .getByRole("link", { name: `Ôn lỗi sai môn ${SEED.subject.name}` })
    .click();
  await expect(page).toHaveURL(`/mistakes?mon=${SEED.subject.code}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Ôn lỗi sai môn ${SEED.subject.name}`,
  );
  await expect(page.getByText(`Hôm nay có 4 câu môn ${SEED.subject.name}`)).toBeVisible();
  await expectNoAxeViolations(page, "review set-up of one subject");
  await page.getByRole("button", { name: "Bắt đầu ôn" }).click();
  // The subject stays in the room's address, for "Làm lại".
  await expect(page).toHaveURL(
    new RegExp(
      `/mistakes\\?id=[0-9a-f-]{36}&seed=\\d+&q=\\d+(\\.\\d+){3}&time=30&mon=${SEED.subject.code}$`,
    ),
  );
  await expect(page.getByLabel("Câu 1 trên 4")).toBeVisible();

  // A subject that does not exist is said so.
  const missing = await page.goto("/mistakes?mon=khong-co-mon-nay");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Không tìm thấy môn học");

  // Cleared: home counts nothing down any more.
  await page.goto(`/practice-subject/${SEED.subject.code}`);
  await waitForHydration(page);
  await examSection(page).getByRole("button", { name: "Xóa ngày thi" }).click();
  await expect(examSection(page).getByRole("status")).toHaveText("Đã xóa ngày thi của môn này.");
  await expect(examSection(page).getByLabel("Ngày thi")).toHaveValue("");
  await page.goto("/");
  await expect(countdown(page)).toHaveCount(0);
});

test("a visitor's subject page has no exam form", async ({ page }) => {
  await page.goto(`/practice-subject/${SEED.subject.code}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Môn ${SEED.subject.name}`);
  await expect(examSection(page)).toHaveCount(0);
});

test("an own practice's exam day is set on its set-up page, counts down on home and starts its own review", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const email = newEmail("de-rieng");
  await register(page, "Vũ Đề Riêng", email);
  await expect(page).toHaveURL("/");
  const title = `Đề cương Triết học ${info.project.name} ${Date.now()}`;
  const db = openE2eDatabase();
  let code = "";
  try {
    const userId = await userIdOf(db, email);
    ({ code } = await createOwnPractice(
      db,
      userId,
      {
        title,
        parsed: {
          chapters: [],
          questions: [
            ["Triết học Mác – Lênin ra đời vào thập niên nào?", "1840", "1900"],
            [
              "Vật chất có trước hay ý thức có trước, theo chủ nghĩa duy vật?",
              "Vật chất",
              "Ý thức",
            ],
            ["Phép biện chứng duy vật có mấy nguyên lý cơ bản?", "Hai", "Năm"],
          ].map(([text, right, wrong]) => ({
            text: text!,
            answers: [
              { text: right!, key: true },
              { text: wrong!, key: false },
            ],
          })),
        },
      },
      { limits: null },
    ));
  } finally {
    await db.destroy();
  }

  // Three mistakes on the practice: three cards.
  await page.goto(
    roomUrl(
      code,
      { ...DEFAULT_SETUP, practiceType: "FLAT", selection: { type: "PRACTICE_TIME_ALL" } },
      newRoomIdentity(),
    ),
  );
  await waitForHydration(page);
  const sheet = page.locator(".sheet > li");
  for (let i = 0; i < 3; i += 1) await sheet.nth(i).getByRole("button", { name: /^B\./ }).click();
  await page.getByRole("button", { name: "Kết thúc" }).first().click();
  await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();

  await page.goto(paths.practiceSetup(code));
  await waitForHydration(page);
  await expect(examSection(page)).toContainText("Ôn lỗi sai của đề này");
  const examDay = vnDayIn(5);
  await examSection(page).getByLabel("Ngày thi").fill(examDay);
  await examSection(page).getByRole("button", { name: "Lưu ngày thi" }).click();
  await expect(examSection(page).getByRole("status")).toHaveText(
    `Đã lưu ngày thi ${shown(examDay)}.`,
  );
  await expect(examSection(page)).toContainText(`Ngày thi: ${shown(examDay)} — còn 5 ngày.`);
  await expectNoAxeViolations(page, "own practice's set-up page with its exam day");
  await shot(page, info, "own-practice-exam-day");

  await page.goto("/");
  await expect(countdown(page)).toContainText(`Còn 5 ngày đến kỳ thi ${title} — hôm nay ôn 3 câu`);
  await expectNoAxeViolations(page, "home counting down to an own practice's exam");
  await countdown(page)
    .getByRole("link", { name: `Ôn lỗi sai đề ${title}` })
    .click();
  await expect(page).toHaveURL(`/mistakes?de=${code}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Ôn lỗi sai đề ${title}`);
  await expect(page.getByText(`Hôm nay có 3 câu của đề ${title}`)).toBeVisible();
  await page.getByRole("button", { name: "Bắt đầu ôn" }).click();
  await expect(page).toHaveURL(new RegExp(`&de=${code}$`));
  await expect(page.getByLabel("Câu 1 trên 3")).toBeVisible();

  // To another student the practice is not there: no review of it, no day to set on it.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await register(stranger, "Hồ Người Lạ");
  await expect(stranger).toHaveURL("/");
  const missing = await stranger.goto(`/mistakes?de=${code}`);
  expect(missing?.status()).toBe(404);
  await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("Không tìm thấy đề");
  await other.close();

  await page.goto(paths.practiceSetup(code));
  await waitForHydration(page);
  await examSection(page).getByRole("button", { name: "Xóa ngày thi" }).click();
  await expect(examSection(page).getByRole("status")).toHaveText("Đã xóa ngày thi của đề này.");
  await page.goto("/");
  await expect(countdown(page)).toHaveCount(0);
});
