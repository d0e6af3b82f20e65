import { describe, expect, it } from "vitest";
import { describeAuthFailure } from "./auth.server.ts";

const failure = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers });

describe("describeAuthFailure: one clear Vietnamese message per failure", () => {
  it("never tells a wrong email from a wrong password", async () => {
    const a = await describeAuthFailure(failure(401, { code: "INVALID_EMAIL_OR_PASSWORD" }));
    const b = await describeAuthFailure(failure(401, { code: "USER_NOT_FOUND" }));
    expect(a).toBe("Email hoặc mật khẩu không đúng.");
    expect(b).toBe(a);
  });

  it("says when to retry after too many attempts", async () => {
    expect(await describeAuthFailure(failure(429, {}, { "X-Retry-After": "45" }))).toBe(
      "Bạn đã thử quá nhiều lần. Vui lòng thử lại sau 45 giây.",
    );
    expect(await describeAuthFailure(failure(429, {}, { "X-Retry-After": "600" }))).toBe(
      "Bạn đã thử quá nhiều lần. Vui lòng thử lại sau 10 phút.",
    );
  });

  it("asks for a recent sign-in before deleting an account that has no password", async () => {
    expect(await describeAuthFailure(failure(400, { code: "SESSION_EXPIRED" }))).toContain(
      "đăng nhập lại trước khi xoá tài khoản",
    );
  });

  it("keeps the other failures apart", async () => {
    const messages = await Promise.all(
      ["USER_ALREADY_EXISTS", "PASSWORD_TOO_SHORT", "INVALID_EMAIL"].map((code) =>
        describeAuthFailure(failure(400, { code })),
      ),
    );
    expect(new Set(messages).size).toBe(3);
  });
});
