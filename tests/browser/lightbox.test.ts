// Lightbox (a.js-lightbox, div.js-lightbox-gallery, div.js-video-gallery) in Chromium against
// the production build: the captured resources, gallery and contact pages, and fixtures for
// errors, timing and the bad-input rows 1, 2, 3, 4, 5, 13 and 30. The popup is a modal
// <dialog class="veneer-lightbox">, rendered through the shared ui runtime.
import type { HTTPRequest, Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { STRICT_CSP } from '../../src/harness/csp';
import { fixture } from './helpers';
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
      role: dialog.getAttribute('role'),
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
      role: 'dialog',
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
    // The image's alternative text is the thumbnail's; the page behind is inert (top layer).
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
    for (const modifier of ['Shift', 'Alt', 'Control', 'Meta']) {
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

  it('page scroll is unchanged by opening and closing (html, body { height: 100% })', async () => {
    const test = await openFixture(
      '<div style="height:150vh">top</div><p><a class="js-lightbox" href="#note" data-lightbox-type="inline">Note</a></p><div id="note">A note.</div><div style="height:150vh">bottom</div>',
      { head: '<style>html,body{height:100%;margin:0}</style>' + '<script defer src="/Content/scripts/dist/veneer.js"></script>' },
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
    test.assertClean();
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

  it('an image that fails shows "The image could not be loaded."; one that never arrives, after 200 checks at 100 ms', async () => {
    const broken = await openFixture('<a class="js-lightbox" href="/__fault/404/media/images/gallery-1.svg" title="Broken">Broken</a>', { allowErrors: [/404/] });
    await broken.page.click('a.js-lightbox');
    await broken.page.waitForSelector(`${DIALOG}.has-error`);
    expect(await popup(broken.page)).toMatchObject({ status: 'The image could not be loaded.', image: null, caption: 'Broken' });
    broken.assertClean();

    // The 100 ms checks run every millisecond here, and are counted.
    const stalled = await openFixture('<a class="js-lightbox" href="/__fault/slow-60000/media/images/gallery-1.svg">Stalled</a>', {
      init: () => {
        const w = window as unknown as { __checks: number };
        const original = window.setInterval;
        w.__checks = 0;
        window.setInterval = ((handler: () => void, ms?: number) =>
          ms === 100 ? original(() => (w.__checks++, handler()), 1) : original(handler, ms)) as typeof setInterval;
      },
    });
    await stalled.page.click('a.js-lightbox');
    await stalled.page.waitForSelector(DIALOG);
    expect(await popup(stalled.page)).toMatchObject({ status: 'Loading...', busy: 'true', classes: 'veneer-lightbox is-open is-busy' });
    await stalled.page.waitForSelector(`${DIALOG}.has-error`, { timeout: 4000 });
    expect(await popup(stalled.page)).toMatchObject({ status: 'The image could not be loaded.', busy: 'false' });
    expect(await stalled.page.evaluate(() => (window as unknown as { __checks: number }).__checks)).toBe(200);
    // The checks stopped.
    await sleep(100);
    expect(await stalled.page.evaluate(() => (window as unknown as { __checks: number }).__checks)).toBe(200);
    stalled.assertClean();
  });

  it('video gallery thumbnails open their embed in an iframe with a title and the referrer policy', async () => {
    const test = await session.open('/gallery/');
    await test.page.click('.js-video-gallery .video-gallery-item:nth-child(2) a');
    await ready(test.page);
    const frame = () =>
      test.page.$eval(`${DIALOG} iframe`, (el) => ({ src: el.getAttribute('src'), title: el.title, referrer: el.getAttribute('referrerpolicy'), fullscreen: el.hasAttribute('allowfullscreen') }));
    expect(await frame()).toEqual({ src: 'https://www.youtube.com/embed/M7lc1UVf-VE?start=120', title: 'Monitoring a North Sea wind park', referrer: 'strict-origin-when-cross-origin', fullscreen: true });
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
});
