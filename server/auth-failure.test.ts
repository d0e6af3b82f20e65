import { describe, expect, it } from "vitest";
import {
  authFailureMessage,
  describeAuthFailure,
  failureOf,
  isChallengeOver,
  isWrongPassword,
} from "./auth-failure.ts";

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

describe("authFailureMessage: the code decides, then the status", () => {
  it("says how long an account is locked, whatever the status", () => {
    expect(authFailureMessage({ code: "ACCOUNT_TEMPORARILY_LOCKED", status: 429 })).toBe(
      "Bạn đã nhập sai mã xác minh quá nhiều lần nên việc đăng nhập tài khoản này tạm thời bị khoá. Vui lòng thử lại sau 15 phút.",
    );
  });

  it("counts the verification mails' wait in minutes, an hour when the refusal did not say", () => {
    const mails = (retryAfterSeconds?: number) =>
      authFailureMessage({ code: "TOO_MANY_VERIFICATION_MAILS", status: 429, retryAfterSeconds });
    expect(mails(125)).toContain("sau 3 phút");
    expect(mails(1)).toContain("sau 1 phút");
    expect(mails()).toContain("sau 60 phút");
  });

  it("gives any other 429 the wait in seconds, a minute when the refusal did not say", () => {
    expect(
      authFailureMessage({ code: "TOO_MANY_REQUESTS", status: 429, retryAfterSeconds: 7 }),
    ).toBe("Bạn đã thử quá nhiều lần. Vui lòng thử lại sau 7 giây.");
    expect(authFailureMessage({ code: "INVALID_PASSWORD", status: 429 })).toContain("sau 60 giây");
  });

  it("words each two-factor and mail code", () => {
    const say = (code: string) => authFailureMessage({ code, status: 400 });
    expect(say("INVALID_CODE")).toContain("Mã xác minh không đúng.");
    expect(say("INVALID_BACKUP_CODE")).toBe("Mã khôi phục không đúng hoặc đã được dùng rồi.");
    expect(say("INVALID_TWO_FACTOR_COOKIE")).toContain("Phiên xác minh đã hết hạn");
    expect(say("TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE")).toContain("nhập sai mã quá nhiều lần");
    expect(say("TOTP_ALREADY_ENABLED")).toBe("Xác minh hai bước đã được bật rồi.");
    expect(say("TOTP_NOT_ENABLED")).toContain("Chưa có thiết lập nào");
    expect(say("MAIL_NOT_SENT")).toBe("Chưa gửi được email. Vui lòng thử lại sau ít phút.");
    expect(say("PASSWORD_TOO_LONG")).toBe("Mật khẩu quá dài: tối đa 128 ký tự.");
    expect(say("CREDENTIAL_ACCOUNT_NOT_FOUND")).toContain("chưa có mật khẩu");
  });

  it("falls back on the status for a code it does not know, even one named like a property", () => {
    for (const code of ["", "SOMETHING_NEW", "constructor", "__proto__", "toString"]) {
      expect(authFailureMessage({ code, status: 400 })).toBe(
        "Không thể hoàn tất yêu cầu. Vui lòng thử lại.",
      );
      expect(authFailureMessage({ code, status: 503 })).toBe(
        "Máy chủ đang gặp sự cố. Vui lòng thử lại sau ít phút.",
      );
    }
  });
});

describe("failureOf: better-auth's refusal as a typed failure", () => {
  it("keeps the code, the status, the wait and the cookies", async () => {
    const response = failure(429, { code: "TOO_MANY_REQUESTS" }, { "X-Retry-After": "44.2" });
    response.headers.append("Set-Cookie", "a=1; Path=/");
    const result = await failureOf(response);
    expect(result).toMatchObject({
      ok: false,
      code: "TOO_MANY_REQUESTS",
      status: 429,
      retryAfterSeconds: 45,
      message: "Bạn đã thử quá nhiều lần. Vui lòng thử lại sau 45 giây.",
    });
    expect(result.headers.getSetCookie()).toEqual(["a=1; Path=/"]);
    // Read from a copy: the answer itself stays readable.
    expect(await response.json()).toEqual({ code: "TOO_MANY_REQUESTS" });
  });

  it("reads no code from a body that is not a JSON object, and no wait that is not positive", async () => {
    const notJson = await failureOf(new Response("<html>", { status: 502 }));
    expect(notJson).toMatchObject({ code: "", status: 502 });
    expect(notJson.retryAfterSeconds).toBeUndefined();
    expect(notJson.message).toBe("Máy chủ đang gặp sự cố. Vui lòng thử lại sau ít phút.");
    const nullBody = await failureOf(failure(400, null, { "X-Retry-After": "-3" }));
    expect(nullBody.code).toBe("");
    expect(nullBody.retryAfterSeconds).toBeUndefined();
  });

  it("tells a wrong password and an ended two-factor challenge by their codes", async () => {
    for (const code of ["INVALID_EMAIL_OR_PASSWORD", "INVALID_PASSWORD", "USER_NOT_FOUND"]) {
      expect(isWrongPassword(await failureOf(failure(401, { code })))).toBe(true);
    }
    expect(isWrongPassword(await failureOf(failure(401, { code: "INVALID_CODE" })))).toBe(false);
    for (const code of ["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"]) {
      expect(isChallengeOver(await failureOf(failure(401, { code })))).toBe(true);
    }
    expect(isChallengeOver(await failureOf(failure(401, { code: "INVALID_CODE" })))).toBe(false);
  });
});
