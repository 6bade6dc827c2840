// Date picker (input.js-datepicker) on the captured /event/ page (data-min 2026-03-13,
// data-max 2026-12-18) and fixtures (bad-inputs row 25), in Chromium against the production
// build. "Today" is frozen at 2026-06-15, and the tests answer matchMedia's pointer queries
// themselves: headless Chromium matches neither (pointer: fine) nor (pointer: coarse).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers';
import { useSession, type OpenOptions, type Session } from './support';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const INPUT = '#reg-consultation';
const BUTTON = '.veneer-datepicker-button';
const DIALOG = 'dialog.veneer-datepicker';

/** Opens `path` with a frozen clock and the given pointer kind, before any page script runs. */
async function openWith(session: Session, path: string, pointer: 'fine' | 'coarse', options: OpenOptions = {}) {
  const test = await session.open(path, { ...options, ready: false });
  await test.page.evaluateOnNewDocument((kind: string) => {
    const Real = Date;
    const fixed = Real.UTC(2026, 5, 15, 12);
    class Frozen extends Real {
      constructor(...args: unknown[]) {
        if (args.length) super(...(args as [number]));
        else super(fixed);
      }
      static now() {
        return fixed;
      }
    }
    (window as unknown as { Date: DateConstructor }).Date = Frozen as DateConstructor;
    const real = matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      /pointer/.test(query)
        ? ({ matches: query.includes(kind), media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false } as unknown as MediaQueryList)
        : real(query);
  }, pointer);
  await test.page.reload({ waitUntil: 'domcontentloaded' });
  await test.ready();
  return test;
}

/** The open dialog's state: heading, the focused cell's label, the selected cell's label. */
const picker = (page: Page) =>
  page.evaluate((dialog: string) => {
    const box = document.querySelector<HTMLDialogElement>(dialog + '[open]') || document.querySelector<HTMLDialogElement>(dialog);
    const focused = document.activeElement as HTMLElement;
    return {
      open: !!box?.open,
      heading: box?.querySelector('h2')?.textContent,
      focused: focused.getAttribute('aria-label') || focused.textContent,
      selected: box?.querySelector('[aria-selected="true"]')?.getAttribute('aria-label') ?? null,
    };
  }, DIALOG);

const value = (page: Page) => page.$eval(INPUT, (el) => (el as HTMLInputElement).value);
const openPicker = async (page: Page) => {
  await page.click(BUTTON);
  await page.waitForSelector(DIALOG + '[open] td[tabindex="0"]');
};

