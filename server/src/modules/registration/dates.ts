/**
 * Calendar days of the back office are Asia/Kolkata days (ARCHITECTURE.md section 4). India has
 * kept one offset, +05:30, without daylight saving since 1945, so a day starts at a fixed instant.
 */
const KOLKATA_OFFSET = '+05:30';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Inclusive YYYY-MM-DD bounds, either of them open. */
export interface DateRange {
  from?: string;
  to?: string;
}

/** True for a real calendar date written as YYYY-MM-DD (2024-02-30 is refused). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The instant a Kolkata calendar day starts. */
export function startOfKolkataDay(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00${KOLKATA_OFFSET}`);
}

/** [start of `from`, start of the day after `to`) as instants, for `>=` / `<` comparisons. */
export function dayRangeBounds(range: DateRange): { start?: Date; end?: Date } {
  return {
    start: range.from ? startOfKolkataDay(range.from) : undefined,
    end: range.to ? new Date(startOfKolkataDay(range.to).getTime() + DAY_MS) : undefined,
  };
}

/** Made once: building an Intl.DateTimeFormat took 151-163 µs, once a dashboard request (F22). */
const kolkataYearFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
});

export function kolkataYear(instant: Date): number {
  return Number(kolkataYearFormat.format(instant));
}

/** The same instant as a wall-clock time in Kolkata, for spreadsheet cells (which have no zone). */
export function asKolkataWallClock(instant: Date): Date {
  return new Date(instant.getTime() + (5 * 60 + 30) * 60 * 1000);
}

/**
 * What a client and the back office see as `submitted_at`: the payment time once paid, and the
 * creation time while the application is still a draft (the client dashboard shows it as the
 * application's date).
 */
export function submittedAt(registration: { submittedAt: Date | null; createdAt: Date }): Date {
  return registration.submittedAt ?? registration.createdAt;
}
