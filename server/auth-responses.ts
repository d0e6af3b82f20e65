import { sharedVi as vi } from "#base/i18n/vi.ts";

/**
 * Reading better-auth's answers, one way for the server and the routes: the JSON body of a
 * refusal (`{ code, message }`) and the time to wait of a 429 (`X-Retry-After`, in seconds).
 */

/** The JSON object of an answer, read from a copy (the answer stays readable); null if none. */
export async function jsonBodyOf(
  response: Response,
): Promise<{ code?: unknown; message?: unknown; url?: unknown } | null> {
  try {
    const body: unknown = await response.clone().json();
    return body !== null && typeof body === "object" ? body : null;
  } catch {
    // Not JSON: described by its status alone.
    return null;
  }
}

/** better-auth's error code of an answer ("INVALID_PASSWORD"…), or "" when it has none. */
export async function authErrorCode(response: Response): Promise<string> {
  return String((await jsonBodyOf(response))?.code ?? "");
}

/** The seconds a 429 asks to wait (X-Retry-After, rounded up), when it says a positive number. */
export function retryAfterSeconds(response: Response): number | undefined {
  const seconds = Number(response.headers.get("X-Retry-After") ?? Number.NaN);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** A 429 with the Vietnamese message and the time to wait (also in X-Retry-After). */
export function tooManyRequests(
  retryAfter: number,
  code: string,
  headers: Headers = new Headers(),
): Response {
  const seconds = Math.max(1, Math.ceil(retryAfter));
  headers.set("X-Retry-After", String(seconds));
  return Response.json(
    { code, message: vi.auth.errors.tooManyAttempts(seconds) },
    { status: 429, headers },
  );
}

/**
 * better-auth's own limiter answers in English and with no `code`: every such 429 gets the
 * Vietnamese message, which says when to try again, and the code TOO_MANY_REQUESTS.
 */
export async function localizeRateLimitRefusal(response: Response): Promise<Response> {
  if (response.status !== 429) return response;
  const body = await jsonBodyOf(response);
  // Not JSON, or a refusal of ours that already has its code and message.
  if (!body || body.code !== undefined) return response;
  return tooManyRequests(
    retryAfterSeconds(response) ?? 60,
    "TOO_MANY_REQUESTS",
    new Headers(response.headers),
  );
}
