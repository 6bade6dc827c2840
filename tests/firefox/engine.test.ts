// The second engine (issue 9): the core and the main widgets in Firefox (Debian's firefox-esr,
// through puppeteer's WebDriver BiDi), against the same production build and harness as the
// Chromium suite. Chromium-only checks (layout-shift entries, Trusted Types, CDP) stay there.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/harness/server';
import { fixture } from '../browser/helpers';
import {
  busHandlerThrows,
  closedContentHidden,
  datepickerInViewport,
  datepickerRtlButton,
  filterModalReflow,
  focusedFieldAlert,
  headerPanelPresses,
  invalidFieldInClosedPanel,
  lightboxPresses,
  NORMALIZE_DIALOG,
  playingVideoMoved,
  removeFocusedLink,
  siteButtonsAndSizes,
} from '../browser/scenarios';
import { useSession } from '../browser/support';

const REGISTRY = JSON.parse(readFileSync(path.join(REPO_ROOT, 'src/injector/registry.json'), 'utf8')) as Record<string, string>;
const TAKES: Record<string, string> = { anchor: 'a[href^="#"]:not([class*=js-],[href="#"])' };
const HOOKS = Object.entries(REGISTRY).map(([name, selector]) => [name, TAKES[name] || selector || `.js-${name}`] as [string, string]);
const PAGES = ['home', 'news', 'event', 'resources', 'contact', 'gallery', 'home-de', 'contact-ar'];

function unenhanced(page: Page) {
  return page.evaluate((hooks: [string, string][]) => {
    const missing: string[] = [];
    for (const [name, selector] of hooks)
      for (const el of document.querySelectorAll(selector))
        if (!(el.getAttribute('data-enhanced') || '').split(' ').includes(name)) missing.push(`${name}: ${el.outerHTML.slice(0, 80)}`);
    return missing;
  }, HOOKS);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.className || document.activeElement?.localName);
/** Tab (or Shift+Tab), then what has focus. */
async function tab(page: Page, shift = false) {
  if (shift) await page.keyboard.down('Shift');
  await page.keyboard.press('Tab');
  if (shift) await page.keyboard.up('Shift');
  await sleep(50);
  return focusedId(page);
}
/**
 * Tab (or Shift+Tab) from what has focus until focus is back on it (10 presses at most): the
 * stops on the way, a run on one element (a player's own controls, several in Firefox) as one.
 */
async function round(page: Page, shift = false) {
  const start = await focusedId(page);
  const seen: (string | undefined)[] = [];
  do seen.push(await tab(page, shift));
  while (seen[seen.length - 1] != start && seen.length < 10);
  return seen.filter((id, i) => id != seen[i - 1]);
}
const isOpen = (page: Page, selector: string, open = true) =>
  page.waitForFunction((sel: string, want: boolean) => document.querySelector(sel)?.classList.contains('is-open') === want, { timeout: 3000 }, selector, open);


