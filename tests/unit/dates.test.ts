// Pure date logic of the date picker (src/lib/dates.ts): typed dates, month steps, bounds.
import { describe, expect, it } from 'vitest';
import { DAY, addMonths, bounds, iso, parseDate } from '../../src/lib/dates';

const day = (text: string) => Date.parse(text + 'T00:00:00Z');

describe('parseDate', () => {
  it.each([
    ['2026-03-09', '2026-03-09'],
    ['2026-3-9', '2026-03-09'],
    ['2026/03/09', '2026-03-09'],
    [' 2026.3.9 ', '2026-03-09'],
    ['9-3-2026', '2026-03-09'],
    ['09/03/2026', '2026-03-09'],
    ['29.2.2028', '2028-02-29'],
  ])('reads %j as %s', (text, expected) => expect(iso(parseDate(text)!)).toBe(expected));

  it.each(['', 'tomorrow', '2026-13-01', '2026-00-10', '2026-02-30', '2026-02-29', '0999-01-01', '26-3-9', '2026-3-9x', '2026-03-09T10:00', '2026-01-01'.repeat(1000)])(
    'refuses %j',
    (text) => expect(parseDate(text)).toBeUndefined(),
  );
});

describe('addMonths', () => {
  it('keeps the day, or takes the last day of a shorter month', () => {
    expect(iso(addMonths(day('2026-01-31'), 1))).toBe('2026-02-28');
    expect(iso(addMonths(day('2028-02-29'), 12))).toBe('2029-02-28');
    expect(iso(addMonths(day('2026-03-15'), -3))).toBe('2025-12-15');
  });
});

describe('bounds', () => {
  const now = day('2026-06-15');
  it('is today ± 10 years by default', () => {
    expect(bounds(null, null, now)).toEqual({ min: day('2016-06-15'), max: day('2036-06-15') });
  });
  it('is narrowed by data-min / data-max, never widened', () => {
    expect(bounds('2026-03-13', '2026-12-18', now)).toEqual({ min: day('2026-03-13'), max: day('2026-12-18') });
    expect(bounds('1900-01-01', null, now)).toEqual({ min: day('2016-06-15'), max: day('2036-06-15') });
  });
  it('takes the date of an ISO date-time (as a CMS prints a date field)', () => {
    expect(bounds('2026-03-13T00:00:00', ' 2026-12-18T00:00:00Z ', now)).toEqual({ min: day('2026-03-13'), max: day('2026-12-18') });
    expect(bounds('2026-03-13T00:00:00.000+01:00', '2026-12-18t23:59', now)).toEqual({ min: day('2026-03-13'), max: day('2026-12-18') });
    // A space for the T, as add-to-calendar's data-start takes it (src/lib/ical.ts).
    expect(bounds('2026-03-13 00:00', '2026-12-18 23:59:59', now)).toEqual({ min: day('2026-03-13'), max: day('2026-12-18') });
  });
  it('takes a blank bound as missing (a template printing an unset value), the other still narrows', () => {
    expect(bounds('', '2026-12-18', now)).toEqual({ min: day('2016-06-15'), max: day('2026-12-18') });
    expect(bounds('2026-03-13', '  ', now)).toEqual({ min: day('2026-03-13'), max: day('2036-06-15') });
  });
  it.each([
    ['2026-13-45', 'tomorrow'],
    ['2026-12-01', '2026-01-01'],
    ['2026-01-01', 'x'],
    ['2050-01-01', null],
    ['2026-01-01'.repeat(1000), null],
    ['2026-03-13T', null],
    ['2026-03-13Tnoon', null],
    // Only a whole time of day: not digits and colons of any shape.
    ['2026-03-13T9', null],
    ['2026-03-13T::', null],
    ['2026-03-13T25:00', null],
    ['2026-03-13T10:60:00Z', null],
    ['2026-03-13T10:00:00.', null],
    ['2026-03-13 25:00', null],
    ['2026-03-13  10:00', null],
    ['2026-03-13T00:00:00' + '0'.repeat(10000) + 'x', null],
  ])('ignores both of %j / %j', (min, max) => {
    expect(bounds(min, max, now)).toEqual({ min: day('2016-06-15'), max: day('2036-06-15'), ignored: true });
  });
  it('counts whole days', () => expect(day('2026-06-16') - day('2026-06-15')).toBe(DAY));
});
