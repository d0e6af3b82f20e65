import { expect, test } from "@playwright/test";
import { linkIn, readOutbox, type ReceivedMail } from "../support/mail.ts";
import {
  expectNoAxeViolations,
  isPhone,
  newEmail,
  openAccountMenu,
  register,
  waitForHydration,
} from "./helpers.ts";

// The browser tests' server has no SMTP_URL: its mails land in DATA_DIR/outbox
// (DATA_DIR is tests/.tmp/e2e in playwright.config.ts; paths are from the repository root).
const OUTBOX = "tests/.tmp/e2e/outbox";
const VERIFY_SUBJECT = "Xác minh email cho tài khoản Ôn Tập";
const RESET_SUBJECT = "Đặt lại mật khẩu Ôn Tập";
const NEUTRAL_ANSWER =
  "Nếu email này đã được đăng ký, chúng tôi vừa gửi tới đó một liên kết đặt lại mật khẩu.";

/** The newest mail to this address with this subject, once it is in the outbox. */
async function waitForMail(to: string, subject: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readOutbox(OUTBOX);
        found = mails.filter((mail) => mail.to.includes(to) && mail.subject === subject).at(-1);
        return found !== undefined;
      },
      { message: `a mail "${subject}" to ${to} in ${OUTBOX}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The mailed link, on the server the browser talks to (the link names PUBLIC_URL or localhost). */
function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test("register → verification reminder → hide it → sign out → “Quên mật khẩu” → the mailed link → a new password", async ({
  page,
}) => {
  const email = newEmail();
  const name = "Đinh Thu Trang";

  await register(page, name, email);
  await expect(page).toHaveURL("/");

  // Practice is open at once; the reminder only asks.
  const reminder = page.getByRole("region", { name: "Xác minh email" });
  await expect(reminder).toContainText(`Hãy xác minh email ${email}`);
  await expect(reminder.getByRole("button", { name: "Gửi lại" })).toBeVisible();
  await expectNoAxeViolations(page, "home with the verification reminder");
  const verification = await waitForMail(email, VERIFY_SUBJECT);
  expect(linkIn(verification)).toContain("/verify-email?token=");

  await waitForHydration(page);
  const dismissed = page.waitForResponse(
    (response) =>
      response.url().includes("/verify-email") && response.request().method() === "POST",
  );
  await reminder.getByRole("button", { name: "Ẩn nhắc nhở" }).click();
  await expect(reminder).toHaveCount(0);
  await dismissed; // the cookie that remembers it comes with the answer
  // Remembered: a fresh page load (server-rendered) leaves it out too.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Danh sách môn học" })).toBeVisible();
  await expect(reminder).toHaveCount(0);

  await waitForHydration(page);
  const nav = await openAccountMenu(page);
  await nav.getByRole("button", { name: `Tài khoản của ${name}` }).click();
  await nav.getByRole("button", { name: "Đăng xuất" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Đăng xuất thành công!" })).toBeVisible();
  if (isPhone(page)) await page.keyboard.press("Escape");

  await page.goto("/login");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Quên mật khẩu?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quên mật khẩu");
  await expect(page).toHaveTitle("Quên mật khẩu | Ôn Tập");

  // By keyboard: the field is labelled, Enter sends the form.
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Email", { exact: true }).press("Enter");
  const answer = page.getByRole("status").filter({ hasText: NEUTRAL_ANSWER });
  await expect(answer).toBeVisible();
  await expectNoAxeViolations(page, "forgot password, answered");

  // An address nobody registered gets the very same answer.
  await page.getByLabel("Email", { exact: true }).fill(newEmail());
  await page.getByRole("button", { name: "Gửi liên kết đặt lại mật khẩu" }).click();
  await expect(answer).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);

  const link = pathOf(linkIn(await waitForMail(email, RESET_SUBJECT)));
  expect(link).toMatch(/^\/reset-password\?token=/);
  await page.goto(link);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Đặt lại mật khẩu");
  await expectNoAxeViolations(page, "reset password form");

  await page.getByLabel("Mật khẩu mới").fill("123");
  await page.getByLabel("Mật khẩu mới").press("Enter");
  await expect(page.getByText("Mật khẩu mới phải có ít nhất 6 ký tự")).toBeVisible();
  await page.getByLabel("Mật khẩu mới").fill("matkhau-moi");
  await page.getByLabel("Mật khẩu mới").press("Enter");
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("status").filter({ hasText: "Đã đặt mật khẩu mới." })).toBeVisible();

  await waitForHydration(page);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Mật khẩu", { exact: true }).fill("matkhau1");
  await page.getByRole("button", { name: "Đăng nhập" }).click();
  await expect(page.getByRole("alert")).toHaveText("Email hoặc mật khẩu không đúng.");
  await page.getByLabel("Mật khẩu", { exact: true }).fill("matkhau-moi");
  await page.getByRole("button", { name: "Đăng nhập" }).click();
  await expect(page).toHaveURL("/");
  const header = await openAccountMenu(page);
  await expect(header.getByRole("button", { name: `Tài khoản của ${name}` })).toBeVisible();
  if (isPhone(page)) await page.keyboard.press("Escape");

  // The link works once: opened again it says so, with the way to a new one.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText(
    "Liên kết đặt lại mật khẩu này đã hết hạn hoặc đã được sử dụng.",
  );
  await page.getByRole("link", { name: "Yêu cầu liên kết mới" }).click();
  await expect(page).toHaveURL("/forgot-password");
});

test("the verification link verifies the email and the reminder goes away", async ({ page }) => {
  const email = newEmail();
  await register(page, "Mạc Thị Bưởi", email);
  await expect(page).toHaveURL("/");
  const reminder = page.getByRole("region", { name: "Xác minh email" });
  await expect(reminder).toBeVisible();

  await page.goto(pathOf(linkIn(await waitForMail(email, VERIFY_SUBJECT))));
  await expect(page).toHaveURL("/verify-email?verified=1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Email đã được xác minh");
  await expectNoAxeViolations(page, "email verified");
  await page.getByRole("link", { name: "Về trang chủ" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { name: "Danh sách môn học" })).toBeVisible();
  await expect(reminder).toHaveCount(0);
});
