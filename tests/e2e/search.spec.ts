import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { expectNoAxeViolations, waitForHydration } from "./helpers.ts";
import { SEED } from "../support/e2e-seed.ts";

/**
 * Issue 28, point 8: the home page's search finds practices and questions, on the server (the
 * search is in the address), typed without diacritics or as a common abbreviation; a found
 * question links to the set-up page with the chapter or range that holds it chosen.
 * The sample banks hold the questions searched for (Lập trình C: "Con trỏ, mảng, chuỗi và bộ
 * nhớ", 74 questions without chapters, so ranges of 50; Cơ sở dữ liệu's theory by chapters).
 */

const searchBox = (page: Page) =>
  page.getByRole("searchbox", { name: "Tìm đề luyện tập, câu hỏi hoặc môn học" });
const results = (page: Page, query: string) =>
  page.getByRole("region", { name: `Kết quả cho “${query}”` });
const questionResults = (page: Page, query: string) =>
  results(page, query).getByRole("region", { name: "Câu hỏi" }).getByRole("listitem");
const practiceResults = (page: Page, query: string) =>
  results(page, query).getByRole("region", { name: "Đề luyện tập" }).getByRole("listitem");

/** Screenshots for a person to look at, when SHOTS_DIR names a folder. */
async function shot(page: Page, info: TestInfo, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `search-${info.project.name}-${name}.png`) });
}

async function expectNoSidewaysScroll(page: Page, context: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, context).toBeLessThanOrEqual(0);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("“con tro” is a GET form: the results are in the first HTML and in the address", async ({
    page,
  }) => {
    await page.goto("/");
    await searchBox(page).fill("con tro");
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL("/?q=con+tro");
    await expect(page.getByRole("status")).toContainText(/Tìm thấy .*\d+ câu hỏi/);
    await expect(practiceResults(page, "con tro").first()).toContainText(
      "Con trỏ, mảng, chuỗi và bộ nhớ",
    );
    // Typed without diacritics, "tro" is also "trở": the words side by side come first.
    const questions = questionResults(page, "con tro");
    expect(await questions.count()).toBeGreaterThanOrEqual(10);
    for (const text of (await questions.allTextContents()).slice(0, 10))
      expect(text).toMatch(/con trỏ/i);
    // The stale practice list of the chosen subject is not shown beside the results.
    await expect(page.getByRole("region", { name: /^Danh sách đề luyện tập/ })).toHaveCount(0);
    await expect(searchBox(page)).toHaveValue("con tro");
  });

  test("a search that is too long gets a Vietnamese message, never an error page", async ({
    page,
  }) => {
    const response = await page.goto(`/?q=${"con tro ".repeat(30)}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("status")).toContainText("Từ khóa tìm kiếm quá dài");
  });
});

test.describe("with JavaScript", () => {
  test("results follow the typing, one history entry per search (not per key), and a question's link opens its range", async ({
    page,
  }, info) => {
    await page.goto("/about");
    await page.goto("/");
    await waitForHydration(page);
    const entries = await page.evaluate(() => history.length);
    await searchBox(page).pressSequentially("con tro", { delay: 40 });
    await expect(page).toHaveURL("/?q=con+tro");
    await expect(searchBox(page)).toBeFocused();
    await expect(page.getByRole("status")).toContainText(/Tìm thấy .*câu hỏi/);
    // One entry for the search, not one per key: Back leaves the search.
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    await expectNoAxeViolations(page, "home with search results");
    await shot(page, info, "con-tro");

    const pointerToFunction = questionResults(page, "con tro").filter({
      hasText: "con trỏ tới hàm",
    });
    await expect(pointerToFunction).toContainText("Con trỏ, mảng, chuỗi và bộ nhớ");
    await pointerToFunction.getByRole("link", { name: /Luyện câu 51–74/ }).click();
    await expect(page).toHaveURL(
      "/practice-review/ltc-con-tro-bo-nho?type=PRACTICE_TIME_RANGE&start=51&end=74",
    );
    await expect(page.getByRole("radio", { name: "Câu 51 - 74" })).toBeChecked();

    // Back on the home page, clearing the search brings the subjects and practices back.
    await page.goBack();
    await expect(searchBox(page)).toHaveValue("con tro");
    await searchBox(page).fill("");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("region", { name: /^Danh sách đề luyện tập/ })).toBeVisible();
  });

  test("no diacritics and abbreviations: “dai so boole”, “csdl toan ven” (a chapter), “ktpm”", async ({
    page,
  }) => {
    await page.goto("/?q=dai+so+boole");
    await expect(practiceResults(page, "dai so boole")).toContainText([
      "Logic, tập hợp và quan hệ",
    ]);
    await expect(
      questionResults(page, "dai so boole").filter({ hasText: "trong đại số Boole" }),
    ).toHaveCount(1);

    await page.goto("/");
    await waitForHydration(page);
    await searchBox(page).fill("csdl toan ven");
    const integrity = questionResults(page, "csdl toan ven").filter({
      hasText: "Ràng buộc toàn vẹn thực thể",
    });
    await expect(integrity).toContainText("Cơ sở dữ liệu");
    await integrity.getByRole("link", { name: /Luyện chương này/ }).click();
    await expect(page).toHaveURL(
      /\/practice-review\/csdl-ly-thuyet\?type=PRACTICE_TIME_CHAPTER&chapter=0$/,
    );
    await expect(page.getByRole("radio", { name: /^Chương 1:/ })).toBeChecked();

    await page.goto("/?q=ktpm");
    await expect(
      practiceResults(page, "ktpm").filter({ hasText: SEED.practice.title }),
    ).toHaveCount(1);
    await expect(
      questionResults(page, "ktpm").filter({ hasText: "về kiểm thử phần mềm" }),
    ).not.toHaveCount(0);
    await expectNoAxeViolations(page, "abbreviation search");
  });

  test("a search with nothing found says so", async ({ page }) => {
    await page.goto("/?q=qwxz+zzyv");
    await expect(page.getByRole("status")).toContainText(
      "Không tìm thấy đề luyện tập hay câu hỏi nào",
    );
    await expectNoAxeViolations(page, "nothing found");
  });
});

test.describe("on a phone", () => {
  test("the subjects fold into one row: the first practice is on the first screen @phone", async ({
    page,
  }, info) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.locator(".practice-card").first()).toBeInViewport();
    await shot(page, info, "home-390");
    await expectNoAxeViolations(page, "home on a phone");
  });

  test("nothing is wider than a 320 px screen, with or without a search @phone", async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const address of ["/", "/?q=con+tro"]) {
      await page.goto(address);
      await waitForHydration(page);
      await expectNoSidewaysScroll(page, address);
      await shot(page, info, address === "/" ? "home-320" : "con-tro-320");
    }
  });
});
