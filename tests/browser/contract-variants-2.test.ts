// The markup contract (shared/markup.md) as another CMS author may write it, second part: the
// list, lightbox, map, forms, dependent fields, date picker and footer/header rows, with values
// as templates print them and children nested as other CMSs nest them. Chromium against the
// production build; each test logs the warnings it saw.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { fixture, marks } from './helpers';
import { useSession, type OpenOptions } from './support';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const errors = (page: Page) => page.$$eval('.veneer-error', (all) => all.map((e) => e.textContent));

describe('contract, variants (2)', () => {
  const session = useSession();
  let n = 0;
  const open = (body: string, options: OpenOptions = {}, query = '') =>
    session.open(`/__fixture/variant2-${++n}${query}`, { html: fixture(body), ...options });

  // A list answer: the results block with `text` in one item.
  const answer = (text: string) => `<div class="js-ajax-results"><ul><li>${text}</li></ul></div>`;

  it('ajax list: base with a trailing slash, a change-driven form (no method, no button) of select, checkboxes, radios and text', async () => {
    const asked: string[] = [];
    const test = await open(
      '<div class="js-ajax-list" data-base-url="/list/"><form class="js-ajax-filter" action="/news/"><select name="cat"><option value="">All</option><option value="b">B</option></select>' +
        '<label><input type="checkbox" name="tag" value="x">x</label><label><input type="checkbox" name="tag" value="y">y</label>' +
        '<label><input type="radio" name="sort" value="new" checked>new</label><label><input type="radio" name="sort" value="old">old</label>' +
        '<input type="text" name="q"></form><div class="wrap"><div><div class="js-ajax-results"><ul><li>old</li></ul></div></div></div></div>',
      { respond: (url) => (new URL(url).pathname == '/list/' ? (asked.push(new URL(url).search), { body: answer('n' + asked.length) }) : undefined) },
    );
    expect(await marks(test.page, '.js-ajax-list')).toEqual(['ajax-list']);
    await test.page.select('select[name=cat]', 'b');
    await test.page.waitForFunction(() => document.querySelector('.js-ajax-results li')!.textContent == 'n1', { timeout: 5000 });
    await test.page.click('input[value=y]');
    await test.page.waitForFunction(() => document.querySelector('.js-ajax-results li')!.textContent == 'n2', { timeout: 5000 });
    await test.page.click('input[value=old]');
    await test.page.waitForFunction(() => document.querySelector('.js-ajax-results li')!.textContent == 'n3', { timeout: 5000 });
    await test.page.type('input[name=q]', 'abc');
    await test.page.keyboard.press('Enter');
    await test.page.waitForFunction(() => document.querySelector('.js-ajax-results li')!.textContent == 'n4', { timeout: 5000 });
    expect(asked).toEqual(['?cat=b&sort=new&q=', '?cat=b&tag=y&sort=new&q=', '?cat=b&tag=y&sort=old&q=', '?cat=b&tag=y&sort=old&q=abc']);
    await sleep(400);
    expect(await test.page.evaluate(() => location.search)).toBe('?cat=b&tag=y&sort=old&q=abc');
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('ajax list: a base with its own query; pager links inside and outside the results, relative and absolute, with other params', async () => {
    const asked: string[] = [];
    const test = await open(
      '<div class="js-ajax-list" data-base-url="/list?type=news&amp;page=1"><div class="js-ajax-results"><ul><li>old</li></ul>' +
        '<a class="js-ajax-page" href="?type=news&amp;page=2">2</a></div>' +
        `<nav><a class="js-ajax-page" href="/somewhere/else?page=3&amp;sort=date#top">3</a></nav></div>`,
      { respond: (url) => (new URL(url).pathname == '/list' ? (asked.push(new URL(url).search), { body: answer('n' + asked.length) }) : undefined) },
    );
    await test.page.click('.js-ajax-results .js-ajax-page');
    await test.page.waitForFunction(() => document.querySelector('.js-ajax-results li')!.textContent == 'n1', { timeout: 5000 });
    await test.page.click('nav .js-ajax-page');
    await test.page.waitForFunction(() => document.querySelector('.js-ajax-results li')!.textContent == 'n2', { timeout: 5000 });
    // The link's own values win over the base's of the same name: a server reading the first
    // `page` would serve page 1 again.
    expect(asked.map((q) => new URLSearchParams(q).getAll('page'))).toEqual([['2'], ['3']]);
    expect(asked.map((q) => new URLSearchParams(q).getAll('type'))).toEqual([['news'], ['news']]);
    expect(asked[1]).toContain('sort=date');
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('ajax list: the base\'s other parameters go to the server as written (a legacy %FC, a bare flag, repeated names)', async () => {
    const asked: string[] = [];
    const test = await open(
      '<div class="js-ajax-list" data-base-url="/list?region=M%FCnchen&amp;archive&amp;type=a&amp;type=b&amp;page=1">' +
        '<form class="js-ajax-filter"><label><input type="checkbox" name="type" value="c">c</label><label><input type="checkbox" name="type" value="d">d</label></form>' +
        '<div class="js-ajax-results"><ul><li>old</li></ul><a class="js-ajax-page" href="?page=2">2</a></div></div>',
      { respond: (url) => (new URL(url).pathname == '/list' ? (asked.push(new URL(url).search), { body: answer('n' + asked.length) }) : undefined) },
    );
    await test.page.click('.js-ajax-page');
    await test.page.waitForFunction(() => document.querySelector('.js-ajax-results li')!.textContent == 'n1', { timeout: 5000 });
    await test.page.click('input[value=c]');
    await test.page.waitForFunction(() => document.querySelector('.js-ajax-results li')!.textContent == 'n2', { timeout: 5000 });
    await test.page.click('input[value=d]');
    await test.page.waitForFunction(() => document.querySelector('.js-ajax-results li')!.textContent == 'n3', { timeout: 5000 });
    expect(asked).toEqual([
      '?region=M%FCnchen&archive&type=a&type=b&page=2',
      '?region=M%FCnchen&archive&page=1&type=c',
      '?region=M%FCnchen&archive&page=1&type=c&type=d',
    ]);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('ajax list: an absolute same-origin base; a server answering a whole page; method GET form with a submit button', async () => {
    const asked: string[] = [];
    const page =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>News</title><link rel="stylesheet" href="/x.css"></head><body><header><nav><a href="/">Home</a></nav></header>' +
      '<main><div class="js-ajax-list" data-base-url="/list"><form class="js-ajax-filter"><select name="c"><option>a</option></select></form>' +
      '<section><div class="js-ajax-results" data-total="12"><h2>Results</h2><ul><li>whole page</li><li>two</li></ul></div></section></div></main></body></html>';
    const test = await open('<div id="holder"></div>', {
      respond: (url) => (new URL(url).pathname == '/full/list/' ? (asked.push(new URL(url).search), { body: page }) : undefined),
    });
    await test.page.evaluate((origin) => {
      document.getElementById('holder')!.innerHTML = testHTML(
        `<div class="js-ajax-list" data-base-url="${origin}/full/list/"><form class="js-ajax-filter" method="GET" action="/news/"><select name="c"><option value="1">1</option><option value="2">2</option></select><button type="submit" name="go" value="1">Show</button></form>` +
          '<div class="js-ajax-results"><ul><li>old</li></ul></div></div>',
      );
    }, session.url);
    await test.page.waitForFunction(() => document.querySelector('.js-ajax-list[data-enhanced]'), { timeout: 5000 });
    await test.page.select('select', '2');
    await test.page.waitForFunction(() => document.querySelector('.js-ajax-results li')?.textContent == 'whole page', { timeout: 5000 });
    await test.page.click('button[name=go]');
    await test.page.waitForFunction(() => document.querySelectorAll('.js-ajax-list').length == 1 && document.querySelector('.js-ajax-results h2'), { timeout: 5000 });
    await sleep(300);
    expect(asked).toEqual(['?c=2', '?c=2&go=1']);
    expect(await test.page.$$eval('.js-ajax-list, .js-ajax-filter, .js-ajax-results', (all) => all.length)).toBe(3);
    expect(await test.page.$eval('.veneer-list-status', (s) => s.textContent)).toBe('12 results');
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('lightbox: a thumbnail link with an img, an image href with a query and an upper-case extension, no title', async () => {
    const test = await open('<a class="js-lightbox" href="/media/images/news-1.svg?w=1200&amp;v=2"><img src="/media/images/news-1.svg" alt="A product photo" width="80"></a>' +
      '<a class="js-lightbox" href="/media/PHOTO.JPG">Photo</a>');
    expect(await marks(test.page, '.js-lightbox')).toEqual(['lightbox', 'lightbox']);
    await test.page.click('.js-lightbox img');
    await test.page.waitForSelector('dialog.veneer-lightbox[open] img', { timeout: 5000 });
    const shown = await test.page.$eval('dialog.veneer-lightbox img', (img) => [(img as HTMLImageElement).getAttribute('src'), (img as HTMLImageElement).alt]);
    expect(shown).toEqual([session.url + '/media/images/news-1.svg?w=1200&v=2', 'A product photo']);
    expect(await test.page.evaluate(() => location.pathname)).toBe('/__fixture/variant2-' + n);
    // Named by the thumbnail's alt (no title, no text), not by its address.
    expect(await test.page.$eval('dialog.veneer-lightbox', (d) => d.getAttribute('aria-label'))).toBe('A product photo');
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('lightbox: data-lightbox-type="iframe" for a same-origin page', async () => {
    const test = await open('<a class="js-lightbox" data-lightbox-type="iframe" href="/embed/form?x=1">Form</a>', {
      respond: (url) => (new URL(url).pathname == '/embed/form' ? { body: '<!doctype html><title>f</title><p>form</p>' } : undefined),
    });
    await test.page.click('.js-lightbox');
    await test.page.waitForSelector('dialog.veneer-lightbox[open] iframe', { timeout: 5000 });
    expect(await test.page.$eval('dialog.veneer-lightbox iframe', (f) => f.getAttribute('src'))).toBe(session.url + '/embed/form?x=1');
    expect(await test.page.evaluate(() => location.pathname)).toBe('/__fixture/variant2-' + n);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('lightbox: iframe links to YouTube and Vimeo pages and players', async () => {
    const test = await open(
      '<a class="js-lightbox" data-lightbox-type="iframe" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">YT</a>' +
        '<a class="js-lightbox" data-lightbox-type="iframe" href="https://vimeo.com/76979871">Vimeo</a>' +
        '<a class="js-lightbox" data-lightbox-type="iframe" href="https://player.vimeo.com/video/76979871?h=abc">Vimeo player</a>' +
        '<a class="js-lightbox" data-lightbox-type="iframe" href="https://youtu.be/dQw4w9WgXcQ?t=30">short</a>',
      { respond: (url) => (/youtube|vimeo/.test(url) ? { body: '<p>player</p>' } : undefined) },
    );
    const srcs: string[] = [];
    for (let i = 0; i < 4; i++) {
      await test.page.$$eval('.js-lightbox', (all, i) => (all[i] as HTMLElement).click(), i);
      await test.page.waitForSelector('dialog.veneer-lightbox[open] iframe', { timeout: 5000 });
      srcs.push(await test.page.$eval('dialog.veneer-lightbox iframe', (f) => f.getAttribute('src')!));
      await test.page.keyboard.press('Escape');
      await test.page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox'), { timeout: 3000 });
    }
    expect(srcs).toEqual([
      'https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1',
      'https://player.vimeo.com/video/76979871?autoplay=1',
      'https://player.vimeo.com/video/76979871?h=abc',
      'https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1&start=30',
    ]);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('lightbox gallery: links in ul > li > figure, mixed types; a gallery of one', async () => {
    const test = await open(
      '<p id="note" hidden>Inline note</p><div class="js-lightbox-gallery"><ul><li><figure><a href="/media/images/news-1.svg" title="One"><img src="/media/images/news-1.svg" alt="1" width="40"></a><figcaption>One</figcaption></figure></li>' +
        '<li><figure><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" data-lightbox-type="iframe" title="Two">v</a></figure></li>' +
        '<li><figure><a href="#note" data-lightbox-type="inline" title="Three">n</a></figure></li></ul></div>' +
        '<div class="js-lightbox-gallery"><ul><li><figure><a href="/media/images/news-2.svg"><img src="/media/images/news-2.svg" alt="only" width="40"></a></figure></li></ul></div>',
      { respond: (url) => (/youtube/.test(url) ? { body: '<p>player</p>' } : undefined) },
    );
    expect(await marks(test.page, '.js-lightbox-gallery')).toEqual(['lightbox', 'lightbox']);
    await test.page.click('.js-lightbox-gallery img');
    await test.page.waitForSelector('dialog.veneer-lightbox[open] img', { timeout: 5000 });
    const counter = () => test.page.$eval('dialog.veneer-lightbox [aria-live]', (p) => p.textContent);
    expect(await counter()).toBe('1 of 3');
    await test.page.click('.veneer-lightbox__next');
    await test.page.waitForSelector('dialog.veneer-lightbox iframe', { timeout: 5000 });
    expect(await counter()).toBe('2 of 3');
    await test.page.keyboard.press('ArrowRight');
    await test.page.waitForFunction(() => document.querySelector('dialog.veneer-lightbox')?.textContent?.includes('Inline note'), { timeout: 5000 });
    await test.page.keyboard.press('ArrowRight');
    expect(await counter()).toBe('1 of 3');
    await test.page.keyboard.press('Escape');
    await test.page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox'), { timeout: 3000 });
    await test.page.$$eval('.js-lightbox-gallery img', (all) => (all[1] as HTMLElement).click());
    await test.page.waitForSelector('dialog.veneer-lightbox[open] img', { timeout: 5000 });
    expect(await test.page.$$('.veneer-lightbox__next')).toHaveLength(0);
    expect(await test.page.$eval('dialog.veneer-lightbox [aria-live]', (p) => (p as HTMLElement).hidden)).toBe(true);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('video gallery: thumbs nested in a list, data-embed with ?rel=0, nocookie, protocol-relative', async () => {
    const test = await open(
      '<div class="js-video-gallery"><ul><li><div class="thumb"><a class="js-video-thumb" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" data-embed="https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0"><img src="/media/images/news-1.svg" alt="A" width="40"></a></div></li>' +
        '<li><div class="thumb"><a class="js-video-thumb" href="/v/2" data-embed="https://www.youtube-nocookie.com/embed/aaaaaaaaaaa"><img src="/media/images/news-2.svg" alt="B" width="40"></a></div></li>' +
        '<li><div class="thumb"><a class="js-video-thumb" href="/v/3" data-embed="//www.youtube.com/embed/bbbbbbbbbbb?rel=0">C</a></div></li></ul></div>' +
        '<a class="js-lightbox" data-lightbox-type="iframe" href="http://player.vimeo.com/video/76979871">http</a>',
      { respond: (url) => (/youtube/.test(url) ? { body: '<p>player</p>' } : undefined) },
    );
    await test.page.click('.js-video-thumb img');
    await test.page.waitForSelector('dialog.veneer-lightbox[open] iframe', { timeout: 5000 });
    const src = () => test.page.$eval('dialog.veneer-lightbox iframe', (f) => f.getAttribute('src'));
    const counter = () => test.page.$eval('dialog.veneer-lightbox [aria-live]', (p) => p.textContent);
    expect([await src(), await counter()]).toEqual(['https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0', '1 of 3']);
    await test.page.click('.veneer-lightbox__next');
    await test.page.waitForFunction(() => document.querySelector('dialog.veneer-lightbox iframe')?.getAttribute('src')?.includes('nocookie'), { timeout: 5000 });
    await test.page.click('.veneer-lightbox__next');
    await sleep(100);
    expect([await src(), await counter()]).toEqual(['https://www.youtube.com/embed/bbbbbbbbbbb?rel=0', '3 of 3']);
    await test.page.keyboard.press('Escape');
    await test.page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox'), { timeout: 3000 });
    await test.page.click('.js-lightbox');
    await test.page.waitForSelector('dialog.veneer-lightbox[open] iframe', { timeout: 5000 });
    expect(await src()).toBe('https://player.vimeo.com/video/76979871');
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('map: no data-zoom, spaces and many decimals, negative values; link, image and text fallbacks', async () => {
    const test = await open(
      '<div class="js-map" style="height:200px" data-lat=" 52.370216123 " data-lng=" 4.895167900 " data-title="A"><a href="https://www.openstreetmap.org/">Open the map</a></div>' +
        '<div class="js-map" style="height:200px" data-lat="-33.8688" data-lng="-151.2093" data-zoom="12"><img src="/media/images/news-1.svg" alt="Map"></div>' +
        '<div class="js-map" data-lat="-0.5" data-lng="0"><p>1 Main Street, Town</p></div>',
      { respond: (url) => (/openstreetmap/.test(url) ? { body: '<p>map</p>' } : undefined) },
    );
    expect(await marks(test.page, '.js-map')).toEqual(['map', 'map', 'map']);
    await test.page.waitForFunction(() => document.querySelectorAll('iframe.veneer-map').length == 3, { timeout: 5000 });
    const markers = await test.page.$$eval('iframe.veneer-map', (all) => all.map((f) => new URL(f.getAttribute('src')!).searchParams.get('marker')));
    expect(markers).toEqual(['52.370216123,4.8951679', '-33.8688,-151.2093', '-0.5,0']);
    console.log(n, test.warnings);
    expect(test.warnings.filter((w) => w.includes('map:'))).toEqual([]);
    test.assertClean();
  });

  it('forms: required select, textarea, radio group, email, tel, number; messages on the fields', async () => {
    const test = await open(
      '<form class="js-validate" action="/x" novalidate>' +
        '<div class="field"><select name="s" required data-required-message="Pick a topic"><option value="">Choose</option><option value="a">A</option></select></div>' +
        '<div class="field"><textarea name="t" required>  </textarea></div>' +
        '<div class="field"><label><input type="radio" name="r" value="1" required data-required-message="Pick a size">1</label><label><input type="radio" name="r" value="2" required>2</label></div>' +
        '<div class="field"><input type="email" name="e" required></div><div class="field"><input type="tel" name="p" required></div><div class="field"><input type="number" name="n" required></div>' +
        '<button>Send</button></form>',
    );
    await test.page.click('button');
    expect(await errors(test.page)).toEqual(['Pick a topic', 'This field is required', 'Pick a size', 'This field is required', 'This field is required', 'This field is required']);
    await test.page.select('select', 'a');
    await test.page.type('textarea', 'x');
    await test.page.click('input[value="2"]');
    await test.page.type('input[type=email]', 'a@b.co');
    await test.page.type('input[type=tel]', '+31 20 123');
    await test.page.type('input[type=number]', '5');
    expect(await errors(test.page)).toEqual([]);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('forms: data-required-message on the form is the message of its fields and option lists', async () => {
    const test = await open(
      '<form class="js-validate" action="/x" data-required-message="Please fill this in" data-regex-message="Wrong format">' +
        '<div class="field"><input name="a" required></div><div class="field"><input name="b" required data-required-message="Own message"></div>' +
        '<div class="field"><input name="c" data-regex="\\d+" value="x"></div>' +
        '<fieldset class="js-required-group"><label><input type="checkbox" name="o" value="1">1</label></fieldset><button>Send</button></form>',
    );
    await test.page.click('button');
    expect(await errors(test.page)).toEqual(['Please fill this in', 'Own message', 'Wrong format', 'Please fill this in']);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('forms: data-regex anchored or written for JS; an empty regex field that is not required', async () => {
    const test = await open(
      '<form class="js-validate" action="/x">' +
        '<div class="field"><input name="zip" data-regex="^\\d{4}\\s?[A-Z]{2}$" data-regex-message="Zip"></div>' +
        '<div class="field"><input name="price" data-regex="\\d+\\.\\d{2}" data-regex-message="Price"></div>' +
        '<div class="field"><input name="mail" data-regex="^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$" data-regex-message="Mail"></div>' +
        '<div class="field"><input name="opt" data-regex="^[0-9]+$" data-regex-message="Digits"></div>' +
        '<button>Send</button></form>',
    );
    await test.page.type('input[name=zip]', '1234ab');
    await test.page.type('input[name=price]', '12,50');
    await test.page.type('input[name=mail]', 'a@b');
    await test.page.click('button');
    expect(await errors(test.page)).toEqual(['Zip', 'Price', 'Mail']);
    for (const [name, value] of [['zip', '1234 AB'], ['price', '12.50'], ['mail', 'a.b@c.nl']]) {
      await test.page.$eval(`input[name=${name}]`, (i) => ((i as HTMLInputElement).value = ''));
      await test.page.type(`input[name=${name}]`, value);
    }
    expect(await errors(test.page)).toEqual([]);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('forms: option lists of radios and of checkboxes in nested divs; a CMS form without js-validate is not validated but reported', async () => {
    const test = await open(
      '<form class="js-validate" id="f1" action="/x"><fieldset class="js-required-group" data-required-message="One size"><legend>Size</legend><div class="row"><div><input type="radio" id="r1" name="size" value="s"><label for="r1">S</label></div><div><input type="radio" id="r2" name="size" value="m"><label for="r2">M</label></div></div></fieldset>' +
        '<fieldset class="js-required-group" data-required-message="One topic"><div><div><label><input type="checkbox" name="t" value="1">1</label></div></div></fieldset><button>Send</button></form>' +
        '<form class="js-cms-form" id="cms" action="/cms-post" method="post"><input name="a" data-regex="\\d+" value="x"><button>Post</button></form>',
      { respond: (url) => (url.includes('/cms-post') ? { body: 'ok' } : undefined) },
    );
    await test.page.click('#f1 button');
    expect(await errors(test.page)).toEqual(['One size', 'One topic']);
    await test.page.click('label[for=r2]');
    expect(await errors(test.page)).toEqual(['One topic']);
    expect(await test.page.$eval('#cms', (f) => (f as HTMLFormElement).noValidate)).toBe(false);
    await test.page.evaluate(() => {
      (window as unknown as { seen: unknown[] }).seen = [];
      (window as unknown as { veneer: { on(t: string, f: (d: unknown) => void): void } }).veneer.on('/analytics/event', (d) => (window as unknown as { seen: unknown[] }).seen.push(d));
    });
    const nav = test.page.waitForNavigation();
    await test.page.click('#cms button');
    await nav;
    expect(await errors(test.page)).toEqual([]);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('dependent fields: several groups per value, holder from an encoded query, a required field in a hidden group', async () => {
    const test = await open(
      '<form class="js-validate" action="/send" id="f"><select class="js-delegate" data-delegate-set="topic" name="topic"><option value="">-</option><option value="sales">Sales</option><option value="other">Other</option></select>' +
        '<div class="js-delegate-group" data-delegate-set="topic" data-delegate-value="sales"><input name="company" required></div>' +
        '<div class="js-delegate-group" data-delegate-set="topic" data-delegate-value="sales"><select name="size" required><option value="">-</option><option>1</option></select></div>' +
        '<div class="js-delegate-group" data-delegate-set="topic" data-delegate-value="other"><div><textarea name="detail" required></textarea></div></div>' +
        '<input type="hidden" name="d" data-delegate-holder="topic"><button>Send</button></form>',
      { respond: (url) => (url.includes('/send') ? { body: 'ok' } : undefined) },
      '?topic=other&d=caf%C3%A9+au+lait%20%26%20more',
    );
    expect(await marks(test.page, '.js-delegate')).toEqual(['delegate']);
    expect(await test.page.$eval('textarea', (t) => (t as HTMLTextAreaElement).value)).toBe('café au lait & more');
    await test.page.select('.js-delegate', 'sales');
    const shown = () => test.page.$$eval('.js-delegate-group', (all) => all.map((g) => !(g as HTMLElement).hidden));
    expect(await shown()).toEqual([true, true, false]);
    await test.page.type('input[name=company]', 'ACME');
    await test.page.select('select[name=size]', '1');
    const nav = test.page.waitForNavigation();
    await test.page.click('button');
    await nav;
    // Not the other value's textarea (disabled, hidden): it neither blocked the submit nor was sent.
    expect(new URL(test.page.url()).search).toMatch(/^\?topic=sales&company=ACME&size=1&d=\w+$/);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('datepicker: values already set (ISO, day first), type="date", inside a label', async () => {
    const test = await open(
      '<label>From <input class="js-datepicker" name="a" value="2026-03-12"></label>' +
        '<label>To <input class="js-datepicker" type="date" name="b" value="2026-03-14"></label>' +
        '<input class="js-datepicker" type="text" name="c" value="13/03/2026" aria-label="c">',
    );
    expect(await marks(test.page, '.js-datepicker')).toEqual(['datepicker', 'datepicker', 'datepicker']);
    const picked: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      await test.page.$$eval('.veneer-datepicker-button', (all, i) => (all[i] as HTMLElement).click(), i);
      await test.page.waitForSelector('dialog.veneer-datepicker[open] [aria-selected=true]', { timeout: 5000 });
      picked.push(await test.page.$eval('dialog.veneer-datepicker [aria-selected=true]', (d) => d.textContent));
      await test.page.keyboard.press('Escape');
      await test.page.waitForFunction(() => !document.querySelector('dialog.veneer-datepicker[open]'), { timeout: 3000 });
    }
    expect(picked).toEqual(['12', '14', '13']);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('back to top with and without #top; tables in nested divs, several, one narrow', async () => {
    const wide = (c: string) => `<table><caption>${c}</caption><tr>${'<td>cell&nbsp;with&nbsp;long&nbsp;text</td>'.repeat(12)}</tr></table>`;
    const test = await open(
      '<div style="width:600px"><div class="rich-text"><div class="table-wrap"><div>' + wide('A') + '</div></div><p>text</p>' + wide('B') +
        '<figure class="table"><table><tr><td>narrow</td></tr></table></figure></div></div>' +
        '<div style="height:300vh"></div><a class="js-back-to-top" href="#top">Top</a>',
      { reducedMotion: true },
    );
    expect(await test.page.$$eval('.rich-text table', (all) => all.map((t) => t.parentElement!.getAttribute('role')))).toEqual(['region', 'region', null]);
    await test.page.evaluate(() => window.scrollTo(0, 2000));
    await test.page.waitForFunction(() => document.querySelector('.js-back-to-top')!.classList.contains('is-visible'), { timeout: 3000 });
    await test.page.click('.js-back-to-top');
    await test.page.waitForFunction(() => scrollY == 0, { timeout: 3000 });
    expect(await test.page.evaluate(() => location.hash)).toBe('#top');
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('analytics: tracked buttons and links with and without label and value', async () => {
    const body =
      '<button data-track-category="cta" data-track-action="click">B</button>' +
      '<a href="#x" data-track-category="nav" data-track-action="open menu" data-track-label="Main" data-track-value="3">A</a>' +
      '<a href="#y" data-track-category="c" data-track-action="a" data-track-value=" 12 "><span>inner</span></a>' +
      '<button data-track-category="v" data-track-action="zero" data-track-label="" data-track-value="0">Z</button>';
    const test = await session.open(`/__fixture/variant2-${++n}`, {
      html: fixture(body, '<script defer src="/Content/scripts/dist/veneer.js" data-analytics-id=" G-TEST1234 "></script>'),
      init: () => {
        (window as unknown as { beacons: string[] }).beacons = [];
        navigator.sendBeacon = (url) => ((window as unknown as { beacons: string[] }).beacons.push(String(url)), true);
      },
    });
    for (const selector of ['button', 'a[href="#x"]', 'a[href="#y"] span', 'button:last-of-type']) await test.page.click(selector);
    await sleep(200);
    const hits = await test.page.evaluate(() => (window as unknown as { beacons: string[] }).beacons.map((u) => Object.fromEntries(new URL(u).searchParams)));
    const events = hits.filter((h) => h.en != 'page_view').map((h) => [h.en, h['ep.event_category'], h['ep.event_label'] ?? null, h['epn.value'] ?? null]);
    expect(events).toEqual([
      ['click', 'cta', null, null],
      ['open_menu', 'nav', 'Main', '3'],
      ['a', 'c', null, '12'],
      ['zero', 'v', null, '0'],
    ]);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('header: search panel holding a form, language panel with a nav > ul, no notification bar; permission values in any case', async () => {
    const test = await open(
      '<header class="js-header"><button class="js-search-toggle" aria-controls="sp">Search</button><div class="js-search-panel" id="sp"><form action="/search"><label>Q <input type="search" name="q"></label><button>Go</button></form></div>' +
        '<button class="js-language-toggle" aria-controls="lp">Language</button><div class="js-language-panel" id="lp"><nav aria-label="Languages"><ul><li><a href="/de/" hreflang="de">Deutsch</a></li><li><a href="/en/" hreflang="en">English</a></li></ul></nav></div></header>' +
        '<div class="js-permission" data-permission=" COOKIE "><p>Cookies?</p><button class="js-permission-allow">Yes</button><button class="js-permission-deny">No</button></div>' +
        '<div style="height:300vh"></div>',
      { reducedMotion: true },
    );
    expect(await marks(test.page, '.js-search-toggle, .js-language-toggle, .js-permission')).toEqual(['search-toggle', 'language-toggle', 'permission']);
    await test.page.click('.js-search-toggle');
    await test.page.waitForFunction(() => document.activeElement?.getAttribute('name') == 'q', { timeout: 2000 });
    // A script's click: without the site's CSS the open search panel is in the flow, and a
    // mouse press's focus change closes it, moving the toggle away before the press ends.
    await test.page.$eval('.js-language-toggle', (b) => (b as HTMLElement).click());
    expect(await test.page.$$eval('[aria-expanded]', (all) => all.map((b) => b.getAttribute('aria-expanded')))).toEqual(['false', 'true']);
    await test.page.click('.js-permission-deny');
    expect(await test.page.$eval('.js-permission', (p) => (p as HTMLElement).hidden)).toBe(true);
    console.log(n, test.warnings);
    test.assertClean();
  });
  it('header panels in the flow (no site CSS): a mouse click on another toggle while a panel is open opens that one', async () => {
    const test = await open(
      '<header class="js-header"><div class="tool"><button class="js-search-toggle" aria-controls="sp">Search</button><div class="js-search-panel" id="sp"><form action="/search"><input type="search" name="q"><button>Go</button></form></div></div>' +
        '<div class="tool"><button class="js-language-toggle" aria-controls="lp">Language</button><div class="js-language-panel" id="lp"><ul><li><a href="/de/">Deutsch</a></li></ul></div></div>' +
        '<nav class="js-nav" id="nav"><ul><li class="js-nav-item"><button class="js-nav-trigger">A</button><div class="js-megamenu"><a href="/a">a</a></div></li></ul></nav></header>' +
        '<div style="height:300vh"></div>',
      { reducedMotion: true },
    );
    const state = () => test.page.$$eval('[aria-expanded]', (all) => all.map((b) => b.getAttribute('aria-expanded')));
    await test.page.click('.js-search-toggle');
    // Focus goes to the search field after 300 ms: the press on the next toggle takes it away.
    await test.page.waitForFunction(() => document.activeElement?.getAttribute('name') == 'q', { timeout: 2000 });
    await test.page.click('.js-language-toggle');
    expect(await state()).toEqual(['false', 'true', 'false']);
    await test.page.click('.js-search-toggle');
    await test.page.waitForFunction(() => document.activeElement?.getAttribute('name') == 'q', { timeout: 2000 });
    await test.page.click('.js-nav-trigger');
    expect(await state()).toEqual(['false', 'false', 'true']);
    // A press outside still closes what is open.
    await test.page.mouse.click(5, 700);
    expect(await state()).toEqual(['false', 'false', 'false']);
    console.log(n, test.warnings);
    test.assertClean();
  });
});
