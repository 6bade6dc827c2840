// Scenarios run in both engines: by the Chromium suite (tests/browser) and the Firefox one
// (tests/firefox/engine.test.ts), each with its own session and fixture path.
import type { Page } from 'puppeteer';
import { expect } from 'vitest';
import { youtubeApi, youtubeEmbed } from '../../src/harness/stubs';
import { capturedPage, fixture } from './helpers';
import type { Reply, Session } from './support';

/** YouTube's player API and embeds answered by the harness's stand-ins (nothing leaves the machine). */
export function youtube(url: string): Reply | undefined {
  const { origin, pathname, searchParams } = new URL(url);
  if (url === 'https://www.youtube.com/iframe_api') return youtubeApi();
  if (origin === 'https://www.youtube-nocookie.com' && pathname.startsWith('/embed/')) return youtubeEmbed(pathname.slice(7), searchParams);
}

/**
 * A script appends a link to `container`, focuses it and removes it (live suggestions replaced,
 * a mega-menu refreshed), then waits `wait` ms. Chromium blurs the removed element; Firefox
 * fires no focusout: each suite asserts what its engine does.
 */
export function removeFocusedLink(page: Page, container: string, href: string, wait = 0) {
  return page.evaluate(
    (container: string, href: string, wait: number) => {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = href;
      document.querySelector(container)!.append(link);
      link.focus();
      link.remove();
      return wait ? new Promise((resolve) => setTimeout(resolve, wait)) : undefined;
    },
    container,
    href,
    wait,
  );
}

/** A bus handler that throws: reported once, the other handlers and '*' still run, emit() does not throw. */
export async function busHandlerThrows(session: Session, path: string) {
  const test = await session.open(path, { html: fixture(''), allowErrors: [/broken subscriber/] });
  const result = await test.page.evaluate(() => {
    const veneer = (window as unknown as { veneer: { on: Function; emit: Function } }).veneer;
    const seen: string[] = [];
    veneer.on('/status', () => {
      throw new Error('broken subscriber');
    });
    veneer.on('/status', (data: { message: string }) => seen.push(data.message));
    veneer.on('*', (topic: string) => seen.push('all ' + topic));
    let thrown = false;
    try {
      veneer.emit('/status', { message: 'hello' });
    } catch {
      thrown = true;
    }
    return { seen, thrown };
  });
  expect(result).toEqual({ seen: ['hello', 'all /status'], thrown: false });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(test.errors.filter((text) => /broken subscriber/.test(text))).toHaveLength(1);
  test.assertClean();
}

/** A failed submit whose first invalid field is in a closed expand item, then in a hidden tab panel: shown and focused. */
export async function invalidFieldInClosedPanel(session: Session, path: string) {
  const html = fixture(
    // Below the fold at load: the item closes and the second panel hides (settled).
    `<div style="height:3000px"></div><form class="js-validate" action="/forms/closed" method="post">` +
      `<div class="js-expand"><h3><button type="button" class="js-expand-trigger">More details</button></h3><div class="js-expand-content">` +
      `<div class="field"><label for="b">Company</label><input id="b" name="b" required></div></div></div>` +
      `<div class="js-tabs"><ul><li><a class="js-tab" href="#p1">One</a></li><li><a class="js-tab" href="#p2">Two</a></li></ul>` +
      `<div class="js-tab-panel" id="p1"><p>One</p></div><div class="js-tab-panel" id="p2"><div class="field"><label for="c">Country</label><input id="c" name="c" required></div></div></div>` +
      `<button id="send">Send</button></form><div style="height:2000px"></div>`,
  );
  const test = await session.open(path, { html });
  const { page } = test;
  await page.$eval('form', (form) => form.scrollIntoView());
  // Closed: until-found where the browser has it, else plain hidden.
  const closed = await page.evaluate(() => ('onbeforematch' in document.documentElement ? 'until-found' : ''));
  expect(await page.$$eval('.js-expand-content, .js-tab-panel', (els) => els.map((el) => el.getAttribute('hidden')))).toEqual([closed, null, closed]);
  await page.click('#send');
  const state = () =>
    page.evaluate(() => [
      document.activeElement?.id,
      document.querySelector('.js-expand-trigger')!.getAttribute('aria-expanded'),
      document.querySelector('a.js-tab[href="#p2"]')!.getAttribute('aria-selected'),
      (document.activeElement as HTMLElement).checkVisibility(),
    ]);
  expect(await state()).toEqual(['b', 'true', 'false', true]);
  await page.type('#b', 'Northwind');
  await page.click('#send');
  expect(await state()).toEqual(['c', 'true', 'true', true]);
  expect(await page.evaluate(() => location.pathname + location.search)).toBe(path + '?tab=p2');
  test.assertClean();
}

