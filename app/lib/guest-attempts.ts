import { GUEST_ATTEMPTS_KEY, GUEST_CLAIM_INTENT_KEY } from "./storage-keys.ts";

/**
 * A visitor's finished rooms, kept on the device (issue 28) with the secret that lets a sign-up
 * or sign-in on this device claim them (services/attempts/guest-attempts.ts). The server keeps
 * them GUEST_DAYS; so does the device.
 */
export interface GuestAttempt {
  id: string;
  /** 43 random base64url characters; its hash is all the server keeps. */
  secret: string;
  title: string;
  label: string;
  numberOfRight: number;
  questionCount: number;
  /** Epoch ms. */
  doneAt: number;
}

/** As services/attempts/guest-attempts.ts GUEST_ATTEMPT_DAYS (a base module the browser may not import). */
const GUEST_DAYS = 7;
const MAX_KEPT = 50;

export function listGuestAttempts(now = Date.now()): GuestAttempt[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(localStorage.getItem(GUEST_ATTEMPTS_KEY) ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (entry): entry is GuestAttempt =>
      typeof entry === "object" &&
      entry !== null &&
      typeof (entry as GuestAttempt).id === "string" &&
      typeof (entry as GuestAttempt).secret === "string" &&
      typeof (entry as GuestAttempt).doneAt === "number" &&
      now - (entry as GuestAttempt).doneAt < GUEST_DAYS * 86_400_000,
  );
}

function write(entries: readonly GuestAttempt[]): void {
  try {
    if (entries.length === 0) localStorage.removeItem(GUEST_ATTEMPTS_KEY);
    else localStorage.setItem(GUEST_ATTEMPTS_KEY, JSON.stringify(entries.slice(-MAX_KEPT)));
  } catch {
    // Blocked or full storage: the result is still on screen, only the claim is lost.
  }
}

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** 43 base64url characters of 6 random bits each (258 bits), as the server's schema wants. */
function newSecret(): string {
  return Array.from(
    crypto.getRandomValues(new Uint8Array(43)),
    (byte) => BASE64URL[byte & 63],
  ).join("");
}

/**
 * The secret of a guest attempt, made and kept the first time: the same for every retry of its
 * save, so a lost answer costs nothing.
 */
export function guestSecretFor(entry: Omit<GuestAttempt, "secret" | "doneAt">): string {
  const entries = listGuestAttempts();
  const kept = entries.find((e) => e.id === entry.id);
  if (kept) return kept.secret;
  const secret = newSecret();
  write([...entries, { ...entry, secret, doneAt: Date.now() }]);
  return secret;
}

export function forgetGuestAttempts(ids: readonly string[]): void {
  const gone = new Set(ids.map((id) => id.toLowerCase()));
  write(listGuestAttempts().filter((entry) => !gone.has(entry.id.toLowerCase())));
}

/** "Đăng ký để lưu kết quả" was pressed in this tab: the next sign-in claims without asking. */
export function markClaimIntent(): void {
  try {
    sessionStorage.setItem(GUEST_CLAIM_INTENT_KEY, "1");
  } catch {
    // The student is asked instead.
  }
}

export function takeClaimIntent(): boolean {
  try {
    const intent = sessionStorage.getItem(GUEST_CLAIM_INTENT_KEY) === "1";
    sessionStorage.removeItem(GUEST_CLAIM_INTENT_KEY);
    return intent;
  } catch {
    return false;
  }
}
