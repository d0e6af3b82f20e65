import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { DEFAULT_SETUP, newRoomIdentity, roomUrl } from "../../app/lib/room-setup.ts";
import type { DB } from "../../db/schema.ts";
import { E2E_DATABASE } from "../../playwright.config.ts";
import { createOwnPractice } from "../../services/own-practices/manage.ts";
import {
  expectNoAxeViolations,
  newEmail,
  openAccountMenu,
  register,
  waitForHydration,
} from "./helpers.ts";
import { paths } from "../../base/paths.ts";

/**
 * A student's own practice (ADR 0012), made the way the editor makes one (createOwnPractice):
 * listed in "Đề của tôi", practised, in the history; shared, opened and practised by another
 * student, reported; the link revoked (not found for them); deleted, their attempt still
 * replays, marked "Đề đã bị xóa".
 */

function openDatabase(): Kysely<DB> {
  const database = new Database(E2E_DATABASE);
  database.pragma("busy_timeout = 5000");
  return new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
}

async function userIdOf(db: Kysely<DB>, email: string): Promise<string> {
  const row = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** With SHOTS_DIR set, a full-page picture of the screen for the closing note. */
async function shot(page: Page, info: TestInfo, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({
    path: path.join(dir, `${info.project.name}-${name}.png`),
    fullPage: true,
  });
}

/** On the phone project: at 320 px nothing is wider than the screen (then back to 390). */
async function fitsNarrowestPhone(page: Page, info: TestInfo, name: string) {
  if (info.project.name !== "phone") return;
  await page.setViewportSize({ width: 320, height: 700 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(320);
  await shot(page, info, `${name}-320`);
  await page.setViewportSize({ width: 390, height: 844 });
}

/** A flat run in the room, answering A but the last; the attempt's id. */
async function practise(page: Page, address: string): Promise<string> {
  const identity = newRoomIdentity();
  await page.goto(
    roomUrl(
      address,
      { ...DEFAULT_SETUP, practiceType: "FLAT", selection: { type: "PRACTICE_TIME_ALL" } },
      identity,
    ),
  );
  await waitForHydration(page);
  const questions = page.locator(".sheet > li");
  // The last one left unanswered, so "Kết thúc" asks to confirm, as it does mid-run.
  for (let i = 0; i < (await questions.count()) - 1; i += 1) {
    await questions.nth(i).getByRole("button", { name: /^A\./ }).click();
  }
  await page.getByRole("button", { name: "Kết thúc" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Kết thúc" }).click();
  await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();
  return identity.attemptId;
}

test("an own practice: listed, practised, shared, reported, revoked, deleted", async ({
  page,
  browser,
}, info) => {
  // Two students and seven axe scans: beside a second npm test each scan took 4–7 s and the
  // walk passed 120 s with nothing waited on (issue 31).
  test.setTimeout(240_000);
  const title = `Đề hóa của tôi ${info.project.name} ${Date.now()}`;
  const ownerEmail = newEmail("chu-de");
  await register(page, "Nguyễn Chủ Đề", ownerEmail);
  await expect(page).toHaveURL("/");
  const db = openDatabase();
  try {
    const ownerId = await userIdOf(db, ownerEmail);
    const { code } = await createOwnPractice(
      db,
      ownerId,
      {
        title,
        subjectName: "Hóa học 10",
        parsed: {
          chapters: [],
          questions: ["Nguyên tử khối của H?", "Kí hiệu của natri?", "Số proton của O?"].map(
            (text, i) => ({
              text,
              answers: [
                { text: ["1", "Na", "8"][i]!, key: true },
                { text: ["2", "N", "16"][i]!, key: false },
              ],
            }),
          ),
        },
      },
      { limits: null },
    );

    // "Đề của tôi" from the account menu: private, never practised.
    const nav = await openAccountMenu(page);
    if (!(await nav.getByRole("link", { name: "Đề của tôi" }).isVisible())) {
      await nav.getByRole("button", { name: /Tài khoản/ }).click();
    }
    await nav.getByRole("link", { name: "Đề của tôi" }).click();
    await expect(page).toHaveURL("/my-practices");
    const card = page.getByRole("listitem").filter({ hasText: title });
    await expect(card).toContainText("3 câu hỏi");
    await expect(card).toContainText("Riêng tư");
    await expect(card).toContainText("Chưa luyện lần nào");
    await expect(card.getByRole("link", { name: "Sửa" })).toHaveAttribute(
      "href",
      `/my-practices/${code}/edit`,
    );
    await expectNoAxeViolations(page, "Đề của tôi");

    // Practised by its owner: in the history, and "last practised" today.
    await card.getByRole("link", { name: "Luyện tập" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await practise(page, code);
    await page.goto("/practice-history");
    await expect(page.getByRole("link").filter({ hasText: title })).toHaveCount(1);
    // Its statistics link back to it, as a bank's do.
    await page.goto("/practice-history?view=statistics");
    await expect(page.getByRole("link", { name: title })).toHaveAttribute(
      "href",
      `/practice-review/${code}`,
    );
    await page.goto("/my-practices");
    await expect(card).toContainText(/Luyện lần cuối: \d{2}\/\d{2}\/\d{4}/);
    await expect(card).toContainText("1 lượt làm");

    // Shared: a link anyone can open.
    await card.getByRole("button", { name: "Chia sẻ" }).click();
    await expect(card).toContainText("Đang chia sẻ");
    const link = await card.getByLabel("Liên kết chia sẻ").inputValue();
    expect(link).toMatch(/\/practice-review\/s_[\w-]{24}$/);
    await expectNoAxeViolations(page, "Đề của tôi, shared");
    await shot(page, info, "my-practices");
    await fitsNarrowestPhone(page, info, "my-practices");

    const second = await browser.newContext();
    const friend = await second.newPage();
    const friendEmail = newEmail("ban");
    await register(friend, "Trần Bạn Học", friendEmail);
    await expect(friend).toHaveURL("/");
    await friend.goto(link);
    await expect(friend.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(friend.getByText("Hóa học 10")).toBeVisible();
    await waitForHydration(friend);
    await friend.getByText("Báo cáo", { exact: true }).click();
    await friend.getByLabel("Lý do").fill("Câu 2 thiếu phương án đúng");
    await expectNoAxeViolations(friend, "shared set-up page, report open");
    await shot(friend, info, "shared-setup-report");
    await fitsNarrowestPhone(friend, info, "shared-setup-report");
    await friend.getByRole("button", { name: "Gửi báo cáo" }).click();
    await expect(friend.getByText("Cảm ơn bạn, báo cáo đã được gửi")).toBeVisible();
    const friendAttempt = await practise(friend, link.split("/").at(-1)!);

    // An operator sees the report.
    await db
      .insertInto("operator")
      .values({ user_id: await userIdOf(db, friendEmail), granted_at: new Date().toISOString() })
      .onConflict((c) => c.column("user_id").doNothing())
      .execute();
    await friend.goto("/admin/reports");
    const report = friend.getByRole("listitem").filter({ hasText: title });
    await expect(report).toContainText("Câu 2 thiếu phương án đúng");
    await expectNoAxeViolations(friend, "reports");
    await shot(friend, info, "admin-reports");
    await db.deleteFrom("operator").execute();

    // Revoked: the friend is told the link was unshared, not that the page does not exist.
    await page.goto("/my-practices");
    await card.getByRole("button", { name: "Ngừng chia sẻ" }).click();
    await expect(card).toContainText("Riêng tư");
    const gone = await friend.goto(link);
    expect(gone?.status()).toBe(404);
    await expect(
      friend.getByRole("heading", { name: "Người tạo đã ngừng chia sẻ đề này" }),
    ).toBeVisible();

    // Deleted: gone from the list; the friend's attempt still replays, marked.
    await card.locator("summary", { hasText: "Xóa đề" }).click();
    await expectNoAxeViolations(page, "delete confirmation");
    await card.getByRole("button", { name: "Xóa đề" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
    await friend.goto(paths.history({ id: friendAttempt }));
    await expect(friend.getByText("Đề đã bị xóa")).toBeVisible();
    await expect(friend.locator(".summary-card")).toHaveCount(3);
    await expectNoAxeViolations(friend, "replay of a deleted practice");
    await shot(friend, info, "deleted-replay");
    await second.close();
  } finally {
    await db.destroy();
  }
});

test("two tabs edit one practice: the second save is refused with a message, its text kept to merge", async ({
  page,
  context,
}, info) => {
  const title = `Đề hai thẻ ${info.project.name} ${Date.now()}`;
  const email = newEmail("hai-the");
  await register(page, "Trần Hai Thẻ", email);
  await expect(page).toHaveURL("/");
  const db = openDatabase();
  try {
    const { code } = await createOwnPractice(
      db,
      await userIdOf(db, email),
      {
        title,
        parsed: {
          chapters: [],
          questions: ["Thủ đô của Nhật Bản?", "Thủ đô của Hàn Quốc?"].map((text, i) => ({
            text,
            answers: [
              { text: ["Tokyo", "Seoul"][i]!, key: true },
              { text: ["Osaka", "Busan"][i]!, key: false },
            ],
          })),
        },
      },
      { limits: null },
    );
    const second = await context.newPage();
    for (const tab of [page, second]) {
      await tab.goto(paths.myPracticeEdit(code));
      await waitForHydration(tab);
    }
    const textArea = (tab: Page) => tab.getByRole("textbox", { name: "Câu hỏi", exact: true });
    const editAndSave = async (tab: Page, from: string, to: string) => {
      const text = await textArea(tab).inputValue();
      await textArea(tab).fill(text.replace(from, to));
      await expect(tab.getByText("Không có lỗi nào: đề đã sẵn sàng để lưu.")).toBeVisible();
      await tab.getByRole("button", { name: "Lưu đề" }).click();
    };

    await editAndSave(page, "Thủ đô của Nhật Bản?", "Thủ đô của nước Nhật là thành phố nào?");
    await expect(page).toHaveURL(`/practice-review/${code}`);

    await editAndSave(second, "Thủ đô của Hàn Quốc?", "Thủ đô của Hàn Quốc là thành phố nào?");
    await expect(second.getByRole("alert")).toContainText("vừa được lưu ở một nơi khác");
    await expect(second).toHaveURL(`/my-practices/${code}/edit`);
    // The student's own text is still in the editor, and the saved copy is there to merge.
    await expect(textArea(second)).toHaveValue(/Thủ đô của Hàn Quốc là thành phố nào\?/);
    await second.getByText(`Xem bản đang lưu: “${title}”`).click();
    await expect(second.getByRole("textbox", { name: /Bản này được lưu/ })).toHaveValue(
      /Thủ đô của nước Nhật là thành phố nào\?/,
    );
    await expectNoAxeViolations(second, "Sửa đề: bản cũ bị từ chối");
    await shot(second, info, "stale-edit");
    if (info.project.name === "phone") {
      await expect
        .poll(() => second.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390);
    }

    // Merged by hand and saved again: both changes are kept.
    await editAndSave(second, "Thủ đô của Nhật Bản?", "Thủ đô của nước Nhật là thành phố nào?");
    await expect(second).toHaveURL(`/practice-review/${code}`);
    const texts = await db
      .selectFrom("question")
      .innerJoin("practice", "practice.id", "question.practice_id")
      .select("question.text")
      .where("practice.code", "=", code)
      .where("question.retired", "=", 0)
      .orderBy("question.idx")
      .execute();
    expect(texts.map((row) => row.text)).toEqual([
      "Thủ đô của nước Nhật là thành phố nào?",
      "Thủ đô của Hàn Quốc là thành phố nào?",
    ]);
  } finally {
    await db.destroy();
  }
});
