// Accessibility of the markup variants (contract-variants*.test.ts: markup the captured pages do
// not exercise), closed and open: axe-core, plus what axe does not see, read from the DOM and
// Chromium's accessibility tree (the APG points): every control named (not empty, not an
// address), ids unique and every ARIA reference pointing at one, one live region per message,
// focus never lost to <body> after an action, and each widget driven by its keys.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers';
import { useSession, type OpenOptions } from './support';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const BELOW = '<div style="height:150vh">top</div>';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Roles a visitor acts on or lands in: each needs a name of its own.
const NAMED = new Set(['button', 'link', 'tab', 'tabpanel', 'textbox', 'combobox', 'checkbox', 'radio', 'dialog', 'alertdialog', 'region', 'tooltip', 'gridcell', 'searchbox', 'spinbutton', 'menuitem', 'slider', 'Iframe']);

/** The problems axe-core and the accessibility tree show on the page as it is now. */
async function audit(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const axe = await page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: unknown }[] }[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<Result> } }).axe;
    // Not the page-level rules: a fixture is a fragment of a page (no main, no h1, content outside landmarks).
    const rules = Object.fromEntries(['region', 'landmark-one-main', 'page-has-heading-one'].map((id) => [id, { enabled: false }]));
    const result = await axe.run(document, { iframes: false, resultTypes: ['violations'], rules });
    return result.violations.map((v) => `axe ${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`);
  });
  const dom = await page.evaluate(() => {
    const found: string[] = [];
    const describe = (el: Element) => el.localName + (el.id ? '#' + el.id : '') + (el.className && typeof el.className == 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '');
    const ids = new Map<string, number>();
    for (const el of document.querySelectorAll('[id]')) ids.set(el.id, (ids.get(el.id) ?? 0) + 1);
    for (const [id, count] of ids) if (count > 1) found.push(`duplicate id ${id} (${count})`);
    for (const attr of ['aria-controls', 'aria-labelledby', 'aria-describedby', 'aria-owns', 'aria-activedescendant', 'aria-errormessage'])
      for (const el of document.querySelectorAll(`[${attr}]`))
        for (const id of el.getAttribute(attr)!.split(/\s+/).filter(Boolean))
          if (!document.getElementById(id)) found.push(`${describe(el)} ${attr}="${id}" names no element`);
    // A live region inside another is announced twice.
    const live = '[aria-live]:not([aria-live=off]),[role=status],[role=alert],[role=log]';
    for (const el of document.querySelectorAll(live)) if (el.parentElement?.closest(live)) found.push(`live region ${describe(el)} inside another`);
    // One message, one region: the same text in two would be heard twice.
    const said = [...document.querySelectorAll(live)].map((el) => el.textContent!.trim()).filter(Boolean);
    for (const text of new Set(said)) if (said.filter((t) => t == text).length > 1) found.push(`two live regions say "${text}"`);
    return found;
  });
  const snapshot = await page.accessibility.snapshot({ interestingOnly: true });
  const tree: string[] = [];
  const walk = (node: { role: string; name?: string; children?: unknown[] } | null) => {
    if (!node) return;
    const name = (node.name ?? '').trim();
    if (NAMED.has(node.role) && !name && node.role != 'tabpanel' && node.role != 'region') tree.push(`${node.role} without a name`);
    // Chromium's own parts of a native control (a date input's fields) are not the page's.
    if (['Date', 'Time', 'DateTime', 'InputTime'].includes(node.role)) return;
    // A link's text is the author's; a name veneer gives (a dialog's, a button's) must not be an address.
    if (NAMED.has(node.role) && node.role != 'link' && /^(https?:|\/\/|\/|#)\S*$/.test(name)) tree.push(`${node.role} named by an address: ${name}`);
    const words = name.split(/\s+/);
    if (words.length >= 2 && words.length % 2 == 0 && words.slice(0, words.length / 2).join(' ') == words.slice(words.length / 2).join(' '))
      tree.push(`${node.role} named twice over: ${name}`);
    (node.children as (typeof node)[] | undefined)?.forEach(walk);
  };
  walk(snapshot as never);
  return [...axe, ...dom, ...tree];
}

/** The focused element, as tag#id.class, or 'BODY' when focus was lost. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el == document.body) return 'BODY';
    return el.localName + (el.id ? '#' + el.id : '') + (el.getAttribute('class') ? '.' + el.getAttribute('class')!.trim().split(/\s+/).join('.') : '');
  });

/** Accessible name and role of the focused element, from the tree. */
async function focusedNode(page: Page) {
  const handle = await page.evaluateHandle(() => document.activeElement);
  const node = await page.accessibility.snapshot({ root: handle as never, interestingOnly: false });
  return node ? { role: node.role, name: node.name ?? '' } : null;
}

/** The stops Tab reaches from the top of the page, up to `max`, as the tree names them. */
async function tabStops(page: Page, max = 40) {
  await page.evaluate(() => ((document.activeElement as HTMLElement | null)?.blur(), ((window as unknown as { seen: WeakSet<Element> }).seen = new WeakSet())));
  const stops: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const again = await page.evaluate(() => {
      const { seen } = window as unknown as { seen: WeakSet<Element> };
      return !document.activeElement || seen.has(document.activeElement) || !seen.add(document.activeElement);
    });
    const node = await focusedNode(page);
    const where = await focused(page);
    if (where == 'BODY' || again) break;
    stops.push(`${where} ${node?.role}:${node?.name}`);
  }
  return stops;
}