describe('Firefox', () => {
  const session = useSession({ browser: 'firefox' });

  it.each(PAGES)('/%s/: every hook enhanced, no page or console error', async (name) => {
    const test = await session.open(`/${name}/`);
    expect(await unenhanced(test.page)).toEqual([]);
    test.assertClean();
  });

  it('core: the tag twice runs once; inserted content is enhanced, removed content torn down', async () => {
    const carousel = `<div class="js-carousel" data-total="2"><div><div class="js-carousel-slide">A</div><div class="js-carousel-slide">B</div></div>
      <button class="js-carousel-prev">P</button><button class="js-carousel-next">N</button><span class="js-carousel-index">1</span></div>`;
    const head = '<script defer src="/Content/scripts/dist/veneer.js"></script><script async src="/Content/scripts/dist/veneer.js"></script>';
    const test = await session.open('/__fixture/ff-core', { html: fixture(`<div id="host">${carousel}</div>`, head) });
    await test.page.click('.js-carousel-next');
    expect(await test.page.$eval('.js-carousel-index', (el) => el.textContent)).toBe('2');
    const after = await test.page.evaluate(async (html: string) => {
      const host = document.getElementById('host')!;
      const old = host.firstElementChild!;
      old.remove();
      host.insertAdjacentHTML('beforeend', testHTML(html));
      await window.veneer!.ready();
      return { old: old.getAttribute('data-enhanced'), fresh: host.querySelector('.js-carousel')!.getAttribute('data-enhanced') };
    }, carousel);
    expect(after).toEqual({ old: null, fresh: 'carousel' });
    test.assertClean();
  });

  it('tabs: an arrow key moves focus, Enter selects, the address keeps ?tab=', async () => {
    const test = await session.open('/home/');
    await test.page.focus('.js-tabs a.js-tab[aria-selected="true"]');
    await test.page.keyboard.press('ArrowRight');
    expect(await test.page.evaluate(() => document.activeElement?.getAttribute('aria-selected'))).toBe('false');
    await test.page.keyboard.press('Enter');
    const state = await test.page.evaluate(() => ({
      selected: document.activeElement?.getAttribute('aria-selected'),
      tab: new URLSearchParams(location.search).get('tab'),
      panel: document.getElementById(document.activeElement!.getAttribute('aria-controls')!)?.hidden,
    }));
    expect(state.selected).toBe('true');
    expect(state.tab).toBeTruthy();
    expect(state.panel).toBe(false);
    test.assertClean();
  });

  it('expand and the mega-menu: aria-expanded follows, Escape closes and returns focus', async () => {
    const test = await session.open('/home/');
    // By keyboard: a pointer click can land on the sticky header over a scrolled-to target.
    await test.page.focus('.js-expand .js-expand-trigger');
    await test.page.keyboard.press('Enter');
    expect(await test.page.$eval('.js-expand .js-expand-trigger', (el) => el.getAttribute('aria-expanded'))).toBe('true');
    await test.page.evaluate(() => scrollTo(0, 0));
    await test.page.focus('.js-nav-trigger');
    await test.page.keyboard.press('Enter');
    expect(await test.page.$eval('.js-nav-trigger', (el) => el.getAttribute('aria-expanded'))).toBe('true');
    await test.page.keyboard.press('Escape');
    expect(await test.page.evaluate(() => [document.querySelector('.js-nav-trigger')!.getAttribute('aria-expanded'), document.activeElement === document.querySelector('.js-nav-trigger')])).toEqual(['false', true]);
    test.assertClean();
  });

  it('search panel: a focused suggestion the page removes leaves it open (no focusout here: focus on the body), Escape still closes it', async () => {
    const test = await session.open('/home/');
    await test.page.click('.js-search-toggle');
    await test.page.waitForFunction(() => document.activeElement?.id === 'site-search', { timeout: 2000 });
    await removeFocusedLink(test.page, '.search-form', '/search?q=sensor', 50);
    expect(await test.page.$eval('.js-search-toggle', (el) => el.getAttribute('aria-expanded'))).toBe('true');
    await test.page.keyboard.press('Escape');
    expect(await test.page.evaluate(() => [document.querySelector('.js-search-toggle')!.getAttribute('aria-expanded'), document.activeElement!.classList.contains('js-search-toggle')])).toEqual(['false', true]);
    test.assertClean();
  });

  it('modal: opens with focus inside, Escape closes it and focus returns to its trigger', async () => {
    const test = await session.open('/home/');
    const trigger = await test.page.$('[data-modal-open]');
    await trigger!.click();
    await test.page.waitForFunction(() => document.querySelector('.js-modal')!.contains(document.activeElement));
    await test.page.keyboard.press('Escape');
    await test.page.waitForFunction(() => document.activeElement?.hasAttribute('data-modal-open'));
    test.assertClean();
  });

  it('modal: moved within the page while open (no blur in Firefox), it is shown again with focus back inside', async () => {
    const test = await session.open('/home/');
    await (await test.page.$('[data-modal-open]'))!.click();
    await test.page.waitForFunction(() => document.querySelector('.js-modal')!.contains(document.activeElement));
    await test.page.evaluate(() => document.body.appendChild(document.querySelector('.js-modal')!));
    await test.page.waitForFunction(() => {
      const modal = document.querySelector('.js-modal')!;
      return modal.matches(':popover-open') && modal.contains(document.activeElement);
    }, { timeout: 3000 });
    await test.page.keyboard.press('Escape');
    await test.page.waitForFunction(() => document.activeElement?.hasAttribute('data-modal-open'));
    test.assertClean();
  });

  it('form validation: an empty required form is not sent, the first error is focused and described', async () => {
    const test = await session.open('/contact/');
    const form = 'form.js-validate';
    await test.page.$eval(form, (el) => (el as HTMLFormElement).requestSubmit());
    const state = await test.page.evaluate((selector: string) => {
      const invalid = document.querySelector(selector)!.querySelector('[aria-invalid="true"]')!;
      return { focused: document.activeElement === invalid, described: !!document.getElementById(invalid.getAttribute('aria-describedby')!.split(' ')[0])?.textContent, path: location.pathname };
    }, form);
    expect(state).toEqual({ focused: true, described: true, path: '/contact/' });
    test.assertClean();
  });

  it('bus: a handler that throws is reported once, the other handlers and "*" still run, the emitter gets no throw', () => busHandlerThrows(session, '/__fixture/ff-bus'));

  it('form validation: Enter in the first invalid field (focus stays) makes its error an alert, not rewritten by keyups; Enter in another moves focus, no alert', () =>
    focusedFieldAlert(session));

  it('form validation: the first invalid field in a closed expand item or tab panel is shown and focused', () => invalidFieldInClosedPanel(session, '/__fixture/ff-forms-closed'));

  it("modal: without a heading, named after an icon button's img alt or title", async () => {
    const html = fixture(
      `<button id="img" data-modal-open="m"><img alt="Join the list" width="16" height="16"></button>` +
        `<button id="titled" data-modal-open="m" title="Mailing list"><svg width="16" height="16" aria-hidden="true"></svg></button>` +
        `<div class="js-modal" id="m"><div class="js-modal-body"><p>No heading here</p><input aria-label="Email"><button class="js-modal-close">Close</button></div></div>`,
    );
    const test = await session.open('/__fixture/ff-modal-unnamed', { html });
    const names: (string | null)[] = [];
    for (const trigger of ['#img', '#titled']) {
      await test.page.click(trigger);
      await isOpen(test.page, '#m');
      names.push(await test.page.$eval('#m', (el) => el.getAttribute('role') + ' ' + el.getAttribute('aria-label')));
      await test.page.keyboard.press('Escape');
      await isOpen(test.page, '#m', false);
    }
    expect(names).toEqual(['dialog Join the list', 'dialog Mailing list']);
    test.assertClean();
  });

  it('popup modal: without a heading, named after its submit button (a <button>, or an <input> by its value)', async () => {
    for (const [n, submit, name] of [
      [1, '<button type="submit"> Subscribe </button>', 'Subscribe'],
      [2, '<input type="submit" value="Join the list">', 'Join the list'],
    ]) {
      const html = fixture(
        '<div class="js-popup-modal" id="promo-popup"><button type="button" class="js-modal-close" aria-label="Close">×</button>' +
          `<form action="/forms/popup" method="post"><label for="promo-email">Work email</label><input type="email" id="promo-email" name="email">${submit}</form></div>`,
      );
      // The 4 s wait after load is cut short; no cookie of an earlier close.
      const init = () => {
        const set = window.setTimeout.bind(window);
        window.setTimeout = ((fn: () => void, ms?: number) => set(fn, ms == 4000 ? 0 : ms)) as typeof setTimeout;
        document.cookie = 'popup-promo-popup=; path=/; max-age=0';
      };
      const test = await session.open(`/__fixture/ff-popup-${n}`, { html, init });
      await isOpen(test.page, '#promo-popup');
      expect(await test.page.$eval('#promo-popup', (el) => [el.getAttribute('role'), el.getAttribute('aria-label')])).toEqual(['dialog', name]);
      test.assertClean();
    }
  });

  it('modal: a player (controls) last or first: Tab and Shift+Tab go through it and round inside; a video without controls is no stop', async () => {
    const html = fixture(
      `<button id="open-v" data-modal-open="v">V</button><button id="open-a" data-modal-open="a">A</button><button id="open-l" data-modal-open="l">L</button>` +
        `<div class="js-modal" id="v"><div class="js-modal-body"><h2>V</h2><button class="js-modal-close" id="close-v">Close</button><video id="video" controls width="200" height="100"></video></div></div>` +
        `<div class="js-modal" id="a"><div class="js-modal-body"><h2>A</h2><audio id="audio" controls></audio><button class="js-modal-close" id="close-a">Close</button></div></div>` +
        `<div class="js-modal" id="l"><div class="js-modal-body"><h2>L</h2><video muted loop width="200" height="100"></video><input id="email" aria-label="Email"><button class="js-modal-close" id="close-l">Close</button></div></div>`,
    );
    const test = await session.open('/__fixture/ff-modal-media', { html });
    const { page } = test;
    const rounds = async (start: string) => (await page.focus(start), [...(await round(page)), '|', ...(await round(page, true))]);
    await page.click('#open-v');
    await isOpen(page, '#v');
    const v = [await focusedId(page), ...(await rounds('#close-v'))];
    await page.keyboard.press('Escape');
    await isOpen(page, '#v', false);
    await page.click('#open-a');
    await isOpen(page, '#a');
    const a = [await focusedId(page), ...(await rounds('#close-a'))];
    await page.keyboard.press('Escape');
    await isOpen(page, '#a', false);
    await page.click('#open-l');
    await isOpen(page, '#l');
    const l = [await focusedId(page), await tab(page), await tab(page)];
    expect({ v, a, l }).toEqual({
      v: ['close-v', 'video', 'close-v', '|', 'video', 'close-v'],
      a: ['audio', 'audio', 'close-a', '|', 'audio', 'close-a'],
      l: ['email', 'close-l', 'email'],
    });
    test.assertClean();
  });

  it('lightbox: a video player (controls) in inline content is a control Tab reaches, both ways', async () => {
    const html = fixture('<a class="js-lightbox" data-lightbox-type="inline" href="#clip">Clip</a><div id="clip"><video id="vid" controls width="200" height="100"></video><p>Our plant</p></div>');
    const test = await session.open('/__fixture/ff-lightbox-media', { html });
    await test.page.click('a.js-lightbox');
    await test.page.waitForSelector('dialog.veneer-lightbox.is-open:not(.is-busy)', { timeout: 5000 });
    expect([await focusedId(test.page), ...(await round(test.page)), '|', ...(await round(test.page, true))]).toEqual([
      'veneer-lightbox__close', 'vid', 'veneer-lightbox__close', '|', 'vid', 'veneer-lightbox__close',
    ]);
    test.assertClean();
  });

  it('nav, language panel: Escape with focus on the body after a press inside the open panel closes it and focuses its trigger', async () => {
    const test = await session.open('/home/');
    const { page } = test;
    const trigger = '.js-nav-item:nth-child(3) .js-nav-trigger';
    await page.click(trigger);
    await page.click('#mega-resources .megamenu-heading');
    const body = await page.evaluate(() => document.activeElement == document.body);
    await page.keyboard.press('Escape');
    const nav = await page.evaluate((sel: string) => [document.querySelector(sel)!.getAttribute('aria-expanded'), document.activeElement == document.querySelector(sel)], trigger);
    await page.click('.js-language-toggle');
    await page.click('#language-heading');
    const body2 = await page.evaluate(() => document.activeElement == document.body);
    await page.keyboard.press('Escape');
    const language = await page.$eval('.js-language-toggle', (el) => [el.getAttribute('aria-expanded'), document.activeElement == el]);
    expect({ body, nav, body2, language }).toEqual({ body: true, nav: ['false', true], body2: true, language: ['false', true] });
    test.assertClean();
  });

  it('tabs: back with focus in the shown panel moves focus to the tab now selected; focus elsewhere stays', async () => {
    const test = await session.open('/home/');
    const { page } = test;
    await page.click('a.js-tab[href="#tab-software"]');
    await page.focus('#tab-software');
    await page.goBack();
    await sleep(50);
    const focusedTab = () => page.evaluate(() => [...document.querySelectorAll('a.js-tab')].indexOf(document.activeElement as Element));
    const selected = () => page.evaluate(() => [...document.querySelectorAll('a.js-tab')].findIndex((tab) => tab.getAttribute('aria-selected') == 'true'));
    expect([await selected(), await focusedTab()]).toEqual([0, 0]);
    await page.focus('.js-search-toggle');
    await page.goForward();
    await sleep(50);
    expect([await selected(), await page.evaluate(() => document.activeElement?.classList.contains('js-search-toggle'))]).toEqual([1, true]);
    test.assertClean();
  });

  it('a date input and a select-link moved to another parent in one task take their buttons along; a node a script keeps beside them moves nothing back', async () => {
    const html = fixture(
      '<div id="a"><label for="d">Date</label><input class="js-datepicker" id="d"><label for="s">Go to</label><select id="s" class="js-select-link"><option value="">Choose</option><option value="/news/">News</option></select></div><div id="b"></div>',
    );
    const test = await session.open('/__fixture/ff-moves', { html });
    await test.page.focus('#s');
    const moved = await test.page.evaluate(async () => {
      // Ready, and a task later (the mutation observers' moves done).
      const settled = () => (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready().then(() => new Promise((resolve) => setTimeout(resolve)));
      const input = document.getElementById('d')!;
      const select = document.getElementById('s')!;
      document.getElementById('b')!.append(input, select);
      document.getElementById('a')!.remove();
      await settled();
      const once = [input, select].map((hook) => hook.nextElementSibling?.className);
      document.body.prepend(input);
      document.body.append(select);
      await settled();
      const twice = [input, select].map((hook) => hook.nextElementSibling?.className);
      // A script keeping its own node right after each (an input-mask icon).
      for (const hook of [input, select]) {
        const holder = document.createElement('div');
        hook.before(holder);
        holder.append(hook);
        await settled();
        const icon = document.createElement('i');
        new MutationObserver(() => hook.nextSibling != icon && hook.after(icon)).observe(holder, { childList: true });
        hook.after(icon);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      const beside = [input, select].map((hook) => [...hook.parentNode!.children].map((el) => el.localName).join(' '));
      return { once, twice, beside, buttons: document.querySelectorAll('.veneer-datepicker-button, .veneer-select-link-go').length };
    });
    expect(moved).toEqual({
      once: ['veneer-datepicker-button', 'veneer-select-link-go'],
      twice: ['veneer-datepicker-button', 'veneer-select-link-go'],
      beside: ['input i button', 'select i button'],
      buttons: 2,
    });
    await test.page.click('.veneer-datepicker-button');
    await test.page.waitForSelector('dialog.veneer-datepicker[open]');
    test.assertClean();
  });

  it('a playing video whose link is moved to another parent in one task: the player goes along', () => playingVideoMoved(session, '/__fixture/ff-video-move'));

  it.each(['inline', 'ajax'])('a modal in %s lightbox content opens above the lightbox: its close control and Escape close it, not the lightbox', async (type) => {
    const content = '<p>Team</p><button data-modal-open="contact" id="o">Contact</button><div class="js-modal" id="contact"><div class="js-modal-body"><h2>Contact</h2><button class="js-modal-close" id="c">Close</button></div></div>';
    const html = fixture(`<a class="js-lightbox" data-lightbox-type="${type}" href="${type == 'inline' ? '#team' : '/team'}" id="lb">Team</a><div id="team" hidden>${type == 'inline' ? content : ''}</div>`);
    const test = await session.open('/__fixture/ff-lightbox-modal-' + type, { html, respond: (url) => (url.endsWith('/team') ? { body: content } : undefined) });
    const { page } = test;
    const state = () =>
      page.evaluate(() => ({
        modal: document.getElementById('contact')?.getAttribute('aria-modal') ?? null,
        lightbox: !!document.querySelector('.veneer-lightbox.is-open'),
        focus: document.activeElement?.id,
      }));
    await page.click('#lb');
    await page.waitForSelector('.veneer-lightbox.is-open:not(.is-busy)');
    await test.ready();
    await page.focus('#o');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#contact[aria-modal=true]');
    expect(await state()).toEqual({ modal: 'true', lightbox: true, focus: 'c' });
    await page.click('#c');
    expect(await state()).toEqual({ modal: null, lightbox: true, focus: 'o' });
    await page.keyboard.press('Enter');
    await page.waitForSelector('#contact[aria-modal=true]');
    await page.keyboard.press('Escape');
    expect(await state()).toEqual({ modal: null, lightbox: true, focus: 'o' });
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('.veneer-lightbox'));
    expect(await state()).toMatchObject({ modal: null, lightbox: false, focus: 'lb' });
    test.assertClean();
  });
  it('header panels, mouse: a press outside closes as it ends; pressed inside and released outside stays open; a press on a control outside closes (focus moved); Escape closes', () =>
    headerPanelPresses(session));

  it('lightbox: a press on the caption released on the background does not close it, a background click does; an image still loading loses its src on close', () =>
    lightboxPresses(session, '/__fixture/ff-lightbox-held'));

  it.each([
    ['normalize.css v8', NORMALIZE_DIALOG],
    ['dialog{position:static}', 'dialog{position:static}'],
  ])('date picker under %s: in the viewport, the page unmoved; one-letter weekday heads named in full; targets 24 px or more', (_, css) =>
    datepickerInViewport(session, '/__fixture/ff-datepicker-site-css', css));

  it("date picker on a right-to-left page: the button over the field's end (anchor positioning) or beside it, and it opens the picker", () =>
    datepickerRtlButton(session, '/__fixture/ff-datepicker-rtl'));

  it('closed expand content and tab panels stay hidden, no room taken, under a site\'s [hidden]{display:block!important} or {display:none!important}', () =>
    closedContentHidden(session, '/__fixture/ff-hidden'));

  it("rotator button's white over button{color:inherit}; rotator, tooltip and map text 14 px under html{font-size:62.5%}", () =>
    siteButtonsAndSizes(session, '/__fixture/ff-site-rem'));

  it('filter modal at 400 % zoom (320×256), with and without the border-box reset: its last control can be reached', () => filterModalReflow(session));
});
