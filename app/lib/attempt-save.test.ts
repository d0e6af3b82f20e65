import { describe, expect, it } from "vitest";
import { sendAttempt } from "./attempt-save.ts";
import { isRetryableStatus, retryDelayMs } from "./retry.ts";
import type { AttemptSubmission } from "#services/attempts/save-attempt.ts";

const submission = { id: "x" } as unknown as AttemptSubmission;
const answering =
  (status: number, body: unknown = {}): typeof fetch =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("attempt saving", () => {
  it("backs off from 1 s, doubling up to ×64", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 64000, 64000, 64000,
    ]);
  });

  it("retries 408, 429 and 5xx only", () => {
    expect([408, 429, 500, 502, 503].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 415, 422].some(isRetryableStatus)).toBe(false);
  });

  it("tells a saved attempt, a retry, a signed-out user and a refusal apart", async () => {
    expect(await sendAttempt(submission, answering(201, { attempt: { id: "x" } }))).toEqual({
      kind: "saved",
      attempt: { id: "x" },
    });
    expect(await sendAttempt(submission, answering(503))).toEqual({ kind: "retry" });
    expect(
      await sendAttempt(submission, async () => {
        throw new TypeError("Failed to fetch");
      }),
    ).toEqual({ kind: "retry" });
    expect(
      await sendAttempt(submission, answering(401, { message: "Vui lòng đăng nhập" })),
    ).toEqual({ kind: "signedOut", message: "Vui lòng đăng nhập" });
    expect(
      await sendAttempt(
        submission,
        answering(422, { message: "Bài làm có lựa chọn không hợp lệ" }),
      ),
    ).toEqual({ kind: "refused", message: "Bài làm có lựa chọn không hợp lệ" });
  });
});
