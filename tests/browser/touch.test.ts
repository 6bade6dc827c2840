// Touch screens and pointers (WCAG 2.2 2.5.x) for what veneer itself draws and does, in
// Chromium emulating a phone (iPhone 13: 390×844, touch, `pointer: coarse` matches without
// any matchMedia stand-in) or a touch tablet, with real touch input (CDP Input.dispatchTouchEvent).
import type { Page } from 'puppeteer';
import { KnownDevices } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers';
import { useSession, type OpenOptions, type Session } from './support';

const PHONE = KnownDevices['iPhone 13'];

/** Opens `path` on an emulated phone (or `device`), set before the page's scripts run (reloaded). */
async function onPhone(session: Session, path: string, options: OpenOptions = {}, device = PHONE) {
  const test = await session.open(path, { ...options, ready: false });
  await test.page.emulate(device);
  await test.page.reload({ waitUntil: 'domcontentloaded' });
  await test.ready();
  return test;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A one-finger drag from (x, y) by dy: the page scrolls (pointercancel, no pointerup, no click). */
async function drag(page: Page, x: number, y: number, dy: number) {
  const cdp = await page.createCDPSession();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + (dy * i) / 8 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await settled(page);
}

/** Until the page and any open dialog have stopped scrolling (a fling): a tap during one only stops it. */
async function settled(page: Page) {
  for (let last = -1, now = 0; last != now; last = now, now = await page.evaluate(() => scrollY + (document.querySelector('dialog[open]')?.scrollTop ?? 0))) await wait(150);
}

/** Width and height (CSS px) of each element matching `selector`. */
const sizes = (page: Page, selector: string) =>
  page.$$eval(selector, (all) => all.map((el) => ((box) => [Math.round(box.width * 10) / 10, Math.round(box.height * 10) / 10])(el.getBoundingClientRect())));

describe('touch screens and pointers', () => {
  const session = useSession();

  it('phone: pointer: coarse matches; a touch that scrolls the page from outside an open header panel leaves it open, a tap outside closes it', async () => {
    const test = await onPhone(session, '/home/');
    const page = test.page;
    expect(await page.evaluate(() => [matchMedia('(pointer: coarse)').matches, matchMedia('(hover: none)').matches])).toEqual([true, true]);
    const state = () =>
      page.evaluate(() => [
        document.querySelector('.js-search-toggle')!.getAttribute('aria-expanded'),
        document.activeElement?.id,
        scrollY > 100,
      ]);
    await page.tap('.js-search-toggle');
    await page.waitForFunction(() => document.activeElement?.id == 'site-search', { timeout: 2000 });
    await page.keyboard.type('pressure');
    // The search panel ends near y 260; the drag starts on the page below it. The page scrolls,
    // and the panel stays open with the visitor's query and focus (the keyboard up).
    await drag(page, 200, 700, -300);
    expect(await state()).toEqual(['true', 'site-search', true]);
    // The same for the small-screen menu, opened by one tap.
    await page.tap('.js-menu-toggle');
    await wait(100);
    await drag(page, 200, 780, -200);
    expect(await page.$eval('.js-menu-toggle', (el) => el.getAttribute('aria-expanded'))).toBe('true');
    // A tap outside (down and up, no scroll) still closes it.
    await page.touchscreen.tap(200, 800);
    expect(await page.$eval('.js-menu-toggle', (el) => el.getAttribute('aria-expanded'))).toBe('false');
    test.assertClean();
  });
  it('phone: the date picker opens with a tap on its read-only field; its day cells and month buttons are 24×24 px or more, also under a table{border-collapse:collapse} reset; a tap picks', async () => {
    const html = fixture(
      '<form class="form"><div class="field"><label for="d">Date</label><input class="js-datepicker" id="d" name="d" data-min="2026-01-01" data-max="2027-12-31"></div></form>',
      // The site's stylesheet and a common reset (Bootstrap 3/4, normalize.css v3): no border spacing.
      '<link rel="stylesheet" href="/Content/css/site.css"><style>table{border-collapse:collapse;border-spacing:0}</style><script defer src="/Content/scripts/dist/veneer.js"></script>',
    );
    const test = await onPhone(session, '/__fixture/touch-datepicker', { html });
    const page = test.page;
    expect(await page.$eval('#d', (el) => (el as HTMLInputElement).readOnly)).toBe(true);
    // The opening button: 2.75rem wide, as high as the field it sits over.
    const [[width, height]] = await sizes(page, '.veneer-datepicker-button');
    expect(width >= 44 && height >= 24).toBe(true);
    await page.tap('#d');
    await page.waitForSelector('dialog.veneer-datepicker[open] td[tabindex="0"]');
    const targets = [...(await sizes(page, 'dialog.veneer-datepicker button')), ...(await sizes(page, 'dialog.veneer-datepicker td[aria-label]'))];
    expect(targets.length).toBeGreaterThan(28);
    expect(targets.filter(([width, height]) => width < 24 || height < 24)).toEqual([]);
    await (await page.$('dialog.veneer-datepicker td[aria-label*=" 20,"]'))!.tap();
    expect(await page.$eval('#d', (el) => (el as HTMLInputElement).value)).toMatch(/^\d{4}-\d\d-20$/);
    test.assertClean();
  });
  it('phone: a date ten years ahead takes a tap on the field, ten on Next Year and one on the day (not 120 on Next Month); the value is YYYY-MM-DD', async () => {
    const html = fixture('<form><label for="d">Date</label> <input class="js-datepicker" id="d" name="d"></form>');
    const test = await onPhone(session, '/__fixture/touch-datepicker-years', { html });
    const page = test.page;
    // Today on the phone's clock, and the same month ten years on (the range's last month).
    const [year, month] = await page.evaluate(() => [new Date().getFullYear(), new Date().getMonth() + 1]);
    const heading = (y: number) => page.$eval('dialog.veneer-datepicker[open] h2', (h2, y) => h2.textContent!.endsWith(' ' + y), y);
    await page.tap('#d');
    await page.waitForSelector('dialog.veneer-datepicker[open] td[tabindex="0"]');
    expect(await heading(year)).toBe(true);
    // The year buttons are 24×24 px or more too.
    const [[width, height]] = await sizes(page, 'dialog.veneer-datepicker button[aria-label="Next Year"]');
    expect(width >= 24 && height >= 24).toBe(true);
    for (let i = 0; i < 10; i++) await page.tap('dialog.veneer-datepicker button[aria-label="Next Year"]');
    expect(await heading(year + 10)).toBe(true);
    expect(await page.$eval('dialog.veneer-datepicker button[aria-label="Next Year"]', (b) => b.getAttribute('aria-disabled'))).toBe('true');
    // The month's first day is inside the range (today ten years on is its last).
    await (await page.$('dialog.veneer-datepicker td[aria-label]'))!.tap();
    expect(await page.$eval('#d', (el) => (el as HTMLInputElement).value)).toBe(`${year + 10}-${String(month).padStart(2, '0')}-01`);
    test.assertClean();
  });
  it('phone: the rotator pause button and the map load button stay 24 px high or more in a 13 px text without the site\'s button rules (they lie over the slides and the map\'s fallback link)', async () => {
    const html = fixture(
      '<main style="font-size:13px">' +
        '<div class="js-rotator" data-interval="8000"><div><figure class="js-rotator-item"><blockquote>One</blockquote></figure><figure class="js-rotator-item"><blockquote>Two</blockquote></figure></div></div>' +
        // Far below: the map does not load itself (which removes the button).
        '<div style="height:3000px"></div><div class="js-map" data-lat="51.4488" data-lng="5.4567" data-zoom="15" data-title="Office"><a href="https://www.openstreetmap.org/">Map of the office</a></div>' +
        '</main>',
    );
    const test = await onPhone(session, '/__fixture/touch-buttons', { html });
    const all = await sizes(test.page, '.veneer-rotator-toggle, .veneer-map-load');
    expect(all).toHaveLength(2);
    expect(all.filter(([width, height]) => width < 24 || height < 24)).toEqual([]);
    test.assertClean();
  });
  it('phone: the lightbox shows its close button in 390×844, the page behind does not move under a finger, tall content scrolls inside; touch and wheel listeners are passive (a guard)', async () => {
    const text = '<p>Line of the spec sheet.</p>'.repeat(120);
    const html = fixture(
      `<p><a class="js-lightbox" id="open" data-lightbox-type="inline" href="#long">Spec sheet</a> <a id="jump" href="#end">End</a></p><div id="long">${text}</div><div style="height:3000px"></div><h2 id="end">End</h2>`,
    );
    const test = await onPhone(session, '/__fixture/touch-lightbox', {
      html,
      // Records whether each touch or wheel listener veneer adds may block scrolling.
      init: () => {
        const add = EventTarget.prototype.addEventListener;
        const seen: string[] = ((window as unknown as { __touch: string[] }).__touch = []);
        EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
          if (/^(touchstart|touchmove|wheel|mousewheel)$/.test(type)) seen.push(type + (typeof options == 'object' && (options as AddEventListenerOptions)?.passive ? '' : ' blocking'));
          return add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
        };
      },
    });
    const page = test.page;
    // An in-page link's smooth scroll listens for the visitor's touch and wheel (to stop).
    await page.tap('#jump');
    await page.waitForFunction(() => location.hash == '#end');
    await settled(page);
    await page.evaluate(() => scrollTo(0, 0));
    await page.tap('#open');
    await page.waitForSelector('dialog.veneer-lightbox[open]:not(.is-busy)');
    const close = await page.$eval('.veneer-lightbox__close', (el) => ((box) => [box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight, box.width >= 24 && box.height >= 24])(el.getBoundingClientRect()));
    expect(close).toEqual([true, true]);
    const y = await page.evaluate(() => scrollY);
    await drag(page, 200, 700, -400);
    // The page stays; the popup's own content scrolled.
    expect(await page.evaluate(() => [scrollY, document.querySelector('dialog.veneer-lightbox')!.scrollTop > 100])).toEqual([y, true]);
    // At the content's end, a further drag does not pass on to the page (the scroll lock).
    await page.$eval('dialog.veneer-lightbox', (el) => (el.scrollTop = el.scrollHeight));
    await drag(page, 200, 700, -400);
    expect(await page.evaluate(() => scrollY)).toBe(y);
    await page.tap('.veneer-lightbox__close');
    await page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox[open]'));
    // Passively: they never hold a scroll back.
    const listeners = await page.evaluate(() => (window as unknown as { __touch: string[] }).__touch);
    expect(listeners).toContain('touchstart');
    expect(listeners.filter((type) => type.endsWith('blocking'))).toEqual([]);
    test.assertClean();
  });
});
