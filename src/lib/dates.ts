// Calendar dates as numbers: milliseconds of UTC midnight (no time zone, no DST), so days
// compare and add as plain numbers. Pure, unit-tested (tests/unit/dates.test.ts).

export const DAY = 864e5;

/** YYYY-MM-DD. */
export const iso = (day: number) => new Date(day).toISOString().slice(0, 10);

const parts = (day: number) => {
  const date = new Date(day);
  return [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
};

/**
 * A calendar date as a visitor types it: year first (`2026-3-9`, `2026/03/09`, `2026.03.09`)
 * or day first (`9-3-2026`, `09/03/2026`, `9.3.2026`), separators `-`, `/`, `.` or spaces;
 * a real date (no 2026-02-30), year 1000 to 9999. Else undefined.
 */
export function parseDate(text: string): number | undefined {
  const [, a, month, c] = /^\s*(\d{1,4})[-/. ]+(\d{1,2})[-/. ]+(\d{1,4})\s*$/.exec(text) || [];
  const [year, date] = a?.length == 4 ? [+a, +c] : [+c, +a];
  const day = Date.UTC(year, +month - 1, date);
  return year >= 1000 && +month > 0 && +month < 13 && new Date(day).getUTCDate() == date ? day : undefined;
}

/** The same day `months` later, on the month's last day when it has no such day. */
export function addMonths(day: number, months: number): number {
  const [y, m, d] = parts(day);
  return Date.UTC(y, m + months, Math.min(d, new Date(Date.UTC(y, m + months + 1, 0)).getUTCDate()));
}

/** Today in the visitor's own calendar. */
export function today(): number {
  const now = new Date();
  return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
}

/** The seed's year range: today ± 10 years. */
export const YEARS = 10;

/**
 * A bound as a CMS prints it: a date, or an ISO date-time whose date is taken
 * (`2026-03-13T00:00:00`, `…Z`, `…+01:00`, as .NET and ISO formatters write a date field, or
 * `2026-03-13 00:00` with a space, as SQL and add-to-calendar's data-start take it).
 */
const bound = (raw: string) => parseDate(raw.replace(/^(\s*\d{4}-\d\d-\d\d)[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?\s*$/i, '$1'));

/**
 * The picker's bounds: today ± YEARS, narrowed by `data-min` / `data-max` (dates as
 * parseDate reads them, meant as YYYY-MM-DD, or ISO date-times; blank is missing). Either one malformed, min after max, or no day left within the range: both are ignored (`ignored`).
 */
export function bounds(rawMin: string | null, rawMax: string | null, now = today()): { min: number; max: number; ignored?: boolean } {
  const min = addMonths(now, -12 * YEARS);
  const max = addMonths(now, 12 * YEARS);
  // Blank is missing: a template prints an unset optional value as data-min="".
  const low = !rawMin?.trim() ? min : bound(rawMin);
  const high = !rawMax?.trim() ? max : bound(rawMax);
  const narrowed = { min: Math.max(min, low ?? NaN), max: Math.min(max, high ?? NaN) };
  return narrowed.min <= narrowed.max ? narrowed : { min, max, ignored: true };
}