describe('accessibility of the markup variants (axe-core, the accessibility tree, the keyboard)', () => {
  const session = useSession();
  let n = 0;
  const open = (body: string, options: OpenOptions = {}, query = '') =>
    session.open(`/__fixture/a11y-variant-${++n}${query}`, { html: fixture(body), reducedMotion: true, ...options });

  it('carousels: slides in a track, two on one page; moved by keys, focus stays on the button', async () => {
    const a =
      '<div class="carousel js-carousel carousel--wide" data-total=" 3.0 "><span class="js-carousel-index">1</span><div class="track"><div class="inner">' +
      '<article class="js-carousel-slide card">1 <a href="/one">one</a></article><article class="card js-carousel-slide">2 <a href="/two">two</a></article><article class="js-carousel-slide">3</article></div></div>' +
      '<nav><button type="button" class="btn js-carousel-next">Next</button><button type="button" class="js-carousel-prev btn">Prev</button></nav></div>';
    const b =
      '<div class="js-carousel" data-total="02"><div class="js-carousel-slide">A</div><div class="js-carousel-slide">B</div>' +
      '<button class="js-carousel-prev"></button><button class="js-carousel-next"></button><p>Slide <span class="js-carousel-index"></span> of 2</p></div>';
    const c =
      '<div class="js-carousel" aria-label="Partners"><ul class="track"><li class="js-carousel-slide">X</li><li class="js-carousel-slide">Y</li></ul>' +
      '<button class="js-carousel-prev">Back</button><button class="js-carousel-next">On</button></div>';
    const test = await open(BELOW + a + b + c);
    expect(await audit(test.page)).toEqual([]);
    // Only the current slide's link is a stop; the nameless buttons got names.
    expect(await tabStops(test.page)).toEqual([
      'a link:one',
      'button.btn.js-carousel-next button:Next',
      'button.js-carousel-prev.btn button:Prev',
      'button.js-carousel-prev button:Previous slide',
      'button.js-carousel-next button:Next slide',
      'button.js-carousel-prev button:Back',
      'button.js-carousel-next button:On',
    ]);
    // Two carousels without a name of their own are two landmarks told apart.
    expect(await test.page.$$eval('.js-carousel', (all) => all.map((c) => c.getAttribute('aria-label')))).toEqual(['Carousel', 'Carousel (2)', 'Partners']);
    await test.page.focus('.js-carousel-next');
    await test.page.keyboard.press('Enter');
    expect(await focused(test.page)).toBe('button.btn.js-carousel-next');
    await test.page.keyboard.press('Space');
    expect(await focused(test.page)).toBe('button.btn.js-carousel-next');
    expect(await test.page.$eval('.js-carousel-index', (i) => i.textContent)).toBe('3');
    await test.page.$$eval('.js-carousel-prev', (all) => (all[1] as HTMLElement).focus());
    await test.page.keyboard.press('Enter');
    expect(await audit(test.page)).toEqual([]);
    test.assertClean();
  });

  it('tabs: ul > li > span links, two blocks, and tabs nested in a tab panel; arrows, Enter', async () => {
    const block = (p: string) =>
      `<div class="tabs js-tabs"><ul class="tab-list"><li><span><a class="js-tab tab" href="#${p}1">One</a></span></li><li><span><a class="tab js-tab" href="#${p}2">Two</a></span></li></ul>` +
      `<div class="panels"><div class="tab-panel js-tab-panel" id="${p}1">P1</div><div class="js-tab-panel" id="${p}2">P2</div></div></div>`;
    const nested =
      '<div class="js-tabs"><div class="list"><a class="js-tab" href="#o1">O1</a><a class="js-tab" href="#o2">O2</a></div><div class="js-tab-panel" id="o1">outer one</div><div class="js-tab-panel" id="o2">' +
      '<div class="js-tabs"><div class="list"><a class="js-tab" href="#i1">I1</a><a class="js-tab" href="#i2">I2</a></div><div class="js-tab-panel" id="i1">inner one</div><div class="js-tab-panel" id="i2">inner two</div></div>' +
      '</div></div>';
    const test = await open(BELOW + block('a') + block('b') + nested, {}, '?tab=i2');
    expect(await audit(test.page)).toEqual([]);
    const tree = await test.page.$$eval('[role=tab]', (all) => all.map((t) => [t.textContent, t.getAttribute('aria-selected'), t.getAttribute('tabindex')].join(' ')));
    expect(tree).toEqual(['One true 0', 'Two false -1', 'One true 0', 'Two false -1', 'O1 false -1', 'O2 true 0', 'I1 false -1', 'I2 true 0']);
    await test.page.focus('a[href="#a1"]');
    await test.page.keyboard.press('ArrowRight');
    expect(await test.page.evaluate(() => document.activeElement!.getAttribute('href'))).toBe('#a2');
    await test.page.keyboard.press('ArrowRight');
    expect(await test.page.evaluate(() => document.activeElement!.getAttribute('href'))).toBe('#a1');
    await test.page.keyboard.press('End');
    await test.page.keyboard.press('Enter');
    expect(await test.page.$eval('a[href="#a2"]', (t) => t.getAttribute('aria-selected'))).toBe('true');
    expect(await test.page.evaluate(() => document.activeElement!.getAttribute('href'))).toBe('#a2');
    // Tab from the selected tab goes to its panel.
    await test.page.keyboard.press('Tab');
    expect(await test.page.evaluate(() => document.activeElement!.id)).toBe('a2');
    // The outer tab chosen: the inner block's panel hides with it, the tree stays sound.
    await test.page.focus('a[href="#o1"]');
    await test.page.keyboard.press('Space');
    expect(await test.page.$eval('#o2', (p) => p.hasAttribute('hidden'))).toBe(true);
    expect(await audit(test.page)).toEqual([]);
    test.assertClean();
  });

  it('expand: triggers inside headings, content before the trigger, two sets; Enter and Space', async () => {
    const item = (set: string, q: string) =>
      `<div class="faq js-expand" data-expand-set="${set}"><div class="js-expand-content">A${q} <a href="/a${q}">more</a></div><h3 class="title"><button type="button" class="js-expand-trigger">Q${q}</button></h3></div>`;
    const test = await open(BELOW + '<section>' + item('faq', '1') + item('faq', '2') + '</section><section>' + item(' faq ', '3') + '</section>');
    expect(await audit(test.page)).toEqual([]);
    const state = () => test.page.$$eval('.js-expand-trigger', (all) => all.map((t) => t.getAttribute('aria-expanded')));
    expect(await state()).toEqual(['false', 'false', 'false']);
    // Closed answers hold no tab stop.
    expect((await tabStops(test.page)).map((s) => s.split(' ').slice(1).join(' '))).toEqual(['button:Q1', 'button:Q2', 'button:Q3']);
    await test.page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    await test.page.focus('.js-expand-trigger');
    await test.page.keyboard.press('Enter');
    expect(await state()).toEqual(['true', 'false', 'false']);
    // The open answer is before its question: Tab goes on to the next question.
    await test.page.keyboard.press('Tab');
    await test.page.keyboard.press('Space');
    expect(await state()).toEqual(['false', 'true', 'false']);
    expect(await focused(test.page)).toBe('button.js-expand-trigger');
    expect(await audit(test.page)).toEqual([]);
    test.assertClean();
  });

  it('modals without .js-modal-body and without .js-modal-close: named, focus in, Tab cycles, Escape returns focus', async () => {
    const test = await open(
      '<button data-modal-open="m1">One</button> <a href="#m2" data-modal-open="m2">Two</a>' +
        BELOW +
        '<div class="js-modal" id="m1"><h2>First</h2><p>No body wrapper</p><button class="js-modal-close">Close</button></div>' +
        '<div class="js-modal" id="m2"><div class="js-modal-body"><h2>Second</h2><a href="/x">link</a></div></div>',
    );
    expect(await audit(test.page)).toEqual([]);
    for (const [opener, id] of [['button[data-modal-open]', 'm1'], ['a[data-modal-open]', 'm2']]) {
      await test.page.focus(opener);
      await test.page.keyboard.press('Enter');
      await test.page.waitForFunction((id) => document.getElementById(id)!.classList.contains('is-open'), { timeout: 3000 }, id);
      await sleep(100);
      expect(await test.page.evaluate((id) => document.getElementById(id)!.contains(document.activeElement), id)).toBe(true);
      expect(await audit(test.page)).toEqual([]);
      const dialog = await test.page.evaluate((id) => {
        const d = document.getElementById(id)!.closest('dialog, [role=dialog]')!;
        return [d.getAttribute('aria-modal') ?? (d.matches('dialog:modal') ? 'modal' : null), d.getAttribute('aria-labelledby') && document.getElementById(d.getAttribute('aria-labelledby')!)?.textContent];
      }, id);
      expect(dialog).toEqual(['true', id == 'm1' ? 'First' : 'Second']);
      // Tab and Shift+Tab stay inside.
      for (const shift of [false, false, false, true, true]) {
        await (shift ? test.page.keyboard.down('Shift') : null);
        await test.page.keyboard.press('Tab');
        await (shift ? test.page.keyboard.up('Shift') : null);
        expect(await test.page.evaluate((id) => document.getElementById(id)!.contains(document.activeElement) || document.activeElement!.closest('dialog')?.contains(document.getElementById(id)), id)).toBe(true);
      }
      await test.page.keyboard.press('Escape');
      await test.page.waitForFunction((id) => !document.getElementById(id)!.classList.contains('is-open'), { timeout: 3000 }, id);
      expect(await test.page.evaluate((sel) => document.activeElement == document.querySelector(sel), opener)).toBe(true);
    }
    test.assertClean();
  });

  it('tooltips on a link, a button, a span, an input and an i: described, shown on focus, Escape keeps focus', async () => {
    const test = await open(
      '<p style="margin:200px 0;text-align:right">' +
        '<a class="js-tooltip" href="/x" data-tooltip=" Link help ">link</a> <button type="button" class="js-tooltip btn" data-tooltip="Button help">b</button> ' +
        '<span class="js-tooltip" data-tooltip="Span help">s</span> <input class="js-tooltip" data-tooltip="Input help" aria-label="x"> <i class="js-tooltip" data-tooltip="A rather long text for the last one at the right edge">i</i></p>',
    );
    expect(await audit(test.page)).toEqual([]);
    const count = await test.page.$$eval('.js-tooltip', (all) => all.length);
    for (let i = 0; i < count; i++) {
      await test.page.$$eval('.js-tooltip', (all, i) => (all[i] as HTMLElement).focus(), i);
      await test.page.waitForFunction(() => document.querySelector('.veneer-tooltip:not([hidden])'), { timeout: 2000 });
      const node = await focusedNode(test.page);
      expect(node?.name).toBeTruthy();
      expect(await audit(test.page)).toEqual([]);
      const description = await test.page.evaluate(() =>
        document.activeElement!.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)!.textContent).join(' '),
      );
      expect(description).toBe(await test.page.$$eval('.js-tooltip', (all, i) => all[i].getAttribute('data-tooltip')!.trim(), i));
      await test.page.keyboard.press('Escape');
      expect(await test.page.$$('.veneer-tooltip:not([hidden])')).toHaveLength(0);
      expect(await test.page.$$eval('.js-tooltip', (all, i) => document.activeElement == all[i], i)).toBe(true);
    }
    test.assertClean();
  });

  it('a form with dependent fields and a date picker in a modal: modal open, picker open, failed submit', async () => {
    const test = await open(
      '<button data-modal-open="fm">Open</button>' +
        BELOW +
        '<div class="js-modal" id="fm"><div class="js-modal-body"><h2>Form</h2><form class="js-validate" action="/x">' +
        '<label>Kind <select class="js-delegate" data-delegate-set="k" name="k"><option value="">-</option><option value="a">A</option><option value="b">B</option></select></label>' +
        '<div class="js-delegate-group" data-delegate-set="k" data-delegate-value="a"><label>GA <input name="ga" required></label></div>' +
        '<div class="js-delegate-group" data-delegate-set="k" data-delegate-value="b"><label>Date <input class="js-datepicker" name="gb" required></label></div>' +
        '<input type="hidden" name="detail" data-delegate-holder="k"><button>Send</button></form><button class="js-modal-close">x</button></div></div>',
    );
    expect(await audit(test.page)).toEqual([]);
    await test.page.click('[data-modal-open]');
    await test.page.waitForFunction(() => document.getElementById('fm')!.classList.contains('is-open'), { timeout: 3000 });
    expect(await audit(test.page)).toEqual([]);
    await test.page.select('.js-delegate', 'b');
    expect(await audit(test.page)).toEqual([]);
    await test.page.focus('.veneer-datepicker-button');
    await test.page.keyboard.press('Enter');
    await test.page.waitForSelector('dialog.veneer-datepicker[open]', { timeout: 5000 });
    await sleep(100);
    expect(await focusedNode(test.page)).toMatchObject({ role: 'gridcell' });
    expect(await audit(test.page)).toEqual([]);
    await test.page.keyboard.press('Escape');
    await test.page.waitForFunction(() => !document.querySelector('dialog.veneer-datepicker[open]'), { timeout: 3000 });
    expect(await focused(test.page)).toMatch(/veneer-datepicker-button/);
    expect(await test.page.$eval('#fm', (m) => m.classList.contains('is-open'))).toBe(true);
    await test.page.click('#fm form button:not([type=button])');
    await sleep(100);
    expect(await focused(test.page)).not.toBe('BODY');
    expect(await test.page.$eval('input[name=gb]', (i) => [i.getAttribute('aria-invalid'), !!i.getAttribute('aria-describedby')])).toEqual(['true', true]);
    expect(await audit(test.page)).toEqual([]);
    test.assertClean();
  });

  it('lightbox: inline content holding hooks, an image, a same-origin iframe, ajax content', async () => {
    const fragment =
      '<div><div class="js-tabs"><div><a class="js-tab" href="#lt1">1</a><a class="js-tab" href="#lt2">2</a></div><div class="js-tab-panel" id="lt1">one</div><div class="js-tab-panel" id="lt2">two</div></div>' +
      '<form class="js-validate" action="/x"><label>E <input name="e" required></label><button>Send</button></form></div>';
    const test = await open(
      '<a class="js-lightbox" data-lightbox-type="inline" href="#box">Open box</a> ' +
        '<a class="js-lightbox" href="/media/images/news-1.svg?w=1200&amp;v=2"><img src="/media/images/news-1.svg" alt="A product photo" width="80"></a> ' +
        '<a class="js-lightbox" href="/media/images/news-1.svg" aria-label="The team, enlarged"><img src="/media/images/news-1.svg" alt="" width="40"></a> ' +
        '<a class="js-lightbox" data-lightbox-type="iframe" href="/embed/form?x=1">Form</a> ' +
        '<a class="js-lightbox" data-lightbox-type="ajax" href="/fragment-hooks">Ajax</a>' +
        '<div id="box" hidden><div class="js-carousel"><div class="js-carousel-slide">s1</div><div class="js-carousel-slide">s2</div><button class="js-carousel-prev">P</button><button class="js-carousel-next">N</button><span class="js-carousel-index"></span></div>' +
        '<div class="js-expand"><button class="js-expand-trigger">Q</button><div class="js-expand-content">Answer</div></div></div>',
      {
        respond: (url) =>
          new URL(url).pathname == '/embed/form'
            ? { body: '<!doctype html><html lang="en"><title>f</title><p>form</p>' }
            : url.endsWith('/fragment-hooks')
              ? { body: fragment }
              : undefined,
      },
    );
    expect(await audit(test.page)).toEqual([]);
    const links = await test.page.$$eval('.js-lightbox', (all) => all.length);
    const names: string[] = [];
    for (let i = 0; i < links; i++) {
      await test.page.$$eval('.js-lightbox', (all, i) => (all[i] as HTMLElement).focus(), i);
      await test.page.keyboard.press('Enter');
      await test.page.waitForSelector('dialog.veneer-lightbox[open]', { timeout: 5000 });
      await test.page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox [aria-busy=true]') && !document.querySelector('dialog.veneer-lightbox')!.textContent!.includes('Loading'), { timeout: 5000 });
      await sleep(200);
      expect(await focused(test.page)).not.toBe('BODY');
      expect(await test.page.evaluate(() => document.querySelector('dialog.veneer-lightbox')!.contains(document.activeElement))).toBe(true);
      names.push(await test.page.$eval('dialog.veneer-lightbox', (d) => d.getAttribute('aria-label') ?? (d.getAttribute('aria-labelledby') && document.getElementById(d.getAttribute('aria-labelledby')!)?.textContent) ?? ''));
      expect([i, await audit(test.page)]).toEqual([i, []]);
      if (i == 4) {
        // The ajax content's form, after a failed submit, inside the popup.
        await test.page.click('dialog form button');
        expect(await audit(test.page)).toEqual([]);
      }
      await test.page.keyboard.press('Escape');
      await test.page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox[open]'), { timeout: 3000 });
      expect(await test.page.evaluate((i) => document.activeElement == document.querySelectorAll('.js-lightbox')[i], i)).toBe(true);
    }
    // The link's own name, never its address.
    expect(names).toEqual(['Open box', 'A product photo', 'The team, enlarged', 'Form', 'Ajax']);
    expect(await audit(test.page)).toEqual([]);
    test.assertClean();
  });

  it('lightbox galleries: ul > li > figure links of mixed types, and a gallery of one', async () => {
    const test = await open(
      '<p id="note" hidden>Inline note <a href="/n">in note</a></p><div class="js-lightbox-gallery"><ul><li><figure><a href="/media/images/news-1.svg" title="One"><img src="/media/images/news-1.svg" alt="1" width="40"></a><figcaption>One</figcaption></figure></li>' +
        '<li><figure><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" data-lightbox-type="iframe" title="Two">v</a></figure></li>' +
        '<li><figure><a href="#note" data-lightbox-type="inline" title="Three">n</a></figure></li></ul></div>' +
        '<div class="js-lightbox-gallery"><ul><li><figure><a href="/media/images/news-2.svg"><img src="/media/images/news-2.svg" alt="only" width="40"></a></figure></li></ul></div>',
      { respond: (url) => (/youtube/.test(url) ? { body: '<p>player</p>' } : undefined) },
    );
    expect(await audit(test.page)).toEqual([]);
    await test.page.focus('.js-lightbox-gallery a');
    await test.page.keyboard.press('Enter');
    await test.page.waitForSelector('dialog.veneer-lightbox[open] img', { timeout: 5000 });
    await sleep(200);
    expect(await audit(test.page)).toEqual([]);
    const stops = await test.page.evaluate(() => [...document.querySelectorAll('dialog.veneer-lightbox button')].map((b) => b.getAttribute('aria-label') ?? b.textContent));
    expect(stops).toEqual(expect.arrayContaining(['Close (Esc)', 'Previous (Left arrow key)', 'Next (Right arrow key)']));
    const live = () => test.page.$$eval('dialog.veneer-lightbox [aria-live]', (all) => all.map((p) => p.textContent));
    expect(await live()).toEqual(['1 of 3']);
    await test.page.focus('.veneer-lightbox__next');
    await test.page.keyboard.press('Enter');
    await test.page.waitForSelector('dialog.veneer-lightbox iframe', { timeout: 5000 });
    await sleep(200);
    expect(await focused(test.page)).not.toBe('BODY');
    expect(await live()).toEqual(['2 of 3']);
    expect(await audit(test.page)).toEqual([]);
    await test.page.keyboard.press('Enter');
    await test.page.waitForFunction(() => document.querySelector('dialog.veneer-lightbox')?.textContent?.includes('Inline note'), { timeout: 5000 });
    await sleep(200);
    expect(await focused(test.page)).not.toBe('BODY');
    expect(await audit(test.page)).toEqual([]);
    // Arrow keys, the other way.
    await test.page.keyboard.press('ArrowLeft');
    await test.page.waitForSelector('dialog.veneer-lightbox iframe', { timeout: 5000 });
    expect(await live()).toEqual(['2 of 3']);
    await test.page.keyboard.press('Escape');
    await test.page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox[open]'), { timeout: 3000 });
    expect(await focused(test.page)).not.toBe('BODY');
    await test.page.$$eval('.js-lightbox-gallery a', (all) => (all[3] as HTMLElement).focus());
    await test.page.keyboard.press('Enter');
    await test.page.waitForSelector('dialog.veneer-lightbox[open] img', { timeout: 5000 });
    await sleep(200);
    expect(await audit(test.page)).toEqual([]);
    expect(await test.page.$$('.veneer-lightbox__next')).toHaveLength(0);
    test.assertClean();
  });

  it('ajax list: a server answering a whole page; the swapped results and the status', async () => {
    const whole =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>News</title></head><body><header><nav><a href="/">Home</a></nav></header>' +
      '<main><div class="js-ajax-list" data-base-url="/list"><form class="js-ajax-filter"><select name="c"><option>a</option></select></form>' +
      '<section><div class="js-ajax-results" data-total="12"><h2>Results</h2><ul><li>whole page <span class="js-tooltip" data-tooltip="T">?</span></li><li>two</li></ul>' +
      '<div class="js-expand"><button class="js-expand-trigger">Q</button><div class="js-expand-content">A</div></div><a class="js-ajax-page" href="?page=3">3</a></div></section></div></main></body></html>';
    const test = await open(
      '<main><h1>News</h1><div class="js-ajax-list" data-base-url="/full/list/"><form class="js-ajax-filter" method="GET" action="/news/"><label>Kind <select name="c"><option value="1">1</option><option value="2">2</option></select></label><button type="submit" name="go" value="1">Show</button></form>' +
        '<div class="js-ajax-results"><ul><li>old</li></ul><a class="js-ajax-page" href="?page=2">2</a></div></div></main>',
      { respond: (url) => (new URL(url).pathname == '/full/list/' ? { body: whole } : undefined) },
    );
    expect(await audit(test.page)).toEqual([]);
    await test.page.focus('.js-ajax-page');
    await test.page.keyboard.press('Enter');
    await test.page.waitForFunction(() => document.querySelector('.js-ajax-results .js-expand[data-enhanced]'), { timeout: 5000 });
    await sleep(300);
    expect(await focused(test.page)).not.toBe('BODY');
    expect(await test.page.$$eval('.js-ajax-list, .js-ajax-results, main, h1', (all) => all.length)).toBe(4);
    expect(await audit(test.page)).toEqual([]);
    await test.page.select('select', '2');
    await sleep(500);
    expect(await audit(test.page)).toEqual([]);
    test.assertClean();
  });

  it('forms: required select, textarea, radio group, option lists in nested divs, after a failed submit', async () => {
    const test = await open(
      '<form class="js-validate" action="/x" novalidate>' +
        '<div class="field"><label for="s">Topic</label><select id="s" name="s" required data-required-message="Pick a topic"><option value="">Choose</option><option value="a">A</option></select></div>' +
        '<div class="field"><label for="t">Text</label><textarea id="t" name="t" required>  </textarea></div>' +
        '<fieldset class="field"><legend>Size</legend><label><input type="radio" name="r" value="1" required data-required-message="Pick a size">1</label><label><input type="radio" name="r" value="2" required>2</label></fieldset>' +
        '<fieldset class="js-required-group" data-required-message="One colour"><legend>Colour</legend><div class="row"><div><input type="radio" id="r1" name="c" value="s"><label for="r1">Red</label></div><div><input type="radio" id="r2" name="c" value="m"><label for="r2">Blue</label></div></div></fieldset>' +
        '<fieldset class="js-required-group" data-required-message="One topic"><legend>Topics</legend><div><div><label><input type="checkbox" name="o" value="1">1</label></div></div></fieldset>' +
        '<button>Send</button></form>',
    );
    expect(await audit(test.page)).toEqual([]);
    await test.page.focus('form button');
    await test.page.keyboard.press('Enter');
    await sleep(200);
    expect(await focused(test.page)).toBe('select#s');
    // Each field, or the option list (fieldset.js-required-group) holding it, is invalid and described.
    const fields = await test.page.$$eval('select, textarea, input', (all) =>
      all.map((control) => {
        const f = control.closest('fieldset.js-required-group') ?? control;
        const ids = (f.getAttribute('aria-describedby') || '').split(' ').filter(Boolean);
        return [control.getAttribute('name'), f.getAttribute('aria-invalid'), ids.map((id) => document.getElementById(id)?.textContent).join(' ')];
      }),
    );
    // A required radio group: every radio, not only the last (Tab into the group lands on the first).
    for (const [name, invalid, description] of fields) expect([name, invalid, !!description]).toEqual([name, 'true', true]);
    expect(await audit(test.page)).toEqual([]);
    // Fixing one clears its state.
    await test.page.select('select', 'a');
    expect(await test.page.$eval('select', (s) => s.getAttribute('aria-invalid'))).not.toBe('true');
    expect(await audit(test.page)).toEqual([]);
    test.assertClean();
  });

  it('date pickers: a value set, type="date", in a label; the dialog grid by keys', async () => {
    const test = await open(
      '<label>From <input class="js-datepicker" name="a" value="2026-03-12"></label> ' +
        '<label>To <input class="js-datepicker" type="date" name="b" value="2026-03-14"></label> ' +
        '<input class="js-datepicker" type="text" name="c" value="13/03/2026" aria-label="c">',
    );
    expect(await audit(test.page)).toEqual([]);
    // The picker's button is no part of the field's name.
    const names = await test.page.$$eval('.js-datepicker', (all) => all.map((input) => input.getAttribute('name')));
    for (const [i, name] of names.entries()) {
      await test.page.focus(`.js-datepicker[name=${name}]`);
      expect([i, (await focusedNode(test.page))?.name]).toEqual([i, ['From', 'To', 'c'][i]]);
    }
    // Still drawn over the field's end.
    const over = await test.page.$$eval('.js-datepicker', (all) =>
      all.map((input) => {
        const field = input.getBoundingClientRect();
        const button = input.closest('label')?.nextElementSibling ?? input.nextElementSibling;
        const box = button!.getBoundingClientRect();
        return button!.matches('.veneer-datepicker-button') && Math.abs(box.right - field.right) < 1 && Math.abs(box.top - field.top) < 1;
      }),
    );
    expect(over).toEqual([true, true, true]);
    const buttons = await test.page.$$eval('.veneer-datepicker-button', (all) => all.length);
    for (let i = 0; i < buttons; i++) {
      await test.page.$$eval('.veneer-datepicker-button', (all, i) => (all[i] as HTMLElement).focus(), i);
      const button = await focusedNode(test.page);
      expect(button?.name).toBeTruthy();
      await test.page.keyboard.press('Enter');
      await test.page.waitForSelector('dialog.veneer-datepicker[open] [aria-selected=true]', { timeout: 5000 });
      await sleep(100);
      const cell = await focusedNode(test.page);
      expect(cell?.role).toBe('gridcell');
      expect(await audit(test.page)).toEqual([]);
      await test.page.keyboard.press('ArrowRight');
      await test.page.keyboard.press('PageDown');
      expect((await focusedNode(test.page))?.role).toBe('gridcell');
      await test.page.keyboard.press('Escape');
      await test.page.waitForFunction(() => !document.querySelector('dialog.veneer-datepicker[open]'), { timeout: 3000 });
      expect(await focused(test.page)).toMatch(/veneer-datepicker-button/);
    }
    test.assertClean();
  });

  it('expand: a link, a div and a heading as the trigger', async () => {
    const test = await open(
      BELOW +
        '<div class="js-expand"><h3><a href="#" class="js-expand-trigger">Link question</a></h3><div class="js-expand-content">A1</div></div>' +
        '<div class="js-expand"><h3><div class="js-expand-trigger">Div question</div></h3><div class="js-expand-content">A2</div></div>' +
        '<div class="js-expand"><h3 class="js-expand-trigger">Heading question</h3><div class="js-expand-content">A3</div></div>',
    );
    await test.page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    expect(await audit(test.page)).toEqual([]);
    // Each a button inside its heading, reached by Tab, toggled by Enter and Space.
    const tree = await test.page.accessibility.snapshot({ interestingOnly: false });
    type Node = { role: string; name?: string; children?: Node[] };
    const all = (node: Node): Node[] => [node, ...(node.children ?? []).flatMap(all)];
    const headings = all(tree as Node).filter((node) => node.role == 'heading');
    const inside = (node: Node): string[] => (node.children ?? []).flatMap((c) => (['generic', 'none', 'StaticText', 'InlineTextBox'].includes(c.role) ? inside(c) : [c.role]));
    expect(headings.map((h) => [h.name, inside(h)])).toEqual([
      ['Link question', ['button']],
      ['Div question', ['button']],
      ['Heading question', ['button']],
    ]);
    for (let i = 0; i < 3; i++) {
      await test.page.$$eval('.js-expand-trigger', (all, i) => (all[i].querySelector('[tabindex],button') as HTMLElement ?? all[i] as HTMLElement).focus(), i);
      await test.page.keyboard.press(i == 1 ? 'Space' : 'Enter');
      expect(await test.page.$$eval('.js-expand', (all, i) => all[i].classList.contains('is-open'), i)).toBe(true);
    }
    expect(await audit(test.page)).toEqual([]);
    // Removed, the heading is as the markup had it.
    const restored = await test.page.evaluate(async () => {
      const item = document.querySelectorAll('.js-expand')[2];
      item.remove();
      await new Promise((r) => setTimeout(r, 300));
      return item.querySelector('h3')!.outerHTML;
    });
    expect(restored).toBe('<h3 class="js-expand-trigger">Heading question</h3>');
    test.assertClean();
  });

  it('page furniture several times over: maps, video links, wide tables without captions', async () => {
    const wide = `<div class="rich-text"><table>${'<tr>' + '<td>cell&nbsp;with&nbsp;long&nbsp;text</td>'.repeat(14) + '</tr>'}</table></div>`;
    const test = await open(
      '<div class="js-map" style="height:200px" data-lat="52.37" data-lng="4.89"><a href="https://www.openstreetmap.org/">Open the map</a></div>' +
        '<div class="js-map" style="height:200px" data-lat="-33.8688" data-lng="-151.2093" data-zoom="12"><p>1 Main Street</p></div>' +
        '<a class="js-video" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" data-video-id="dQw4w9WgXcQ"><img src="/media/images/news-1.svg" alt="" width="40"></a> ' +
        '<a class="js-video" href="https://www.youtube.com/watch?v=aaaaaaaaaaa" data-video-id="aaaaaaaaaaa"><img src="/media/images/news-2.svg" alt="" width="40"></a>' +
        `<div style="width:600px">${wide}${wide}</div>` +
        [101, 102].map((id) => `<div class="js-resource" data-title="Doc ${id}" data-download-error="Failed"><label><input type="checkbox" class="js-resource-file" value="${id}" checked> File ${id}</label><button type="button" class="js-resource-download">Download ${id}</button></div>`).join(''),
      { respond: (url) => (/openstreetmap|youtube/.test(url) ? { body: '<p>x</p>' } : undefined) },
    );
    await test.page.waitForFunction(() => document.querySelectorAll('iframe.veneer-map').length == 2, { timeout: 5000 });
    expect(await audit(test.page)).toEqual([]);
    // Frames told apart by their titles; the scrolling tables by their names.
    expect((await test.page.$$eval('iframe', (all) => all.map((f) => f.title))).sort()).toEqual(['Map', 'Map (2)']);
    expect(await test.page.$$eval('[role=region]', (all) => all.map((r) => r.getAttribute('aria-label')))).toEqual(['Table', 'Table (2)']);
    // Both downloads at once (the server answers neither): busy, then their errors, each said once.
    await test.page.$$eval('.js-resource-download', (all) => all.forEach((b) => (b as HTMLElement).click()));
    await sleep(100);
    expect(await audit(test.page)).toEqual([]);
    test.assertClean();
  });

  it('small screen: the menu toggle opens the nav nested in wrappers; Escape closes it and returns focus', async () => {
    const test = await open(
      '<header class="js-header"><button class="js-menu-toggle" aria-controls="main">Menu</button><nav class="js-nav main-nav" id="main" aria-label="Main"><div class="wrap"><ul>' +
        '<li class="menu-item js-nav-item"><div class="row"><button class="js-nav-trigger">A</button></div><div class="js-megamenu"><a href="/a">a</a></div></li>' +
        '<li class="js-nav-item"><div class="row"><button class="js-nav-trigger">B</button></div><div class="js-megamenu"><a href="/b">b</a></div></li></ul></div></nav></header>' +
        '<main><h1>Page</h1><a href="/behind">behind</a></main>',
      { viewport: { width: 800, height: 700 } },
    );
    expect(await audit(test.page)).toEqual([]);
    await test.page.focus('.js-menu-toggle');
    await test.page.keyboard.press('Enter');
    expect(await test.page.$eval('.js-menu-toggle', (b) => b.getAttribute('aria-expanded'))).toBe('true');
    expect(await audit(test.page)).toEqual([]);
    await test.page.keyboard.press('Tab');
    expect(await focused(test.page)).not.toBe('BODY');
    await test.page.keyboard.press('Enter');
    expect(await test.page.$$eval('.js-nav-trigger', (all) => all.map((t) => t.getAttribute('aria-expanded')))).toEqual(['true', 'false']);
    expect(await audit(test.page)).toEqual([]);
    // The page behind takes no focus while the menu is open.
    expect(await test.page.$eval('main', (m) => (m as HTMLElement).inert || !!m.closest('[inert]'))).toBe(true);
    await test.page.keyboard.press('Escape');
    await test.page.keyboard.press('Escape');
    expect(await test.page.$eval('.js-menu-toggle', (b) => b.getAttribute('aria-expanded'))).toBe('false');
    expect(await focused(test.page)).toBe('button.js-menu-toggle');
    expect(await audit(test.page)).toEqual([]);
    test.assertClean();
  });

  it('tabs among their panels (no list), a popup modal open, a tooltip shown by hover', async () => {
    const test = await open(
      BELOW +
        '<div class="js-tabs"><a class="js-tab" href="#f1">F1</a><div class="js-tab-panel" id="f1">one</div><a class="js-tab" href="#f2">F2</a><div class="js-tab-panel" id="f2">two</div></div>' +
        '<p><span class="js-tooltip" data-tooltip="Help">?</span></p>' +
        '<div class="js-popup-modal popup" id="news" data-success-message="Thanks"><div class="js-modal-body"><h2>News</h2><div class="wrap"><form action="/forms/popup" method="post"><label>E <input name="e" value="a@b.c"></label><button>Send</button></form></div><button class="js-modal-close">x</button></div></div>',
    );
    expect(await audit(test.page)).toEqual([]);
    await test.page.focus('a[href="#f2"]');
    await test.page.keyboard.press('Enter');
    expect(await test.page.$$eval('.js-tab', (all) => all.map((t) => t.getAttribute('aria-current')))).toEqual([null, 'true']);
    await test.page.hover('.js-tooltip');
    await test.page.waitForFunction(() => document.querySelector('.veneer-tooltip:not([hidden])'), { timeout: 2000 });
    expect(await audit(test.page)).toEqual([]);
    await test.page.waitForFunction(() => document.getElementById('news')!.classList.contains('is-open'), { timeout: 7000, polling: 100 });
    await sleep(200);
    expect(await test.page.evaluate(() => document.getElementById('news')!.contains(document.activeElement))).toBe(true);
    expect(await audit(test.page)).toEqual([]);
    await test.page.click('#news form button');
    await test.page.waitForFunction(() => document.querySelector('#news .popup-result')?.textContent === 'Thanks', { timeout: 5000 });
    expect(await focused(test.page)).not.toBe('BODY');
    expect(await audit(test.page)).toEqual([]);
    test.assertClean();
  });

  it('header panels in the flow: search, language and mega-menu open, by keys', async () => {
    const test = await open(
      '<header class="js-header"><div class="tool"><button class="js-search-toggle" aria-controls="sp">Search</button><div class="js-search-panel" id="sp"><form action="/search"><label>Q <input type="search" name="q"></label><button>Go</button></form></div></div>' +
        '<div class="tool"><button class="js-language-toggle" aria-controls="lp">Language</button><div class="js-language-panel" id="lp"><ul><li><a href="/de/" hreflang="de" lang="de">Deutsch</a></li></ul></div></div>' +
        '<nav class="js-nav" id="nav" aria-label="Main"><ul><li class="js-nav-item"><button class="js-nav-trigger">A</button><div class="js-megamenu"><a href="/a">a</a></div></li></ul></nav></header>' +
        '<main><h1>Page</h1><div style="height:300vh"></div></main>',
    );
    expect(await audit(test.page)).toEqual([]);
    const state = () => test.page.$$eval('[aria-expanded]', (all) => all.map((b) => b.getAttribute('aria-expanded')));
    await test.page.focus('.js-search-toggle');
    await test.page.keyboard.press('Enter');
    await test.page.waitForFunction(() => document.activeElement?.getAttribute('name') == 'q', { timeout: 2000 });
    expect(await audit(test.page)).toEqual([]);
    await test.page.keyboard.press('Escape');
    expect(await state()).toEqual(['false', 'false', 'false']);
    expect(await focused(test.page)).toBe('button.js-search-toggle');
    await test.page.focus('.js-language-toggle');
    await test.page.keyboard.press('Space');
    expect(await state()).toEqual(['false', 'true', 'false']);
    expect(await audit(test.page)).toEqual([]);
    await test.page.keyboard.press('Escape');
    expect(await focused(test.page)).toBe('button.js-language-toggle');
    await test.page.focus('.js-nav-trigger');
    await test.page.keyboard.press('Enter');
    expect(await state()).toEqual(['false', 'false', 'true']);
    await test.page.keyboard.press('Tab');
    expect(await focused(test.page)).toBe('a');
    expect(await audit(test.page)).toEqual([]);
    await test.page.keyboard.press('Escape');
    expect(await state()).toEqual(['false', 'false', 'false']);
    expect(await focused(test.page)).toBe('button.js-nav-trigger');
    test.assertClean();
  });
});
