import { VN_OFFSET_MS } from "./vn-day.ts";

/**
 * Dates as Vietnamese students write them: dd/MM/yyyy, 24-hour time, in Vietnam's time zone on
 * the server and in the browser alike (so the server's HTML and the hydrated page agree, and a
 * classroom server set to UTC still shows local time). The zone is the fixed offset of vn-day.ts,
 * so a "today" and a time shown beside it can never disagree.
 */
const two = (value: number) => String(value).padStart(2, "0");

/** "22/11/2026 09:05" from an ISO timestamp. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const local = new Date(date.getTime() + VN_OFFSET_MS);
  const day = `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}`;
  return `${day} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

/** "22/11/2026" from an ISO timestamp. */
export function formatDate(iso: string): string {
  return formatDateTime(iso).slice(0, 10);
}

/** "14/03/2025" from a calendar day as stored ("2025-03-14"); "" when it is not one. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : "";
}