/** A playing video's link moved to another parent in one task, the old parent then removed: the player goes along. */
export async function playingVideoMoved(session: Session, path: string) {
  const html = fixture(
    '<div id="a"><a class="js-video" href="https://www.youtube.com/watch?v=M7lc1UVf-VE" data-video-id="M7lc1UVf-VE">Play</a></div><div id="b"></div>',
  );
  const test = await session.open(path, { html, respond: youtube });
  await test.page.click('a.js-video');
  await test.page.waitForSelector('#a iframe');
  const result = await test.page.evaluate(async () => {
    const veneer = (window as unknown as { veneer: { ready(): Promise<void> } }).veneer;
    const link = document.querySelector<HTMLElement>('a.js-video')!;
    const frame = document.querySelector('iframe')!;
    document.getElementById('b')!.append(link);
    document.getElementById('a')!.remove();
    await veneer.ready();
    await new Promise((resolve) => setTimeout(resolve));
    return { enhanced: link.getAttribute('data-enhanced'), hidden: link.hidden, before: link.previousElementSibling == frame, frames: document.querySelectorAll('iframe').length };
  });
  expect(result).toEqual({ enhanced: 'video', hidden: true, before: true, frames: 1 });
  test.assertClean();
}

/**
 * Enter in the first invalid field of /event/'s form, which keeps focus: its error, and only
 * its, is an alert, and keyups that leave the message as it is do not write it again (it would
 * be read again). `more` checks the page in that state further. Then Enter in another invalid
 * field: focus moves to the first, which is read when focused; no alert.
 */
export async function focusedFieldAlert(session: Session, more?: (page: Page) => Promise<void>) {
  const test = await session.open('/event/');
  const { page } = test;
  await page.focus('#reg-first-name');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('reg-first-name');
  expect(await page.$$eval('.veneer-error', (all) => all.map((el) => el.getAttribute('role')))).toEqual(['alert', null, null, null, null, null]);
  expect(await page.$eval('.veneer-error', (el) => el.textContent)).toBe('Please enter your first name.');
  await more?.(page);
  const writes = await page.evaluate(async () => {
    let count = 0;
    new MutationObserver((records) => (count += records.length)).observe(document.querySelector('.veneer-error')!, { childList: true, characterData: true, subtree: true });
    for (const key of ['Shift', 'ArrowLeft', 'ArrowRight']) document.getElementById('reg-first-name')!.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve));
    return count;
  });
  expect(writes).toBe(0);
  test.assertClean();
  await page.close();

  const other = await session.open('/event/');
  await other.page.focus('#reg-email');
  await other.page.keyboard.press('Enter');
  expect(await other.page.evaluate(() => document.activeElement?.id)).toBe('reg-first-name');
  expect(await other.page.$$eval('.veneer-error', (all) => all.filter((el) => el.getAttribute('role')).length)).toBe(0);
  other.assertClean();
  await other.page.close();
}

