import type { AttemptSubmission, StoredAttempt } from "#db/attempts.ts";

// Timeouts come from the fetch wrapper (app/utils/request-timeout.ts): a timed-out save is a
// dropped connection here, and is retried like one.

/**
 * Sending a finished attempt to the server, with the retry policy of the spec (section 8,
 * section 9): 408, 429, 5xx and a dropped connection are retried with a delay starting at 1 s
 * and doubling up to ×64, for up to 600 s; anything else is an answer to show. The server
 * saves by attempt id exactly once, so sending again is always safe.
 */
export const FIRST_RETRY_MS = 1000;
export const MAX_BACKOFF_FACTOR = 64;
export const RETRY_WINDOW_MS = 600_000;
export type SendOutcome =
  | { kind: "saved"; attempt: StoredAttempt }
  | { kind: "retry" }
  | { kind: "signedOut"; message: string }
  | { kind: "refused"; message: string };

/** Delay before retry number `failures` (1-based): 1 s, 2 s, 4 s … 64 s, then 64 s. */
export function retryDelayMs(failures: number): number {
  return FIRST_RETRY_MS * Math.min(2 ** Math.max(0, failures - 1), MAX_BACKOFF_FACTOR);
}

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

export async function sendAttempt(
  submission: AttemptSubmission,
  fetcher: typeof fetch = fetch,
): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetcher("/api/attempts", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(submission),
      credentials: "same-origin",
    });
  } catch {
    return { kind: "retry" };
  }
  if (response.ok) {
    try {
      const body = (await response.json()) as { attempt: StoredAttempt };
      return { kind: "saved", attempt: body.attempt };
    } catch {
      return { kind: "retry" };
    }
  }
  if (isRetryableStatus(response.status)) return { kind: "retry" };
  let message = "";
  try {
    message = ((await response.json()) as { message?: string }).message ?? "";
  } catch {
    // A proxy's HTML error page: the status decides below.
  }
  return response.status === 401 ? { kind: "signedOut", message } : { kind: "refused", message };
}
