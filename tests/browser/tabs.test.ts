// Tabs (div.js-tabs) with ?tab=<panel id>, in Chromium against the production build: the
// captured home page (3 tabs) and resources page (2 tabs), fixtures for two blocks on a page.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { fixture, openBefore, openHolding } from './helpers';
import { useSession } from './support';

interface TabsState {
  selected: number[];
  /** Tabs with tabindex="0" (roving tabindex: exactly one). */
  tabbable: number[];
  /** Panels not hidden and with a box. */
  shown: number[];
  current: number[];
}

function tabsState(page: Page, root = '.js-tabs'): Promise<TabsState> {
  return page.$eval(root, (el) => {
    const tabs = [...el.querySelectorAll<HTMLElement>('a.js-tab')];
    const panels = [...el.querySelectorAll<HTMLElement>('.js-tab-panel')];
    const which = <T,>(list: T[], keep: (item: T, i: number) => boolean) => list.flatMap((item, i) => (keep(item, i) ? [i] : []));
    return {
      selected: which(tabs, (tab) => tab.getAttribute('aria-selected') === 'true'),
      tabbable: which(tabs, (tab) => tab.getAttribute('tabindex') === '0'),
      shown: which(panels, (panel) => !panel.hidden && panel.getBoundingClientRect().height > 0),
      current: which(tabs, (tab, i) => tab.classList.contains('is-current') && panels[i].classList.contains('is-current')),
    };
  });
}

const selectedOnly = (index: number): TabsState => ({ selected: [index], tabbable: [index], shown: [index], current: [index] });

/** The address (path, query and hash), history.length, and the marker that a reload would lose. */
function where(page: Page) {
  return page.evaluate(() => ({
    address: location.pathname + location.search + location.hash,
    length: history.length,
    marker: (window as unknown as { __marker?: string }).__marker ?? null,
  }));
}

const setMarker = (page: Page) => page.evaluate(() => void ((window as unknown as { __marker: string }).__marker = 'same document'));

const focusedTab = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('a.js-tab')].indexOf(document.activeElement as Element));

/** Counts scroll events veneer dispatches on window (synthetic: isTrusted false), from the first script on. */
function countNudges() {
  const w = window as unknown as { __nudges: number };
  w.__nudges = 0;
  addEventListener('scroll', (event) => event.isTrusted || w.__nudges++);
}
const nudges = (page: Page) => page.evaluate(() => (window as unknown as { __nudges: number }).__nudges);

