import type { StoredAttempt } from "#db/attempts.ts";
import type { AnySubmission } from "#services/attempts/save-attempt.ts";
import { isRetryableStatus } from "./retry.ts";
import { paths } from "#base/paths.ts";

// Timeouts come from the fetch wrapper (app/lib/request-timeout.ts): a timed-out save is a
// dropped connection here, and is retried like one.

/**
 * Sending a finished attempt to the server, with the retry policy of app/lib/retry.ts kept
 * up for 600 s; anything else is an answer to show. The server saves by attempt id exactly
 * once, so sending again is always safe.
 */
export const RETRY_WINDOW_MS = 600_000;
export type SendOutcome =
  | { kind: "saved"; attempt: StoredAttempt }
  | { kind: "retry" }
  | { kind: "signedOut"; message: string }
  | { kind: "refused"; message: string };

export async function sendAttempt(
  submission: AnySubmission,
  fetcher: typeof fetch = fetch,
  /** Who made it (an attempt from the outbox): the server refuses it under anyone else's session. */
  owner?: string,
): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetcher(paths.apiAttempts, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(owner === undefined ? submission : { ...submission, owner }),
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
  // 409: the session is another student's (server/attempts.ts): it waits for its owner, as
  // when nobody is signed in.
  return response.status === 401 || response.status === 409
    ? { kind: "signedOut", message }
    : { kind: "refused", message };
}
