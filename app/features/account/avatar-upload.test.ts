// @vitest-environment jsdom
import { getEventListeners } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkAvatarFile, uploadAvatar } from "./avatar-upload.ts";

/**
 * The upload's retry policy with a scripted XMLHttpRequest: each send answers with the next
 * status of the script ("drop" = connection lost), and fake timers stand in for the backoff.
 */
let script: (number | "drop")[] = [];
let sends: number[] = [];

class ScriptedXhr {
  status = 0;
  response: unknown = null;
  responseType = "";
  timeout = 0;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private aborted = false;
  open() {}
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  send() {
    sends.push(Date.now());
    const next = script.shift() ?? 200;
    setTimeout(() => {
      if (this.aborted) return;
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
      if (next === "drop") return this.onerror?.();
      this.status = next;
      this.response =
        next === 200 ? { image: "/avatars/u-0123456789abcdef.webp" } : { message: "Lỗi " + next };
      this.onload?.();
    }, 10);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("XMLHttpRequest", ScriptedXhr);
  sends = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const callbacks = () => ({ onProgress: vi.fn(), onRetry: vi.fn() });
const file = new Blob(["x"], { type: "image/png" });

describe("avatar upload", () => {
  it("checks type and size in the browser with the spec's messages", () => {
    expect(checkAvatarFile({ type: "text/plain", size: 10 })).toBe("Vui lòng chọn file hình ảnh");
    expect(checkAvatarFile({ type: "image/png", size: 1_048_577 })).toBe(
      "Vui lòng chọn ảnh có kích thước dưới 1MB và tỉ lệ 1:1",
    );
    expect(checkAvatarFile({ type: "image/gif", size: 1_048_576 })).toBeNull();
  });

  it("retries 503, 429 and a dropped connection with a doubling delay, then succeeds", async () => {
    script = [503, 429, "drop", 200];
    const cb = callbacks();
    const outcome = uploadAvatar(file, new AbortController().signal, cb);
    await vi.runAllTimersAsync();
    expect(await outcome).toEqual({ kind: "ok", image: "/avatars/u-0123456789abcdef.webp" });
    expect(cb.onRetry).toHaveBeenCalledTimes(3);
    expect(cb.onProgress).toHaveBeenCalledWith(50);
    const gaps = sends.slice(1).map((at, i) => at - sends[i]!);
    expect(gaps).toEqual([1010, 2010, 4010]); // 10 ms of answer + 1 s, 2 s, 4 s of backoff
  });

  it("leaves no abort listener behind on the signal, however many times it retried", async () => {
    // Each try and each pause used to add one and never remove it: past ten, Node warned of a
    // leak (MaxListenersExceededWarning) and every listener stayed until the page was left.
    script = [503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 503, 200];
    const controller = new AbortController();
    const outcome = uploadAvatar(file, controller.signal, callbacks());
    await vi.runAllTimersAsync();
    expect((await outcome).kind).toBe("failed");
    expect(sends.length).toBeGreaterThan(5);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("does not retry a refusal, and gives up on a server that keeps failing after 120 s", async () => {
    script = [415];
    const refused = uploadAvatar(file, new AbortController().signal, callbacks());
    await vi.runAllTimersAsync();
    expect(await refused).toEqual({ kind: "refused", message: "Lỗi 415" });

    script = Array.from({ length: 50 }, () => 500);
    sends = [];
    const started = Date.now();
    const failing = uploadAvatar(file, new AbortController().signal, callbacks());
    await vi.runAllTimersAsync();
    expect(await failing).toEqual({ kind: "failed" });
    expect(Date.now() - started).toBeLessThanOrEqual(120_000);
    // Waits of 1+2+4+8+16+32 s, then 64 more would pass 120 s: the 7th failure is the last.
    expect(sends).toHaveLength(7);
  });

  it("“Hủy” cancels during the upload and during a backoff wait", async () => {
    script = [503];
    const controller = new AbortController();
    const outcome = uploadAvatar(file, controller.signal, callbacks());
    await vi.advanceTimersByTimeAsync(500); // first answer (503) in, waiting to retry
    controller.abort();
    await vi.runAllTimersAsync();
    expect(await outcome).toEqual({ kind: "canceled" });
    expect(sends).toHaveLength(1);
  });
});
