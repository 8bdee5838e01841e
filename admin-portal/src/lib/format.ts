/** Formatting the admin screens need beyond the api-client's (rupees and Aadhaar come from there). */

const COUNT = new Intl.NumberFormat('en-US');
const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const SHORT_MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/** A count with thousands separators: 12345 -> '12,345'. */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** 'Mar 5, 2025, 3:04 PM' (en-US, short month), in Kolkata time; 'N/A' without a date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'N/A' : DATE_TIME.format(date);
}

/** Month 1-12 -> 'Jan'...'Dec'; the spec derives the names from the year 2025 only. */
export function shortMonthName(month: number): string {
  return SHORT_MONTH.format(new Date(Date.UTC(2025, month - 1, 1)));
}

/** '2025-03-31' for `instant` as a calendar day in Asia/Kolkata (ARCHITECTURE.md section 4). */
export function kolkataDate(instant: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The same day one month earlier, clamped to the month's end: 2025-03-31 -> 2025-02-28. */
export function oneMonthBefore(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1, 0)).getUTCDate();
  const target = new Date(Date.UTC(year, month - 2, Math.min(day, lastDay)));
  return target.toISOString().slice(0, 10);
}
