// Modal and filter modal (div.js-modal#id, div.js-filter-modal#id) in Chromium against the
// production build: the home page's newsletter modal (two [data-modal-open] triggers), the news
// page's filter panel (a modal up to 1023 px only), and fixtures for nesting and bad inputs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, SerializedAXNode } from 'puppeteer';
import { REPO_ROOT } from '../../src/harness/server';
import { describe, expect, it } from 'vitest';
import { fixture, openBefore, type OpenBeforeOptions } from './helpers';
import { useSession, type Session } from './support';

const MODAL = '#newsletter-modal';
const TRIGGER = '[data-modal-open="newsletter-modal"]';
const FILTER = '#news-filter';

/** The home page with its popup modal's cookie set, so that the popup never opens over these tests. */
function openHome(session: Session, path = '/home/', options: OpenBeforeOptions = {}) {
  return openBefore(session, path, {
    ...options,
    init: () => {
      document.cookie = 'popup-promo-popup=1; path=/';
    },
  });
}

interface DialogState {
  hidden: boolean;
  open: boolean;
  role: string | null;
  modal: string | null;
  name: string | null;
  /** The element focused is inside the dialog. */
  focusInside: boolean;
  /** Elements of the page outside the dialog that are inert. */
  inert: number;
  locked: boolean;
}

function state(page: Page, selector = MODAL): Promise<DialogState> {
  return page.$eval(selector, (el) => {
    const labelledby = el.getAttribute('aria-labelledby');
    return {
      hidden: el.hasAttribute('hidden') || getComputedStyle(el).display === 'none',
      open: el.classList.contains('is-open'),
      role: el.getAttribute('role'),
      modal: el.getAttribute('aria-modal'),
      name: labelledby ? document.getElementById(labelledby)?.textContent ?? null : null,
      focusInside: el.contains(document.activeElement),
      inert: document.querySelectorAll('[inert]').length,
      locked: document.documentElement.classList.contains('veneer-scroll-lock'),
    };
  });
}

const CLOSED = { hidden: true, open: false, role: null, modal: null, name: null, focusInside: false, inert: 0, locked: false };

/** Waits until the dialog's open state is `open` (opening waits for the dialog runtime: a microtask once loaded). */
function until(page: Page, open: boolean, selector = MODAL) {
  return page.waitForFunction((sel: string, want: boolean) => document.querySelector(sel)?.classList.contains('is-open') === want, { timeout: 3000 }, selector, open);
}

/** The layout width and scroll position: what a scroll lock must not change. */
/** Tab (or Shift+Tab), then the id (or tag) of what has focus. */
async function tabFrom(page: Page, shift = false) {
  if (shift) await page.keyboard.down('Shift');
  await page.keyboard.press('Tab');
  if (shift) await page.keyboard.up('Shift');
  await new Promise((resolve) => setTimeout(resolve, 50));
  return page.evaluate(() => document.activeElement?.id || document.activeElement?.localName);
}
const geometry = (page: Page) => page.evaluate(() => ({ width: document.documentElement.clientWidth, bodyWidth: document.body.getBoundingClientRect().width, y: scrollY }));

