// Map (div.js-map) in Chromium, production build: the captured /contact/ page and fixtures.
// The product frames OpenStreetMap's real embed address; the test answers it with the
// harness's map stand-in (src/harness/stubs.ts) by request interception. Bad-inputs row 24;
// the checklist's "Map" row (nothing requested before it is near or asked for).
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { mapEmbed } from '../../src/harness/stubs';
import { SCRIPT, fixture, openBefore } from './helpers';
import { useSession, type OpenOptions, type Reply, type TestPage } from './support';

const EMBED = 'https://www.openstreetmap.org/export/embed.html';

function osm(url: string): Reply | undefined {
  if (!url.startsWith(EMBED + '?')) return;
  const query = new URL(url).searchParams;
  const [lat, lng] = (query.get('marker') ?? '').split(',');
  return mapEmbed(new URLSearchParams({ lat, lng, zoom: query.get('bbox') ?? '' }));
}
const withMap = (options: OpenOptions = {}): OpenOptions => ({ respond: osm, ...options });
const mapRequests = (requests: string[]) => requests.filter((url) => url.startsWith(EMBED));

const state = (page: Page, root = '.js-map') =>
  page.$eval(root, (el) => {
    const iframe = el.querySelector('iframe');
    return {
      iframe: iframe && { title: iframe.getAttribute('title'), visible: getComputedStyle(iframe).visibility === 'visible', src: iframe.src },
      fallbackInert: [...el.children].filter((child) => child.localName === 'a').map((a) => a.hasAttribute('inert')),
      button: el.querySelector('button')?.textContent ?? null,
      classes: ['is-visible', 'is-busy', 'has-error'].filter((name) => el.classList.contains(name)),
      busy: el.getAttribute('aria-busy'),
    };
  });

const loaded = (page: Page, root = '.js-map') =>
  page.waitForFunction((sel: string) => document.querySelector(sel)?.classList.contains('is-visible'), { timeout: 3000 }, root);

/** A map far below the first viewport. */
const far = (attrs: string, title = 'Office') =>
  `<div style="height:3000px">top</div><div class="js-map" style="width:400px;height:300px" ${attrs} data-title="${title}"><a href="https://www.openstreetmap.org/"><img alt="Static map" width="400" height="300" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></a></div>`;


/** Scrolled to, the map is not asked for; the button asks once. Then the stored answer goes, for the next tests. */
async function onlyFromTheButton(test: TestPage) {
  await test.page.$eval('.js-map', (el) => el.scrollIntoView());
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(mapRequests(test.requests)).toEqual([]);
  await test.page.click('.js-map button');
  await loaded(test.page);
  expect(mapRequests(test.requests)).toHaveLength(1);
  await test.page.evaluate(() => localStorage.clear());
  test.assertClean();
}

