/**
 * Seeded randomness for the practice room. The engine never calls Math.random: every shuffle is
 * a pure function of a 32-bit seed, so a room can be rebuilt after a refresh, replayed in a
 * test, or re-derived on the server from the seed that was saved with the attempt.
 */

const TWO_POW_32 = 0x1_0000_0000;

/** A source of floats in [0, 1), like Math.random. */
export type Random = () => number;

/**
 * The mulberry32 generator: tiny, fast and well distributed for shuffling a few hundred items.
 * It returns floats in [0, 1) that are exact multiples of 2^-32, so `randomInt` can recover the
 * underlying 32-bit integer without rounding and reject it without bias.
 */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / TWO_POW_32;
  };
}

/**
 * A uniformly distributed integer in [0, n). `Math.floor(rand() * n)` over 2^32 outcomes favours
 * some values slightly whenever n is not a power of two (the recommendation shuffle of the
 * original app was biased), so outcomes in the incomplete last block are rejected and
 * drawn again; the expected number of draws is below 2 for every n ≤ 2^32.
 */
export function randomInt(random: Random, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) {
    throw new RangeError(`randomInt: n must be an integer in [1, 2^32], got ${n}`);
  }
  const limit = TWO_POW_32 - (TWO_POW_32 % n);
  for (;;) {
    const x = Math.floor(random() * TWO_POW_32);
    if (x < limit) return x % n;
  }
}

/**
 * A new array holding `items` in an order drawn by a Fisher–Yates shuffle driven by mulberry32
 * seeded with `seed`. Every permutation is equally likely (unbiased `randomInt`), the input is
 * left untouched, and the same seed always gives the same order: that is what lets "Làm lại"
 * produce a genuinely new order only when it is given a new seed.
 */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = items.slice();
  const random = mulberry32(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(random, i + 1);
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}

/**
 * A seed for an independent stream derived from `seed` and a `salt` (murmur3's finaliser over
 * both). The room shuffles the question order and each question's answers from different derived
 * seeds, so turning answer shuffling on does not change the question order and a question's
 * answer order depends only on the seed and its id, not on where it landed.
 */
export function deriveSeed(seed: number, salt: number): number {
  let h = (seed ^ Math.imul(salt | 0, 0x9e3779b9)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A fresh 32-bit seed taken from an outside source of randomness (Math.random or
 * crypto-backed, chosen by the caller). Keeping this the only door for outside randomness keeps
 * the engine itself deterministic and testable.
 */
export function newSeed(random: Random): number {
  const r = random();
  if (!(r >= 0 && r < 1)) throw new RangeError(`newSeed: random() must be in [0, 1), got ${r}`);
  return Math.floor(r * TWO_POW_32) >>> 0;
}
