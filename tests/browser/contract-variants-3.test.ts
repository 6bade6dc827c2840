// The markup contract (shared/markup.md) as another CMS author may write it, third part: the
// video, rotator, add-to-calendar, resource, popup, analytics, share, select-link, back-to-top,
// appear, table-scroll and permission rows, and the script tag's own variants, with values as
// templates print them. Chromium against the production build; each test logs the warnings it saw.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { youtubeApi, youtubeEmbed } from '../../src/harness/stubs';
import { fixture, SCRIPT } from './helpers';
import { useSession, type OpenOptions, type Reply } from './support';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BELOW = '<div style="height:150vh">top</div>';

const marks = (page: Page, selector: string) =>
  page.$$eval(selector, (all) => all.map((el) => el.getAttribute('data-enhanced')));

/** YouTube's addresses answered by the harness's stand-ins. */
function youtube(url: string): Reply | undefined {
  const { origin, pathname, searchParams } = new URL(url);
  if (url === 'https://www.youtube.com/iframe_api') return youtubeApi();
  if (origin === 'https://www.youtube-nocookie.com' && pathname.startsWith('/embed/')) return youtubeEmbed(pathname.slice(7), searchParams);
  if (/youtube\.com|youtu\.be/.test(origin)) return { body: '<!doctype html><title>watch page</title>' };
}

/** Each player frame's size attributes and its src's path and autoplay. */
const frames = (page: Page) =>
  page.$$eval('iframe', (all) =>
    all.map((f) => ({ path: new URL(f.src).pathname, autoplay: new URL(f.src).searchParams.get('autoplay'), size: [f.getAttribute('width'), f.getAttribute('height')], title: f.title })),
  );

// A page script as the legacy ones: it subscribes once the document is ready (veneer.js is deferred).
const LISTEN =
  '<script>window.heard = []; document.addEventListener("DOMContentLoaded", function () {' +
  ' ["/video/playing", "/video/pauseRotator", "/status"].forEach(function (t) { veneer.on(t, function (d) { heard.push([t, d && (d.videoId || d.playerId || d.message)]); }); }); });</script>';
const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: [string, string][] }).heard);

