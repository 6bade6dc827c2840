// Add to calendar (a.js-add-to-calendar) on the captured event page and on fixtures of the
// bad inputs (rows 14–16), in Chromium against the production build: a click or Enter
// downloads an RFC 5545 file built from the link's data-* attributes; invalid dates leave
// the link as it is (its href, the server's .ics, still works) with a warning.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers';
import { useSession, type TestPage } from './support';

const unfold = (text: string) => text.slice(0, -2).replace(/\r\n /g, '').split('\r\n');
const unescape = (value: string) => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c == 'n' || c == 'N' ? '\n' : c));
const field = (text: string, name: string) =>
  unfold(text)
    .filter((line) => line.startsWith(name + ':') || line.startsWith(name + ';'))
    .map((line) => line.slice(line.indexOf(':') + 1));

interface Download {
  name: string;
  text: string;
}

/** Runs `act` and returns the file it downloads (Browser.setDownloadBehavior into a temp folder). */
async function download(test: TestPage, act: () => Promise<unknown>): Promise<Download> {
  const dir = await mkdtemp(path.join(tmpdir(), 'veneer-ics-'));
  const cdp = await test.page.createCDPSession();
  try {
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir, eventsEnabled: true });
    let name = '';
    const done = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no download within 10 s')), 10_000);
      cdp.on('Browser.downloadWillBegin', (event) => void (name = event.suggestedFilename));
      cdp.on('Browser.downloadProgress', (event) => {
        if (event.state == 'completed') clearTimeout(timer), resolve(name);
        if (event.state == 'canceled') clearTimeout(timer), reject(new Error('download canceled'));
      });
    });
    await act();
    const file = await done;
    return { name: file, text: await readFile(path.join(dir, file), 'utf8') };
  } finally {
    await cdp.detach();
    await rm(dir, { recursive: true, force: true });
  }
}

const link = (attributes: Record<string, string>) =>
  fixture(
    '<p><a class="js-add-to-calendar" href="/media/files/event.ics" ' +
      Object.entries(attributes)
        .map(([name, value]) => `${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/\r/g, '&#13;').replace(/\n/g, '&#10;')}"`)
        .join(' ') +
      '>Add to calendar</a></p>',
  );

const VALID = { 'data-start': '2026-03-12T09:00:00Z', 'data-end': '2026-03-12T17:00:00Z', 'data-title': 'Summit' };

