// The calendar writer (src/lib/ical.ts): RFC 5545 output, dates, escaping, folding, file
// names; examples plus property-based tests (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDate, escapeText, eventUid, fileName, foldLine, PRODID, writeCalendar } from '../../src/lib/ical';

const NOW = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
const EVENT = {
  url: 'https://www.example.com/event/#register',
  start: '2026-03-12T09:00:00Z',
  end: '2026-03-12T17:00:00Z',
  title: 'Northwind Sensor Summit 2026',
  description: 'Talks, workshops; a plant tour',
  venue: 'Northwind Amsterdam',
  address: 'Dam 1, 1012 JS Amsterdam',
  country: 'Netherlands',
  now: NOW,
};

const encoder = new TextEncoder();
/** The physical lines (the text must end with CRLF). */
const physical = (text: string) => {
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(0, -2).split('\r\n');
};
/** The unfolded content lines. */
const unfold = (text: string) => text.slice(0, -2).replace(/\r\n /g, '').split('\r\n');
const unescape = (value: string) => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c == 'n' || c == 'N' ? '\n' : c));
const property = (text: string, name: string) => unfold(text).filter((line) => line.startsWith(name + ':') || line.startsWith(name + ';'));
const value = (text: string, name: string) => {
  const lines = property(text, name);
  expect(lines, name).toHaveLength(1);
  return lines[0].slice(lines[0].indexOf(':') + 1);
};
/** What escapeText keeps of a string: CR and the control characters other than tab and LF go. */
const kept = (value: string) => value.replace(/\r\n?/g, '\n').replace(/[\0-\x08\x0b-\x1f\x7f]/g, '');

describe('calendarDate', () => {
  it.each([
    ['2026-03-12', '20260312'],
    ['2024-02-29', '20240229'],
    ['2026-03-12T09:00:00Z', '20260312T090000Z'],
    ['2026-03-12T09:00Z', '20260312T090000Z'],
    ['2026-03-12T09:00:00.500Z', '20260312T090000Z'],
    ['2026-03-12T10:00:00+01:00', '20260312T090000Z'],
    ['2026-03-12T00:30:00+02:00', '20260311T223000Z'],
    ['2026-12-31T20:00:00-05:00', '20270101T010000Z'],
    // No zone (a CMS's local date-time): RFC 5545's floating time, the same clock time anywhere.
    ['2026-03-12T09:00:00', '20260312T090000'],
    ['2026-03-12T09:00', '20260312T090000'],
    ['0099-01-01', '00990101'],
    // RFC 3339's readable form: a space for the T, as CMS templates print date-times.
    ['2026-03-12 09:00:00', '20260312T090000'],
    ['2026-03-12 10:00:00+01:00', '20260312T090000Z'],
  ])('%s → %s', (input, output) => expect(calendarDate(input)).toBe(output));

  it.each([
    '', '2024-13-45', '2023-02-29', '2026-04-31', 'tomorrow', '2026-3-12', '20260312', '2026-03-12 ',
    ' 2026-03-12', '2026-03-12x', '2026-03-12T09:00:00 ', '2026-03-12T24:00:00', '2026-03-12T24:00:00Z', '2026-03-12T09:60:00Z',
    '2026-03-12T09:00:60Z', '2026-03-12  09:00', '2026-03-12\t09:00', '2026-03-12T09:00:00+25:00', '2026-03-12T09:00:00+01:60',
    '2024-01-01T10:00:00Z\r\nRRULE:FREQ=DAILY', '2024-01-01\nX', '0000-01-01', 'Thu, 12 Mar 2026 09:00:00 GMT',
    '２０２６-03-12',
  ])('%j → ""', (input) => expect(calendarDate(input)).toBe(''));

  it('returns "" or a well-formed, real date for any string', () => {
    const shaped = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), fc.boolean(), fc.integer({ min: 0, max: 25 }), fc.constantFrom('Z', '+01:00', '-14:00', '+1:00', ''))
      .map(([y, m, d, timed, h, zone]) => {
        const date = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        return timed ? `${date}T${String(h).padStart(2, '0')}:30:00${zone}` : date;
      });
    fc.assert(
      fc.property(fc.oneof(fc.string(), shaped), (input) => {
        const out = calendarDate(input);
        if (out === '') return;
        expect(out).toMatch(/^\d{8}(T\d{6}Z?)?$/);
        const [y, m, d] = [out.slice(0, 4), out.slice(4, 6), out.slice(6, 8)].map(Number);
        const date = new Date(0);
        date.setUTCFullYear(y, m - 1, d);
        expect([date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]).toEqual([y, m, d]);
        if (out.length == 8) expect(out).toBe(input.replace(/-/g, ''));
      }),
      { numRuns: 10_000 },
    );
  });
});

