import { describe, expect, it } from "vitest";
import { computeTotp } from "./totp.ts";

describe("computeTotp", () => {
  // RFC 6238 appendix B, SHA-1 seed "12345678901234567890" (base32 below), last 6 digits.
  const seed = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
  it.each([
    [59, "287082"],
    [1111111109, "081804"],
    [1111111111, "050471"],
    [1234567890, "005924"],
    [2000000000, "279037"],
  ])("matches the RFC's test vector at %i s", (seconds, code) => {
    expect(computeTotp(seed, seconds * 1000)).toBe(code);
  });
});