const FILLER = '<div style="height:2000px">filler</div>';
/** A captured page with the site's extra CSS after its own stylesheet. */
const withCss = (name: string, css: string) => capturedPage(name).replace('</head>', `<style>${css}</style></head>`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Header panels and the mouse on /home/ at 1280: a press outside closes the mega-menu as it ends
 * (still open between down and up, focus on the body after a press on its heading); a press
 * inside released outside leaves it open; a press outside on a control (focus moves) closes the
 * search panel as the press ends too (closed as focus moved, a panel in the flow moved the
 * control from under the pointer and its click was lost); Escape closes and focuses the toggle.
 */
export async function headerPanelPresses(session: Session) {
  const test = await session.open('/home/');
  const { page } = test;
  const trigger = '.js-nav-item:nth-child(3) .js-nav-trigger';
  const expanded = (selector: string) => page.$eval(selector, (el) => el.getAttribute('aria-expanded'));
  const seen: Record<string, unknown> = {};
  await page.click(trigger);
  await page.click('#mega-resources .megamenu-heading');
  const heading = (await (await page.$('#mega-resources .megamenu-heading'))!.boundingBox())!;
  // Pressed on the heading (inside), released on the page below: open.
  await page.mouse.move(heading.x + 4, heading.y + heading.height / 2);
  await page.mouse.down();
  await page.mouse.move(640, 700, { steps: 4 });
  await page.mouse.up();
  await pause(50);
  seen.insideOut = await expanded(trigger);
  // Pressed below (outside): open until the press ends.
  await page.mouse.move(640, 700);
  await page.mouse.down();
  await pause(50);
  seen.down = await expanded(trigger);
  await page.mouse.up();
  await pause(50);
  seen.up = await expanded(trigger);
  // The search panel (focus in its field): a press on a link outside moves focus there.
  await page.evaluate(() => scrollTo(0, 0));
  await page.click('.js-search-toggle');
  await page.waitForFunction(() => document.activeElement?.id === 'site-search', { timeout: 2000 });
  const link = (await (await page.$('main a[href]:not([href^="#"])'))!.boundingBox())!;
  await page.mouse.move(link.x + 2, link.y + link.height / 2);
  // No navigation: the click on the link is cancelled.
  await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault(), { once: true }));
  await page.mouse.down();
  await pause(50);
  seen.focusMoved = [await expanded('.js-search-toggle'), await page.evaluate(() => document.activeElement?.localName)];
  await page.mouse.up();
  await pause(50);
  seen.focusMovedUp = await expanded('.js-search-toggle');
  // Escape.
  await page.click('.js-search-toggle');
  await page.waitForFunction(() => document.activeElement?.id === 'site-search', { timeout: 2000 });
  await page.keyboard.press('Escape');
  seen.escape = await page.$eval('.js-search-toggle', (el) => [el.getAttribute('aria-expanded'), document.activeElement == el]);
  expect(seen).toEqual({ insideOut: 'true', down: 'true', up: 'false', focusMoved: ['true', 'a'], focusMovedUp: 'false', escape: ['false', true] });
  test.assertClean();
  await page.close();
}

/**
 * Lightbox on /gallery/: a press on the caption dragged to the background and released there
 * does not close it; a click on the background does. An image still loading loses its src when
 * the popup closes (`path`: a fixture whose image never answers).
 */
export async function lightboxPresses(session: Session, path: string) {
  const test = await session.open('/gallery/');
  const { page } = test;
  const open = () => page.evaluate(() => document.querySelector('dialog.veneer-lightbox')?.className ?? null);
  await page.click('.js-lightbox-gallery a:nth-child(4)');
  await page.waitForSelector('dialog.veneer-lightbox.is-open:not(.is-busy)', { timeout: 5000 });
  const caption = (await (await page.$('dialog.veneer-lightbox figcaption'))!.boundingBox())!;
  await page.mouse.move(caption.x + 2, caption.y + caption.height / 2);
  await page.mouse.down();
  await page.mouse.move(640, 20, { steps: 5 });
  await page.mouse.up();
  await pause(50);
  expect(await open()).toBe('veneer-lightbox is-open');
  await page.mouse.click(640, 20);
  await page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox'), { timeout: 5000 });
  test.assertClean();
  await page.close();

  const html = fixture('<a class="js-lightbox" href="/held/photo.jpg" title="Held">Held</a>');
  const held = await session.open(path, { html, respond: (url) => (url.includes('/held/') ? (new Promise(() => {}) as Promise<undefined>) : undefined) });
  await held.page.click('a.js-lightbox');
  await held.page.waitForSelector('dialog.veneer-lightbox.is-busy img[src]');
  await held.page.evaluate(() => ((window as unknown as { img: Element }).img = document.querySelector('dialog.veneer-lightbox img')!));
  await held.page.keyboard.press('Escape');
  await held.page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox'), { timeout: 5000 });
  expect(await held.page.evaluate(() => (window as unknown as { img: Element }).img.hasAttribute('src'))).toBe(false);
  held.assertClean();
  await held.page.close();
}

// normalize.css v8's dialog rules (position:absolute; left:0; right:0; margin:auto).
export const NORMALIZE_DIALOG =
  'dialog{background-color:white;border:solid;color:black;display:block;height:fit-content;left:0;margin:auto;padding:1em;position:absolute;right:0;width:fit-content}dialog:not([open]){display:none}';

/**
 * The date picker under a site's `css` for dialogs, halfway down a long page: it opens in the
 * viewport and the page does not move (also on Escape); its weekday heads are one letter named
 * in full; its days and month buttons are 24 px or more.
 */