describe('date picker', () => {
  const session = useSession();

  it('/event/ (fine pointer): typed dates become ISO; the dialog follows the APG keyboard model within data-min/data-max', async () => {
    const test = await openWith(session, '/event/', 'fine');
    const page = test.page;
    expect(await page.$eval(INPUT, (el) => [el.getAttribute('data-enhanced'), (el as HTMLInputElement).readOnly, el.nextElementSibling?.className])).toEqual([
      'datepicker',
      false,
      'veneer-datepicker-button',
    ]);
    expect(await page.$eval(BUTTON, (el) => [el.getAttribute('aria-label'), (el as HTMLButtonElement).type])).toEqual(['Choose Date', 'button']);
    // The button sits over the input's end: inside its box, taking no room of its own.
    const boxes = await page.$eval(INPUT, (input) => {
      const a = input.getBoundingClientRect();
      const b = input.nextElementSibling!.getBoundingClientRect();
      return { inside: b.left >= a.left && b.right <= a.right + 0.5 && b.top >= a.top - 0.5 && b.bottom <= a.bottom + 0.5, width: b.width };
    });
    expect(boxes.inside && boxes.width > 20).toBe(true);
    expect(test.requests.some((url) => /\/ui\.[0-9a-f]{6}\.js$/.test(url))).toBe(false);

    // Typed, day first: written back as YYYY-MM-DD on change; the button names the date.
    await page.type(INPUT, '7/4/2026');
    await page.keyboard.press('Tab');
    expect(await value(page)).toBe('2026-04-07');
    expect(await page.$eval(BUTTON, (el) => el.getAttribute('aria-label'))).toBe('Change Date, Tuesday, April 7, 2026');

    await openPicker(page);
    expect(test.requests.filter((url) => /\/ui\.[0-9a-f]{6}\.js$/.test(url))).toHaveLength(1);
    expect(await page.$eval(DIALOG, (el) => [el.getAttribute('aria-label'), el.querySelector('h2')!.getAttribute('aria-live'), el.querySelector('table')!.getAttribute('role')])).toEqual([
      'Choose Date',
      'polite',
      'grid',
    ]);
    expect(await picker(page)).toEqual({ open: true, heading: 'April 2026', focused: 'Tuesday, April 7, 2026', selected: 'Tuesday, April 7, 2026' });
    // One letter shown (seven "Wed"s do not fit a 320 px wide viewport), the full name for screen readers.
    expect(await page.$$eval(DIALOG + ' th', (all) => all.map((th) => th.textContent))).toEqual(['M', 'T', 'W', 'T', 'F', 'S', 'S']);
    expect(await page.$$eval(DIALOG + ' th', (all) => all.map((th) => th.getAttribute('aria-label')))).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(await page.$$eval(DIALOG + ' td[tabindex="0"]', (all) => all.length)).toBe(1);
    const steps: [string, string, string?][] = [
      ['ArrowRight', 'Wednesday, April 8, 2026'],
      ['ArrowDown', 'Wednesday, April 15, 2026'],
      ['Home', 'Monday, April 13, 2026'],
      ['End', 'Sunday, April 19, 2026'],
      ['ArrowUp', 'Sunday, April 12, 2026'],
      ['ArrowLeft', 'Saturday, April 11, 2026'],
      ['PageDown', 'Monday, May 11, 2026', 'May 2026'],
      ['PageUp', 'Saturday, April 11, 2026', 'April 2026'],
    ];
    for (const [key, focused, heading = 'April 2026'] of steps) {
      await page.keyboard.press(key as 'Enter');
      expect(await picker(page), key).toMatchObject({ focused, heading });
    }
    // Shift+PageDown / PageUp move a year: clamped to data-max / data-min.
    await page.keyboard.down('Shift');
    await page.keyboard.press('PageDown');
    expect(await picker(page)).toMatchObject({ focused: 'Friday, December 18, 2026', heading: 'December 2026' });
    await page.keyboard.press('PageUp');
    await page.keyboard.up('Shift');
    expect(await picker(page)).toMatchObject({ focused: 'Friday, March 13, 2026', heading: 'March 2026' });
    await page.keyboard.press('ArrowLeft');
    expect(await picker(page)).toMatchObject({ focused: 'Friday, March 13, 2026' });
    expect(await page.$$eval(DIALOG + ' td[aria-disabled="true"]', (all) => all.map((td) => td.textContent))).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)));
    // A day before data-min does nothing; Enter selects, closes, returns focus to the button.
    await page.$$eval(DIALOG + ' td[aria-disabled="true"]', (all) => (all[0] as HTMLElement).click());
    expect((await picker(page)).open).toBe(true);
    await page.keyboard.press('Enter');
    expect(await value(page)).toBe('2026-03-13');
    expect(await picker(page)).toMatchObject({ open: false, focused: 'Change Date, Friday, March 13, 2026' });
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('veneer-datepicker-button');

    // Escape closes without a change; the month buttons keep focus; a click and Space select.
    await openPicker(page);
    expect(await picker(page)).toMatchObject({ focused: 'Friday, March 13, 2026', selected: 'Friday, March 13, 2026' });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    expect(await value(page)).toBe('2026-03-13');
    expect(await picker(page)).toMatchObject({ open: false, focused: 'Change Date, Friday, March 13, 2026' });
    await openPicker(page);
    await page.click(DIALOG + ' button[aria-label="Next Month"]');
    expect(await picker(page)).toMatchObject({ heading: 'April 2026', focused: 'Next Month' });
    await page.click(DIALOG + ' td[aria-label="Thursday, April 30, 2026"]');
    expect(await value(page)).toBe('2026-04-30');
    await openPicker(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    expect(await value(page)).toBe('2026-05-07');
    expect(test.requests.filter((url) => /\/ui\.[0-9a-f]{6}\.js$/.test(url))).toHaveLength(1);
    test.assertClean();
    await page.close();
  });

  it('year buttons (APG): Previous Year, Previous Month, the month, Next Month, Next Year; a click moves 12 months and keeps focus; unavailable where the step leaves the range, clamped where it partly does', async () => {
    const html = fixture(
      '<form><label for="d">Date</label> <input class="js-datepicker" id="d" name="d">' +
        ' <label for="v">Later</label> <input class="js-datepicker" id="v" name="v" value="2035-09-20">' +
        ' <label for="n">Narrow</label> <input class="js-datepicker" id="n" name="n" data-min="2026-03-13" data-max="2026-12-18"></form>',
    );
    const test = await openWith(session, '/__fixture/dp-years', 'fine', { html });
    const page = test.page;
    /** The row above the grid, in order: each child's name (a button's label, the heading's text) and aria-disabled. */
    const row = () => page.$$eval(DIALOG + '[open] > div > *', (all) => all.map((el) => [el.localName, el.getAttribute('aria-label') ?? el.textContent, el.getAttribute('aria-disabled')]));
    const year = (name: 'Previous Year' | 'Next Year') => page.click(`${DIALOG} button[aria-label="${name}"]`);
    const open = async (id: string) => {
      await page.click(`#${id} + ${BUTTON}`);
      await page.waitForSelector(DIALOG + '[open] td[tabindex="0"]');
    };

    // Today (2026-06-15): the range is 2016-06-15 to 2036-06-15.
    await open('d');
    expect(await row()).toEqual([
      ['button', 'Previous Year', 'false'],
      ['button', 'Previous Month', 'false'],
      ['h2', 'June 2026', null],
      ['button', 'Next Month', 'false'],
      ['button', 'Next Year', 'false'],
    ]);
    await year('Next Year');
    expect(await picker(page)).toMatchObject({ heading: 'June 2027', focused: 'Next Year' });
    await year('Previous Year');
    await year('Previous Year');
    expect(await picker(page)).toMatchObject({ heading: 'June 2025', focused: 'Previous Year' });
    // The focus trap's ends: Previous Year is now the first control, the day the last.
    await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    await page.keyboard.up('Shift');
    expect((await picker(page)).focused).toBe('Sunday, June 15, 2025');
    await page.keyboard.press('Tab');
    expect((await picker(page)).focused).toBe('Previous Year');
    // From the keyboard too: Tab to Next Year, Enter eleven times; the last year's month ends the range.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    for (let i = 0; i < 11; i++) await page.keyboard.press('Enter');
    expect(await picker(page)).toMatchObject({ heading: 'June 2036', focused: 'Next Year' });
    expect((await row()).map(([, , off]) => off)).toEqual(['false', 'false', null, 'true', 'true']);
    // Unavailable: a press does nothing, and focus stays (aria-disabled, not disabled).
    await page.keyboard.press('Enter');
    await year('Next Year');
    expect(await picker(page)).toMatchObject({ open: true, heading: 'June 2036', focused: 'Next Year' });
    // Its glyph greys; the button, and the focus ring on it, is not faded.
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).opacity)).toBe('1');
    // Escape still closes from a year button and returns focus, with no change.
    await page.keyboard.press('Escape');
    expect(await picker(page)).toMatchObject({ open: false, focused: 'Choose Date' });
    expect(await page.$eval('#d', (el) => (el as HTMLInputElement).value)).toBe('');

    // Ten years back: the first year's month; then the first day of the range is picked.
    await open('d');
    for (let i = 0; i < 10; i++) await year('Previous Year');
    expect(await picker(page)).toMatchObject({ heading: 'June 2016', focused: 'Previous Year' });
    expect((await row()).map(([, , off]) => off)).toEqual(['true', 'true', null, 'false', 'false']);
    await year('Previous Year');
    expect((await picker(page)).heading).toBe('June 2016');
    await page.click(DIALOG + ' td[aria-label="Wednesday, June 15, 2016"]');
    expect(await page.$eval('#d', (el) => (el as HTMLInputElement).value)).toBe('2016-06-15');

    // September 2036 has no day in the range: Next Year is unavailable, Next Month is not.
    await open('v');
    expect((await row()).map(([, , off]) => off)).toEqual(['false', 'false', null, 'false', 'true']);
    await year('Next Year');
    expect((await picker(page)).heading).toBe('September 2035');
    // June 2036 has some: the day (the 20th) is clamped to the last of the range, as Shift+PageDown does.
    for (let i = 0; i < 3; i++) await page.click(DIALOG + ' button[aria-label="Previous Month"]');
    expect((await row())[4]).toEqual(['button', 'Next Year', 'false']);
    await year('Next Year');
    expect((await picker(page)).heading).toBe('June 2036');
    expect(await page.$eval(DIALOG + ' td[tabindex="0"]', (td) => td.getAttribute('aria-label'))).toBe('Sunday, June 15, 2036');
    await page.keyboard.press('Escape');

    // data-min / data-max within one year: neither year step leads anywhere.
    await open('n');
    expect(await row()).toEqual([
      ['button', 'Previous Year', 'true'],
      ['button', 'Previous Month', 'false'],
      ['h2', 'June 2026', null],
      ['button', 'Next Month', 'false'],
      ['button', 'Next Year', 'true'],
    ]);
    await year('Previous Year');
    expect((await picker(page)).heading).toBe('June 2026');
    test.assertClean();
    await page.close();
  });

  it('coarse pointer: the input is read-only (no on-screen keyboard) and a tap opens the picker; removal restores it', async () => {
    const test = await openWith(session, '/event/', 'coarse');
    const page = test.page;
    expect(await page.$eval(INPUT, (el) => (el as HTMLInputElement).readOnly)).toBe(true);
    await page.click(INPUT);
    await page.waitForSelector(DIALOG + '[open] td[tabindex="0"]');
    // Today, inside the range.
    expect(await picker(page)).toMatchObject({ heading: 'June 2026', focused: 'Monday, June 15, 2026', selected: null });
    await page.keyboard.press('Enter');
    expect(await value(page)).toBe('2026-06-15');
    // Removal puts the markup back; inserting it again enhances it again.
    const restored = await page.$eval(INPUT, async (el) => {
      const field = el.parentElement!;
      const next = field.nextSibling;
      field.remove();
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      const gone = [(el as HTMLInputElement).readOnly, el.hasAttribute('style'), !!field.querySelector('.veneer-datepicker-button'), !!document.querySelector('dialog.veneer-datepicker'), el.getAttribute('data-enhanced')];
      next!.parentNode!.insertBefore(field, next);
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      return { gone, again: [(el as HTMLInputElement).readOnly, field.querySelectorAll('.veneer-datepicker-button').length] };
    });
    expect(restored).toEqual({ gone: [false, false, false, false, null], again: [true, 1] });
    test.assertClean();
    await page.close();
  });

  it('coarse pointer: a required date left empty stops the submit and opens the picker (the browser skips read-only fields)', async () => {
    const html = fixture(
      '<form action="/__fixture/dp-sent" id="f"><label for="d">Date</label> <input class="js-datepicker" id="d" name="d" required>' +
        '<input name="n" id="n"><button id="send">Send</button></form>' +
        '<form action="/__fixture/dp-sent" id="g" novalidate><input class="js-datepicker" id="e" name="e" required><button id="send2">Send</button></form>',
    );
    const test = await openWith(session, '/__fixture/dp-required', 'coarse', { html });
    const page = test.page;
    await page.evaluate(() => {
      const w = window as unknown as { __sent: string[] };
      w.__sent = [];
      // Records each submit that went through, and keeps the page here.
      addEventListener('submit', (event) => (event.defaultPrevented || w.__sent.push((event.target as HTMLFormElement).id), event.preventDefault()));
    });
    await page.type('#n', 'typed');
    await page.click('#send');
    await page.waitForSelector(DIALOG + '[open] td[tabindex="0"]', { timeout: 3000 });
    expect(await page.evaluate(() => (window as unknown as { __sent: string[] }).__sent)).toEqual([]);
    await page.keyboard.press('Enter');
    expect(await page.$eval('#n', (el) => (el as HTMLInputElement).value)).toBe('typed');
    await page.click('#send');
    // A form that opts out of the browser's checks is left to its own.
    await page.click('#send2');
    expect(await page.evaluate(() => (window as unknown as { __sent: string[] }).__sent)).toEqual(['f', 'g']);
    test.assertClean();
    await page.close();
  });

  it('coarse pointer: a field named noValidate (form.noValidate is then the field) does not let a required empty date through', async () => {
    const html = fixture(
      '<form action="/__fixture/dp-sent" id="f"><input type="hidden" name="noValidate" value="1"><label for="d">Date</label> ' +
        '<input class="js-datepicker" id="d" name="d" required><button id="send">Send</button></form>',
    );
    const test = await openWith(session, '/__fixture/dp-clobbered', 'coarse', { html });
    const page = test.page;
    await page.evaluate(() => {
      const w = window as unknown as { __sent: string[] };
      w.__sent = [];
      addEventListener('submit', (event) => (event.defaultPrevented || w.__sent.push((event.target as HTMLFormElement).id), event.preventDefault()));
    });
    await page.click('#send');
    await page.waitForSelector(DIALOG + '[open] td[tabindex="0"]', { timeout: 3000 });
    expect(await page.evaluate(() => (window as unknown as { __sent: string[] }).__sent)).toEqual([]);
    test.assertClean();
    await page.close();
  });

  it('bad inputs (row 25): malformed, inverted or 10 000-character bounds are ignored with a warning (today ± 10 years), fast, 0 errors', async () => {
    const long = '2026-01-01'.repeat(1000);
    const html = fixture('<form action="/forms/dp" method="post"></form>');
    const test = await openWith(session, '/__fixture/datepicker-bad', 'fine', { html });
    const page = test.page;
    // Inserted after the load: the reload in openWith would otherwise log twice.
    const from = test.warnings.length;
    const ms = await page.evaluate(async (long: string) => {
      const add = (tag: string, id: string, min: string | null, max: string | null, value = '') => {
        const element = document.createElement(tag);
        element.className = 'js-datepicker';
        element.id = id;
        if (min != null) element.setAttribute('data-min', min);
        if (max != null) element.setAttribute('data-max', max);
        if (value) element.setAttribute('value', value);
        document.forms[0].append(element);
      };
      const ready = () => (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      add('input', 'bad', '2026-13-45', 'tomorrow');
      add('input', 'inverted', '2026-12-01', '2026-01-01');
      add('input', 'narrow', '2026-06-01', null, '2026-06-10');
      add('div', 'div', null, null);
      await ready();
      // Timed once the chunk is here: the set-up alone.
      const start = performance.now();
      add('input', 'long', long, long);
      await ready();
      return performance.now() - start;
    }, long);
    const warnings = test.warnings.slice(from);
    expect(warnings.filter((w) => w.includes('datepicker: data-min / data-max ignored'))).toHaveLength(3);
    expect(warnings.filter((w) => w.includes('datepicker: not an <input>'))).toHaveLength(1);
    expect(ms).toBeLessThan(50);
    expect(await page.$$eval('.js-datepicker', (all) => all.map((el) => el.getAttribute('data-enhanced')))).toEqual(['datepicker', 'datepicker', 'datepicker', null, 'datepicker']);
    // Ignored bounds: ten years each way from today.
    await page.click('#long + button');
    await page.waitForSelector(DIALOG + '[open] td[tabindex="0"]');
    expect(await picker(page)).toMatchObject({ heading: 'June 2026', focused: 'Monday, June 15, 2026' });
    await page.keyboard.down('Shift');
    for (let i = 0; i < 11; i++) await page.keyboard.press('PageDown');
    expect((await picker(page)).focused).toBe('Sunday, June 15, 2036');
    for (let i = 0; i < 22; i++) await page.keyboard.press('PageUp');
    await page.keyboard.up('Shift');
    expect((await picker(page)).focused).toBe('Wednesday, June 15, 2016');
    await page.keyboard.press('Escape');
    // A bound that narrows the range is kept.
    await page.click('#narrow + button');
    await page.waitForSelector(DIALOG + '[open] td[tabindex="0"]');
    expect(await picker(page)).toMatchObject({ selected: 'Wednesday, June 10, 2026' });
    await page.keyboard.press('PageUp');
    expect((await picker(page)).focused).toBe('Monday, June 1, 2026');
    test.assertClean();
    await page.close();
  });

  it('inside a modal: the picker works each time the modal opens (its dialog is in the page only while open)', async () => {
    const html = fixture(
      '<button id="open" data-modal-open="m">Open</button>' +
        '<div class="js-modal" id="m"><div class="js-modal-body"><h2>Modal</h2><label for="d">Date</label> <input class="js-datepicker" id="d" name="d">' +
        ' <button class="js-modal-close" id="close">Close</button></div></div>',
    );
    const test = await openWith(session, '/__fixture/dp-modal', 'fine', { html });
    const page = test.page;
    for (const [focused, picked] of [
      ['Monday, June 15, 2026', '2026-06-16'],
      ['Tuesday, June 16, 2026', '2026-06-17'],
    ]) {
      await page.click('#open');
      await page.waitForSelector('#m.is-open');
      await page.click('#d + ' + BUTTON);
      await page.waitForSelector(DIALOG + '[open] td[tabindex="0"]');
      expect(await page.$eval(DIALOG, (el) => (el as HTMLElement).inert)).toBe(false);
      expect((await picker(page)).focused).toBe(focused);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      expect(await page.$eval('#d', (el) => (el as HTMLInputElement).value)).toBe(picked);
      // The close event comes a task after the pick.
      await page.waitForFunction(() => !document.querySelector('dialog.veneer-datepicker'), { timeout: 1000 }).catch(() => {});
      expect(await page.evaluate(() => [document.querySelectorAll('dialog.veneer-datepicker').length, document.activeElement?.className])).toEqual([0, 'veneer-datepicker-button']);
      await page.click('#close');
      await page.waitForSelector('#m:not(.is-open)');
    }
    test.assertClean();
    await page.close();
  });

  it('nothing moves at start: the input keeps its box and what follows it stays where it was', async () => {
    const row = (id: string, hook: string) => `<p><label for="${id}">Date</label> <input id="${id}"${hook} placeholder="YYYY-MM-DD"> <button id="${id}-next">Send</button></p>`;
    const html = fixture('<form>' + row('d', ' class="js-datepicker"') + row('plain', '') + '</form>');
    const test = await openWith(session, '/__fixture/dp-layout', 'fine', { html });
    const page = test.page;
    const boxes = (id: string) =>
      page.evaluate((id: string) => {
        const box = (el: Element) => el.getBoundingClientRect();
        const input = box(document.getElementById(id)!);
        return { width: input.width, height: input.height, next: box(document.getElementById(id + '-next')!).left - input.left };
      }, id);
    expect(await page.$eval('#d', (el) => el.getAttribute('data-enhanced'))).toBe('datepicker');
    expect(await boxes('d')).toEqual(await boxes('plain'));
    test.assertClean();
    await page.close();
  });

  it('a disabled or read-only input gets a disabled button (following the input’s disabled); a tap on a read-only one opens nothing', async () => {
    const html = fixture(
      '<form><label for="dis">Off</label> <input class="js-datepicker" id="dis" name="dis" disabled>' +
        '<label for="ro">Fixed</label> <input class="js-datepicker" id="ro" name="ro" readonly value="2026-05-05">' +
        '<label for="on">On</label> <input class="js-datepicker" id="on" name="on"></form>',
    );
    const test = await openWith(session, '/__fixture/dp-disabled', 'coarse', { html });
    const page = test.page;
    const buttons = () => page.$$eval(BUTTON, (all) => all.map((b) => (b as HTMLButtonElement).disabled));
    expect(await buttons()).toEqual([true, true, false]);
    await page.click('#ro');
    await page.click('#ro + ' + BUTTON);
    await page.click('#dis + ' + BUTTON);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await page.evaluate(() => !!document.querySelector('dialog.veneer-datepicker[open]'))).toBe(false);
    expect(await page.$eval('#ro', (el) => (el as HTMLInputElement).value)).toBe('2026-05-05');
    // A dependent-fields group switches its fields' disabled: the button follows.
    await page.$eval('#dis', (el) => ((el as HTMLInputElement).disabled = false));
    await page.$eval('#on', (el) => ((el as HTMLInputElement).disabled = true));
    expect(await buttons()).toEqual([false, true, true]);
    await page.click('#dis + ' + BUTTON);
    await page.waitForSelector(DIALOG + '[open] td[tabindex="0"]');
    await page.keyboard.press('Enter');
    expect(await page.$eval('#dis', (el) => (el as HTMLInputElement).value)).toBe('2026-06-15');
    test.assertClean();
    await page.close();
  });

  it('a form reset renames the button for the value the input goes back to', async () => {
    const html = fixture(
      '<form><label for="d">Date</label> <input class="js-datepicker" id="d" name="d">' +
        '<label for="e">Other</label> <input class="js-datepicker" id="e" name="e" value="2026-05-05"><button type="reset" id="reset">Reset</button></form>',
    );
    const test = await openWith(session, '/__fixture/dp-reset', 'fine', { html });
    const page = test.page;
    const names = () => page.$$eval(BUTTON, (all) => all.map((b) => b.getAttribute('aria-label')));
    for (const id of ['#d', '#e']) {
      await page.click(id + ' + ' + BUTTON);
      await page.waitForSelector(DIALOG + '[open] td[tabindex="0"]');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
    }
    expect(await names()).toEqual(['Change Date, Tuesday, June 16, 2026', 'Change Date, Wednesday, May 6, 2026']);
    await page.click('#reset');
    await page.waitForFunction(() => document.querySelector('.veneer-datepicker-button')!.getAttribute('aria-label') == 'Choose Date', { timeout: 1000 }).catch(() => {});
    expect(await names()).toEqual(['Choose Date', 'Change Date, Tuesday, May 5, 2026']);
    test.assertClean();
    await page.close();
  });

  it('the open dialog and its button have no axe-core violations', async () => {
    const test = await openWith(session, '/event/', 'fine');
    const page = test.page;
    await openPicker(page);
    // As DevTools code: the page's strict CSP refuses inline scripts.
    await page.evaluate(AXE);
    const result = await page.evaluate(async () => {
      type Result = { violations: { id: string; nodes: { target: unknown }[] }[]; passes: unknown[] };
      const axe = (window as unknown as { axe: { run(context: object, options: object): Promise<Result> } }).axe;
      const run = await axe.run({ include: [['dialog.veneer-datepicker'], ['.veneer-datepicker-button']] }, {});
      return { passes: run.passes.length, violations: run.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`) };
    });
    expect(result.passes).toBeGreaterThan(5);
    expect(result.violations).toEqual([]);
    test.assertClean();
    await page.close();
  });

  it('works under ?csp=strict with Trusted Types: no violation', async () => {
    const test = await openWith(session, '/event/?csp=strict', 'fine');
    const page = test.page;
    await page.evaluate(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      addEventListener('securitypolicyviolation', (event) => w.__violations.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    await openPicker(page);
    await page.keyboard.press('PageDown');
    await page.keyboard.press('Enter');
    expect(await value(page)).toBe('2026-07-15');
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    test.assertClean();
    await page.close();
  });
});
