import { describe, expect, it } from "vitest";
import { deriveSeed, mulberry32, newSeed, randomInt, shuffled } from "./random.ts";

describe("mulberry32", () => {
  it("is a deterministic stream of 32-bit floats in [0, 1)", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const values = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(values);
    for (const v of values) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(1);
      expect(Number.isInteger(v * 2 ** 32)).toBe(true);
    }
    expect(mulberry32(43)()).not.toBe(values[0]);
  });

  it("produces the reference values of mulberry32 (golden)", () => {
    const random = mulberry32(0);
    expect(Array.from({ length: 3 }, () => random() * 2 ** 32)).toEqual([
      1144304738, 1416247, 958946056,
    ]);
  });
});

describe("randomInt", () => {
  it("rejects draws from the incomplete last block instead of folding them (no modulo bias)", () => {
    // 2^32 mod 3 = 1: the very last 32-bit value would make 0 slightly likelier; it is redrawn.
    const draws = [(2 ** 32 - 1) / 2 ** 32, 5 / 2 ** 32];
    let calls = 0;
    const scripted = () => draws[calls++] ?? 0;
    expect(randomInt(scripted, 3)).toBe(2);
    expect(calls).toBe(2);
  });

  it("covers [0, n) and refuses a bad n", () => {
    const random = mulberry32(1);
    const seen = new Set(Array.from({ length: 200 }, () => randomInt(random, 7)));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(randomInt(random, 1)).toBe(0);
    expect(() => randomInt(random, 0)).toThrow(RangeError);
    expect(() => randomInt(random, 2.5)).toThrow(RangeError);
  });
});

describe("shuffled", () => {
  it("returns a permutation and leaves the input alone", () => {
    const items = Object.freeze([1, 2, 3, 4, 5, 6, 7, 8]);
    const out = shuffled(items, 123);
    expect([...out].sort()).toEqual([...items]);
    expect(out).not.toBe(items);
    expect(shuffled(items, 123)).toEqual(out);
    expect(shuffled([], 1)).toEqual([]);
    expect(shuffled(["x"], 1)).toEqual(["x"]);
  });

  it("is unbiased — every permutation of 3 equally likely over 60 000 seeds", () => {
    const counts = new Map<string, number>();
    const runs = 60_000;
    for (let seed = 0; seed < runs; seed++) {
      const key = shuffled(["a", "b", "c"], deriveSeed(seed, 77)).join("");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    const expected = runs / 6;
    const chiSquare = [...counts.values()].reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    // 5 degrees of freedom: the 99.9th percentile is 20.5.
    expect(chiSquare).toBeLessThan(20.5);
  });

  it("puts every item first equally often for a 10-question bank", () => {
    const firsts = new Array<number>(10).fill(0);
    const items = Array.from({ length: 10 }, (_, i) => i);
    for (let seed = 0; seed < 20_000; seed++) {
      const first = shuffled(items, seed)[0] ?? -1;
      firsts[first] = (firsts[first] ?? 0) + 1;
    }
    const chiSquare = firsts.reduce((s, c) => s + (c - 2000) ** 2 / 2000, 0);
    // 9 degrees of freedom: the 99.9th percentile is 27.9.
    expect(chiSquare).toBeLessThan(27.9);
  });
});

describe("deriveSeed", () => {
  it("gives distinct unsigned 32-bit streams per salt and per seed", () => {
    const seeds = new Set<number>();
    for (let seed = 0; seed < 50; seed++) {
      for (let salt = 0; salt < 50; salt++) seeds.add(deriveSeed(seed, salt));
    }
    expect(seeds.size).toBe(2500);
    for (const s of seeds) expect(s >>> 0).toBe(s);
  });
});

describe("newSeed", () => {
  it("maps the outside random source onto an unsigned 32-bit seed", () => {
    expect(newSeed(() => 0)).toBe(0);
    expect(newSeed(() => 0.5)).toBe(2 ** 31);
    expect(newSeed(() => 1 - 2 ** -53)).toBe(2 ** 32 - 1);
    expect(() => newSeed(() => 1)).toThrow(RangeError);
    expect(() => newSeed(() => Number.NaN)).toThrow(RangeError);
  });
});
