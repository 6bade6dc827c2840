// Social share links (a.js-share) in Chromium against the production build: the captured
// pages' LinkedIn / X / Facebook links (Facebook with data-width 600 and data-height 500) and
// fixtures for the accessible name, a blocked popup, the Web Share API and bad-input row 11.
// window.open is spied (its arguments recorded, the real popup still opened).
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { fixture, openBefore } from './helpers';
import { useSession, type Session } from './support';

type SpyWindow = { __opens: string[][]; __hits: number; __hit(): void; __violations: string[] };

function spyOpen() {
  const w = window as unknown as SpyWindow;
  w.__opens = [];
  w.__hits = 0;
  w.__hit = () => w.__hits++;
  const original = window.open.bind(window);
  window.open = (...args: Parameters<typeof window.open>) => {
    w.__opens.push(args.map(String));
    return original(...args);
  };
}

/** A fixture page with the window.open spy running before veneer. */
const withSpy = (html: string, extra = '') => html.replace('</title>', `</title><script>(${spyOpen})();${extra}</script>`);

const opens = (page: Page) => page.evaluate(() => (window as unknown as SpyWindow).__opens);

/** The popup's page once it is at an address starting with `prefix`. */
async function popupAt(session: Session, prefix: string) {
  let url = '';
  const target = await session.browser.waitForTarget((t) => t.url().startsWith(prefix) && !!(url = t.url()), { timeout: 5000 });
  return Object.assign((await target.page())!, { openedAt: url });
}

/** The features string as a map, e.g. { width: '550', height: '450', popup: '' }. */
const features = (text: string) => Object.fromEntries(text.split(',').map((pair) => [pair.split('=')[0], pair.split('=')[1] ?? '']));

