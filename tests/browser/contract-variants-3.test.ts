// The markup contract (shared/markup.md) as another CMS author may write it, third part: the
// video, rotator, add-to-calendar, resource, popup, analytics, share, select-link, back-to-top,
// appear, table-scroll and permission rows, and the script tag's own variants, with values as
// templates print them. Chromium against the production build; each test logs the warnings it saw.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { youtubeApi, youtubeEmbed } from '../../src/harness/stubs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { distDir } from '../../scripts/build.mjs';
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
        link('ddddddddddd', ' data-width=" 800 PX " data-height="450 px"') +
        link('eeeeeeeeeee', ' data-width="100%" data-height="315"') +
        link('fffffffffff', ' data-width="150%" data-height="0"'),
      { respond: youtube },
    );
    expect(await marks(test.page, '.js-video')).toEqual(['video', 'video', 'video', 'video', 'video', 'video']);
    for (let i = 0; i < 6; i++) {
      await test.page.$$eval('.js-video', (all, i) => (all[i] as HTMLElement).click(), i);
      await test.page.waitForFunction((i) => document.querySelectorAll('iframe').length > i, { timeout: 5000 }, i);
    }
    expect((await frames(test.page)).map((f) => f.size)).toEqual([['560', '315'], ['640', '360'], ['480', '360'], ['800', '450'], ['100%', '315'], ['640', '360']]);
    expect((await frames(test.page))[0].title).toBe('Our film');
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
    test.assertClean();
  });
  it('popup modal: a cookie already set keeps it closed; ids with dashes, underscores, a digit first; a relative action, POST, file and checkboxes as form-data; messages with quotes and markup shown as text', async () => {
    const posted: string[] = [];
    const test = await open(
      '<div class="js-popup-modal" id="news-letter_2" data-success-message="x"><form action="/forms/a" method="post"><button>Send</button></form></div>' +
        '<div class="js-popup-modal" id="2024_promo-b" data-success-message="Thanks, &quot;Bob&quot; &lt;b&gt;really&lt;/b&gt; &amp; more" data-error-message="It\'s &lt;i&gt;broken&lt;/i&gt;">' +
        '<h2>Join</h2><form action="forms/popup?x=1" method="POST" enctype="multipart/form-data"><input type="file" name="cv"><label><input type="checkbox" name="topic" value="a b" checked>a</label>' +
        '<label><input type="checkbox" name="topic" value="c" checked>c</label><label><input type="checkbox" name="other" value="n">n</label><input type="email" name="email" value="a@b.c"><textarea name="msg">hi\nthere</textarea>' +
        '<select name="s" multiple><option selected>1</option><option selected>2</option></select><button type="submit">Send</button></form></div>',
      {
        init: () => (document.cookie = 'popup-news-letter_2=true; path=/'),
        respond: (url) => (new URL(url).pathname.startsWith('/__fixture/forms/popup') ? (posted.push(url), { status: 200, body: 'ok' }) : undefined),
      },
    );
    expect(await marks(test.page, '.js-popup-modal')).toEqual(['popup-modal', 'popup-modal']);
    await test.page.waitForFunction(() => document.getElementById('2024_promo-b')!.classList.contains('is-open'), { timeout: 7000 });
    await sleep(300);
    // Not opened (on screen at start it keeps its place as sent: docs/markup.md, "Pages never jump").
    expect(await test.page.$eval('#news-letter_2', (p) => [p.classList.contains('is-open'), p.getAttribute('aria-modal')])).toEqual([false, null]);
    await test.page.evaluate(() => {
      const w = window as unknown as { sent: unknown[] };
      const fetch0 = window.fetch;
      window.fetch = (input, init) => {
        const body = init?.body as FormData;
        w.sent = [String(input), init?.method, [...body.entries()].map(([k, v]) => [k, typeof v == 'string' ? v : 'file:' + (v as File).name])];
        return fetch0(input, init);
      };
    });
    await test.page.click('[id="2024_promo-b"] button[type=submit]');
    await test.page.waitForFunction(() => document.querySelector('[id="2024_promo-b"] .popup-result')?.textContent, { timeout: 5000 });
    expect(await test.page.$eval('[id="2024_promo-b"] .popup-result', (p) => [p.textContent, p.children.length])).toEqual(['Thanks, "Bob" <b>really</b> & more', 0]);
    const sent = await test.page.evaluate(() => (window as unknown as { sent: unknown[] }).sent);
    expect(sent).toEqual([
      session.url + '/__fixture/forms/popup?x=1',
      'POST',
      [['cv', 'file:'], ['topic', 'a b'], ['topic', 'c'], ['email', 'a@b.c'], ['msg', 'hi\nthere'], ['s', '1'], ['s', '2']],
    ]);
    expect(posted).toHaveLength(1);
    expect(await test.page.evaluate(() => document.cookie)).toContain('popup-2024_promo-b=1');
    test.assertClean();
  });

  it('popup modal: an absolute same-origin action without method; an error message with markup shown as text', async () => {
    const test = await open('<div id="holder"></div>', {
      respond: (url) => (new URL(url).pathname == '/forms/abs' ? { status: 500, body: 'no' } : undefined),
      allowErrors: [/status of 500/],
    });
    await test.page.evaluate((origin) => {
      document.getElementById('holder')!.innerHTML = testHTML(
        `<div class="js-popup-modal" id="p_3" data-error-message="It's &lt;i&gt;broken&lt;/i&gt; &quot;now&quot;"><form action="${origin}/forms/abs"><input name="q" value="1"><button>Go</button></form></div>`,
      );
    }, session.url);
    await test.page.waitForFunction(() => document.getElementById('p_3')!.classList.contains('is-open'), { timeout: 7000 });
    await sleep(100);
    await test.page.click('#p_3 button');
    await test.page.waitForFunction(() => document.querySelector('#p_3 .has-error'), { timeout: 5000 });
    expect(await test.page.$eval('#p_3 .has-error p', (p) => [p.textContent, p.children.length])).toEqual(['It\'s <i>broken</i> "now"', 0]);
    expect(await test.page.evaluate(() => location.pathname)).toBe('/__fixture/variant3-' + n);
    test.assertClean();
  });
  /** navigator.sendBeacon recorded in the page from its first script on: each hit's event name and fields. */
  const BEACONS = () => {
    const w = window as unknown as { beacons: string[] };
    w.beacons = [];
    navigator.sendBeacon = (url) => (w.beacons.push(String(url)), true);
  };
  const hits = (page: Page) =>
    page.evaluate(() =>
      (window as unknown as { beacons: string[] }).beacons.map((u) => {
        const q = new URL(u, location.href).searchParams;
        return [q.get('en'), q.get('ep.event_category'), q.get('ep.event_label'), q.get('epn.value')].filter((v) => v != null).join(' ');
      }),
    );
  const tag = (attrs: string, src = '/Content/scripts/dist/veneer.js') => `<script defer src="${src}" ${attrs}></script>`;

  it('analytics: a G- id; one page view; events from a div, a button, an area, an input; nested tracked elements; downloads with upper case and queries; a short page', async () => {
    const test = await open(
      '<div data-track-category="cta" data-track-action="open" data-track-label="div">div</div>' +
        '<button type="button" data-track-category="cta" data-track-action="press" data-track-value="2">button</button>' +
        '<img src="/media/images/news-1.svg" usemap="#m" width="50" height="50" alt="map"><map name="m"><area shape="rect" coords="0,0,50,50" href="/files/Brochure.PDF?v=2" data-track-category="map" data-track-action="area" alt="area"></map>' +
        '<input type="button" value="input" data-track-category="cta" data-track-action="input">' +
        '<section data-track-category="outer" data-track-action="section"><a href="#x" data-track-category="inner" data-track-action="link">nested</a> <span>plain</span></section>' +
        '<a href="/files/Report.DOCX?v=2#page=3">docx</a> <a href="/files/notes.txt">txt</a> <a href="/files/page.html">html</a>',
      { init: BEACONS, respond: (url) => (/\/files\//.test(url) ? { body: 'x' } : undefined) },
      tag('data-analytics-id="G-ABC1234" data-analytics-endpoint="/__stubs/analytics/collect"'),
    );
    await sleep(500);
    expect(await hits(test.page)).toEqual(['page_view']);
    await test.page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
    for (const sel of ['div[data-track-action]', 'button', 'area', 'input', 'a[href="#x"]', 'section span', 'a[href*=Report]', 'a[href*=notes]', 'a[href$=".html"]'])
      await test.page.$eval(sel, (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
    await sleep(600);
    expect(await hits(test.page)).toEqual([
      'page_view',
      'open cta div',
      'press cta 2',
      'area map',
      'file_download download /files/Brochure.PDF',
      'input cta',
      'link inner',
      'section outer',
      'file_download download /files/Report.DOCX',
      'file_download download /files/notes.txt',
    ]);
    test.assertClean();
  });

  it('analytics: a legacy UA- id sends nothing, with a warning', async () => {
    const test = await open('<button data-track-category="c" data-track-action="a">b</button>', { init: BEACONS }, tag('data-analytics-id="UA-12345678-1"'));
    await test.page.click('button');
    await sleep(400);
    expect(await hits(test.page)).toEqual([]);
    expect(test.warnings.some((w) => /UA-12345678-1/.test(w))).toBe(true);
    test.assertClean();
  });

  it('the script tag twice (a bare async copy first, the settings on the deferred one): enhanced once; a query string; another folder', async () => {
    const test = await open(
      '<div class="js-expand"><button class="js-expand-trigger">Q</button><div class="js-expand-content">A</div></div>' +
        '<a class="js-video" href="https://youtu.be/aaaaaaaaaaa" data-video-id="aaaaaaaaaaa">V</a>',
      { respond: youtube },
      `<script async src="/Content/scripts/dist/veneer.js?v=123"></script>` + tag('data-debug="true" data-chunk-timeout="30000"', '/Content/scripts/dist/veneer.js?v=123'),
    );
    expect(await marks(test.page, '.js-expand, .js-video')).toEqual(['expand', 'video']);
    expect(await test.page.$$eval('.js-expand-trigger', (all) => all.length)).toBe(1);
    await test.page.click('.js-video');
    await test.page.waitForSelector('iframe', { timeout: 5000 });
    test.assertClean();
    // Under another folder, the chunks come from that folder.
    const dist = (url: string) => {
      const { pathname } = new URL(url);
      if (!pathname.startsWith('/static/v2/js/')) return;
      const file = path.join(distDir, pathname.slice('/static/v2/js/'.length));
      return { contentType: 'text/javascript', body: readFileSync(file) };
    };
    const other = await open('<div class="js-expand"><button class="js-expand-trigger">Q</button><div class="js-expand-content">A</div></div>', { respond: dist }, tag('', '/static/v2/js/veneer.js?v=1.2.3'));
    expect(await marks(other.page, '.js-expand')).toEqual(['expand']);
    expect(other.requests.filter((u) => /\/expand\.[0-9a-f]{6}\.js$/.test(u)).map((u) => new URL(u).pathname.split('/').slice(0, -1).join('/'))).toEqual(['/static/v2/js']);
    other.assertClean();
  });
  it('share: Facebook, LinkedIn, X and Twitter addresses open 550 x 450 popups; a mail link stays a link', async () => {
    const test = await open(
      '<a class="js-share" href="https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.com%2Fa" target="_blank" rel="noopener">Facebook</a>' +
        '<a class="js-share" href="https://www.linkedin.com/shareArticle?mini=true&amp;url=https%3A%2F%2Fexample.com%2Fa&amp;title=A"><svg width="10" height="10"></svg><span class="visually-hidden">LinkedIn</span></a>' +
        '<a class="js-share" href="https://x.com/intent/post?text=A&amp;url=https%3A%2F%2Fexample.com%2Fa" title="Post on X"><i class="icon-x"></i></a>' +
        '<a class="js-share" href="https://twitter.com/intent/tweet?url=https%3A%2F%2Fexample.com%2Fa" data-width="600" data-height="400px">Twitter</a>' +
        '<a class="js-share" href="mailto:?subject=Look&amp;body=https%3A%2F%2Fexample.com%2Fa">Mail</a>',
    );
    await test.page.waitForFunction(() => document.querySelectorAll('.js-share[data-enhanced]').length == 4, { timeout: 5000 });
    expect(await marks(test.page, '.js-share[href^=mailto]')).toEqual([null]);
    await test.page.evaluate(() => {
      const w = window as unknown as { opened: string[][] };
      w.opened = [];
      window.open = (...args: unknown[]) => (w.opened.push(args as string[]), null);
    });
    for (let i = 0; i < 4; i++) await test.page.$$eval('.js-share', (all, i) => (all[i] as HTMLElement).click(), i);
    const opened = await test.page.evaluate(() => (window as unknown as { opened: string[][] }).opened);
    expect(opened.map((o) => [new URL(o[0]).host, /width=(\d+),height=(\d+)/.exec(o[2])!.slice(1).join('x')])).toEqual([
      ['www.facebook.com', '550x450'],
      ['www.linkedin.com', '550x450'],
      ['x.com', '550x450'],
      ['twitter.com', '600x400'],
    ]);
    test.assertClean();
  });

  it('back to top in a fixed footer and at the top of the page; appear elements nested; a table with caption and thead; permission decisions kept', async () => {
    const body =
      '<a class="js-back-to-top" id="first" href="#top">Top</a>' +
      '<div class="rich-text" style="width:300px"><table><caption>Prices 2026</caption><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td style="min-width:600px">wide</td><td>x</td></tr></tbody></table></div>' +
      '<div class="js-permission" data-permission="cookie"><p>Cookies?</p><button class="js-permission-allow">Yes</button><button class="js-permission-deny">No</button></div>' +
      '<div class="js-permission" data-permission="geolocation"><p>Location?</p><button class="js-permission-allow">Yes</button><button class="js-permission-deny">No</button></div>' +
      '<div style="height:250vh">tall</div>' +
      '<section class="js-appear" id="outer" style="height:400px"><h2>Outer</h2><div class="js-appear" id="inner" data-appear-delay="50">Inner</div></section>' +
      '<div style="height:60vh">end</div>' +
      '<footer style="position:fixed;bottom:0;right:0"><a class="js-back-to-top" id="second" href="#top">Back to top</a></footer>';
    const test = await open(body, { reducedMotion: false });
    expect(await marks(test.page, '.js-back-to-top, .rich-text table, .js-permission, .js-appear')).toEqual(['back-to-top', 'table-scroll', 'permission', 'permission', 'appear', 'appear', 'back-to-top']);
    expect(await test.page.$eval('.veneer-table-scroll', (w) => [w.getAttribute('role'), w.getAttribute('aria-label')])).toEqual(['region', 'Prices 2026']);
    expect(await test.page.$$eval('.js-appear', (all) => all.map((a) => a.className))).toEqual(['js-appear is-hidden', 'js-appear is-hidden']);
    await test.page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await test.page.waitForFunction(() => [...document.querySelectorAll('.js-appear')].every((a) => a.classList.contains('is-visible')), { timeout: 3000 });
    await test.page.waitForFunction(() => [...document.querySelectorAll('.js-back-to-top')].every((a) => a.classList.contains('is-visible')), { timeout: 3000 });
    await test.page.click('#second');
    await test.page.waitForFunction(() => scrollY == 0, { timeout: 3000 });
    // Decisions: cookie yes, geolocation no; kept on the next page view.
    await test.page.click('[data-permission=cookie] .js-permission-allow');
    await test.page.click('[data-permission=geolocation] .js-permission-deny');
    const next = await session.open(`/__fixture/variant3-${n}`, { html: fixture(body) });
    await sleep(300);
    expect(await next.page.$$eval('.js-permission', (all) => all.map((p) => p.classList.contains('is-hidden') || p.classList.contains('veneer-unseen') || (p as HTMLElement).hidden))).toEqual([true, true]);
    test.assertClean();
    next.assertClean();
  });
  it('select-link: relative, root-relative, query-only and absolute same-origin option values; a placeholder first', async () => {
    const body = (origin: string) =>
      '<form action="/search"><label for="s">Our sites</label><select id="s" class="js-select-link" name="site"><option value="">Choose a page</option>' +
      `<option value="products/">Products</option><option value="/about-us/team">Team</option><option value="?page=2">Page 2</option><option value="${origin}/contact?x=1#form">Contact</option></select></form>`;
    for (const [value, expected] of [
      ['products/', '/__fixture/products/'],
      ['/about-us/team', '/about-us/team'],
      ['?page=2', '/__fixture/variant3-' + (n + 3) + '?page=2'],
      [session.url + '/contact?x=1#form', '/contact?x=1#form'],
    ]) {
      const test = await open(body(session.url), { respond: (url) => (/^\/(__fixture\/products\/|about-us\/team|contact)$/.test(new URL(url).pathname) || new URL(url).search == '?page=2' ? { body: '<!doctype html><title>there</title>' } : undefined) });
      // On screen at start the button comes when the visitor reaches the select (docs/markup.md).
      await test.page.focus('select');
      await test.page.waitForSelector('.veneer-select-link-go', { timeout: 5000 });
      await test.page.select('select', value);
      await sleep(700);
      expect(await test.page.evaluate(() => location.pathname)).toMatch(/^\/__fixture\/variant3-/);
      await Promise.all([test.page.waitForNavigation(), test.page.click('.veneer-select-link-go')]);
      const at = new URL(test.page.url());
      expect(at.pathname + at.search + at.hash).toBe(expected);
      test.assertClean();
      await test.page.close();
    }
  });
  it('the script tag async alone in the head; twice with the settings on the second (defer) copy', async () => {
    const hooks = '<div class="js-expand"><button class="js-expand-trigger">Q</button><div class="js-expand-content">A</div></div>' + '<p>filler</p>'.repeat(2000) + '<div class="js-tooltip" data-tooltip="tip">t</div>';
    // An async script may run after DOMContentLoaded: window.veneer is waited for.
    const test = await open(hooks, { init: BEACONS, ready: false }, '<script async src="/Content/scripts/dist/veneer.js" data-analytics-id="G-ASYNC123" data-analytics-endpoint="/__stubs/analytics/collect"></script>');
    await test.page.waitForFunction(() => document.readyState == 'complete' && 'veneer' in window);
    await test.ready();
    expect(await marks(test.page, '.js-expand, .js-tooltip')).toEqual(['expand', 'tooltip']);
    await sleep(300);
    expect(await hits(test.page)).toEqual(['page_view']);
    test.assertClean();
    const twice = await open(
      hooks,
      { init: BEACONS, ready: false },
      '<script async src="/Content/scripts/dist/veneer.js"></script>' + tag('data-analytics-id="G-TWICE123" data-analytics-endpoint="/__stubs/analytics/collect"'),
    );
    await twice.page.waitForFunction(() => document.readyState == 'complete' && 'veneer' in window);
    await twice.ready();
    expect(await marks(twice.page, '.js-expand, .js-tooltip')).toEqual(['expand', 'tooltip']);
    await sleep(300);
    expect(await hits(twice.page)).toEqual(['page_view']);
    twice.assertClean();
  });
  it('resource: the download control as an <input type="button"> and as a link to the whole zip', async () => {
    const asked: string[] = [];
    const item = (control: string) =>
      `<div class="js-resource" data-title="Kit" data-download-error="Failed."><input type="checkbox" class="js-resource-file" value="7" data-file-type="PDF" aria-label="f">${control}<p class="js-resource-status"></p></div>`;
    const test = await open(item('<input type="button" class="js-resource-download" value="Download">') + item('<a class="js-resource-download" href="/media/kit.zip">Download all</a>'), {
      respond: (url) => (new URL(url).pathname.startsWith('/download-zip/') ? (asked.push(new URL(url).pathname), { contentType: 'application/zip', body: 'PK' }) : undefined),
    });
    expect(await marks(test.page, '.js-resource')).toEqual(['resource', 'resource']);
    await catchDownloads(test.page);
    for (let i = 0; i < 2; i++) {
      await test.page.$$eval('.js-resource-file', (all, i) => (all[i] as HTMLElement).click(), i);
      await test.page.$$eval('.js-resource-download', (all, i) => (all[i] as HTMLElement).click(), i);
      await test.page.waitForFunction((i) => (window as unknown as { names: string[] }).names.length == i + 1, { timeout: 5000 }, i);
    }
    expect(asked).toEqual(['/download-zip/7', '/download-zip/7']);
    expect((await downloads(test.page)).names).toEqual(['Kit-PDF.zip', 'Kit-PDF.zip']);
    expect(await test.page.evaluate(() => location.pathname)).toBe('/__fixture/variant3-' + n);
    test.assertClean();
  });
  it('the script tag without defer: in the head (before <body> exists) and at the end of the body', async () => {
    const body = '<div class="js-expand"><button class="js-expand-trigger">Q</button><div class="js-expand-content">A</div></div><div class="js-tooltip" data-tooltip="tip">t</div>';
    for (const [head, end] of [
      ['<script src="/Content/scripts/dist/veneer.js"></script>', ''],
      ['', '<script src="/Content/scripts/dist/veneer.js"></script>'],
    ]) {
      const test = await open(body + end, {}, head);
      await test.page.waitForFunction(() => document.readyState == 'complete');
      await test.ready();
      expect(await marks(test.page, '.js-expand, .js-tooltip')).toEqual(['expand', 'tooltip']);
      test.assertClean();
    }
  });
  it('video: a link without href is reached by Tab and plays with Enter', async () => {
    const test = await open('<button id="before">before</button><a class="js-video" data-video-id="aaaaaaaaaaa" data-description="Film">Play</a>', { respond: youtube });
    await test.page.focus('#before');
    await test.page.keyboard.press('Tab');
    expect(await test.page.evaluate(() => document.activeElement?.className)).toBe('js-video');
    await test.page.keyboard.press('Enter');
    await test.page.waitForSelector('iframe', { timeout: 5000 });
    expect((await frames(test.page)).map((f) => f.path)).toEqual(['/embed/aaaaaaaaaaa']);
    test.assertClean();
  });
  it('analytics: the tag twice, the id only on the copy that does not run (a bare copy ran first); another script with the id is still ignored', async () => {
    const test = await open(
      '<button data-track-category="c" data-track-action="go">b</button>',
      { init: BEACONS, respond: (url) => (new URL(url).pathname == '/other/widget.js' ? { contentType: 'text/javascript', body: '' } : undefined) },
      '<script src="/Content/scripts/dist/veneer.js?v=1"></script>' + tag('data-analytics-id="G-TWICE123" data-analytics-endpoint="/__stubs/analytics/collect"') +
        '<script defer src="/other/widget.js" data-analytics-id="G-OTHER123"></script>',
    );
    await sleep(400);
    await test.page.click('button');
    expect(await hits(test.page)).toEqual(['page_view', 'go c']);
    expect(await test.page.evaluate(() => (window as unknown as { beacons: string[] }).beacons.every((u) => u.includes('tid=G-TWICE123') && u.startsWith(location.origin + '/__stubs/')))).toBe(true);
    expect(test.warnings.filter((w) => w.includes('not the script tag'))).toHaveLength(1);
    test.assertClean();
  });
  it('hero rotator whose items are whole-banner links: each keeps its link role and name', async () => {
    const test = await open(
      BELOW +
        '<div class="js-hero-rotator" data-interval="5000"><a class="js-rotator-item" href="/spring">Spring sale</a><a class="js-rotator-item" href="/summer"><img src="/media/images/news-1.svg" alt="Summer range" width="40"></a></div>',
    );
    expect(await marks(test.page, '.js-hero-rotator')).toEqual(['rotator']);
    expect(await test.page.$$eval('.js-rotator-item', (all) => all.map((a) => [a.getAttribute('role'), a.getAttribute('aria-label'), a.getAttribute('aria-roledescription')]))).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
    const snapshot = await test.page.accessibility.snapshot({ interestingOnly: true });
    const found: string[] = [];
    const walk = (node: { role: string; name?: string; children?: unknown[] }) => {
      if (node.role == 'link') found.push(node.name ?? '');
      (node.children as (typeof node)[] | undefined)?.forEach(walk);
    };
    walk(snapshot!);
    expect(found).toContain('Spring sale');
    test.assertClean();
  });
  it('popup modal holding a validated form (js-validate, required fields): blocked while empty, then posted with fetch', async () => {
    const posted: string[] = [];
    const test = await open(
      '<div class="js-popup-modal" id="signup" data-success-message="Subscribed." data-error-message="Failed."><div class="js-modal-body"><h2>Newsletter</h2>' +
        '<form class="js-validate js-mailing-form" action="/forms/signup" method="post"><label for="e">Email</label><input id="e" type="email" name="email" required data-required-message="Your email, please">' +
        '<label><input type="checkbox" name="consent" value="yes" required> I agree</label><button type="submit">Subscribe</button></form>' +
        '<button type="button" class="js-modal-close">Close</button></div></div>',
      { respond: (url) => (new URL(url).pathname == '/forms/signup' ? (posted.push(url), { status: 201, body: '' }) : undefined) },
    );
    expect(await marks(test.page, '.js-popup-modal, form')).toEqual(['popup-modal', 'forms']);
    await test.page.waitForFunction(() => document.getElementById('signup')!.classList.contains('is-open'), { timeout: 7000 });
    await sleep(100);
    await test.page.click('#signup button[type=submit]');
    await sleep(300);
    expect(posted).toHaveLength(0);
    expect(await test.page.$eval('#signup', (p) => p.textContent)).toContain('Your email, please');
    await test.page.type('#e', 'a@b.example');
    await test.page.click('#signup input[type=checkbox]');
    await test.page.click('#signup button[type=submit]');
    await test.page.waitForFunction(() => document.querySelector('#signup .popup-result')?.textContent == 'Subscribed.', { timeout: 5000 });
    expect(posted).toHaveLength(1);
    expect(await test.page.evaluate(() => location.pathname)).toBe('/__fixture/variant3-' + n);
    test.assertClean();
  });
});