describe('tabs', () => {
  const session = useSession();

  it('writes tablist, tab and tabpanel roles, ARIA links and one tabbable tab', async () => {
    const test = await session.open('/home/');
    const aria = await test.page.$eval('.js-tabs', (el) => {
      const tabs = [...el.querySelectorAll('a.js-tab')];
      return {
        enhanced: el.getAttribute('data-enhanced'),
        list: el.querySelector('.tab-list')!.getAttribute('role'),
        wrappers: [...el.querySelectorAll('.tab-list > li')].map((li) => li.getAttribute('role')),
        tabs: tabs.map((tab) => [tab.getAttribute('role'), tab.getAttribute('aria-controls'), tab.getAttribute('aria-selected')]),
        panels: [...el.querySelectorAll('.js-tab-panel')].map((panel, i) => [
          panel.getAttribute('role'),
          panel.getAttribute('aria-labelledby') === tabs[i].id && tabs[i].id !== '',
          panel.getAttribute('tabindex'),
          panel.getAttribute('hidden'),
        ]),
      };
    });
    expect(aria).toEqual({
      enhanced: 'tabs',
      list: 'tablist',
      wrappers: ['none', 'none', 'none'],
      tabs: [
        ['tab', 'tab-sensors', 'true'],
        ['tab', 'tab-software', 'false'],
        ['tab', 'tab-services', 'false'],
      ],
      // Closed panels stay reachable by find-in-page (Chromium); only the shown one is a tab stop.
      panels: [
        ['tabpanel', true, '0', null],
        ['tabpanel', true, null, 'until-found'],
        ['tabpanel', true, null, 'until-found'],
      ],
    });
    expect(await tabsState(test.page)).toEqual(selectedOnly(0));
    test.assertClean();
  });

  it('a click selects and pushes ?tab= without a reload, keeping the other parameters and the hash', async () => {
    const test = await session.open('/home/?q=a+b&utm_source=x%2Fy&flag#products');
    await setMarker(test.page);
    const before = await where(test.page);
    await test.page.click('a.js-tab[href="#tab-software"]');
    expect(await tabsState(test.page)).toEqual(selectedOnly(1));
    expect(await where(test.page)).toEqual({
      address: '/home/?q=a+b&utm_source=x%2Fy&flag&tab=tab-software#products',
      length: before.length + 1,
      marker: 'same document',
    });
    // The selected tab again: nothing is pushed.
    await test.page.click('a.js-tab[href="#tab-software"]');
    expect(await where(test.page)).toEqual({
      address: '/home/?q=a+b&utm_source=x%2Fy&flag&tab=tab-software#products',
      length: before.length + 1,
      marker: 'same document',
    });
    expect(await tabsState(test.page)).toEqual(selectedOnly(1));
    test.assertClean();
  });

  it('replaces an existing tab parameter in place', async () => {
    const test = await session.open('/home/?a=1&tab=tab-sensors&b=%C3%A9');
    await test.page.click('a.js-tab[href="#tab-services"]');
    expect((await where(test.page)).address).toBe('/home/?a=1&tab=tab-services&b=%C3%A9');
    test.assertClean();
  });

  it('back and forward restore and re-apply the tab, without new entries, nudging scroll when the tab changes', async () => {
    const { test } = await openBefore(session, '/home/', { init: countNudges });
    expect(await nudges(test.page)).toBe(1);
    await setMarker(test.page);
    const start = await where(test.page);
    await test.page.click('a.js-tab[href="#tab-software"]');
    await test.page.click('a.js-tab[href="#tab-services"]');
    const length = start.length + 2;
    expect(await where(test.page)).toMatchObject({ address: '/home/?tab=tab-services', length });
    expect(await nudges(test.page)).toBe(1);

    await test.page.goBack();
    expect(await tabsState(test.page)).toEqual(selectedOnly(1));
    expect(await where(test.page)).toEqual({ address: '/home/?tab=tab-software', length, marker: 'same document' });
    expect(await nudges(test.page)).toBe(2);

    await test.page.goForward();
    expect(await tabsState(test.page)).toEqual(selectedOnly(2));
    expect(await where(test.page)).toEqual({ address: '/home/?tab=tab-services', length, marker: 'same document' });
    expect(await nudges(test.page)).toBe(3);

    await test.page.goBack();
    await test.page.goBack();
    // The first entry has no ?tab=: the first tab again.
    expect(await tabsState(test.page)).toEqual(selectedOnly(0));
    expect(await where(test.page)).toEqual({ address: '/home/', length, marker: 'same document' });
    expect(await nudges(test.page)).toBe(5);
    test.assertClean();
  });

  it('back/forward with focus in the shown panel: focus goes to the tab now selected, not to the body', async () => {
    const test = await session.open('/home/');
    await test.page.click('a.js-tab[href="#tab-software"]');
    await test.page.focus('#tab-software');
    await test.page.goBack();
    expect(await tabsState(test.page)).toEqual(selectedOnly(0));
    expect(await focusedTab(test.page)).toBe(0);
    // Focus elsewhere stays where it is.
    await test.page.focus('.js-search-toggle');
    await test.page.goForward();
    expect(await tabsState(test.page)).toEqual(selectedOnly(1));
    expect(await test.page.evaluate(() => document.activeElement?.classList.contains('js-search-toggle'))).toBe(true);
    test.assertClean();
  });

  it('a back navigation that does not change the tab (an in-page anchor) does not nudge', async () => {
    const { test } = await openBefore(session, '/home/?tab=tab-services', { init: countNudges });
    expect(await tabsState(test.page)).toEqual(selectedOnly(2));
    expect(await nudges(test.page)).toBe(1);
    await test.page.evaluate(() => void (location.hash = '#faq'));
    await test.page.goBack();
    expect((await where(test.page)).address).toBe('/home/?tab=tab-services');
    expect(await tabsState(test.page)).toEqual(selectedOnly(2));
    expect(await nudges(test.page)).toBe(1);
    test.assertClean();
  });

  it.each([
    ['/home/?tab=tab-software', 1],
    ['/home/?tab=tab-services', 2],
    ['/home/?x=1&tab=tab-services#faq', 2],
    ['/resources/?tab=tab-calibration', 1],
  ])('loading %s selects panel %i', async (path, index) => {
    const test = await session.open(path);
    // Landing on #faq, the block is above the viewport: its other panels hide once it is below.
    // A visitor's scroll: a wheel input first, which ends the anchor feature's watch over the
    // landing (a script's scrollTo alone could be put back to #faq while the page settles).
    await test.page.mouse.move(10, 10);
    await test.page.mouse.wheel({ deltaY: -1 });
    await test.page.evaluate(() => scrollTo(0, 0));
    await test.page.waitForFunction(() => !document.querySelector('.js-tab-panel:not(.is-current):not([hidden])'));
    expect(await tabsState(test.page)).toEqual(selectedOnly(index));
    test.assertClean();
  });

  it('on screen at load (landing on #products): the tab is selected, every panel shows until a tab is used', async () => {
    const test = await session.open('/home/?tab=tab-software#products');
    const waiting = { selected: [1], tabbable: [1], shown: [0, 1, 2], current: [1] };
    expect(await tabsState(test.page)).toEqual(waiting);
    // An in-page link to another panel (a popstate that keeps the tab) hides nothing.
    await test.page.evaluate(
      () => new Promise((resolve) => (addEventListener('hashchange', resolve, { once: true }), (location.hash = '#tab-services'))),
    );
    expect(await tabsState(test.page)).toEqual(waiting);
    const start = await where(test.page);
    // The selected tab again: the selection shows in full, nothing is pushed.
    await test.page.click('a.js-tab[href="#tab-software"]');
    expect(await tabsState(test.page)).toEqual(selectedOnly(1));
    expect(await where(test.page)).toEqual(start);
    test.assertClean();
  });

  it('a tab clicked before the chunk came (the link jumped to its panel) is the one selected when it arrives; ?tab= still wins', async () => {
    const { test, release } = await openHolding(session, '/home/', 'tabs');
    await test.page.click('a.js-tab[href="#tab-software"]');
    expect(await test.page.evaluate(() => location.hash)).toBe('#tab-software');
    release();
    await test.ready();
    // Selected, and every panel still shows (on screen: nothing the visitor reads is hidden).
    expect(await tabsState(test.page)).toEqual({ selected: [1], tabbable: [1], shown: [0, 1, 2], current: [1] });
    expect(await where(test.page)).toMatchObject({ address: '/home/#tab-software' });
    test.assertClean();
    // Landing with both: ?tab= names a panel of this block, so it wins.
    const both = await session.open('/home/?tab=tab-services#tab-software');
    expect((await tabsState(both.page)).selected).toEqual([2]);
    both.assertClean();
  });

  it('on screen at load, the other panels hide once the block is below the viewport', async () => {
    const test = await session.open('/home/#products');
    expect((await tabsState(test.page)).shown).toEqual([0, 1, 2]);
    // Scrolled down past it, it waits: above the viewport, hiding would still count as a shift.
    await test.page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await test.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect((await tabsState(test.page)).shown).toEqual([0, 1, 2]);
    await test.page.evaluate(() => scrollTo(0, 0));
    await test.page.waitForFunction(() => document.querySelectorAll('.js-tab-panel[hidden]').length === 2);
    expect(await tabsState(test.page)).toEqual(selectedOnly(0));
    test.assertClean();
  });

  it('keyboard: arrows wrap and move focus only, Home/End, Enter and Space select', async () => {
    const test = await session.open('/home/');
    const start = await where(test.page);
    await test.page.focus('a.js-tab');
    const press = async (key: Parameters<Page['keyboard']['press']>[0]) => {
      await test.page.keyboard.press(key);
      return focusedTab(test.page);
    };
    expect(await press('ArrowRight')).toBe(1);
    expect(await press('ArrowRight')).toBe(2);
    expect(await press('ArrowRight')).toBe(0);
    expect(await press('ArrowLeft')).toBe(2);
    expect(await press('ArrowLeft')).toBe(1);
    expect(await press('Home')).toBe(0);
    expect(await press('End')).toBe(2);
    // Focus moved, nothing was selected, nothing reached the address.
    expect(await tabsState(test.page)).toEqual(selectedOnly(0));
    expect(await where(test.page)).toEqual(start);

    expect(await press('Enter')).toBe(2);
    expect(await tabsState(test.page)).toEqual(selectedOnly(2));
    expect(await where(test.page)).toMatchObject({ address: '/home/?tab=tab-services', length: start.length + 1 });
    expect(await press('ArrowLeft')).toBe(1);
    expect(await press('Space')).toBe(1);
    expect(await tabsState(test.page)).toEqual(selectedOnly(1));
    expect(await where(test.page)).toMatchObject({ address: '/home/?tab=tab-software', length: start.length + 2 });
    test.assertClean();
  });

  it('Tab from the selected tab goes through its panel and on past the block, never into a closed panel', async () => {
    const test = await session.open('/home/');
    await test.page.click('a.js-tab[href="#tab-software"]');
    await test.page.focus('a.js-tab[href="#tab-software"]');
    // Where each Tab lands: the panel holding focus (and whether it is hidden), until focus leaves the block.
    const visited: string[] = [];
    for (let step = 0; step < 10 && !visited.includes('outside'); step++) {
      await test.page.keyboard.press('Tab');
      visited.push(
        await test.page.evaluate(() => {
          const panel = document.activeElement!.closest<HTMLElement>('.js-tab-panel');
          if (!document.activeElement!.closest('.js-tabs')) return 'outside';
          return panel ? panel.id + (panel.hidden ? ' (hidden)' : '') : 'tabs';
        }),
      );
    }
    expect(visited[0]).toBe('tab-software');
    expect(visited.at(-1)).toBe('outside');
    expect(visited.slice(0, -1).every((place) => place === 'tab-software')).toBe(true);
    expect(await test.page.$$eval('.js-tab-panel', (panels) => panels.map((panel) => panel.getAttribute('tabindex')))).toEqual([null, '0', null]);
    test.assertClean();
  });

  it('leaves Up and Down to the page (not prevented), prevents the keys it handles', async () => {
    const test = await session.open('/home/');
    await test.page.evaluate(() => {
      const w = window as unknown as { __keys: [string, boolean][] };
      w.__keys = [];
      addEventListener('keydown', (event) => w.__keys.push([event.key, event.defaultPrevented]));
    });
    await test.page.focus('a.js-tab');
    for (const key of ['ArrowDown', 'ArrowUp', 'ArrowRight', 'End'] as const) await test.page.keyboard.press(key);
    expect(await test.page.evaluate(() => (window as unknown as { __keys: [string, boolean][] }).__keys)).toEqual([
      ['ArrowDown', false],
      ['ArrowUp', false],
      ['ArrowRight', true],
      ['End', true],
    ]);
    test.assertClean();
  });

  it('find-in-page in a hidden panel selects its tab with replaceState', async () => {
    const test = await session.open('/home/');
    const start = await where(test.page);
    await test.page.$eval('#tab-services', (panel) => panel.dispatchEvent(new Event('beforematch')));
    expect(await tabsState(test.page)).toEqual(selectedOnly(2));
    expect(await where(test.page)).toMatchObject({ address: '/home/?tab=tab-services', length: start.length });
    test.assertClean();
  });

  it.each([
    ['/home/', '<img src=x onerror=alert(1)>'],
    ['/home/', '1abc'],
    ['/home/', 'a"b'],
    ['/home/', '__proto__'],
    ['/home/', 'constructor'],
    // A panel of the other page's tabs.
    ['/home/', 'tab-installation'],
    ['/resources/', 'tab-software'],
    // Not a panel: an element of the same page.
    ['/home/', 'faq'],
  ])('%s?tab=%s selects the first tab, with no error and no dialog', async (path, value) => {
    const dialogs: string[] = [];
    const { test } = await openBefore(session, `${path}?tab=${encodeURIComponent(value)}`, {
      before: (page) =>
        page.on('dialog', (dialog) => {
          dialogs.push(dialog.message());
          void dialog.dismiss();
        }),
    });
    expect(await tabsState(test.page)).toEqual(selectedOnly(0));
    expect(dialogs).toEqual([]);
    // The value never became markup: no request for the image's "x".
    expect(test.requests.filter((url) => new URL(url).pathname.endsWith('/x'))).toEqual([]);
    test.assertClean();
  });

  it('?tab= naming a panel of another block on the page opens nothing in this block', async () => {
    const block = (name: string) => `<div class="js-tabs" id="${name}">
      <ul><li><a class="js-tab" href="#${name}1">${name} 1</a></li><li><a class="js-tab" href="#${name}2">${name} 2</a></li></ul>
      <div class="js-tab-panel" id="${name}1">Panel ${name} 1</div><div class="js-tab-panel" id="${name}2">Panel ${name} 2</div>
    </div>`;
    // Below the first viewport: on screen at load, every panel would show until a tab is used.
    const html = fixture('<div style="height:150vh"></div>' + block('a') + block('b'));
    const test = await session.open('/__fixture/two-tabs?tab=b2', { html });
    expect(await tabsState(test.page, '#a')).toEqual(selectedOnly(0));
    expect(await tabsState(test.page, '#b')).toEqual(selectedOnly(1));
    await test.page.click('a[href="#a2"]');
    expect(await tabsState(test.page, '#a')).toEqual(selectedOnly(1));
    expect(await tabsState(test.page, '#b')).toEqual(selectedOnly(1));
    expect((await where(test.page)).address).toBe('/__fixture/two-tabs?tab=a2');
    test.assertClean();
  });

  it('tabs among their panels (no container of their own): links without tab roles that still show one panel, ?tab= and history', async () => {
    const markup =
      '<div class="js-tabs" id="flat"><a class="js-tab" href="#f1">One</a> <a class="js-tab" href="#f2">Two</a>' +
      '<div class="js-tab-panel" id="f1">Panel one</div><div class="js-tab-panel" id="f2">Panel two</div></div>';
    // Below the first viewport: on screen at load, every panel would show until a tab is used.
    const test = await session.open('/__fixture/tabs-flat?tab=f2', { html: fixture('<div style="height:150vh"></div>' + markup) });
    const look = () =>
      test.page.$eval('#flat', (el) => ({
        roles: [...el.querySelectorAll('[role]')].length,
        current: [...el.querySelectorAll('a.js-tab')].map((a) => a.getAttribute('aria-current')),
        hidden: [...el.querySelectorAll('.js-tab-panel')].map((p) => p.hasAttribute('hidden')),
      }));
    expect(await test.page.$eval('#flat', (el) => el.getAttribute('data-enhanced'))).toBe('tabs');
    expect(await look()).toEqual({ roles: 0, current: [null, 'true'], hidden: [true, false] });
    await test.page.click('a[href="#f1"]');
    expect(await look()).toEqual({ roles: 0, current: ['true', null], hidden: [false, true] });
    expect((await where(test.page)).address).toBe('/__fixture/tabs-flat?tab=f1');
    await test.page.goBack();
    await test.page.waitForFunction(() => !document.getElementById('f2')!.hasAttribute('hidden'));
    expect(await look()).toEqual({ roles: 0, current: [null, 'true'], hidden: [true, false] });
    test.assertClean();
  });

  it('tabs among their panels: Space on a focused tab selects it (Enter too) and does not scroll the page', async () => {
    const markup =
      '<div class="js-tabs" id="flat"><a class="js-tab" href="#f1">One</a><div class="js-tab-panel" id="f1">Panel one</div>' +
      '<a class="js-tab" href="#f2">Two</a><div class="js-tab-panel" id="f2">Panel two</div>' +
      '<a class="js-tab" href="#f3">Three</a><div class="js-tab-panel" id="f3">Panel three</div></div>';
    const html = fixture('<div style="height:150vh"></div>' + markup + '<div style="height:150vh"></div>');
    const test = await session.open('/__fixture/tabs-flat-keys', { html });
    const look = () =>
      test.page.$eval('#flat', (el) => ({
        current: [...el.querySelectorAll('a.js-tab')].map((a) => a.getAttribute('aria-current')),
        hidden: [...el.querySelectorAll('.js-tab-panel')].map((p) => p.hasAttribute('hidden')),
        y: scrollY,
        address: location.pathname + location.search,
      }));
    await test.page.focus('a[href="#f2"]');
    const { y } = await look();
    await test.page.keyboard.press('Space');
    expect(await look()).toEqual({ current: [null, 'true', null], hidden: [true, false, true], y, address: '/__fixture/tabs-flat-keys?tab=f2' });
    await test.page.focus('a[href="#f3"]');
    await test.page.keyboard.press('Enter');
    expect(await look()).toMatchObject({ current: [null, null, 'true'], hidden: [true, true, false], address: '/__fixture/tabs-flat-keys?tab=f3' });
    test.assertClean();
  });

  it('without ?tab= or a hash, the tab the markup marks (is-current or aria-selected="true" on it, is-current on its panel) is selected, else the first', async () => {
    // Each tab's and panel's markup after its class name: ' is-current', or '" aria-selected="…'.
    const block = (name: string, tabs: string[], panels: string[]) =>
      `<div class="js-tabs" id="${name}"><ul>` +
      tabs.map((extra, i) => `<li><a class="js-tab${extra}" href="#${name}${i}">${name} ${i}</a></li>`).join('') +
      '</ul>' +
      panels.map((extra, i) => `<div class="js-tab-panel${extra}" id="${name}${i}">Panel ${name} ${i}</div>`).join('') +
      '</div>';
    const html = fixture(
      '<div style="height:150vh"></div>' +
        block('a', ['', ' is-current', ''], ['', '', '']) +
        block('b', ['', '', '" aria-selected="true'], ['', '', '']) +
        block('c', ['', '', ''], ['', ' is-current', '']) +
        block('d', ['" aria-selected="false', '', ''], ['', '', '']),
    );
    const test = await session.open('/__fixture/tabs-marked', { html });
    const selected = [];
    for (const root of ['#a', '#b', '#c', '#d']) selected.push(await tabsState(test.page, root));
    expect(selected).toEqual([selectedOnly(1), selectedOnly(2), selectedOnly(1), selectedOnly(0)]);
    test.assertClean();
  });

  it('landing on #<name> of a legacy <a name> inside the second panel selects that panel, as an element id does', async () => {
    const html = fixture(
      `<div class="js-tabs" id="t"><ul><li><a class="js-tab" href="#t0">One</a></li><li><a class="js-tab" href="#t1">Two</a></li></ul>` +
        `<div class="js-tab-panel" id="t0">Panel one</div><div class="js-tab-panel" id="t1"><p>Text</p><a name="cables"></a><p>Cables</p></div></div>`,
    );
    const test = await session.open('/__fixture/tabs-name#cables', { html });
    // On screen at load: every panel still shows until a tab is used (no jump).
    expect(await tabsState(test.page, '#t')).toEqual({ ...selectedOnly(1), shown: [0, 1] });
    test.assertClean();
  });

  it('a tabs block with no tab naming one of its panels warns and leaves the markup as it was', async () => {
    const markup = `<div class="js-tabs"><ul><li><a class="js-tab" href="#nowhere">One</a></li></ul><div class="js-tab-panel" id="p1">Panel</div></div>`;
    const test = await session.open('/__fixture/tabs-none', { html: fixture(markup) });
    const same = await test.page.evaluate((html) => {
      const template = document.createElement('template');
      template.innerHTML = testHTML(html);
      return { now: document.querySelector('.js-tabs')!.outerHTML, sent: template.content.firstElementChild!.outerHTML };
    }, markup);
    expect(test.warnings.filter((text) => text.startsWith('[veneer] tabs: href="#nowhere"'))).toHaveLength(1);
    expect(test.warnings.filter((text) => text.startsWith('[veneer] tabs: no tab with a panel'))).toHaveLength(1);
    expect(same.now).toBe(same.sent);
    test.assertClean();
  });
});
