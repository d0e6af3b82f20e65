/**
 * Dates as Vietnamese students write them: dd/MM/yyyy, 24-hour time, in Vietnam's time zone on
 * the server and in the browser alike (so the server's HTML and the hydrated page agree, and a
 * classroom server set to UTC still shows local time).
 */
const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Ho_Chi_Minh",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "22/11/2026 09:05" from an ISO timestamp. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.formatToParts(date).find((part) => part.type === type)?.value ?? "";
  return `${get("day")}/${get("month")}/${get("year")} ${get("hour")}:${get("minute")}`;
}

/** "22/11/2026" from an ISO timestamp. */
export function formatDate(iso: string): string {
  return formatDateTime(iso).slice(0, 10);
}
