/**
 * A least recently used cache bounded by the characters its entries hold, as their owner counts
 * them. The per-database caches of what a practice's content version keeps unchanged use it
 * (db/catalogue.ts, db/revisions.ts), so both age out the same way.
 */
export class CharBoundedCache<V> {
  readonly #entries = new Map<string, { value: V; chars: number }>();
  #chars = 0;

  constructor(private readonly maxChars: number) {}

  /** The entry, now the most recently used; undefined when absent. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value`, then drops the least recently used entries until the bound holds. */
  set(key: string, value: V, chars: number): void {
    this.#chars -= this.#entries.get(key)?.chars ?? 0;
    this.#entries.delete(key);
    this.#entries.set(key, { value, chars });
    this.#chars += chars;
    for (const [oldest, entry] of this.#entries) {
      if (this.#chars <= this.maxChars) break;
      this.#entries.delete(oldest);
      this.#chars -= entry.chars;
    }
  }
}
