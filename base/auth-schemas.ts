import { EMAIL_MAX, FULL_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./limits.ts";
import { z } from "./zod.ts";

/** The sign-in and sign-up forms; the same schemas check the browser's input on the server. */
// Checked in two steps so an empty field says "Vui lòng nhập email", a malformed one "không đúng định dạng".
const email = z
  .string()
  .trim()
  .min(1)
  .meta({ label: "Email" })
  .pipe(z.email().max(EMAIL_MAX).meta({ label: "Email" }))
  .transform((value) => value.toLowerCase());
const password = z.string().min(1).meta({ label: "Mật khẩu" });

export const LoginSchema = z.object({
  email,
  password,
});

export const RegisterSchema = z.object({
  fullName: z.string().trim().min(1).max(FULL_NAME_MAX).meta({ label: "Họ và tên" }),
  email,
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).meta({ label: "Mật khẩu" }),
});

const fullName = z.string().trim().min(1).max(FULL_NAME_MAX).meta({ label: "Họ và tên" });

export const UpdateNameSchema = z.object({ fullName });

export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1).meta({ label: "Mật khẩu hiện tại" }),
  newPassword: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).meta({ label: "Mật khẩu mới" }),
});

export const DeleteAccountSchema = z.object({
  confirmEmail: z.string().trim().min(1).meta({ label: "Email xác nhận" }),
  password: z.string().default("").meta({ label: "Mật khẩu" }),
});

/** "Quên mật khẩu": only the address; the answer never says whether it has an account. */
export const ForgotPasswordSchema = z.object({ email });

/** The page behind the reset link: the token from the link and the new password. */
export const ResetPasswordSchema = z.object({
  // better-auth's tokens are 24 characters; the bound only keeps junk out of the lookup.
  token: z.string().trim().min(1).max(256).meta({ label: "Liên kết" }),
  newPassword: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).meta({ label: "Mật khẩu mới" }),
});
