// Scrolling rich-text tables (.rich-text table) in Chromium, production build: the captured
// news page's product table at 390×844 and 1280×800, and fixtures for narrow tables, resizes,
// names, teardown and layout.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fixture } from './helpers';
import { useSession } from './support';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const CAPTION = 'Sensors and gateways at a glance (list prices 2026, excluding VAT)';

/** The region around the first (or `selector`) table: null when there is none. */
const region = (page: Page, selector = '.rich-text table') =>
  page.$eval(selector, (table) => {
    const wrapper = table.parentElement!;
    if (!wrapper.classList.contains('veneer-table-scroll')) return null;
    return {
      role: wrapper.getAttribute('role'),
      tabindex: wrapper.getAttribute('tabindex'),
      label: wrapper.getAttribute('aria-label'),
      scrolls: wrapper.scrollWidth > wrapper.clientWidth,
      overflow: getComputedStyle(wrapper).overflowX,
    };
  });

const wideTable = (attrs = '', caption = '') =>
  `<table ${attrs}>${caption}<tr>${Array.from({ length: 12 }, (_, i) => `<td style="white-space:nowrap">Column number ${i + 1}</td>`).join('')}</tr></table>`;

describe('table-scroll', () => {
  const session = useSession();

  it.each([
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ])('news at $width×$height: the wide table scrolls in a focusable region named by its caption; Tab reaches it, arrows scroll it', async (viewport) => {
    const test = await session.open('/news/', { viewport });
    expect(await region(test.page)).toEqual({ role: 'region', tabindex: '0', label: CAPTION, scrolls: true, overflow: 'auto' });
    expect(await test.page.$eval('.rich-text table', (el) => el.getAttribute('data-enhanced'))).toBe('table-scroll');
    // The link just before the table, then Tab: the region.
    await test.page.focus('.rich-text a[href="/resources/"]');
    await test.page.keyboard.press('Tab');
    const focused = await test.page.evaluate(() => {
      const el = document.activeElement!;
      const style = getComputedStyle(el);
      return { cls: el.className, outline: style.outlineStyle, width: style.outlineWidth, shadow: style.boxShadow };
    });
    expect(focused.cls).toBe('veneer-table-scroll');
    // A visible focus ring (ours is an outline; the site adds its own box-shadow).
    expect(focused.outline).toBe('solid');
    expect(focused.width).toBe('2px');
    const before = await test.page.$eval('.veneer-table-scroll', (el) => el.scrollLeft);
    await test.page.keyboard.press('ArrowRight');
    await test.page.keyboard.press('ArrowRight');
    await test.page.waitForFunction((x) => document.querySelector('.veneer-table-scroll')!.scrollLeft > x, { timeout: 2000 }, before);
    await test.page.keyboard.press('End');
    test.assertClean();
  });

  it('mouse: the wheel scrolls the region sideways', async () => {
    const test = await session.open('/news/', { viewport: { width: 390, height: 844 } });
    await test.page.$eval('.veneer-table-scroll', (el) => el.scrollIntoView({ block: 'center' }));
    const box = (await (await test.page.$('.veneer-table-scroll'))!.boundingBox())!;
    await test.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await test.page.mouse.wheel({ deltaX: 200 });
    await test.page.waitForFunction(() => document.querySelector('.veneer-table-scroll')!.scrollLeft > 0, { timeout: 2000 });
    test.assertClean();
  });

  it('a narrow table is left alone: no wrapper, no tabindex, no role', async () => {
    const test = await session.open('/__fixture/table-narrow', {
      html: fixture('<div class="rich-text"><h2>Small</h2><table><tr><td>a</td><td>b</td></tr></table></div>'),
    });
    expect(await region(test.page)).toBe(null);
    expect(await test.page.$eval('.rich-text', (el) => el.querySelectorAll('[tabindex],[role]').length)).toBe(0);
    test.assertClean();
  });

  it('resizing from 390 to 1280 and back: the region loses and regains its role, tabindex and name', async () => {
    const html = fixture(`<div class="rich-text"><h2>Fixed</h2><table style="width:600px"><caption>Six hundred</caption><tr><td>x</td></tr></table></div>`);
    const test = await session.open('/__fixture/table-resize', { html, viewport: { width: 390, height: 844 } });
    expect(await region(test.page)).toMatchObject({ role: 'region', tabindex: '0', label: 'Six hundred' });
    await test.page.setViewport({ width: 1280, height: 800 });
    await test.page.waitForFunction(() => !document.querySelector('[role=region]'), { timeout: 2000 });
    expect(await region(test.page)).toMatchObject({ role: null, tabindex: null, label: null, scrolls: false });
    await test.page.setViewport({ width: 390, height: 844 });
    await test.page.waitForFunction(() => !!document.querySelector('[role=region][tabindex="0"]'), { timeout: 2000 });
    expect(await region(test.page)).toMatchObject({ role: 'region', tabindex: '0', label: 'Six hundred' });
    test.assertClean();
  });

  it('a table narrow at 1280 px becomes a region when the window narrows', async () => {
    const html = fixture(`<div class="rich-text"><table style="width:600px"><tr><td>x</td></tr></table></div>`);
    const test = await session.open('/__fixture/table-grow', { html });
    expect(await region(test.page)).toBe(null);
    await test.page.setViewport({ width: 390, height: 844 });
    await test.page.waitForFunction(() => !!document.querySelector('[role=region][tabindex="0"]'), { timeout: 2000 });
    expect(await region(test.page)).toMatchObject({ role: 'region', label: 'Table' });
    test.assertClean();
  });

  it('names: the caption, else the nearest heading before the table, else "Table"', async () => {
    const html = fixture(
      `<h1>Page</h1><div class="rich-text" id="a">${wideTable('', '<caption>  The   caption </caption>')}</div>` +
        `<h3>Section <em>three</em></h3><div class="rich-text" id="b"><p>text</p>${wideTable()}</div>`,
    );
    const test = await session.open('/__fixture/table-names', { html, viewport: { width: 390, height: 844 } });
    expect((await region(test.page, '#a table'))?.label).toBe('The caption');
    expect((await region(test.page, '#b table'))?.label).toBe('Section three');
    // Two more under the same heading: landmarks' names must differ (axe landmark-unique).
    await test.page.$eval('#b', (el, more: string) => el.insertAdjacentHTML('beforeend', testHTML(more)), wideTable() + wideTable());
    await test.page.evaluate(() => (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready());
    expect(await test.page.$$eval('#b .veneer-table-scroll', (all) => all.map((el) => el.getAttribute('aria-label')))).toEqual(['Section three', 'Section three (2)', 'Section three (3)']);
    await test.page.evaluate(AXE);
    const axe = await test.page.evaluate(async () => {
      const result = await (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string }[] }> } }).axe.run(document, { runOnly: ['landmark-unique'] });
      return result.violations.map((violation) => violation.id);
    });
    expect(axe).toEqual([]);
    const none = await session.open('/__fixture/table-noname', { html: fixture(`<div class="rich-text">${wideTable()}</div>`), viewport: { width: 390, height: 844 } });
    expect((await region(none.page))?.label).toBe('Table');
    test.assertClean();
    none.assertClean();
  });

  it('teardown puts the table back exactly, and it is enhanced again on re-insertion', async () => {
    const test = await session.open('/news/', { viewport: { width: 390, height: 844 } });
    const result = await test.page.evaluate(async () => {
      const veneer = (window as unknown as { veneer: { ready(): Promise<void> } }).veneer;
      const source = await (await fetch('/news/?veneer=off')).text();
      const sent = new DOMParser().parseFromString(testHTML(source), 'text/html').querySelector('.rich-text')!;
      const block = document.querySelector('.rich-text')!;
      const parent = block.parentElement!;
      block.remove();
      await veneer.ready();
      const removed = { table: block.querySelector('table')!.outerHTML, block: block.innerHTML, wrappers: block.querySelectorAll('.veneer-table-scroll').length };
      parent.append(block);
      await veneer.ready();
      return { sent: { table: sent.querySelector('table')!.outerHTML, block: sent.innerHTML }, removed, again: block.querySelector('table')!.parentElement!.getAttribute('role') };
    });
    expect(result.removed.wrappers).toBe(0);
    expect(result.removed.table).toBe(result.sent.table);
    expect(result.removed.block).toBe(result.sent.block);
    expect(result.again).toBe('region');
    test.assertClean();
  });

  it('a table removed on its own takes no region with it: the empty wrapper goes too', async () => {
    const test = await session.open('/__fixture/table-remove', { html: fixture(`<div class="rich-text">${wideTable()}</div>`), viewport: { width: 390, height: 844 } });
    const left = await test.page.evaluate(async () => {
      document.querySelector('.rich-text table')!.remove();
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      return document.querySelector('.rich-text')!.innerHTML;
    });
    expect(left).toBe('');
    test.assertClean();
  });

  it('a table a script replaces (by a copy of the HTML as sent) stays in the page, in a region of its own', async () => {
    const html = fixture(`<div class="rich-text">${wideTable('', '<caption>Prices</caption>')}</div>`);
    const test = await session.open('/__fixture/table-replace', { html, viewport: { width: 390, height: 844 } });
    const result = await test.page.evaluate(async (sent) => {
      const old = document.querySelector('.rich-text table')!;
      const copy = document.createElement('div');
      copy.innerHTML = testHTML(sent);
      const table = copy.firstElementChild!;
      old.replaceWith(table);
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      return {
        connected: table.isConnected,
        enhanced: table.getAttribute('data-enhanced'),
        region: table.parentElement!.getAttribute('role'),
        wrappers: document.querySelectorAll('.veneer-table-scroll').length,
      };
    }, wideTable('', '<caption>Prices</caption>'));
    expect(result).toEqual({ connected: true, enhanced: 'table-scroll', region: 'region', wrappers: 1 });
    test.assertClean();
  });

  it('a table moved to another column in one task: the empty region goes, and it scrolls in a region where it is now', async () => {
    const html = fixture(`<div class="rich-text" id="a" style="width:600px">${wideTable('', '<caption>Prices</caption>')}</div><div class="rich-text" id="b" style="width:600px"><p>other</p></div><div id="c"></div>`);
    const test = await session.open('/__fixture/table-move', { html });
    expect(await region(test.page)).toMatchObject({ role: 'region', label: 'Prices' });
    const move = (to: string) =>
      test.page.evaluate(async (to) => {
        document.getElementById(to)!.append(document.querySelector('table')!);
        await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
        return { a: document.getElementById('a')!.innerHTML, enhanced: document.querySelector('table')!.getAttribute('data-enhanced') };
      }, to);
    expect(await move('b')).toEqual({ a: '', enhanced: 'table-scroll' });
    expect(await region(test.page, '#b table')).toEqual({ role: 'region', tabindex: '0', label: 'Prices', scrolls: true, overflow: 'auto' });
    expect(await test.page.$$eval('.veneer-table-scroll', (all) => all.length)).toBe(1);
    // Out of any rich text: no longer a hook's place, so no region follows it.
    await move('c');
    expect(await test.page.$eval('#b', (el) => el.innerHTML)).toBe('<p>other</p>');
    expect(await region(test.page, '#c table')).toBe(null);
    test.assertClean();
  });

  it('wrapping a wide table in view shifts nothing: the table and what follows stay where they were', async () => {
    const body =
      `<style>table{margin:24px 0 32px}p{margin:10px 0}</style><p>before</p><div class="rich-text" style="overflow-x:auto">` +
      `${wideTable('', '<caption>C</caption>')}<p id="after">after</p></div><p id="end">end</p>`;
    const positions = (page: Page) =>
      page.evaluate(() => ['.rich-text table', '#after', '#end'].map((s) => document.querySelector(s)!.getBoundingClientRect().top));
    const plain = await session.open('/__fixture/table-cls-plain', { html: fixture(body, ''), viewport: { width: 390, height: 844 }, ready: false });
    const expected = await positions(plain.page);
    const test = await session.open('/__fixture/table-cls', { html: fixture(body), viewport: { width: 390, height: 844 } });
    expect(await region(test.page)).toMatchObject({ role: 'region' });
    expect(await positions(test.page)).toEqual(expected);
    const shifts = await test.page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => list.getEntries().forEach((e) => (total += (e as unknown as { value: number }).value))).observe({ type: 'layout-shift', buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
        }),
    );
    expect(shifts).toBe(0);
    test.assertClean();
  });

  it('a column the visitor already scrolled keeps its position in the region', async () => {
    const html = fixture(`<div class="rich-text" style="overflow-x:auto">${wideTable()}</div>`, '');
    const test = await session.open('/__fixture/table-scrolled', { html, viewport: { width: 390, height: 844 }, ready: false });
    await test.page.evaluate(async () => {
      document.querySelector('.rich-text')!.scrollLeft = 120;
      const script = document.createElement('script');
      script.src = testScriptURL('/Content/scripts/dist/veneer.js');
      document.head.append(script);
      await new Promise((resolve) => script.addEventListener('load', resolve));
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
    });
    expect(await test.page.$eval('.veneer-table-scroll', (el) => [el.scrollLeft, el.parentElement!.scrollLeft])).toEqual([120, 0]);
    test.assertClean();
  });
});
