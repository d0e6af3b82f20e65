import { expect, test } from "@playwright/test";
import {
  expectNoAxeViolations,
  isPhone,
  newEmail,
  openAccountMenu,
  register,
  waitForHydration,
} from "./helpers.ts";
import { SEED } from "../support/e2e-seed.ts";

test.describe("accounts", () => {
  test("register → the header shows the name → a reload keeps the session → logout toast → login", async ({
    page,
  }) => {
    const email = newEmail();
    await register(page, "  Nguyễn Thị Hoa  ", email, "matkhau1");
    await expect(page).toHaveURL("/");
    let nav = await openAccountMenu(page);
    const account = nav.getByRole("button", { name: "Tài khoản của Nguyễn Thị Hoa" });
    await expect(account).toBeVisible();

    // Server-rendered on the first byte: the HTML already carries the name.
    const response = await page.reload();
    expect(await response?.text()).toContain("Nguyễn Thị Hoa");

    await waitForHydration(page);
    nav = await openAccountMenu(page);
    await nav.getByRole("button", { name: "Tài khoản của Nguyễn Thị Hoa" }).click();
    await expect(nav.getByText(email)).toBeVisible();
    await expectNoAxeViolations(page, "account popup");
    await nav.getByRole("button", { name: "Đăng xuất" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Đăng xuất thành công!" }),
    ).toBeVisible();
    nav = await openAccountMenu(page);
    await expect(nav.getByRole("link", { name: "Đăng nhập" })).toBeVisible();
    if (isPhone(page)) await page.keyboard.press("Escape");

    await page.goto("/login");
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill(email.toUpperCase());
    await page.getByLabel("Mật khẩu", { exact: true }).fill("matkhau1");
    await page.getByRole("button", { name: "Đăng nhập" }).click();
    await expect(page).toHaveURL("/");
    nav = await openAccountMenu(page);
    await expect(nav.getByRole("button", { name: "Tài khoản của Nguyễn Thị Hoa" })).toBeVisible();
  });

  test("every failure has its own Vietnamese message", async ({ page }) => {
    await page.goto("/register");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Đăng ký" }).click();
    await expect(page.getByText("Vui lòng nhập họ và tên")).toBeVisible();
    await expect(page.getByText("Vui lòng nhập email")).toBeVisible();
    await expect(page.getByText("Mật khẩu phải có ít nhất 6 ký tự")).toBeVisible();
    await expectNoAxeViolations(page, "register form with errors");

    await page.getByLabel("Họ và tên").fill("Lê Minh");
    await page.getByLabel("Email", { exact: true }).fill("khong-phai-email");
    await page.getByLabel("Mật khẩu", { exact: true }).fill("123");
    await page.getByRole("button", { name: "Đăng ký" }).click();
    await expect(page.getByText("Email không đúng định dạng")).toBeVisible();
    await expect(page.getByText("Mật khẩu phải có ít nhất 6 ký tự")).toBeVisible();
    await expect(page.getByLabel("Họ và tên")).toHaveValue("Lê Minh");

    const email = newEmail();
    await register(page, "Người Thứ Nhất", email, "matkhau1");
    await expect(page).toHaveURL("/");
    await page.context().clearCookies();
    await register(page, "Người Thứ Hai", email, "matkhau2");
    await expect(page.getByRole("alert")).toHaveText(
      "Email này đã được dùng cho một tài khoản khác. Hãy đăng nhập hoặc dùng email khác.",
    );

    await page.goto("/login");
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Mật khẩu", { exact: true }).fill("sai-mat-khau");
    await page.getByRole("button", { name: "Đăng nhập" }).click();
    await expect(page.getByRole("alert")).toHaveText("Email hoặc mật khẩu không đúng.");
    // The same message for an address nobody registered: accounts cannot be discovered.
    await page.getByLabel("Email", { exact: true }).fill(newEmail());
    await page.getByLabel("Mật khẩu", { exact: true }).fill("sai-mat-khau");
    await page.getByRole("button", { name: "Đăng nhập" }).click();
    await expect(page.getByRole("alert")).toHaveText("Email hoặc mật khẩu không đúng.");
  });

  test("a guest's “Thi thử” is “Đăng nhập để bắt đầu”, which signs in and comes back to the set-up page", async ({
    page,
  }) => {
    const email = newEmail();
    await register(page, "Trần Văn Nam", email, "matkhau1");
    await expect(page).toHaveURL("/");
    await page.context().clearCookies();
    const setup = `/practice-review/${SEED.chapterPractice.code}`;
    await page.goto(setup);
    await waitForHydration(page);
    // A guest practises at once (issue 28); only a mock exam needs an account.
    await expect(page.getByRole("button", { name: "Bắt đầu" })).toBeVisible();
    await page.getByRole("radio", { name: "Thi thử" }).check();
    await page.getByRole("link", { name: "Đăng nhập để bắt đầu" }).click();
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(setup)}`);
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Mật khẩu", { exact: true }).fill("matkhau1");
    await page.getByRole("button", { name: "Đăng nhập" }).click();
    await expect(page).toHaveURL(setup);
    await expect(page.getByRole("button", { name: "Bắt đầu" })).toBeVisible();
  });

  test("never redirects off-site after sign-in", async ({ page }) => {
    const email = newEmail();
    await register(page, "Phạm An", email, "matkhau1");
    await expect(page).toHaveURL("/");
    await page.context().clearCookies();
    await page.goto("/login?redirectTo=//evil.example/steal");
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Mật khẩu", { exact: true }).fill("matkhau1");
    await page.getByRole("button", { name: "Đăng nhập" }).click();
    await expect(page).toHaveURL("/");
  });
});

test.describe("profile", () => {
  test("a signed-out visitor is sent to sign-in and back", async ({ page }) => {
    await page.goto("/profile");
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/profile")}`);
  });

  test("change the name and the password, then delete the account; the email can register again", async ({
    page,
  }) => {
    const email = newEmail();
    await register(page, "Hoàng Yến", email, "matkhau1");
    await expect(page).toHaveURL("/");
    const nav = await openAccountMenu(page);
    await nav.getByRole("button", { name: "Tài khoản của Hoàng Yến" }).click();
    await nav.getByRole("link", { name: "Tài khoản của tôi" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tài khoản của tôi");
    await expect(page.getByText("Cách đăng nhập: Email và mật khẩu")).toBeVisible();
    await expectNoAxeViolations(page, "profile");

    const nameForm = page.getByRole("form", { name: "Thông tin cá nhân" });
    await nameForm.getByLabel("Họ và tên").fill("  ");
    await nameForm.getByRole("button", { name: "Lưu họ tên" }).click();
    await expect(nameForm.getByText("Vui lòng nhập họ và tên")).toBeVisible();
    await nameForm.getByLabel("Họ và tên").fill("Hoàng Hải Yến");
    await nameForm.getByRole("button", { name: "Lưu họ tên" }).click();
    await expect(nameForm.getByRole("status")).toHaveText("Đã cập nhật họ tên.");
    // On a phone the menu closes whenever a navigation lands; one landing just after it was
    // opened closed it under load (nt-4), so open it again until it shows the new name.
    await expect(async () => {
      const header = await openAccountMenu(page);
      await expect(header.getByRole("button", { name: "Tài khoản của Hoàng Hải Yến" })).toBeVisible(
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 15_000 });
    if (isPhone(page)) await page.keyboard.press("Escape");

    const passwordForm = page.getByRole("form", { name: "Đổi mật khẩu" });
    await passwordForm.getByLabel("Mật khẩu hiện tại").fill("khong-dung");
    await passwordForm.getByLabel("Mật khẩu mới").fill("matkhau2");
    await passwordForm.getByRole("button", { name: "Đổi mật khẩu" }).click();
    await expect(passwordForm.getByText("Mật khẩu hiện tại không đúng.")).toBeVisible();
    await passwordForm.getByLabel("Mật khẩu hiện tại").fill("matkhau1");
    await passwordForm.getByLabel("Mật khẩu mới").fill("matkhau2");
    await passwordForm.getByRole("button", { name: "Đổi mật khẩu" }).click();
    await expect(passwordForm.getByRole("status")).toContainText("Đã đổi mật khẩu.");

    const danger = page.getByRole("form", { name: "Xoá tài khoản" });
    await danger.getByLabel("Nhập email của bạn để xác nhận").fill("nguoi-khac@example.com");
    await danger.getByLabel("Mật khẩu", { exact: true }).fill("matkhau2");
    await danger.getByRole("button", { name: "Xoá tài khoản vĩnh viễn" }).click();
    await expect(
      danger.getByText("Email xác nhận không khớp với email của tài khoản."),
    ).toBeVisible();
    await danger.getByLabel("Nhập email của bạn để xác nhận").fill(email);
    await danger.getByLabel("Mật khẩu", { exact: true }).fill("matkhau2");
    await danger.getByRole("button", { name: "Xoá tài khoản vĩnh viễn" }).click();
    await expect(page).toHaveURL("/");
    await expect(
      page.getByRole("status").filter({ hasText: "Tài khoản của bạn đã được xoá." }),
    ).toBeVisible();

    await register(page, "Hoàng Yến", email, "matkhau3");
    await expect(page).toHaveURL("/");
  });
});