describe('share', () => {
  const session = useSession();

  it('the home page: a click opens the share address in a 550×450 popup (600×500 from data-*)', async () => {
    const { test } = await openBefore(session, '/home/', { init: spyOpen });
    const page = test.page;
    expect(await page.$$eval('a.js-share', (all) => all.map((a) => a.getAttribute('data-enhanced')))).toEqual(['share', 'share', 'share']);
    const linkedin = await page.$eval('a.js-share', (a) => a.href);
    await page.click('a.js-share');
    const popup = await popupAt(session, 'https://www.linkedin.com/');
    // The address it went to (offline here, it ends on Chromium's error page).
    expect(popup.openedAt).toBe(linkedin);
    const [first] = await opens(page);
    expect(first.slice(0, 2)).toEqual([linkedin, '_blank']);
    expect(features(first[2])).toMatchObject({ popup: '', width: '550', height: '450', noopener: '', noreferrer: '' });
    await popup.close();
    // The page itself stays where it was.
    expect(page.url()).toBe(session.url + '/home/');

    await page.click('a.js-share[data-width]');
    expect(features((await opens(page))[1][2])).toMatchObject({ width: '600', height: '500' });
    test.assertClean();
  });

  it('the popup has no opener (row 11) and no referrer, and the visually hidden "(opens in new window)" text is added and removed', async () => {
    const html = fixture(
      `<a class="js-share" id="plain" href="/__share-target/?u=https%3A%2F%2Fexample.com%2F">Share</a>` +
        `<a class="js-share" id="labelled" aria-label="Share on LinkedIn" href="https://www.linkedin.com/x">in</a>` +
        `<a class="js-share" id="said" href="https://www.linkedin.com/y">LinkedIn (opens in a new window)</a>` +
        `<a class="js-share" id="icon" title="Share on Facebook" href="https://www.facebook.com/z"><svg aria-hidden="true" width="16" height="16"></svg></a>`,
    );
    const test = await session.open('/__fixture/share-name?secret=token', { html: withSpy(html) });
    const page = test.page;
    const names = () =>
      page.$$eval('a.js-share', (all) => all.map((a) => a.getAttribute('aria-label') ?? a.textContent));
    // An icon link named by its title keeps that name, with the warning after it.
    expect(await names()).toEqual([
      'Share (opens in new window)',
      'Share on LinkedIn (opens in new window)',
      'LinkedIn (opens in a new window)',
      'Share on Facebook (opens in new window)',
    ]);
    expect(await page.$eval('#plain .veneer-visually-hidden', (el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1);

    await page.click('#plain');
    const popup = await popupAt(session, session.url + '/__share-target/');
    await popup.waitForFunction(() => document.readyState != 'loading');
    // The page's address (with its query) stays with the page: the CMS's rel="noopener noreferrer".
    expect(await popup.evaluate(() => [window.opener === null, document.referrer])).toEqual([true, '']);
    await popup.close();
    // Enter on the focused link: the same popup.
    await page.focus('#plain');
    await page.keyboard.press('Enter');
    await (await popupAt(session, session.url + '/__share-target/')).close();
    const target = session.url + '/__share-target/?u=https%3A%2F%2Fexample.com%2F';
    expect((await opens(page)).map((args) => args[0])).toEqual([target, target]);
    expect(page.url()).toBe(session.url + '/__fixture/share-name?secret=token');

    const removed = await page.evaluate(async () => {
      const links = [...document.querySelectorAll('a.js-share')];
      links.forEach((a) => a.remove());
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      return links.map((a) => a.outerHTML);
    });
    expect(removed).toEqual([
      '<a class="js-share" id="plain" href="/__share-target/?u=https%3A%2F%2Fexample.com%2F">Share</a>',
      '<a class="js-share" id="labelled" aria-label="Share on LinkedIn" href="https://www.linkedin.com/x">in</a>',
      '<a class="js-share" id="said" href="https://www.linkedin.com/y">LinkedIn (opens in a new window)</a>',
      '<a class="js-share" id="icon" title="Share on Facebook" href="https://www.facebook.com/z"><svg aria-hidden="true" width="16" height="16"></svg></a>',
    ]);
    test.assertClean();
  });

  it('bad inputs (row 11): javascript: and data: open nothing; sizes clamped or defaulted with a warning', async () => {
    const html = fixture(
      `<a class="js-share" id="js" href="javascript:__hit()">JS</a>` +
        `<a class="js-share" id="js2" href="  JaVa&#9;ScRiPt:__hit()">JS2</a>` +
        `<a class="js-share" id="data" href="data:text/html,<script>opener.__hit()</script>">Data</a>` +
        `<a class="js-share" id="big" data-width="1e9" data-height="-5" href="/__share-target/big">Big</a>` +
        `<a class="js-share" id="abc" data-width="abc" data-height="" href="/__share-target/abc">Abc</a>`,
    );
    const test = await session.open('/__fixture/share-bad', { html: withSpy(html) });
    const page = test.page;
    for (const id of ['js', 'js2', 'data']) await page.click('#' + id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await page.evaluate(() => [(window as unknown as SpyWindow).__hits, (window as unknown as SpyWindow).__opens.length, location.pathname])).toEqual([
      0,
      0,
      '/__fixture/share-bad',
    ]);
    expect(await page.$$eval('#js, #js2, #data', (all) => all.map((a) => a.getAttribute('aria-disabled')))).toEqual(['true', 'true', 'true']);
    expect(test.warnings.filter((w) => w.includes('is not an http(s) address; it opens nothing'))).toHaveLength(3);

    await page.click('#big');
    (await popupAt(session, session.url + '/__share-target/big')).close();
    await page.click('#abc');
    (await popupAt(session, session.url + '/__share-target/abc')).close();
    const [big, abc] = (await opens(page)).map((args) => features(args[2]));
    expect([big.width, big.height, abc.width, abc.height]).toEqual(['2000', '200', '550', '450']);
    expect(test.warnings.filter((w) => w.startsWith('[veneer] share: data-')).map((w) => w.replace(' [node HTMLAnchorElement]', ''))).toEqual([
      '[veneer] share: data-width="1e9" is outside 200 to 2000; using 2000',
      '[veneer] share: data-height="-5" is outside 200 to 2000; using 200',
      '[veneer] share: data-width="abc" is not a number; using 550',
      '[veneer] share: data-height="" is not a number; using 450',
    ]);
    test.assertClean();
  });

  it('bad inputs (row 11): a hook without an href (none, empty, a <button>) opens nothing and warns, and gets no "new window" words', async () => {
    const html = fixture(
      `<a class="js-share" id="none">None</a>` + `<a class="js-share" id="empty" href="">Empty</a>` + `<button type="button" class="js-share" id="button">Button</button>`,
    );
    const test = await session.open('/__fixture/share-no-href', { html: withSpy(html) });
    const page = test.page;
    // href="" is left to do what it does without script: load this page again.
    for (const id of ['none', 'button']) await page.click('#' + id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await page.evaluate(() => [(window as unknown as SpyWindow).__opens.length, location.pathname])).toEqual([0, '/__fixture/share-no-href']);
    expect(await page.$$eval('.js-share', (all) => all.map((el) => [el.textContent, el.getAttribute('data-enhanced')]))).toEqual([
      ['None', null],
      ['Empty', null],
      ['Button', null],
    ]);
    expect(test.warnings.filter((w) => w.includes('is not a share address; left as it is'))).toHaveLength(3);
    test.assertClean();
  });

  it('/home-de/: links that say "neuen Fenster" already get no second "new window" in German', async () => {
    const test = await session.open('/home-de/');
    const names = await test.page.$$eval('a.js-share', (all) => all.map((a) => a.textContent!.trim()));
    expect(names).toEqual(['LinkedIn (öffnet in einem neuen Fenster)', 'X (öffnet in einem neuen Fenster)', 'Facebook (öffnet in einem neuen Fenster)']);
    test.assertClean();
  });

  it('a popup the browser would block (no user activation): the link is followed as it is', async () => {
    const html = fixture(`<a class="js-share" href="/contact/?shared=1">Share</a>`);
    // Ready awaited without a user gesture (page.evaluate gives one): the page never had activation.
    const test = await session.open('/__fixture/share-blocked', { html: withSpy(html), ready: false });
    const cdp = await test.page.createCDPSession();
    const run = (expression: string) => cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true, userGesture: false });
    await run('veneer.ready()');
    expect((await run('[navigator.userActivation.isActive, !!document.querySelector("a.js-share[data-enhanced]")]')).result.value).toEqual([false, true]);
    // A click from script with no user gesture: Chromium blocks any popup it would open.
    await Promise.all([test.page.waitForNavigation({ waitUntil: 'domcontentloaded' }), run("document.querySelector('a.js-share').click()")]);
    expect(test.page.url()).toBe(session.url + '/contact/?shared=1');
    test.assertClean();
  });

  it('the Web Share API on a coarse pointer: used instead of the popup, with the shared page', async () => {
    // Runs in the page (serialised: no closure): "?fine" in the address answers a fine pointer.
    const init = () => {
      const coarse = !location.search.includes('fine');
      const w = window as unknown as SpyWindow & { __shared: ShareData[] };
      w.__opens = [];
      w.__shared = [];
      window.open = (...args: Parameters<typeof window.open>) => (w.__opens.push(args.map(String)), null);
      Object.defineProperty(navigator, 'share', { value: (data: ShareData) => (w.__shared.push(data), Promise.resolve()) });
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes('pointer: coarse') ? ({ matches: coarse, media: query } as MediaQueryList) : original(query);
    };
    const shared = (page: Page) => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared);
    const { test } = await openBefore(session, '/event/', { init });
    await test.page.click('a.js-share');
    expect(await shared(test.page)).toEqual([{ url: 'https://www.northwind-instruments.example/event/', title: await test.page.title() }]);
    expect(await opens(test.page)).toEqual([]);
    expect(test.page.url()).toBe(session.url + '/event/');
    test.assertClean();

    // A fine pointer keeps the popup the visitor chose.
    const fine = await openBefore(session, '/event/?fine', { init });
    await fine.test.page.click('a.js-share');
    expect(await shared(fine.test.page)).toEqual([]);
    expect((await opens(fine.test.page)).length).toBe(1);
    fine.test.assertClean();
  });

  it('works under the strict CSP with Trusted Types, with no violation', async () => {
    const { test } = await openBefore(session, '/contact/?csp=strict', {
      init: () => {
        const w = window as unknown as SpyWindow;
        w.__violations = [];
        addEventListener('securitypolicyviolation', (event) => w.__violations.push(event.effectiveDirective + ' ' + event.blockedURI));
        w.__opens = [];
        window.open = (...args: Parameters<typeof window.open>) => (w.__opens.push(args.map(String)), null);
      },
    });
    const page = test.page;
    expect(await page.$$eval('a.js-share', (all) => all.map((a) => a.getAttribute('data-enhanced')))).toEqual(['share', 'share', 'share']);
    await page.click('a.js-share[data-track-action="x"]');
    expect((await opens(page))[0][0]).toMatch(/^https:\/\/twitter\.com\//);
    expect(page.url()).toBe(session.url + '/contact/?csp=strict');
    expect(await page.evaluate(() => (window as unknown as SpyWindow).__violations)).toEqual([]);
    test.assertClean();
  });
});
