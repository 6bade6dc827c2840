// Pages we have not seen (group A): the contract's rows as another author writes them
// (fixtures/unseen-a.html: other element orders, extra wrappers, ids with dots and colons, a
// 40 px notification bar, a hero rotator as a list, a zoom-in reveal, a second expand trigger
// inside the content), under the production build in Chromium.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useSession } from './support';

const page = readFileSync(new URL('./fixtures/unseen-a.html', import.meta.url), 'utf8');
// Hooks inside other hooks: a carousel and tabs in a modal, a table and a rotator in a closed
// expand item in a tab panel; modal ids "1abc" and 'x"y' (no selector takes them), one modal
// opened from another.
const nested = readFileSync(new URL('./fixtures/unseen-a-2.html', import.meta.url), 'utf8');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('unseen pages, group A', () => {
  const session = useSession();
  const open = (query = '', options = {}) => session.open(`/__fixture/unseen-a${query}`, { html: page, ...options });

  it('enhances every hook with no warning, and the widgets answer as the seed says', async () => {
    const test = await open('?tab=tab%3Atwo');
    const p = test.page;
    const hooks = await p.$$eval('[class*="js-"]', (all) =>
      all.filter((e) => [...e.classList].some((c) => /^js-(carousel|tabs|expand|header|nav|search-toggle|language-toggle|modal|filter-modal|tooltip|rotator|hero-rotator|appear|select-link|share|back-to-top|anchor-trigger)$/.test(c))).map((e) => e.getAttribute('data-enhanced')),
    );
    expect(hooks.every(Boolean)).toBe(true);
    // ?tab= names a panel whose id holds a colon.
    expect(await p.$$eval('.js-tab-panel', (all) => all.map((e) => e.classList.contains('is-current')))).toEqual([false, true, false]);
    // Carousel: data-total="4", wraps back from slide 1 to 4, index display follows.
    await p.click('.js-carousel-prev');
    expect(await p.$eval('.js-carousel-index', (e) => e.textContent)).toBe('4');
    // Sticky from past the 40 px bar, not before.
    await p.evaluate(() => scrollTo(0, 39));
    await sleep(400);
    expect(await p.$eval('.js-header', (e) => e.classList.contains('is-sticky'))).toBe(false);
    await p.evaluate(() => scrollTo(0, 45));
    await sleep(400);
    expect(await p.$eval('.js-header', (e) => e.classList.contains('is-sticky'))).toBe(true);
    // Search input focused 300 ms after opening, not before.
    await p.evaluate(() => scrollTo(0, 0));
    await p.waitForFunction(() => !document.querySelector('.js-header')!.classList.contains('is-sticky'), { timeout: 2000 });
    await p.click('.js-search-toggle');
    const opened = Date.now();
    await p.waitForFunction(() => document.activeElement?.matches('.js-search-panel input'), { timeout: 2000 });
    expect(Date.now() - opened).toBeGreaterThanOrEqual(280);
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });

  it('appear: a zoom-in .is-hidden (opacity and a scale transform) waits and reveals in order', async () => {
    const test = await open();
    const p = test.page;
    const classes = () => p.$$eval('.js-appear', (all) => all.map((e) => (e.classList.contains('is-visible') ? 'visible' : e.classList.contains('is-hidden') ? 'hidden' : '')));
    // Below the viewport at start: both wait, hidden (a scale changes no layout box).
    expect(await classes()).toEqual(['hidden', 'hidden']);
    // When each is revealed, read in the page: a loaded machine delays only what the test sees.
    await p.evaluate(() => {
      const w = window as unknown as { __shown: number[] };
      w.__shown = [];
      const all = [...document.querySelectorAll('.js-appear')];
      const seen = () => all.forEach((e, i) => {
        if (w.__shown[i] == null && e.classList.contains('is-visible')) w.__shown[i] = performance.now();
      });
      new MutationObserver(seen).observe(document.body, { subtree: true, attributeFilter: ['class'] });
    });
    await p.$eval('.js-appear', (e) => e.scrollIntoView({ block: 'center' }));
    await p.waitForFunction(() => document.querySelector('.js-appear')!.classList.contains('is-visible'), { timeout: 2000 });
    expect(await classes()).toEqual(['visible', 'hidden']);
    await p.waitForFunction(() => document.querySelectorAll('.js-appear')[1].classList.contains('is-visible'), { timeout: 2000 });
    // data-appear-delay="250" after the previous reveal (timers are never early).
    const [first, second] = await p.evaluate(() => (window as unknown as { __shown: number[] }).__shown);
    expect(second - first).toBeGreaterThanOrEqual(240);
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });

  it('hero rotator written as a list: its items stay list items (no group role on an li), still slides', async () => {
    const test = await open();
    const items = await test.page.$$eval('.js-hero-rotator .js-rotator-item', (all) =>
      all.map((e) => [e.getAttribute('role'), e.getAttribute('aria-roledescription'), e.getAttribute('aria-label')]),
    );
    expect(items).toEqual([
      [null, 'slide', '1 of 2'],
      [null, 'slide', '2 of 2'],
    ]);
    test.assertClean();
  });

  it('expand: a second .js-expand-trigger ("Show less", inside the content) toggles the item too', async () => {
    const test = await open('', { reducedMotion: true });
    const p = test.page;
    const state = () =>
      p.$eval('#standalone', (item) => [
        item.classList.contains('is-open'),
        item.querySelector('.js-expand-content')!.hasAttribute('hidden'),
        ...[...item.querySelectorAll('.js-expand-trigger')].map((t) => t.getAttribute('aria-expanded')),
      ]);
    expect(await state()).toEqual([false, true, 'false', 'false']);
    await p.click('#standalone > .js-expand-trigger');
    expect(await state()).toEqual([true, false, 'true', 'true']);
    await p.click('#standalone .js-expand-content .js-expand-trigger');
    expect(await state()).toEqual([false, true, 'false', 'false']);
    // The pressed button hid with the content: focus is on the item's other trigger, not lost.
    expect(await p.evaluate(() => document.activeElement?.textContent)).toBe('Standalone');
    await p.keyboard.press('Enter');
    expect(await state()).toEqual([true, false, 'true', 'true']);
    // Both name the content they control.
    const controls = await p.$$eval('#standalone .js-expand-trigger', (all) => all.map((t) => t.getAttribute('aria-controls')));
    expect(controls[0]).toBeTruthy();
    expect(controls[1]).toBe(controls[0]);
    test.assertClean();
  });

  it('nav: a menu toggle after the nav (end of the header bar) on a small screen: Tab from it goes into the open menu', async () => {
    const test = await open('', { viewport: { width: 800, height: 800 } });
    const p = test.page;
    await p.focus('.js-menu-toggle');
    await p.keyboard.press('Enter');
    expect(await p.$eval('.js-nav', (nav) => nav.classList.contains('is-open'))).toBe(true);
    // The page after the toggle is inert: without help, Tab left the menu (closing it) for the body.
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => [document.activeElement?.textContent, document.querySelector('.js-nav')!.classList.contains('is-open')])).toEqual(['Products', true]);
    await p.keyboard.press('Enter');
    expect(await p.$eval('.js-nav-trigger', (t) => t.getAttribute('aria-expanded'))).toBe('true');
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => document.activeElement?.textContent)).toBe('Product one');
    // Escape: the open panel closes (focus to its trigger), then the menu (focus to the toggle).
    await p.keyboard.press('Escape');
    await p.keyboard.press('Escape');
    expect(await p.evaluate(() => [document.activeElement?.className, document.querySelector('.js-nav')!.classList.contains('is-open')])).toEqual(['js-menu-toggle', false]);
    // Closed, Tab from the toggle goes on as the page has it.
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => !!document.activeElement?.closest('.js-nav'))).toBe(false);
    test.assertClean();
  });

  it('modal marked aria-hidden="true" by the CMS while closed: not hidden from assistive technology while open', async () => {
    const body =
      '<button type="button" data-modal-open="bs.modal">Open</button><div style="height:150vh"></div>' +
      '<div class="js-modal" id="bs.modal" role="dialog" tabindex="-1" aria-hidden="true"><div class="js-modal-body"><h2>Title</h2><button class="js-modal-close">Close</button></div></div>';
    const test = await session.open('/__fixture/unseen-a-modal', { html: page.replace(/<body>[^]*<\/body>/, `<body>${body}</body>`) });
    const p = test.page;
    await p.click('[data-modal-open]');
    await p.waitForFunction(() => document.getElementById('bs.modal')!.classList.contains('is-open'), { timeout: 3000 });
    expect(await p.$eval('#bs\\.modal', (m) => [m.getAttribute('aria-hidden'), m.getAttribute('aria-modal'), m.contains(document.activeElement)])).toEqual([null, 'true', true]);
    await p.keyboard.press('Escape');
    // Closed: the markup's own state again.
    expect(await p.$eval('#bs\\.modal', (m) => [m.getAttribute('aria-hidden'), m.classList.contains('is-open')])).toEqual(['true', false]);
    test.assertClean();
  });

  it('table-scroll: the region is named by the heading before the table, without its aria-hidden permalink "#"', async () => {
    const test = await open();
    expect(await test.page.$eval('.rich-text .veneer-table-scroll', (region) => [region.getAttribute('role'), region.getAttribute('aria-label')])).toEqual(['region', 'Results']);
    test.assertClean();
  });

  it('hooks inside a modal, modal ids "1abc" and \'x"y\', a modal opened from another', async () => {
    const test = await session.open('/__fixture/unseen-a-2?tab=m-2', { html: nested });
    const p = test.page;
    const open = () => p.$$eval('.js-modal', (all) => all.map((m) => m.classList.contains('is-open')));
    // ?tab= names a panel of the tabs inside the (closed) modal.
    expect(await p.$$eval('#m-1, #m-2', (all) => all.map((panel) => panel.hasAttribute('hidden')))).toEqual([true, false]);
    await p.focus('[data-modal-open="1abc"]');
    await p.keyboard.press('Enter');
    await p.waitForFunction(() => document.getElementById('1abc')!.classList.contains('is-open'), { timeout: 3000 });
    // Focus on the first control, the carousel's Previous; it wraps to 3 of 3.
    await p.keyboard.press('Enter');
    expect(await p.$eval('.js-carousel-index', (i) => i.textContent)).toBe('3');
    await p.keyboard.press('Escape');
    expect(await open()).toEqual([false, false]);
    expect(await p.evaluate(() => document.activeElement?.getAttribute('data-modal-open'))).toBe('1abc');
    // The second modal's id has a quote; from it, the first opens on top.
    await p.click('a[data-modal-open]');
    await p.waitForFunction(() => document.getElementById('x"y')!.classList.contains('is-open'), { timeout: 3000 });
    await p.click('#x\\"y [data-modal-open]');
    await p.waitForFunction(() => document.getElementById('1abc')!.classList.contains('is-open'), { timeout: 3000 });
    expect(await open()).toEqual([true, true]);
    await p.keyboard.press('Escape');
    expect(await open()).toEqual([false, true]);
    expect(await p.evaluate(() => document.activeElement?.textContent)).toBe('nested');
    await p.keyboard.press('Escape');
    expect(await open()).toEqual([false, false]);
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });
});
