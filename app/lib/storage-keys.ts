/**
 * The localStorage key prefixes that hold a student's own data, so the code that writes them and
 * "Đăng xuất" (app/layout/sign-out-device.ts), which clears them, read one spelling. A module of
 * constants only: the header imports it without the room's code.
 */

/** A room in progress, under its attempt id (app/lib/room-storage.ts). */
export const ROOM_KEY_PREFIX = "on-tap:room:";
/** The set-up choices of one practice, under its code (app/lib/room-setup.ts storageKeyOf). */
export const SETUP_KEY_PREFIX = "on-tap:setup:";
/** A mock exam in progress, under its user and exam id (app/features/mock-exam/exam-sheet.ts). */
export const MOCK_EXAM_KEY_PREFIX = "on-tap:exam:";
/** The time per question last chosen for "Ôn lỗi sai" (app/features/review/review-time.ts). */
export const REVIEW_SETUP_KEY = "on-tap:review-setup";
/**
 * The device's guest attempts, waiting for a sign-up or sign-in to claim them (app/lib/guest-attempts.ts).
 * A visitor's, not a student's: "Đăng xuất" leaves them, and they are offered to whoever signs in
 * next, who saves or drops them.
 */
export const GUEST_ATTEMPTS_KEY = "on-tap:guest-attempts";
/** Set by "Đăng ký để lưu kết quả" for this tab: the sign-in that follows claims without asking. */
export const GUEST_CLAIM_INTENT_KEY = "on-tap:guest-claim";
