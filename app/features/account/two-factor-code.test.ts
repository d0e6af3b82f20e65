import { describe, expect, it } from "vitest";
import { parseTwoFactorCode } from "./two-factor-code.ts";

describe("parseTwoFactorCode", () => {
  it("reads 6 digits as an authenticator code, spaces and all", () => {
    expect(parseTwoFactorCode("123456")).toEqual({ kind: "totp", code: "123456" });
    expect(parseTwoFactorCode(" 123 456 ")).toEqual({ kind: "totp", code: "123456" });
  });

  it("reads a recovery code with or without its dash, keeping the letters' case", () => {
    expect(parseTwoFactorCode("aB3dE-fG7hJ")).toEqual({ kind: "recovery", code: "aB3dE-fG7hJ" });
    expect(parseTwoFactorCode("aB3dEfG7hJ")).toEqual({ kind: "recovery", code: "aB3dE-fG7hJ" });
  });

  it("refuses anything else", () => {
    for (const raw of ["", "12345", "1234567", "abcde-fghi", "abcde_fghij", "12345-67890x"]) {
      expect(parseTwoFactorCode(raw)).toBeNull();
    }
  });
});
