// Tooltips (.js-tooltip) in Chromium against the production build: the contact page's three
// (two buttons described by help text, one abbr with data-tooltip), the home page's abbr, and
// fixtures for the viewport edges, clipping containers, touch, and bad-input row 20.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { fixture, openBefore, SCRIPT } from './helpers';
import { useSession } from './support';

const EDGE = 18;
const PHONE = 'button[aria-label="Opening hours"]';
const VAT = 'abbr.js-tooltip';

interface TipState {
  role: string | null;
  open: boolean;
  hidden: boolean;
  text: string | null;
  box: { top: number; left: number; right: number; bottom: number };
  viewport: { width: number; height: number };
}

/** The tooltip the trigger's aria-describedby names last (the one veneer made). */
function tip(page: Page, trigger: string): Promise<TipState> {
  return page.$eval(trigger, (el) => {
    const id = el.getAttribute('aria-describedby')!.split(' ').pop()!;
    const tip = document.getElementById(id)!;
    const { top, left, right, bottom } = tip.getBoundingClientRect();
    return {
      role: tip.getAttribute('role'),
      open: tip.matches(':popover-open'),
      hidden: tip.hasAttribute('hidden'),
      text: tip.textContent,
      box: { top, left, right, bottom },
      viewport: { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight },
    };
  });
}

function inside({ box, viewport }: TipState) {
  expect(box.top).toBeGreaterThanOrEqual(EDGE - 0.5);
  expect(box.left).toBeGreaterThanOrEqual(EDGE - 0.5);
  expect(box.right).toBeLessThanOrEqual(viewport.width - EDGE + 0.5);
  expect(box.bottom).toBeLessThanOrEqual(viewport.height - EDGE + 0.5);
}

/** Timers of a second or more run 100 times sooner: "no auto-hide after 10 s" is checked in 0.1 s. */
function fastTimers() {
  const original = window.setTimeout;
  window.setTimeout = ((fn: TimerHandler, ms = 0, ...rest: unknown[]) => original(fn, ms >= 1000 ? ms / 100 : ms, ...rest)) as typeof setTimeout;
}

const pause = (page: Page, ms: number) => page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), ms);

