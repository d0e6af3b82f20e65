import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, waitForHydration } from "./helpers.ts";

// Issue 29, ADR 0035: the first page carries the stylesheet inline; the browser then fetches
// its file once, and every later page links it, ~57 KB lighter, and looks the same.

const INLINE = 'style[data-href="app-stylesheet"]';
const LINKED = 'link[rel="stylesheet"][href^="/assets/app-"]';

/** What the stylesheet decides on a page: fonts, colours, layout of the header and the main. */
const lookOf = (page: Page) =>
  page.evaluate(() =>
    ["body", "header", "main", "h1", "footer"].map((selector) => {
      const element = document.querySelector(selector);
      if (!element) return `${selector}: none`;
      const style = getComputedStyle(element);
      return `${selector}: ${style.fontFamily} ${style.fontSize} ${style.color} ${style.backgroundColor} ${style.display} ${style.paddingTop} ${style.maxWidth}`;
    }),
  );

test("a later page links the stylesheet the first one inlined, and looks the same, without errors", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });

  const first = await page.goto("/about");
  expect(await first?.text()).toContain('data-href="app-stylesheet"');
  await waitForHydration(page);
  await expect(page.locator(INLINE)).toHaveCount(1);
  const inlineLook = await lookOf(page);
  // Once the page is idle, the browser has the file and says so.
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "on-tap-css")?.value)
    .toMatch(/^app-[\w-]+\.css$/);

  const again = await page.reload();
  const html = (await again?.text()) ?? "";
  expect(html).not.toContain('data-href="app-stylesheet"');
  expect(html.length).toBeLessThan(40_000);
  await waitForHydration(page);
  await expect(page.locator(INLINE)).toHaveCount(0);
  await expect(page.locator(LINKED)).toHaveCount(1);
  expect(await lookOf(page)).toEqual(inlineLook);
  await expectNoAxeViolations(page, "a page with the stylesheet linked");

  // In-app navigation keeps the one stylesheet, and the next page is styled.
  await page.getByRole("link", { name: "Ôn Tập", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Danh sách môn học" })).toBeVisible();
  await expect(page.locator(LINKED)).toHaveCount(1);
  await expect(page.locator(INLINE)).toHaveCount(0);
  expect((await lookOf(page)).slice(0, 2)).toEqual(inlineLook.slice(0, 2));
  expect(errors).toEqual([]);
});

test("a cookie naming another build's stylesheet gets the stylesheet inlined again", async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: "on-tap-css", value: "app-old.css", url: baseURL! }]);
  const response = await page.goto("/about");
  expect(await response?.text()).toContain('data-href="app-stylesheet"');
  await expect(page.locator(INLINE)).toHaveCount(1);
  await waitForHydration(page);
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "on-tap-css")?.value)
    .not.toBe("app-old.css");
});
