// Select-link (select.js-select-link) on the captured home page and a fixture of hostile
// option values (bad-inputs row 10), in Chromium against the production build: navigates to
// the chosen same-origin address 500 ms after the last change, and nowhere else.
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers';
import { useSession } from './support';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

const documents = (requests: string[], path: string) => requests.filter((url) => new URL(url).pathname === path).length;

describe('select-link', () => {
  const session = useSession();

  it.each(VIEWPORTS)('choosing an option (mouse) goes to its address about 500 ms later (%o)', async (viewport) => {
    const test = await session.open('/home/', { viewport });
    expect(await test.page.$eval('.js-select-link', (el) => el.getAttribute('data-enhanced'))).toBe('select-link');
    const started = Date.now();
    const [response] = await Promise.all([test.page.waitForNavigation({ waitUntil: 'domcontentloaded' }), test.page.select('.js-select-link', '/news/')]);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(480);
    expect(elapsed).toBeLessThan(2000);
    expect(response?.status()).toBe(200);
    expect(new URL(test.page.url()).pathname).toBe('/news/');
    test.assertClean();
    await test.page.close();
  });

  it.each(VIEWPORTS)('the keyboard (arrow on the closed select) navigates too, after the pause (%o)', async (viewport) => {
    const test = await session.open('/home/', { viewport });
    await test.page.focus('.js-select-link');
    const [response] = await Promise.all([test.page.waitForNavigation({ waitUntil: 'domcontentloaded' }), test.page.keyboard.press('ArrowDown')]);
    expect(response?.status()).toBe(200);
    expect(new URL(test.page.url()).pathname).toBe('/news/');
    test.assertClean();
    await test.page.close();
  });

  it('two quick changes navigate once, to the last choice', async () => {
    const test = await session.open('/home/');
    const [response] = await Promise.all([
      test.page.waitForNavigation({ waitUntil: 'domcontentloaded' }),
      (async () => {
        await test.page.select('.js-select-link', '/event/');
        await new Promise((resolve) => setTimeout(resolve, 200));
        await test.page.select('.js-select-link', '/resources/');
      })(),
    ]);
    expect(response?.status()).toBe(200);
    expect(new URL(test.page.url()).pathname).toBe('/resources/');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(documents(test.requests, '/event/')).toBe(0);
    expect(documents(test.requests, '/resources/')).toBe(1);
    expect(new URL(test.page.url()).pathname).toBe('/resources/');
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
    for (const value of [...bad, '']) {
      const warnings = test.warnings.length;
      await test.page.select('#s', value);
      await new Promise((resolve) => setTimeout(resolve, 650));
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
    expect(test.warnings.some((text) => text.includes('select-link: the hook is not a <select>'))).toBe(true);
    test.assertClean();
  });

  it('removing the select before the pause ends cancels the navigation', async () => {
    const test = await session.open('/home/');
    await test.page.select('.js-select-link', '/news/');
    await test.page.evaluate(() => document.querySelector('.js-select-link')!.remove());
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(new URL(test.page.url()).pathname).toBe('/home/');
    expect(documents(test.requests, '/news/')).toBe(0);
    test.assertClean();
  });
});
