// Analytics (veneer's own script tag with data-analytics-id) on the captured pages and on
// fixtures, in Chromium against the production build. On harness pages the tag is pointed
// at the stand-in (/__stubs/analytics/collect, listed by GET /__analytics); fixtures served
// by the test keep the real GA4 endpoint, answered here by request interception.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { fixture, openBefore, type OpenBeforeOptions } from './helpers';
import { useSession, type Session } from './support';

const GA4 = 'https://www.google-analytics.com/g/collect';
const STUB = '/__stubs/analytics/collect';
const tag = (attrs: string) => `<script defer src="/Content/scripts/dist/veneer.js" ${attrs}></script>`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Hit {
  method: string;
  query: Record<string, string>;
}

const clear = (session: Session) => fetch(session.url + '/__analytics', { method: 'DELETE' });
const recorded = async (session: Session): Promise<Hit[]> => (await fetch(session.url + '/__analytics')).json();
/** The hits recorded so far whose page path is `path`, once `count` of them have come. */
async function hitsFor(session: Session, path: string, count: number, timeout = 3000): Promise<Hit[]> {
  const end = Date.now() + timeout;
  for (;;) {
    const hits = (await recorded(session)).filter((hit) => new URL(hit.query.dl).pathname === path);
    if (hits.length >= count || Date.now() > end) return hits;
    await sleep(50);
  }
}
const events = (hits: Hit[]) => hits.map((hit) => [hit.query.en, hit.query['ep.event_category'], hit.query['ep.event_label'], hit.query['epn.value']]);
const scrollToFraction = (page: Page, fraction: number) =>
  page.evaluate((f: number) => window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * f), fraction);

/** The fixture `html` at `path`, with no client id cookie and no stored consent from earlier pages. */
const openFresh = (session: Session, path: string, html: string, options: Omit<OpenBeforeOptions, 'init'> = {}) =>
  openBefore(session, path, {
    ...options,
    respond: (url) => (new URL(url).pathname === path ? { body: html } : options.respond?.(url)),
    init: () => {
      document.cookie = 'veneer_cid=; max-age=0; path=/';
      localStorage.clear();
    },
  }).then(({ test }) => test);

