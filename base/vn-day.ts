/**
 * Days as students live them: in Vietnam's time zone (UTC+7 all year, no daylight saving), on the
 * server and in the browser alike, so "today" and "days in a row" never depend on the host's
 * zone and the server's HTML matches the hydrated page.
 */
/** Vietnam's offset from UTC, the one source for every Vietnamese day and clock time (dates.ts). */
export const VN_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** "2025-03-01": the Vietnamese calendar day of an instant. */
export function vnDay(instant: Date): string {
  return new Date(instant.getTime() + VN_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first instant of the next Vietnamese day: what is due before it is due "today". */
export function endOfVnDay(instant: Date): Date {
  const local = instant.getTime() + VN_OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS + DAY_MS - VN_OFFSET_MS);
}