describe('contract, variants (3)', () => {
  const session = useSession();
  let n = 0;
  const open = (body: string, options: OpenOptions = {}, head = SCRIPT, query = '') =>
    session.open(`/__fixture/variant3-${++n}${query}`, { html: fixture(body, head), ...options });

  it('video: data-width / data-height as px strings, missing, or one of them; data-description names the frame', async () => {
    const link = (id: string, attrs: string) => `<div class="video"><a class="js-video" href="https://www.youtube.com/watch?v=${id}" data-video-id="${id}"${attrs}>Watch</a></div>`;
    const test = await open(
      link('aaaaaaaaaaa', ' data-width="560px" data-height="315px" data-description="Our film"') +
        link('bbbbbbbbbbb', '') +
        link('ccccccccccc', ' data-width="480"') +
        link('ddddddddddd', ' data-width=" 800 PX " data-height="450 px"'),
      { respond: youtube },
    );
    expect(await marks(test.page, '.js-video')).toEqual(['video', 'video', 'video', 'video']);
    for (let i = 0; i < 4; i++) {
      await test.page.$$eval('.js-video', (all, i) => (all[i] as HTMLElement).click(), i);
      await test.page.waitForFunction((i) => document.querySelectorAll('iframe').length > i, { timeout: 5000 }, i);
    }
    expect((await frames(test.page)).map((f) => f.size)).toEqual([['560', '315'], ['640', '360'], ['480', '360'], ['800', '450']]);
    expect((await frames(test.page))[0].title).toBe('Our film');
    console.log(n, test.warnings);
    test.assertClean();
  });
  it('video: data-play-on-load bare, "true", "TRUE" and "false"; with autoplay', async () => {
    const link = (id: string, attrs: string) => `<a class="js-video" href="https://youtu.be/${id}" data-video-id="${id}"${attrs}>Watch</a>`;
    const test = await open(
      link('aaaaaaaaaaa', ' data-play-on-load') + link('bbbbbbbbbbb', ' data-play-on-load="true" data-autoplay="true"') + link('ccccccccccc', ' data-play-on-load="TRUE"') + link('ddddddddddd', ' data-play-on-load="false"'),
      { respond: youtube },
    );
    await test.page.waitForFunction(() => document.querySelectorAll('iframe').length >= 3, { timeout: 5000 });
    await sleep(300);
    expect((await frames(test.page)).map((f) => [f.path, f.autoplay])).toEqual([
      ['/embed/aaaaaaaaaaa', '0'],
      ['/embed/bbbbbbbbbbb', '1'],
      ['/embed/ccccccccccc', '0'],
    ]);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('video: several players, one at a time; the href as youtube watch, youtu.be and embed addresses; page scripts hear the topics', async () => {
    const test = await open(
      '<a class="js-video" href="https://www.youtube.com/watch?v=aaaaaaaaaaa&amp;t=10s" data-video-id="aaaaaaaaaaa">One</a>' +
        '<a class="js-video" href="https://youtu.be/bbbbbbbbbbb" data-video-id="bbbbbbbbbbb"><img src="/media/images/news-1.svg" alt="Two" width="40"></a>' +
        '<a class="js-video" href="https://www.youtube.com/embed/ccccccccccc?rel=0" data-video-id="ccccccccccc"><span>Three</span></a>' +
        '<a class="js-video" href="//www.youtube.com/watch?v=ddddddddddd" data-video-id="ddddddddddd">Four</a>',
      { respond: youtube },
      SCRIPT + LISTEN,
    );
    expect(await marks(test.page, '.js-video')).toEqual(['video', 'video', 'video', 'video']);
    await test.page.click('.js-video');
    await test.page.waitForFunction(() => document.querySelectorAll('iframe').length == 1, { timeout: 5000 });
    await sleep(100);
    await test.page.click('.js-video img');
    await test.page.waitForFunction(() => document.querySelectorAll('iframe').length == 2, { timeout: 5000 });
    await sleep(100);
    await test.page.click('.js-video span');
    await test.page.waitForFunction(() => document.querySelectorAll('iframe').length == 3, { timeout: 5000 });
    await sleep(100);
    const ids = await test.page.$$eval('iframe', (all) => all.map((f) => f.id));
    expect((await heard(test.page)).filter(([t]) => t == '/video/playing').map(([, d]) => d)).toEqual(['aaaaaaaaaaa', 'bbbbbbbbbbb', 'ccccccccccc']);
    expect((await heard(test.page)).filter(([t]) => t == '/video/pauseRotator').map(([, d]) => d)).toEqual(ids);
    const calls = await test.page.evaluate(() => (window as unknown as { __ytStub: { calls: { method: string; playerId: string }[] } }).__ytStub.calls.map((c) => `${c.method} ${c.playerId}`));
    expect(calls).toEqual([`pauseVideo ${ids[0]}`, `pauseVideo ${ids[0]}`, `pauseVideo ${ids[1]}`]);
    expect(await test.page.evaluate(() => location.pathname)).toBe('/__fixture/variant3-' + n);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('video inside a carousel slide and a rotator item; a page script emitting /video/pauseRotator stops a rotator', async () => {
    const test = await open(
      BELOW +
        '<div class="js-carousel"><div class="js-carousel-slide"><a class="js-video" href="https://youtu.be/aaaaaaaaaaa" data-video-id="aaaaaaaaaaa">V1</a></div><div class="js-carousel-slide">2</div>' +
        '<button class="js-carousel-prev">P</button><button class="js-carousel-next">N</button></div>' +
        '<div class="js-rotator" data-interval="400"><div class="js-rotator-item"><a class="js-video" href="https://youtu.be/bbbbbbbbbbb" data-video-id="bbbbbbbbbbb">V2</a></div><div class="js-rotator-item">b</div></div>' +
        '<div class="js-hero-rotator" id="hero" data-interval="300"><div class="js-rotator-item">x</div><div class="js-rotator-item">y</div></div>' +
        '<button id="stop" onclick="veneer.emit(\'/video/pauseRotator\', { playerId: \'page\' })">stop</button>',
      { respond: youtube },
    );
    expect(await marks(test.page, '.js-carousel, .js-video, .js-rotator, .js-hero-rotator')).toEqual(['carousel', 'video', 'rotator', 'video', 'rotator']);
    const current = (sel: string) => test.page.$eval(sel, (r) => [...r.querySelectorAll('.js-rotator-item')].findIndex((i) => i.getAttribute('aria-current') == 'true'));
    const button = (sel: string) => test.page.$eval(sel + ' .veneer-rotator-toggle', (b) => b.textContent);
    // Both rotate.
    await test.page.waitForFunction(() => document.querySelector('#hero .js-rotator-item:nth-of-type(2)')?.getAttribute('aria-current') == 'true' || document.querySelectorAll('#hero [aria-current=true]')[0] != document.querySelector('#hero .js-rotator-item'), { timeout: 3000 });
    // The video in the rotator's first item, played when it is shown: every rotator stops.
    await test.page.waitForFunction(() => document.querySelector('.js-rotator .js-rotator-item')!.getAttribute('aria-current') == 'true', { timeout: 3000, polling: 20 });
    await test.page.$eval('.js-rotator .js-video', (a) => (a as HTMLElement).click());
    await test.page.waitForSelector('.js-rotator iframe', { timeout: 5000 });
    expect([await button('.js-rotator'), await button('#hero')]).toEqual(['Play slides', 'Play slides']);
    const at = await current('.js-rotator');
    await sleep(900);
    expect(await current('.js-rotator')).toBe(at);
    // Play again; the page script's emit stops them.
    await test.page.$eval('#hero .veneer-rotator-toggle', (b) => (b as HTMLElement).click());
    expect(await button('#hero')).toBe('Pause slides');
    await test.page.$eval('#stop', (b) => (b as HTMLElement).click());
    expect(await button('#hero')).toBe('Play slides');
    // The carousel's video pauses when its slide is hidden.
    await test.page.$eval('.js-carousel .js-video', (a) => (a as HTMLElement).click());
    await test.page.waitForSelector('.js-carousel iframe', { timeout: 5000 });
    await sleep(100);
    await test.page.$eval('.js-carousel-next', (b) => (b as HTMLElement).click());
    await sleep(200);
    const calls = await test.page.evaluate(() => (window as unknown as { __ytStub: { calls: { method: string; playerId: string }[] } }).__ytStub.calls.map((c) => c.playerId));
    const carouselFrame = await test.page.$eval('.js-carousel iframe', (f) => f.id);
    expect(calls).toContain(carouselFrame);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('rotator: data-interval missing, "abc", "0", "3000ms", " 400 "; one item; items nested in wrappers; two rotators', async () => {
    const rot = (attrs: string, items = 2, wrap = false) => {
      const inner = Array.from({ length: items }, (_, i) => `<li class="js-rotator-item">item ${i + 1}</li>`).join('');
      return `<div class="js-rotator"${attrs}>${wrap ? '<div class="viewport"><div class="track"><ul class="slides">' + inner + '</ul></div></div>' : '<ul>' + inner + '</ul>'}</div>`;
    };
    const test = await open(BELOW + rot('') + rot(' data-interval="abc"') + rot(' data-interval="0"') + rot(' data-interval="3000ms"') + rot(' data-interval=" 400 "', 3, true) + rot(' data-interval="400"', 1));
    expect(await marks(test.page, '.js-rotator')).toEqual(['rotator', 'rotator', 'rotator', 'rotator', 'rotator', null]);
    expect(await test.page.$$eval('.js-rotator', (all) => all.map((r) => r.querySelectorAll('.js-rotator-item:not([hidden])').length))).toEqual([1, 1, 1, 1, 1, 1]);
    await test.page.waitForFunction(() => document.querySelectorAll('.js-rotator')[4].querySelectorAll('.js-rotator-item')[2].getAttribute('aria-current') == 'true', { timeout: 3000 });
    console.log(n, test.warnings);
    test.assertClean();
  });
  /** Replaces downloads in the page: each Blob URL's text, and each download's name. */
  const catchDownloads = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as { blobs: Blob[]; names: string[] };
      w.blobs = [];
      w.names = [];
      URL.createObjectURL = (blob) => (w.blobs.push(blob as Blob), 'blob:' + location.origin + '/x' + w.blobs.length);
      const click = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function () {
        if (this.download) w.names.push(this.download);
        else click.call(this);
      };
    });
  const downloads = (page: Page) =>
    page.evaluate(async () => {
      const w = window as unknown as { blobs: Blob[]; names: string[] };
      return { names: w.names, texts: await Promise.all(w.blobs.map((b) => b.text())) };
    });

  it('add to calendar: all-day range, zoned date-times, a space-separated date-time, location parts missing, a description with line breaks, text in a span', async () => {
    const test = await open(
      '<a class="js-add-to-calendar" href="/e1.ics" data-start="2026-03-12" data-end="2026-03-14" data-title="Expo 2026" data-venue="RAI" data-country="Netherlands"><span>Add to calendar</span></a>' +
        '<a class="js-add-to-calendar" href="/e2.ics" data-start="2026-03-12T10:00:00+01:00" data-end="2026-03-12T12:30:00+01:00" data-title="Talk: A, B; C" data-address="Main St 1&#10;Amsterdam" data-description="Line one&#10;Line two&#13;&#10;Line three"><span class="icon"></span><span>Add</span></a>' +
        '<a class="js-add-to-calendar" href="/e3.ics" data-start="2026-03-12T09:00:00Z" data-end="2026-03-12T17:00:00.000Z" data-title="Day" data-venue="" data-address="  " data-country="DE">Add</a>' +
        '<a class="js-add-to-calendar" href="/e4.ics" data-start="2026-03-12 10:00" data-end="2026-03-12 11:00" data-title="Spaced">Add</a>',
    );
    expect(await marks(test.page, '.js-add-to-calendar')).toEqual(['add-to-calendar', 'add-to-calendar', 'add-to-calendar', 'add-to-calendar']);
    await catchDownloads(test.page);
    for (let i = 0; i < 4; i++) await test.page.$$eval('.js-add-to-calendar', (all, i) => ((all[i].querySelector('span:last-child') ?? all[i]) as HTMLElement).click(), i);
    const { names, texts } = await downloads(test.page);
    expect(names).toEqual(['Expo-2026.ics', 'Talk-A-B-C.ics', 'Day.ics', 'Spaced.ics']);
    const field = (text: string, name: string) => text.replace(/\r\n /g, '').split('\r\n').filter((l) => l.startsWith(name));
    expect(field(texts[0], 'DTSTART')).toEqual(['DTSTART;VALUE=DATE:20260312']);
    expect(field(texts[0], 'DTEND')).toEqual(['DTEND;VALUE=DATE:20260315']);
    expect(field(texts[0], 'LOCATION')).toEqual(['LOCATION:RAI\\, Netherlands']);
    expect(field(texts[1], 'DTSTART')).toEqual(['DTSTART:20260312T090000Z']);
    expect(field(texts[1], 'DTEND')).toEqual(['DTEND:20260312T113000Z']);
    expect(field(texts[1], 'SUMMARY')).toEqual(['SUMMARY:Talk: A\\, B\\; C']);
    expect(field(texts[1], 'DESCRIPTION')).toEqual(['DESCRIPTION:Line one\\nLine two\\nLine three']);
    expect(field(texts[1], 'LOCATION')).toEqual(['LOCATION:Main St 1\\nAmsterdam']);
    expect(field(texts[2], 'LOCATION')).toEqual(['LOCATION:DE']);
    expect(field(texts[2], 'DTEND')).toEqual(['DTEND:20260312T170000Z']);
    expect(field(texts[3], 'DTSTART')).toEqual(['DTSTART:20260312T100000']);
    expect(await test.page.evaluate(() => location.pathname)).toBe('/__fixture/variant3-' + n);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('add to calendar: a link without href is reached by Tab and added with Enter', async () => {
    const test = await open('<button id="before">before</button><a class="js-add-to-calendar" data-start="2026-03-12" data-title="No href"><span>Add to calendar</span></a>');
    await catchDownloads(test.page);
    await test.page.focus('#before');
    await test.page.keyboard.press('Tab');
    expect(await test.page.evaluate(() => document.activeElement?.className)).toBe('js-add-to-calendar');
    await test.page.keyboard.press('Enter');
    expect((await downloads(test.page)).names).toEqual(['No-href.ics']);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('resource: values with spaces, file types with spaces and accents, a title with characters no file name takes; /status heard by a page script on a 500', async () => {
    const asked: string[] = [];
    let status = 200;
    const test = await open(
      '<div class="js-resource" data-title="Spec: &quot;NS-400&quot; / v2 &lt;final&gt;?" data-download-error="The download failed, try again.">' +
        '<ul><li><label><input type="checkbox" class="js-resource-file" value=" 101 " data-file-type="Data sheet"> A</label></li>' +
        '<li><label><input type="checkbox" class="js-resource-file" value="102" data-file-type="Präsentation"> B</label></li>' +
        '<li><label><input type="checkbox" class="js-resource-file" value="103" data-file-type="Фото"> C</label></li></ul>' +
        '<button type="button" class="js-resource-download">Download</button><p class="js-resource-status" aria-live="polite"></p></div>',
      { respond: (url) => (new URL(url).pathname.startsWith('/download-zip/') ? (asked.push(new URL(url).pathname), { status, contentType: 'application/zip', body: 'PK' }) : undefined), allowErrors: [/status of 500/] },
      SCRIPT + LISTEN,
    );
    await catchDownloads(test.page);
    for (const v of ['" 101 "', '"102"', '"103"']) await test.page.click(`input[value=${v}]`);
    await test.page.click('.js-resource-download');
    await test.page.waitForFunction(() => (window as unknown as { names: string[] }).names.length == 1, { timeout: 5000 });
    expect((await downloads(test.page)).names).toEqual(['Spec-NS-400-v2-final-DATA-SHEET-PRASENTATION.zip']);
    expect(asked).toEqual(['/download-zip/101,102,103']);
    status = 500;
    await test.page.waitForFunction(() => document.querySelector('.js-resource-download')!.getAttribute('aria-disabled') == 'false', { timeout: 5000 });
    await test.page.click('.js-resource-download');
    await test.page.waitForFunction(() => document.querySelector('.js-resource-status')!.textContent == 'The download failed, try again.', { timeout: 5000 });
    expect(await heard(test.page)).toEqual([['/status', 'The download failed, try again.']]);
    console.log(n, test.warnings);
    test.assertClean();
  });
});
