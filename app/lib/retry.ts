/**
 * The spec's retry policy, shared by the attempt save and the avatar upload:
 * 408, 429 and 5xx (and a dropped connection) are worth another try, after a delay starting at
 * 1 s and doubling up to ×64. How long to keep trying is each caller's own limit.
 */
const FIRST_RETRY_MS = 1000;
const MAX_BACKOFF_FACTOR = 64;

/** Delay before retry number `failures` (1-based): 1 s, 2 s, 4 s … 64 s, then 64 s. */
export function retryDelayMs(failures: number): number {
  return FIRST_RETRY_MS * Math.min(2 ** Math.max(0, failures - 1), MAX_BACKOFF_FACTOR);
}

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
