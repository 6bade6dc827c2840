// Select-link (select.js-select-link) on the captured home page and fixtures, including the
// hostile option values of bad-inputs row 10, in Chromium against the production build.
// Changing the select goes nowhere (WCAG 3.2.2, G80: the checklist overrides the seed's
// 500 ms change navigation); the "Go" button veneer adds after it goes to the chosen
// same-origin address, and nowhere else.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers';
import { useSession } from './support';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const GO = 'button.veneer-select-link-go';

const documents = (requests: string[], path: string) => requests.filter((url) => new URL(url).pathname === path).length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The element right after the select: the button's tag, type, class and text. */
const next = (page: Page, select = '.js-select-link') =>
  page.$eval(select, (el) => {
    const after = el.nextElementSibling as HTMLButtonElement | null;
    return after && [after.localName, after.type, after.className, after.textContent];
  });

describe('select-link', () => {
  const session = useSession();

  it.each(VIEWPORTS)('a "Go" button follows the select; choosing an option (mouse) goes nowhere (%o)', async (viewport) => {
    const test = await session.open('/home/', { viewport });
    expect(await test.page.$eval('.js-select-link', (el) => el.getAttribute('data-enhanced'))).toBe('select-link');
    expect(await next(test.page)).toEqual(['button', 'button', 'veneer-select-link-go', 'Go']);
    await test.page.select('.js-select-link', '/news/');
    await sleep(800);
    expect(new URL(test.page.url()).pathname).toBe('/home/');
    expect(documents(test.requests, '/news/')).toBe(0);
    test.assertClean();
    await test.page.close();
  });

  it.each(VIEWPORTS)('ArrowDown on the focused, closed select changes it and goes nowhere (%o)', async (viewport) => {
    const test = await session.open('/home/', { viewport });
    await test.page.focus('.js-select-link');
    await test.page.keyboard.press('ArrowDown');
    await test.page.keyboard.press('ArrowDown');
    await sleep(800);
    expect(await test.page.$eval('.js-select-link', (el) => (el as HTMLSelectElement).value)).toBe('/event/');
    expect(new URL(test.page.url()).pathname).toBe('/home/');
    expect(documents(test.requests, '/news/') + documents(test.requests, '/event/')).toBe(0);
    test.assertClean();
    await test.page.close();
  });

  it('the button goes to the chosen address: a click, or Enter on it', async () => {
    const test = await session.open('/home/');
    await test.page.select('.js-select-link', '/news/');
    const [response] = await Promise.all([test.page.waitForNavigation({ waitUntil: 'domcontentloaded' }), test.page.click(GO)]);
    expect(response?.status()).toBe(200);
    expect(new URL(test.page.url()).pathname).toBe('/news/');
    test.assertClean();

    // The keyboard: choose with the arrows, Tab to the button, Enter.
    const keys = await session.open('/home/');
    await keys.page.focus('.js-select-link');
    await keys.page.keyboard.press('ArrowDown');
    await keys.page.keyboard.press('Tab');
    expect(await keys.page.evaluate(() => document.activeElement!.className)).toBe('veneer-select-link-go');
    const [arrived] = await Promise.all([keys.page.waitForNavigation({ waitUntil: 'domcontentloaded' }), keys.page.keyboard.press('Enter')]);
    expect(arrived?.status()).toBe(200);
    expect(new URL(keys.page.url()).pathname).toBe('/news/');
    keys.assertClean();
  });

  it('a cross-origin option warns and stays; the placeholder option does nothing, silently', async () => {
    const html = fixture(
      '<label for="s">Go to</label><select id="s" class="js-select-link"><option value="">Choose</option><option value="https://evil.example/page/">Elsewhere</option></select>',
    );
    const test = await session.open('/__fixture/select-cross', { html });
    // On screen at the top, the button waits for the visitor to reach the select (see the last test).
    await test.page.focus('#s');
    await test.page.select('#s', 'https://evil.example/page/');
    await test.page.click(GO);
    await sleep(300);
    expect(new URL(test.page.url()).pathname).toBe('/__fixture/select-cross');
    expect(test.warnings).toHaveLength(1);
    expect(test.warnings[0]).toMatch(/^\[veneer\] select-link: "https:\/\/evil\.example\/page\/" is not an address of this site; not followed/);
    await test.page.select('#s', '');
    await test.page.click(GO);
    await sleep(300);
    expect(new URL(test.page.url()).pathname).toBe('/__fixture/select-cross');
    expect(test.warnings).toHaveLength(1);
    expect(test.requests.filter((url) => url.includes('evil.example'))).toEqual([]);
    test.assertClean();
  });

  it('bad inputs (row 10): no navigation, a warning, 0 hits, no request to another origin; "" does nothing', async () => {
    const bad = ['javascript:__hit()', '//evil.example', '/\\evil.example', 'https://www.example.com@evil.example', ' JaVaScRiPt:__hit()', 'data:text/html,<script>__hit()</script>'];
    const html = fixture(
      '<script>window.__hits = 0; window.__hit = () => window.__hits++; for (const name of ["alert", "confirm", "prompt", "print"]) window[name] = window.__hit;</script>' +
        '<label for="s">Go</label><select id="s" class="js-select-link"><option value="">Choose</option><option value="/home/">Home</option></select>',
    );
    const test = await session.open('/__fixture/select', { html });
    const origin = new URL(session.url).origin;
    await test.page.$eval(
      '#s',
      (select, bad: string[]) => bad.forEach((value) => select.append(Object.assign(document.createElement('option'), { value, textContent: value }))),
      bad,
    );
    await test.page.evaluate(() => void ((window as unknown as { __marker: number }).__marker = 1));
    await test.page.focus('#s');
    for (const value of [...bad, '']) {
      const warnings = test.warnings.length;
      await test.page.select('#s', value);
      await test.page.click(GO);
      await sleep(150);
      expect(await test.page.evaluate(() => [location.pathname, (window as unknown as { __marker?: number }).__marker, (window as unknown as { __hits: number }).__hits]), value).toEqual([
        '/__fixture/select',
        1,
        0,
      ]);
      const added = test.warnings.slice(warnings);
      if (value) expect(added.some((text) => text.startsWith('[veneer] select-link:') && text.includes('not followed')), value).toBe(true);
      else expect(added, 'empty value').toEqual([]);
    }
    expect(test.requests.filter((url) => !url.startsWith(origin))).toEqual([]);
    test.assertClean();
  });

  it('a hook that is not a <select> warns and is left as it is', async () => {
    const html = fixture('<div class="js-select-link">not a select</div>');
    const test = await session.open('/__fixture/select-div', { html });
    expect(await test.page.$eval('.js-select-link', (el) => el.hasAttribute('data-enhanced'))).toBe(false);
    expect(await test.page.$$(GO)).toHaveLength(0);
    expect(test.warnings.some((text) => text.includes('select-link: the hook is not a <select>'))).toBe(true);
    test.assertClean();
  });

  it('removing the select tears it down: the button and its listener go, the markup is exactly as sent; re-inserted, it works again', async () => {
    const select = '<select id="s" class="js-select-link"><option value="">Choose</option><option value="/news/">News</option></select>';
    const html = fixture(`<div id="box"><label for="s">Go to</label>${select}</div>`);
    const test = await session.open('/__fixture/select-teardown', { html });
    await test.page.focus('#s');
    expect(await next(test.page, '#s')).toEqual(['button', 'button', 'veneer-select-link-go', 'Go']);
    await test.page.select('#s', '/news/');
    const left = await test.page.evaluate(() => {
      const select = document.getElementById('s')!;
      const button = select.nextElementSibling as HTMLButtonElement;
      select.remove();
      (window as unknown as { __button: HTMLButtonElement }).__button = button;
      return new Promise<[string, boolean]>((resolve) => setTimeout(() => resolve([document.getElementById('box')!.innerHTML, button.isConnected]))) as Promise<[string, boolean]>;
    });
    expect(left).toEqual(['<label for="s">Go to</label>', false]);
    // The detached button's listener is gone with the teardown: a click goes nowhere.
    await test.page.evaluate(() => (window as unknown as { __button: HTMLButtonElement }).__button.click());
    await sleep(300);
    expect(new URL(test.page.url()).pathname).toBe('/__fixture/select-teardown');
    expect(documents(test.requests, '/news/')).toBe(0);
    // Put back: enhanced once more, one button.
    await test.page.evaluate((markup: string) => document.getElementById('box')!.insertAdjacentHTML('beforeend', testHTML(markup)), select);
    await test.page.waitForSelector('#s[data-enhanced="select-link"]');
    expect(await test.page.$$eval(GO, (all) => all.length)).toBe(1);
    // Removed again after its enhancement: the select's own markup is as the CMS sent it.
    const restored = await test.page.evaluate(() => {
      const select = document.getElementById('s')!;
      select.remove();
      return new Promise<string>((resolve) => setTimeout(() => resolve(select.outerHTML + '|' + document.getElementById('box')!.innerHTML)));
    });
    expect(restored).toBe(`${select}|<label for="s">Go to</label>`);
    test.assertClean();
  });

  it('pages never jump: on screen, where the button would make its parent taller, it waits for the visitor to reach the select; below the viewport it is there at once', async () => {
    const box = (id: string) =>
      `<div id="${id}-box" style="width:12rem"><label for="${id}">Go to</label><select id="${id}" class="js-select-link" style="width:100%"><option value="">Choose</option><option value="/news/">News</option></select></div>`;
    const html = fixture(`${box('top')}<div style="height:3000px"></div>${box('low')}`);
    const test = await session.open('/__fixture/select-settle', { html });
    await sleep(200);
    expect(await next(test.page, '#top')).toBeNull();
    expect(await next(test.page, '#low')).toEqual(['button', 'button', 'veneer-select-link-go', 'Go']);
    // The visitor reaches it (Tab): the button is there, next in the tab order.
    await test.page.keyboard.press('Tab');
    expect(await test.page.evaluate(() => document.activeElement!.id)).toBe('top');
    expect(await next(test.page, '#top')).toEqual(['button', 'button', 'veneer-select-link-go', 'Go']);
    await test.page.keyboard.press('Tab');
    expect(await test.page.evaluate(() => document.activeElement!.className)).toBe('veneer-select-link-go');
    test.assertClean();
  });
});
