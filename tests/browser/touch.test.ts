// Touch screens and pointers (WCAG 2.2 2.5.x) for what veneer itself draws and does, in
// Chromium emulating a phone (iPhone 13: 390×844, touch, `pointer: coarse` matches without
// any matchMedia stand-in) or a touch tablet, with real touch input (CDP Input.dispatchTouchEvent).
import type { Page } from 'puppeteer';
import { KnownDevices } from 'puppeteer';
import { describe, expect, it } from 'vitest';
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
  // Until the fling has ended: a tap during one only stops it.
  for (let last = -1, now = 0; last != now; last = now, now = await page.evaluate(() => scrollY)) await wait(150);
}

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
});
