import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import sharp from "sharp";
import { DEFAULT_SETUP, newRoomIdentity, roomUrl } from "../../app/lib/room-setup.ts";
import type { PictureMeta } from "../../base/pictures.ts";
import { paths } from "../../base/paths.ts";
import type { DB } from "../../db/schema.ts";
import { E2E_DATABASE } from "../../playwright.config.ts";
import { createOwnPractice, shareOwnPractice } from "../../services/own-practices/manage.ts";
import { startTcpCutProxy } from "../support/tcp-cut-proxy.ts";
import {
  expectNoAxeViolations,
  isPhone,
  newEmail,
  openAccountMenu,
  register,
  waitForHydration,
  waitForServiceWorker,
} from "./helpers.ts";

/**
 * Pictures in questions (issue 26), on the sample practice "Đồ thị qua hình vẽ" (Toán rời rạc),
 * whose drawings the first start imports: the set-up page's preview and the room show them, a
 * tap enlarges one (Escape, "Đóng" and a tap beside it close it, focus comes back), answers that
 * are only pictures sit in a grid, the summary and the replay show them; a download brings them
 * and the room shows them with no network. Who may fetch a picture: anyone, a bank's; nobody
 * but its owner, a student's private one; a share link's holder, through its address.
 */

const CODE = "trr-do-thi-qua-hinh";

/** The practice's own texts, from its bank file: the alt texts the pages must show. */
const bankQuestions = (
  JSON.parse(readFileSync("content/banks/toan-roi-rac.json", "utf8")) as {
    practices: { code: string; questions: { text: string; answers: { text: string }[] }[] }[];
  }
).practices.find((practice) => practice.code === CODE)!.questions;
const altOf = (text: string) => /!\[([^\]]*)\]\(picture:/.exec(text)![1]!;
/** Question 1 shows a graph; question 9 ("chu trình Euler") has four answers that are pictures. */
const GRAPH_ALT = altOf(bankQuestions[0]!.text);
const EULER = 8;
const EULER_B_ALT = altOf(bankQuestions[EULER]!.answers[1]!.text);

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

/** With SHOTS_DIR set, a picture of the screen for the closing note. */
async function shot(page: Page, info: TestInfo, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `pictures-${info.project.name}-${name}.png`) });
}

/** The picture has loaded: scrolled to (pictures load lazily), decoded, with its own width. */
async function expectLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

/** On the phone project: at 320 px nothing is wider than the screen (then back to 390). */
async function fitsNarrowestPhone(page: Page, info: TestInfo) {
  if (info.project.name !== "phone") return;
  await page.setViewportSize({ width: 320, height: 700 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 390, height: 844 });
}

/** The open lightbox, named by its picture's alt text. */
const lightboxOf = (page: Page, alt: string) => page.getByRole("dialog", { name: alt });

/** Taps the dark beside the enlarged picture (not the picture, not a button). */
async function tapBeside(page: Page) {
  const view = (await page.locator(".lightbox-view").boundingBox())!;
  const image = (await page.locator(".lightbox-view img").boundingBox())!;
  if (image.y - view.y > 12) await page.mouse.click(view.x + view.width / 2, view.y + 4);
  else await page.mouse.click(view.x + 3, view.y + view.height / 2);
}

