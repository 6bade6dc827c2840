// Pages in other languages (issue 10), in Chromium against the production build: the Arabic,
// right-to-left /contact-ar/, where the arrow keys of tabs, the lightbox and the date picker
// follow what the visitor sees (ArrowLeft goes to the next item), and the German /home-de/,
// which gets the German labels from their own chunk. Loading clean, every hook enhanced, no
// layout shift and no axe violation are checked for both by pages.test.ts and a11y.test.ts.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers';
import { useSession } from './support';

const focusedTab = (page: Page) => page.evaluate(() => [...document.querySelectorAll('a.js-tab')].indexOf(document.activeElement!));
/** The left edges of the tabs, first to last. */
const tabLefts = (page: Page) => page.$$eval('a.js-tab', (all) => all.map((tab) => tab.getBoundingClientRect().left));

const labelChunks = (requests: string[]) =>
  requests.map((url) => new URL(url).pathname.split('/').pop()!).filter((file) => file.startsWith('labels-') && file.endsWith('.js')).map((file) => file.split('.')[0]);

const PICKER = 'dialog.veneer-datepicker';
const focusedDay = (page: Page) => page.evaluate(() => document.activeElement!.getAttribute('aria-label'));
/** The left edge of the grid cell labelled `label`. */
const dayLeft = (page: Page, label: string) =>
  page.$$eval(`${PICKER} td[aria-label]`, (all, label) => all.find((td) => td.getAttribute('aria-label') == label)!.getBoundingClientRect().left, label);

