import { expect, test, type Page } from "@playwright/test";
import { isPhone, waitForHydration } from "./helpers.ts";

async function clickAbout(page: Page) {
  if (isPhone(page)) await page.getByRole("button", { name: "Mở menu" }).click();
  await page
    .getByRole("navigation", { name: "Điều hướng chính" })
    .filter({ visible: true })
    .getByRole("link", { name: "Giới thiệu" })
    .click();
}

test.describe("a route chunk that fails to load", () => {
  test("shows a Vietnamese message with “Tải lại trang”, which loads the page", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.route(/\/assets\/about-[\w-]+\.js$/, (route) => route.abort("internetdisconnected"));
    await clickAbout(page);
    await expect(page.getByRole("heading", { name: "Không tải được trang" })).toBeVisible();
    await expect(page.getByText("Mạng đang chậm hoặc ứng dụng vừa được cập nhật")).toBeVisible();

    await page.unroute(/\/assets\/about-[\w-]+\.js$/);
    await page.getByRole("button", { name: "Tải lại trang" }).click();
    await expect(page.getByRole("heading", { name: "Giới thiệu Ôn Tập" })).toBeVisible();
  });

  test("after a deploy, the page reloads once by itself, and never loops", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    // The old build's assets are gone and the server now runs another version.
    await page.route(/\/assets\/about-[\w-]+\.js$/, (route) =>
      route.fulfill({ status: 404, body: "" }),
    );
    await page.route("**/build-version", (route) =>
      route.fulfill({ json: { version: "a-new-build" } }),
    );
    const reloaded = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
    await clickAbout(page);
    await reloaded;
    await expect(page.getByRole("heading", { name: "Giới thiệu Ôn Tập" })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem("on-tap:reloaded-for-version"))).toBe(
      "a-new-build",
    );

    // Still broken after that one reload: the message stays instead of reloading again.
    await page.goto("/");
    await waitForHydration(page);
    let navigations = 0;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await clickAbout(page);
    await expect(page.getByRole("heading", { name: "Không tải được trang" })).toBeVisible();
    await page.waitForTimeout(500);
    expect(navigations).toBeLessThanOrEqual(1); // the client-side URL change only
  });

  test("a navigation still loading after 120 s is given up with the same choice, even when React renders late", async ({
    page,
  }) => {
    // React schedules its renders through a MessagePort. Holding those messages stands for a
    // loaded phone where React renders the pending navigation long after the router began it:
    // the 120 s must count from the navigation itself, not from React's render of it.
    await page.addInitScript(() => {
      const post = MessagePort.prototype.postMessage;
      const held: (() => void)[] = [];
      const w = window as { __holdRenders?: boolean; __releaseRenders?: () => void };
      // Only what the app's own scripts post is held. Playwright's fake clock waits for a
      // message on a MessageChannel of its own after each timer it fires: held too, it left
      // page.clock.runFor waiting forever whenever a timer came due inside it.
      const postedByTheApp = () => new Error().stack?.includes(`${location.origin}/assets/`);
      MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
        if (!w.__holdRenders || !postedByTheApp()) {
          return post.apply(this, args as Parameters<typeof post>);
        }
        held.push(() => post.apply(this, args as Parameters<typeof post>));
      };
      w.__releaseRenders = () => {
        w.__holdRenders = false;
        for (const deliver of held.splice(0)) deliver();
      };
    });
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    // From here only runFor moves the clock: left running in real time, the second between
    // 119 s and 120 s could pass on a loaded machine before the check that nothing shows yet.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    let asked!: () => void;
    const chunkAsked = new Promise<void>((resolve) => (asked = resolve));
    await page.route(/\/assets\/about-[\w-]+\.js$/, () => {
      // Never answered: a link that hangs.
      asked();
    });
    // Only the page's code hangs. Its data answers, and must have before the clock jumps, or
    // the jump also times that request out (60 s on a phone, 30 s on a desktop).
    const dataAnswered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/about.data",
    );
    if (isPhone(page)) await page.getByRole("button", { name: "Mở menu" }).click();
    const link = page
      .getByRole("navigation", { name: "Điều hướng chính" })
      .filter({ visible: true })
      .getByRole("link", { name: "Giới thiệu" });
    await link.waitFor();
    await page.evaluate(() => ((window as { __holdRenders?: boolean }).__holdRenders = true));
    await link.click();
    await chunkAsked;
    await dataAnswered;
    await page.clock.runFor(119_000);
    await page.evaluate(() => (window as { __releaseRenders?: () => void }).__releaseRenders?.());
    await expect(page.getByText("Trang tải quá lâu")).toHaveCount(0);
    await page.clock.runFor(2_000);
    await expect(page.getByText("Trang tải quá lâu")).toBeVisible();
    await expect(page.getByRole("button", { name: "Tải lại trang" })).toBeVisible();
  });
});