export async function datepickerInViewport(session: Session, path: string, css: string) {
  const html = fixture(`<style>${css}</style>${FILLER}<label for="d">Date</label> <input class="js-datepicker" id="d" value="2026-06-15">${FILLER}`);
  const test = await session.open(path, { html });
  const { page } = test;
  await page.evaluate(() => document.getElementById('d')!.scrollIntoView({ block: 'center' }));
  // Settled (Firefox moves it a pixel a frame later, before any press).
  const y = await page.evaluate(() => new Promise<number>((resolve) => setTimeout(() => requestAnimationFrame(() => resolve(scrollY)), 100)));
  await page.click('.veneer-datepicker-button');
  await page.waitForSelector('dialog.veneer-datepicker[open] td[tabindex="0"]');
  const seen = await page.$eval('dialog.veneer-datepicker', (dialog) => {
    const box = dialog.getBoundingClientRect();
    const size = (el: Element) => ((b) => Math.min(b.width, b.height))(el.getBoundingClientRect());
    return {
      y: scrollY,
      inside: box.top >= 0 && box.bottom <= innerHeight,
      heads: [...dialog.querySelectorAll('th')].map((th) => th.textContent + ' ' + th.getAttribute('aria-label')),
      small: [...dialog.querySelectorAll('button, td[aria-label]')].filter((el) => size(el) < 24).length,
    };
  });
  expect(seen).toEqual({
    y,
    inside: true,
    heads: ['M Monday', 'T Tuesday', 'W Wednesday', 'T Thursday', 'F Friday', 'S Saturday', 'S Sunday'],
    small: 0,
  });
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => scrollY)).toBe(y);
  test.assertClean();
  await page.close();
}

/**
 * On a right-to-left page the date picker's button sits over the field's end (its left), a
 * dir=ltr field's over its right, with CSS anchor positioning; without it the button follows the
 * field, beside it on its line. Either way a click on it opens the picker.
 */
export async function datepickerRtlButton(session: Session, path: string) {
  const html = fixture(
    '<p><label for="a">التاريخ</label> <input id="a" class="js-datepicker" value="2026-04-07"></p>' +
      '<p><label for="b">التاريخ</label> <input id="b" class="js-datepicker" dir="ltr" value="2026-04-07"></p>',
  ).replace('<html lang="en">', '<html lang="ar" dir="rtl">');
  const test = await session.open(path, { html });
  const { page } = test;
  const anchors = await page.evaluate(() => CSS.supports('anchor-name:--a'));
  const sides = await page.$$eval('.js-datepicker', (inputs) =>
    inputs.map((input) => {
      const field = input.getBoundingClientRect();
      const button = input.nextElementSibling!.getBoundingClientRect();
      const level = button.top < field.bottom && button.bottom > field.top;
      if (!level) return 'elsewhere';
      if (Math.abs(button.left - field.left) < 1) return 'left';
      if (Math.abs(button.right - field.right) < 1) return 'right';
      // Beside it: touching within 8 px, on either side.
      return button.right <= field.left + 1 && field.left - button.right < 8 ? 'beside left' : button.left >= field.right - 1 && button.left - field.right < 8 ? 'beside right' : 'elsewhere';
    }),
  );
  expect(sides).toEqual(anchors ? ['left', 'right'] : ['beside left', 'beside right']);
  await page.click('.veneer-datepicker-button');
  await page.waitForSelector('dialog.veneer-datepicker[open] td[tabindex="0"]');
  test.assertClean();
  await page.close();
}

/**
 * Closed expand content and a hidden tab panel stay hidden and take no room under a site's
 * `[hidden]{display:block!important}` and `[hidden]{display:none!important}` (Bootstrap 5's
 * reboot); with hidden=until-found (where the browser has it) they keep a box for find in
 * page (content-visibility, never display:none).
 */
