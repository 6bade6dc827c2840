// Rotator and hero rotator (div.js-rotator, div.js-hero-rotator) in Chromium, production
// build: the captured home page (both kinds) and fixtures with small data-interval values.
// The checklist's "Feature carousel" row, autoplay part (APG auto-rotating carousel).
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { fixture, openBefore } from './helpers';
import { useSession } from './support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Three items with a link each, in a horizontal track (one item's height, like the site's). */
function rotator(interval: string | null, attrs = '') {
  const items = [1, 2, 3].map((n) => `<div class="js-rotator-item" style="flex:0 0 100%;height:80px">Item ${n} <a href="#x${n}">link ${n}</a></div>`).join('');
  const data = interval === null ? '' : ` data-interval="${interval}"`;
  return `<p style="margin:200px 0 0"><a href="#before" id="before">before</a></p><div class="js-rotator"${data}${attrs}><div class="track" style="display:flex">${items}</div></div><p><a href="#after" id="after">after</a></p>`;
}

const state = (page: Page, root = '.js-rotator') =>
  page.$eval(root, (el) => {
    const items = [...el.querySelectorAll<HTMLElement>('.js-rotator-item')];
    return {
      current: items.findIndex((item) => item.getAttribute('aria-current') === 'true' && item.classList.contains('is-current')),
      shown: items.flatMap((item, i) => (!item.hidden && item.getBoundingClientRect().height > 0 ? [i] : [])),
      button: el.querySelector('button')?.textContent ?? null,
      live: el.querySelector('.js-rotator-item')!.parentElement!.getAttribute('aria-live'),
    };
  });

/** Records when the current item changes (ms since the call) and which it is. */
const recordChanges = (page: Page) =>
  page.$eval('.js-rotator', (el) => {
    const w = window as unknown as { __changes: [number, number][] };
    const start = performance.now();
    w.__changes = [];
    const items = [...el.querySelectorAll('.js-rotator-item')];
    new MutationObserver(() => {
      const current = items.findIndex((item) => item.getAttribute('aria-current') === 'true');
      const last = w.__changes.at(-1);
      if (!last || last[1] !== current) w.__changes.push([Math.round(performance.now() - start), current]);
    }).observe(el, { subtree: true, attributeFilter: ['aria-current'] });
  });
const changes = (page: Page) => page.evaluate(() => (window as unknown as { __changes: [number, number][] }).__changes);

