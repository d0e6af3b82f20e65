/**
 * The spec's network timeout: a request to our server that has not answered after
 * 30 s on a desktop, or 60 s on a phone's slower link, is given up with a message instead of a
 * page that waits forever. Installed once around window.fetch, so React Router's page data and
 * form submissions, the question lists and attempt saves all get it from one place.
 */
function requestTimeoutMs(): number {
  const phone = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
  return phone ? 60_000 : 30_000;
}

export class RequestTimeoutError extends Error {
  constructor() {
    super("The server did not answer in time");
    this.name = "TimeoutError";
  }
}

/**
 * Wraps `target.fetch`: same-origin requests are aborted after requestTimeoutMs() and reject
 * with RequestTimeoutError, after `onTimeout` has told the user. A caller's own signal (React
 * Router cancels a navigation that another one replaced) still works. setTimeout rather than
 * AbortSignal.timeout, so tests can drive it with a fake clock.
 */
export function installRequestTimeout(
  target: { fetch: typeof fetch; location: { href: string; origin: string } },
  onTimeout: () => void,
): void {
  const original = target.fetch.bind(target);
  target.fetch = async (input, init) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), target.location.href);
    if (url.origin !== target.location.origin) return original(input, init);
    const controller = new AbortController();
    const callerSignal = init?.signal ?? request?.signal ?? null;
    if (callerSignal?.aborted) controller.abort(callerSignal.reason);
    callerSignal?.addEventListener("abort", () => controller.abort(callerSignal.reason), {
      once: true,
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new RequestTimeoutError());
    }, requestTimeoutMs());
    try {
      return await original(input, { ...init, signal: controller.signal });
    } catch (error) {
      if (!timedOut) throw error;
      onTimeout();
      throw new RequestTimeoutError();
    } finally {
      clearTimeout(timer);
    }
  };
}
