import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import {
  enableTwoFactor,
  requestReset,
  sendDeletionLink,
  sendVerification,
  signIn,
  startProviderSignIn,
} from "./auth-operations.ts";

/**
 * The typed auth operations against a stand-in for better-auth's handler: what each sends, and
 * how each answer becomes `{ ok: true, … }` or `{ ok: false, code, message, status, … }`.
 */
function stubContext(answer: (request: Request) => Response | Promise<Response>) {
  const sent: { url: string; headers: Headers; body: unknown }[] = [];
  const logger = { error: vi.fn(), warn: vi.fn() };
  const context = {
    auth: {
      options: { baseURL: "https://ontap.example" },
      handler: async (request: Request) => {
        sent.push({
          url: request.url,
          headers: request.headers,
          body: await request.clone().json(),
        });
        return answer(request);
      },
      sendAccountDeletionLink: vi.fn(),
    },
    clientIp: "203.0.113.7",
    logger,
    publicEnv: { signInProviders: [{ id: "oidc", name: "Trường Em" }] },
  } as unknown as AppLoadContext;
  return { context, sent, logger };
}

const browser = new Request("https://ontap.example/login", {
  method: "POST",
  headers: { cookie: "session=abc", "user-agent": "Thu" },
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers });

describe("signIn", () => {
  it("posts to better-auth on behalf of the browser, and says when the code is still due", async () => {
    const { context, sent } = stubContext(() =>
      json(200, { twoFactorRedirect: true }, { "Set-Cookie": "challenge=1; Path=/" }),
    );
    const result = await signIn(context, browser, {
      email: "an@example.com",
      password: "matkhau1",
    });
    expect(result).toMatchObject({ ok: true, twoFactor: true });
    expect(result.headers.getSetCookie()).toEqual(["challenge=1; Path=/"]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe("https://ontap.example/api/auth/sign-in/email");
    expect(sent[0]!.body).toEqual({
      email: "an@example.com",
      password: "matkhau1",
      rememberMe: true,
    });
    expect(sent[0]!.headers.get("origin")).toBe("https://ontap.example");
    expect(sent[0]!.headers.get("cookie")).toBe("session=abc");
    expect(sent[0]!.headers.get("x-on-tap-client-ip")).toBe("203.0.113.7");
  });

  it("answers a wrong password with its code, its message and its status", async () => {
    const { context } = stubContext(() => json(401, { code: "INVALID_EMAIL_OR_PASSWORD" }));
    expect(await signIn(context, browser, { email: "a@b.vn", password: "x" })).toMatchObject({
      ok: false,
      code: "INVALID_EMAIL_OR_PASSWORD",
      message: "Email hoặc mật khẩu không đúng.",
      status: 401,
    });
  });

  it("turns a call that throws into a logged 500 with the server's apology", async () => {
    const { context, logger } = stubContext(() => {
      throw new Error("database gone");
    });
    expect(await signIn(context, browser, { email: "a@b.vn", password: "x" })).toMatchObject({
      ok: false,
      code: "AUTH_CALL_FAILED",
      message: "Máy chủ đang gặp sự cố. Vui lòng thử lại sau ít phút.",
      status: 500,
    });
    expect(logger.error).toHaveBeenCalledOnce();
  });
});

describe("the refusals with a wait of their own", () => {
  it("requestReset: the per-address limit in minutes", async () => {
    const { context } = stubContext(() =>
      json(429, { code: "TOO_MANY_REQUESTS" }, { "X-Retry-After": "600" }),
    );
    expect(await requestReset(context, browser, { email: "a@b.vn" })).toMatchObject({
      ok: false,
      code: "TOO_MANY_REQUESTS",
      status: 429,
      retryAfterSeconds: 600,
      message: "Bạn đã yêu cầu đặt lại mật khẩu quá nhiều lần. Vui lòng thử lại sau 10 phút.",
    });
  });

  it("sendVerification: the account's mails per hour in minutes; an already verified address by its code", async () => {
    const limited = stubContext(() =>
      json(429, { code: "TOO_MANY_VERIFICATION_MAILS" }, { "X-Retry-After": "61" }),
    );
    expect(await sendVerification(limited.context, browser, { email: "a@b.vn" })).toMatchObject({
      ok: false,
      status: 429,
      message: "Bạn đã yêu cầu gửi email xác minh quá nhiều lần. Vui lòng thử lại sau 2 phút.",
    });
    const verified = stubContext(() => json(400, { code: "EMAIL_ALREADY_VERIFIED" }));
    expect(await sendVerification(verified.context, browser, { email: "a@b.vn" })).toMatchObject({
      ok: false,
      code: "EMAIL_ALREADY_VERIFIED",
    });
  });
});

describe("startProviderSignIn", () => {
  const start = (context: AppLoadContext, providerId: unknown) =>
    startProviderSignIn(context, browser, { providerId, redirectTo: "/profile" });

  it("refuses a provider that is not configured without calling better-auth", async () => {
    const { context, sent } = stubContext(() => json(200, {}));
    expect(await start(context, "google")).toMatchObject({
      ok: false,
      code: "UNKNOWN_PROVIDER",
      status: 400,
      message: "Đăng nhập không thành công. Vui lòng thử lại.",
    });
    expect(sent).toHaveLength(0);
  });

  it("answers the provider's address, with the way back kept for a failure", async () => {
    const { context, sent } = stubContext(() =>
      json(200, { url: "https://idp.example/authorize?x=1", redirect: false }),
    );
    expect(await start(context, "oidc")).toMatchObject({
      ok: true,
      url: "https://idp.example/authorize?x=1",
    });
    expect(sent[0]!.body).toEqual({
      provider: "oidc",
      callbackURL: "/profile",
      errorCallbackURL: "/login?provider=oidc&redirectTo=%2Fprofile",
      disableRedirect: true,
    });
  });

  it("names the provider when it cannot be reached, and keeps the rate limit's own message", async () => {
    const down = stubContext(() => json(404, { code: "PROVIDER_NOT_FOUND" }));
    expect(await start(down.context, "oidc")).toMatchObject({
      ok: false,
      status: 502,
      message: "Hiện chưa thể đăng nhập bằng Trường Em. Vui lòng thử lại sau ít phút.",
    });
    expect(down.logger.warn).toHaveBeenCalledOnce();
    const noUrl = stubContext(() => json(200, { url: "javascript:alert(1)" }));
    expect(await start(noUrl.context, "oidc")).toMatchObject({ ok: false, status: 502 });
    const limited = stubContext(() =>
      json(429, { code: "TOO_MANY_REQUESTS" }, { "X-Retry-After": "30" }),
    );
    expect(await start(limited.context, "oidc")).toMatchObject({
      ok: false,
      status: 429,
      message: "Bạn đã thử quá nhiều lần. Vui lòng thử lại sau 30 giây.",
    });
  });
});

describe("the answers that carry data", () => {
  it("enableTwoFactor: the otpauth URI and the recovery codes, strings only", async () => {
    const { context } = stubContext(() =>
      json(200, { totpURI: "otpauth://totp/x?secret=AB", backupCodes: ["abcde-fghij", 7] }),
    );
    expect(await enableTwoFactor(context, browser, { password: "matkhau1" })).toMatchObject({
      ok: true,
      totpURI: "otpauth://totp/x?secret=AB",
      backupCodes: ["abcde-fghij"],
    });
  });

  it("sendDeletionLink: the server's own refusal, its message and status as they are", async () => {
    const { context } = stubContext(() => json(200, {}));
    const send = context.auth.sendAccountDeletionLink as unknown as ReturnType<typeof vi.fn>;
    send.mockRejectedValueOnce({
      statusCode: 503,
      body: { code: "MAIL_NOT_SENT", message: "Chưa gửi được email." },
    });
    const user = { id: "u1", fullName: "An", email: "an@example.com" };
    expect(await sendDeletionLink(context, user)).toMatchObject({
      ok: false,
      code: "MAIL_NOT_SENT",
      message: "Chưa gửi được email.",
      status: 503,
    });
    expect(send).toHaveBeenCalledWith({ id: "u1", name: "An", email: "an@example.com" });
    expect(await sendDeletionLink(context, user)).toMatchObject({ ok: true });
  });
});
