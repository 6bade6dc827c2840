// Video players (a.js-video) in Chromium, production build: the captured /gallery/ and
// /event/ pages and fixtures. The product asks YouTube's real addresses; the test answers
// them with the harness's stand-ins (src/harness/stubs.ts) by request interception, so
// nothing leaves the machine. Bad-inputs row 12; the checklist's "YouTube players" row.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { youtubeApi, youtubeEmbed } from '../../src/harness/stubs';
import { fixture, openBefore } from './helpers';
import { useSession, type OpenOptions, type Reply } from './support';

const API = 'https://www.youtube.com/iframe_api';
const WATCH = 'https://www.youtube.com/watch?v=M7lc1UVf-VE';

/** YouTube's addresses answered by the stand-ins; the watch page (the links' fallback) by a plain page. */
function youtube(url: string): Reply | undefined {
  const { origin, pathname, searchParams } = new URL(url);
  if (url === API) return youtubeApi();
  if (origin === 'https://www.youtube-nocookie.com' && pathname.startsWith('/embed/')) return youtubeEmbed(pathname.slice(7), searchParams);
  if (origin === 'https://www.youtube.com' && pathname === '/watch')
    return { status: 200, headers: { 'Content-Type': 'text/html' }, body: '<!doctype html><title>watch page</title>' };
}
const withYoutube = (options: OpenOptions = {}): OpenOptions => ({ respond: youtube, ...options });

const apiRequests = (requests: string[]) => requests.filter((url) => url === API).length;

/** Each iframe's attributes and its src's query, in document order. */
const frames = (page: Page) =>
  page.$$eval('iframe', (all) =>
    all.map((f) => {
      const src = new URL(f.src);
      return {
        id: f.id,
        origin: src.origin,
        path: src.pathname,
        rel: src.searchParams.get('rel'),
        autoplay: src.searchParams.get('autoplay'),
        mute: src.searchParams.get('mute'),
        enablejsapi: src.searchParams.get('enablejsapi'),
        title: f.getAttribute('title'),
        referrerpolicy: f.getAttribute('referrerpolicy'),
        size: [f.getAttribute('width'), f.getAttribute('height')],
      };
    }),
  );

/** Records the bus's video topics in the page. */
const listen = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __events: unknown[]; veneer: { on(topic: string, fn: (e: unknown) => void): void } };
    w.__events = [];
    for (const topic of ['/video/playing', '/video/pauseRotator']) w.veneer.on(topic, (e) => w.__events.push([topic, e]));
  });
const events = (page: Page) => page.evaluate(() => (window as unknown as { __events: [string, Record<string, string>][] }).__events);
const stub = (page: Page) =>
  page.evaluate(() => {
    const s = (window as unknown as { __ytStub?: { loads: number; players: unknown[]; calls: { method: string; playerId: string }[] } }).__ytStub;
    return s && { loads: s.loads, players: s.players.length, calls: s.calls.map((c) => `${c.method} ${c.playerId}`) };
  });
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);

const link = (id: string, attrs = '', href = WATCH) =>
  `<div class="video"><a class="js-video" href="${href}" data-video-id="${id}" data-width="480" data-height="270" data-description="Film ${id}"${attrs}>Play ${id}</a></div>`;