describe('rotator', () => {
  const session = useSession();

  it('home: both rotators get APG carousel semantics, a Pause button first in tab order, one item shown', async () => {
    const test = await session.open('/home/');
    for (const root of ['.js-hero-rotator', '.js-rotator']) {
      const aria = await test.page.$eval(root, (el) => {
        const items = [...el.querySelectorAll('.js-rotator-item')];
        const focusable = [...el.querySelectorAll<HTMLElement>('a[href], button')].filter((f) => f.tabIndex >= 0 && f.checkVisibility());
        const button = el.querySelector('button')!;
        return {
          enhanced: el.getAttribute('data-enhanced'),
          role: el.getAttribute('role'),
          roledescription: el.getAttribute('aria-roledescription'),
          label: el.getAttribute('aria-label'),
          items: items.map((item) => [item.getAttribute('role'), item.getAttribute('aria-roledescription'), item.getAttribute('aria-label')]),
          firstFocusable: focusable[0] === button,
          // Links of hidden items are not reachable.
          focusableLinks: focusable.filter((f) => f.localName === 'a').length,
          controls: document.getElementById(button.getAttribute('aria-controls')!)?.contains(items[0]),
          buttonType: button.type,
        };
      });
      expect(aria, root).toEqual({
        enhanced: 'rotator',
        role: 'group',
        roledescription: 'carousel',
        label: 'Carousel',
        // The quotes are <figure>s with captions: they keep their own role.
        items: [1, 2, 3].map((n) => [root == '.js-rotator' ? null : 'group', 'slide', `${n} of 3`]),
        firstFocusable: true,
        focusableLinks: 1,
        controls: true,
        buttonType: 'button',
      });
      expect(await state(test.page, root), root).toEqual({ current: 0, shown: [0], button: 'Pause slides', live: 'off' });
    }
    test.assertClean();
  });

  it('advances every data-interval ms and wraps to the first', async () => {
    const test = await session.open('/__fixture/rotator', { html: fixture(rotator('300')) });
    await recordChanges(test.page);
    await test.page.waitForFunction(() => (window as unknown as { __changes: unknown[] }).__changes.length >= 3, { timeout: 3000 });
    const seen = await changes(test.page);
    expect(seen.slice(0, 3).map(([, current]) => current)).toEqual([1, 2, 0]);
    const gaps = seen.slice(0, 3).map(([time], i) => time - (i ? seen[i - 1][0] : 0));
    // The first comes within an interval of recording; the others an interval apart.
    expect(gaps[0]).toBeLessThanOrEqual(450);
    for (const gap of gaps.slice(1)) expect(gap).toBeGreaterThanOrEqual(250), expect(gap).toBeLessThanOrEqual(450);
    expect((await state(test.page)).shown).toEqual([0]);
    test.assertClean();
  });

  it('starts at the item the markup marks current (is-current, or aria-current but not "false"), and goes on from it', async () => {
    for (const mark of ['class="js-rotator-item is-current"', 'class="js-rotator-item" aria-current="step"']) {
      const html = fixture(rotator('300').replace('class="js-rotator-item" style="flex:0 0 100%;height:80px">Item 2', `${mark} style="flex:0 0 100%;height:80px">Item 2`));
      const test = await session.open('/__fixture/rotator-marked', { html });
      expect((await state(test.page)).current, mark).toBe(1);
      await recordChanges(test.page);
      await test.page.waitForFunction(() => (window as unknown as { __changes: unknown[] }).__changes.length >= 1, { timeout: 3000 });
      expect((await changes(test.page))[0][1], mark).toBe(2);
      test.assertClean();
    }
    const unmarked = await session.open('/__fixture/rotator-marked', { html: fixture(rotator('300').replace('class="js-rotator-item"', 'class="js-rotator-item" aria-current="false"')) });
    expect((await state(unmarked.page)).current).toBe(0);
    unmarked.assertClean();
  });

  it('the button pauses and plays; its label flips, and the live region turns polite while paused', async () => {
    const test = await session.open('/__fixture/rotator', { html: fixture(rotator('200')) });
    // A mouse click pauses it (the click's own focus does not count as keyboard focus).
    await test.page.click('.js-rotator button');
    await test.page.mouse.move(5, 5);
    const paused = await state(test.page);
    expect([paused.button, paused.live]).toEqual(['Play slides', 'polite']);
    await recordChanges(test.page);
    await sleep(600);
    expect(await changes(test.page)).toEqual([]);
    // Play with the keyboard: focus stays on the button, and that does not stop it.
    await test.page.keyboard.press('Space');
    expect((await state(test.page)).button).toBe('Pause slides');
    expect(await test.page.evaluate(() => document.activeElement?.className)).toBe('veneer-rotator-toggle');
    await test.page.waitForFunction(() => (window as unknown as { __changes: unknown[] }).__changes.length >= 1, { timeout: 1000 });
    expect((await state(test.page)).live).toBe('off');
    await test.page.keyboard.press('Enter');
    expect((await state(test.page)).button).toBe('Play slides');
    test.assertClean();
  });

  it('hover holds it and leaving resumes it; keyboard focus inside stops it until Play (APG)', async () => {
    const test = await session.open('/__fixture/rotator', { html: fixture(rotator('200')) });
    await test.page.hover('.js-rotator .js-rotator-item');
    await recordChanges(test.page);
    await sleep(600);
    expect(await changes(test.page)).toEqual([]);
    expect((await state(test.page)).button).toBe('Pause slides');
    await test.page.mouse.move(5, 5);
    await test.page.waitForFunction(() => (window as unknown as { __changes: unknown[] }).__changes.length >= 1, { timeout: 1000 });

    // Tab from the link before: the button first, then the shown item's link; leaving does not restart it.
    await test.page.focus('#before');
    await test.page.keyboard.press('Tab');
    expect((await state(test.page)).button).toBe('Play slides');
    await test.page.keyboard.press('Tab');
    await test.page.keyboard.press('Tab');
    expect(await test.page.evaluate(() => document.activeElement?.id)).toBe('after');
    await recordChanges(test.page);
    await sleep(600);
    expect([await changes(test.page), (await state(test.page)).button]).toEqual([[], 'Play slides']);
    // Back to the button: Play starts it, with focus on the button.
    await test.page.keyboard.down('Shift');
    await test.page.keyboard.press('Tab');
    await test.page.keyboard.press('Tab');
    await test.page.keyboard.up('Shift');
    expect(await test.page.evaluate(() => document.activeElement?.className)).toBe('veneer-rotator-toggle');
    await test.page.keyboard.press('Enter');
    await test.page.waitForFunction(() => (window as unknown as { __changes: unknown[] }).__changes.length >= 1, { timeout: 1000 });
    test.assertClean();
  });

  it('a mouse click into the shown item, the pointer gone: it holds on that item (focus stays), and goes on once focus leaves', async () => {
    const items = [1, 2, 3].map((n) => `<div class="js-rotator-item" style="flex:0 0 100%;height:80px">Item ${n} <button type="button" id="b${n}">Action ${n}</button></div>`).join('');
    const test = await session.open('/__fixture/rotator-click', { html: fixture(`<p style="margin:200px 0 0">before</p><div class="js-rotator" data-interval="200"><div class="track" style="display:flex">${items}</div></div>`) });
    await test.page.click('#b1');
    await test.page.mouse.move(5, 5);
    await recordChanges(test.page);
    await sleep(700);
    expect(await changes(test.page)).toEqual([]);
    expect(await test.page.evaluate(() => document.activeElement?.id)).toBe('b1');
    expect(await state(test.page)).toEqual({ current: 0, shown: [0], button: 'Pause slides', live: 'off' });
    await test.page.mouse.click(5, 5);
    await test.page.waitForFunction(() => (window as unknown as { __changes: unknown[] }).__changes.length >= 1, { timeout: 1000 });
    test.assertClean();
  });

  it('stacked items on screen at load: all stay visible and nothing rotates until the button is used (no jump)', async () => {
    const items = [1, 2, 3].map((n) => `<div class="js-rotator-item" style="height:100px">Item ${n}</div>`).join('');
    const test = await session.open('/__fixture/rotator-stacked', { html: fixture(`<div class="js-rotator" data-interval="150"><div>${items}</div></div><p>after</p>`) });
    await sleep(500);
    expect(await state(test.page)).toEqual({ current: 0, shown: [0, 1, 2], button: 'Pause slides', live: 'polite' });
    await test.page.click('.js-rotator button');
    expect(await state(test.page)).toEqual({ current: 0, shown: [0], button: 'Play slides', live: 'polite' });
    await test.page.click('.js-rotator button');
    await test.page.mouse.move(600, 700);
    await test.page.waitForFunction(() => document.querySelector('.js-rotator-item:nth-child(2)')?.getAttribute('aria-current') === 'true', { timeout: 1000 });
    test.assertClean();
  });

  it('/video/pauseRotator stops every rotator (the button then offers Play)', async () => {
    const test = await session.open('/home/');
    await test.page.evaluate(() => (window as unknown as { veneer: { emit(t: string, e: unknown): void } }).veneer.emit('/video/pauseRotator', { playerId: 'p' }));
    expect(await test.page.$$eval('.js-rotator button, .js-hero-rotator button', (all) => all.map((b) => b.textContent))).toEqual(['Play slides', 'Play slides']);
    test.assertClean();
  });

  it('reduced motion: starts paused, with Play on the button', async () => {
    const test = await session.open('/__fixture/rotator', { html: fixture(rotator('200')), reducedMotion: true });
    await recordChanges(test.page);
    await sleep(600);
    expect(await changes(test.page)).toEqual([]);
    expect(await state(test.page)).toEqual({ current: 0, shown: [0], button: 'Play slides', live: 'polite' });
    test.assertClean();
  });

  it('bad data-interval values warn and use 5000 ms; fewer than two items are left as they are', async () => {
    // 3000000000 is past setTimeout's longest delay: it would wrap round and rotate every few ms.
    const bad = ['abc', '-5', '1e3', '50', '', '3000000000'];
    const test = await session.open('/__fixture/rotator-bad', { html: fixture(bad.map((value) => rotator(value)).join('')) });
    for (const value of bad) expect(test.warnings.filter((w) => w.includes(`data-interval="${value}"`)), value).toHaveLength(1);
    expect(await test.page.$$eval('.js-rotator', (all) => all.map((el) => el.getAttribute('data-enhanced')))).toEqual(bad.map(() => 'rotator'));
    const first = () => test.page.$$eval('.js-rotator', (all) => all.map((el) => el.querySelector('.js-rotator-item')!.getAttribute('aria-current')));
    await sleep(400);
    expect(await first()).toEqual(bad.map(() => 'true'));
    test.assertClean();
    const one = await session.open('/__fixture/rotator-one', { html: fixture('<div class="js-rotator"><div class="js-rotator-item">only</div></div>') });
    expect(await one.page.$eval('.js-rotator', (el) => [el.hasAttribute('data-enhanced'), el.querySelector('button')])).toEqual([false, null]);
    expect(one.warnings.some((w) => w.includes('rotator: fewer than two'))).toBe(true);
  });

  it('removing it stops it and restores the markup', async () => {
    const html = fixture(rotator('100'));
    const test = await session.open('/__fixture/rotator', { html });
    const sent = await test.page.$eval('.js-rotator', (el) => el.outerHTML);
    const removed = await test.page.evaluate(async () => {
      const el = document.querySelector('.js-rotator')!;
      el.remove();
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      const before = el.outerHTML;
      await new Promise((resolve) => setTimeout(resolve, 300));
      return [before, el.outerHTML];
    });
    expect(removed[0]).toBe(removed[1]);
    expect(removed[0]).not.toMatch(/aria-|hidden|button|data-enhanced|role=/);
    expect(sent).toMatch(/aria-roledescription/);
    test.assertClean();
  });

  it('under ?csp=strict on the home page: enhanced, the button works, no violation', async () => {
    const { test } = await openBefore(session, '/home/?csp=strict', {
      init: () => {
        const w = window as unknown as { __violations: string[] };
        w.__violations = [];
        addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
      },
    });
    await test.page.click('.js-rotator button');
    expect((await state(test.page)).button).toBe('Play slides');
    // The adopted sheet applies (the button lies over the rotator, absolutely placed).
    expect(await test.page.$eval('.js-rotator button', (b) => getComputedStyle(b).position)).toBe('absolute');
    expect(await test.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    test.assertClean();
  });
});