describe('add-to-calendar', () => {
  const session = useSession();

  it('a click on the event page downloads the event as an RFC 5545 file', async () => {
    const test = await session.open('/event/');
    // A hash on the page's address is not part of the event's URL.
    await test.page.evaluate(() => history.replaceState(null, '', '#top-of-page'));
    const data: Record<string, string | undefined> = await test.page.$eval('.js-add-to-calendar', (el) => ({ ...(el as HTMLElement).dataset, enhanced: el.getAttribute('data-enhanced') ?? '' }));
    expect(data.enhanced).toBe('add-to-calendar');
    // The Blob's type, as the Blob URL hands it over.
    await test.page.evaluate(() => {
      const create = URL.createObjectURL;
      URL.createObjectURL = (blob: Blob | MediaSource) => (((window as unknown as { __type: string }).__type = (blob as Blob).type), create(blob));
    });
    const file = await download(test, () => test.page.click('.js-add-to-calendar'));
    expect(await test.page.evaluate(() => (window as unknown as { __type: string }).__type)).toBe('text/calendar;charset=utf-8');
    expect(file.name).toBe('Northwind-Sensor-Summit-2026.ics');
    expect(file.text.endsWith('\r\n')).toBe(true);
    expect(file.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of file.text.slice(0, -2).split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const lines = unfold(file.text);
    expect(lines.slice(0, 6)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//veneer//add-to-calendar//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'BEGIN:VEVENT']);
    expect(lines.slice(-2)).toEqual(['END:VEVENT', 'END:VCALENDAR']);
    expect(field(file.text, 'UID')).toHaveLength(1);
    expect(field(file.text, 'UID')[0]).toMatch(/^[0-9a-f]{16}@127\.0\.0\.1:\d+$|^[0-9a-f]{16}@localhost:\d+$/);
    expect(field(file.text, 'DTSTAMP')[0]).toMatch(/^\d{8}T\d{6}Z$/);
    expect(field(file.text, 'DTSTART')).toEqual(['20260312T090000Z']);
    expect(field(file.text, 'DTEND')).toEqual(['20260312T170000Z']);
    expect(field(file.text, 'SUMMARY').map(unescape)).toEqual([data.title]);
    expect(field(file.text, 'DESCRIPTION').map(unescape)).toEqual([data.description]);
    expect(field(file.text, 'LOCATION').map(unescape)).toEqual([`${data.venue}, ${data.address}, ${data.country}`]);
    expect(field(file.text, 'URL')).toEqual([session.url + '/event/']);
    // The page stays where it was (the href fallback was not followed).
    expect(new URL(test.page.url()).pathname).toBe('/event/');
    expect(test.requests.some((url) => url.endsWith('/media/files/event.ics'))).toBe(false);
    test.assertClean();
  });

  it('Enter on the focused link downloads the same file; the Blob URL is not revoked at once', async () => {
    const test = await session.open('/event/');
    await test.page.evaluate(() => {
      const revoked: string[] = ((window as unknown as { __revoked: string[] }).__revoked = []);
      const revoke = URL.revokeObjectURL;
      URL.revokeObjectURL = (url: string) => (revoked.push(url), revoke.call(URL, url));
    });
    const mouse = await download(test, () => test.page.click('.js-add-to-calendar'));
    await test.page.focus('.js-add-to-calendar');
    const keyboard = await download(test, () => test.page.keyboard.press('Enter'));
    expect(keyboard.name).toBe(mouse.name);
    const stable = (text: string) => text.replace(/DTSTAMP:\d{8}T\d{6}Z/, 'DTSTAMP');
    expect(stable(keyboard.text)).toBe(stable(mouse.text));
    expect(await test.page.evaluate(() => (window as unknown as { __revoked: string[] }).__revoked)).toEqual([]);
    test.assertClean();
  });

  it('removing the link revokes its Blob URLs (teardown) and leaves it unmarked', async () => {
    const test = await session.open('/__fixture/cal-remove', { html: link(VALID) });
    await test.page.evaluate(() => {
      const revoked: string[] = ((window as unknown as { __revoked: string[] }).__revoked = []);
      const revoke = URL.revokeObjectURL;
      URL.revokeObjectURL = (url: string) => (revoked.push(url), revoke.call(URL, url));
    });
    await download(test, () => test.page.click('.js-add-to-calendar'));
    await test.page.evaluate(() => document.querySelector('.js-add-to-calendar')!.remove());
    await test.page.waitForFunction(() => (window as unknown as { __revoked: string[] }).__revoked.length == 1);
    expect((await test.page.evaluate(() => (window as unknown as { __revoked: string[] }).__revoked))[0]).toMatch(/^blob:/);
    test.assertClean();
  });

  it.each([
    ['CRLF ATTENDEE', 'Party\r\nATTENDEE:mailto:x@evil'],
    ['CR BEGIN:VALARM', 'x\rBEGIN:VALARM'],
    ['LF END:VEVENT', 'a\nEND:VEVENT'],
    ['backslash, semicolon, comma', '\\;,'],
    ['emoji and CJK, long', '🎉 Fête 夏祭り '.repeat(30)],
    ['10,000 characters', 'y'.repeat(10_000)],
  ])(
    'bad-inputs row 14: a title with %s stays inside one escaped SUMMARY',
    async (_, title) => {
      const test = await session.open('/__fixture/cal-title', { html: link({ ...VALID, 'data-title': title }) });
      const file = await download(test, () => test.page.click('.js-add-to-calendar'));
      // The title parses back with its line breaks: a CR or CRLF (from &#13;) as a line feed,
      // the one break TEXT can hold.
      const expected = await test.page.$eval('.js-add-to-calendar', (el) => (el as HTMLElement).dataset.title!.replace(/\r\n?/g, '\n'));
      expect(field(file.text, 'SUMMARY').map(unescape)).toEqual([expected]);
      const names = unfold(file.text).map((line) => line.split(/[:;]/)[0]);
      expect(names).toEqual(['BEGIN', 'VERSION', 'PRODID', 'CALSCALE', 'METHOD', 'BEGIN', 'UID', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY', 'URL', 'END', 'END']);
      for (const line of file.text.slice(0, -2).split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      test.assertClean();
    },
  );

  it.each([
    { 'data-start': '2024-13-45' },
    { 'data-start': 'tomorrow' },
    { 'data-start': '2024-01-01T10:00:00Z\r\nRRULE:FREQ=DAILY' },
    { 'data-start': '2026-03-12T09:00:00Z', 'data-end': '2026-03-12T08:00:00Z' },
    { 'data-start': '' },
  ])('bad-inputs row 15: %j is not enhanced, warns, and the link keeps its href', async (dates) => {
    const test = await session.open('/__fixture/cal-date', { html: link({ ...VALID, ...dates }) });
    expect(await test.page.$eval('.js-add-to-calendar', (el) => [el.hasAttribute('data-enhanced'), el.getAttribute('href')])).toEqual([false, '/media/files/event.ics']);
    expect(test.warnings.filter((text) => text.startsWith('[veneer] add-to-calendar:') && text.includes('not a valid event date'))).toHaveLength(1);
    // A click follows the href: the server's file, no Blob.
    const [request] = await Promise.all([test.page.waitForRequest((r) => r.url().endsWith('/media/files/event.ics')), test.page.click('.js-add-to-calendar')]);
    expect(request.url()).toBe(session.url + '/media/files/event.ics');
    test.assertClean();
  });

  it.each([
    ['../../etc/passwd', 'etc-passwd.ics'],
    ['CON', 'event-CON.ics'],
    ['a\u0000b', 'a-b.ics'],
    ['', 'event.ics'],
  ])('bad-inputs row 16: title %j downloads as %s', async (title, name) => {
    const html = link({ ...VALID, 'data-title': '' });
    const test = await session.open('/__fixture/cal-name', { html });
    // Set from script: the HTML parser would turn U+0000 into U+FFFD.
    await test.page.$eval('.js-add-to-calendar', (el, title: string) => el.setAttribute('data-title', title), title);
    const file = await download(test, () => test.page.click('.js-add-to-calendar'));
    expect(file.name).toBe(name);
    test.assertClean();
  });

  it('padded dates (" 2026-03-12 ", as CMS templates print them) are those dates', async () => {
    const test = await session.open('/__fixture/cal-padded', { html: link({ 'data-start': ' 2026-03-12 ', 'data-end': '\n2026-03-13 ', 'data-title': 'Days' }) });
    expect(await test.page.$eval('.js-add-to-calendar', (el) => el.getAttribute('data-enhanced'))).toBe('add-to-calendar');
    const file = await download(test, () => test.page.click('.js-add-to-calendar'));
    expect(unfold(file.text).filter((line) => line.startsWith('DT') && !line.startsWith('DTSTAMP'))).toEqual(['DTSTART;VALUE=DATE:20260312', 'DTEND;VALUE=DATE:20260314']);
    test.assertClean();
  });

  it('an all-day event: VALUE=DATE, DTEND the next day', async () => {
    const test = await session.open('/__fixture/cal-day', { html: link({ 'data-start': '2026-03-12', 'data-title': 'Day' }) });
    const file = await download(test, () => test.page.click('.js-add-to-calendar'));
    expect(unfold(file.text).filter((line) => line.startsWith('DT') && !line.startsWith('DTSTAMP'))).toEqual(['DTSTART;VALUE=DATE:20260312', 'DTEND;VALUE=DATE:20260313']);
    test.assertClean();
  });
});
