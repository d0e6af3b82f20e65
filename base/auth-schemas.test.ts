import { describe, expect, it } from "vitest";
import {
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
} from "#base/auth-schemas.ts";
import { safeRedirectPath } from "#base/safe-redirect.ts";

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe("sign-up and sign-in schemas", () => {
  it("asks for every field in Vietnamese", () => {
    expect(messages(RegisterSchema.safeParse({ fullName: " ", email: "", password: "" }))).toEqual({
      fullName: "Vui lòng nhập họ và tên",
      email: "Vui lòng nhập email",
      password: "Mật khẩu phải có ít nhất 6 ký tự",
    });
    expect(messages(LoginSchema.safeParse({ email: "", password: "" }))).toEqual({
      email: "Vui lòng nhập email",
      password: "Vui lòng nhập mật khẩu",
    });
  });

  it("checks format and length", () => {
    expect(
      messages(
        RegisterSchema.safeParse({
          fullName: "A".repeat(81),
          email: "a@",
          password: "x".repeat(129),
        }),
      ),
    ).toEqual({
      fullName: "Họ và tên chỉ được có tối đa 80 ký tự",
      email: "Email không đúng định dạng",
      password: "Mật khẩu chỉ được có tối đa 128 ký tự",
    });
  });

  it("trims the name and normalises the email", () => {
    expect(
      RegisterSchema.parse({
        fullName: "  Hoa  ",
        email: " Hoa@Example.COM ",
        password: "matkhau",
      }),
    ).toEqual({
      fullName: "Hoa",
      email: "hoa@example.com",
      password: "matkhau",
    });
  });
});

describe("safeRedirectPath", () => {
  it("keeps a path of this site", () => {
    expect(safeRedirectPath("/practice-review/x?y=1")).toBe("/practice-review/x?y=1");
  });
  it("never leaves the site", () => {
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "",
      null,
    ]) {
      expect(safeRedirectPath(bad)).toBe("/");
    }
  });
});

describe("password reset schemas", () => {
  it("asks for the address, then a new password of 6 to 128 characters, in Vietnamese", () => {
    expect(messages(ForgotPasswordSchema.safeParse({ email: "" }))).toEqual({
      email: "Vui lòng nhập email",
    });
    expect(messages(ForgotPasswordSchema.safeParse({ email: "a@" }))).toEqual({
      email: "Email không đúng định dạng",
    });
    expect(ForgotPasswordSchema.parse({ email: " An@Example.com " })).toEqual({
      email: "an@example.com",
    });
    expect(messages(ResetPasswordSchema.safeParse({ token: "t", newPassword: "12345" }))).toEqual({
      newPassword: "Mật khẩu mới phải có ít nhất 6 ký tự",
    });
    expect(
      messages(ResetPasswordSchema.safeParse({ token: "t", newPassword: "x".repeat(129) })),
    ).toEqual({ newPassword: "Mật khẩu mới chỉ được có tối đa 128 ký tự" });
    expect(
      ResetPasswordSchema.safeParse({ token: "t", newPassword: "x".repeat(128) }).success,
    ).toBe(true);
  });
});
