import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { computeTotp, secretOfTotpUri } from "../support/totp.ts";
import { expectNoAxeViolations, register, waitForHydration } from "./helpers.ts";

const PASSWORD = "matkhau1";

async function signInWithPassword(page: Page, email: string, redirectTo: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await waitForHydration(page);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Mật khẩu", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Đăng nhập" }).click();
}

/** A 6-digit code that is not the current one (nor its neighbours). */
function wrongCode(secret: string): string {
  const valid = [-30_000, 0, 30_000].map((shift) => computeTotp(secret, Date.now() + shift));
  return ["000000", "111111", "222222", "333333"].find((code) => !valid.includes(code))!;
}

test.describe("two-factor sign-in", () => {
  test("turned on in the profile, then sign-in asks for the code from the app", async ({
    page,
    context,
  }) => {
    const email = `sv-${randomUUID().slice(0, 8)}@example.com`;
    await register(page, "Đặng Minh Thư", email, PASSWORD);
    await expect(page).toHaveURL("/");

    await page.goto("/profile");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Xác minh hai bước" });
    await expect(section.getByText("Đang tắt.")).toBeVisible();
    await section.getByLabel("Mật khẩu hiện tại").fill(PASSWORD);
    await section.getByRole("button", { name: "Bật xác minh hai bước" }).click();

    await expect(
      section.getByRole("img", { name: "Mã QR để thêm tài khoản Ôn Tập vào ứng dụng xác thực" }),
    ).toBeVisible();
    const uri = await section.getByLabel("Đường dẫn thiết lập").inputValue();
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const secret = secretOfTotpUri(uri);
    const recoveryCodes = await section
      .getByRole("list", { name: "Mã khôi phục" })
      .getByRole("listitem")
      .allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    // "Sao chép các mã": all ten, one per line, and it says so.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await section.getByRole("button", { name: "Sao chép các mã" }).click();
    await expect(section.getByText("Đã sao chép 10 mã khôi phục.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      recoveryCodes.join("\n"),
    );
    await expectNoAxeViolations(page, "two-factor setup");

    // Six digits: a phone shows its number pad.
    await expect(section.getByLabel("Mã 6 chữ số trong ứng dụng")).toHaveAttribute(
      "inputmode",
      "numeric",
    );
    await section.getByLabel("Mã 6 chữ số trong ứng dụng").fill(wrongCode(secret));
    await section.getByRole("button", { name: "Xác nhận và bật" }).click();
    await expect(section.getByRole("alert")).toContainText("Mã xác minh không đúng.");
    await section.getByLabel("Mã 6 chữ số trong ứng dụng").fill(computeTotp(secret));
    await section.getByRole("button", { name: "Xác nhận và bật" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Đã bật xác minh hai bước." }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Xác minh hai bước" })).toContainText("Đang bật");

    // Another device: the password alone is not enough.
    await context.clearCookies();
    await signInWithPassword(page, email, "/profile");
    await expect(page).toHaveURL(`/login/two-factor?redirectTo=${encodeURIComponent("/profile")}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nhập mã xác minh");
    await waitForHydration(page);
    await expectNoAxeViolations(page, "two-factor sign-in step");
    await page.getByLabel("Mã xác minh", { exact: true }).fill(wrongCode(secret));
    await page.getByRole("button", { name: "Xác minh" }).click();
    await expect(page.getByRole("alert")).toContainText("Mã xác minh không đúng.");
    await page.getByLabel("Mã xác minh", { exact: true }).fill(computeTotp(secret));
    await page.getByRole("button", { name: "Xác minh" }).click();
    await expect(page).toHaveURL("/profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tài khoản của tôi");

    // No phone at hand: a recovery code works, once.
    await context.clearCookies();
    await signInWithPassword(page, email, "/");
    await expect(page).toHaveURL("/login/two-factor");
    await waitForHydration(page);
    await page.getByLabel("Mã xác minh", { exact: true }).fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: "Xác minh" }).click();
    await expect(page).toHaveURL("/");
  });
});