export async function closedContentHidden(session: Session, path: string) {
  for (const [n, css] of ['[hidden]{display:block!important}', '[hidden]{display:none!important}'].entries()) {
    const html = fixture(
      `<style>${css}</style><div style="height:3000px"></div>` +
        '<div class="js-expand"><h3><button type="button" class="js-expand-trigger">More</button></h3><div class="js-expand-content" style="padding:1rem;border:2px solid"><p>Details</p></div></div>' +
        '<div class="js-tabs"><ul><li><a class="js-tab" href="#p1">One</a></li><li><a class="js-tab" href="#p2">Two</a></li></ul><div class="js-tab-panel" id="p1"><p>One</p></div><div class="js-tab-panel" id="p2"><p>Two</p></div></div>' +
        '<div style="height:2000px"></div>',
    );
    const test = await session.open(`${path}-${n}`, { html });
    const found = await test.page.evaluate(() => 'onbeforematch' in document.documentElement);
    const closed = await test.page.$$eval('.js-expand-content, #p2', (all) =>
      all.map((el) => {
        const display = getComputedStyle(el).display;
        return [el.getAttribute('hidden'), el.getBoundingClientRect().height, (el.querySelector('p') as HTMLElement).checkVisibility(), el.getAttribute('hidden') == 'until-found' ? display != 'none' : display];
      }),
    );
    const want = [found ? 'until-found' : '', 0, false, found ? true : 'none'];
    expect(closed).toEqual([want, want]);
    test.assertClean();
    await test.page.close();
  }
}

/**
 * veneer's own buttons and text under the captured site's CSS: the rotator's pause button keeps
 * its white on black over `button{color:inherit}` (Tailwind's preflight), a site class rule still
 * restyles it; under `html{font-size:62.5%}` the rotator button, tooltip and map button are
 * 0.875 of the text around them (14 px), not of the 10 px root.
 */
export async function siteButtonsAndSizes(session: Session, path: string) {
  const preflight = 'button{color:inherit;margin:0;padding:0}button,input:where([type=button]){background-color:transparent;background-image:none}';
  const look = async (css: string) => {
    const test = await session.open('/home/', { html: withCss('home', css) });
    const seen = await test.page.$eval('.veneer-rotator-toggle', (el) => ((style) => [style.color, style.backgroundColor, style.fontSize])(getComputedStyle(el)));
    test.assertClean();
    await test.page.close();
    return seen;
  };
  expect((await look(preflight)).slice(0, 2)).toEqual(['rgb(255, 255, 255)', 'rgba(0, 0, 0, 0.8)']);
  expect((await look('.veneer-rotator-toggle{color:#000;background:#fff}')).slice(0, 2)).toEqual(['rgb(0, 0, 0)', 'rgb(255, 255, 255)']);
  const rem = 'html{font-size:62.5%}body{font-size:1.6rem}';
  const [, , rotator] = await look(rem);
  // The map far below: its button stays (nothing loads before the visitor comes near).
  const html = fixture(
    `<style>${rem}</style><p><button type="button" class="js-tooltip" data-tooltip="A hint">?</button></p>${FILLER}` +
      '<div class="js-map" data-lat="51.4488" data-lng="5.4567" style="width:400px;height:300px"><a href="https://www.openstreetmap.org/">Map</a></div>',
  );
  const test = await session.open(path, { html });
  const sizes = await test.page.evaluate(() => ['.veneer-tooltip', '.veneer-map-load'].map((selector) => getComputedStyle(document.querySelector(selector)!).fontSize));
  expect([rotator, ...sizes]).toEqual(['14px', '14px', '14px']);
  test.assertClean();
  await test.page.close();
}

/**
 * The news filter modal at 400 % zoom (320×256) on a site with and without the border-box
 * reset: the page is locked, so the dialog stays within the viewport and scrolls, and its last
 * control can be reached.
 */
export async function filterModalReflow(session: Session) {
  // A site without the border-box reset: the captured site's undone (the browser's content-box everywhere).
  for (const html of [undefined, capturedPage('news').replace('</head>', '<style>*,::before,::after{box-sizing:content-box}</style></head>')]) {
    const test = await session.open('/news/', { viewport: { width: 320, height: 256 }, html });
    const { page } = test;
    await page.$eval('[data-modal-open="news-filter"]', (button) => (button as HTMLElement).click());
    await page.waitForSelector('#news-filter.is-open');
    const reach = await page.$eval('#news-filter', (dialog) => {
      const box = dialog.getBoundingClientRect();
      dialog.scrollTop = dialog.scrollHeight;
      const last = [...dialog.querySelectorAll('button,input,select')].pop()!.getBoundingClientRect();
      return { bottom: box.bottom <= innerHeight, lastShown: last.top >= 0 && last.bottom <= innerHeight };
    });
    expect(reach).toEqual({ bottom: true, lastShown: true });
    test.assertClean();
    await page.close();
  }
}