async function centre(page: Page, selector: string) {
  const box = (await (await page.$(selector))!.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('tooltip', () => {
  const session = useSession();

  it('the contact page: role=tooltip named by aria-describedby even when closed, with the help text', async () => {
    const test = await session.open('/contact/');
    const triggers = await test.page.$$eval('.js-tooltip', (all) =>
      all.map((el) => {
        const tip = document.getElementById(el.getAttribute('aria-describedby')!)!;
        return [el.getAttribute('data-enhanced'), tip.getAttribute('role'), tip.hasAttribute('hidden'), tip.matches(':popover-open'), tip.textContent];
      }),
    );
    expect(triggers).toEqual([
      ['tooltip', 'tooltip', true, false, 'Monday to Friday, 08:00 to 18:00 CET. Outside these hours you reach our 24/7 service desk.'],
      ['tooltip', 'tooltip', true, false, 'A stopped production line or a safety function that is out of service. We call back within 30 minutes.'],
      ['tooltip', 'tooltip', true, false, 'Value added tax identification number, for invoices within the EU.'],
    ]);
    // The help text stays where the CMS put it.
    expect(await test.page.$eval('#tip-phone', (el) => el.getBoundingClientRect().height > 0)).toBe(true);
    expect(test.warnings.filter((text) => text.includes('tooltip'))).toEqual([]);
    test.assertClean();
  });

  it('hover shows it, the pointer can move onto it, and it does not hide by itself', async () => {
    const { test } = await openBefore(session, '/contact/', { init: fastTimers });
    const page = test.page;
    await page.$eval(PHONE, (el) => el.scrollIntoView({ block: 'center' }));
    await page.hover(PHONE);
    let state = await tip(page, PHONE);
    expect([state.open, state.hidden, state.role]).toEqual([true, false, 'tooltip']);
    inside(state);
    // Above the trigger, 8 px away.
    const trigger = await page.$eval(PHONE, (el) => el.getBoundingClientRect().top);
    expect(Math.round(trigger - state.box.bottom)).toBe(8);
    expect(await page.$eval(PHONE, (el) => el.classList.contains('is-open'))).toBe(true);
    // From the trigger onto the tooltip, across the gap.
    const from = await centre(page, PHONE);
    await page.mouse.move(from.x, state.box.bottom - 4, { steps: 6 });
    // 200 ms here is 20 s of the page's long timers.
    await pause(page, 200);
    expect((await tip(page, PHONE)).open).toBe(true);
    // Away from both: closes.
    await page.mouse.move(5, 5, { steps: 4 });
    await page.waitForFunction((sel) => !document.querySelector(sel)!.classList.contains('is-open'), {}, PHONE);
    state = await tip(page, PHONE);
    expect([state.open, state.hidden]).toEqual([false, true]);
    test.assertClean();
  });

  it('focus shows it; Escape hides it and focus stays on the trigger; blur resets', async () => {
    const test = await session.open('/contact/');
    const page = test.page;
    await page.focus(VAT);
    expect((await tip(page, VAT)).open).toBe(true);
    inside(await tip(page, VAT));
    await page.keyboard.press('Escape');
    expect((await tip(page, VAT)).open).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.localName)).toBe('abbr');
    // Still described while closed.
    expect(await page.$eval(VAT, (el) => !!document.getElementById(el.getAttribute('aria-describedby')!))).toBe(true);
    // Tab away and back: shown again.
    await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    await page.keyboard.up('Shift');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.localName)).toBe('abbr');
    expect((await tip(page, VAT)).open).toBe(true);
    test.assertClean();
  });

  it('a browser without popovers (Safari 16, Firefox before 125): shown and hidden all the same, no error', async () => {
    const { test } = await openBefore(session, '/contact/', {
      init: () => {
        // As such a browser: no popover methods, and :popover-open is an unknown selector.
        delete (HTMLElement.prototype as Partial<HTMLElement>).showPopover;
        delete (HTMLElement.prototype as Partial<HTMLElement>).hidePopover;
        const matches = Element.prototype.matches;
        Element.prototype.matches = function (this: Element, selector: string) {
          if (selector.includes(':popover-open')) throw new DOMException(`'${selector}' is not a valid selector.`, 'SyntaxError');
          return matches.call(this, selector);
        } as typeof matches;
      },
    });
    const page = test.page;
    const hidden = () => page.$eval(VAT, (el) => document.getElementById(el.getAttribute('aria-describedby')!.split(' ').pop()!)!.hidden);
    await page.focus(VAT);
    expect(await hidden()).toBe(false);
    await page.keyboard.press('Escape');
    expect(await hidden()).toBe(true);
    await page.focus(VAT);
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    expect(await hidden()).toBe(true);
    test.assertClean();
  });

  it('kept 18 px inside every viewport edge, and flips below when there is no room above', async () => {
    const corner = (id: string, style: string) =>
      `<button type="button" class="js-tooltip" id="${id}" style="position:fixed;${style}" data-tooltip="${'A fairly long tooltip text that needs some room. '.repeat(3)}">?</button>`;
    const html = fixture(
      corner('tl', 'top:0;left:0') + corner('tr', 'top:0;right:0') + corner('bl', 'bottom:0;left:0') + corner('br', 'bottom:0;right:0') +
        corner('mid', 'top:300px;left:600px'),
    );
    const test = await session.open('/__fixture/tooltip-edges', { html, viewport: { width: 800, height: 600 } });
    const page = test.page;
    for (const id of ['tl', 'tr', 'bl', 'br', 'mid']) {
      await page.focus('#' + id);
      const state = await tip(page, '#' + id);
      expect(state.open, id).toBe(true);
      inside(state);
      const trigger = await page.$eval('#' + id, (el) => el.getBoundingClientRect().toJSON());
      // At the top: below the trigger (flipped); elsewhere above it.
      if (id[0] === 't') expect(state.box.top, id).toBeGreaterThanOrEqual(trigger.bottom);
      else expect(state.box.bottom, id).toBeLessThanOrEqual(trigger.top);
    }
    test.assertClean();
  });

  it('the top layer: not clipped by an overflow:hidden container', async () => {
    const html = fixture(
      `<div style="margin:200px;width:60px;height:30px;overflow:hidden;position:relative;z-index:1">` +
        `<span class="js-tooltip" tabindex="0" data-tooltip="Seen in full, over everything">Hint</span></div>` +
        `<div style="position:relative;z-index:9999;background:#eee;height:300px">Site layer</div>`,
    );
    const test = await session.open('/__fixture/tooltip-clip', { html });
    await test.page.focus('.js-tooltip');
    const seen = await test.page.$eval('.js-tooltip', (el) => {
      const tip = document.getElementById(el.getAttribute('aria-describedby')!)!;
      const box = tip.getBoundingClientRect();
      return [tip.matches(':popover-open'), document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === tip, box.width > 60];
    });
    expect(seen).toEqual([true, true, true]);
    test.assertClean();
  });

  it('a coarse pointer: a tap toggles, a tap elsewhere closes', async () => {
    const { test } = await openBefore(session, '/contact/', {
      init: () => {
        const original = window.matchMedia.bind(window);
        window.matchMedia = (query: string) =>
          query.includes('pointer: coarse') ? ({ matches: true, media: query } as MediaQueryList) : original(query);
      },
    });
    const page = test.page;
    await page.$eval(PHONE, (el) => el.scrollIntoView({ block: 'center' }));
    await page.click(PHONE);
    expect((await tip(page, PHONE)).open).toBe(true);
    await page.click(PHONE);
    expect((await tip(page, PHONE)).open).toBe(false);
    await page.click(PHONE);
    expect((await tip(page, PHONE)).open).toBe(true);
    await page.mouse.click(5, 400);
    expect((await tip(page, PHONE)).open).toBe(false);
    test.assertClean();
  });

  it('bad inputs (row 20): HTML and 100 kB text stay text; "a b missing"; removal while open leaves nothing', async () => {
    const html = fixture(
      '<script>window.__hits = 0; window.__hit = () => window.__hits++;</script>' +
        `<p><span class="js-tooltip" id="html" tabindex="0" data-tooltip="<img src=x onerror=__hit()><b>bold</b>">html</span></p>` +
        `<p><span class="js-tooltip" id="big" tabindex="0" data-tooltip="short">big</span></p>` +
        `<p><button class="js-tooltip" id="ids" aria-describedby="a b missing">ids</button></p>` +
        `<p id="a">First part.</p><p id="b">Second <em>part</em>.</p>` +
        `<div id="box"><button class="js-tooltip" id="gone" data-tooltip="Going away">gone</button></div>`,
    );
    const test = await session.open('/__fixture/tooltip-bad', { html });
    const page = test.page;
    await page.focus('#html');
    const htmlTip = await tip(page, '#html');
    expect(htmlTip.text).toBe('<img src=x onerror=__hit()><b>bold</b>');
    expect(await page.evaluate(() => [document.querySelectorAll('[role=tooltip] *').length, (window as unknown as { __hits: number }).__hits])).toEqual([0, 0]);

    // 100 kB set after start-up: read when shown, kept inside the viewport (it scrolls).
    const text = 'x'.repeat(50) + ' ' + 'lorem ipsum '.repeat(8500);
    await page.$eval('#big', (el, text) => el.setAttribute('data-tooltip', text), text);
    const started = Date.now();
    await page.focus('#big');
    const big = await tip(page, '#big');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(big.text!.length).toBe(text.trim().length);
    inside(big);

    await page.focus('#ids');
    expect((await tip(page, '#ids')).text).toBe('First part. Second part.');
    expect(test.warnings.filter((w) => w.startsWith('[veneer] tooltip: aria-describedby names no element with the id "missing"'))).toHaveLength(1);

    await page.focus('#gone');
    expect((await tip(page, '#gone')).open).toBe(true);
    await page.evaluate(async () => {
      document.getElementById('box')!.remove();
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
    });
    expect(await page.evaluate(() => [...document.querySelectorAll('[role=tooltip]')].map((el) => el.textContent!.slice(0, 10)))).toEqual([
      '<img src=x',
      'xxxxxxxxxx',
      'First part',
    ]);
    expect(await page.evaluate(() => document.querySelectorAll(':popover-open').length)).toBe(0);
    test.assertClean();
  });

  it('bad inputs (rows 20, 31): a trigger moved to another parent takes its tooltip along; the old parent removed, no error', async () => {
    const html = fixture(
      `<div id="a"><p>Text <button class="js-tooltip" id="moved" data-tooltip="Help text">?</button></p></div><div id="b"></div>`,
    );
    const test = await session.open('/__fixture/tooltip-move', { html });
    const page = test.page;
    await page.evaluate(async () => {
      document.getElementById('b')!.append(document.getElementById('moved')!);
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      document.getElementById('a')!.remove();
    });
    await page.focus('#moved');
    const state = await tip(page, '#moved');
    expect([state.open, state.text]).toEqual([true, 'Help text']);
    expect(await page.$eval('#moved', (el) => [el.nextElementSibling?.id === el.getAttribute('aria-describedby'), document.querySelectorAll('[role=tooltip]').length])).toEqual([true, 1]);
    await page.keyboard.press('Escape');
    expect((await tip(page, '#moved')).open).toBe(false);
    test.assertClean();
  });

  it('Escape on a tooltip in an open mega-menu or language panel hides the tooltip alone; the next Escape closes the panel', async () => {
    const css =
      '<style>.js-megamenu,.js-language-panel{display:none}[aria-expanded=true]+.js-megamenu,[aria-expanded=true]+.js-language-panel{display:block}</style>';
    const html = fixture(
      `<header class="js-header"><button class="js-menu-toggle" aria-controls="nav">Menu</button>` +
        `<nav class="js-nav" id="nav"><ul><li class="js-nav-item"><button class="js-nav-trigger">Products</button><div class="js-megamenu"><a href="/a">A</a> ` +
        `<button type="button" class="js-tooltip" id="in-menu" aria-label="Help" data-tooltip="Sensors rated to IP69K">?</button></div></li></ul></nav>` +
        `<button class="js-language-toggle" aria-controls="lp">Language</button><div class="js-language-panel" id="lp"><ul><li><a href="/de/" lang="de" hreflang="de">Deutsch</a> ` +
        `<abbr class="js-tooltip" id="in-panel" data-tooltip="German">DE</abbr></li></ul></div></header><main><p>Page</p></main>`,
      css + SCRIPT,
    );
    const test = await session.open('/__fixture/tooltip-in-panel', { html });
    const page = test.page;
    const state = () =>
      page.evaluate(() => [
        document.activeElement!.id || document.activeElement!.textContent,
        [...document.querySelectorAll('[aria-expanded=true]')].map((el) => el.textContent),
        document.querySelectorAll('.veneer-tooltip:popover-open').length,
      ]);
    for (const [toggle, inside, name] of [['.js-nav-trigger', '#in-menu', 'Products'], ['.js-language-toggle', '#in-panel', 'Language']]) {
      await page.click(toggle);
      await page.focus(inside);
      expect(await state()).toEqual([inside.slice(1), [name], 1]);
      await page.keyboard.press('Escape');
      expect(await state()).toEqual([inside.slice(1), [name], 0]);
      await page.keyboard.press('Escape');
      expect(await state()).toEqual([name, [], 0]);
    }
    test.assertClean();
  });

  it('a trigger wrapping a link: no extra tab stop; focus on the link shows the tooltip, which describes the link', async () => {
    const html = fixture(
      `<p style="margin:200px"><button id="before">before</button> ` +
        `<span class="js-tooltip" id="wrap" data-tooltip="PDF, 2 MB"><a id="link" href="/x.pdf" aria-describedby="note">Datasheet</a></span> ` +
        `<button id="after">after</button></p><p id="note">Updated in May.</p>`,
    );
    const test = await session.open('/__fixture/tooltip-wrapper', { html });
    const page = test.page;
    await page.focus('#before');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement!.id)).toBe('link');
    expect(await page.$eval('#wrap', (el) => [el.hasAttribute('tabindex'), el.hasAttribute('aria-describedby')])).toEqual([false, false]);
    const described = await page.$eval('#link', (el) => el.getAttribute('aria-describedby')!.split(' '));
    expect(described[0]).toBe('note');
    const state = await tip(page, '#link');
    expect([state.open, state.role, state.text]).toEqual([true, 'tooltip', 'PDF, 2 MB']);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement!.id)).toBe('after');
    expect((await tip(page, '#link')).open).toBe(false);
    test.assertClean();
  });

  it('tears down on removal: the markup as it was sent, and enhanced again on re-insertion', async () => {
    const test = await session.open('/contact/');
    await test.page.focus(VAT);
    const result = await test.page.evaluate(async () => {
      const veneer = (window as unknown as { veneer: { ready(): Promise<void> } }).veneer;
      const abbr = document.querySelector('abbr.js-tooltip')!;
      const parent = abbr.parentElement!;
      const next = abbr.nextSibling!.nextSibling;
      abbr.remove();
      await veneer.ready();
      const removed = abbr.outerHTML;
      const tips = document.querySelectorAll('[role=tooltip]').length;
      parent.insertBefore(abbr, next);
      await veneer.ready();
      return { removed, tips, enhanced: abbr.getAttribute('data-enhanced'), again: !!document.getElementById(abbr.getAttribute("aria-describedby")!) };
    });
    expect(result.removed).toBe(
      '<abbr class="js-tooltip" tabindex="0" data-tooltip="Value added tax identification number, for invoices within the EU.">ID</abbr>',
    );
    expect(result.tips).toBe(2);
    expect(result.enhanced).toBe('tooltip');
    expect(result.again).toBe(true);
    test.assertClean();
  });

  it('works under the strict CSP with Trusted Types, with no violation', async () => {
    const { test } = await openBefore(session, '/contact/?csp=strict', {
      init: () => {
        const w = window as unknown as { __violations: string[] };
        w.__violations = [];
        addEventListener('securitypolicyviolation', (event) => w.__violations.push(event.effectiveDirective + ' ' + event.blockedURI));
      },
    });
    await test.page.$eval(PHONE, (el) => el.scrollIntoView({ block: 'center' }));
    await test.page.hover(PHONE);
    const state = await tip(test.page, PHONE);
    expect(state.open).toBe(true);
    inside(state);
    // The adopted sheet applies: fixed in the top layer, not the UA's centred popover.
    expect(await test.page.$eval('.veneer-tooltip', (el) => getComputedStyle(el).margin)).toBe('0px');
    expect(await test.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    test.assertClean();
  });
});