describe('right-to-left and translated pages', () => {
  const session = useSession();

  it('/contact-ar/ under the strict CSP: the tabs run right to left, and ArrowLeft moves focus to the next tab, ArrowRight to the previous', async () => {
    const test = await session.open('/contact-ar/?csp=strict');
    const page = test.page;
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.js-tabs [role="tablist"], .js-tabs ul')!).direction)).toBe('rtl');
    const lefts = await tabLefts(page);
    expect(lefts[0]).toBeGreaterThan(lefts[1]);
    expect(lefts[1]).toBeGreaterThan(lefts[2]);

    await page.focus('a.js-tab');
    const press = async (key: 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End') => (await page.keyboard.press(key), focusedTab(page));
    expect(await press('ArrowLeft')).toBe(1);
    expect(await press('ArrowLeft')).toBe(2);
    expect(await press('ArrowLeft')).toBe(0);
    expect(await press('ArrowRight')).toBe(2);
    expect(await press('ArrowRight')).toBe(1);
    expect(await press('Home')).toBe(0);
    expect(await press('End')).toBe(2);
    // Arrows move focus only: the first tab is still the selected one.
    expect(await page.$$eval('a.js-tab', (all) => all.map((tab) => tab.getAttribute('aria-selected')))).toEqual(['true', 'false', 'false']);
    expect(test.violations).toEqual([]);
    test.assertClean();
  });

  it('/contact-ar/: in the date picker grid, ArrowLeft is the next day and ArrowRight the day before; Up/Down stay weeks', async () => {
    const test = await session.open('/contact-ar/');
    const page = test.page;
    await page.type('#visit-date', '2026-04-07');
    await page.keyboard.press('Tab');
    await page.click('.veneer-datepicker-button');
    await page.waitForSelector(`${PICKER}[open] td[tabindex="0"]`);
    expect(await focusedDay(page)).toBe('Tuesday, April 7, 2026');
    // The week runs leftwards in this grid: the next day is on the left.
    expect(await page.$eval(`${PICKER} table`, (table) => getComputedStyle(table).direction)).toBe('rtl');
    expect(await dayLeft(page, 'Wednesday, April 8, 2026')).toBeLessThan(await dayLeft(page, 'Tuesday, April 7, 2026'));
    // The row above turns round too: Previous Year at the right end, Next Year at the left.
    const lefts = await page.$$eval(`${PICKER} [aria-label$=" Year"], ${PICKER} [aria-label$=" Month"]`, (all) =>
      Object.fromEntries(all.map((b) => [b.getAttribute('aria-label'), b.getBoundingClientRect().left])),
    );
    expect(Object.keys(lefts).sort((a, b) => lefts[b] - lefts[a])).toEqual(['Previous Year', 'Previous Month', 'Next Month', 'Next Year']);
    const steps: [string, string][] = [
      ['ArrowLeft', 'Wednesday, April 8, 2026'],
      ['ArrowLeft', 'Thursday, April 9, 2026'],
      ['ArrowRight', 'Wednesday, April 8, 2026'],
      ['ArrowRight', 'Tuesday, April 7, 2026'],
      ['ArrowDown', 'Tuesday, April 14, 2026'],
      ['ArrowUp', 'Tuesday, April 7, 2026'],
    ];
    for (const [key, day] of steps) {
      await page.keyboard.press(key as 'Enter');
      expect(await focusedDay(page), key).toBe(day);
    }
    await page.keyboard.press('Enter');
    expect(await page.$eval('#visit-date', (input) => (input as HTMLInputElement).value)).toBe('2026-04-07');
    test.assertClean();
  });

  it('a left-to-right page keeps ArrowRight as the next day (control)', async () => {
    const html = fixture('<label for="d">Date</label><input id="d" class="js-datepicker" value="2026-04-07">');
    const test = await session.open('/__fixture/datepicker-ltr', { html });
    await test.page.click('.veneer-datepicker-button');
    await test.page.waitForSelector(`${PICKER}[open] td[tabindex="0"]`);
    await test.page.keyboard.press('ArrowRight');
    expect(await focusedDay(test.page)).toBe('Wednesday, April 8, 2026');
    await test.page.keyboard.press('ArrowLeft');
    await test.page.keyboard.press('ArrowLeft');
    expect(await focusedDay(test.page)).toBe('Monday, April 6, 2026');
    test.assertClean();
  });

  it('/contact-ar/: in the lightbox gallery ArrowLeft shows the next image, ArrowRight the previous', async () => {
    const test = await session.open('/contact-ar/');
    const page = test.page;
    const shown = async () => {
      await page.waitForSelector('dialog.veneer-lightbox.is-open:not(.is-busy)', { timeout: 5000 });
      return page.$eval('dialog.veneer-lightbox', (d) => (d.querySelector('figure:not([hidden]) img') as HTMLImageElement | null)?.src.replace(location.origin, ''));
    };
    await page.click('.js-lightbox-gallery a:nth-child(1)');
    expect(await shown()).toBe('/media/images/gallery-1.svg');
    await page.keyboard.press('ArrowLeft');
    expect(await shown()).toBe('/media/images/gallery-2.svg');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await shown()).toBe('/media/images/gallery-6.svg');
    test.assertClean();
  });

  it('/contact-ar/: the lightbox counter reads "1 of 3" left to right, isolated from the page\'s direction (not "of 3 1")', async () => {
    const test = await session.open('/contact-ar/');
    const page = test.page;
    await page.click('.js-lightbox-gallery a:nth-child(1)');
    await page.waitForSelector('dialog.veneer-lightbox.is-open:not(.is-busy)', { timeout: 5000 });
    const counter = await page.$eval('dialog.veneer-lightbox [aria-live]', (p) => {
      const text = p.firstChild as Text;
      /** The left edge of the characters start to end of the counter's text. */
      const left = (start: number, end: number) => {
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, end);
        return range.getBoundingClientRect().left;
      };
      const content = text.data;
      return {
        text: content,
        dir: p.getAttribute('dir'),
        direction: getComputedStyle(p).direction,
        pageDirection: getComputedStyle(p.parentElement!).direction,
        // The current number, the word and the total are drawn in that order from the left.
        leftToRight: left(0, 1) < left(2, 4) && left(2, 4) < left(content.length - 1, content.length),
      };
    });
    expect(counter).toEqual({ text: '1 of 3', dir: 'auto', direction: 'ltr', pageDirection: 'rtl', leftToRight: true });
    test.assertClean();
  });

  it('/contact-ar/: the lightbox arrows name the keys that do it there: Previous the Right arrow key, Next the Left', async () => {
    const test = await session.open('/contact-ar/');
    const page = test.page;
    const names = () =>
      page.$$eval('dialog.veneer-lightbox > button', (all) => all.map((button) => [button.className, button.title, button.getAttribute('aria-label')]));
    await page.click('.js-lightbox-gallery a:nth-child(1)');
    await page.waitForSelector('dialog.veneer-lightbox.is-open:not(.is-busy)', { timeout: 5000 });
    const expected = [
      ['veneer-lightbox__prev', 'Previous (Right arrow key)', 'Previous (Right arrow key)'],
      ['veneer-lightbox__next', 'Next (Left arrow key)', 'Next (Left arrow key)'],
      ['veneer-lightbox__close', 'Close (Esc)', 'Close (Esc)'],
    ];
    expect(await names()).toEqual(expected);
    // And what they name is so: the Left arrow key goes to the next image, as the Next button does.
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('dialog.veneer-lightbox.is-open:not(.is-busy)', { timeout: 5000 });
    expect(await page.$eval('dialog.veneer-lightbox [aria-live]', (p) => p.textContent)).toBe('2 of 3');
    expect(await names()).toEqual(expected);
    test.assertClean();
  });

  it('/contact-ar/: no Arabic label set ships, so English (each feature’s own) is used, without a warning or a label request', async () => {
    const test = await session.open('/contact-ar/');
    expect(labelChunks(test.requests)).toEqual([]);
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });

  it('/home-de/: the German labels, from the labels-de chunk only', async () => {
    const test = await session.open('/home-de/');
    const page = test.page;
    expect(labelChunks(test.requests)).toEqual(['labels-de']);
    const carousel = () =>
      page.$eval('.js-carousel', (el) => ({
        carousel: el.getAttribute('aria-label'),
        slides: [...el.querySelectorAll('.js-carousel-slide')].map((slide) => slide.getAttribute('aria-label')),
        prev: el.querySelector('.js-carousel-prev')!.getAttribute('aria-label'),
        next: el.querySelector('.js-carousel-next')!.getAttribute('aria-label'),
      }));
    expect(await carousel()).toEqual({
      carousel: 'Karussell',
      slides: ['1 von 4', '2 von 4', '3 von 4', '4 von 4'],
      prev: 'Vorherige Folie',
      next: 'Nächste Folie',
    });
    test.assertClean();
  });
});
