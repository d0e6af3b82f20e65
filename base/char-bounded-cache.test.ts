import { describe, expect, it } from "vitest";
import { CharBoundedCache } from "./char-bounded-cache.ts";

describe("CharBoundedCache", () => {
  it("drops the least recently used entries once the characters pass the bound", () => {
    const cache = new CharBoundedCache<string>(10);
    cache.set("a", "A", 4);
    cache.set("b", "B", 4);
    expect(cache.get("a")).toBe("A"); // a is now the most recently used
    cache.set("c", "C", 4);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual(["A", undefined, "C"]);
  });

  it("counts a replaced entry once, and drops even a lone entry larger than the bound", () => {
    const cache = new CharBoundedCache<string>(10);
    cache.set("a", "A", 6);
    cache.set("a", "A2", 6);
    cache.set("b", "B", 4);
    expect([cache.get("a"), cache.get("b")]).toEqual(["A2", "B"]);
    cache.set("big", "X", 11);
    expect([cache.get("a"), cache.get("b"), cache.get("big")]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
