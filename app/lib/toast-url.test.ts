import { describe, expect, it } from "vitest";
import { pathWithToast, readUrlToast, redirectWithToast, withoutUrlToast } from "./toast-url.ts";

describe("URL toasts", () => {
  it("reads type and message, defaulting to info", () => {
    expect(readUrlToast("?message=Xin%20ch%C3%A0o")).toEqual({ type: "info", message: "Xin chào" });
    expect(readUrlToast("?type=error&message=L%E1%BB%97i")).toEqual({
      type: "error",
      message: "Lỗi",
    });
    expect(readUrlToast("?type=warning&message=x")).toEqual({ type: "info", message: "x" });
  });

  it("ignores a URL with no message", () => {
    expect(readUrlToast("?type=error")).toBeNull();
    expect(readUrlToast("?message=%20")).toBeNull();
  });

  it("removes only its own parameters", () => {
    expect(withoutUrlToast("?type=info&message=x&page=2")).toBe("?page=2");
    expect(withoutUrlToast("?type=info&message=x")).toBe("");
  });

  it("adds an encoded message to a path", () => {
    expect(
      pathWithToast("/about?x=1#top", { type: "info", message: "Đăng xuất thành công!" }),
    ).toBe("/about?x=1&type=info&message=%C4%90%C4%83ng+xu%E1%BA%A5t+th%C3%A0nh+c%C3%B4ng%21#top");
  });

  it("redirects with a full page load and never off-site", () => {
    const response = redirectWithToast("/", { type: "info", message: "Xong" });
    expect(response.status).toBe(302);
    expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect(response.headers.get("Location")).toBe("/?type=info&message=Xong");
    expect(redirectWithToast("//evil.example/x").headers.get("Location")).toBe("/");
    expect(redirectWithToast("https://evil.example").headers.get("Location")).toBe("/");
  });
});
