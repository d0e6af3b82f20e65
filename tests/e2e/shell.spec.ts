import { expect, test } from "@playwright/test";
import {
  dismissToasts,
  expectNoAxeViolations,
  isPhone,
  SCREENS,
  waitForHydration,
} from "./helpers.ts";

test.describe("every route", () => {
  for (const screen of SCREENS) {
    test(`${screen.path} renders its heading and title`, async ({ page }) => {
      const response = await page.goto(screen.path);
      const notFound = screen.path === "/khong-co-trang-nay";
      expect(response?.status()).toBe(notFound ? 404 : 200);
      // Server rendered: the heading is in the first HTML, before any script runs.
      expect(await response?.text()).toContain(screen.heading);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(screen.heading);
      await expect(page).toHaveTitle(screen.title);
      await expect(page.locator("html")).toHaveAttribute("lang", "vi");
    });
  }

  test("an unknown path shows the 404 screen with a link home", async ({ page }) => {
    const response = await page.goto("/mot/duong/dan/sai");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "Ooops... Trang này không tồn tại" }),
    ).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("link", { name: "Về trang chủ" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { name: "Danh sách môn học" })).toBeVisible();
  });

  test("an unknown subject or practice is a 404", async ({ page }) => {
    expect((await page.goto("/practice-subject/khong-co"))?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "Ooops... Trang này không tồn tại" }),
    ).toBeVisible();
    expect((await page.goto("/practice-review/khong-co"))?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "Ooops... Trang này không tồn tại" }),
    ).toBeVisible();
  });
});

test.describe("header", () => {
  test("signed out, it offers sign-in and sign-up as full page loads", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    if (isPhone(page)) await page.getByRole("button", { name: "Mở menu" }).click();
    const nav = page
      .getByRole("navigation", { name: "Điều hướng chính" })
      .filter({ visible: true });
    await expect(nav.getByRole("link", { name: "Đăng ký" })).toBeVisible();
    const feedback = nav.getByRole("link", { name: "Góp ý" });
    await expect(feedback).toHaveAttribute("href", /^mailto:.+\?subject=G%C3%B3p%20%C3%BD/);
    // A full document load: the navigation is a real request for the HTML page.
    const documentRequest = page.waitForRequest(
      (r) => r.isNavigationRequest() && r.url().endsWith("/login"),
    );
    await nav.getByRole("link", { name: "Đăng nhập" }).click();
    await documentRequest;
    await expect(page.getByRole("heading", { level: 1, name: "Đăng nhập" })).toBeVisible();
  });

  test("the brand link goes home", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Ôn Tập" }).first().click();
    await expect(page).toHaveURL("/");
  });
});

// The slide-in menu exists below 1024 px only: these run in the phone project (see the tags).
test.describe("mobile menu @phone", () => {
  test("opens, traps focus, and closes on Escape, a tap outside and a route change", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const menu = page.getByRole("dialog", { name: "Menu" });
    const open = page.getByRole("button", { name: "Mở menu" });

    await open.click();
    await expect(menu).toBeVisible();
    for (let i = 0; i < 30; i += 1) {
      // Forwards past the last item and backwards past the first, focus stays in the menu.
      await page.keyboard.press(i < 12 ? "Tab" : "Shift+Tab");
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await open.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(10, 400); // the backdrop, left of the panel
    await expect(menu).toBeHidden();

    await open.click();
    await menu.getByRole("link", { name: "Giới thiệu" }).click();
    await expect(page).toHaveURL("/about");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { name: "Giới thiệu Ôn Tập" })).toBeVisible();
  });

  test("holds the same items as the desktop header, with the theme swatches", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Mở menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    for (const name of ["Giới thiệu", "Góp ý", "Đăng nhập", "Đăng ký"]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }
    await expect(
      menu.getByRole("group", { name: "Chọn màu giao diện" }).getByRole("button"),
    ).toHaveCount(5);
    await expectNoAxeViolations(page, "open mobile menu");
  });
});