describe('map', () => {
  const session = useSession();

  it('contact: nothing is requested until the map is within 200 px of the viewport; then the frame replaces the static map', async () => {
    const test = await session.open('/contact/', withMap({ viewport: { width: 1280, height: 400 } }));
    const top = await test.page.$eval('.js-map', (el) => el.getBoundingClientRect().top + scrollY);
    const height = await test.page.evaluate(() => innerHeight);
    expect(top).toBeGreaterThan(height + 400);
    expect(await state(test.page)).toEqual({ iframe: null, fallbackInert: [false], button: 'Show the interactive map', classes: [], busy: null });
    // 300 px below the viewport: still nothing.
    await test.page.evaluate((y) => scrollTo(0, y), top - height - 300);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mapRequests(test.requests)).toEqual([]);
    // 150 px below: inside the 200 px margin.
    await test.page.evaluate((y) => scrollTo(0, y), top - height - 150);
    await loaded(test.page);
    expect(mapRequests(test.requests)).toHaveLength(1);
    const after = await state(test.page);
    expect(after).toEqual({
      iframe: { title: 'Northwind Instruments head office', visible: true, src: expect.stringContaining(EMBED + '?bbox=') },
      fallbackInert: [true],
      button: null,
      classes: ['is-visible'],
      busy: null,
    });
    const src = new URL(after.iframe!.src);
    expect(src.searchParams.get('marker')).toBe('51.4488,5.4567');
    const [west, south, east, north] = src.searchParams.get('bbox')!.split(',').map(Number);
    expect(west < 5.4567 && 5.4567 < east && south < 51.4488 && 51.4488 < north).toBe(true);
    // Zoom 15 on an 800 px box: about 0.03° across.
    expect(east - west).toBeGreaterThan(0.01);
    expect(east - west).toBeLessThan(0.1);
    // The frame lies over the static map's box: same place, same size.
    const boxes = await test.page.$eval('.js-map', (el) => [el.querySelector('iframe')!, el.querySelector('a')!].map((e) => JSON.stringify(e.getBoundingClientRect())));
    expect(boxes[0]).toBe(boxes[1]);
    test.assertClean();
  });

  it('save-data on the captured /contact/ page: the map near the viewport waits for its button; the same page without save-data loads it', async () => {
    // The script tag's data-save-data, set as the operator would, before veneer reads it
    // (init functions run in the page, so each value is written out).
    const saving = (on: boolean) => ({
      init: on
        ? () => document.addEventListener('readystatechange', () => document.readyState == 'interactive' && document.querySelector('script[src*="veneer.js"]')!.setAttribute('data-save-data', 'true'))
        : () => document.addEventListener('readystatechange', () => document.readyState == 'interactive' && document.querySelector('script[src*="veneer.js"]')!.setAttribute('data-save-data', 'false')),
    });
    const scrolledNear = async (on: boolean) => {
      const test = await session.open('/contact/', withMap({ viewport: { width: 1280, height: 400 }, ...saving(on) }));
      const top = await test.page.$eval('.js-map', (el) => el.getBoundingClientRect().top + scrollY);
      await test.page.evaluate((y) => scrollTo(0, y), top - 200);
      await new Promise((resolve) => setTimeout(resolve, 600));
      return test;
    };
    const control = await scrolledNear(false);
    const setting = (page: Page) => page.$eval('script[src*="veneer.js"]', (el) => el.getAttribute('data-save-data'));
    expect(await setting(control.page)).toBe('false');
    expect(mapRequests(control.requests)).toHaveLength(1);
    control.assertClean();
    const saved = await scrolledNear(true);
    expect(await setting(saved.page)).toBe('true');
    expect(mapRequests(saved.requests)).toEqual([]);
    expect((await state(saved.page)).button).toBe('Show the interactive map');
    await saved.page.click('.js-map button');
    await loaded(saved.page);
    expect(mapRequests(saved.requests)).toHaveLength(1);
    saved.assertClean();
  });

  it('the button loads it on request, far from the viewport, and focus moves to the map', async () => {
    const test = await session.open('/__fixture/map-far', withMap({ html: fixture(far('data-lat="52.37" data-lng="4.89" data-zoom="14"')) }));
    expect(mapRequests(test.requests)).toEqual([]);
    await test.page.evaluate(() => {
      const button = document.querySelector<HTMLElement>('.js-map button')!;
      button.focus({ preventScroll: true });
      button.click();
    });
    await loaded(test.page);
    expect(await test.page.evaluate(() => [scrollY, document.activeElement?.localName])).toEqual([0, 'iframe']);
    expect(mapRequests(test.requests)).toHaveLength(1);
    test.assertClean();
  });

  it('a visitor who said no to third-party cookies gets the map only from the button', async () => {
    const { test } = await openBefore(session, '/contact/', { ...withMap(), init: () => localStorage.setItem('veneer-permission-cookie', 'no') });
    // The answer is kept for the origin: cleared after, so the next tests start undecided.
    await onlyFromTheButton(test);
  });

  it('a visitor who says no on the cookie prompt during the visit gets the map only from the button', async () => {
    const prompt = '<div class="js-permission" data-permission="cookie"><p>Cookies?</p><button class="js-permission-allow">Yes</button><button class="js-permission-deny">No thanks</button></div>';
    // Undecided at start, also on a retry after the answer was stored.
    const init = () => localStorage.removeItem('veneer-permission-cookie');
    const test = await session.open('/__fixture/map-consent', withMap({ html: fixture(prompt + far('data-lat="52.37" data-lng="4.89"')), init }));
    await test.page.click('.js-permission-deny');
    await onlyFromTheButton(test);
  });

  it('a map that never loads is dropped after the time-out: the static map stays, with a warning; the button asks again, and has-error goes when that loads', async () => {
    // The 15 s time-out, shortened in the page; the first map request never gets an answer.
    const shorten = '<script>{ const timeout = setTimeout; window.setTimeout = (fn, ms, ...args) => timeout(fn, ms === 15000 ? 300 : ms, ...args); }</script>';
    const html = fixture('<div class="js-map" data-lat="52.37" data-lng="4.89" data-title="Office"><a href="https://www.openstreetmap.org/">Open the map</a></div>', shorten + SCRIPT);
    let asked = 0;
    const test = await session.open('/__fixture/map-slow', {
      html,
      respond: (url) => (url.startsWith(EMBED) && !asked++ ? new Promise<undefined>(() => {}) : osm(url)),
    });
    await test.page.waitForFunction(() => document.querySelector('.js-map')?.classList.contains('has-error'), { timeout: 3000 });
    expect(await state(test.page)).toMatchObject({ iframe: null, fallbackInert: [false], classes: ['has-error'], busy: null });
    expect(test.warnings.some((w) => w.includes('map: the map did not load'))).toBe(true);
    // The button stays and asks again.
    // Read in the click's task: the second answer comes at once.
    const asking = await test.page.$eval('.veneer-map-load', (button) => {
      (button as HTMLElement).click();
      return [document.querySelectorAll('.js-map iframe').length, document.querySelector('.js-map')!.getAttribute('aria-busy')];
    });
    expect(asking).toEqual([1, 'true']);
    await loaded(test.page);
    expect(await state(test.page)).toMatchObject({ fallbackInert: [true], button: null, classes: ['is-visible'], busy: null });
    test.assertClean();
  });

  it('bad-inputs 24: a latitude or longitude out of range or not a decimal refuses to start; zoom is clamped; the title is text', async () => {
    const bad = ['data-lat="91" data-lng="4"', 'data-lat="NaN" data-lng="4"', 'data-lat="1e999" data-lng="4"', 'data-lat="52" data-lng="181"', 'data-lat="52"', 'data-lat="0x10" data-lng="4"'];
    const title = '<img src=x onerror=__hit()>';
    const html = fixture(
      bad.map((attrs) => `<div class="js-map bad" ${attrs}><a href="https://www.openstreetmap.org/">static</a></div>`).join('') +
        `<div class="js-map good" data-lat="52" data-lng="4" data-zoom="-5" data-title="${title.replace(/</g, '&lt;')}"><a href="https://www.openstreetmap.org/">static</a></div>`,
      '<script>window.__hits = 0; window.__hit = () => window.__hits++;</script><script defer src="/Content/scripts/dist/veneer.js"></script>',
    );
    const test = await session.open('/__fixture/map-bad', withMap({ html }));
    expect(await test.page.$$eval('.js-map.bad', (all) => all.map((el) => [el.hasAttribute('data-enhanced'), el.children.length]))).toEqual(bad.map(() => [false, 1]));
    expect(test.warnings.filter((w) => w.includes('is not a place'))).toHaveLength(bad.length);
    expect(test.warnings.some((w) => w.includes('data-zoom="-5" is not a zoom from 0 to 19; using 0'))).toBe(true);
    await loaded(test.page, '.js-map.good');
    const good = await state(test.page, '.js-map.good');
    expect(good.iframe!.title).toBe(title);
    // Zoom 0: the whole world across.
    const [west, , east] = new URL(good.iframe!.src).searchParams.get('bbox')!.split(',').map(Number);
    expect([west, east]).toEqual([-180, 180]);
    expect(mapRequests(test.requests)).toHaveLength(1);
    expect(await test.page.evaluate(() => (window as unknown as { __hits: number }).__hits)).toBe(0);
    test.assertClean();
  });

  it('removing it drops the frame and restores the static map', async () => {
    const test = await session.open('/__fixture/map-remove', withMap({ html: fixture('<div class="js-map" data-lat="52" data-lng="4"><a href="https://www.openstreetmap.org/">static</a></div>') }));
    await loaded(test.page);
    const html = await test.page.evaluate(async () => {
      const el = document.querySelector('.js-map')!;
      el.remove();
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      return el.innerHTML;
    });
    expect(html).toBe('<a href="https://www.openstreetmap.org/">static</a>');
    test.assertClean();
  });

  it('under ?csp=strict: loads near the viewport with no violation', async () => {
    const { test } = await openBefore(session, '/contact/?csp=strict', {
      ...withMap(),
      init: () => {
        const w = window as unknown as { __violations: string[] };
        w.__violations = [];
        addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
      },
    });
    await test.page.$eval('.js-map', (el) => el.scrollIntoView());
    await loaded(test.page);
    expect(await test.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    test.assertClean();
  });
});
