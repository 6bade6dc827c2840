// The back/forward cache and the page lifecycle (the seventh audit), in Chromium against the
// production build: veneer's pages stay eligible for the bfcache (a visitor on a slow
// connection going back gets the page at once, not a reload over the network), a restored
// page works as it was left, and the rotator does not run in a hidden page.
// A restore is told by a `pageshow` with persisted true (the navigation entry keeps its
// first type, "navigate"); Page.backForwardCacheNotUsed gives the reasons when it is not.
import type { CDPSession, Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers';
import { useSession, type Session } from './support';

const PAGES = ['/home/', '/news/', '/event/', '/resources/', '/contact/', '/gallery/', '/home-de/', '/contact-ar/'];

/** Records each pageshow's persisted flag, before the page's own scripts. */
function recordPageshow() {
  const shows: boolean[] = [];
  Object.defineProperty(window, '__pageshows', { value: shows });
  addEventListener('pageshow', (event) => shows.push(event.persisted));
}

/** Listens for the reasons a back navigation was not served from the bfcache. */
async function watchCache(page: Page): Promise<string[]> {
  const reasons: string[] = [];
  const cdp: CDPSession = await page.createCDPSession();
  await cdp.send('Page.enable');
  cdp.on('Page.backForwardCacheNotUsed', (event) => reasons.push(...event.notRestoredExplanations.map((why) => `${why.type}:${why.reason}`)));
  return reasons;
}

/** Leaves the page (by `leave`, or to another URL) and comes back; true when the bfcache restored it. */
async function awayAndBack(session: Session, page: Page, leave?: () => Promise<unknown>) {
  const left = page.waitForNavigation({ waitUntil: 'load' });
  await (leave ? leave() : page.evaluate((url) => void (location.href = url), session.url + '/news/?away'));
  await left;
  await page.goBack({ waitUntil: 'load' });
  return page.evaluate(() => (window as unknown as { __pageshows: boolean[] }).__pageshows.at(-1));
}

const ready = (page: Page) => page.evaluate(() => (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready());

describe('bfcache', () => {
  const session = useSession();

  it('every captured page with veneer is restored from the bfcache, nothing blocking it', async () => {
    const results: Record<string, unknown> = {};
    for (const path of PAGES) {
      const test = await session.open(path, { init: recordPageshow });
      // A page left while it still loads (its load event, a frame's) is never cached
      // (Circumstantial:Loading): the visitor has read it for a moment.
      await test.page.waitForNetworkIdle({ idleTime: 300 });
      const reasons = await watchCache(test.page);
      results[path] = { restored: await awayAndBack(session, test.page), reasons };
      test.assertClean();
      await test.page.close();
    }
    expect(results).toEqual(Object.fromEntries(PAGES.map((path) => [path, { restored: true, reasons: [] }])));
  });

  it('restored: timers run once (one rotator timer, the popup opens once), the observer and features still work, ready() resolves', async () => {
    const test = await session.open('/home/', { init: recordPageshow });
    await test.page.waitForFunction(() => document.readyState == 'complete');
    // Left 1.5 s into the popup's 4 s wait.
    await new Promise((go) => setTimeout(go, 1500));
    await test.page.evaluate(() => {
      const w = window as unknown as { opens: number; moves: number };
      w.opens = w.moves = 0;
      let open = false;
      new MutationObserver((records) => {
        const now = !!document.querySelector('#promo-popup.is-open');
        if (now && !open) w.opens++;
        open = now;
        for (const record of records)
          if (record.attributeName == 'aria-current' && (record.target as Element).getAttribute('aria-current') && (record.target as Element).closest('.js-rotator')) w.moves++;
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class', 'aria-current'] });
    });
    expect(await awayAndBack(session, test.page)).toBe(true);
    await ready(test.page);
    // A hook added after the restore is enhanced; a tab still answers a click.
    const added = await test.page.evaluate(async () => {
      const box = document.body.appendChild(document.createElement('div'));
      box.innerHTML = testHTML('<div class="js-expand"><button class="js-expand-trigger">More</button><div class="js-expand-content">Text</div></div>');
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      return box.firstElementChild!.getAttribute('data-enhanced');
    });
    expect(added).toContain('expand');
    await test.page.click('.js-tabs li:nth-child(3) .js-tab');
    expect(await test.page.$eval('.js-tabs li:nth-child(3) .js-tab', (tab) => tab.getAttribute('aria-selected'))).toBe('true');
    // The popup's wait goes on where it stopped (about 2.5 s more) and it opens once; the
    // rotator (every 8 s) moves once in 9 s.
    await new Promise((go) => setTimeout(go, 9000));
    const counts = await test.page.evaluate(() => {
      const { opens, moves } = window as unknown as { opens: number; moves: number };
      return { opens, moves };
    });
    expect(counts).toEqual({ opens: 1, moves: 1 });
    test.assertClean();
    await test.page.close();
  }, 30_000);

  it('a lightbox left open is restored open with its scroll lock, and Escape closes both', async () => {
    const test = await session.open('/gallery/', { init: recordPageshow });
    await test.page.waitForFunction(() => document.readyState == 'complete');
    await test.page.click('.js-lightbox-gallery a');
    await test.page.waitForSelector('dialog.veneer-lightbox[open]');
    expect(await awayAndBack(session, test.page)).toBe(true);
    const shown = () =>
      test.page.evaluate(() => ({
        open: !!document.querySelector('dialog.veneer-lightbox[open]'),
        locked: getComputedStyle(document.body).overflow == 'hidden',
      }));
    expect(await shown()).toEqual({ open: true, locked: true });
    await test.page.keyboard.press('Escape');
    await test.page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox[open]'));
    expect(await shown()).toEqual({ open: false, locked: false });
    test.assertClean();
    await test.page.close();
  });

  it('the rotator does not move while the page is hidden, and moves again once it is shown', async () => {
    // Slides side by side in a track: hiding the others changes no height, so it rotates at once.
    const items = [1, 2, 3].map((n) => `<div class="js-rotator-item" style="flex:0 0 100%;height:80px">Item ${n}</div>`).join('');
    const test = await session.open('/__fixture/rotator-hidden', {
      html: fixture(`<div class="js-rotator" data-interval="200"><div style="display:flex">${items}</div></div>`),
    });
    const current = () => test.page.$$eval('.js-rotator-item', (all) => all.findIndex((item) => item.getAttribute('aria-current')));
    const cover = await session.browser.newPage();
    await cover.bringToFront();
    expect(await test.page.evaluate(() => document.hidden)).toBe(true);
    const hidden = await current();
    await new Promise((go) => setTimeout(go, 2500));
    expect(await current()).toBe(hidden);
    await test.page.bringToFront();
    await test.page.waitForFunction((from) => [...document.querySelectorAll('.js-rotator-item')].findIndex((item) => item.getAttribute('aria-current')) != from, { timeout: 2000 }, hidden);
    await cover.close();
    test.assertClean();
    await test.page.close();
  });
});