describe('escapeText and foldLine', () => {
  it('escapes backslash, semicolon and comma; writes LF, CRLF and a lone CR as \\n', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('x\u0000y\tz')).toBe('xy\tz');
  });

  it('folds at 75 octets, never inside a UTF-8 sequence', () => {
    expect(foldLine('a'.repeat(75))).toBe('a'.repeat(75));
    expect(foldLine('a'.repeat(76))).toBe('a'.repeat(75) + '\r\n a');
    // 74 ASCII + a 3-octet character would be 77: it moves to the next line whole.
    expect(foldLine('a'.repeat(74) + '漢')).toBe('a'.repeat(74) + '\r\n 漢');
    expect(foldLine('a'.repeat(71) + '😀')).toBe('a'.repeat(71) + '😀');
    expect(foldLine('a'.repeat(72) + '😀')).toBe('a'.repeat(72) + '\r\n 😀');
  });

  it('any string: every physical line ≤ 75 octets, unfolding restores it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }).map((s) => s.replace(/[\r\n]/g, '')), (line) => {
        const folded = foldLine(line);
        for (const part of folded.split('\r\n')) expect(encoder.encode(part).length).toBeLessThanOrEqual(75);
        expect(folded.replace(/\r\n /g, '')).toBe(line);
      }),
      { numRuns: 10_000 },
    );
  });
});

