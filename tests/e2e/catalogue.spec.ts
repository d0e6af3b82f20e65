import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, register, waitForHydration } from "./helpers.ts";
import { SEED } from "../support/e2e-seed.ts";
import { paths } from "../../base/paths.ts";

/** The sample subjects and how many practices each has (the drawings' practices: issue 26). */
const SAMPLE_PRACTICE_COUNTS = {
  "Cơ sở dữ liệu": 2,
  "Lập trình C": 2,
  "Mạng máy tính": 3,
  "Tiếng Anh": 2,
  "Toán rời rạc": 3,
  "Triết học Mác - Lênin": 2,
  "Toán 12 — Ôn thi tốt nghiệp THPT": 1,
  "Vật lí 12 — Ôn thi tốt nghiệp THPT": 1,
};
const SAMPLE_SUBJECTS = Object.keys(SAMPLE_PRACTICE_COUNTS);

function subjectTiles(page: Page) {
  return page.getByRole("region", { name: "Danh sách môn học" }).getByRole("listitem");
}

test.describe("home", () => {
  test("lists the sample subjects with their counts in the first HTML", async ({ page }) => {
    const response = await page.goto("/");
    const html = (await response?.text()) ?? "";
    for (const name of SAMPLE_SUBJECTS) expect(html).toContain(name);
    for (const [name, count] of Object.entries(SAMPLE_PRACTICE_COUNTS)) {
      await expect(subjectTiles(page).filter({ hasText: name })).toContainText(
        `${count} đề luyện tập`,
      );
    }
    await expectNoAxeViolations(page, "home with the catalogue");
  });

  test("search ignores diacritics and case, and finds subjects by keyword", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const search = page.getByRole("searchbox", { name: "Tìm đề luyện tập, câu hỏi hoặc môn học" });
    const foundSubjects = (query: string) =>
      page
        .getByRole("region", { name: `Kết quả cho “${query}”` })
        .getByRole("region", { name: "Môn học" })
        .getByRole("listitem");
    await search.fill("triet hoc");
    await expect(foundSubjects("triet hoc")).toHaveCount(1);
    await expect(foundSubjects("triet hoc")).toContainText("Triết học Mác - Lênin");
    await search.fill("CSDL");
    await expect(foundSubjects("CSDL")).toHaveCount(1);
    await expect(foundSubjects("CSDL")).toContainText("Cơ sở dữ liệu");
    await search.fill("khong co mon nay");
    await expect(page.getByRole("status")).toContainText("Không tìm thấy");
  });

  test("a click selects a subject and lists its practices; a second click opens its page", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const tile = subjectTiles(page).filter({ hasText: "Toán rời rạc" }).getByRole("link");
    await tile.click();
    await expect(page).toHaveURL("/?mon=toan-roi-rac");
    const region = page.getByRole("region", { name: /Danh sách đề luyện tập: Toán rời rạc/ });
    await expect(
      region.getByRole("link", { name: "Xem tất cả đề của môn Toán rời rạc" }),
    ).toBeVisible();
    const practices = region.getByRole("list");
    await expect(practices.getByRole("link")).toHaveCount(SAMPLE_PRACTICE_COUNTS["Toán rời rạc"]);
    await expect(practices.getByRole("link").first()).toContainText(/\d+ đã làm/);
    await expect(practices.getByRole("link").first()).toContainText(/\d+ câu hỏi/);
    await subjectTiles(page).filter({ hasText: "Toán rời rạc" }).getByRole("link").click();
    await expect(page).toHaveURL("/practice-subject/toan-roi-rac");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Môn Toán rời rạc");
  });

  test("a catalogue that cannot be loaded says so and offers “Thử lại”, never a blank page", async ({
    page,
  }) => {
    await page.goto("/about");
    await waitForHydration(page);
    await page.route(/\.data(\?|$)/, (route) => route.fulfill({ status: 500, body: "" }));
    await page.getByRole("link", { name: "Ôn Tập" }).first().click();
    await expect(page.getByRole("alert")).toContainText("Đã có lỗi xảy ra");
    await page.unroute(/\.data(\?|$)/);
    await page.getByRole("button", { name: "Thử lại" }).click();
    await expect(page.getByRole("heading", { name: "Danh sách môn học" })).toBeVisible();
  });
});

test.describe("subject page", () => {
  test("shows the subject's practices and up to ten suggestions from other subjects", async ({
    page,
  }) => {
    await page.goto("/practice-subject/mang-may-tinh");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Môn Mạng máy tính");
    const suggestions = page
      .getByRole("region", { name: "Gợi ý luyện tập thêm" })
      .getByRole("link");
    const count = await suggestions.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(10);
    for (const text of await suggestions.allTextContents())
      expect(text).not.toContain("Mạng máy tính");
    await expectNoAxeViolations(page, "subject page");
  });
});