describe('video players', () => {
  const session = useSession();

  it('gallery: a click builds the player in place (nocookie embed, rel=0, the autoplay flag, title, referrer policy, size) and moves focus to it', async () => {
    const test = await session.open('/gallery/', withYoutube());
    expect(await test.page.$$eval('a.js-video', (all) => all.map((a) => [a.getAttribute('data-enhanced'), a.getAttribute('role')]))).toEqual([
      ['video', 'button'],
      ['video', 'button'],
    ]);
    // Nothing from YouTube before a click.
    expect(apiRequests(test.requests)).toBe(0);
    await listen(test.page);
    await test.page.click('a.js-video');
    await test.page.waitForSelector('.video iframe');
    const [first] = await frames(test.page);
    expect(first).toEqual({
      id: expect.stringMatching(/^veneer-video-\d+$/),
      origin: 'https://www.youtube-nocookie.com',
      path: '/embed/M7lc1UVf-VE',
      rel: '0',
      autoplay: '1',
      mute: null,
      enablejsapi: '1',
      title: 'Highlights of the Northwind Sensor Summit 2025',
      referrerpolicy: 'strict-origin-when-cross-origin',
      size: ['640', '360'],
    });
    expect(await focusedId(test.page)).toBe(first.id);
    // The link stays in the page, hidden, under the player.
    expect(await test.page.$eval('a.js-video', (a) => (a as HTMLElement).hidden)).toBe(true);
    expect(await events(test.page)).toEqual([
      ['/video/playing', { videoId: 'M7lc1UVf-VE' }],
      ['/video/pauseRotator', { playerId: first.id }],
    ]);

    // The second link: autoplay "false" is off; starting it pauses the first.
    await test.page.click('.video a.js-video:not([hidden])');
    await test.page.waitForFunction(() => document.querySelectorAll('.video iframe').length === 2);
    const [, second] = await frames(test.page);
    expect([second.autoplay, second.title]).toEqual(['0', 'A walk through the Northwind calibration lab in Eindhoven']);
    expect((await stub(test.page))!.calls).toContain(`pauseVideo ${first.id}`);
    expect((await stub(test.page))!.calls).not.toContain(`pauseVideo ${second.id}`);
    expect(await focusedId(test.page)).toBe(second.id);
    expect(apiRequests(test.requests)).toBe(1);
    test.assertClean();
  });

  it('the player interface script is requested once for 4 players clicked fast, twice each; only the last autoplays', async () => {
    const ids = ['aaaaaaaaaaa', 'bbbbbbbbbbb', 'ccccccccccc', 'ddddddddddd'];
    const test = await session.open('/__fixture/video-many', withYoutube({ html: fixture(ids.map((id) => link(id, ' data-autoplay="true"')).join('')) }));
    await test.page.evaluate(() => document.querySelectorAll<HTMLElement>('a.js-video').forEach((a) => (a.click(), a.click())));
    await test.page.waitForFunction(() => document.querySelectorAll('iframe').length === 4);
    expect(apiRequests(test.requests)).toBe(1);
    expect((await stub(test.page))!.loads).toBe(1);
    expect((await frames(test.page)).map((f) => f.path)).toEqual(ids.map((id) => '/embed/' + id));
    // Only the last one clicked autoplays: never two at once.
    expect((await frames(test.page)).map((f) => f.autoplay)).toEqual(['0', '0', '0', '1']);
    test.assertClean();
  });

  it('playing one player (from its own controls) pauses every other', async () => {
    const test = await session.open('/__fixture/video-two', withYoutube({ html: fixture(link('aaaaaaaaaaa') + link('bbbbbbbbbbb')) }));
    await test.page.evaluate(() => document.querySelectorAll<HTMLElement>('a.js-video').forEach((a) => a.click()));
    await test.page.waitForFunction(() => (window as unknown as { __ytStub?: { players: unknown[] } }).__ytStub?.players.length === 2);
    await listen(test.page);
    const [a, b] = (await frames(test.page)).map((f) => f.id);
    await test.page.evaluate(() => {
      const w = window as unknown as { __ytStub: { calls: unknown[]; players: { playVideo(): void }[] } };
      w.__ytStub.calls.length = 0;
      w.__ytStub.players[0].playVideo();
    });
    expect((await stub(test.page))!.calls).toEqual([`playVideo ${a}`, `pauseVideo ${b}`]);
    expect(await events(test.page)).toEqual([
      ['/video/playing', { videoId: 'aaaaaaaaaaa' }],
      ['/video/pauseRotator', { playerId: a }],
    ]);
    test.assertClean();
  });

  it('in a rotator, a player started from its own play button (built on load) stops the rotator: its slide stays, it plays on', async () => {
    const html = fixture(
      `<div class="js-rotator" data-interval="400"><div class="track" style="display:flex">` +
        `<div class="js-rotator-item" id="i1" style="flex:0 0 100%">${link('aaaaaaaaaaa', ' data-play-on-load="true"')}</div>` +
        `<div class="js-rotator-item" id="i2" style="flex:0 0 100%">Two</div></div></div>`,
    );
    const test = await session.open('/__fixture/video-rotator', withYoutube({ html }));
    await listen(test.page);
    await test.page.waitForFunction(() => (window as unknown as { __ytStub?: { players: { playVideo?: unknown }[] } }).__ytStub?.players[0]?.playVideo && document.querySelector('#i1[aria-current=true]'));
    await test.page.evaluate(() => (window as unknown as { __ytStub: { players: { playVideo(): void }[] } }).__ytStub.players[0].playVideo());
    const id = await test.page.$eval('iframe', (f) => f.id);
    expect(await events(test.page)).toEqual([
      ['/video/playing', { videoId: 'aaaaaaaaaaa' }],
      ['/video/pauseRotator', { playerId: id }],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await test.page.$eval('.js-rotator', (el) => [el.querySelector('[aria-current=true]')?.id, el.querySelector('button')!.textContent])).toEqual(['i1', 'Play slides']);
    expect((await stub(test.page))!.calls).toEqual([`playVideo ${id}`]);
    test.assertClean();
  });

  it('a click with data-autoplay publishes once, though YouTube buffers before it plays', async () => {
    // As YouTube's player: unstarted and buffering before playing.
    const buffering = (url: string) => {
      const reply = youtube(url);
      if (url !== API) return reply;
      const body = String(reply!.body).replace("this._record('playVideo');", "this._record('playVideo'); this._setState(PlayerState.BUFFERING);");
      expect(body).not.toBe(reply!.body);
      return { ...reply!, body };
    };
    const test = await session.open('/__fixture/video-buffering', { respond: buffering, html: fixture(link('aaaaaaaaaaa', ' data-autoplay="true"')) });
    await listen(test.page);
    await test.page.click('a.js-video');
    // The stand-in leaves the frame's autoplay=1 to the test: it plays as YouTube's player would.
    await test.page.waitForFunction(() => (window as unknown as { __ytStub?: { players: { playVideo?: unknown }[] } }).__ytStub?.players[0]?.playVideo);
    await test.page.evaluate(() => (window as unknown as { __ytStub: { players: { playVideo(): void }[] } }).__ytStub.players[0].playVideo());
    const id = await test.page.$eval('iframe', (f) => f.id);
    expect(await events(test.page)).toEqual([
      ['/video/playing', { videoId: 'aaaaaaaaaaa' }],
      ['/video/pauseRotator', { playerId: id }],
    ]);
    // The visitor pauses and plays again: a new start, published again.
    await test.page.evaluate(() => {
      const player = (window as unknown as { __ytStub: { players: { pauseVideo(): void; playVideo(): void }[] } }).__ytStub.players[0];
      player.pauseVideo();
      player.playVideo();
    });
    expect((await events(test.page)).length).toBe(4);
    test.assertClean();
  });

  it('a player pauses when its modal closes or its slide is hidden; one scrolled out of view plays on', async () => {
    const html = fixture(
      `<button id="open" data-modal-open="m">Open</button><div class="js-modal" id="m"><div class="js-modal-body"><h2>Film</h2>${link('aaaaaaaaaaa')}<button class="js-modal-close">Close</button></div></div>` +
        `<div class="js-carousel"><div><div class="js-carousel-slide">${link('bbbbbbbbbbb')}</div><div class="js-carousel-slide">Two</div></div>` +
        `<button class="js-carousel-prev">Previous</button><button class="js-carousel-next">Next</button></div>` +
        `${link('ccccccccccc')}<div style="height:3000px"></div>`,
    );
    const test = await session.open('/__fixture/video-hidden', withYoutube({ html }));
    const page = test.page;
    const ready = (n: number) => page.waitForFunction((n: number) => (window as unknown as { __ytStub?: { players: { pauseVideo?: unknown }[] } }).__ytStub?.players.filter((p) => p.pauseVideo).length === n, {}, n);
    const pauses = async () => (await stub(page))!.calls.filter((call) => call.startsWith('pauseVideo')).map((call) => call.split(' ')[1]);
    await page.click('#open');
    await page.waitForSelector('#m.is-open');
    await page.click('#m a.js-video');
    await ready(1);
    // Focus is in the player's iframe, where Escape is YouTube's: the close button.
    await page.click('#m .js-modal-close');
    await page.waitForFunction(() => !document.querySelector('#m.is-open'));
    await page.waitForFunction(() => (window as unknown as { __ytStub: { calls: { method: string }[] } }).__ytStub.calls.some((c) => c.method === 'pauseVideo'), { timeout: 3000 });
    const modalPlayer = await page.$eval('#m iframe', (f) => f.id);
    expect(await pauses()).toEqual([modalPlayer]);
    // The carousel's first slide plays; Next hides it.
    await page.click('.js-carousel a.js-video');
    await ready(2);
    const slidePlayer = await page.$eval('.js-carousel iframe', (f) => f.id);
    await page.click('.js-carousel-next');
    await page.waitForFunction((id: string) => (window as unknown as { __ytStub: { calls: { method: string; playerId: string }[] } }).__ytStub.calls.some((c) => c.method === 'pauseVideo' && c.playerId === id), { timeout: 3000 }, slidePlayer);
    // A player in the page, scrolled out of view: not paused.
    await page.click('body > .video a.js-video');
    await ready(3);
    const before = (await pauses()).length;
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await pauses()).length).toBe(before);
    // Hidden while out of view (a tab chosen above it): no crossing of the viewport, still paused.
    const pagePlayer = await page.$eval('body > .video iframe', (f) => f.id);
    await page.$eval('body > .video', (el) => ((el as HTMLElement).hidden = true));
    await page.waitForFunction((id: string) => (window as unknown as { __ytStub: { calls: { method: string; playerId: string }[] } }).__ytStub.calls.some((c) => c.method === 'pauseVideo' && c.playerId === id), { timeout: 3000 }, pagePlayer);
    test.assertClean();
  });

  it('a padded data-video-id (" aaaaaaaaaaa ", as CMS templates print it) is that id', async () => {
    const test = await session.open('/__fixture/video-padded', withYoutube({ html: fixture(link(' aaaaaaaaaaa ')) }));
    await test.page.click('a.js-video');
    await test.page.waitForSelector('iframe', { timeout: 3000 });
    expect((await frames(test.page)).map((f) => f.path)).toEqual(['/embed/aaaaaaaaaaa']);
    expect(test.warnings.filter((w) => w.includes('video:'))).toEqual([]);
    test.assertClean();
  });

  it('a second player started while the first is not ready yet (YouTube adds pauseVideo on ready): both play, no error', async () => {
    const test = await session.open('/__fixture/video-early', withYoutube({ html: fixture(link('aaaaaaaaaaa') + link('bbbbbbbbbbb')) }));
    await test.page.evaluate(() => {
      const [first, second] = document.querySelectorAll<HTMLElement>('a.js-video');
      // The first player's iframe is in: its object exists, its onReady is a task away.
      new MutationObserver((_, observer) => {
        if (!document.querySelector('iframe')) return;
        observer.disconnect();
        second.click();
      }).observe(document.body, { childList: true, subtree: true });
      first.click();
    });
    await test.page.waitForFunction(() => document.querySelectorAll('iframe').length === 2);
    expect((await frames(test.page)).map((f) => f.path)).toEqual(['/embed/aaaaaaaaaaa', '/embed/bbbbbbbbbbb']);
    test.assertClean();
  });

  it("calls the page's own onYouTubeIframeAPIReady, and waits for YT.Player when window.YT exists before it", async () => {
    const page = '<script>window.YT = { loading: 1 }; window.__own = 0; window.onYouTubeIframeAPIReady = () => window.__own++;</script>';
    const test = await session.open('/__fixture/video-own', withYoutube({ html: fixture(link('aaaaaaaaaaa'), page + '<script defer src="/Content/scripts/dist/veneer.js"></script>') }));
    await test.page.click('a.js-video');
    await test.page.waitForSelector('iframe');
    expect(await test.page.evaluate(() => (window as unknown as { __own: number }).__own)).toBe(1);
    expect(apiRequests(test.requests)).toBe(1);
    test.assertClean();
  });

  it('Enter and Space on the focused link start the player', async () => {
    const test = await session.open('/__fixture/video-keys', withYoutube({ html: fixture(link('aaaaaaaaaaa') + link('bbbbbbbbbbb')) }));
    await test.page.focus('a.js-video');
    await test.page.keyboard.press('Enter');
    await test.page.waitForFunction(() => document.querySelectorAll('iframe').length === 1);
    await test.page.focus('a.js-video:not([hidden])');
    await test.page.keyboard.press('Space');
    await test.page.waitForFunction(() => document.querySelectorAll('iframe').length === 2);
    expect(await test.page.evaluate(() => scrollY)).toBe(0);
    test.assertClean();
  });

  it('data-play-on-load="true": the player is built at load without taking focus; it starts (muted) only with data-autoplay="true", and not under reduced motion', async () => {
    const html = fixture(link('aaaaaaaaaaa', ' data-play-on-load="true" data-autoplay="true"') + link('bbbbbbbbbbb', ' data-play-on-load="true"'));
    const test = await session.open('/__fixture/video-load', withYoutube({ html }));
    await test.page.waitForFunction(() => document.querySelectorAll('iframe').length === 2);
    expect((await frames(test.page)).map((f) => [f.autoplay, f.mute])).toEqual([['1', '1'], ['0', null]]);
    expect(await focusedId(test.page)).toBe('');
    const calm = await session.open('/__fixture/video-load', withYoutube({ html, reducedMotion: true }));
    await calm.page.waitForFunction(() => document.querySelectorAll('iframe').length === 2);
    expect((await frames(calm.page)).map((f) => [f.autoplay, f.mute])).toEqual([['0', null], ['0', null]]);
    test.assertClean();
    calm.assertClean();
  });

  it('bad-inputs 12: only an 11-character id is used; otherwise the link stays a link (a warning), 0 hits', async () => {
    const bad = [`x' onload='__hit()`, '../../evil', 'a'.repeat(1000), '', 'aaaaaaaaaa<', 'aaaaaaaaaaaa'];
    const links = bad.map((id) => link(id.replace(/'/g, '&#39;'))).join('');
    const html = fixture(links, '<script>window.__hits = 0; window.__hit = () => window.__hits++;</script><script defer src="/Content/scripts/dist/veneer.js"></script>');
    const test = await session.open('/__fixture/video-bad', withYoutube({ html }));
    expect(await test.page.$$eval('a.js-video', (all) => all.map((a) => a.hasAttribute('data-enhanced') || a.hasAttribute('role')))).toEqual(bad.map(() => false));
    expect(test.warnings.filter((w) => w.startsWith('[veneer] video: data-video-id=')).length).toBe(bad.length);
    expect(await test.page.evaluate(() => (window as unknown as { __hits: number }).__hits)).toBe(0);
    await Promise.all([test.page.waitForNavigation(), test.page.click('a.js-video')]);
    expect(test.page.url()).toBe(WATCH);
    expect(apiRequests(test.requests)).toBe(0);
    test.assertClean();
  });

  it('the player script fails to load: a warning, and the click follows the link', async () => {
    const test = await session.open('/event/', withYoutube({ intercept: (url) => (url === API ? 'abort' : undefined), allowErrors: [/Failed to load resource/] }));
    await Promise.all([test.page.waitForNavigation(), test.page.click('a.js-video')]);
    expect(test.page.url()).toBe(WATCH);
    expect(test.warnings.some((w) => w.startsWith("[veneer] video: YouTube's player script did not load"))).toBe(true);
  });

  it('under ?csp=strict: enhanced with no violation; a click is refused the external script, warns, and follows the link', async () => {
    const { test } = await openBefore(session, '/event/?csp=strict', {
      ...withYoutube(),
      allowViolations: true,
      allowErrors: [/TrustedTypePolicy|Content Security Policy/],
      init: () => {
        const w = window as unknown as { __violations: string[] };
        w.__violations = [];
        addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
      },
    });
    expect(await test.page.$eval('a.js-video', (a) => a.getAttribute('data-enhanced'))).toBe('video');
    expect(await test.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    await Promise.all([test.page.waitForNavigation(), test.page.click('a.js-video')]);
    // Only YouTube's script is refused (script-src 'self').
    const refused = test.errors.filter((text) => /TrustedTypePolicy|Content Security Policy/.test(text));
    expect(refused.length).toBeGreaterThan(0);
    for (const text of refused) expect(text).toMatch(/veneer-youtube|www\.youtube\.com/);
    expect(test.page.url()).toBe(WATCH);
    expect(apiRequests(test.requests)).toBe(0);
    expect(test.warnings.some((w) => w.includes('Content-Security-Policy'))).toBe(true);
    test.assertClean();
  });

  it('removing the element destroys the player and restores the link', async () => {
    const test = await session.open('/__fixture/video-remove', withYoutube({ html: fixture(link('aaaaaaaaaaa')) }));
    await test.page.click('a.js-video');
    await test.page.waitForSelector('iframe');
    const result = await test.page.evaluate(async () => {
      const a = document.querySelector('a.js-video')!;
      const box = a.parentElement!;
      a.remove();
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      return { frames: box.querySelectorAll('iframe').length, link: a.outerHTML };
    });
    expect(result.frames).toBe(0);
    expect(result.link).not.toMatch(/role=|hidden|data-enhanced/);
    expect((await stub(test.page))!.players).toBe(0);
    test.assertClean();
  });
});