describe('writeCalendar', () => {
  it('writes the event of the captured page', () => {
    const text = writeCalendar(EVENT)!;
    const lines = unfold(text);
    expect(lines).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:' + PRODID,
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:' + eventUid('20260312T090000Z', EVENT.title, 'https://www.example.com/event/', 'www.example.com'),
      'DTSTAMP:20260102T030405Z',
      'DTSTART:20260312T090000Z',
      'DTEND:20260312T170000Z',
      'SUMMARY:Northwind Sensor Summit 2026',
      'DESCRIPTION:Talks\\, workshops\\; a plant tour',
      'LOCATION:Northwind Amsterdam\\, Dam 1\\, 1012 JS Amsterdam\\, Netherlands',
      'URL:https://www.example.com/event/',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
    expect(value(text, 'UID')).toMatch(/^[0-9a-f]{16}@www\.example\.com$/);
    // Deterministic: the same event gives the same UID at any time.
    expect(value(writeCalendar({ ...EVENT, now: new Date() })!, 'UID')).toBe(value(text, 'UID'));
    expect(value(writeCalendar({ ...EVENT, title: 'Other' })!, 'UID')).not.toBe(value(text, 'UID'));
  });

  it('all-day: VALUE=DATE, DTEND the next day (none or same end), after the last day otherwise', () => {
    const one = writeCalendar({ ...EVENT, start: '2026-03-12', end: '' })!;
    expect(property(one, 'DTSTART')).toEqual(['DTSTART;VALUE=DATE:20260312']);
    expect(property(one, 'DTEND')).toEqual(['DTEND;VALUE=DATE:20260313']);
    expect(property(writeCalendar({ ...EVENT, start: '2026-03-12', end: '2026-03-12' })!, 'DTEND')).toEqual(['DTEND;VALUE=DATE:20260313']);
    expect(property(writeCalendar({ ...EVENT, start: '2026-12-30', end: '2026-12-31' })!, 'DTEND')).toEqual(['DTEND;VALUE=DATE:20270101']);
    expect(property(writeCalendar({ ...EVENT, start: '2024-02-28', end: '' })!, 'DTEND')).toEqual(['DTEND;VALUE=DATE:20240229']);
  });

  it('floating local times (no zone): DTSTART and DTEND without Z; a zoned end with a floating start is refused', () => {
    const text = writeCalendar({ ...EVENT, start: '2026-03-12T09:00:00', end: '2026-03-12T17:00:00' })!;
    expect(property(text, 'DTSTART')).toEqual(['DTSTART:20260312T090000']);
    expect(property(text, 'DTEND')).toEqual(['DTEND:20260312T170000']);
    expect(writeCalendar({ ...EVENT, start: '2026-03-12T09:00:00', end: '2026-03-12T17:00:00Z' })).toBeNull();
    expect(writeCalendar({ ...EVENT, start: '2026-03-12T09:00:00', end: '2026-03-12T08:00:00' })).toBeNull();
  });

  it('timed without an end (or the same end): no DTEND, as RFC 5545 allows', () => {
    expect(property(writeCalendar({ ...EVENT, end: '' })!, 'DTEND')).toEqual([]);
    expect(property(writeCalendar({ ...EVENT, end: EVENT.start })!, 'DTEND')).toEqual([]);
  });

  it('skips empty location parts and an empty description; drops a non-http URL', () => {
    const text = writeCalendar({ ...EVENT, venue: '', address: ' ', description: '', url: 'javascript:alert(1)' })!;
    expect(value(text, 'LOCATION')).toBe('Netherlands');
    expect(property(text, 'DESCRIPTION')).toEqual([]);
    expect(property(text, 'URL')).toEqual([]);
    expect(value(text, 'UID')).toMatch(/@veneer$/);
  });

  it.each([
    ['an invalid start', { start: '2024-13-45' }],
    ['start "tomorrow"', { start: 'tomorrow' }],
    ['a start with an RRULE after CRLF', { start: '2024-01-01T10:00:00Z\r\nRRULE:FREQ=DAILY' }],
    ['an end before the start', { end: '2026-03-12T08:59:59Z' }],
    ['an invalid end', { end: 'later' }],
    ['an all-day end with a timed start', { end: '2026-03-13' }],
    ['an all-day end before its start', { start: '2026-03-12', end: '2026-03-11' }],
  ])('null for %s', (_, change) => expect(writeCalendar({ ...EVENT, ...change })).toBeNull());

  it.each(['Party\r\nATTENDEE:mailto:x@evil', 'x\rBEGIN:VALARM', 'a\nEND:VEVENT', '\\;,', 'x'.repeat(10_000), '🎉 Fête 夏祭り 🎉'.repeat(20)])(
    'bad-inputs row 14: %j stays one escaped SUMMARY',
    (title) => {
      const text = writeCalendar({ ...EVENT, title })!;
      expect(unescape(value(text, 'SUMMARY'))).toBe(kept(title));
      const names = unfold(text).map((line) => line.split(/[:;]/)[0]);
      expect(names.filter((name) => ['ATTENDEE', 'BEGIN', 'END', 'RRULE'].includes(name))).toEqual(['BEGIN', 'BEGIN', 'END', 'END']);
      for (const line of physical(text)) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    },
  );

  it('arbitrary text fields: valid structure, CRLF, ≤ 75 octets, fields round-trip', () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.string({ unit: fc.constantFrom('a', ' ', ';', ',', '\\', '\r', '\n', ':', 'é', '漢', '😀', '\u0000', '\t', 'N'), maxLength: 200 }),
    );
    fc.assert(
      fc.property(text, text, text, (title, description, venue) => {
        const out = writeCalendar({ ...EVENT, title, description, venue })!;
        const lines = physical(out);
        for (const line of lines) {
          expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
          expect(line).not.toMatch(/[\r\n]/);
        }
        const content = unfold(out);
        for (const name of ['UID', 'DTSTAMP', 'PRODID', 'VERSION', 'DTSTART', 'SUMMARY']) expect(property(out, name), name).toHaveLength(1);
        expect(content.filter((line) => line == 'BEGIN:VEVENT')).toHaveLength(1);
        expect(content.filter((line) => line.startsWith('BEGIN:') || line.startsWith('END:'))).toEqual(['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'END:VEVENT', 'END:VCALENDAR']);
        expect(value(out, 'DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
        expect(unescape(value(out, 'SUMMARY'))).toBe(kept(title));
        if (kept(description)) expect(unescape(value(out, 'DESCRIPTION'))).toBe(kept(description));
        // Every content line is NAME[;PARAM]:VALUE with an IANA-style name.
        for (const line of content) expect(line).toMatch(/^[A-Z-]+(;[A-Z-]+=[A-Z-]+)?:/);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('fileName', () => {
  it.each([
    ['Northwind Sensor Summit 2026', 'Northwind-Sensor-Summit-2026.ics'],
    ['../../etc/passwd', 'etc-passwd.ics'],
    ['CON', 'event-CON.ics'],
    ['nul', 'event-nul.ics'],
    ['com1', 'event-com1.ics'],
    ['CON foo', 'CON-foo.ics'],
    ['a\u0000b', 'a-b.ics'],
    ['', 'event.ics'],
    ['🎉🎉', 'event.ics'],
    ['Fête à Zürich', 'Fete-a-Zurich.ics'],
    ['x'.repeat(100), 'x'.repeat(60) + '.ics'],
    ['a'.repeat(59) + ' b', 'a'.repeat(59) + '.ics'],
  ])('%j → %s', (title, name) => expect(fileName(title)).toBe(name));

  it('any title gives a safe name', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: fc.constantFrom('.', '/', '\\', 'C', 'O', 'N', ' ', '-', '\u0000', 'é') })), (title) => {
        const name = fileName(title);
        expect(name).toMatch(/^[A-Za-z0-9-]{1,60}\.ics$/);
        expect(name).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)\.ics$/i);
      }),
      { numRuns: 10_000 },
    );
  });
});
