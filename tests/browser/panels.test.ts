// Search and language panels (button.js-search-toggle / .js-language-toggle [aria-controls])
// in Chromium against the production build, on the captured pages; and "only one of
// search, language and navigation is open at a time".
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { animationsDone, appendClosedModal, capturedPage, fixture, openHolding } from './helpers';
import { useSession } from './support';

const LARGE = { width: 1280, height: 800 };
const SMALL = { width: 390, height: 844 };
const HOME = capturedPage('home');
const SEARCH = '.js-search-toggle';
const LANGUAGE = '.js-language-toggle';

/** "<aria-expanded> [shown]" of the search and language toggles and the nav's first trigger. */
function open(page: Page) {
  return page.evaluate(() => {
    const shows = (el: Element | null) => !!el && getComputedStyle(el).display !== 'none';
    const state = (toggle: Element) =>
      `${toggle.getAttribute('aria-expanded')}${shows(document.getElementById(toggle.getAttribute('aria-controls')!)) ? ' shown' : ''}`;
    return {
      search: state(document.querySelector('.js-search-toggle')!),
      language: state(document.querySelector('.js-language-toggle')!),
      nav: document.querySelector('.js-nav-trigger[aria-expanded="true"], .js-menu-toggle[aria-expanded="true"]') ? 'open' : 'closed',
    };
  });
}

const CLOSED = { search: 'false', language: 'false', nav: 'closed' };

/** Opens the language panel by keyboard and Tabs through its links and out of it: it closes. */
async function tabOutOfLanguage(page: Page) {
  await page.focus(LANGUAGE);
  await page.keyboard.press('Enter');
  expect(await open(page)).toEqual({ ...CLOSED, language: 'true shown' });
  const links = await page.$$eval('.js-language-panel a', (all) => all.length);
  for (let i = 0; i <= links; i++) await page.keyboard.press('Tab');
  expect(await open(page)).toEqual(CLOSED);
}
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.className);
const ownAnimations = (page: Page, selector: string) =>
  page.$eval(selector, (el) =>
    el.getAnimations().filter((a) => !(a instanceof CSSTransition || a instanceof CSSAnimation)).map((a) => a.effect!.getTiming().duration),
  );

