import { expect, test, type Page } from "@playwright/test";
import { DEFAULT_SETUP, newRoomIdentity, roomUrl } from "../../app/lib/room-setup.ts";
import { SEED } from "../support/e2e-seed.ts";
import { expectNoAxeViolations, register, shot, waitForHydration } from "./helpers.ts";

/**
 * "Thảo luận" (issue 30): under a question's result a student writes a comment with maths and a
 * script in it: the maths renders, the script never runs; another student sees "1 thảo luận" or
 * more, up-votes it and replies; a visitor reads it and is asked to sign in to write. Both
 * viewports, axe clean, nothing wider than the screen.
 */

async function firstResult(page: Page) {
  await page.goto(
    roomUrl(
      SEED.roomPractice.code,
      {
        ...DEFAULT_SETUP,
        practiceType: "SEQUENCE",
        maxResultTime: "OFF",
        selection: { type: "PRACTICE_TIME_ALL" },
      },
      newRoomIdentity(),
    ),
  );
  await waitForHydration(page);
  await page.getByRole("button", { name: /^A\./ }).click();
  await expect(page.locator(".room-verdict")).toBeVisible();
}

test("a comment's maths renders and its script does not run; others vote, reply and read it", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const mark = `${info.project.name}-${Date.now()}`;
  await register(page, "Hoàng Người Hỏi");
  await expect(page).toHaveURL("/");
  await firstResult(page);
  await page.getByRole("button", { name: /thảo luận$/i }).click();
  const panel = page.getByRole("region", { name: "Thảo luận" });
  await panel
    .getByLabel("Viết bình luận")
    .fill(
      `Vì sao $\\frac{1}{2} + \\frac{1}{3} = \\frac{5}{6}$? <img src=x onerror="window.__hacked=1"><script>window.__hacked=2</script> ${mark}`,
    );
  await panel.getByRole("button", { name: "Gửi", exact: true }).click();
  const comment = panel.getByRole("listitem").filter({ hasText: mark });
  await expect(comment).toBeVisible();
  // The maths is KaTeX's; the markup is text, and nothing of it ran.
  await expect(comment.locator(".katex")).toHaveCount(1);
  await expect(comment).toContainText("<script>window.__hacked=2</script>");
  await expect(comment.locator("img, script")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();
  // One's own comment is not up-voted by oneself; it is edited.
  await expect(comment.getByRole("button", { name: /^Hữu ích/ }).first()).toBeDisabled();
  await expectNoAxeViolations(page, "a discussion with a comment");
  await shot(page, info, "discussion");
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(page.viewportSize()!.width);

  // Another student: the count on the question, an up-vote, a reply.
  const second = await browser.newContext({ viewport: page.viewportSize()! });
  const other = await second.newPage();
  await register(other, "Lý Người Đáp");
  await expect(other).toHaveURL("/");
  await firstResult(other);
  await expect(other.getByRole("button", { name: /^\d+ thảo luận$/ })).toBeVisible();
  await other.getByRole("button", { name: /^\d+ thảo luận$/ }).click();
  const seen = other
    .getByRole("region", { name: "Thảo luận" })
    .getByRole("listitem")
    .filter({ hasText: mark });
  await seen.getByRole("button", { name: "Hữu ích, 0 lượt" }).click();
  await expect(seen.getByRole("button", { name: "Hữu ích, 1 lượt" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await seen.getByRole("button", { name: "Trả lời", exact: true }).click();
  await seen.getByLabel("Trả lời Hoàng Người Hỏi").fill(`Quy đồng mẫu số 6 nhé ${mark}`);
  await seen.getByRole("button", { name: "Gửi", exact: true }).click();
  await expect(seen.locator(".comment-replies")).toContainText(`Quy đồng mẫu số 6 nhé ${mark}`);
  await expectNoAxeViolations(other, "a discussion with a reply");
  await second.close();

  // A visitor reads it, and is asked to sign in to write.
  const third = await browser.newContext({ viewport: page.viewportSize()! });
  const visitor = await third.newPage();
  await firstResult(visitor);
  await visitor.getByRole("button", { name: /^\d+ thảo luận$/ }).click();
  const read = visitor.getByRole("region", { name: "Thảo luận" });
  await expect(read.getByRole("listitem").filter({ hasText: mark }).first()).toBeVisible();
  await expect(read.getByRole("link", { name: "Đăng nhập để tham gia thảo luận" })).toBeVisible();
  await expect(read.getByLabel("Viết bình luận")).toHaveCount(0);
  await third.close();
});