describe('modal', () => {
  const session = useSession();

  it('a closed modal is hidden; a trigger opens it as a named modal dialog with focus inside', async () => {
    const { test } = await openHome(session);
    expect(await test.page.$eval(MODAL, (el) => el.getAttribute('data-enhanced'))).toBe('modal');
    expect(await state(test.page)).toEqual(CLOSED);
    const before = await test.page.evaluate((sel) => {
      const trigger = document.querySelector<HTMLElement>(sel)!;
      trigger.scrollIntoView({ block: 'center' });
      return scrollY;
    }, TRIGGER);
    const width = (await geometry(test.page)).width;
    await test.page.click(TRIGGER);
    await until(test.page, true);
    const open = await state(test.page);
    expect(open).toMatchObject({ hidden: false, open: true, role: 'dialog', modal: 'true', name: 'Subscribe to the Northwind newsletter', focusInside: true, locked: true });
    expect(open.inert).toBeGreaterThan(0);
    // Focus on the first control: the close button.
    expect(await test.page.evaluate(() => document.activeElement?.className)).toContain('js-modal-close');
    // The header and everything else outside the dialog are inert; nothing moved.
    expect(await test.page.evaluate(() => [document.querySelector('header')!.closest('[inert]') !== null, document.querySelector('#newsletter-modal')!.closest('[inert]')])).toEqual([true, null]);
    expect(await geometry(test.page)).toMatchObject({ width, y: before });
    // In the top layer, over the sticky header: the element at the top-left corner is the overlay.
    expect(await test.page.evaluate(() => document.elementFromPoint(5, 5)?.id)).toBe('newsletter-modal');
    test.assertClean();
  });

  it('Tab and Shift+Tab cycle inside; background not scrollable by wheel or keys', async () => {
    const { test } = await openHome(session);
    await test.page.click(TRIGGER);
    await until(test.page, true);
    const focused = () => test.page.evaluate(() => document.activeElement?.id || document.activeElement?.className || document.activeElement?.localName);
    expect(await focused()).toContain('js-modal-close');
    await test.page.keyboard.down('Shift');
    await test.page.keyboard.press('Tab');
    await test.page.keyboard.up('Shift');
    // The last control: the Subscribe button.
    expect(await test.page.evaluate(() => document.activeElement?.textContent)).toBe('Subscribe');
    await test.page.keyboard.press('Tab');
    expect(await focused()).toContain('js-modal-close');
    // Every Tab stays inside, all the way round.
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await test.page.keyboard.press('Tab');
      expect(await test.page.$eval(MODAL, (el) => el.contains(document.activeElement))).toBe(true);
      seen.add(await test.page.evaluate(() => document.activeElement!.outerHTML.slice(0, 60)));
    }
    // close, email, first name, consent, privacy link, Subscribe.
    expect(seen.size).toBe(6);
    const y = await test.page.evaluate(() => scrollY);
    await test.page.mouse.move(5, 400);
    await test.page.mouse.wheel({ deltaY: 800 });
    await test.page.keyboard.press('PageDown');
    await test.page.keyboard.press('End');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await test.page.evaluate(() => scrollY)).toBe(y);
    test.assertClean();
  });

  it('the page keeps its place and width whatever the site\'s CSS (html, body { height: 100% } with body { overflow-x: hidden })', async () => {
    for (const css of ['html,body{height:100%;margin:0}body{overflow-x:hidden}', 'body{overflow-x:hidden}', 'html{overflow-y:scroll}']) {
      const html = fixture(
        `<style>${css}</style><div style="height:1000px">top</div><p id="para">Para <button id="open" data-modal-open="m">Open</button></p><div style="height:2000px"></div>` +
          `<div class="js-modal" id="m"><div class="js-modal-body"><h2>M</h2><button class="js-modal-close">Close</button></div></div>`,
      );
      const test = await session.open('/__fixture/modal-scroll', { html });
      const place = () => test.page.evaluate(() => ({ ...document.getElementById('para')!.getBoundingClientRect().toJSON(), y: scrollY }));
      await test.page.evaluate(() => scrollTo(0, 900));
      const before = await place();
      await test.page.$eval('#open', (el) => (el as HTMLElement).click());
      await until(test.page, true, '#m');
      expect(await place(), css).toEqual(before);
      await test.page.mouse.move(5, 300);
      await test.page.mouse.wheel({ deltaY: 500 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await place(), css).toEqual(before);
      await test.page.keyboard.press('Escape');
      await until(test.page, false, '#m');
      expect(await place(), css).toEqual(before);
      test.assertClean();
      await test.page.close();
    }
  });

  it('Tab wraps after a radio group (checked or not) or a fieldset[disabled] at the end, Shift+Tab before one at the start', async () => {
    const ends = {
      checked: '<label><input type="radio" name="s" id="a" checked> A</label><label><input type="radio" name="s" id="b"> B</label><label><input type="radio" name="s" id="c"> C</label>',
      unchecked: '<label><input type="radio" name="s" id="a"> A</label><label><input type="radio" name="s" id="b"> B</label><label><input type="radio" name="s" id="c"> C</label>',
      disabled: '<input id="a"><fieldset disabled><input id="b"><button id="c">Off</button></fieldset>',
    };
    for (const [name, end] of Object.entries(ends)) {
      const html = fixture(
        `<button id="open" data-modal-open="m">Open</button>` +
          `<div class="js-modal" id="m"><div class="js-modal-body"><h2>M</h2><button class="js-modal-close" id="close">Close</button><form>${end}</form></div></div>` +
          `<div class="js-modal" id="n"><div class="js-modal-body"><h2>N</h2><form>${end}</form><button class="js-modal-close" id="close">Close</button></div></div>` +
          `<button id="open-n" data-modal-open="n">Open N</button>`,
      );
      const test = await session.open('/__fixture/modal-radios', { html });
      const tab = async (shift = false) => {
        if (shift) await test.page.keyboard.down('Shift');
        await test.page.keyboard.press('Tab');
        if (shift) await test.page.keyboard.up('Shift');
        return test.page.evaluate(() => document.activeElement?.id || document.activeElement?.localName);
      };
      // The group or fieldset last: Tab from it goes back to the close button.
      await test.page.click('#open');
      await until(test.page, true, '#m');
      expect([await tab(), await tab(), await tab()], name).toEqual(['a', 'close', 'a']);
      await test.page.keyboard.press('Escape');
      // First: Shift+Tab from it goes to the close button, at the end.
      await test.page.click('#open-n');
      await until(test.page, true, '#n');
      await test.page.focus('#n #a');
      expect([await tab(true), await tab(true), await tab(true)], name).toEqual(['close', 'a', 'close']);
      test.assertClean();
      await test.page.close();
    }
  });

  it('Shift+Tab out of an iframe that is the first control, or Tab out of one that is the last, goes round inside', async () => {
    const frame = `<iframe title="Frame" srcdoc="<button>In</button>"></iframe>`;
    const html = fixture(
      `<button id="open-f" data-modal-open="f">F</button><button id="open-l" data-modal-open="l">L</button>` +
        `<div class="js-modal" id="f"><div class="js-modal-body"><h2>F</h2>${frame}<button class="js-modal-close" id="close-f">Close</button></div></div>` +
        `<div class="js-modal" id="l"><div class="js-modal-body"><h2>L</h2><button class="js-modal-close" id="close-l">Close</button>${frame}</div></div>`,
    );
    const test = await session.open('/__fixture/modal-frames', { html });
    const sent = await test.page.$eval('#f', (el) => el.innerHTML);
    const tab = (shift = false) => tabFrom(test.page, shift);
    await test.page.click('#open-f');
    await until(test.page, true, '#f');
    await test.page.focus('#close-f');
    // Into the frame's button, out of it back round to the close button, twice.
    expect([await tab(true), await tab(true), await tab(true), await tab(true)]).toEqual(['iframe', 'close-f', 'iframe', 'close-f']);
    await test.page.keyboard.press('Escape');
    await until(test.page, false, '#f');
    expect(await test.page.$eval('#f', (el) => el.innerHTML)).toBe(sent);
    await test.page.click('#open-l');
    await until(test.page, true, '#l');
    expect([await tab(), await tab(), await tab(), await tab()]).toEqual(['iframe', 'close-l', 'iframe', 'close-l']);
    test.assertClean();
  });

  it('an audio or video player (controls) first or last is reached by Tab and Shift+Tab, and Tab goes round inside', async () => {
    const html = fixture(
      `<button id="open-v" data-modal-open="v">V</button><button id="open-a" data-modal-open="a">A</button>` +
        `<div class="js-modal" id="v"><div class="js-modal-body"><h2>V</h2><button class="js-modal-close" id="close-v">Close</button><video id="video" controls width="200" height="100"></video></div></div>` +
        `<div class="js-modal" id="a"><div class="js-modal-body"><h2>A</h2><audio id="audio" controls></audio><button class="js-modal-close" id="close-a">Close</button></div></div>`,
    );
    const test = await session.open('/__fixture/modal-media', { html });
    const tab = (shift = false) => tabFrom(test.page, shift);
    await test.page.click('#open-v');
    await until(test.page, true, '#v');
    expect(await test.page.evaluate(() => document.activeElement?.id)).toBe('close-v');
    expect([await tab(), await tab(), await tab(), await tab(true), await tab(true)]).toEqual(['video', 'close-v', 'video', 'close-v', 'video']);
    await test.page.keyboard.press('Escape');
    await until(test.page, false, '#v');
    await test.page.click('#open-a');
    await until(test.page, true, '#a');
    // Focus went to the player, the first control; from the close button on: the player's own
    // controls are two stops, both reached each way, and Tab goes round inside.
    expect(await test.page.evaluate(() => document.activeElement?.id)).toBe('audio');
    await test.page.focus('#close-a');
    expect([await tab(), await tab(), await tab(), await tab(true), await tab(true), await tab(true)]).toEqual(['audio', 'audio', 'close-a', 'audio', 'audio', 'close-a']);
    test.assertClean();
  });

  it('a video without controls (a background loop) is no stop: Tab stays inside, first or last', async () => {
    const html = fixture(
      `<button id="open-l" data-modal-open="l">L</button><button id="open-f" data-modal-open="f">F</button>` +
        `<div class="js-modal" id="l"><div class="js-modal-body"><h2>L</h2><button class="js-modal-close" id="close-l">Close</button><video muted loop width="200" height="100"></video></div></div>` +
        `<div class="js-modal" id="f"><div class="js-modal-body"><h2>F</h2><video muted loop width="200" height="100"></video><input id="email" aria-label="Email"><button class="js-modal-close" id="close-f">Close</button></div></div>`,
    );
    const test = await session.open('/__fixture/modal-muted-video', { html });
    const tab = () => tabFrom(test.page);
    await test.page.click('#open-l');
    await until(test.page, true, '#l');
    expect([await test.page.evaluate(() => document.activeElement?.id), await tab(), await tab()]).toEqual(['close-l', 'close-l', 'close-l']);
    await test.page.keyboard.press('Escape');
    await until(test.page, false, '#l');
    await test.page.click('#open-f');
    await until(test.page, true, '#f');
    expect([await test.page.evaluate(() => document.activeElement?.id), await tab(), await tab()]).toEqual(['email', 'close-f', 'email']);
    test.assertClean();
  });

  it('a modal without a heading is named after the trigger that opened it', async () => {
    const html = fixture(
      `<button id="open" data-modal-open="m">Newsletter sign-up</button> <span data-modal-open="m" id="icon" aria-label="Sign up">✉</span>` +
        `<button id="img" data-modal-open="m"><img alt="Join the list" width="16" height="16"></button>` +
        `<button id="titled" data-modal-open="m" title="Mailing list"><svg width="16" height="16" aria-hidden="true"></svg></button>` +
        `<div class="js-modal" id="m"><div class="js-modal-body"><p>No heading here</p><input aria-label="Email"><button class="js-modal-close">Close</button></div></div>`,
    );
    const test = await session.open('/__fixture/modal-unnamed', { html });
    const name = async () => {
      const find = (node: SerializedAXNode): SerializedAXNode | undefined => (node.role === 'dialog' ? node : node.children?.map(find).find(Boolean));
      return find((await test.page.accessibility.snapshot())!)?.name;
    };
    await test.page.click('#open');
    await until(test.page, true, '#m');
    expect(await name()).toBe('Newsletter sign-up');
    await test.page.keyboard.press('Escape');
    await until(test.page, false, '#m');
    expect(await test.page.$eval('#m', (el) => el.hasAttribute('aria-label'))).toBe(false);
    await test.page.click('#icon');
    await until(test.page, true, '#m');
    expect(await name()).toBe('Sign up');
    // Icon buttons named by their image's alt, or by their title: the dialog is named too.
    for (const [trigger, expected] of [['#img', 'Join the list'], ['#titled', 'Mailing list']]) {
      await test.page.keyboard.press('Escape');
      await until(test.page, false, '#m');
      await test.page.click(trigger);
      await until(test.page, true, '#m');
      expect(await name()).toBe(expected);
    }
    test.assertClean();
  });

  it('a modal without a heading opened by an <input> trigger without a value is named as the browser names that input ("Submit", "Reset", an image input\'s alt); a type=button one has no name, and no empty aria-label is written', async () => {
    const html = fixture(
      `<input type="submit" data-modal-open="m"> <input type="reset" data-modal-open="m"> <input type="button" data-modal-open="m">` +
        ` <input type="image" alt="Join the list" data-modal-open="m">` +
        `<div class="js-modal" id="m"><div class="js-modal-body"><p>No heading here</p><input aria-label="Email"><button class="js-modal-close">Close</button></div></div>`,
    );
    const test = await session.open('/__fixture/modal-input-default-name', { html });
    const find = (node: SerializedAXNode): SerializedAXNode | undefined => (node.role === 'dialog' ? node : node.children?.map(find).find(Boolean));
    const names: unknown[] = [];
    for (const type of ['submit', 'reset', 'button', 'image']) {
      const trigger = `input[type=${type}]`;
      await test.page.click(trigger);
      await until(test.page, true, '#m');
      names.push([type, find((await test.page.accessibility.snapshot())!)?.name ?? '', await test.page.$eval('#m', (el) => el.getAttribute('aria-label'))]);
      await test.page.keyboard.press('Escape');
      await until(test.page, false, '#m');
      // The id the input lent the name by is gone with the dialog's attributes.
      expect(await test.page.$eval('#m', (el) => [el.getAttribute('aria-labelledby'), document.querySelectorAll('input[data-modal-open][id]').length])).toEqual([null, 0]);
    }
    expect(names).toEqual([
      ['submit', 'Submit', null],
      ['reset', 'Reset', null],
      ['button', '', null],
      ['image', 'Join the list', null],
    ]);
    test.assertClean();
  });

  it('a link trigger (<a href="#id" data-modal-open>) to a modal still on show at start: no jump, no history entry, focus back on the link', async () => {
    const html = fixture(
      `<a href="#m" data-modal-open="m" id="open">Sign up</a>` +
        `<div class="js-modal" id="m"><div class="js-modal-body"><h2>Newsletter</h2><input aria-label="Email"><button class="js-modal-close">Close</button></div></div>`,
    );
    const test = await session.open('/__fixture/modal-link-on-show', { html });
    // The anchor feature leaves the link to its modal: no mark of its own.
    expect(await test.page.$eval('#open', (el) => el.getAttribute('data-enhanced'))).toBeNull();
    const before = await test.page.evaluate(() => history.length);
    await test.page.focus('#open');
    await test.page.keyboard.press('Enter');
    await until(test.page, true, '#m');
    expect(await test.page.evaluate(() => [location.hash, history.length])).toEqual(['', before]);
    await test.page.keyboard.press('Escape');
    await until(test.page, false, '#m');
    expect(await test.page.evaluate(() => document.activeElement?.id)).toBe('open');
    await test.page.click('#open');
    await until(test.page, true, '#m');
    expect(await test.page.evaluate(() => [location.hash, history.length])).toEqual(['', before]);
    test.assertClean();
  });

  it('Escape closes and focus returns to the trigger; everything is put back', async () => {
    const { test } = await openHome(session);
    const sent = await test.page.$eval(MODAL, (el) => el.outerHTML);
    await test.page.focus(TRIGGER);
    await test.page.keyboard.press('Enter');
    await until(test.page, true);
    await test.page.keyboard.press('Escape');
    expect(await state(test.page)).toEqual(CLOSED);
    expect(await test.page.evaluate((sel) => document.activeElement === document.querySelector(sel), TRIGGER)).toBe(true);
    expect(await test.page.$eval(MODAL, (el) => el.outerHTML)).toBe(sent);
    expect(await test.page.evaluate(() => document.documentElement.className)).not.toMatch(/veneer/);
    test.assertClean();
  });

  it('a click outside the body closes; inside, or a drag from inside to outside, does not; the close control closes', async () => {
    const { test } = await openHome(session);
    const second = `.cta-row ${TRIGGER}`;
    await test.page.click(TRIGGER);
    await until(test.page, true);
    // Inside the body (its heading).
    await test.page.click(`${MODAL} h2`);
    expect((await state(test.page)).open).toBe(true);
    // A text selection dragged from the heading out to the overlay.
    const heading = (await (await test.page.$(`${MODAL} h2`))!.boundingBox())!;
    await test.page.mouse.move(heading.x + 5, heading.y + 5);
    await test.page.mouse.down();
    await test.page.mouse.move(5, 5, { steps: 4 });
    await test.page.mouse.up();
    expect((await state(test.page)).open).toBe(true);
    // The overlay's corner.
    await test.page.mouse.click(5, 5);
    expect(await state(test.page)).toEqual(CLOSED);
    expect(await test.page.evaluate((sel) => document.activeElement === document.querySelector(sel), TRIGGER)).toBe(true);
    // The second trigger opens the same modal; the close control closes it and focus returns there.
    await test.page.click(second);
    await until(test.page, true);
    await test.page.click(`${MODAL} .js-modal-close`);
    expect(await state(test.page)).toEqual(CLOSED);
    expect(await test.page.evaluate((sel) => document.activeElement === document.querySelector(sel), second)).toBe(true);
    test.assertClean();
  });

  it('a trigger inserted later opens it too (delegated on document)', async () => {
    const { test } = await openHome(session);
    await test.page.evaluate(() => {
      const late = Object.assign(document.createElement('a'), { href: '#newsletter-modal', id: 'late', textContent: 'Late' });
      late.setAttribute('data-modal-open', 'newsletter-modal');
      document.querySelector('main')!.prepend(late);
    });
    await test.page.click('#late');
    await until(test.page, true);
    // The link's jump did not happen.
    expect(await test.page.evaluate(() => location.hash)).toBe('');
    await test.page.keyboard.press('Escape');
    expect(await test.page.evaluate(() => document.activeElement?.id)).toBe('late');
    test.assertClean();
  });

  it('bad [data-modal-open] values open nothing and throw nothing (bad-inputs row 23)', async () => {
    const html = fixture(
      `<p id="plain" style="height:150vh">Not a modal</p>` +
        ["x'],*", '#m', '1abc', 'a"b', '', 'plain', 'dup', ' m'].map((id, i) => `<button id="t${i}" data-modal-open='${id.replace(/'/g, '&#39;')}'>t${i}</button>`).join('') +
        `<div id="dup">not a modal, first with this id</div>` +
        `<div class="js-modal" id="dup"><div class="js-modal-body"><h2>Dup</h2></div></div>` +
        `<div class="js-modal" id="m"><div class="js-modal-body"><h2>M</h2><button class="js-modal-close">Close</button></div></div>`,
    );
    const test = await session.open('/__fixture/modal-bad', { html });
    expect(await test.page.$$eval('.js-modal', (all) => all.map((el) => el.getAttribute('data-enhanced')))).toEqual(['modal', 'modal']);
    for (let i = 0; i < 8; i++) await test.page.click(`#t${i}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await test.page.$$eval('.js-modal', (all) => all.filter((el) => el.classList.contains('is-open') || !(el as HTMLElement).hidden).length)).toBe(0);
    expect(await test.page.evaluate(() => document.querySelectorAll('[inert],[aria-modal]').length)).toBe(0);
    test.assertClean();
  });

  it('nested modals: the top one answers, each close releases its part, focus goes back step by step', async () => {
    const html = fixture(
      `<button id="open-a" data-modal-open="a">A</button>` +
        `<div class="js-modal" id="a"><div class="js-modal-body"><h2>A</h2><button id="open-b" data-modal-open="b">B</button><button class="js-modal-close" id="close-a">Close A</button>` +
        `<div class="js-modal" id="b"><div class="js-modal-body"><h2>B</h2><button class="js-modal-close" id="close-b">Close B</button></div></div>` +
        `</div></div><div class="js-modal" id="c"><div class="js-modal-body"><h2>C</h2></div></div><p style="height:200vh">tall</p>`,
    );
    const test = await session.open('/__fixture/modal-nested', { html });
    await test.page.click('#open-a');
    await until(test.page, true, '#a');
    // No site CSS here: veneer's own fallback makes the top-layer dialog fill the viewport.
    expect(await test.page.$eval('#a', (el) => { const box = el.getBoundingClientRect(); return [box.top, box.left, box.width === document.documentElement.clientWidth, box.height === innerHeight, document.elementFromPoint(5, 5) === el]; })).toEqual([0, 0, true, true, true]);
    await test.page.click('#open-b');
    await until(test.page, true, '#b');
    // B is on top: A's own controls are inert, B's are not.
    expect(await test.page.evaluate(() => [document.querySelector('#open-b')!.closest('[inert]') !== null, document.querySelector('#close-b')!.closest('[inert]')])).toEqual([true, null]);
    expect(await test.page.evaluate(() => document.activeElement?.id)).toBe('close-b');
    // Escape closes B only; focus back on B's trigger inside A, which answers again.
    await test.page.keyboard.press('Escape');
    expect(await test.page.evaluate(() => [document.querySelector('#a')!.classList.contains('is-open'), document.querySelector('#b')!.classList.contains('is-open'), document.activeElement?.id])).toEqual([true, false, 'open-b']);
    expect(await test.page.evaluate(() => [document.querySelector('#open-b')!.closest('[inert]'), document.documentElement.classList.contains('veneer-scroll-lock')])).toEqual([null, true]);
    // B's close control inside A closes B only.
    await test.page.click('#open-b');
    await until(test.page, true, '#b');
    await test.page.click('#close-b');
    expect(await test.page.evaluate(() => [document.querySelector('#a')!.classList.contains('is-open'), document.querySelector('#b')!.classList.contains('is-open')])).toEqual([true, false]);
    await test.page.keyboard.press('Escape');
    expect(await test.page.evaluate(() => [document.querySelectorAll('.is-open,[inert],[aria-modal]').length, document.documentElement.className, document.activeElement?.id])).toEqual([0, '', 'open-a']);
    test.assertClean();
  });

  it('a date picker or lightbox opened inside a modal answers its own clicks, Escape and Tab; the modal stays open', async () => {
    const html = fixture(
      `<button id="open" data-modal-open="m">Open</button>` +
        `<div class="js-modal" id="m"><div class="js-modal-body"><h2>Register</h2><label for="d">Date</label> <input class="js-datepicker" id="d">` +
        ` <a class="js-lightbox" data-lightbox-type="inline" href="#note" id="more">More</a> <button class="js-modal-close">Close</button></div></div>` +
        `<div id="note"><p>Inline note</p><button id="in-note">OK</button></div>`,
    );
    const test = await session.open('/__fixture/modal-over', { html });
    const page = test.page;
    const modalOpen = () => page.$eval('#m', (el) => el.classList.contains('is-open'));
    await page.click('#open');
    await until(page, true, '#m');
    // The date picker: a click on a day picks it and leaves the modal open.
    await page.click('.veneer-datepicker-button');
    await page.waitForSelector('dialog.veneer-datepicker[open] td[tabindex="0"]');
    await page.click('dialog.veneer-datepicker[open] td[tabindex="-1"]:not([aria-disabled="true"])');
    expect(await page.$eval('#d', (el) => (el as HTMLInputElement).value)).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(await modalOpen()).toBe(true);
    // Tab stays in the picker; Escape closes the picker only, focus back on its button.
    await page.click('.veneer-datepicker-button');
    await page.waitForSelector('dialog.veneer-datepicker[open] td[tabindex="0"]');
    // The day is the last stop (APG): Tab wraps to the first month button, Shift+Tab back to the day.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement === document.querySelector('dialog.veneer-datepicker button'))).toBe(true);
    await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    await page.keyboard.up('Shift');
    expect(await page.evaluate(() => document.activeElement?.matches('dialog.veneer-datepicker td[tabindex="0"]'))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => [!!document.querySelector('dialog.veneer-datepicker[open]'), document.activeElement?.className])).toEqual([false, 'veneer-datepicker-button']);
    expect(await modalOpen()).toBe(true);
    // Focus on no element of the picker (the body): Escape is still the picker's.
    await page.click('.veneer-datepicker-button');
    await page.waitForSelector('dialog.veneer-datepicker[open] td[tabindex="0"]');
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => !!document.querySelector('dialog.veneer-datepicker[open]'))).toBe(false);
    expect(await modalOpen()).toBe(true);
    // The lightbox: a click on its content and Escape close the lightbox only.
    await page.click('#more');
    await page.waitForSelector('dialog.veneer-lightbox[open] #in-note');
    await page.click('#in-note');
    expect(await modalOpen()).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox[open]'));
    expect(await modalOpen()).toBe(true);
    // The modal answers again.
    await page.keyboard.press('Escape');
    await until(page, false, '#m');
    test.assertClean();
  });

  it('open and close 1000 times, nested: nothing stuck, no leaked listeners (row 23)', async () => {
    // A small page: the home page's style recalculations would make this a slow test.
    const html = fixture(
      `<p style="height:150vh">tall</p><button id="open-a" data-modal-open="a">A</button>` +
        `<div class="js-modal" id="a"><div class="js-modal-body"><h2>A</h2><button id="open-b" data-modal-open="b">B</button></div></div>` +
        `<div class="js-modal" id="b"><div class="js-modal-body"><h2>B</h2><button class="js-modal-close">Close</button></div></div>`,
    );
    const test = await session.open('/__fixture/modal-1000', { html });
    const cycle = (times: number) =>
      test.page.evaluate(async (n) => {
        const escape = () => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
        const tick = async () => {
          await Promise.resolve();
          await Promise.resolve();
        };
        let both = 0;
        for (let i = 0; i < n; i++) {
          document.getElementById('open-a')!.focus();
          document.getElementById('open-a')!.click();
          await tick();
          document.getElementById('open-b')!.click();
          await tick();
          if (document.querySelectorAll('.is-open[aria-modal=true]').length === 2) both++;
          escape();
          escape();
        }
        return both;
      }, times);
    // Once first, so that the dialog runtime's loading and one-time work are not counted.
    await test.page.click('#open-a');
    await until(test.page, true, '#a');
    await test.page.keyboard.press('Escape');
    await cycle(1);
    const cdp = await test.page.createCDPSession();
    // Removed listeners are counted until garbage collection.
    const listeners = async () => {
      await test.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      await cdp.send('HeapProfiler.collectGarbage');
      return (await test.page.metrics()).JSEventListeners;
    };
    const before = (await listeners())!;
    // 500 rounds of two nested dialogs: 1000 openings.
    expect(await cycle(500)).toBe(500);
    expect(await listeners()).toBeLessThanOrEqual(before);
    expect(await test.page.evaluate(() => [document.querySelectorAll('.is-open,[inert],[aria-modal],[popover]').length, document.documentElement.className, document.activeElement?.id])).toEqual([0, '', 'open-a']);
    test.assertClean();
  });

  it('50 rapid clicks and Escape mashed: one dialog, nothing stuck (row 30)', async () => {
    const { test } = await openHome(session);
    // 50 real clicks in a row at the trigger's place: open, then the overlay (outside the body) closes, and so on.
    await test.page.$eval(TRIGGER, (el) => el.scrollIntoView({ block: 'center' }));
    const box = (await (await test.page.$(TRIGGER))!.boundingBox())!;
    for (let i = 0; i < 50; i++) await test.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await state(test.page);
    expect([CLOSED, expect.objectContaining({ open: true, hidden: false, locked: true })]).toContainEqual(after);
    // 50 clicks in one task open it once; Escape mashed closes it and nothing stays behind.
    await test.page.$eval(TRIGGER, (el) => {
      for (let i = 0; i < 50; i++) (el as HTMLElement).click();
    });
    await until(test.page, true);
    for (let i = 0; i < 10; i++) await test.page.keyboard.press('Escape');
    expect(await state(test.page)).toEqual(CLOSED);
    test.assertClean();
  });

  it('removed while open: torn down, the page released, the markup as sent', async () => {
    const { test } = await openHome(session);
    await test.page.click(TRIGGER);
    await until(test.page, true);
    const result = await test.page.evaluate(async () => {
      const veneer = (window as unknown as { veneer: { ready(): Promise<void> } }).veneer;
      const source = await (await fetch('/home/?veneer=off')).text();
      const sent = new DOMParser().parseFromString(testHTML(source), 'text/html').getElementById('newsletter-modal')!.outerHTML;
      const modal = document.getElementById('newsletter-modal')!;
      const parent = modal.parentElement!;
      modal.remove();
      await veneer.ready();
      const removed = modal.outerHTML;
      const left = [document.querySelectorAll('[inert]').length, document.documentElement.className];
      parent.append(modal);
      await veneer.ready();
      return { same: removed === sent, left, enhanced: modal.getAttribute('data-enhanced'), hidden: modal.hidden };
    });
    expect(result).toEqual({ same: true, left: [0, ''], enhanced: 'modal', hidden: true });
    await test.page.click(TRIGGER);
    await until(test.page, true);
    test.assertClean();
  });

  it('moved within the page while open (removed and put back in one task): still the open modal dialog, focus back where it was', async () => {
    const { test } = await openHome(session);
    await test.page.click(TRIGGER);
    await until(test.page, true);
    await test.page.focus('#nl-email');
    await test.page.keyboard.type('a@b.c');
    const before = await state(test.page);
    await test.page.evaluate(() => document.body.appendChild(document.getElementById('newsletter-modal')!));
    // A few frames: the move is noticed at the next one.
    await test.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(await state(test.page)).toEqual({ ...before, inert: expect.any(Number) });
    expect(
      await test.page.evaluate(() => {
        const modal = document.getElementById('newsletter-modal')!;
        return {
          popover: modal.matches(':popover-open'),
          focused: document.activeElement!.id,
          top: document.elementFromPoint(5, 5)?.id,
          // Everything else is inert around where it is now (the main it left, too), the dialog is not.
          inert: [document.querySelector('main')!.closest('[inert]') !== null, modal.closest('[inert]')],
        };
      }),
    ).toEqual({ popover: true, focused: 'nl-email', top: 'newsletter-modal', inert: [true, null] });
    // It still closes as usual, putting everything back.
    await test.page.keyboard.press('Escape');
    await until(test.page, false);
    expect(await state(test.page)).toEqual(CLOSED);
    test.assertClean();
  });

  it('works under the strict CSP with Trusted Types, with no violation', async () => {
    const { test } = await openBefore(session, '/home/?csp=strict', {
      init: () => {
        document.cookie = 'popup-promo-popup=1; path=/';
        const w = window as unknown as { __violations: string[] };
        w.__violations = [];
        addEventListener('securitypolicyviolation', (event) => w.__violations.push(`${event.effectiveDirective} ${event.blockedURI}`));
      },
    });
    await test.page.click(TRIGGER);
    await until(test.page, true);
    expect(await state(test.page)).toMatchObject({ open: true, role: 'dialog', focusInside: true });
    await test.page.keyboard.press('Escape');
    expect(await state(test.page)).toEqual(CLOSED);
    expect(await test.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    test.assertClean();
  });

  it('the dialog runtime failing to load leaves the modal where the CMS put it', async () => {
    const { test } = await openHome(session, '/home/', {
      intercept: (url) => (/\/dialog\.[0-9a-f]{6}\.js$/.test(url) ? 'abort' : undefined),
      allowErrors: [/ERR_FAILED|Failed to load resource/],
    });
    await test.page.waitForFunction(() => !document.getElementById('newsletter-modal')!.hidden);
    expect(test.warnings.some((text) => text.startsWith('[veneer] modal: the dialog runtime did not load'))).toBe(true);
    await test.page.click(TRIGGER);
    expect(await state(test.page)).toEqual({ ...CLOSED, hidden: false });
    test.assertClean();
  });
});

describe('filter modal', () => {
  const session = useSession();
  // The panel's top is at 635 px at this width: below a 500 px viewport, on a 900 px one.
  const SMALL = { width: 800, height: 500 };

  it('a filter modal without .js-modal-body (the contract names none): the whole panel is the body; it opens and closes', async () => {
    const html = readFileSync(path.join(REPO_ROOT, 'legacy-pages/news/index.html'), 'utf8')
      .replace('<div class="js-filter-modal filter-panel" id="news-filter">\n            <div class="js-modal-body">', '<div class="js-filter-modal filter-panel" id="news-filter">\n            <div>')
      .replace(/ data-analytics-id="[^"]*"/, '');
    expect(html).not.toContain('<div class="js-modal-body">\n              <button type="button" class="js-modal-close modal-close" aria-label="Close filters">');
    const test = await session.open('/news/', { html, viewport: SMALL });
    expect(await test.page.$eval(FILTER, (el) => el.getAttribute('data-enhanced'))).toBe('modal');
    await test.page.click('[data-modal-open="news-filter"]');
    await until(test.page, true, FILTER);
    expect(await state(test.page, FILTER)).toMatchObject({ open: true, role: 'dialog', focusInside: true });
    await test.page.keyboard.press('Escape');
    expect(await state(test.page, FILTER)).toEqual(CLOSED);
    test.assertClean();
  });

  it('from 1024 px it is the inline panel, and its trigger does nothing', async () => {
    const test = await session.open('/news/');
    expect(await test.page.$eval(FILTER, (el) => el.getAttribute('data-enhanced'))).toBe('modal');
    expect(await state(test.page, FILTER)).toEqual({ ...CLOSED, hidden: false });
    await test.page.$eval('[data-modal-open="news-filter"]', (el) => (el as HTMLElement).click());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await state(test.page, FILTER)).toEqual({ ...CLOSED, hidden: false });
    test.assertClean();
  });

  it('between 1023 and 1024 px (a zoomed window: 1023.5 px) it is a modal, as the nav and the site CSS say small', async () => {
    // Neither (max-width: 1023px) nor (min-width: 1024px) matches such a width; simulated here.
    const { test } = await openBefore(session, '/news/', {
      init: () => {
        const real = window.matchMedia.bind(window);
        window.matchMedia = (query: string) => real(/^\((max-width: 1023px|min-width: 1024px)\)$/.test(query) ? 'not all' : query);
      },
    });
    await test.page.$eval('[data-modal-open="news-filter"]', (el) => (el as HTMLElement).click());
    await until(test.page, true, FILTER);
    expect(await state(test.page, FILTER)).toMatchObject({ open: true, role: 'dialog', modal: 'true' });
    test.assertClean();
  });

  it('up to 1023 px it is a modal: opened by its trigger, closed by Escape or its close control', async () => {
    const test = await session.open('/news/', { viewport: SMALL });
    // Below the viewport at load: hidden at once.
    expect(await state(test.page, FILTER)).toEqual(CLOSED);
    await test.page.click('[data-modal-open="news-filter"]');
    await until(test.page, true, FILTER);
    expect(await state(test.page, FILTER)).toMatchObject({ hidden: false, open: true, role: 'dialog', modal: 'true', name: 'Filter news', focusInside: true, locked: true });
    // The panel fills the viewport (the site's .js-filter-modal.is-open).
    expect(await test.page.$eval(FILTER, (el) => { const box = el.getBoundingClientRect(); return [box.top, box.width]; })).toEqual([0, SMALL.width]);
    await test.page.keyboard.press('Escape');
    expect(await state(test.page, FILTER)).toEqual(CLOSED);
    expect(await test.page.evaluate(() => document.activeElement?.getAttribute('data-modal-open'))).toBe('news-filter');
    await test.page.click('[data-modal-open="news-filter"]');
    await until(test.page, true, FILTER);
    await test.page.click(`${FILTER} .js-modal-close`);
    expect(await state(test.page, FILTER)).toEqual(CLOSED);
    test.assertClean();
  });

  it('on screen at load it stays visible (no jump) until opened; closed, it is hidden', async () => {
    const test = await session.open('/news/', { viewport: { width: 800, height: 900 } });
    expect(await state(test.page, FILTER)).toEqual({ ...CLOSED, hidden: false });
    await test.page.click('[data-modal-open="news-filter"]');
    await until(test.page, true, FILTER);
    await test.page.keyboard.press('Escape');
    expect(await state(test.page, FILTER)).toEqual(CLOSED);
    test.assertClean();
  });

  it('re-evaluated on resize: open at 800 px, at 1280 px it is the inline panel, at 800 px hidden again', async () => {
    const test = await session.open('/news/', { viewport: SMALL });
    await test.page.click('[data-modal-open="news-filter"]');
    await until(test.page, true, FILTER);
    await test.page.focus('#news-q');
    await test.page.setViewport({ width: 1280, height: 900 });
    await until(test.page, false, FILTER);
    expect(await state(test.page, FILTER)).toEqual({ ...CLOSED, hidden: false, focusInside: true });
    await test.page.setViewport(SMALL);
    await test.page.waitForFunction((sel: string) => document.querySelector(sel)!.hasAttribute('hidden'), { timeout: 3000 }, FILTER);
    await test.page.click('[data-modal-open="news-filter"]');
    await until(test.page, true, FILTER);
    test.assertClean();
  });

  it('open as a dialog when a phone turns (narrow to narrow): it stays open and shown, focus where it was', async () => {
    const test = await session.open('/news/', { viewport: SMALL });
    await test.page.click('[data-modal-open="news-filter"]');
    await until(test.page, true, FILTER);
    await test.page.focus('#news-q');
    await test.page.setViewport({ width: SMALL.height, height: SMALL.width });
    // Past the 250 ms /window/resize throttle.
    await test.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(await state(test.page, FILTER)).toMatchObject({ hidden: false, open: true, focusInside: true, locked: true });
    expect(await test.page.evaluate(() => document.activeElement?.id)).toBe('news-q');
    test.assertClean();
  });
});
