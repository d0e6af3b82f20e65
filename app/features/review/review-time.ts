import { QUESTION_TIMES } from "#engine/countdowns.ts";
import type { Seconds } from "#engine/room-config.ts";
import { REVIEW_SETUP_KEY } from "#app/lib/storage-keys.ts";

/**
 * The time per question of "Ôn lỗi sai": the practice room's countdowns (20, 30, 50 s) or none
 * ("Tắt"), chosen on the review's set-up page, named in the review's address (`time=30`,
 * `time=OFF`) and remembered on the device (cleared at sign-out, sign-out-device.ts).
 */
export const DEFAULT_REVIEW_TIME: Seconds = 30;

/** `30` or `OFF` as the address writes it; null for any other time or spelling. */
export function parseReviewTime(value: string | null): Seconds | null {
  if (value === "OFF") return "OFF";
  const seconds = Number(value);
  const offered = (QUESTION_TIMES as readonly number[]).includes(seconds);
  return offered && String(seconds) === value ? seconds : null;
}

/** The remembered choice; the default when none is stored or it is no longer offered. */
export function reviewTimeFromStorage(raw: string | null): Seconds {
  return parseReviewTime(raw) ?? DEFAULT_REVIEW_TIME;
}

export function readReviewTime(): Seconds {
  try {
    return reviewTimeFromStorage(localStorage.getItem(REVIEW_SETUP_KEY));
  } catch {
    // Blocked storage: the default.
    return DEFAULT_REVIEW_TIME;
  }
}

export function rememberReviewTime(time: Seconds): void {
  try {
    localStorage.setItem(REVIEW_SETUP_KEY, String(time));
  } catch {
    // The choice still holds for this review.
  }
}