test.describe("set-up page", () => {
  const path = `/practice-review/${SEED.practice.code}`;

  test("range tiles cover every question of a 1,202-question practice, and “Tất cả” is choosable", async ({
    page,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    const ranges = page.getByRole("group", { name: "Chọn bộ câu hỏi" });
    await expect(ranges.getByRole("radio")).toHaveCount(26); // 25 tiles of 50 + "Tất cả"
    await expect(ranges.getByText("Câu 1201 - 1202")).toBeVisible();
    await page.getByRole("radio", { name: "100 câu" }).check();
    await expect(ranges.getByText("Câu 1201 - 1202")).toBeVisible();
    await expect(ranges.getByRole("radio")).toHaveCount(14);
    await ranges.getByRole("radio", { name: "Tất cả 1.202 câu hỏi" }).check();
    // A chosen option carries a check mark, not only a border; the others none.
    const mark = (name: string, pseudo: "::before" | "::after") =>
      page
        .getByRole("radio", { name })
        .evaluate(
          (input, which) => getComputedStyle(input.closest("label")!, which).content,
          pseudo,
        );
    expect(await mark("Tất cả 1.202 câu hỏi", "::after")).toContain("✓");
    expect(await mark("Câu 1 - 100", "::after")).toBe("none");
    expect(await mark("100 câu", "::before")).toContain("✓");
    expect(await mark("50 câu", "::before")).toBe("none");
    // The bar says how many once: not "Tất cả 1.202 câu hỏi · 1.202 câu hỏi".
    await expect(page.locator(".sticky-summary-full")).toHaveText("Tất cả 1.202 câu hỏi");
  });

  test("choices survive a reload", async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    await page.getByRole("radio", { name: "Câu 51 - 100" }).check();
    await page.getByRole("radio", { name: "Hiển thị toàn bộ câu hỏi" }).check();
    await page.getByRole("switch", { name: "Xáo trộn đáp án" }).check();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("radio", { name: "Câu 51 - 100" })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Hiển thị toàn bộ câu hỏi" })).toBeChecked();
    await expect(page.getByRole("switch", { name: "Xáo trộn đáp án" })).toBeChecked();
    // Flat sheet: the sequence-only timers are gone.
    await expect(page.getByRole("group", { name: "Thời gian đếm ngược câu hỏi" })).toHaveCount(0);
  });

  test("has the spec's defaults", async ({ page }) => {
    await page.goto(paths.practiceSetup(SEED.chapterPractice.code));
    await waitForHydration(page);
    await expect(page.getByRole("radio", { name: "Trả lời tuần tự từng câu hỏi" })).toBeChecked();
    await expect(
      page
        .getByRole("group", { name: "Thời gian đếm ngược câu hỏi" })
        .getByRole("radio", { name: "30 giây" }),
    ).toBeChecked();
    await expect(
      page
        .getByRole("group", { name: "Thời gian tự động chuyển câu hỏi" })
        .getByRole("radio", { name: "20 giây" }),
    ).toBeChecked();
    await expect(page.getByRole("switch", { name: "Hiển thị đáp án sau câu hỏi" })).toBeChecked();
    await expect(page.getByRole("switch", { name: "Hiển thị thông báo" })).toBeChecked();
    await expect(page.getByRole("switch", { name: "Xáo trộn câu hỏi" })).not.toBeChecked();
    await expect(page.getByRole("switch", { name: "Xáo trộn đáp án" })).not.toBeChecked();
  });

  test("a fresh set-up page has its first choice made from the first paint, so “Bắt đầu” opens the room on the first tap", async ({
    page,
  }) => {
    await register(page, "Phan Thị Chạm Một");
    await expect(page).toHaveURL("/");
    const cases = [
      {
        code: SEED.chapterPractice.code,
        chosen: /Chương 1: Kiểm thử hộp đen/,
        params: "type=PRACTICE_TIME_CHAPTER&chapter=0",
      },
      {
        code: SEED.practice.code,
        chosen: "Câu 1 - 50",
        params: "type=PRACTICE_TIME_RANGE&start=1&end=50",
      },
      {
        code: SEED.roomPractice.code,
        chosen: "Tất cả 5 câu hỏi",
        params: "type=PRACTICE_TIME_ALL",
      },
    ];
    for (const { code, chosen, params } of cases) {
      const html = await (await page.request.get(paths.practiceSetup(code))).text();
      expect(html, code).toMatch(/<input type="radio" name="selection" checked=""/u);
      await page.goto(paths.practiceSetup(code));
      await waitForHydration(page);
      await expect(page.getByRole("radio", { name: chosen })).toBeChecked();
      await page.getByRole("button", { name: "Bắt đầu" }).click();
      await expect(page).toHaveURL(
        new RegExp(`/practice-control\\?${params}&practice=${code}&`, "u"),
      );
      await expect(page.getByRole("alert").filter({ hasText: "Vui lòng chọn" })).toHaveCount(0);
    }
  });

  test("chapter 0 is a chapter; the preview lists its questions, with and without answers", async ({
    page,
  }) => {
    await page.goto(paths.practiceSetup(SEED.chapterPractice.code));
    await waitForHydration(page);
    const chapters = page.getByRole("group", { name: "Luyện tập theo chương" });
    await expect(
      chapters.getByText("Nội dung chương: Phân hoạch tương đương, giá trị biên"),
    ).toBeVisible();
    await chapters.getByRole("radio", { name: /Chương 1: Kiểm thử hộp đen/ }).check();
    await page.getByRole("button", { name: "Xem trước câu hỏi" }).click();
    const dialog = page.getByRole("dialog", { name: /Xem trước câu hỏi/ });
    await expect(dialog.getByRole("listitem").filter({ hasText: /^Câu \d+:/ })).toHaveCount(5);
    // Line breaks of code survive.
    await expect(dialog.locator("pre.code-block").first()).toHaveText(
      "SELECT COUNT(*)\nFROM test_case;",
    );
    await expect(dialog.locator(".answer-key")).toHaveCount(0);
    await dialog.getByRole("switch", { name: "Hiển thị đáp án" }).check();
    await expect(dialog.locator(".answer-key")).toHaveCount(5);
    await expectNoAxeViolations(page, "preview dialog");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Xem trước câu hỏi" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Đóng" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("keeps a loaded question list in the browser, keyed by the content version", async ({
    page,
  }) => {
    await page.goto(paths.practiceSetup(SEED.chapterPractice.code));
    await waitForHydration(page);
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/questions?")) requests.push(request.url());
    });
    await page.getByRole("radio", { name: /Chương 2: Kiểm thử hộp trắng/ }).check();
    for (let i = 0; i < 2; i += 1) {
      await page.getByRole("button", { name: "Xem trước câu hỏi" }).click();
      await expect(
        page
          .getByRole("dialog")
          .getByRole("listitem")
          .filter({ hasText: /^Câu \d+:/ }),
      ).toHaveCount(7);
      await page.getByRole("dialog").getByRole("button", { name: "Đóng" }).click();
    }
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(/type=PRACTICE_TIME_CHAPTER&chapter=1&v=\d+/);
  });

  test("renders math on the server", async ({ page }) => {
    await page.goto("/practice-review/trr-logic-tap-hop-quan-he");
    await waitForHydration(page);
    await page.getByRole("radio", { name: "Câu 1 - 50" }).check();
    await page.getByRole("button", { name: "Xem trước câu hỏi" }).click();
    await expect(page.getByRole("dialog").locator(".katex").first()).toBeVisible();
  });

  test("signed out, “Bắt đầu” stays (a guest practises), and “Thi thử” leads to sign-in and back", async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.getByRole("button", { name: "Bắt đầu" })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("radio", { name: "Thi thử" }).check();
    const login = page.getByRole("link", { name: "Đăng nhập để bắt đầu" });
    await expect(login).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(path)}`);
    await expectNoAxeViolations(page, "set-up page");
  });
});

test.describe("every sample subject", () => {
  test("has a practice whose set-up page starts a room for a signed-in student", async ({
    page,
  }) => {
    await register(page, "Sinh Viên Thử");
    await expect(page).toHaveURL("/");
    for (const code of [
      "co-so-du-lieu",
      "lap-trinh-c",
      "mang-may-tinh",
      "tieng-anh",
      "toan-roi-rac",
      "triet-hoc-mac-lenin",
    ]) {
      await page.goto(paths.subject(code));
      await page.getByRole("region", { name: /^Môn / }).getByRole("link").first().click();
      await expect(page).toHaveURL(/\/practice-review\//);
      await waitForHydration(page);
      await page.getByRole("radio", { name: /^Tất cả .* câu hỏi$/ }).check();
      await page.getByRole("button", { name: "Bắt đầu" }).click();
      await expect(page).toHaveURL(
        /\/practice-control\?type=PRACTICE_TIME_ALL&practice=[a-z0-9-]+&mode=SEQUENCE/,
      );
      // A real room: the practice's first question, answerable at once.
      await expect(page.locator(".room-progress")).toHaveText(/^1\/\d+$/);
      await expect(page.locator(".question-text")).toContainText("Câu 1:");
      await waitForHydration(page);
      await page.getByRole("button", { name: /^A\./ }).click();
      // Picked: marked as picked (a question with several keys) or already graded (one key).
      await expect(page.locator(".answer-option").first()).toHaveAttribute(
        "data-state",
        /picked|right|wrong/,
      );
    }
  });
});