test.describe("desktop header @desktop", () => {
  test("shows the actions inline at 1024 px and up", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Mở menu" })).toBeHidden();
    const nav = page
      .getByRole("navigation", { name: "Điều hướng chính" })
      .filter({ visible: true });
    await expect(nav.getByRole("link", { name: "Giới thiệu" })).toBeVisible();
  });
});

test.describe("footer", () => {
  test("is shown on pages (room.spec.ts checks it is hidden in the room)", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("Liên hệ với chúng tôi:");
    await expect(footer.getByRole("link", { name: /Gửi email/ })).toHaveAttribute(
      "href",
      /^mailto:/,
    );
  });
});

test.describe("navigation", () => {
  test("every path change scrolls back to the top", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole("link", { name: "Ôn Tập" }).first().click();
    await expect(page).toHaveURL("/");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a path change under reduced motion jumps to the top at once", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    // Record how the app asks to scroll: "instant" here, "smooth" otherwise.
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { scrollCalls: unknown[] }).scrollCalls = calls;
      const original = window.scrollTo.bind(window);
      window.scrollTo = ((...args: [ScrollToOptions]) => {
        calls.push(args[0]);
        original(...args);
      }) as typeof window.scrollTo;
    });
    await page.goto("/about");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Ôn Tập" }).first().click();
    await expect(page).toHaveURL("/");
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { scrollCalls: unknown[] }).scrollCalls),
      )
      .toEqual([{ top: 0, left: 0, behavior: "instant" }]);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("toast from the URL", () => {
  test("shows once, then leaves the URL", async ({ page }) => {
    await page.goto(
      `/about?x=1&type=error&message=${encodeURIComponent("Đăng xuất thất bại vui lòng thử lại nhé!")}`,
    );
    const toast = page
      .getByRole("alert")
      .filter({ hasText: "Đăng xuất thất bại vui lòng thử lại nhé!" });
    await expect(toast).toBeVisible();
    await expect(page).toHaveURL("/about?x=1");
    await expectNoAxeViolations(page, "page with a toast");
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByText("Đăng xuất thất bại vui lòng thử lại nhé!")).toHaveCount(0);
  });

  test("defaults to an info toast that closes by itself after 5 seconds", async ({ page }) => {
    await page.clock.install();
    await page.goto(`/?message=${encodeURIComponent("Đăng xuất thành công!")}`);
    const toast = page.getByRole("status").filter({ hasText: "Đăng xuất thành công!" });
    await expect(toast).toBeVisible();
    await expect(page).toHaveURL("/");
    await page.clock.runFor(6000);
    await expect(toast).toBeHidden();
  });

  test("a test closes toasts whether they are showing, leaving or already gone (dismissToasts)", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto(`/?message=${encodeURIComponent("Đăng xuất thành công!")}`);
    const toast = page.getByRole("status").filter({ hasText: "Đăng xuất thành công!" });
    await expect(toast).toBeVisible();
    await dismissToasts(page);
    await expect(toast).toBeHidden();

    // The toast closed by itself (its timer is a CSS animation, so real time) before the test
    // came to close it: nothing to press, and no waiting for a button that never comes back.
    await page.goto(`/about?message=${encodeURIComponent("Đã lưu!")}`);
    const saved = page.getByRole("status").filter({ hasText: "Đã lưu!" });
    await expect(saved).toBeVisible();
    await expect(saved).toBeHidden({ timeout: 15_000 });
    await dismissToasts(page);
  });
});

test("a request the server never answers gives up after 30 s with a message @desktop", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto("/");
  await waitForHydration(page);
  // The page data of /about never comes back.
  await page.route("**/about.data*", () => {});
  // The clock runs only once the request is out: on a loaded runner the route's chunk can take
  // real time to come first, and a timer started after runFor would never reach 30 s.
  const requested = page.waitForRequest("**/about.data*");
  await page.getByRole("link", { name: "Giới thiệu" }).first().click();
  await requested;
  await page.clock.runFor(29_000);
  const message = page.getByRole("alert").filter({ hasText: "Máy chủ phản hồi quá lâu" });
  await expect(message).toHaveCount(0);
  await page.clock.runFor(1_500);
  await expect(message).toBeVisible();
});