describe('analytics', () => {
  const session = useSession();

  it('sends the page view to the harness stand-in with the GA4 fields; the client id lives in a Lax cookie', async () => {
    await clear(session);
    const test = await session.open('/home/');
    expect(await test.page.$eval('script[data-analytics-id]', (el) => [el.getAttribute('data-enhanced'), el.getAttribute('data-analytics-endpoint')])).toEqual([
      'analytics',
      STUB,
    ]);
    const [hit, ...more] = await hitsFor(session, '/home/', 1);
    expect(more).toEqual([]);
    expect(hit.method).toBe('POST'); // navigator.sendBeacon
    const cookie = (await test.page.cookies()).find((each) => each.name === 'veneer_cid')!;
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', secure: false });
    expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(360 * 86_400_000);
    expect(hit.query).toMatchObject({
      v: '2',
      tid: 'G-NW12345',
      cid: cookie.value,
      en: 'page_view',
      dl: session.url + '/home/',
      dt: await test.page.title(),
    });
    expect(cookie.value).toMatch(/^\d+\.\d+$/);
    test.assertClean();
    await test.page.close();
  });

  it('a tracked link that leaves the page still reports its click (category, action, label)', async () => {
    await clear(session);
    const test = await session.open('/home/');
    await Promise.all([test.page.waitForNavigation({ waitUntil: 'domcontentloaded' }), test.page.click('a[data-track-label="Intro: talk to an engineer"]')]);
    expect(new URL(test.page.url()).pathname).toBe('/contact/');
    const hits = await hitsFor(session, '/home/', 2);
    expect(events(hits)).toEqual([
      ['page_view', undefined, undefined, undefined],
      ['click', 'cta', 'Intro: talk to an engineer', undefined],
    ]);
    test.assertClean();
    await test.page.close();
  });

  it('scroll depth: once at half way and once within 100 px of the end, however much the visitor scrolls', async () => {
    await clear(session);
    const test = await session.open('/news/');
    await scrollToFraction(test.page, 0.2);
    await sleep(400);
    expect(events(await hitsFor(session, '/news/', 2, 300)).filter(([en]) => en === 'scroll')).toEqual([]);
    for (const f of [0.6, 0.3, 0.7]) {
      await scrollToFraction(test.page, f);
      await sleep(300);
    }
    await test.page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight - innerHeight - 150));
    await sleep(400);
    expect(events(await hitsFor(session, '/news/', 2)).filter(([en]) => en === 'scroll')).toEqual([['scroll', 'scroll', '50%', '50']]);
    // 60 px from the end is within the seed's 100 px (150 px was not): the end counts.
    await test.page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight - innerHeight - 60));
    expect(events(await hitsFor(session, '/news/', 3)).filter(([en]) => en === 'scroll')).toEqual([
      ['scroll', 'scroll', '50%', '50'],
      ['scroll', 'scroll', '100%', '100'],
    ]);
    for (const f of [1, 0.5, 1]) {
      await scrollToFraction(test.page, f);
      await sleep(300);
    }
    const scrolls = events(await hitsFor(session, '/news/', 3)).filter(([en]) => en === 'scroll');
    expect(scrolls).toEqual([
      ['scroll', 'scroll', '50%', '50'],
      ['scroll', 'scroll', '100%', '100'],
    ]);
    test.assertClean();
    await test.page.close();
  });

  it('file downloads by the extension of the link path; other links are not downloads', async () => {
    const files = ['a.zip', 'b.PDF', 'c.doc', 'd.docx', 'e.xls', 'f.xlsx', 'g.ppt', 'h.pptx', 'i.txt'];
    const others = ['/j.html', '/pdf', '/k.pdf.html', '/l.pdfx', 'mailto:x@example.com?subject=a.pdf', '/m.txt/'];
    const links = [
      ...files.map((file, i) => `<a href="/media/${file}${i == 3 ? '?v=2' : i == 4 ? '#top' : ''}">${file}</a>`),
      ...others.map((href) => `<a href="${href}">${href}</a>`),
    ].join(' ');
    await clear(session);
    const test = await session.open('/__fixture/downloads', {
      html: fixture(links, tag(`data-analytics-id="G-TEST123" data-analytics-endpoint="${STUB}"`)),
    });
    // No navigation away: the test's own listener, after veneer's (capture) one.
    await test.page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()));
    for (const link of await test.page.$$('a')) await link.click();
    const hits = (await hitsFor(session, '/__fixture/downloads', 10)).filter((hit) => hit.query.en === 'file_download');
    await sleep(300);
    expect(events(hits)).toEqual(files.map((file) => ['file_download', 'download', `/media/${file}`, undefined]));
    test.assertClean();
    await test.page.close();
  });

  it("sends the bus's /analytics/event: the forms feature's validation results and page scripts' events", async () => {
    await clear(session);
    const test = await session.open('/event/');
    await test.page.click('form.js-cms-form button[type=submit]');
    await test.page.evaluate(() =>
      (window as unknown as { veneer: { emit(topic: string, data: unknown): void } }).veneer.emit('/analytics/event', {
        category: 'video',
        action: 'play 50%',
        label: 'x'.repeat(300),
        value: 12.5,
      }),
    );
    // The failed validation scrolls to the first error: scroll depth is not what this is about.
    const hits = (await hitsFor(session, '/event/', 4)).filter((hit) => hit.query.en !== 'scroll');
    expect(events(hits)).toEqual([
      ['page_view', undefined, undefined, undefined],
      ['submit', 'event', 'Summit 2026 registration', undefined],
      ['validation_failed', 'form', '/forms/register', '1'],
      ['play_50_', 'video', 'x'.repeat(100), '12.5'],
    ]);
    test.assertClean();
    await test.page.close();
  });

  it('a padded data-analytics-id (" G-TEST123 ") is that id: no warning, hits carry it', async () => {
    await clear(session);
    const test = await session.open('/__fixture/analytics-padded', { html: fixture('<p>padded</p>', tag(`data-analytics-id=" G-TEST123 " data-analytics-endpoint="${STUB}"`)) });
    const [hit] = await hitsFor(session, '/__fixture/analytics-padded', 1);
    expect([hit.query.en, hit.query.tid]).toEqual(['page_view', 'G-TEST123']);
    expect(test.warnings.filter((w) => w.includes('analytics'))).toEqual([]);
    test.assertClean();
    await test.page.close();
  });

  it('uses the real GA4 endpoint by default (answered here) and refuses an endpoint on another site', async () => {
    const sent: string[] = [];
    const test = await session.open('/__fixture/ga4', {
      html: fixture('<p data-track-category="c" data-track-action="a" data-track-label="l" data-track-value="7" id="t">t</p>', tag('data-analytics-id="G-TEST123" data-analytics-endpoint="https://evil.example/collect"')),
      respond: (url) => {
        if (!url.startsWith(GA4 + '?')) return;
        sent.push(url);
        return { status: 204 };
      },
    });
    await test.page.click('#t');
    for (let i = 0; i < 40 && sent.length < 2; i++) await sleep(50);
    expect(sent).toHaveLength(2);
    const [view, click] = sent.map((url) => Object.fromEntries(new URL(url).searchParams));
    expect(view).toMatchObject({ v: '2', tid: 'G-TEST123', en: 'page_view', dl: session.url + '/__fixture/ga4' });
    expect(click).toMatchObject({ v: '2', tid: 'G-TEST123', en: 'a', 'ep.event_category': 'c', 'ep.event_label': 'l', 'epn.value': '7', cid: view.cid });
    expect(test.requests.some((url) => url.includes('evil'))).toBe(false);
    expect(test.warnings.some((text) => text.includes('data-analytics-endpoint="https://evil.example/collect" is not valid'))).toBe(true);
    test.assertClean();
    await test.page.close();
  });

  it('an endpoint with its own query and a #fragment gets every field in its query (a fragment never reaches the server)', async () => {
    await clear(session);
    const path = '/__fixture/analytics-fragment';
    const test = await session.open(path, { html: fixture('<p>fragment</p>', tag(`data-analytics-id="G-TEST123" data-analytics-endpoint="${STUB}?src=site#frag"`)) });
    let hits: Hit[] = [];
    for (let i = 0; i < 60 && !hits.length; i++, await sleep(50)) hits = await recorded(session);
    expect(hits).toHaveLength(1);
    expect(hits[0].query).toMatchObject({ src: 'site', v: '2', tid: 'G-TEST123', en: 'page_view', dl: session.url + path });
    expect(test.warnings.filter((w) => w.includes('analytics'))).toEqual([]);
    test.assertClean();
    await test.page.close();
  });

  it('an endpoint with a user name and password (sendBeacon refuses it) is not valid: a warning, and the hits go to GA4', async () => {
    const sent: string[] = [];
    const endpoint = session.url.replace('//', '//user:pw@') + STUB;
    const test = await session.open('/__fixture/analytics-credentials', {
      html: fixture('<p>credentials</p>', tag(`data-analytics-id="G-TEST123" data-analytics-endpoint="${endpoint}"`)),
      respond: (url) => {
        if (!url.startsWith(GA4 + '?')) return;
        sent.push(url);
        return { status: 204 };
      },
    });
    for (let i = 0; i < 40 && !sent.length; i++) await sleep(50);
    expect(sent.map((url) => new URL(url).searchParams.get('en'))).toEqual(['page_view']);
    expect(test.warnings.filter((w) => w.includes(`data-analytics-endpoint="${endpoint}" is not valid: using the GA4 endpoint`))).toHaveLength(1);
    test.assertClean();
    await test.page.close();
  });

  it.each([
    ['no data-analytics-id', ''],
    ['an empty id', 'data-analytics-id=""'],
    ['a Universal Analytics id', 'data-analytics-id="UA-12345-1"'],
    ['markup as the id', 'data-analytics-id="G-&lt;img src=x onerror=__hit()&gt;"'],
  ])('%s: nothing is sent and no cookie written', async (_name, attrs) => {
    const test = await openFresh(session, '/__fixture/no-id', fixture('<a href="/x.pdf" id="pdf">pdf</a>', tag(attrs)), {
      respond: (url) => (url.includes('google-analytics') ? { status: 204 } : undefined),
    });
    await test.page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()));
    await test.page.click('#pdf');
    await sleep(300);
    expect(test.requests.filter((url) => /collect|google-analytics/.test(url))).toEqual([]);
    expect(await test.page.evaluate(() => document.cookie)).toBe('');
    expect(await test.page.$eval('script[src*="veneer"]', (el) => el.getAttribute('data-enhanced'))).toBe(null);
    if (!attrs) expect(test.requests.some((url) => url.includes('/analytics.'))).toBe(false);
    test.assertClean();
    await test.page.close();
  });

  describe('with a cookie prompt on the page', () => {
    const PROMPT =
      '<div class="js-permission" data-permission="cookie"><p>Cookies?</p><button class="js-permission-allow">Yes</button><button class="js-permission-deny">No</button></div>' +
      '<p data-track-category="c" data-track-action="a" id="t">t</p>';
    const page = (name: string) => ({ path: `/__fixture/${name}`, html: fixture(PROMPT, tag(`data-analytics-id="G-TEST123" data-analytics-endpoint="${STUB}"`)) });
    const emit = (test: { page: Page }, state: string) =>
      test.page.evaluate(
        (s: string) => (window as unknown as { veneer: { emit(topic: string, data: unknown): void } }).veneer.emit('/permission', { type: 'cookie', state: s }),
        state,
      );

    it('sends nothing and writes no cookie until a /permission "yes"; then the page view and later events', async () => {
      await clear(session);
      const { path, html } = page('consent-yes');
      const test = await openFresh(session, path, html);
      await test.page.click('#t');
      await emit(test, 'pending');
      await sleep(400);
      expect(await recorded(session)).toEqual([]);
      expect(await test.page.evaluate(() => document.cookie)).toBe('');
      await emit(test, 'yes');
      await test.page.click('#t');
      const hits = await hitsFor(session, path, 3);
      expect(events(hits)).toEqual([
        ['page_view', undefined, undefined, undefined],
        ['a', 'c', undefined, undefined],
        ['a', 'c', undefined, undefined],
      ]);
      expect(await test.page.evaluate(() => document.cookie)).toMatch(/^veneer_cid=\d+\.\d+$/);
      test.assertClean();
      await test.page.close();
    });

    it('a "no" drops what waited and sends nothing after', async () => {
      await clear(session);
      const { path, html } = page('consent-no');
      const test = await openFresh(session, path, html);
      await emit(test, 'no');
      await test.page.click('#t');
      await sleep(400);
      expect(await recorded(session)).toEqual([]);
      expect(await test.page.evaluate(() => document.cookie)).toBe('');
      test.assertClean();
      await test.page.close();
    });

    it('a prompt on another tag with the type spaced and capitalised (aside, " Cookie ") also holds every hit until it is answered', async () => {
      await clear(session);
      const path = '/__fixture/consent-aside';
      const html = fixture(
        PROMPT.replace('<div class="js-permission" data-permission="cookie">', '<aside class="js-permission" data-permission=" Cookie ">').replace('</button></div>', '</button></aside>'),
        tag(`data-analytics-id="G-TEST123" data-analytics-endpoint="${STUB}"`),
      );
      const test = await openFresh(session, path, html);
      await test.page.click('#t');
      await sleep(400);
      expect(await recorded(session)).toEqual([]);
      expect(await test.page.$eval('.js-permission', (el) => el.getAttribute('data-enhanced'))).toBe('permission');
      await test.page.click('.js-permission-allow');
      expect(events(await hitsFor(session, path, 2))).toEqual([
        ['page_view', undefined, undefined, undefined],
        ['a', 'c', undefined, undefined],
      ]);
      test.assertClean();
      await test.page.close();
    });

    it('a prompt added after start (ajax, a lightbox) holds every hit from then until it is answered', async () => {
      await clear(session);
      const path = '/__fixture/consent-late';
      const html = fixture('<p data-track-category="c" data-track-action="a" id="t">t</p><div id="slot"></div>', tag(`data-analytics-id="G-TEST123" data-analytics-endpoint="${STUB}"`));
      const test = await openFresh(session, path, html);
      // No prompt yet: the site asks for no consent.
      expect(events(await hitsFor(session, path, 1))).toEqual([['page_view', undefined, undefined, undefined]]);
      await test.page.evaluate(async (prompt: string) => {
        document.getElementById('slot')!.insertAdjacentHTML('beforeend', testHTML(prompt));
        await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      }, PROMPT.replace(/<p .*/, ''));
      expect(await test.page.$eval('.js-permission', (el) => [el.getAttribute('data-enhanced'), (el as HTMLElement).hidden])).toEqual(['permission', false]);
      await test.page.click('#t');
      await sleep(400);
      expect(await recorded(session)).toHaveLength(1);
      await test.page.click('.js-permission-allow');
      expect(events(await hitsFor(session, path, 2))).toEqual([
        ['page_view', undefined, undefined, undefined],
        ['a', 'c', undefined, undefined],
      ]);
      await test.page.evaluate(() => localStorage.clear());
      test.assertClean();
      await test.page.close();
    });

    it('an answer "yes" stored by the prompt (src/lib/consent.ts) sends at once', async () => {
      await clear(session);
      const { path, html } = page('consent-stored');
      const { test } = await openBefore(session, path, {
        respond: (url) => (new URL(url).pathname === path ? { body: html } : undefined),
        init: () => localStorage.setItem('veneer-permission-cookie', 'yes'),
      });
      expect(events(await hitsFor(session, path, 1))).toEqual([['page_view', undefined, undefined, undefined]]);
      test.assertClean();
      await test.page.close();
    });
  });

  it('the tag included twice reports once; removing the tag stops the reporting', async () => {
    await clear(session);
    const two = tag(`data-analytics-id="G-TEST123" data-analytics-endpoint="${STUB}"`);
    const test = await session.open('/__fixture/twice', { html: fixture('<p data-track-category="c" data-track-action="a" id="t">t</p>', two + two) });
    await test.page.click('#t');
    expect(events(await hitsFor(session, '/__fixture/twice', 3, 800))).toEqual([
      ['page_view', undefined, undefined, undefined],
      ['a', 'c', undefined, undefined],
    ]);
    expect(await test.page.$$eval('script[data-analytics-id]', (els) => els.map((el) => el.getAttribute('data-enhanced')))).toEqual(['analytics', null]);
    await test.page.evaluate(() => document.querySelectorAll('script[data-analytics-id]').forEach((el) => el.remove()));
    await test.ready();
    await test.page.click('#t');
    await sleep(300);
    expect(await hitsFor(session, '/__fixture/twice', 3, 300)).toHaveLength(2);
    test.assertClean();
    await test.page.close();
  });

  it('works under the strict CSP with Trusted Types: zero violations', async () => {
    await clear(session);
    const { test } = await openBefore(session, '/home/?csp=strict', {
      init: () => {
        const w = window as unknown as { __violations: string[] };
        w.__violations = [];
        addEventListener('securitypolicyviolation', (event) => w.__violations.push(`${event.effectiveDirective} ${event.blockedURI}`));
      },
    });
    await test.page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()));
    await test.page.click('a[data-track-label="Intro: talk to an engineer"]');
    expect(events(await hitsFor(session, '/home/', 2))).toEqual([
      ['page_view', undefined, undefined, undefined],
      ['click', 'cta', 'Intro: talk to an engineer', undefined],
    ]);
    expect(await test.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    test.assertClean();
    await test.page.close();
  });
});