describe('search and language panels', () => {
  const session = useSession();

  it.each([
    ['/home/', LARGE],
    ['/contact/', SMALL],
  ])('%s at %o: search slides in over 250 ms and focuses its input after 300 ms; Escape closes and refocuses', async (address, viewport) => {
    const test = await session.open(address, { viewport });
    expect(await test.page.$eval(SEARCH, (el) => el.getAttribute('data-enhanced'))).toBe('search-toggle');
    expect(await open(test.page)).toEqual(CLOSED);
    const started = await test.page.evaluate(() => performance.now());
    await test.page.click(SEARCH);
    expect(await open(test.page)).toEqual({ ...CLOSED, search: 'true shown' });
    expect(await ownAnimations(test.page, '.js-search-panel')).toEqual([250]);
    expect(await activeId(test.page)).not.toBe('site-search');
    await test.page.waitForFunction(() => document.activeElement?.id === 'site-search', { timeout: 2000 });
    expect(await test.page.evaluate(() => performance.now())).toBeGreaterThanOrEqual(started + 300);
    await animationsDone(test.page, '.js-search-panel');
    // The slide leaves no inline style behind.
    expect(await test.page.$eval('.js-search-panel', (el) => el.getAttribute('style'))).toBeNull();
    await test.page.keyboard.type('sensor');
    await test.page.keyboard.press('Escape');
    expect((await open(test.page)).search).toMatch(/^false/);
    expect(await test.page.evaluate(() => document.activeElement!.classList.contains('js-search-toggle'))).toBe(true);
    await animationsDone(test.page, '.js-search-panel');
    expect(await open(test.page)).toEqual(CLOSED);
    test.assertClean();
  });

  it('reduced motion: no slide, the input is still focused after 300 ms', async () => {
    const test = await session.open('/home/', { reducedMotion: true });
    await test.page.click(SEARCH);
    expect(await ownAnimations(test.page, '.js-search-panel')).toEqual([]);
    await test.page.waitForFunction(() => document.activeElement?.id === 'site-search', { timeout: 2000 });
    await test.page.click(SEARCH);
    expect(await open(test.page)).toEqual(CLOSED);
    test.assertClean();
  });

  it('keyboard: Enter and Space on the language toggle; Tab through its links keeps it; Tab out closes', async () => {
    const test = await session.open('/home/', { reducedMotion: true });
    await test.page.focus(LANGUAGE);
    await test.page.keyboard.press('Enter');
    expect(await open(test.page)).toEqual({ ...CLOSED, language: 'true shown' });
    await test.page.keyboard.press('Space');
    expect(await open(test.page)).toEqual(CLOSED);
    await test.page.keyboard.press('Space');
    const links = await test.page.$$eval('.js-language-panel a', (all) => all.length);
    for (let i = 0; i < links; i++) {
      await test.page.keyboard.press('Tab');
      expect((await open(test.page)).language).toBe('true shown');
    }
    expect(await test.page.evaluate(() => document.activeElement!.getAttribute('hreflang'))).toBe('ja');
    await test.page.keyboard.press('Tab');
    expect(await open(test.page)).toEqual(CLOSED);
    // Escape from a link: closes, focus back on the toggle.
    await test.page.focus(LANGUAGE);
    await test.page.keyboard.press('Enter');
    await test.page.keyboard.press('Tab');
    await test.page.keyboard.press('Escape');
    expect(await open(test.page)).toEqual(CLOSED);
    expect(await test.page.evaluate(() => document.activeElement!.classList.contains('js-language-toggle'))).toBe(true);
    test.assertClean();
  });

  it('a press whose release never reached the page (over a frame, outside the window, into a context menu): Tab out of the panel still closes it', async () => {
    const test = await session.open('/home/', { reducedMotion: true });
    // A press the page saw begin and never end: its pointerup went elsewhere.
    await test.page.evaluate(() => document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse' })));
    await tabOutOfLanguage(test.page);
    test.assertClean();
  });

  it('a closed dialog on the page already marked aria-modal (a consent tool\'s, hidden): Tab out of the panel still closes it', async () => {
    const test = await session.open('/home/', { reducedMotion: true });
    await appendClosedModal(test.page);
    await tabOutOfLanguage(test.page);
    test.assertClean();
  });

  it('mouse at 390: a click inside the panel keeps it, a click outside closes it', async () => {
    const test = await session.open('/news/', { viewport: SMALL, reducedMotion: true });
    await test.page.click(LANGUAGE);
    await test.page.click('#language-heading');
    expect(await open(test.page)).toEqual({ ...CLOSED, language: 'true shown' });
    await test.page.mouse.click(100, 700);
    expect(await open(test.page)).toEqual(CLOSED);
    // Escape after a press inside (focus on the body) closes it and focuses the toggle.
    await test.page.click(LANGUAGE);
    await test.page.click('#language-heading');
    expect(await test.page.evaluate(() => document.activeElement == document.body)).toBe(true);
    await test.page.keyboard.press('Escape');
    expect(await open(test.page)).toEqual(CLOSED);
    expect(await activeId(test.page)).toContain('js-language-toggle');
    test.assertClean();
  });

  it.each([LARGE, SMALL])('only one of search, language and navigation is open at a time (%o)', async (viewport) => {
    const test = await session.open('/resources/', { viewport, reducedMotion: true });
    const navOpener = viewport === LARGE ? '.js-nav-trigger' : '.js-menu-toggle';
    await test.page.click(SEARCH);
    await test.page.click(LANGUAGE);
    expect(await open(test.page)).toEqual({ ...CLOSED, language: 'true shown' });
    await test.page.click(navOpener);
    expect(await open(test.page)).toEqual({ ...CLOSED, nav: 'open' });
    await test.page.click(SEARCH);
    expect(await open(test.page)).toEqual({ ...CLOSED, search: 'true shown' });
    // Through the bus alone (no focus change): a nav opened by script closes search, and a
    // search opened by script closes the nav.
    await test.page.$eval(navOpener, (el) => (el as HTMLElement).click());
    expect(await open(test.page)).toEqual({ ...CLOSED, nav: 'open' });
    await test.page.$eval(SEARCH, (el) => (el as HTMLElement).click());
    expect(await open(test.page)).toEqual({ ...CLOSED, search: 'true shown' });
    test.assertClean();
  });

  it('live suggestions replaced while one is focused (Chromium blurs it to nothing): the panel stays open, focus back in its input', async () => {
    const test = await session.open('/home/', { reducedMotion: true });
    await test.page.click(SEARCH);
    await test.page.waitForFunction(() => document.activeElement?.id === 'site-search', { timeout: 2000 });
    // The page's suggestions: the visitor arrows onto one, and the list is replaced under it.
    const suggest = (then: string) =>
      test.page.evaluate((then: string) => {
        const form = document.querySelector('.search-form')!;
        const list = (old?: Element) => {
          const ul = document.createElement('ul');
          ul.innerHTML = testHTML('<li><a href="/search?q=sensor">sensor</a></li><li><a href="/search?q=sensors">sensors</a></li>');
          old ? old.replaceWith(ul) : form.append(ul);
          return ul;
        };
        form.querySelector('ul')?.remove();
        const first = list();
        first.querySelector('a')!.focus();
        const fresh = list(first);
        if (then == 'own') fresh.querySelector('a')!.focus();
        if (then == 'out') document.querySelector<HTMLElement>('.brand')!.focus();
        return document.activeElement == document.body;
      }, then);
    expect(await suggest('')).toBe(true);
    expect(await open(test.page)).toEqual({ ...CLOSED, search: 'true shown' });
    expect(await activeId(test.page)).toBe('site-search');
    // The page moved focus itself: into the new list, it stays there; out of the panel, it closes.
    await suggest('own');
    expect(await open(test.page)).toEqual({ ...CLOSED, search: 'true shown' });
    expect(await test.page.evaluate(() => document.activeElement!.closest('ul') == document.querySelector('.search-form ul'))).toBe(true);
    await suggest('out');
    expect(await open(test.page)).toEqual(CLOSED);
    test.assertClean();
  });

  it('the window losing focus (another tab in front) is not leaving: the search panel stays open, focus in its input', async () => {
    const test = await session.open('/home/', { reducedMotion: true });
    await test.page.click(SEARCH);
    await test.page.waitForFunction(() => document.activeElement?.id === 'site-search', { timeout: 2000 });
    const other = await test.page.browser().newPage();
    await other.bringToFront();
    await test.page.waitForFunction(() => !document.hasFocus());
    await other.close();
    await test.page.bringToFront();
    expect(await open(test.page)).toEqual({ ...CLOSED, search: 'true shown' });
    expect(await activeId(test.page)).toBe('site-search');
    test.assertClean();
  });

  it('a language link removed while focused: the panel stays open, focus on its toggle', async () => {
    const test = await session.open('/home/', { reducedMotion: true });
    await test.page.focus(LANGUAGE);
    await test.page.keyboard.press('Enter');
    await test.page.keyboard.press('Tab');
    await test.page.evaluate(() => document.activeElement!.closest('li')!.remove());
    expect(await open(test.page)).toEqual({ ...CLOSED, language: 'true shown' });
    expect(await activeId(test.page)).toContain('js-language-toggle');
    await test.page.keyboard.press('Escape');
    expect(await open(test.page)).toEqual(CLOSED);
    test.assertClean();
  });

  it('bad inputs: aria-controls naming a missing id, "x\'],*", a non-panel, or none: a warning and the markup as it was', async () => {
    const sent = HOME.match(/<button type="button" class="js-search-toggle[^>]*>/)![0];
    for (const [name, replacement, shown] of [
      ['missing', 'aria-controls="nothing-here"', 'nothing-here'],
      ['hostile', `aria-controls="x'],*"`, `x'],*`],
      ['not a panel', 'aria-controls="main-nav"', 'main-nav'],
      ['none', '', null],
    ] as const) {
      const html = HOME.replace(sent, sent.replace('aria-controls="search-panel"', replacement));
      const test = await session.open('/home/', { html });
      expect(
        test.warnings.filter((text) => text.startsWith(`[veneer] search-toggle: aria-controls=${JSON.stringify(shown)} names no .js-search-panel; left as it is`)),
        name,
      ).toHaveLength(1);
      const attributes = await test.page.$eval(SEARCH, (el) => [...el.attributes].map((a) => `${a.name}=${a.value}`));
      expect(attributes, name).toEqual(['type=button', 'class=js-search-toggle icon-button', ...(shown == null ? [] : [`aria-controls=${shown}`])]);
      // The CSS's no-script behaviour stays: the panel opens while the tool has focus.
      await test.page.focus(SEARCH);
      expect(await test.page.$eval('.js-search-panel', (el) => getComputedStyle(el).display), name).toBe('block');
      test.assertClean();
      await test.page.close();
    }
  });

  it('a keyboard visitor already in the search panel the CSS opened before the chunk came keeps it open, and focus', async () => {
    const test = await session.open('/home/', { viewport: LARGE });
    const after = await test.page.evaluate(async () => {
      const toggle = document.querySelector<HTMLElement>('.js-search-toggle')!;
      const place = toggle.nextSibling;
      const parent = toggle.parentNode!;
      toggle.remove();
      const veneer = (window as unknown as { veneer: { ready(): Promise<void> } }).veneer;
      await veneer.ready();
      parent.insertBefore(toggle, place);
      toggle.focus();
      document.getElementById('site-search')!.focus();
      await veneer.ready();
      await new Promise((resolve) => setTimeout(resolve, 400));
      return [document.activeElement!.id, document.activeElement!.checkVisibility()];
    });
    expect(after).toEqual(['site-search', true]);
    expect(await open(test.page)).toEqual({ ...CLOSED, search: 'true shown' });
    await test.page.keyboard.press('Escape');
    expect((await open(test.page)).search).toMatch(/^false/);
    test.assertClean();
  });

  it('search clicked before its chunk came: the panel the no-script CSS opened stays open when the chunk arrives', async () => {
    const { test, release } = await openHolding(session, '/home/', 'site-header', { reducedMotion: true });
    await test.page.click(SEARCH);
    expect(await open(test.page)).toEqual({ search: 'null shown', language: 'null', nav: 'closed' });
    release();
    await test.ready();
    expect(await open(test.page)).toEqual({ ...CLOSED, search: 'true shown' });
    expect(await test.page.$eval('.js-search-panel', (el) => el.classList.contains('is-open'))).toBe(true);
    // Then as usual: the toggle closes it.
    await test.page.click(SEARCH);
    expect(await open(test.page)).toEqual(CLOSED);
    test.assertClean();
  });

  it('a search panel the page replaced after load (same id) is the one the toggle opens, focuses and keeps open', async () => {
    const test = await session.open('/home/', { reducedMotion: true });
    await test.page.evaluate(async () => {
      const old = document.getElementById('search-panel')!;
      old.replaceWith(old.cloneNode(true));
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
    });
    await test.page.click(SEARCH);
    expect(await open(test.page)).toEqual({ ...CLOSED, search: 'true shown' });
    await test.page.waitForFunction(() => document.activeElement?.id === 'site-search', { timeout: 2000 });
    // A press inside the new panel is not leaving it.
    await test.page.click('#site-search');
    expect(await open(test.page)).toEqual({ ...CLOSED, search: 'true shown' });
    expect(await test.page.$eval('#search-panel', (el) => el.classList.contains('is-open'))).toBe(true);
    await test.page.keyboard.press('Escape');
    expect(await open(test.page)).toEqual(CLOSED);
    expect(await test.page.evaluate(() => document.activeElement!.classList.contains('js-search-toggle'))).toBe(true);
    test.assertClean();
  });

  it('the current language is marked aria-current where the CMS did not: the link to this page, else the page\'s language', async () => {
    const panel = (first: string) =>
      `<button class="js-language-toggle" aria-controls="p">Language</button><div class="js-language-panel" id="p"><ul>` +
      `<li><a id="en" href="${first}" hreflang="en" lang="en">English</a></li><li><a id="de" href="/de/" hreflang="de" lang="de">Deutsch</a></li></ul></div>`;
    const current = (page: Page) => page.$$eval('#p a', (all) => all.map((a) => a.getAttribute('aria-current')));
    const here = await session.open('/__fixture/lang-current', { html: fixture(panel('/__fixture/lang-current')) });
    expect(await current(here.page)).toEqual(['page', null]);
    // Removal puts the markup back.
    expect(await here.page.evaluate(async () => {
      const toggle = document.querySelector('.js-language-toggle')!;
      toggle.remove();
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      return document.querySelectorAll('#p [aria-current]').length;
    })).toBe(0);
    here.assertClean();
    const other = await session.open('/__fixture/lang-other', { html: fixture(panel('/en/')) });
    expect(await current(other.page)).toEqual(['true', null]);
    other.assertClean();
  });

  it('two toggles for one panel: opening it from the second while the first slides it out leaves it open', async () => {
    const html = fixture(
      '<div style="height:150vh"></div><button class="js-search-toggle" id="a" aria-controls="p">Search</button> <button class="js-search-toggle" id="b" aria-controls="p">Search too</button>' +
        '<div class="js-search-panel" id="p"><input type="search" aria-label="Search"></div>',
    );
    const test = await session.open('/__fixture/panel-two', { html });
    await test.page.click('#a');
    await test.page.click('#b');
    await test.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(
      await test.page.evaluate(() => ({
        expanded: ['a', 'b'].map((id) => document.getElementById(id)!.getAttribute('aria-expanded')),
        panel: [document.getElementById('p')!.hidden, document.getElementById('p')!.classList.contains('is-open')],
      })),
    ).toEqual({ expanded: ['false', 'true'], panel: [false, true] });
    await test.page.click('#b');
    await animationsDone(test.page, '#p');
    expect(await test.page.$eval('#p', (el) => [(el as HTMLElement).hidden, el.classList.contains('is-open')])).toEqual([true, false]);
    test.assertClean();
  });

  it('a panel the site CSS does not hide gets `hidden` (below the viewport: at once)', async () => {
    const html = fixture(
      '<div style="height:150vh"></div><button class="js-language-toggle" aria-controls="p">Language</button>' +
        '<div class="js-language-panel" id="p"><a href="/de/" hreflang="de">Deutsch</a></div>',
    );
    const test = await session.open('/__fixture/panel-plain', { html });
    expect(await test.page.$eval('#p', (el) => el.hasAttribute('hidden'))).toBe(true);
    await test.page.$eval(LANGUAGE, (el) => (el as HTMLElement).click());
    expect(await test.page.$eval('#p', (el) => [el.hasAttribute('hidden'), el.classList.contains('is-open')])).toEqual([false, true]);
    await test.page.$eval(LANGUAGE, (el) => (el as HTMLElement).click());
    expect(await test.page.$eval('#p', (el) => el.hasAttribute('hidden'))).toBe(true);
    test.assertClean();
  });

  it('tears down on removal (markup back as sent, no listener left) and works again', async () => {
    const test = await session.open('/home/', { reducedMotion: true });
    await test.page.click(SEARCH);
    const result = await test.page.evaluate(async () => {
      const veneer = (window as unknown as { veneer: { ready(): Promise<void> } }).veneer;
      const source = await (await fetch('/home/?veneer=off')).text();
      const sent = new DOMParser().parseFromString(testHTML(source), 'text/html').querySelector('.js-search-toggle')!.parentElement!.outerHTML;
      const tool = document.querySelector('.js-search-toggle')!.parentElement!;
      const parent = tool.parentElement!;
      const next = tool.nextSibling;
      tool.remove();
      await veneer.ready();
      const removed = tool.outerHTML;
      (tool.querySelector('.js-search-toggle') as HTMLElement).click();
      const after = tool.outerHTML;
      parent.insertBefore(tool, next);
      await veneer.ready();
      return { sent, removed, after };
    });
    expect(result.removed).toBe(result.sent);
    expect(result.after).toBe(result.sent);
    expect(await open(test.page)).toEqual(CLOSED);
    await test.page.click(SEARCH);
    expect(await open(test.page)).toEqual({ ...CLOSED, search: 'true shown' });
    await test.page.click(LANGUAGE);
    expect(await open(test.page)).toEqual({ ...CLOSED, language: 'true shown' });
    test.assertClean();
  });
});
