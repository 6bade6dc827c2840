// Lightbox (a.js-lightbox, div.js-lightbox-gallery, div.js-video-gallery) in Chromium against
// the production build: the captured resources, gallery and contact pages, and fixtures for
// errors, timing and the bad-input rows 1, 2, 3, 4, 5, 13 and 30. The popup is a modal
// <dialog class="veneer-lightbox">, rendered through the shared ui runtime.
import type { HTTPRequest, KeyInput, Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { STRICT_CSP } from '../../src/harness/csp';
import { fixture } from './helpers';
import { lightboxPresses } from './scenarios';
import { useSession, type OpenOptions, type TestPage } from './support';

const DIALOG = 'dialog.veneer-lightbox';
const READY = `${DIALOG}.is-open:not(.is-busy)`;
const LABELS = {
  close: 'Close (Esc)',
  prev: 'Previous (Left arrow key)',
  next: 'Next (Right arrow key)',
};
const GALLERY_TITLES = [
  'Pressure transmitters installed on an offshore platform',
  'Calibration lab in Eindhoven',
  'Vibration monitoring on a North Sea wind park',
  'Keynote at the Sensor Summit 2025',
  'Wireless sensor nodes along a process pipeline',
  'Northwind Amsterdam office by the canal',
];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the open popup shows, or null when none is open. */
function popup(page: Page) {
  return page.evaluate((selector: string) => {
    const all = document.querySelectorAll<HTMLDialogElement>(selector);
    const dialog = all[0];
    if (!dialog) return null;
    const live = dialog.querySelector('[aria-live]') as HTMLElement;
    return {
      count: all.length,
      modal: dialog.matches(':modal'),
      ariaModal: dialog.getAttribute('aria-modal'),
      label: dialog.getAttribute('aria-label'),
      busy: dialog.getAttribute('aria-busy'),
      classes: dialog.className,
      status: dialog.querySelector('[role="status"]')!.textContent,
      counter: live.hidden ? null : live.textContent,
      caption: dialog.querySelector('figcaption')?.textContent ?? null,
      image: (dialog.querySelector('figure:not([hidden]) img') as HTMLImageElement | null)?.src.replace(location.origin, '') ?? null,
      buttons: [...dialog.querySelectorAll(':scope > button')].map((b) => `${b.className.replace('veneer-lightbox__', '')}:${b.getAttribute('title')}|${b.getAttribute('aria-label')}`),
      focus: document.activeElement === dialog ? 'dialog' : dialog.contains(document.activeElement) ? document.activeElement!.className || document.activeElement!.localName : 'outside',
      scrollLocked: document.documentElement.classList.contains('veneer-scroll-lock'),
    };
  }, DIALOG);
}

const ready = (page: Page) => page.waitForSelector(READY, { timeout: 5000 });
const closed = (page: Page) => page.waitForFunction((s: string) => !document.querySelector(s), { timeout: 5000 }, DIALOG);
const shown = (page: Page) => page.$eval(DIALOG, (d) => (d.querySelector('figure:not([hidden]) img') as HTMLImageElement | null)?.src.replace(location.origin, ''));
const focused = (page: Page) => page.evaluate(() => {
  const el = document.activeElement as HTMLElement;
  return el.getAttribute('title') || el.textContent?.trim().slice(0, 40) || el.localName;
});
const imageRequests = (test: TestPage, name: string) => test.requests.filter((url) => new URL(url).pathname === `/media/images/${name}`).length;

/** A page that counts script hits and trapped alert/confirm/prompt/print, set before any script. */
function trap() {
  const w = window as unknown as Record<string, unknown> & { __hits: number };
  w.__hits = 0;
  w.__hit = () => w.__hits++;
  for (const name of ['alert', 'confirm', 'prompt', 'print']) w[name] = () => w.__hits++;
}
const hits = (page: Page) => page.evaluate(() => (window as unknown as { __hits: number }).__hits);

describe('lightbox', () => {
  const session = useSession();

  interface Route {
    status?: number;
    type?: string;
    body: string;
    headers?: Record<string, string>;
  }

  /**
   * Opens `body` as a fixture page at /__fixture/lightbox (under the strict CSP with `csp`),
   * with `routes` answered by the test and everything else by the harness.
   */
  async function openFixture(body: string, { routes = {}, csp = false, init, head, ...options }: { routes?: Record<string, Route>; csp?: boolean; init?: () => void; head?: string } & OpenOptions = {}) {
    const test = await session.open('/__pages.json', { ...options, ready: false });
    const { page } = test;
    if (init) await page.evaluateOnNewDocument(init);
    await page.setRequestInterception(true);
    const answer = (request: HTTPRequest) => {
      const url = new URL(request.url());
      const route =
        url.pathname === '/__fixture/lightbox' ? { body: fixture(body, head) } : (routes[url.href] ?? (url.origin === session.url ? routes[url.pathname + url.search] : undefined));
      if (!route) return request.continue();
      const headers = { ...route.headers, ...(csp && url.pathname === '/__fixture/lightbox' ? { 'Content-Security-Policy': STRICT_CSP } : {}) };
      return request.respond({ status: route.status ?? 200, contentType: route.type ?? 'text/html; charset=utf-8', body: route.body, headers });
    };
    page.on('request', answer);
    await page.goto(session.url + '/__fixture/lightbox', { waitUntil: 'domcontentloaded' });
    await test.ready();
    return test;
  }

  it('enhances the galleries and single links; a .js-lightbox inside a gallery is the gallery\'s', async () => {
    const test = await session.open('/resources/');
    expect(await test.page.$$eval('.js-lightbox, .js-lightbox-gallery', (all) => all.map((el) => `${el.className} → ${el.getAttribute('data-enhanced')}`))).toEqual([
      'js-lightbox-gallery gallery → lightbox',
      'js-lightbox lightbox-thumb → lightbox',
      'js-lightbox → lightbox',
      'js-lightbox → lightbox',
    ]);
    // Nothing else is written into the markup before a popup opens.
    const links = await test.page.$$eval('.js-lightbox-gallery a, a.js-lightbox', (all) => [...new Set(all.map((a) => a.getAttributeNames().join()))]);
    expect(links).toEqual(['href,title', 'class,href,title,data-enhanced', 'class,data-lightbox-type,href,title,data-enhanced']);

    const nested = await openFixture(
      '<div class="js-lightbox-gallery"><a class="js-lightbox" href="/media/images/gallery-1.svg" title="One">1</a><a href="/media/images/gallery-2.svg" title="Two">2</a></div>',
    );
    expect(await nested.page.$eval('a.js-lightbox', (a) => a.getAttribute('data-enhanced'))).toBeNull();
    await nested.page.click('a.js-lightbox');
    await ready(nested.page);
    // Handled once, by the gallery: one popup, with the gallery's counter.
    expect(await popup(nested.page)).toMatchObject({ count: 1, counter: '1 of 2', label: 'One' });
    test.assertClean();
    nested.assertClean();
  });

  it('a gallery link opens a modal dialog: ARIA, focus inside, the exact labels, caption and counter', async () => {
    const test = await session.open('/gallery/');
    await test.page.click('.js-lightbox-gallery a:nth-child(2)');
    await ready(test.page);
    expect(await popup(test.page)).toEqual({
      count: 1,
      modal: true,
      ariaModal: 'true',
      label: GALLERY_TITLES[1],
      busy: 'false',
      classes: 'veneer-lightbox is-open',
      status: '',
      counter: '2 of 6',
      caption: GALLERY_TITLES[1],
      image: '/media/images/gallery-2.svg',
      buttons: [`prev:${LABELS.prev}|${LABELS.prev}`, `next:${LABELS.next}|${LABELS.next}`, `close:${LABELS.close}|${LABELS.close}`],
      focus: 'veneer-lightbox__close',
      scrollLocked: true,
    });
    // A native modal <dialog>: the dialog role comes with it (ARIA in HTML advises against
    // repeating it), and the page behind is inert. The image's text alternative is the
    // thumbnail's.
    expect(await test.page.$eval(`${DIALOG} img`, (img) => img.getAttribute('alt'))).toBe('Calibration bench with four transmitters');
    const tree = await test.page.accessibility.snapshot({ interestingOnly: true });
    expect(tree!.children!.map(({ role, name, modal }) => ({ role, name, modal }))).toEqual([{ role: 'dialog', name: GALLERY_TITLES[1], modal: true }]);
    expect(tree!.children![0].children!.filter((node) => node.role == 'button').map((node) => node.name)).toEqual([LABELS.prev, LABELS.next, LABELS.close]);
    test.assertClean();
  });

  it('arrows and keys move through the gallery with loop; Home/End; the counter is a live region', async () => {
    const test = await session.open('/gallery/');
    await test.page.click('.js-lightbox-gallery a:nth-child(1)');
    await ready(test.page);
    const at = async () => [await shown(test.page), (await popup(test.page))!.counter];
    expect(await at()).toEqual(['/media/images/gallery-1.svg', '1 of 6']);
    await test.page.keyboard.press('ArrowLeft');
    await ready(test.page);
    expect(await at()).toEqual(['/media/images/gallery-6.svg', '6 of 6']);
    await test.page.keyboard.press('ArrowRight');
    await ready(test.page);
    expect(await at()).toEqual(['/media/images/gallery-1.svg', '1 of 6']);
    await test.page.keyboard.press('End');
    await ready(test.page);
    expect(await at()).toEqual(['/media/images/gallery-6.svg', '6 of 6']);
    await test.page.keyboard.press('Home');
    await ready(test.page);
    expect(await at()).toEqual(['/media/images/gallery-1.svg', '1 of 6']);
    // The arrow buttons, by mouse; focus stays on the button.
    await test.page.click('.veneer-lightbox__next');
    await ready(test.page);
    expect(await at()).toEqual(['/media/images/gallery-2.svg', '2 of 6']);
    expect(await focused(test.page)).toBe(LABELS.next);
    await test.page.click('.veneer-lightbox__prev');
    await test.page.click('.veneer-lightbox__prev');
    await ready(test.page);
    expect(await at()).toEqual(['/media/images/gallery-6.svg', '6 of 6']);
    expect(await test.page.$eval(`${DIALOG} [aria-live]`, (el) => el.getAttribute('aria-live'))).toBe('polite');
    expect((await popup(test.page))!.caption).toBe(GALLERY_TITLES[5]);
    // With a modifier, the keys are the browser's.
    for (const modifier of ['Shift', 'Alt', 'Control', 'Meta'] as KeyInput[]) {
      await test.page.keyboard.down(modifier);
      await test.page.keyboard.press('ArrowRight');
      await test.page.keyboard.up(modifier);
    }
    await sleep(50);
    expect(await at()).toEqual(['/media/images/gallery-6.svg', '6 of 6']);
    test.assertClean();
  });

  it('Tab cycles inside; Escape closes and focus returns to the trigger; the scroll lock is released', async () => {
    const test = await session.open('/resources/');
    await test.page.focus('a.js-lightbox[data-lightbox-type="inline"]');
    await test.page.keyboard.press('Enter');
    await ready(test.page);
    expect(await focused(test.page)).toBe(LABELS.close);
    // The note's own link is the first control, the close button the last.
    await test.page.keyboard.press('Tab');
    expect(await focused(test.page)).toBe('press@northwind-instruments.example');
    await test.page.keyboard.down('Shift');
    await test.page.keyboard.press('Tab');
    await test.page.keyboard.up('Shift');
    expect(await focused(test.page)).toBe(LABELS.close);
    await test.page.keyboard.press('Escape');
    await closed(test.page);
    expect(await test.page.evaluate(() => document.activeElement?.getAttribute('data-lightbox-type'))).toBe('inline');
    expect(await test.page.evaluate(() => document.documentElement.className)).not.toMatch(/veneer-scroll/);
    // A gallery: Tab from the close button goes round to the first arrow.
    await test.page.click('.js-lightbox-gallery a:nth-child(3)');
    await ready(test.page);
    await test.page.keyboard.press('Tab');
    expect(await focused(test.page)).toBe(LABELS.prev);
    await test.page.keyboard.down('Shift');
    await test.page.keyboard.press('Tab');
    await test.page.keyboard.up('Shift');
    expect(await focused(test.page)).toBe(LABELS.close);
    await test.page.keyboard.press('Enter');
    await closed(test.page);
    expect(await test.page.evaluate(() => document.activeElement === document.querySelector('.js-lightbox-gallery a:nth-child(3)'))).toBe(true);
    test.assertClean();
  });

  it('a background click closes; a click on the image or the caption does not', async () => {
    const test = await session.open('/gallery/');
    await test.page.click('.js-lightbox-gallery a:nth-child(4)');
    await ready(test.page);
    await test.page.click(`${DIALOG} img`);
    await test.page.click(`${DIALOG} figcaption`);
    await test.page.click(`${DIALOG} [aria-live]`);
    await sleep(50);
    expect((await popup(test.page))?.classes).toBe('veneer-lightbox is-open');
    await test.page.mouse.click(640, 20);
    await closed(test.page);
    test.assertClean();
  });

  it('a press on the caption (selecting its text) released on the background does not close; an image still loading loses its src when the popup closes', () =>
    lightboxPresses(session, '/__fixture/lightbox-held'));

  it('Tab and Shift+Tab out of a video\'s iframe go round inside (keys in a frame never reach the page)', async () => {
    const thumb = (id: string) => `<a class="js-video-thumb" href="https://www.youtube.com/watch?v=${id}" data-embed="https://www.youtube.com/embed/${id}">${id}</a>`;
    const player = { body: '<!doctype html><title>player</title><button>Play</button>' };
    const test = await openFixture(`<div class="js-video-gallery">${thumb('aaaaaaaaaaa')}${thumb('bbbbbbbbbbb')}</div>`, {
      routes: { 'https://www.youtube.com/embed/aaaaaaaaaaa': player },
    });
    await test.page.click('.js-video-thumb');
    await ready(test.page);
    await (await test.page.waitForFrame((frame) => frame.url().startsWith('https://www.youtube.com/embed/'))).waitForSelector('button');
    const tab = async (shift = false) => {
      if (shift) await test.page.keyboard.down('Shift');
      await test.page.keyboard.press('Tab');
      if (shift) await test.page.keyboard.up('Shift');
      await sleep(50);
      return test.page.evaluate(() => document.activeElement?.className || document.activeElement?.localName);
    };
    // The iframe is the first control: Shift+Tab from the close button (the last) round into the frame's button, and out of it back to the close button.
    expect([await tab(true), await tab(true), await tab(true), await tab(true)]).toEqual(['veneer-lightbox__next', 'veneer-lightbox__prev', 'iframe', 'veneer-lightbox__close']);
    // And forward: from the close button to the iframe, into it, and out to the first arrow.
    expect([await tab(), await tab(), await tab()]).toEqual(['iframe', 'iframe', 'veneer-lightbox__prev']);
    // Nothing is left in the popup.
    expect(await test.page.$$eval(`${DIALOG} span`, (all) => all.length)).toBe(0);
    test.assertClean();
  });

  it('an audio or video player (controls) in inline content is a control Tab reaches, both ways', async () => {
    const test = await openFixture(
      '<a class="js-lightbox" data-lightbox-type="inline" href="#clip">Clip</a><div id="clip"><video id="vid" controls width="200" height="100"></video><p>Our plant</p></div>',
    );
    await test.page.click('a.js-lightbox');
    await ready(test.page);
    const tab = async (shift = false) => {
      if (shift) await test.page.keyboard.down('Shift');
      await test.page.keyboard.press('Tab');
      if (shift) await test.page.keyboard.up('Shift');
      await sleep(50);
      return test.page.evaluate(() => document.activeElement?.id || document.activeElement?.className);
    };
    expect(await test.page.evaluate(() => document.activeElement?.className)).toBe('veneer-lightbox__close');
    expect([await tab(), await tab(), await tab(true), await tab(true)]).toEqual(['vid', 'veneer-lightbox__close', 'vid', 'veneer-lightbox__close']);
    test.assertClean();
  });

  it('page scroll is unchanged by opening and closing (html, body { height: 100% }, with and without body { overflow-x: hidden })', async () => {
    for (const css of ['html,body{height:100%;margin:0}', 'html,body{height:100%;margin:0}body{overflow-x:hidden}']) {
      const test = await openFixture(
        '<div id="top" style="height:150vh">top</div><p><a class="js-lightbox" href="#note" data-lightbox-type="inline">Note</a> <a class="js-lightbox" href="#top" data-lightbox-type="inline">Top</a></p>' +
          '<div id="note">A note.</div><div style="height:150vh">bottom</div>',
        { head: `<style>${css}</style>` + '<script defer src="/Content/scripts/dist/veneer.js"></script>' },
      );
      await test.page.evaluate(() => scrollTo(0, 900));
      const before = await test.page.evaluate(() => [scrollY, document.documentElement.clientWidth]);
      await test.page.click('a.js-lightbox');
      await ready(test.page);
      expect(await test.page.evaluate(() => [scrollY, document.documentElement.clientWidth])).toEqual(before);
      // The wheel does not move the page behind.
      await test.page.mouse.wheel({ deltaY: 400 });
      await sleep(100);
      expect(await test.page.evaluate(() => scrollY)).toBe(before[0]);
      await test.page.keyboard.press('Escape');
      await closed(test.page);
      expect(await test.page.evaluate(() => [scrollY, document.documentElement.clientWidth])).toEqual(before);
      // Content above the fold moves into the popup and back: the page does not move either.
      await test.page.click('a[href="#top"]');
      await ready(test.page);
      await test.page.keyboard.press('Escape');
      await closed(test.page);
      expect(await test.page.evaluate(() => [scrollY, document.documentElement.clientWidth])).toEqual(before);
      test.assertClean();
      await test.page.close();
    }
  });

  it('preloads 0 before and 1 after the current image, in the direction of travel', async () => {
    const test = await session.open('/gallery/');
    await test.page.click('.js-lightbox-gallery a:nth-child(1)');
    await ready(test.page);
    await sleep(150);
    const counts = () => [1, 2, 3, 4, 5, 6].map((n) => imageRequests(test, `gallery-${n}.svg`) > 0);
    expect(counts()).toEqual([true, true, false, false, false, false]);
    // Backwards: 6 is shown, 5 is preloaded, nothing after.
    await test.page.keyboard.press('ArrowLeft');
    await ready(test.page);
    await sleep(150);
    expect(counts()).toEqual([true, true, false, false, true, true]);
    await test.page.keyboard.press('ArrowLeft');
    await ready(test.page);
    await sleep(150);
    expect(counts()).toEqual([true, true, false, true, true, true]);
    test.assertClean();
  });

  it('inline content moves into the popup and back to its place; a missing target shows "Content not found"', async () => {
    const test = await session.open('/resources/');
    const place = () => test.page.$eval('#inline-note', (el) => [el.parentElement!.tagName, el.previousElementSibling?.tagName, el.closest('dialog') ? 'dialog' : 'page', el.outerHTML]);
    const before = await place();
    await test.page.click('a.js-lightbox[data-lightbox-type="inline"]');
    await ready(test.page);
    expect((await place())[2]).toBe('dialog');
    expect(await popup(test.page)).toMatchObject({ label: 'Using our images', counter: null, caption: null, status: '' });
    await test.page.keyboard.press('Escape');
    await closed(test.page);
    expect(await place()).toEqual(before);

    const missing = await openFixture('<a class="js-lightbox" data-lightbox-type="inline" href="#missing">Missing</a>');
    await missing.page.click('a.js-lightbox');
    await missing.page.waitForSelector(`${DIALOG}.has-error`);
    expect(await popup(missing.page)).toMatchObject({ status: 'Content not found', busy: 'false', classes: 'veneer-lightbox is-open has-error' });
    test.assertClean();
    missing.assertClean();
  });

  it('ajax content: the fragment, sanitized; "Loading..." meanwhile; a failed request shows the ajax error', async () => {
    const test = await session.open('/resources/');
    await test.page.click('a.js-lightbox[data-lightbox-type="ajax"]');
    await ready(test.page);
    expect(await test.page.$eval(`${DIALOG} .veneer-lightbox__html`, (el) => [el.firstElementChild?.className, el.querySelectorAll('tr').length])).toEqual(['spec-sheet', 8]);
    expect(await popup(test.page)).toMatchObject({ label: 'NS-400 specification sheet', status: '' });
    expect(test.requests.filter((url) => url.endsWith('/fragments/spec-sheet.html'))).toHaveLength(1);
    await test.page.keyboard.press('Escape');
    await closed(test.page);

    const failed = await openFixture(
      '<a class="js-lightbox" data-lightbox-type="ajax" href="/__fault/404/fragments/spec-sheet.html">404</a>' +
        '<a class="js-lightbox" data-lightbox-type="ajax" href="/__fault/slow-1000/fragments/spec-sheet.html">slow</a>',
      { allowErrors: [/404/] },
    );
    await failed.page.click('a.js-lightbox');
    await failed.page.waitForSelector(`${DIALOG}.has-error`);
    expect(await popup(failed.page)).toMatchObject({ status: 'The content could not be loaded.', classes: 'veneer-lightbox is-open has-error' });
    await failed.page.keyboard.press('Escape');
    await closed(failed.page);
    await failed.page.click('a.js-lightbox:nth-child(2)');
    await failed.page.waitForSelector(DIALOG);
    expect(await popup(failed.page)).toMatchObject({ status: 'Loading...', busy: 'true', classes: 'veneer-lightbox is-open is-busy' });
    await ready(failed.page);
    expect(await popup(failed.page)).toMatchObject({ status: '', busy: 'false' });
    test.assertClean();
    failed.assertClean();
  });

  it('an image that fails shows "The image could not be loaded."; one that never arrives, after 20 s, its size checked 200 times in the legacy steps', async () => {
    const broken = await openFixture('<a class="js-lightbox" href="/__fault/404/media/images/gallery-1.svg" title="Broken">Broken</a>', { allowErrors: [/404/] });
    await broken.page.click('a.js-lightbox');
    await broken.page.waitForSelector(`${DIALOG}.has-error`);
    expect(await popup(broken.page)).toMatchObject({ status: 'The image could not be loaded.', image: null, caption: 'Broken' });
    broken.assertClean();

    // The size checks' delays (1, 10, 50 and 500 ms) are recorded and run at once; the 20 s
    // time-out runs after 3 s, by which time the 200 checks have run.
    const stalled = await openFixture('<a class="js-lightbox" href="/__fault/slow-60000/media/images/gallery-1.svg">Stalled</a>', {
      init: () => {
        const w = window as unknown as { __delays: number[] };
        const original = window.setTimeout;
        w.__delays = [];
        window.setTimeout = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
          if (ms === 20_000) return original(handler, 3_000, ...args);
          if (ms === 1 || ms === 10 || ms === 50 || ms === 500) return w.__delays.push(ms), original(handler, 0, ...args);
          return original(handler, ms, ...args);
        }) as typeof setTimeout;
      },
    });
    await stalled.page.click('a.js-lightbox');
    await stalled.page.waitForSelector(DIALOG);
    expect(await popup(stalled.page)).toMatchObject({ status: 'Loading...', busy: 'true', classes: 'veneer-lightbox is-open is-busy' });
    await stalled.page.waitForSelector(`${DIALOG}.has-error`, { timeout: 6000 });
    expect(await popup(stalled.page)).toMatchObject({ status: 'The image could not be loaded.', busy: 'false' });
    const delays = await stalled.page.evaluate(() => (window as unknown as { __delays: number[] }).__delays);
    const runs = (values: number[]) => values.reduce<[number, number][]>((all, ms) => (all.at(-1)?.[0] === ms ? all.at(-1)![1]++ : all.push([ms, 1]), all), []);
    // Delays before checks 1 to 200: 1 ms for the first three, then 10 ms to the 40th, 50 ms to the 100th, 500 ms to the 200th.
    expect(runs(delays)).toEqual([
      [1, 3],
      [10, 37],
      [50, 60],
      [500, 100],
    ]);
    stalled.assertClean();
  });

  it('the seed: "%url%" in an error label is replaced by the address (image and ajax errors, labels an operator set)', async () => {
    const head =
      '<script defer src="/Content/scripts/dist/veneer.js"></script>' +
      '<script type="application/json" id="veneer-labels">{"lightboxImageError": "%url% could not be loaded.", "lightboxAjaxError": "No content at %url% (%url%)"}</script>';
    const body =
      '<a class="js-lightbox" id="image" href="/__fault/404/media/images/gallery-1.svg">Image</a>' +
      '<a class="js-lightbox" id="ajax" data-lightbox-type="ajax" href="/__fault/500/fragments/spec-sheet.html">Ajax</a>';
    const test = await openFixture(body, { head, allowErrors: [/404|500/] });
    const origin = new URL(session.url).origin;
    const errorOf = async (id: string) => {
      await test.page.click(`#${id}`);
      await test.page.waitForSelector(`${DIALOG}.has-error`);
      const status = (await popup(test.page))!.status;
      await test.page.keyboard.press('Escape');
      await closed(test.page);
      return status;
    };
    expect(await errorOf('image')).toBe(`${origin}/__fault/404/media/images/gallery-1.svg could not be loaded.`);
    expect(await errorOf('ajax')).toBe(`No content at ${origin}/__fault/500/fragments/spec-sheet.html (${origin}/__fault/500/fragments/spec-sheet.html)`);
    test.assertClean();
  });

  it('video gallery thumbnails open their embed in an iframe with a title and the referrer policy', async () => {
    const test = await session.open('/gallery/');
    await test.page.click('.js-video-gallery .video-gallery-item:nth-child(2) a');
    await ready(test.page);
    const frame = () =>
      test.page.$eval(`${DIALOG} iframe`, (el) => ({ src: el.getAttribute('src'), title: el.title, referrer: el.getAttribute('referrerpolicy'), allow: el.getAttribute('allow'), allowfullscreen: el.hasAttribute('allowfullscreen') }));
    // Fullscreen through the allow list alone: with allowfullscreen too, Chromium warns that allow takes precedence.
    expect(await frame()).toEqual({
      src: 'https://www.youtube.com/embed/M7lc1UVf-VE?start=120',
      title: 'Monitoring a North Sea wind park',
      referrer: 'strict-origin-when-cross-origin',
      allow: 'autoplay; encrypted-media; picture-in-picture; fullscreen',
      allowfullscreen: false,
    });
    expect((await popup(test.page))!.counter).toBe('2 of 2');
    await test.page.keyboard.press('ArrowRight');
    await ready(test.page);
    expect((await frame()).src).toBe('https://www.youtube.com/embed/M7lc1UVf-VE');
    await test.page.keyboard.press('Escape');
    await closed(test.page);
    // The contact page's company film: a single iframe link.
    const contact = await session.open('/contact/');
    await contact.page.click('a.js-lightbox[data-lightbox-type="iframe"]');
    await ready(contact.page);
    expect(await contact.page.$eval(`${DIALOG} iframe`, (el) => [el.getAttribute('src'), el.title])).toEqual(['https://www.youtube.com/embed/M7lc1UVf-VE', 'Northwind Instruments company film']);
    expect((await popup(contact.page))!.counter).toBeNull();
    test.assertClean();
    contact.assertClean();
  });

  it("opening an iframe or video lightbox logs no console warning (not Chromium's \"Allow attribute will take precedence over 'allowfullscreen'\")", async () => {
    const contact = await session.open('/contact/');
    await contact.page.click('a.js-lightbox[data-lightbox-type="iframe"]');
    await ready(contact.page);
    await contact.page.waitForSelector(`${DIALOG} iframe`);
    const gallery = await session.open('/gallery/');
    await gallery.page.click('.js-video-gallery .video-gallery-item:nth-child(1) a');
    await ready(gallery.page);
    await gallery.page.waitForSelector(`${DIALOG} iframe`);
    await sleep(100);
    expect(contact.warnings).toEqual([]);
    expect(gallery.warnings).toEqual([]);
    contact.assertClean();
    gallery.assertClean();
  });

  it("iframe links to a YouTube or Vimeo page open that video's player (Magnific Popup's patterns); other addresses are kept", async () => {
    const links = [
      'https://www.youtube.com/watch?v=M7lc1UVf-VE&t=30',
      'http://youtube.com/watch?feature=share&v=M7lc1UVf-VE',
      'https://m.youtube.com/watch?v=M7lc1UVf-VE',
      'https://youtu.be/M7lc1UVf-VE',
      'https://vimeo.com/76979871',
      'https://player.vimeo.com/video/76979871',
    ];
    const test = await openFixture(links.map((href, i) => `<a class="js-lightbox" id="l${i}" data-lightbox-type="iframe" href="${href}">${i}</a> `).join(''));
    const srcs: (string | null)[] = [];
    for (const i of links.keys()) {
      await test.page.click(`#l${i}`);
      await ready(test.page);
      srcs.push(await test.page.$eval(`${DIALOG} iframe`, (el) => el.getAttribute('src')));
      // The player may start: the frame is allowed to autoplay.
      expect(await test.page.$eval(`${DIALOG} iframe`, (el) => el.getAttribute('allow'))).toContain('autoplay');
      await test.page.keyboard.press('Escape');
      await closed(test.page);
    }
    const youtube = 'https://www.youtube.com/embed/M7lc1UVf-VE?autoplay=1';
    // The watch address's t=30 is kept as the player's start.
    expect(srcs).toEqual([youtube + '&start=30', youtube, youtube, youtube, 'https://player.vimeo.com/video/76979871?autoplay=1', 'https://player.vimeo.com/video/76979871']);
    test.assertClean();
  });

  /** Records, for each click that reaches the window, whether veneer prevented it; then stops any navigation. */
  const recordClicks = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as { __clicks: boolean[] };
      w.__clicks = [];
      addEventListener('click', (event) => (w.__clicks.push(event.defaultPrevented), event.preventDefault()));
    });
  const clicks = (page: Page) => page.evaluate(() => (window as unknown as { __clicks: boolean[] }).__clicks);

  it('bad inputs, rows 1 and 3: script and data addresses never open nor navigate; other hosts are plain links', async () => {
    const scripts = ['javascript:__hit()', 'JaVaScRiPt:__hit()', 'java&#9;script:__hit()', '&#106;avascript:__hit()', 'data:text/html,%3Cscript%3Ealert(1)%3C/script%3E', ' javascript:__hit()'];
    const links = [
      ...scripts.map((href) => `<a class="js-lightbox" href="${href}">image</a>`),
      ...scripts.map((href) => `<a class="js-lightbox" data-lightbox-type="iframe" href="${href}">iframe</a>`),
      ...scripts.map((href) => `<a class="js-lightbox" data-lightbox-type="ajax" href="${href}">ajax</a>`),
      '<a class="js-lightbox" data-lightbox-type="unknown" href="javascript:__hit()">unknown type</a>',
      '<div class="js-lightbox-gallery"><a href="javascript:__hit()">in a gallery</a><a href="data:image/svg+xml,%3Csvg%3E%3C/svg%3E">data image</a></div>',
    ];
    const plain = [
      '<a class="js-lightbox" data-lightbox-type="iframe" href="//evil.example/embed/x">protocol-relative</a>',
      '<a class="js-lightbox" data-lightbox-type="iframe" href="https://evil.example/embed/x">other host</a>',
      '<a class="js-lightbox" data-lightbox-type="iframe" href="https://www.youtube.com.evil.example/embed/x">suffix</a>',
      '<a class="js-lightbox" data-lightbox-type="iframe" href="https://www.youtube.com@evil.example/embed/x">userinfo</a>',
      '<a class="js-lightbox" data-lightbox-type="iframe" href="https://www.youtube.com:444/embed/x">port</a>',
      '<a class="js-lightbox" data-lightbox-type="ajax" href="https://evil.example/fragment.html">cross-origin ajax</a>',
    ];
    const test = await openFixture(links.join('') + plain.join(''), { init: trap });
    await recordClicks(test.page);
    const path = await test.page.evaluate(() => location.href);
    const count = await test.page.$$eval('a', (all) => all.length);
    for (let i = 0; i < count; i++) {
      await test.page.evaluate((n: number) => document.querySelectorAll('a')[n].click(), i);
      await sleep(20);
    }
    await sleep(200);
    expect(await test.page.$(DIALOG)).toBeNull();
    expect(await hits(test.page)).toBe(0);
    expect(await test.page.evaluate(() => location.href)).toBe(path);
    // Veneer stopped every script and data address; the http(s) ones were left to the browser.
    expect(await clicks(test.page)).toEqual([...Array(count - plain.length).fill(true), ...Array(plain.length).fill(false)]);
    expect(test.warnings.filter((text) => text.includes('lightbox: refused'))).toHaveLength(count);
    test.assertClean();
  });

  it('bad inputs, row 2: the caption is literal text', async () => {
    const titles = ['<img src=x onerror=__hit()>', '&lt;script&gt;__hit()&lt;/script&gt;'];
    const test = await openFixture(
      `<div class="js-lightbox-gallery">${titles.map((title) => `<a href="/media/images/gallery-1.svg" title="${title}">x</a>`).join('')}</div>`,
      { init: trap },
    );
    await test.page.click('.js-lightbox-gallery a');
    await ready(test.page);
    const caption = () => test.page.$eval(`${DIALOG} figcaption`, (el) => [el.textContent, el.children.length, el.closest('dialog')!.getAttribute('aria-label')]);
    expect(await caption()).toEqual(['<img src=x onerror=__hit()>', 0, '<img src=x onerror=__hit()>']);
    await test.page.keyboard.press('ArrowRight');
    await ready(test.page);
    expect(await caption()).toEqual(['<script>__hit()</script>', 0, '<script>__hit()</script>']);
    await sleep(100);
    expect(await hits(test.page)).toBe(0);
    test.assertClean();
  });

  it('bad inputs, row 4: ajax responses are sanitized, and anything but HTML is refused', async () => {
    const hostile =
      '<div class="hostile"><script>__hit()</script><img src="x" onerror="__hit()"><svg onload="__hit()"></svg>' +
      '<iframe srcdoc="<script>parent.__hit()</script>"></iframe><a href="javascript:__hit()">js</a>' +
      '<meta http-equiv="refresh" content="0;url=https://evil.example/"><base href="https://evil.example/">' +
      '<form action="javascript:__hit()"><button formaction="javascript:__hit()">b</button></form><p>Kept text</p></div>';
    const test = await openFixture(
      '<a class="js-lightbox" data-lightbox-type="ajax" href="/hostile.html">hostile</a><a class="js-lightbox" data-lightbox-type="ajax" href="/script.js">script</a>',
      {
        init: trap,
        allowErrors: [/404/],
        routes: { '/hostile.html': { body: hostile }, '/script.js': { body: '__hit()', type: 'text/javascript' } },
      },
    );
    const path = await test.page.evaluate(() => location.href);
    await test.page.click('a.js-lightbox');
    await ready(test.page);
    const content = await test.page.$eval(`${DIALOG} .veneer-lightbox__html`, (box) => ({
      text: box.querySelector('p')?.textContent,
      dangerous: box.querySelectorAll('script, iframe, meta, base, [onerror], [onload]').length,
      scripted: [...box.querySelectorAll('[href], [action], [formaction]')].filter((el) =>
        ['href', 'action', 'formaction'].some((name) => /^\s*javascript:/i.test(el.getAttribute(name) ?? '')),
      ).length,
    }));
    expect(content).toEqual({ text: 'Kept text', dangerous: 0, scripted: 0 });
    await test.page.click(`${DIALOG} .hostile a`).catch(() => {});
    await sleep(300);
    expect(await hits(test.page)).toBe(0);
    expect(await test.page.evaluate(() => [location.href, document.baseURI])).toEqual([path, path]);
    await test.page.keyboard.press('Escape');
    await closed(test.page);
    await test.page.click('a.js-lightbox:nth-child(2)');
    await test.page.waitForSelector(`${DIALOG}.has-error`);
    expect((await popup(test.page))!.status).toBe('The content could not be loaded.');
    expect(await hits(test.page)).toBe(0);
    test.assertClean();
  });

  it('bad inputs, row 5: inline ids are never selectors; an ancestor of the link is not moved; content goes back', async () => {
    const targets = ['#', '#missing', '#a"b', '#1abc', '#<img src=x onerror=__hit()>', '#wrapper', '#%E2%9C%93'];
    const html =
      `<div id="wrapper">${targets.map((href) => `<a class="js-lightbox" data-lightbox-type="inline" href="${href.replace(/"/g, '&quot;').replace(/</g, '&lt;')}">${href.replace(/</g, '&lt;')}</a>`).join(' ')}</div>` +
      '<div id="a&quot;b">quote</div><div id="1abc">digit</div><div id="✓">check</div>';
    const test = await openFixture(html, { init: trap });
    const results: (string | null)[] = [];
    for (let i = 0; i < targets.length; i++) {
      await test.page.evaluate((n: number) => document.querySelectorAll<HTMLElement>('a.js-lightbox')[n].click(), i);
      await ready(test.page);
      results.push(await test.page.$eval(DIALOG, (d) => d.querySelector('.veneer-lightbox__html')!.textContent || d.querySelector('[role="status"]')!.textContent));
      await test.page.keyboard.press('Escape');
      await closed(test.page);
    }
    expect(results).toEqual(['Content not found', 'Content not found', 'quote', 'digit', 'Content not found', 'Content not found', 'check']);
    // Each target is back where it was.
    expect(await test.page.$$eval('body > div', (all) => all.map((el) => el.id))).toEqual(['wrapper', 'a"b', '1abc', '✓']);
    expect(await hits(test.page)).toBe(0);
    test.assertClean();
  });

  it('bad inputs, row 13: embeds are framed only over https from the exact hosts, without credentials or a port', async () => {
    const embeds = [
      'javascript:__hit()',
      'data:text/html,%3Cscript%3Eparent.__hit()%3C/script%3E',
      'https://evil.example/embed/x',
      'https://www.youtube.com.evil.example/embed/x',
      'https://www.youtube.com@evil.example/embed/x',
      'https://user:pw@www.youtube.com/embed/x',
      'https://www.youtube.com@www.youtube.com/embed/x',
      'https://user@player.vimeo.com/video/1',
      'https://www.youtube.com:444/embed/x',
      // http://www.youtube.com/embed/x and //player.vimeo.com/video/1 are framed over https
      // (contract-variants-2: the embed codes of older templates).
      '',
    ];
    const thumbs = embeds.map((embed) => `<a class="js-video-thumb" href="javascript:__hit()" data-embed="${embed}">bad</a>`).join('');
    const test = await openFixture(
      `<div class="js-video-gallery">${thumbs}<a class="js-video-thumb" href="https://www.youtube.com/watch?v=x" data-embed="https://www.youtube-nocookie.com/embed/x" title="Good">good</a><a class="js-video-thumb" href="/fallback" data-embed="https://evil.example/">plain</a></div>`,
      { init: trap },
    );
    await recordClicks(test.page);
    for (let i = 0; i < embeds.length; i++) await test.page.evaluate((n: number) => document.querySelectorAll<HTMLElement>('.js-video-thumb')[n].click(), i);
    // A thumbnail whose embed is refused but whose own link is fine works as that link.
    await test.page.click('.js-video-thumb:last-child');
    await sleep(200);
    expect(await test.page.$(DIALOG)).toBeNull();
    expect(await clicks(test.page)).toEqual([...Array(embeds.length).fill(true), false]);
    // The good one opens alone: the refused ones are not part of the gallery.
    await test.page.click('.js-video-thumb[title="Good"]');
    await ready(test.page);
    expect(await test.page.$$eval(`${DIALOG} iframe`, (all) => all.map((el) => el.getAttribute('src')))).toEqual(['https://www.youtube-nocookie.com/embed/x']);
    expect((await popup(test.page))!.counter).toBeNull();
    expect(await hits(test.page)).toBe(0);
    test.assertClean();
  });

  it('row 30: 50 rapid clicks open one popup; Escape mashed closes it cleanly, again and again', async () => {
    const test = await session.open('/resources/');
    for (let round = 0; round < 2; round++) {
      // The first round waits for the ui runtime, the second renders at once.
      await test.page.$eval('a.js-lightbox.lightbox-thumb', (link) => {
        for (let i = 0; i < 50; i++) (link as HTMLElement).click();
      });
      await ready(test.page);
      expect(await test.page.$$eval('dialog', (all) => all.length)).toBe(1);
      expect(await test.page.$$eval('body > div > dialog', (all) => all.length)).toBe(1);
      for (let i = 0; i < 10; i++) await test.page.keyboard.press('Escape');
      await closed(test.page);
      expect(await test.page.evaluate(() => [document.querySelectorAll('.is-open.veneer-lightbox').length, document.documentElement.className])).toEqual([0, '']);
    }
    // Mixed: clicks on different links in one task still make one popup, the first one's.
    await test.page.evaluate(() => document.querySelectorAll<HTMLElement>('a.js-lightbox, .js-lightbox-gallery a').forEach((link) => link.click()));
    await ready(test.page);
    expect(await test.page.$$eval('dialog', (all) => all.length)).toBe(1);
    expect((await popup(test.page))!.counter).toBe('1 of ' + (await test.page.$$eval('.js-lightbox-gallery a', (all) => all.length)));
    test.assertClean();
  });

  it('RTL pages swap the arrow keys; the keys are left alone while typing in a field', async () => {
    const test = await openFixture(
      '<div class="js-lightbox-gallery"><a data-lightbox-type="inline" href="#one">One</a><a data-lightbox-type="inline" href="#two">Two</a><a data-lightbox-type="inline" href="#three">Three</a></div>' +
        '<div id="one"><label>Name <input value="abc"></label><textarea>x</textarea></div><div id="two">Second</div><div id="three">Third</div>',
    );
    await test.page.click('.js-lightbox-gallery a');
    await ready(test.page);
    const counter = async () => (await popup(test.page))!.counter;
    await test.page.focus(`${DIALOG} input`);
    await test.page.keyboard.press('ArrowLeft');
    await test.page.keyboard.press('End');
    await test.page.focus(`${DIALOG} textarea`);
    await test.page.keyboard.press('ArrowRight');
    expect(await counter()).toBe('1 of 3');
    expect(await test.page.$eval(`${DIALOG} input`, (el) => (el as HTMLInputElement).selectionStart)).toBe(3);
    await test.page.focus('.veneer-lightbox__close');
    await test.page.keyboard.press('ArrowRight');
    await ready(test.page);
    expect(await counter()).toBe('2 of 3');
    // Right to left: Left is forward.
    await test.page.evaluate(() => (document.documentElement.dir = 'rtl'));
    await test.page.keyboard.press('ArrowLeft');
    await ready(test.page);
    expect(await counter()).toBe('3 of 3');
    await test.page.keyboard.press('ArrowRight');
    await ready(test.page);
    expect(await counter()).toBe('2 of 3');
    // The previous arrow sits on the right.
    const [prev, next] = await test.page.$$eval(`${DIALOG} > button`, (all) => all.slice(0, 2).map((b) => b.getBoundingClientRect().left));
    expect(prev).toBeGreaterThan(next);
    test.assertClean();
  });

  it('data-lightbox-zoom: a 300 ms ease-in-out zoom in and out, none with reduced motion; data-lightbox-removal-delay', async () => {
    const body =
      '<a class="js-lightbox" id="zoom" data-lightbox-zoom href="/media/images/gallery-2.svg"><img src="/media/images/gallery-2-thumb.svg" alt="t" width="120" height="75"></a>' +
      '<a class="js-lightbox" id="delay" data-lightbox-removal-delay="400" href="/media/images/gallery-3.svg">delay</a>';
    const timings = (page: Page) => page.$eval(`${DIALOG} img`, (img) => img.getAnimations().map((a) => `${a.effect!.getTiming().duration} ${a.effect!.getTiming().easing}`));
    const test = await openFixture(body);
    await test.page.click('#zoom');
    await ready(test.page);
    expect(await timings(test.page)).toEqual(['300 ease-in-out']);
    await test.page.keyboard.press('Escape');
    // Closing: still there, no longer is-open, zooming out; then removed.
    expect((await popup(test.page))!.classes).toBe('veneer-lightbox');
    expect((await timings(test.page)).length).toBe(2);
    await closed(test.page);
    await test.page.click('#delay');
    await ready(test.page);
    expect(await timings(test.page)).toEqual([]);
    await test.page.keyboard.press('Escape');
    const start = Date.now();
    expect((await popup(test.page))!.classes).toBe('veneer-lightbox');
    await closed(test.page);
    expect(Date.now() - start).toBeGreaterThan(300);

    const reduced = await openFixture(body, { reducedMotion: true });
    await reduced.page.click('#zoom');
    await ready(reduced.page);
    expect(await timings(reduced.page)).toEqual([]);
    await reduced.page.keyboard.press('Escape');
    expect(await reduced.page.$(DIALOG)).toBeNull();
    await reduced.page.click('#delay');
    await ready(reduced.page);
    await reduced.page.keyboard.press('Escape');
    expect(await reduced.page.$(DIALOG)).toBeNull();
    test.assertClean();
    reduced.assertClean();
  });

  it('a modified click is the browser\'s (new tab), not the lightbox\'s', async () => {
    const test = await session.open('/resources/');
    await recordClicks(test.page);
    for (const modifier of ['Control', 'Shift', 'Meta'] as KeyInput[]) {
      await test.page.keyboard.down(modifier);
      await test.page.click('a.js-lightbox.lightbox-thumb');
      await test.page.keyboard.up(modifier);
    }
    await sleep(200);
    expect(await test.page.$(DIALOG)).toBeNull();
    expect(await clicks(test.page)).toEqual([false, false, false]);
    test.assertClean();
  });

  it('under ?csp=strict: images, ajax, inline and iframes open with no violation', async () => {
    const test = await session.open('/__pages.json', { ready: false });
    await test.page.evaluateOnNewDocument(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      addEventListener('securitypolicyviolation', (event) => w.__violations.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    const response = await test.page.goto(session.url + '/resources/?csp=strict', { waitUntil: 'domcontentloaded' });
    expect(response!.headers()['content-security-policy']).toBe(STRICT_CSP);
    await test.ready();
    for (const link of ['.js-lightbox-gallery a', 'a.js-lightbox.lightbox-thumb', 'a[data-lightbox-type="ajax"]', 'a[data-lightbox-type="inline"]']) {
      await test.page.click(link);
      await ready(test.page);
      if (link.includes('gallery')) {
        await test.page.keyboard.press('ArrowRight');
        await ready(test.page);
      }
      await test.page.keyboard.press('Escape');
      await closed(test.page);
    }
    expect(await test.page.$eval('#inline-note', (el) => el.closest('dialog'))).toBeNull();
    await test.page.goto(session.url + '/contact/?csp=strict', { waitUntil: 'domcontentloaded' });
    await test.ready();
    await test.page.click('a.js-lightbox');
    await ready(test.page);
    expect(await test.page.$eval(`${DIALOG} iframe`, (el) => el.getAttribute('src'))).toBe('https://www.youtube.com/embed/M7lc1UVf-VE');
    expect(await test.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    test.assertClean();
  });

  it('removing the hook closes its popup and puts the content back; a re-inserted hook works again', async () => {
    const test = await session.open('/resources/');
    const trigger = 'a.js-lightbox[data-lightbox-type="inline"]';
    const before = await test.page.$eval('#inline-note', (el) => el.outerHTML);
    await test.page.click(trigger);
    await ready(test.page);
    await test.page.evaluate((sel: string) => {
      const link = document.querySelector(sel)!;
      (window as unknown as { __link: Element }).__link = link;
      link.remove();
    }, trigger);
    await closed(test.page);
    expect(await test.page.evaluate(() => [document.documentElement.className, document.getElementById('inline-note')!.closest('dialog')])).toEqual(['', null]);
    expect(await test.page.$eval('#inline-note', (el) => el.outerHTML)).toBe(before);
    // Back in the page, enhanced again, and it opens.
    await test.page.evaluate(() => document.querySelector('.inline-note')!.before((window as unknown as { __link: Element }).__link));
    await test.ready();
    expect(await test.page.$eval(trigger, (el) => el.getAttribute('data-enhanced'))).toBe('lightbox');
    await test.page.click(trigger);
    await ready(test.page);
    // A gallery removed while its popup is open: closed too; its links are plain links again.
    await test.page.keyboard.press('Escape');
    await closed(test.page);
    await test.page.click('.js-lightbox-gallery a');
    await ready(test.page);
    await test.page.evaluate(() => {
      const gallery = document.querySelector('.js-lightbox-gallery')!;
      (window as unknown as { __gallery: Element }).__gallery = gallery;
      gallery.remove();
    });
    await closed(test.page);
    // Its listener is gone: a click on the removed gallery's link is not intercepted.
    const prevented = await test.page.evaluate(() => {
      const gallery = (window as unknown as { __gallery: Element }).__gallery;
      let seen: boolean | undefined;
      gallery.addEventListener('click', (event) => ((seen = event.defaultPrevented), event.preventDefault()));
      gallery.querySelector('a')!.click();
      return seen;
    });
    expect(prevented).toBe(false);
    expect(await test.page.$(DIALOG)).toBeNull();
    test.assertClean();
  });

  it('without the ui runtime (its chunk fails twice) the link is followed as without script', async () => {
    const test = await session.open('/resources/', {
      intercept: (url) => (/\/Content\/scripts\/dist\/ui\./.test(url) ? 'abort' : undefined),
      allowErrors: [/ERR_FAILED|Failed to load/],
    });
    await Promise.all([test.page.waitForNavigation(), test.page.click('a.js-lightbox.lightbox-thumb')]);
    expect(new URL(test.page.url()).pathname).toBe('/media/images/ns-400-large.svg');
    expect(test.warnings.some((text) => text.startsWith('[veneer] lightbox: no ui runtime'))).toBe(true);
    test.assertClean();
  });
});
