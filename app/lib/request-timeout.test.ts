import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installRequestTimeout, RequestTimeoutError } from "./request-timeout.ts";

/** A server that never answers: the promise settles only when the request is aborted. */
const silentServer: typeof fetch = (_input, init) =>
  new Promise((_, reject) => {
    init?.signal?.addEventListener("abort", () => reject(init.signal!.reason));
  });

function browserWith(fetcher: typeof fetch) {
  return {
    fetch: fetcher,
    location: { href: "https://ontap.example/practice-review/x", origin: "https://ontap.example" },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("request timeout", () => {
  it("gives up on our server after 30 s on a desktop and says so", async () => {
    const onTimeout = vi.fn();
    const browser = browserWith(silentServer);
    installRequestTimeout(browser, onTimeout);
    const request = browser.fetch("/practice-review/x.data");
    const settled = expect(request).rejects.toBeInstanceOf(RequestTimeoutError);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(onTimeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it("waits 60 s on a phone", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query === "(pointer: coarse)" }));
    const onTimeout = vi.fn();
    const browser = browserWith(silentServer);
    installRequestTimeout(browser, onTimeout);
    const settled = expect(browser.fetch("/api/attempts")).rejects.toBeInstanceOf(
      RequestTimeoutError,
    );
    await vi.advanceTimersByTimeAsync(59_000);
    expect(onTimeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    await settled;
    vi.unstubAllGlobals();
  });

  it("keeps the caller's own abort (a replaced navigation) silent, and leaves other origins alone", async () => {
    const onTimeout = vi.fn();
    const seen: (AbortSignal | null | undefined)[] = [];
    const browser = browserWith((input, init) => {
      seen.push(init?.signal);
      return silentServer(input, init);
    });
    installRequestTimeout(browser, onTimeout);
    const controller = new AbortController();
    const request = browser.fetch("/about.data", { signal: controller.signal });
    const settled = expect(request).rejects.toBeDefined();
    controller.abort();
    await settled;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onTimeout).not.toHaveBeenCalled();

    void browser.fetch("https://elsewhere.example/x").catch(() => {});
    expect(seen.at(-1)).toBeUndefined();
  });
});