test("a practice's pictures in the preview, the room, enlarged, in a grid of answers, in the summary and the replay", async ({
  page,
}, info) => {
  // Axe on pages full of pictures: beside a second npm test one scan took up to 23 s and the
  // walk passed 120 s with nothing waited on (issue 31).
  test.setTimeout(240_000);
  await register(page, "Phạm Thị Hình Vẽ");
  await expect(page).toHaveURL("/");

  // "Xem trước câu hỏi" on the set-up page: the picture, with its alt text, enlarged and closed.
  await page.goto(paths.practiceSetup(CODE));
  await waitForHydration(page);
  await page.getByRole("radio", { name: /^Tất cả \d+ câu hỏi/ }).check();
  await page
    .getByRole("button", { name: /^Xem trước/ })
    .first()
    .click();
  const preview = page.getByRole("dialog", { name: /Xem trước câu hỏi/ });
  const previewGraph = preview.getByRole("img", { name: GRAPH_ALT }).first();
  await expect(previewGraph).toBeVisible();
  await expectLoaded(previewGraph);
  await expectNoAxeViolations(page, "set-up preview with pictures");
  await shot(page, info, "setup-preview");
  const previewZoom = preview.getByRole("button", { name: `Phóng to hình: ${GRAPH_ALT}` }).first();
  await previewZoom.click();
  await expect(lightboxOf(page, GRAPH_ALT)).toBeVisible();
  await expectLoaded(lightboxOf(page, GRAPH_ALT).getByRole("img", { name: GRAPH_ALT }));
  await page.keyboard.press("Escape");
  await expect(lightboxOf(page, GRAPH_ALT)).toHaveCount(0);
  // Only the lightbox closed: the preview is still open, and focus is back on the picture.
  await expect(preview).toBeVisible();
  await expect(previewZoom).toBeFocused();
  await preview.getByRole("button", { name: "Đóng" }).click();

  // The room, the whole sheet of questions 1-9.
  const identity = newRoomIdentity();
  await page.goto(
    roomUrl(
      CODE,
      {
        ...DEFAULT_SETUP,
        practiceType: "FLAT",
        selection: { type: "PRACTICE_TIME_RANGE", start: 1, end: EULER + 1 },
      },
      identity,
    ),
  );
  await waitForHydration(page);
  const questions = page.locator(".sheet > li");
  const graph = questions.first().getByRole("img", { name: GRAPH_ALT });
  await expectLoaded(graph);
  // Tap: enlarged, the full picture; Escape closes it and focus comes back to the picture.
  const zoom = questions.first().getByRole("button", { name: `Phóng to hình: ${GRAPH_ALT}` });
  await zoom.click();
  const lightbox = lightboxOf(page, GRAPH_ALT);
  await expect(lightbox).toBeVisible();
  await expect(lightbox.getByText(GRAPH_ALT)).toBeVisible();
  await expect(lightbox.getByRole("button", { name: "Đóng" })).toBeFocused();
  const large = lightbox.getByRole("img", { name: GRAPH_ALT });
  await expectLoaded(large);
  expect(await large.getAttribute("src")).toBe(await graph.getAttribute("src"));
  await expectNoAxeViolations(page, "a picture enlarged");
  await shot(page, info, "lightbox");
  await lightbox.getByRole("button", { name: "Kích thước thật" }).click();
  await expect(lightbox.getByRole("button", { name: "Kích thước thật" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.keyboard.press("Escape");
  await expect(lightbox).toHaveCount(0);
  await expect(zoom).toBeFocused();

  // Answers that are only pictures: two columns on a wide screen, one on a phone; each has a
  // zoom button beside it (the picture itself picks the answer).
  const euler = questions.nth(EULER);
  const answers = euler.locator(".answer-options");
  await answers.scrollIntoViewIfNeeded();
  await expect(answers).toHaveClass(/answer-pictures/);
  const columns = await answers.evaluate(
    (list) => getComputedStyle(list).gridTemplateColumns.split(" ").length,
  );
  expect(columns).toBe(isPhone(page) ? 1 : 2);
  await expectLoaded(euler.getByRole("img", { name: EULER_B_ALT }));
  await shot(page, info, "answer-grid");
  const zoomB = euler.getByRole("button", { name: "Phóng to hình của đáp án B" });
  await zoomB.click();
  const answerBox = lightboxOf(page, EULER_B_ALT);
  await expect(answerBox).toBeVisible();
  await answerBox.getByRole("button", { name: "Đóng" }).click();
  await expect(answerBox).toHaveCount(0);
  await expect(zoomB).toBeFocused();
  // A tap beside the picture closes it too.
  await zoomB.click();
  await expect(answerBox).toBeVisible();
  await tapBeside(page);
  await expect(answerBox).toHaveCount(0);
  // The answer's picture is part of the answer: a tap on it picks it.
  await euler.getByRole("button", { name: /^B\./ }).click();
  await expect(euler.getByRole("button", { name: /^B\./ })).toHaveAttribute("aria-pressed", "true");
  await expectNoAxeViolations(page, "room with pictures");
  await fitsNarrowestPhone(page, info);

  // Finished: the summary shows the pictures, and so does the replay in the history.
  for (let i = 0; i < EULER; i += 1) {
    await questions.nth(i).getByRole("button", { name: /^A\./ }).click();
  }
  await page.getByRole("button", { name: "Kết thúc" }).click();
  await expect(page.getByText("Đã lưu kết quả vào lịch sử luyện tập.")).toBeVisible();
  await expectLoaded(page.locator(".summary-card").first().getByRole("img", { name: GRAPH_ALT }));
  await expectLoaded(page.locator(".summary-card").nth(EULER).getByRole("img").nth(1));
  await expectNoAxeViolations(page, "summary with pictures");
  await fitsNarrowestPhone(page, info);

  await page.goto(paths.history({ id: identity.attemptId }));
  await waitForHydration(page);
  const replayed = page.locator(".summary-card").first().getByRole("img", { name: GRAPH_ALT });
  await expectLoaded(replayed);
  await page
    .locator(".summary-card")
    .first()
    .getByRole("button", { name: /^Phóng to hình/ })
    .click();
  await expect(lightboxOf(page, GRAPH_ALT)).toBeVisible();
  await page.keyboard.press("Escape");
  await expectNoAxeViolations(page, "replay with pictures");
  await shot(page, info, "replay");
});

test("who may fetch a picture: a bank's anyone, a private one its owner, a shared one through its link", async ({
  page,
  browser,
  playwright,
}, info) => {
  test.setTimeout(120_000);
  // A bank's picture, to a visitor: public, cached for good.
  const visitor = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const questions = await visitor.get(
    paths.practiceQuestions(
      CODE,
      new URLSearchParams({ type: "PRACTICE_TIME_RANGE", start: "1", end: "1" }),
    ),
  );
  expect(questions.status()).toBe(200);
  const { questions: first } = (await questions.json()) as { questions: { textHtml: string }[] };
  const publicUrl = /src="([^"]+)"/.exec(first[0]!.textHtml)![1]!;
  const publicPicture = await visitor.get(publicUrl);
  expect(publicPicture.status()).toBe(200);
  expect(publicPicture.headers()["cache-control"]).toContain("immutable");
  expect(publicPicture.headers()["content-type"]).toMatch(/^image\//);

  // A student's own practice with a picture they brought in: private.
  const ownerEmail = newEmail("chu-hinh");
  await register(page, "Đỗ Văn Chủ Hình", ownerEmail);
  await expect(page).toHaveURL("/");
  const png = await sharp({
    create: {
      width: 900,
      height: 500,
      channels: 3,
      background: {
        r: Math.floor(Math.random() * 256),
        g: 120,
        b: Math.floor(Math.random() * 256),
      },
    },
  })
    .png()
    .toBuffer();
  const uploaded = await page.request.post("/api/pictures", {
    data: png,
    headers: { "content-type": "image/png" },
  });
  expect(uploaded.status()).toBe(200);
  const meta = (await uploaded.json()) as PictureMeta;
  const privateUrl = `/pictures/${meta.hash}.${meta.type}`;
  const db = openDatabase();
  try {
    const ownerId = await userIdOf(db, ownerEmail);
    const { code } = await createOwnPractice(
      db,
      ownerId,
      {
        title: `Đề có hình riêng ${info.project.name} ${Date.now()}`,
        subjectName: "Vật lý 10",
        parsed: {
          chapters: [],
          questions: [
            {
              text: `Mạch điện trong hình có mấy điện trở?\n\n![Sơ đồ mạch riêng](picture:${meta.hash})`,
              answers: [
                { text: "2", key: true },
                { text: "3", key: false },
              ],
            },
          ],
        },
        pictures: [meta],
      },
      { limits: null },
    );
    expect((await page.request.get(privateUrl)).status()).toBe(200);
    expect((await page.request.get(privateUrl)).headers()["cache-control"]).toBe(
      "private, no-cache",
    );
    expect((await visitor.get(privateUrl)).status()).toBe(404);

    // Another student: not found, as for a picture that does not exist.
    const other = await browser.newContext();
    const friend = await other.newPage();
    await register(friend, "Vũ Thị Bạn Khác");
    await expect(friend).toHaveURL("/");
    expect((await friend.request.get(privateUrl)).status()).toBe(404);
    expect((await friend.request.get(`/pictures/${meta.hash}-640.${meta.type}`)).status()).toBe(
      404,
    );

    // Shared: through the link's address (?p=), before any attempt of theirs, the friend sees it.
    const { token } = await shareOwnPractice(db, ownerId, code);
    const address = `s_${token}`;
    const shared = await friend.request.get(
      paths.practiceQuestions(address, new URLSearchParams({ type: "PRACTICE_TIME_ALL" })),
    );
    const sharedHtml = ((await shared.json()) as { questions: { textHtml: string }[] })
      .questions[0]!.textHtml;
    expect(sharedHtml).toContain(`src="${privateUrl}?p=${address}"`);
    expect((await friend.request.get(`${privateUrl}?p=${address}`)).status()).toBe(200);
    expect((await friend.request.get(privateUrl)).status()).toBe(404);
    await friend.goto(
      roomUrl(
        address,
        { ...DEFAULT_SETUP, practiceType: "FLAT", selection: { type: "PRACTICE_TIME_ALL" } },
        newRoomIdentity(),
      ),
    );
    await expectLoaded(friend.getByRole("img", { name: "Sơ đồ mạch riêng" }));
    await other.close();
  } finally {
    await db.destroy();
    await visitor.dispose();
  }
});

test.describe("offline", () => {
  test("a downloaded practice brings its pictures, shows them with no network, and signing out removes them", async ({
    browser,
  }, info) => {
    test.setTimeout(180_000);
    // The device reaches the server through a proxy the test cuts: Chromium's offline emulation
    // does not cover the service worker's own requests (offline.spec.ts).
    const server = new URL(info.project.use.baseURL!);
    const proxy = await startTcpCutProxy(Number(server.port));
    const use = info.project.use;
    const context = await browser.newContext({
      baseURL: `http://127.0.0.1:${proxy.port}`,
      viewport: use.viewport,
      isMobile: use.isMobile,
      hasTouch: use.hasTouch,
      deviceScaleFactor: use.deviceScaleFactor,
      locale: "vi-VN",
      timezoneId: "Asia/Ho_Chi_Minh",
      serviceWorkers: "allow",
    });
    try {
      const page = await context.newPage();
      const email = newEmail("ngoai-tuyen-hinh");
      await register(page, "Hoàng Văn Không Mạng", email);
      await expect(page).toHaveURL("/");
      await page.goto(paths.practiceSetup(CODE));
      await waitForHydration(page);
      await waitForServiceWorker(page);
      const panel = page.getByRole("region", { name: "Luyện khi không có mạng" });
      await panel.getByRole("button", { name: "Tải về để luyện offline" }).click();
      await expect(panel.getByText(/^Đã tải về \d/)).toBeVisible({ timeout: 90_000 });

      // Stored with the download, stamped with the student, counted in its size.
      const stored = await page.evaluate(async (code) => {
        const record = await new Promise<{ bytes: number; pictures?: string[] }>(
          (resolve, reject) => {
            const open = indexedDB.open("on-tap-offline");
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const get = open.result.transaction("practices").objectStore("practices").get(code);
              get.onsuccess = () => resolve(get.result);
              get.onerror = () => reject(get.error);
            };
          },
        );
        const cache = await caches.open("on-tap-pictures");
        let bytes = 0;
        const stamps = new Set<string | null>();
        for (const url of record.pictures ?? []) {
          const response = await cache.match(url);
          if (!response) continue;
          stamps.add(response.headers.get("X-Page-User"));
          bytes += (await response.blob()).size;
        }
        return {
          listed: record.pictures?.length ?? 0,
          cached: (await cache.keys()).length,
          bytes,
          total: record.bytes,
          stamps: [...stamps],
        };
      }, CODE);
      const db = openDatabase();
      const userId = await userIdOf(db, email).finally(() => db.destroy());
      expect(stored.listed).toBeGreaterThan(40);
      expect(stored.cached).toBe(stored.listed);
      expect(stored.stamps).toEqual([userId]);
      expect(stored.total).toBeGreaterThan(stored.bytes);

      // No network, and nothing in the browser's HTTP cache (a bank's pictures are cached there
      // for good): a room never opened before shows its pictures from the download, and one
      // enlarged.
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.clearBrowserCache");
      await cdp.detach();
      proxy.cut("refuse");
      await context.setOffline(true);
      await page.goto(
        roomUrl(
          CODE,
          {
            ...DEFAULT_SETUP,
            practiceType: "FLAT",
            selection: { type: "PRACTICE_TIME_RANGE", start: 1, end: EULER + 1 },
          },
          newRoomIdentity(),
        ),
      );
      const questions = page.locator(".sheet > li");
      await expect(questions).toHaveCount(EULER + 1);
      await expectLoaded(questions.first().getByRole("img", { name: GRAPH_ALT }));
      await expectLoaded(questions.nth(EULER).getByRole("img", { name: EULER_B_ALT }));
      await waitForHydration(page).catch(() => undefined);
      await questions
        .first()
        .getByRole("button", { name: `Phóng to hình: ${GRAPH_ALT}` })
        .click();
      await expectLoaded(lightboxOf(page, GRAPH_ALT).getByRole("img", { name: GRAPH_ALT }));
      await page.keyboard.press("Escape");
      await expectNoAxeViolations(page, "room offline with pictures");

      // Signing out (online) removes them from the device.
      proxy.restore();
      await context.setOffline(false);
      await page.goto("/");
      await waitForHydration(page);
      const nav = await openAccountMenu(page);
      if (!isPhone(page)) {
        await nav.getByRole("button", { name: "Tài khoản của Hoàng Văn Không Mạng" }).click();
      }
      await nav.getByRole("button", { name: "Đăng xuất" }).click();
      await expect(page.getByText("Đăng xuất thành công!")).toBeVisible();
      expect(await page.evaluate(() => caches.has("on-tap-pictures"))).toBe(false);
    } finally {
      await context.close();
      await proxy.close();
    }
  });
});
