/**
 * Freezes a value and everything reachable from it. A cache shares what it keeps with every
 * request (db/catalogue.ts, db/revisions.ts): frozen, a caller that mutates it throws (ES
 * modules run in strict mode) instead of changing what the next request reads. Tests freeze
 * state with it to prove a reducer does not mutate its input.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
