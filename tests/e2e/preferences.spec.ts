import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, isPhone, SCREENS, waitForHydration } from "./helpers.ts";

const THEMES = ["default", "custom-1", "custom-2", "custom-3", "custom-4"] as const;

async function openHeaderItems(page: Page) {
  if (isPhone(page)) await page.getByRole("button", { name: "Mở menu" }).click();
  return page.getByRole("navigation", { name: "Điều hướng chính" }).filter({ visible: true });
}

test.describe("themes", () => {
  test("a first visit gets custom-2, in the first HTML", async ({ page }) => {
    const response = await page.goto("/");
    expect(await response?.text()).toContain('data-theme="custom-2"');
  });

  test("the choice survives a reload with no flash: the first HTML already carries it", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const nav = await openHeaderItems(page);
    const green = nav.getByRole("button", { name: "Giao diện Xanh lá" });
    await green.click();
    await expect(green).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "custom-1");
    expect(await page.evaluate(() => localStorage.getItem("on-tap:theme"))).toBe("custom-1");

    const response = await page.reload();
    expect(await response?.text()).toMatch(/<html[^>]*data-theme="custom-1"/);
    await expect(page.locator("html")).toHaveAttribute("data-theme", "custom-1");
  });

  test("swatches are reachable and usable by keyboard", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await openHeaderItems(page);
    const swatch = page
      .getByRole("button", { name: "Giao diện Tím oải hương" })
      .filter({ visible: true });
    await swatch.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "custom-3");
  });

  for (const theme of THEMES) {
    test(`no axe violation on any screen in theme ${theme}`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
      for (const screen of SCREENS) {
        await page.goto(screen.path);
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await waitForHydration(page);
        await expectNoAxeViolations(page, `${screen.path} in ${theme}`);
      }
    });
  }
});

test.describe("snow", () => {
  test("falls by default in the season, and the choice to hide it persists", async ({ page }) => {
    await page.clock.setFixedTime(new Date("2026-12-20T09:00:00+07:00"));
    await page.goto("/");
    await waitForHydration(page);
    const flakes = page.locator(".snowfall");
    await expect(page.locator("html")).toHaveAttribute("data-snow", "on");
    await expect(flakes).toBeVisible();
    await expect(flakes.locator(".flake")).toHaveCount(12);

    const nav = await openHeaderItems(page);
    await nav.getByRole("button", { name: "Tắt tuyết rơi" }).click();
    await expect(flakes).toBeHidden();
    if (isPhone(page)) await page.keyboard.press("Escape");

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-snow", "off");
    await expect(flakes).toBeHidden();
  });

  test("is off by default out of season and can be turned on", async ({ page }) => {
    await page.clock.setFixedTime(new Date("2026-07-10T09:00:00+07:00"));
    await page.goto("/");
    await waitForHydration(page);
    const flakes = page.locator(".snowfall");
    await expect(flakes).toBeHidden();
    const nav = await openHeaderItems(page);
    await nav.getByRole("button", { name: "Bật tuyết rơi" }).click();
    await expect(flakes).toBeVisible();
    if (isPhone(page)) await page.keyboard.press("Escape");
    await page.reload();
    await expect(flakes).toBeVisible();
  });

  test("falling snow moves nothing on the page", async ({ page }) => {
    await page.clock.setFixedTime(new Date("2026-12-24T09:00:00+07:00"));
    await page.goto("/about");
    await waitForHydration(page);
    await expect(page.locator(".snowfall")).toBeVisible();
    // Only what moves while the snow falls (no `buffered`): a shift of the page's own load, the
    // header painted while its HTML was still being parsed on a loaded machine, is not the snow's.
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries())
              total += (entry as unknown as { value: number }).value;
          }).observe({ type: "layout-shift" });
          setTimeout(() => resolve(total), 1500);
        }),
    );
    expect(shift).toBeLessThan(0.01);
  });

  test("the snowman plays a song and a second click stops it", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const nav = await openHeaderItems(page);
    await nav.getByRole("button", { name: "Nghe nhạc người tuyết" }).click();
    const playing = nav.getByRole("button", { name: "Tắt nhạc người tuyết" });
    await expect(playing).toHaveAttribute("aria-pressed", "true");
    // The header's snowman and the phone menu's are one: both say it plays. The menu's items
    // exist once it has been opened (ADR 0040), as it is on a phone.
    const snowmen = page.locator("button.snowman");
    await expect(snowmen).toHaveCount(isPhone(page) ? 2 : 1);
    for (const snowman of await snowmen.all()) {
      await expect(snowman).toHaveAttribute("aria-pressed", "true");
    }
    await playing.click();
    for (const snowman of await snowmen.all()) {
      await expect(snowman).toHaveAttribute("aria-pressed", "false");
    }
    await expect(nav.getByRole("button", { name: "Nghe nhạc người tuyết" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });
});
