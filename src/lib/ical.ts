// The add-to-calendar writer (RFC 5545), pure: no DOM, so the unit tests cover all of it.
// One VEVENT in UTC, floating local times or all-day dates (no TZID, so no VTIMEZONE), CRLF line ends, lines
// folded at 75 octets of UTF-8, TEXT escaped, a deterministic UID per event.

export interface CalendarEvent {
  /** The page's address (http or https; its hash is dropped). */
  url: string;
  /** `2026-03-12` (all-day) or an ISO date-time with `Z`, an offset, or neither (floating). */
  start: string;
  /** Same form as start; '' for none. An all-day end date is the last day (inclusive). */
  end?: string;
  title?: string;
  description?: string;
  venue?: string;
  address?: string;
  country?: string;
  /** The UID to write; by default a hash of start, title and url, `@` the url's host. */
  uid?: string;
  /** The DTSTAMP (default: the current time). */
  now?: Date;
}

export const PRODID = '-//veneer//add-to-calendar//EN';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A UTC time as `YYYYMMDDTHHMMSSZ`, or '' outside the years 1–9999. */
function utc(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 1 && year <= 9999)) return '';
  return (
    pad(year, 4) + pad(date.getUTCMonth() + 1) + pad(date.getUTCDate()) + 'T' +
    pad(date.getUTCHours()) + pad(date.getUTCMinutes()) + pad(date.getUTCSeconds()) + 'Z'
  );
}

/** A Date at the given UTC fields (years 0–99 stay themselves), or null if they do not round-trip. */
function exact(year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0): Date | null {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hours, minutes, seconds, 0);
  return date.getUTCFullYear() == year && date.getUTCMonth() == month - 1 && date.getUTCDate() == day &&
    date.getUTCHours() == hours && date.getUTCMinutes() == minutes && date.getUTCSeconds() == seconds
    ? date
    : null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// A space for the T too: RFC 3339's readable form, as a CMS prints a date-time (`2026-03-12 10:00`).
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))?$/;

/**
 * The seed's calendar date, "year-month-day with no separators": `2026-03-12` → `20260312`
 * (all-day); `2026-03-12T10:00:00+01:00` → `20260312T090000Z` (converted to UTC); a time
 * without a zone, `2026-03-12T10:00:00` (as a CMS prints a local date-time), → `20260312T100000`
 * (RFC 5545's floating time: 10:00 wherever the calendar is); a space may stand for the `T`
 * (`2026-03-12 10:00`, RFC 3339's readable form). Anything else (`2024-13-45`,
 * `tomorrow`, CR/LF, trailing junk) → ''.
 */
export function calendarDate(value: string): string {
  let match = DATE.exec(value);
  if (match) {
    const [, y, m, d] = match.map(Number);
    return y >= 1 && exact(y, m, d) ? match[1] + match[2] + match[3] : '';
  }
  match = DATE_TIME.exec(value);
  if (!match) return '';
  const [, y, m, d, h, mi, s = 0] = match.slice(0, 7).map((part) => Number(part ?? 0));
  const date = exact(y, m, d, h, mi, s);
  if (!date) return '';
  if (!match[7] && !match[8]) return utc(date).slice(0, -1);
  if (!match[7]) {
    const hours = Number(match[9]);
    const minutes = Number(match[10]);
    if (hours > 23 || minutes > 59) return '';
    date.setTime(date.getTime() - (match[8] == '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000);
  }
  return utc(date);
}

/** The day after a `YYYYMMDD` date (an all-day DTEND is exclusive). */
function nextDay(value: string): string {
  const date = exact(+value.slice(0, 4), +value.slice(4, 6), +value.slice(6, 8))!;
  date.setUTCDate(date.getUTCDate() + 1);
  const year = date.getUTCFullYear();
  return year > 9999 ? '' : pad(year, 4) + pad(date.getUTCMonth() + 1) + pad(date.getUTCDate());
}

/**
 * RFC 5545 TEXT: `\`, `;` and `,` escaped, line breaks (LF, CRLF, a lone CR) written as
 * `\n`, so the text parses back with its breaks; the other control characters (not allowed
 * in TEXT) dropped, tab kept.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\0-\x08\x0b-\x1f\x7f]/g, '')
    .replace(/[\\;,]/g, '\\$&')
    .replace(/\n/g, '\\n');
}

const octets = (code: number) => (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);

/**
 * Folds one content line at 75 octets of UTF-8 (excluding the line break): continuation
 * lines start with one space; a character's UTF-8 sequence is never split. CRLF-joined.
 */
export function foldLine(line: string): string {
  let out = '';
  let size = 0;
  for (const char of line) {
    const length = octets(char.codePointAt(0)!);
    if (size + length > 75) {
      out += '\r\n ';
      size = 1;
    }
    out += char;
    size += length;
  }
  return out;
}

/** FNV-1a, 32 bits, as 8 hex digits. */
function fnv(value: string, seed: number): string {
  let hash = seed;
  for (let i = 0; i < value.length; i++) hash = Math.imul(hash ^ value.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** A UID that stays the same for the same event: a 64-bit hash of start, title and url, `@` host. */
export function eventUid(start: string, title: string, url: string, host: string): string {
  const key = [start, title, url].join('\n');
  return fnv(key, 0x811c9dc5) + fnv(key, 0x050c5d1f) + '@' + (host || 'veneer');
}

/** An absolute http(s) address without its hash, or null. */
function pageUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    url.hash = '';
    return url.protocol == 'https:' || url.protocol == 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The whole text/calendar file (CRLF line ends), or null when the start is not a calendar
 * date, the end is given but invalid or of the other kind (all-day vs timed), or before the start.
 */
export function writeCalendar(event: CalendarEvent): string | null {
  const start = calendarDate(event.start);
  const end = event.end ? calendarDate(event.end) : '';
  if (!start || (event.end && (!end || end.length != start.length || end < start))) return null;
  const allDay = start.length == 8;
  let dtend = '';
  if (allDay) {
    dtend = nextDay(end || start);
    if (!dtend) return null;
  } else if (end > start) dtend = end;
  const url = pageUrl(event.url);
  const title = event.title ?? '';
  const dateValue = (name: string, value: string) => (allDay ? `${name};VALUE=DATE:${value}` : `${name}:${value}`);
  const location = [event.venue, event.address, event.country].map((part) => (part ?? '').trim()).filter(Boolean).join(', ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:' + PRODID,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    'UID:' + escapeText(event.uid || eventUid(start, title, url ? url.href : '', url ? url.host : '')),
    'DTSTAMP:' + (utc(event.now ?? new Date()) || utc(new Date())),
    dateValue('DTSTART', start),
    dtend && dateValue('DTEND', dtend),
    'SUMMARY:' + escapeText(title),
    event.description && 'DESCRIPTION:' + escapeText(event.description),
    location && 'LOCATION:' + escapeText(location),
    url && 'URL:' + url.href,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return (lines.filter(Boolean) as string[]).map(foldLine).join('\r\n') + '\r\n';
}

const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/**
 * A safe `.ics` file name from a title: ASCII letters, digits and `-` (accents dropped, every
 * other run collapsed to one `-`), at most 60 before `.ics`; Windows device names get an
 * `event-` prefix; nothing left → `event.ics`.
 */
export function fileName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return (RESERVED.test(base) ? 'event-' + base : base || 'event') + '.ics';
}
