import { describe, expect, it } from "vitest";
import { describeProviderError } from "./provider-errors.ts";

describe("describeProviderError", () => {
  it("says the student cancelled, naming the provider", () => {
    expect(describeProviderError("access_denied", "Google")).toBe(
      "Bạn đã hủy đăng nhập bằng Google.",
    );
  });

  it("says a sign-in failed, naming the provider, for any other provider error", () => {
    for (const code of ["server_error", "invalid_code", "issuer_mismatch", "no_code", "x"]) {
      expect(describeProviderError(code, "Cổng SSO")).toBe(
        "Đăng nhập bằng Cổng SSO không thành công. Vui lòng thử lại.",
      );
    }
    expect(describeProviderError("server_error", null)).toBe(
      "Đăng nhập không thành công. Vui lòng thử lại.",
    );
  });

  it("says User not found when the sign-in produced no user record", () => {
    for (const code of ["unable_to_create_user", "unable_to_get_user_info", "user_not_found"]) {
      expect(describeProviderError(code, "Google")).toBe("Không tìm thấy người dùng.");
    }
  });

  it("tells an expired or foreign flow, and an unlinked account, apart", () => {
    expect(describeProviderError("state_mismatch", null)).toMatch(/hết hạn/);
    expect(describeProviderError("account_not_linked", "Google")).toMatch(
      /^Email này đã có tài khoản Ôn Tập\..*đăng nhập bằng Google\.$/,
    );
  });
});
