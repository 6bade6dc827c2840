// The markup contract (shared/markup.md), row by row, in its MINIMAL form: only the classes
// and attributes each row names (no ids, aria-* or extra classes the captured pages carry),
// the optional parameters absent, hooks on other tags where the row does not fix one, several
// instances on a page and hooks inside each other. Chromium against the production build:
// each root gets its data-enhanced mark, behaves as the seed says and logs no console error.
import { describe, expect, it } from 'vitest';
import { animationsDone, BELOW, carouselStates, fixture, marks, SCRIPT, TALL, tooltipText } from './helpers';
import { youtube } from './scenarios';
import { useSession, type OpenOptions } from './support';




describe('contract, minimal markup', () => {
  const session = useSession();
  let n = 0;
  const open = (body: string, options: OpenOptions = {}, head = SCRIPT) =>
    session.open(`/__fixture/minimal-${++n}`, { html: fixture(body, head), ...options });

  it('carousel: slides, prev/next, index; no data-total; two carousels, one with li slides and no index', async () => {
    const a = '<div class="js-carousel"><div class="js-carousel-slide">1</div><div class="js-carousel-slide">2</div><div class="js-carousel-slide">3</div>' +
      '<button class="js-carousel-prev">Prev</button><button class="js-carousel-next">Next</button><span class="js-carousel-index">1</span></div>';
    const b = '<div class="js-carousel" data-total="2"><ul><li class="js-carousel-slide">A</li><li class="js-carousel-slide">B</li></ul>' +
      '<button class="js-carousel-prev"></button><button class="js-carousel-next"></button></div>';
    const test = await open(BELOW + a + b);
    expect(await marks(test.page, '.js-carousel')).toEqual(['carousel', 'carousel']);
    const state = () => carouselStates(test.page);
    expect(await state()).toEqual([[1, 1, '1'], [1, 1, null]]);
    const press = (i: number, which: string) =>
      test.page.$$eval('.js-carousel', (all, i, which) => (all[i].querySelector(which) as HTMLElement).click(), i, which);
    await press(0, '.js-carousel-prev');
    expect((await state())[0]).toEqual([3, 1, '3']);
    await press(0, '.js-carousel-next');
    await press(0, '.js-carousel-next');
    expect((await state())[0]).toEqual([2, 1, '2']);
    await press(1, '.js-carousel-next');
    await press(1, '.js-carousel-next');
    expect((await state())[1]).toEqual([1, 1, null]);
    test.assertClean();
  });

  it('tabs: links and panels only, no ids on tabs, no container; a second block; ?tab= on load', async () => {
    const tabs = (p: string) =>
      `<div class="js-tabs"><a class="js-tab" href="#${p}1">One</a><a class="js-tab" href="#${p}2">Two</a>` +
      `<div class="js-tab-panel" id="${p}1">P1</div><div class="js-tab-panel" id="${p}2">P2</div></div>`;
    const listed = '<div class="js-tabs"><ul><li><a class="js-tab" href="#l1">One</a></li><li><a class="js-tab" href="#l2">Two</a></li></ul>' +
      '<section class="js-tab-panel" id="l1">L1</section><section class="js-tab-panel" id="l2">L2</section></div>';
    const test = await session.open('/__fixture/minimal-tabs?tab=b2', { html: fixture(BELOW + tabs('a') + tabs('b') + listed) });
    expect(await marks(test.page, '.js-tabs')).toEqual(['tabs', 'tabs', 'tabs']);
    const shown = () => test.page.$$eval('.js-tab-panel', (all) => all.filter((p) => !(p as HTMLElement).hidden).map((p) => p.id));
    expect(await shown()).toEqual(['a1', 'b2', 'l1']);
    await test.page.$eval('a[href="#a2"]', (a) => (a as HTMLElement).click());
    expect(await shown()).toEqual(['a2', 'b2', 'l1']);
    expect(await test.page.evaluate(() => location.search)).toBe('?tab=a2');
    await test.page.focus('a[href="#l2"]');
    await test.page.keyboard.press('Enter');
    expect(await shown()).toEqual(['a2', 'b2', 'l2']);
    test.assertClean();
  });

  it('sticky header: header alone, and with a notification bar', async () => {
    for (const bar of ['', '<div class="js-notification" style="height:40px">News</div>']) {
      const test = await open(`${bar}<header class="js-header" style="position:sticky;top:0;height:60px">Site</header>${TALL}`);
      expect(await marks(test.page, '.js-header')).toEqual(['header']);
      await test.page.evaluate(() => window.scrollTo(0, 300));
      await test.page.waitForFunction(() => document.querySelector('.js-header')!.classList.contains('is-sticky'), { timeout: 3000 });
      test.assertClean();
    }
  });

  it('nav: items with trigger and mega-menu; the toggle names the nav id; a nav without toggle or id', async () => {
    const nav = (id: string) =>
      `<nav class="js-nav"${id}><ul><li class="js-nav-item"><button class="js-nav-trigger">A</button><div class="js-megamenu"><a href="/a">a</a></div></li>` +
      `<li class="js-nav-item"><button class="js-nav-trigger">B</button><div class="js-megamenu"><a href="/b">b</a></div></li></ul></nav>`;
    const test = await open(`<header><button class="js-menu-toggle" aria-controls="main">Menu</button>${nav(' id="main"')}</header>${nav('')}`);
    expect(await marks(test.page, '.js-nav')).toEqual(['nav', 'nav']);
    const expanded = () => test.page.$$eval('.js-nav-trigger', (all) => all.map((t) => t.getAttribute('aria-expanded')));
    expect(await expanded()).toEqual(['false', 'false', 'false', 'false']);
    await test.page.click('#main .js-nav-item:nth-child(2) .js-nav-trigger');
    expect(await expanded()).toEqual(['false', 'true', 'false', 'false']);
    await test.page.click('#main .js-nav-item:nth-child(1) .js-nav-trigger');
    expect(await expanded()).toEqual(['true', 'false', 'false', 'false']);
    await test.page.keyboard.press('Escape');
    expect(await expanded()).toEqual(['false', 'false', 'false', 'false']);
    test.assertClean();

    const small = await open(`<button class="js-menu-toggle" aria-controls="main">Menu</button>${nav(' id="main"')}`, { viewport: { width: 600, height: 800 } });
    await small.page.click('.js-menu-toggle');
    expect(await small.page.$eval('.js-menu-toggle', (t) => t.getAttribute('aria-expanded'))).toBe('true');
    expect(await small.page.$eval('#main', (t) => t.classList.contains('is-open'))).toBe(true);
    small.assertClean();
  });

  it('search and language panels: toggle with aria-controls, panel with one input / a list of links', async () => {
    for (const input of ['<input type="text" name="q">', '<input name="q">', '<input type="search" name="q">']) {
      const test = await open(
        `<button class="js-search-toggle" aria-controls="sp">Search</button><div class="js-search-panel" id="sp"><form action="/search">${input}</form></div>` +
          `<button class="js-language-toggle" aria-controls="lp">Language</button><div class="js-language-panel" id="lp"><ul><li><a href="/de/">Deutsch</a></li><li><a href="/fr/">Français</a></li></ul></div>`,
      );
      expect([...(await marks(test.page, '.js-search-toggle')), ...(await marks(test.page, '.js-language-toggle'))]).toEqual(['search-toggle', 'language-toggle']);
      await test.page.click('.js-search-toggle');
      expect(await test.page.$eval('.js-search-toggle', (t) => t.getAttribute('aria-expanded'))).toBe('true');
      await test.page.waitForFunction(() => document.activeElement?.matches('.js-search-panel input'), { timeout: 2000 });
      await test.page.click('.js-language-toggle');
      expect(await test.page.$$eval('[aria-controls]', (all) => all.map((t) => t.getAttribute('aria-expanded')))).toEqual(['false', 'true']);
      expect(await test.page.$eval('#lp', (p) => p.classList.contains('is-open') && (p as HTMLElement).offsetHeight > 0)).toBe(true);
      test.assertClean();
    }
  });

  it('anchor links and anchor triggers (div, button, span) scroll to their target', async () => {
    const test = await open(
      '<a href="#t">Go</a> <div class="js-anchor-trigger" data-target="#t">card</div> <button class="js-anchor-trigger" data-target="#t">b</button>' +
        `<span class="js-anchor-trigger" data-target="t">s</span>${TALL}<h2 id="t">Target</h2>${TALL}`,
      { reducedMotion: true },
    );
    expect(await marks(test.page, 'a[href="#t"], .js-anchor-trigger')).toEqual(['anchor', 'anchor-trigger', 'anchor-trigger', 'anchor-trigger']);
    for (const selector of ['a[href="#t"]', 'div.js-anchor-trigger', 'button.js-anchor-trigger', 'span.js-anchor-trigger']) {
      await test.page.evaluate(() => window.scrollTo(0, 0));
      await test.page.click(selector);
      await test.page.waitForFunction(() => Math.abs(document.getElementById('t')!.getBoundingClientRect().top) < 2, { timeout: 3000 });
    }
    test.assertClean();
  });

  it('expand: trigger and content; a set; a tab trigger; tabs inside an expand item', async () => {
    const item = (set = '', extra = '') =>
      `<div class="js-expand"${set}><button class="js-expand-trigger">Q</button><div class="js-expand-content">A${extra}</div></div>`;
    const inner = '<div class="js-tabs"><a class="js-tab" href="#x1">1</a><a class="js-tab" href="#x2">2</a><div class="js-tab-panel" id="x1">X1</div><div class="js-tab-panel" id="x2">X2</div></div>';
    const tabTrigger = '<div class="js-expand"><a class="js-expand-tab-trigger" href="#tt">Open it</a><button class="js-expand-trigger">T</button><div class="js-expand-content" id="tt">TT</div></div>';
    const test = await open(BELOW + item(' data-expand-set="s"') + item(' data-expand-set="s"') + item('', inner) + tabTrigger, { reducedMotion: true });
    expect(await marks(test.page, '.js-expand')).toEqual(['expand', 'expand', 'expand', 'expand']);
    expect(await marks(test.page, '.js-tabs')).toEqual(['tabs']);
    const open_ = () => test.page.$$eval('.js-expand', (all) => all.map((e) => e.classList.contains('is-open')));
    expect(await open_()).toEqual([false, false, false, false]);
    const toggle = (i: number) => test.page.$$eval('.js-expand-trigger', (all, i) => (all[i] as HTMLElement).click(), i);
    await toggle(0);
    await toggle(1);
    expect(await open_()).toEqual([false, true, false, false]);
    await toggle(2);
    await animationsDone(test.page, '.js-expand-content');
    await test.page.$eval('a[href="#x2"]', (a) => (a as HTMLElement).click());
    expect(await test.page.$$eval('.js-tab-panel', (all) => all.map((p) => !!(p as HTMLElement).hidden))).toEqual([true, false]);
    await test.page.$eval('.js-expand-tab-trigger', (a) => (a as HTMLElement).click());
    await test.page.$eval('.js-expand-tab-trigger', (a) => (a as HTMLElement).click());
    expect(await open_()).toEqual([false, true, true, true]);
    test.assertClean();
  });

  it('modal: any [data-modal-open] opens it; body and close control; an expand item inside', async () => {
    const test = await open(
      '<a href="#m" data-modal-open="m">Open</a> <span data-modal-open="m">also</span>' +
        BELOW +
        '<div class="js-modal" id="m"><div class="js-modal-body"><p>Hello</p>' +
        '<div class="js-expand"><button class="js-expand-trigger">Q</button><div class="js-expand-content">A</div></div>' +
        '<button class="js-modal-close">Close</button></div></div>',
      { reducedMotion: true },
    );
    expect(await marks(test.page, '.js-modal, .js-expand')).toEqual(['modal', 'expand']);
    await test.page.click('a[data-modal-open]');
    await test.page.waitForFunction(() => document.getElementById('m')!.classList.contains('is-open'), { timeout: 3000 });
    await test.page.click('.js-expand-trigger');
    expect(await test.page.$eval('.js-expand', (e) => e.classList.contains('is-open'))).toBe(true);
    await test.page.click('.js-modal-close');
    expect(await test.page.$eval('#m', (e) => e.classList.contains('is-open'))).toBe(false);
    await test.page.$eval('span[data-modal-open]', (s) => (s as HTMLElement).click());
    await test.page.waitForFunction(() => document.getElementById('m')!.classList.contains('is-open'), { timeout: 3000 });
    await test.page.keyboard.press('Escape');
    expect(await test.page.$eval('#m', (e) => e.classList.contains('is-open'))).toBe(false);
    test.assertClean();
  });

  it('filter modal: opened on small screens by [data-modal-open]', async () => {
    const test = await open(
      '<div class="js-ajax-list" data-base-url="/news/list"><button data-modal-open="f">Filters</button>' +
        '<div class="js-filter-modal" id="f"><form class="js-ajax-filter"><select name="category"><option value="">All</option><option value="products">P</option></select></form></div>' +
        '<div class="js-ajax-results"><ul><li>x</li></ul></div></div>',
      { viewport: { width: 600, height: 800 } },
    );
    expect(await marks(test.page, '.js-filter-modal')).toEqual(['modal']);
    await test.page.click('[data-modal-open]');
    await test.page.waitForFunction(() => document.getElementById('f')!.classList.contains('is-open'), { timeout: 3000 });
    test.assertClean();
  });

  it('tooltip: data-tooltip on a span and a button; aria-describedby text', async () => {
    const test = await open(
      '<p style="margin:200px">x <span class="js-tooltip" data-tooltip="Help text">?</span> <button class="js-tooltip" data-tooltip="B">b</button>' +
        ' <abbr class="js-tooltip" aria-describedby="d">ATEX</abbr> <span id="d">Explosive atmospheres</span></p>',
    );
    expect(await marks(test.page, '.js-tooltip')).toEqual(['tooltip', 'tooltip', 'tooltip']);
    for (const [i, text] of [[0, 'Help text'], [1, 'B'], [2, 'Explosive atmospheres']] as const) {
      await test.page.$$eval('.js-tooltip', (all, i) => (all[i] as HTMLElement).focus(), i);
      expect(await tooltipText(test.page, i)).toBe(text);
    }
    test.assertClean();
  });

  it('resource: files, button, status; the zip is asked for the checked ids', async () => {
    const test = await open(
      '<div class="js-resource" data-title="Spec" data-download-error="Failed"><label><input type="checkbox" class="js-resource-file" value="101" data-file-type="PDF"> A</label>' +
        '<label><input type="checkbox" class="js-resource-file" value="102" data-file-type="XLSX"> B</label><button class="js-resource-download">Download</button><p class="js-resource-status"></p></div>',
    );
    expect(await marks(test.page, '.js-resource')).toEqual(['resource']);
    expect(await test.page.$eval('.js-resource-download', (b) => b.getAttribute('aria-disabled'))).toBe('true');
    await test.page.click('input[value="102"]');
    await test.page.click('.js-resource-download');
    await test.page.waitForFunction(() => !document.querySelector('.js-resource')!.hasAttribute('aria-busy'), { timeout: 5000 });
    expect(test.requests.filter((u) => u.includes('/download-zip/')).map((u) => new URL(u).pathname)).toEqual(['/download-zip/102']);
    test.assertClean();
  });

  it('popup modal: a form[action] with the two messages opens 4 s after load and posts', async () => {
    const test = await open(
      '<div class="js-popup-modal" id="pop" data-success-message="Thanks" data-error-message="Sorry"><form action="/forms/popup" method="post"><input name="email" value="a@b.c"><button>Send</button></form></div>',
    );
    expect(await marks(test.page, '.js-popup-modal')).toEqual(['popup-modal']);
    await test.page.waitForFunction(() => document.getElementById('pop')!.classList.contains('is-open'), { timeout: 6000 });
    await test.page.click('#pop button');
    await test.page.waitForFunction(() => document.querySelector('#pop .popup-result')?.textContent === 'Thanks', { timeout: 5000 });
    test.assertClean();
  });

  it('forms: required, data-regex, a required group; cms and mailing forms; no wrappers', async () => {
    const test = await open(
      '<form class="js-validate" action="/x" method="post"><input name="a" required data-required-message="Need a">' +
        '<input name="b" data-regex="[0-9]+" data-regex-message="Digits"><textarea name="c" required></textarea>' +
        '<fieldset class="js-required-group" data-required-message="Pick one"><input type="checkbox" name="o" value="1"><input type="checkbox" name="o" value="2"></fieldset>' +
        '<input type="checkbox" name="agree" required><button>Send</button></form>' +
        '<form class="js-cms-form js-validate" action="/y"><input name="z" required><button>Go</button></form><form class="js-mailing-form" action="/z"><input name="m"></form>',
    );
    expect(await marks(test.page, 'form')).toEqual(['forms', 'forms', 'forms']);
    await test.page.type('input[name="b"]', 'abc');
    await test.page.click('form.js-validate:not(.js-cms-form) button');
    const errors = await test.page.$$eval('form:first-of-type .veneer-error', (all) => all.map((e) => e.textContent));
    expect(errors).toEqual(['Need a', 'Digits', 'This field is required', 'Pick one', 'This field is required']);
    expect(await test.page.evaluate(() => location.pathname)).toBe('/__fixture/minimal-' + n);
    await test.page.click('.js-cms-form button');
    expect(await test.page.$$eval('.js-cms-form .veneer-error', (all) => all.map((e) => e.textContent))).toEqual(['This field is required']);
    test.assertClean();
  });

  it('form trackers: the two containers are enhanced', async () => {
    const test = await open('<div class="js-hubspot-form"><form><input name="e"></form></div><div class="js-marketo-form"><form><input name="e"></form></div>');
    await test.page.waitForFunction(() => document.querySelectorAll('[data-enhanced]').length >= 2, { timeout: 5000 });
    expect(await marks(test.page, '.js-hubspot-form, .js-marketo-form')).toEqual(['hubspot-form', 'marketo-form']);
    test.assertClean();
  });

  it('delegate: a select, groups, a holder', async () => {
    const test = await open(
      BELOW +
        '<form action="/x"><select class="js-delegate" data-delegate-set="kind" name="kind"><option value="">-</option><option value="a">A</option><option value="b">B</option></select>' +
        '<div class="js-delegate-group" data-delegate-set="kind" data-delegate-value="a"><input name="ga"></div>' +
        '<div class="js-delegate-group" data-delegate-set="kind" data-delegate-value="b"><input name="gb"></div>' +
        '<input type="hidden" name="detail" data-delegate-holder="kind"></form>',
    );
    expect(await marks(test.page, '.js-delegate')).toEqual(['delegate']);
    const hidden = () => test.page.$$eval('.js-delegate-group', (all) => all.map((g) => (g as HTMLElement).hidden));
    expect(await hidden()).toEqual([true, true]);
    await test.page.select('.js-delegate', 'b');
    expect(await hidden()).toEqual([true, false]);
    await test.page.type('input[name="gb"]', 'hello');
    expect(await test.page.$eval('[data-delegate-holder]', (h) => (h as HTMLInputElement).value)).toBe('hello');
    test.assertClean();
  });

  it('datepicker: a bare input.js-datepicker, with and without bounds', async () => {
    const test = await open('<input class="js-datepicker" name="d"> <input class="js-datepicker" name="e" data-min="2020-01-01" data-max="2030-12-31">');
    expect(await marks(test.page, '.js-datepicker')).toEqual(['datepicker', 'datepicker']);
    await test.page.click('.veneer-datepicker-button');
    await test.page.waitForSelector('dialog.veneer-datepicker[open]', { timeout: 5000 });
    await test.page.keyboard.press('Enter');
    expect(await test.page.$eval('input[name="d"]', (i) => /^\d{4}-\d\d-\d\d$/.test((i as HTMLInputElement).value))).toBe(true);
    test.assertClean();
  });

  it('video: a.js-video with data-video-id only', async () => {
    const test = await open('<a class="js-video" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" data-video-id="dQw4w9WgXcQ">Watch</a>');
    expect(await marks(test.page, '.js-video')).toEqual(['video']);
    expect(await test.page.$eval('.js-video', (a) => a.getAttribute('role'))).toBe('button');
    test.assertClean();
  });

  it('video gallery: thumbnails with data-embed only (no href) open in a lightbox iframe', async () => {
    const test = await open(
      '<div class="js-video-gallery"><a class="js-video-thumb" data-embed="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ">One</a>' +
        '<a class="js-video-thumb" data-embed="https://www.youtube-nocookie.com/embed/aaaaaaaaaaa">Two</a></div>',
      { allowErrors: [/net::ERR/] },
    );
    expect(await marks(test.page, '.js-video-gallery')).toEqual(['lightbox']);
    await test.page.click('.js-video-thumb');
    await test.page.waitForSelector('dialog.veneer-lightbox[open] iframe', { timeout: 5000 });
    expect(await test.page.$eval('dialog.veneer-lightbox iframe', (f) => f.getAttribute('src'))).toContain('dQw4w9WgXcQ');
    test.assertClean();
  });

  it('add to calendar: data-start and data-title only, with and without href', async () => {
    const test = await open(
      '<a class="js-add-to-calendar" href="/event.ics" data-start="2026-03-12" data-title="Expo">Add</a> <a class="js-add-to-calendar" data-start="2026-03-12T10:00:00Z" data-title="Talk">Add</a>',
    );
    expect(await marks(test.page, '.js-add-to-calendar')).toEqual(['add-to-calendar', 'add-to-calendar']);
    test.assertClean();
  });

  it('lightbox: image by default, inline #id, a gallery of plain a children', async () => {
    const test = await open(
      '<a class="js-lightbox" href="/media/images/gallery-1.svg">Image</a> <a class="js-lightbox" data-lightbox-type="inline" href="#box">Inline</a><div id="box">Inline content</div>' +
        '<div class="js-lightbox-gallery"><a href="/media/images/gallery-1.svg">1</a><a href="/media/images/gallery-2.svg">2</a><a href="/media/images/hero-3.svg">3</a></div>',
    );
    expect(await marks(test.page, '.js-lightbox, .js-lightbox-gallery')).toEqual(['lightbox', 'lightbox', 'lightbox']);
    await test.page.click('a.js-lightbox');
    await test.page.waitForSelector('dialog.veneer-lightbox[open] img', { timeout: 5000 });
    await test.page.keyboard.press('Escape');
    await test.page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox[open]'), { timeout: 3000 });
    await test.page.click('a[href="#box"]');
    await test.page.waitForFunction(() => document.querySelector('dialog.veneer-lightbox[open]')?.textContent?.includes('Inline content'), { timeout: 5000 });
    await test.page.keyboard.press('Escape');
    await test.page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox[open]'), { timeout: 3000 });
    await test.page.click('.js-lightbox-gallery a:nth-child(3)');
    await test.page.waitForFunction(() => document.querySelector('dialog.veneer-lightbox[open]')?.textContent?.includes('3 of 3'), { timeout: 5000 });
    await test.page.keyboard.press('ArrowRight');
    await test.page.waitForFunction(() => document.querySelector('dialog.veneer-lightbox[open]')?.textContent?.includes('1 of 3'), { timeout: 5000 });
    test.assertClean();
  });

  it('ajax list: base url, filter form, pager, results', async () => {
    const test = await open(
      '<div class="js-ajax-list" data-base-url="/news/list"><form class="js-ajax-filter" action="/news/"><select name="category"><option value="">All</option><option value="products">Products</option></select></form>' +
        '<div class="js-ajax-results"><ul><li>old</li></ul><a class="js-ajax-page" href="?page=2">2</a></div></div>',
    );
    expect(await marks(test.page, '.js-ajax-list')).toEqual(['ajax-list']);
    await test.page.select('select[name="category"]', 'products');
    await test.page.waitForFunction(() => location.search === '?category=products', { timeout: 5000 });
    expect(await test.page.$eval('.js-ajax-results', (r) => r.textContent!.includes('old'))).toBe(false);
    test.assertClean();
  });

  it('back to top: a.js-back-to-top[href="#top"] with no #top element', async () => {
    const test = await open(`<p>start</p>${TALL}<a class="js-back-to-top" href="#top">Top</a>`, { reducedMotion: true });
    await test.page.waitForFunction(() => document.querySelector('.js-back-to-top')!.hasAttribute('data-enhanced'), { timeout: 5000 });
    await test.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await test.page.waitForFunction(() => document.querySelector('.js-back-to-top')!.classList.contains('is-visible'), { timeout: 3000 });
    await test.page.click('.js-back-to-top');
    await test.page.waitForFunction(() => scrollY === 0, { timeout: 3000 });
    test.assertClean();
  });

  it('rotators: items only, no data-interval; a hero rotator; a carousel inside a tab panel', async () => {
    const test = await open(
      BELOW +
        '<div class="js-rotator"><div class="js-rotator-item">1</div><div class="js-rotator-item">2</div></div>' +
        '<div class="js-hero-rotator" data-interval="300"><div class="js-rotator-item">H1</div><div class="js-rotator-item">H2</div></div>' +
        '<div class="js-tabs"><a class="js-tab" href="#c1">C</a><a class="js-tab" href="#c2">D</a><div class="js-tab-panel" id="c1">c1</div><div class="js-tab-panel" id="c2">' +
        '<div class="js-carousel"><div class="js-carousel-slide">s1</div><div class="js-carousel-slide">s2</div><button class="js-carousel-prev">P</button><button class="js-carousel-next">N</button></div></div></div>',
    );
    expect(await marks(test.page, '.js-rotator, .js-hero-rotator, .js-carousel')).toEqual(['rotator', 'rotator', 'carousel']);
    await test.page.waitForFunction(() => document.querySelector('.js-hero-rotator .js-rotator-item:nth-of-type(2)')?.getAttribute('aria-current') === 'true', { timeout: 3000 });
    await test.page.$eval('a[href="#c2"]', (a) => (a as HTMLElement).click());
    await test.page.click('.js-carousel-next');
    expect(await test.page.$$eval('.js-carousel-slide', (all) => all.map((s) => s.getAttribute('aria-current')))).toEqual([null, 'true']);
    test.assertClean();
  });

  it('map: lat and lng with a static link inside; no zoom or title', async () => {
    const test = await open('<div class="js-map" data-lat="52.37" data-lng="4.89" style="height:200px"><a href="https://www.openstreetmap.org/">Map</a></div>', { allowErrors: [/net::ERR/] });
    expect(await marks(test.page, '.js-map')).toEqual(['map']);
    await test.page.waitForSelector('.js-map iframe', { timeout: 5000 });
    expect(await test.page.$eval('.js-map iframe', (f) => f.getAttribute('title'))).toBe('Map');
    test.assertClean();
  });

  it('table scroll: a wide table in .rich-text', async () => {
    const test = await open('<div class="rich-text" style="width:300px"><table><tr><td style="min-width:900px">wide</td></tr></table></div>');
    expect(await marks(test.page, 'table')).toEqual(['table-scroll']);
    await test.page.waitForSelector('.veneer-table-scroll[role="region"]', { timeout: 3000 });
    test.assertClean();
  });

  it('select-link, share, appear, permission', async () => {
    const test = await open(
      '<select class="js-select-link"><option value="">Choose</option><option value="/a/">A</option></select>' +
        '<a class="js-share" href="https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.com">Share</a>' +
        '<div class="js-permission" data-permission="cookie"><p>Cookies?</p><button class="js-permission-allow">Yes</button><button class="js-permission-deny">No</button></div>' +
        `${TALL}<div class="js-appear">appears</div><p class="js-appear" data-appear-delay="0">also</p>${TALL}`,
    );
    await test.page.waitForFunction(() => document.querySelectorAll('.js-select-link[data-enhanced], .js-share[data-enhanced]').length === 2, { timeout: 5000 });
    expect(await marks(test.page, '.js-select-link, .js-share, .js-permission, .js-appear')).toEqual(['select-link', 'share', 'permission', 'appear', 'appear']);
    // On screen at start, the Go button comes when the visitor reaches the select.
    await test.page.focus('.js-select-link');
    expect(await test.page.$eval('.js-select-link + button', (b) => b.textContent)).toBe('Go');
    expect(await test.page.$$eval('.js-appear', (all) => all.map((a) => a.className))).toEqual(['js-appear is-hidden', 'js-appear is-hidden']);
    await test.page.evaluate(() => document.querySelectorAll('.js-appear')[1].scrollIntoView());
    await test.page.waitForFunction(() => [...document.querySelectorAll('.js-appear')].every((a) => a.classList.contains('is-visible')), { timeout: 3000 });
    await test.page.click('.js-permission-allow');
    expect(await test.page.$eval('.js-permission', (p) => (p as HTMLElement).hidden)).toBe(true);
    test.assertClean();
  });

  it('analytics: the tag with data-analytics-id; a tracked click', async () => {
    const head = '<script defer src="/Content/scripts/dist/veneer.js" data-analytics-id="G-TEST1234" data-analytics-endpoint="/__stubs/analytics/collect"></script>';
    const test = await open('<button data-track-category="cta" data-track-action="click">Go</button>', {}, head);
    await test.page.waitForFunction(() => document.querySelector('script[data-analytics-id]')!.hasAttribute('data-enhanced'), { timeout: 5000 });
    await test.page.click('button');
    await test.page.waitForFunction(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/__stubs/analytics/collect')).length >= 2, { timeout: 5000 });
    test.assertClean();
  });

  // Every row's minimal markup once more, inserted after start (ajax lists, lightbox content,
  // modals) and removed again.
  const INSERTED: [string, string, string][] = [
    ['.js-carousel', 'carousel', '<div class="js-carousel"><div class="js-carousel-slide">1</div><div class="js-carousel-slide">2</div><button class="js-carousel-prev">P</button><button class="js-carousel-next">N</button></div>'],
    ['.js-tabs', 'tabs', '<div class="js-tabs"><a class="js-tab" href="#i1">1</a><a class="js-tab" href="#i2">2</a><div class="js-tab-panel" id="i1">1</div><div class="js-tab-panel" id="i2">2</div></div>'],
    ['.js-expand', 'expand', '<div class="js-expand"><button class="js-expand-trigger">Q</button><div class="js-expand-content">A</div></div>'],
    ['.js-modal', 'modal', '<div class="js-modal" id="im"><div class="js-modal-body">M</div></div>'],
    ['.js-tooltip', 'tooltip', '<span class="js-tooltip" data-tooltip="T">?</span>'],
    ['.js-resource', 'resource', '<div class="js-resource"><input type="checkbox" class="js-resource-file" value="1"><button class="js-resource-download">D</button></div>'],
    ['.js-popup-modal', 'popup-modal', '<div class="js-popup-modal" id="ip"><form action="/forms/popup"><button>S</button></form></div>'],
    ['.js-validate', 'forms', '<form class="js-validate"><input required></form>'],
    ['.js-delegate', 'delegate', '<select class="js-delegate" data-delegate-set="d"><option>a</option></select><div class="js-delegate-group" data-delegate-set="d" data-delegate-value="a"><input></div>'],
    ['.js-datepicker', 'datepicker', '<input class="js-datepicker">'],
    ['.js-video', 'video', '<a class="js-video" href="/v" data-video-id="dQw4w9WgXcQ">V</a>'],
    ['.js-video-gallery', 'lightbox', '<div class="js-video-gallery"><a class="js-video-thumb" data-embed="https://www.youtube.com/embed/dQw4w9WgXcQ">1</a></div>'],
    ['.js-add-to-calendar', 'add-to-calendar', '<a class="js-add-to-calendar" data-start="2026-03-12">A</a>'],
    ['.js-lightbox', 'lightbox', '<a class="js-lightbox" href="/media/images/gallery-1.svg">L</a>'],
    ['.js-lightbox-gallery', 'lightbox', '<div class="js-lightbox-gallery"><a href="/media/images/gallery-1.svg">1</a></div>'],
    ['.js-ajax-list', 'ajax-list', '<div class="js-ajax-list" data-base-url="/news/list"><div class="js-ajax-results">r</div></div>'],
    ['.js-rotator', 'rotator', '<div class="js-rotator"><div class="js-rotator-item">1</div><div class="js-rotator-item">2</div></div>'],
    ['.js-map', 'map', '<div class="js-map" data-lat="1" data-lng="2">m</div>'],
    ['.rich-text table', 'table-scroll', '<div class="rich-text"><table><tr><td>t</td></tr></table></div>'],
    ['.js-appear', 'appear', '<div class="js-appear">a</div>'],
    ['.js-permission', 'permission', '<div class="js-permission" data-permission="geolocation"><button class="js-permission-allow">Y</button><button class="js-permission-deny">N</button></div>'],
    ['.js-anchor-trigger', 'anchor-trigger', '<div class="js-anchor-trigger" data-target="#i1">go</div>'],
    ['.js-select-link', 'select-link', '<select class="js-select-link"><option value="/a/">A</option></select>'],
    ['.js-share', 'share', '<a class="js-share" href="https://twitter.com/intent/tweet?url=x">S</a>'],
    ['.js-back-to-top', 'back-to-top', '<a class="js-back-to-top" href="#top">T</a>'],
    ['.js-hubspot-form', 'hubspot-form', '<div class="js-hubspot-form"></div>'],
    ['.js-marketo-form', 'marketo-form', '<div class="js-marketo-form"></div>'],
  ];

  it('every row inserted after start is enhanced, and torn down on removal', async () => {
    const test = await open('<main id="host"></main>', { allowErrors: [/net::ERR/] });
    await test.page.evaluate(async (html) => {
      document.getElementById('host')!.insertAdjacentHTML('beforeend', testHTML(html));
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
    }, INSERTED.map(([, , html]) => html).join(''));
    await new Promise((r) => setTimeout(r, 500));
    const got = await test.page.evaluate(
      (rows) => rows.map(([selector]) => document.querySelector(selector)?.getAttribute('data-enhanced') ?? null),
      INSERTED.map(([selector]) => [selector]),
    );
    expect(got).toEqual(INSERTED.map(([, name]) => name));
    await test.page.evaluate(() => document.getElementById('host')!.replaceChildren());
    await new Promise((r) => setTimeout(r, 300));
    test.assertClean();
  });

  it('popup modal: a form with action only (no method) is POSTed; closing sets the cookie', async () => {
    const test = await open('<div class="js-popup-modal" id="pop2"><form action="/forms/popup"><input name="email" value="a@b.c"><button>Send</button></form></div>');
    await test.page.waitForFunction(() => document.getElementById('pop2')!.classList.contains('is-open'), { timeout: 6000 });
    await test.page.click('#pop2 button');
    await test.page.waitForFunction(() => document.querySelector('#pop2 .popup-result'), { timeout: 5000 });
    expect(await test.page.evaluate(() => location.pathname)).toBe('/__fixture/minimal-' + n);
    await test.page.keyboard.press('Escape');
    expect(await test.page.evaluate(() => document.cookie)).toContain('popup-pop2=');
    test.assertClean();
  });

  it('delegate: the holder and the select are restored from the query', async () => {
    const html = fixture(
      BELOW +
        '<select class="js-delegate" data-delegate-set="kind" name="kind"><option value="">-</option><option value="a">A</option><option value="b">B</option></select>' +
        '<div class="js-delegate-group" data-delegate-set="kind" data-delegate-value="a"><input name="ga"></div>' +
        '<div class="js-delegate-group" data-delegate-set="kind" data-delegate-value="b"><input name="gb"></div>' +
        '<input type="hidden" name="detail" data-delegate-holder="kind">',
    );
    const test = await session.open('/__fixture/minimal-delegate?kind=b&detail=hello', { html });
    expect(await test.page.$eval('.js-delegate', (s) => (s as HTMLSelectElement).value)).toBe('b');
    expect(await test.page.$$eval('.js-delegate-group', (all) => all.map((g) => (g as HTMLElement).hidden))).toEqual([true, false]);
    expect(await test.page.$eval('input[name="gb"]', (i) => (i as HTMLInputElement).value)).toBe('hello');
    expect(await test.page.$eval('[data-delegate-holder]', (i) => (i as HTMLInputElement).value)).toBe('hello');
    test.assertClean();
  });

  it('ajax list: a pager link loads its page; two lists and two modals on a page', async () => {
    const list = '<div class="js-ajax-list" data-base-url="/news/list"><div class="js-ajax-results"><ul><li>old</li></ul><a class="js-ajax-page" href="?page=2">2</a></div></div>';
    const modal = (id: string) => `<button data-modal-open="${id}">${id}</button><div class="js-modal" id="${id}"><div class="js-modal-body"><button class="js-modal-close">x</button></div></div>`;
    const test = await open(list + BELOW + modal('m1') + modal('m2'));
    await test.page.click('.js-ajax-page');
    await test.page.waitForFunction(() => location.search === '?page=2', { timeout: 5000 });
    expect(await test.page.$eval('.js-ajax-results', (r) => r.textContent!.includes('old'))).toBe(false);
    await test.page.click('[data-modal-open="m2"]');
    await test.page.waitForFunction(() => document.getElementById('m2')!.classList.contains('is-open'), { timeout: 3000 });
    expect(await test.page.$eval('#m1', (m) => m.classList.contains('is-open'))).toBe(false);
    await test.page.click('#m2 .js-modal-close');
    expect(await test.page.$eval('#m2', (m) => m.classList.contains('is-open'))).toBe(false);
    test.assertClean();
  });

  it('share opens a 550x450 popup; add to calendar without href downloads an .ics', async () => {
    const test = await open(
      '<a class="js-share" href="https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fexample.com">Share</a> ' +
        '<a class="js-add-to-calendar" data-start="2026-03-12" data-end="2026-03-13" data-title="Expo" data-venue="RAI" data-country="NL">Add</a>',
    );
    await test.page.waitForFunction(() => document.querySelector('.js-share[data-enhanced]'), { timeout: 5000 });
    await test.page.evaluate(() => {
      const w = window as unknown as { opened: unknown[]; downloads: string[] };
      w.opened = [];
      w.downloads = [];
      window.open = (...args: unknown[]) => (w.opened.push(args), null);
      HTMLAnchorElement.prototype.click = function () {
        w.downloads.push(this.download);
      };
    });
    await test.page.click('.js-share');
    const opened = await test.page.evaluate(() => (window as unknown as { opened: string[][] }).opened);
    expect(opened).toHaveLength(1);
    expect(opened[0][2]).toMatch(/width=550,height=450/);
    await test.page.click('.js-add-to-calendar');
    expect(await test.page.evaluate(() => (window as unknown as { downloads: string[] }).downloads)).toEqual(['Expo.ics']);
    expect(await test.page.evaluate(() => location.pathname)).toBe('/__fixture/minimal-' + n);
    test.assertClean();
  });

  it('lightbox: iframe and ajax types, caption from title', async () => {
    const test = await open(
      '<a class="js-lightbox" data-lightbox-type="iframe" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">Video</a> ' +
        '<a class="js-lightbox" data-lightbox-type="ajax" href="/fragments/spec-sheet.html">Spec</a> ' +
        '<a class="js-lightbox" href="/media/images/gallery-1.svg" title="Caption">Img</a>',
      { allowErrors: [/net::ERR/] },
    );
    await test.page.click('a[data-lightbox-type="iframe"]');
    await test.page.waitForSelector('dialog.veneer-lightbox[open] iframe', { timeout: 5000 });
    await test.page.keyboard.press('Escape');
    await test.page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox[open]'), { timeout: 3000 });
    await test.page.click('a[data-lightbox-type="ajax"]');
    await test.page.waitForSelector('dialog.veneer-lightbox[open] .veneer-lightbox__html', { timeout: 5000 });
    await test.page.keyboard.press('Escape');
    await test.page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox[open]'), { timeout: 3000 });
    await test.page.click('a[title="Caption"]');
    await test.page.waitForFunction(() => document.querySelector('dialog.veneer-lightbox[open] figcaption')?.textContent === 'Caption', { timeout: 5000 });
    test.assertClean();
  });

  it('forms: required select, radio and checkbox group without wrappers; the error is cleared when fixed', async () => {
    const test = await open(
      '<form class="js-validate" action="/x"><select name="s" required><option value="">-</option><option value="1">1</option></select>' +
        '<input type="radio" name="r" value="1" required><input type="radio" name="r" value="2">' +
        '<fieldset class="js-required-group"><input type="radio" name="g" value="1"><input type="radio" name="g" value="2"></fieldset>' +
        '<input name="e" data-regex="^[a-z]+@[a-z]+$"><button>Send</button></form>',
    );
    await test.page.type('input[name="e"]', 'nope');
    // The regex error shown on blur moves the button: submitted from the keyboard.
    await test.page.focus('button');
    await test.page.keyboard.press('Enter');
    expect(await test.page.$$eval('.veneer-error', (all) => all.map((e) => e.textContent))).toEqual([
      'This field is required',
      'This field is required',
      'This field is required',
      'Please use the requested format',
    ]);
    await test.page.select('select', '1');
    expect(await test.page.$$eval('.veneer-error', (all) => all.length)).toBe(3);
    test.assertClean();
  });

  it('resource without title, error message or status region; map with zoom and title', async () => {
    const test = await open(
      '<div class="js-resource"><input type="checkbox" class="js-resource-file" value="101"><button class="js-resource-download">Download</button></div>' +
        '<div class="js-map" data-lat="52.37" data-lng="4.89" data-zoom="12" data-title="Office" style="height:200px"><img alt="map" src="/media/images/map-amsterdam.svg"></div>',
      { allowErrors: [/net::ERR/] },
    );
    expect(await marks(test.page, '.js-resource, .js-map')).toEqual(['resource', 'map']);
    await test.page.click('.js-resource-file');
    await test.page.click('.js-resource-download');
    await test.page.waitForFunction(() => !document.querySelector('.js-resource')!.hasAttribute('aria-busy'), { timeout: 5000 });
    expect(test.requests.filter((u) => u.includes('/download-zip/')).map((u) => new URL(u).pathname)).toEqual(['/download-zip/101']);
    await test.page.waitForSelector('.js-map iframe', { timeout: 5000 });
    expect(await test.page.$eval('.js-map iframe', (f) => f.getAttribute('title'))).toBe('Office');
    test.assertClean();
  });

  it('other tags: section carousel inside a closed expand item on screen; li expand items; a ul gallery', async () => {
    const test = await open(
      '<ul><li class="js-expand" data-expand-set="q"><h3><button class="js-expand-trigger">Q1</button></h3><div class="js-expand-content">' +
        '<section class="js-carousel"><div class="js-carousel-slide">s1</div><div class="js-carousel-slide">s2</div><button class="js-carousel-prev">P</button><button class="js-carousel-next">N</button></section></div></li>' +
        '<li class="js-expand" data-expand-set="q"><h3><button class="js-expand-trigger">Q2</button></h3><div class="js-expand-content">A2</div></li></ul>' +
        '<ul class="js-lightbox-gallery"><li><a href="/media/images/gallery-1.svg">1</a></li><li><a href="/media/images/gallery-2.svg">2</a></li><li><a href="/media/images/hero-3.svg">3</a></li></ul>',
      { reducedMotion: true },
    );
    expect(await marks(test.page, '.js-expand, .js-carousel, .js-lightbox-gallery')).toEqual(['expand', 'carousel', 'expand', 'lightbox']);
    const toggle = (i: number) => test.page.$$eval('.js-expand-trigger', (all, i) => (all[i] as HTMLElement).click(), i);
    // On screen at start the items stay open until used: a click closes, a second opens.
    const openItems = () => test.page.$$eval('.js-expand', (all) => all.map((e) => e.classList.contains('is-open')));
    if ((await openItems())[0]) await toggle(0);
    await toggle(0);
    expect((await openItems())[0]).toBe(true);
    await test.page.click('.js-carousel-next');
    const visible = () => test.page.$$eval('.js-carousel-slide', (all) => all.map((s) => s.getBoundingClientRect().height > 0));
    expect(await visible()).toEqual([false, true]);
    await test.page.click('.js-lightbox-gallery li:nth-child(2) a');
    await test.page.waitForFunction(() => document.querySelector('dialog.veneer-lightbox[open]')?.textContent?.includes('2 of 3'), { timeout: 5000 });
    test.assertClean();
  });

  it('a lightbox and a tooltip inside a modal; the modal closes on an outside click and gives focus back', async () => {
    const test = await open(
      '<button data-modal-open="m">Open</button>' +
        '<section class="js-modal" id="m"><div class="js-modal-body"><h2>T</h2><a class="js-lightbox" href="/media/images/gallery-1.svg">Img</a> <span class="js-tooltip" data-tooltip="Tip">?</span></div></section>',
    );
    expect(await marks(test.page, '.js-modal, .js-lightbox, .js-tooltip')).toEqual(['modal', 'lightbox', 'tooltip']);
    await test.page.click('[data-modal-open]');
    await test.page.waitForFunction(() => document.getElementById('m')!.classList.contains('is-open'), { timeout: 3000 });
    await test.page.click('#m .js-lightbox');
    await test.page.waitForSelector('dialog.veneer-lightbox[open] img', { timeout: 5000 });
    await test.page.keyboard.press('Escape');
    await test.page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox[open]'), { timeout: 3000 });
    expect(await test.page.$eval('#m', (m) => m.classList.contains('is-open'))).toBe(true);
    await test.page.focus('#m .js-tooltip');
    await test.page.waitForFunction(() => document.querySelector('.veneer-tooltip:popover-open'), { timeout: 3000 });
    await test.page.mouse.click(5, 5);
    expect(await test.page.$eval('#m', (m) => m.classList.contains('is-open'))).toBe(false);
    expect(await test.page.evaluate(() => document.activeElement?.matches('[data-modal-open]'))).toBe(true);
    test.assertClean();
  });

  it('tooltip near the left edge stays 18 px inside the viewport', async () => {
    const test = await open('<p style="margin:200px 0 0 0"><span class="js-tooltip" data-tooltip="A rather long tooltip text that is wider than the trigger">?</span></p>');
    await test.page.focus('.js-tooltip');
    const box = await test.page.waitForFunction(
      () => {
        const tip = document.querySelector('.veneer-tooltip') as HTMLElement;
        return !tip.hidden && tip.getBoundingClientRect().width > 0 && tip.getBoundingClientRect().left;
      },
      { timeout: 3000 },
    );
    expect(await box.jsonValue()).toBeGreaterThanOrEqual(18);
    test.assertClean();
  });

  it('sticky header: sticks past the bar height, hides on scroll down and comes back on scroll up', async () => {
    const test = await open(`<div class="js-notification" style="height:40px">News</div><header class="js-header" style="position:sticky;top:0;height:60px">Site</header>${TALL}${TALL}`);
    const cls = () => test.page.$eval('.js-header', (h) => ['is-sticky', 'is-hidden'].filter((c) => h.classList.contains(c)).join(' '));
    const scroll = async (y: number) => {
      await test.page.evaluate((y) => window.scrollTo(0, y), y);
      await new Promise((r) => setTimeout(r, 400));
    };
    await scroll(20);
    expect(await cls()).toBe('');
    await scroll(400);
    expect(await cls()).toBe('is-sticky is-hidden');
    await scroll(200);
    expect(await cls()).toBe('is-sticky');
    test.assertClean();
  });

  it('only one of search, language and navigation is open', async () => {
    const test = await open(
      '<header class="js-header"><button class="js-search-toggle" aria-controls="sp">S</button><div class="js-search-panel" id="sp"><input></div>' +
        '<button class="js-language-toggle" aria-controls="lp">L</button><div class="js-language-panel" id="lp"><a href="/de/">de</a></div>' +
        '<nav class="js-nav"><ul><li class="js-nav-item"><button class="js-nav-trigger">A</button><div class="js-megamenu"><a href="/a">a</a></div></li></ul></nav></header>',
    );
    const expanded = () => test.page.$$eval('.js-search-toggle, .js-language-toggle, .js-nav-trigger', (all) => all.map((t) => t.getAttribute('aria-expanded')));
    await test.page.click('.js-search-toggle');
    expect(await expanded()).toEqual(['true', 'false', 'false']);
    await test.page.click('.js-nav-trigger');
    expect(await expanded()).toEqual(['false', 'false', 'true']);
    await test.page.click('.js-language-toggle');
    expect(await expanded()).toEqual(['false', 'true', 'false']);
    test.assertClean();
  });

  it('popup modal: an error answer shows the message and a retry button that restores the form', async () => {
    const test = await open('<aside class="js-popup-modal" id="pop3" data-error-message="Broken"><form action="/__fault/500/forms/popup"><input name="x"><button>Send</button></form></aside>', {
      allowErrors: [/500/],
    });
    await test.page.waitForFunction(() => document.getElementById('pop3')!.classList.contains('is-open'), { timeout: 6000 });
    await test.page.click('#pop3 form button');
    await test.page.waitForFunction(() => document.querySelector('#pop3 .has-error')?.textContent?.includes('Broken'), { timeout: 5000 });
    await test.page.click('#pop3 .has-error button');
    expect(await test.page.$eval('#pop3 form', (f) => (f as HTMLElement).hidden)).toBe(false);
    test.assertClean();
  });

  it('tabs with a rotator in the hidden second panel and a video in a carousel slide', async () => {
    // Below the fold (stacked items on screen at start wait for the visitor: docs/markup.md).
    const test = await open(
      BELOW +
      '<section class="js-tabs"><a class="js-tab" href="#r1">1</a><a class="js-tab" href="#r2">2</a><div class="js-tab-panel" id="r1">' +
        '<div class="js-carousel"><div class="js-carousel-slide"><a class="js-video" href="/v" data-video-id="dQw4w9WgXcQ">V</a></div><div class="js-carousel-slide">2</div><button class="js-carousel-prev">P</button><button class="js-carousel-next">N</button></div></div>' +
        '<div class="js-tab-panel" id="r2"><div class="js-rotator" data-interval="200"><div class="js-rotator-item">a</div><div class="js-rotator-item">b</div></div></div></section>',
    );
    expect(await marks(test.page, '.js-tabs, .js-carousel, .js-video, .js-rotator')).toEqual(['tabs', 'carousel', 'video', 'rotator']);
    await test.page.$eval('a[href="#r2"]', (a) => (a as HTMLElement).click());
    expect(await test.page.$$eval('.js-tab-panel', (all) => all.map((p) => !!(p as HTMLElement).hidden))).toEqual([true, false]);
    await test.page.waitForFunction(() => document.querySelectorAll('.js-rotator-item')[1].getAttribute('aria-current') === 'true', { timeout: 3000 });
    await test.page.$eval('a[href="#r1"]', (a) => (a as HTMLElement).click());
    await test.page.$eval('.js-carousel-next', (a) => (a as HTMLElement).click());
    expect(await test.page.$$eval('.js-carousel-slide', (all) => all.map((s) => s.getBoundingClientRect().height > 0))).toEqual([false, true]);
    test.assertClean();
  });

  it('seed details: an empty index display shows 1; anchor offset by the sticky header, also on load', async () => {
    const body =
      '<header class="js-header" style="position:sticky;top:0;height:60px;background:#fff">Site</header>' +
      '<div class="js-carousel"><div class="js-carousel-slide">1</div><div class="js-carousel-slide">2</div><button class="js-carousel-prev">P</button><button class="js-carousel-next">N</button><span class="js-carousel-index"></span></div>' +
      `<a href="#t">Go</a>${TALL}<h2 id="t">Target</h2>${TALL}`;
    const test = await open(body, { reducedMotion: true });
    expect(await test.page.$eval('.js-carousel-index', (i) => i.textContent)).toBe('1');
    await test.page.click('a[href="#t"]');
    await test.page.waitForFunction(() => Math.abs(document.getElementById('t')!.getBoundingClientRect().top - 60) < 2, { timeout: 3000 });
    test.assertClean();
    const loaded = await session.open('/__fixture/minimal-hash#t', { html: fixture(body), reducedMotion: true });
    await loaded.page.waitForFunction(() => Math.abs(document.getElementById('t')!.getBoundingClientRect().top - 60) < 2, { timeout: 3000 });
    loaded.assertClean();
  });

  it('forms: submit with an error far down scrolls it to 100 px from the top', async () => {
    const test = await open(`<form class="js-validate" action="/x">${TALL}<input name="a" required>${TALL}<button>Send</button></form>`, { reducedMotion: true });
    await test.page.$eval('form', (f) => (f as HTMLFormElement).requestSubmit());
    await test.page.waitForFunction(() => Math.abs(document.querySelector('input[name="a"]')!.getBoundingClientRect().top - 100) < 2, { timeout: 3000 });
    test.assertClean();
  });

  it('video click publishes /video/playing with the id; resource zip name from title and types', async () => {
    const test = await open(
      '<a class="js-video" href="/v" data-video-id="dQw4w9WgXcQ">V</a>' +
        '<div class="js-resource" data-title="Spec sheet" data-download-error="Failed"><input type="checkbox" class="js-resource-file" value="101" data-file-type="PDF"><input type="checkbox" class="js-resource-file" value="102" data-file-type="XLSX"><button class="js-resource-download">D</button></div>',
      { respond: youtube },
    );
    await test.page.evaluate(() => {
      const w = window as unknown as { seen: unknown[]; downloads: string[]; veneer: { on(t: string, f: (d: unknown) => void): void } };
      w.seen = [];
      w.downloads = [];
      w.veneer.on('/video/playing', (d) => w.seen.push(d));
      const click = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function () {
        if (this.download) w.downloads.push(this.download);
        else click.call(this);
      };
    });
    await test.page.$eval('.js-video', (a) => (a as HTMLElement).click());
    await test.page.waitForSelector('iframe', { timeout: 5000 });
    expect(await test.page.evaluate(() => (window as unknown as { seen: unknown[] }).seen)).toEqual([{ videoId: 'dQw4w9WgXcQ' }]);
    await test.page.click('input[value="101"]');
    await test.page.click('input[value="102"]');
    await test.page.click('.js-resource-download');
    await test.page.waitForFunction(() => (window as unknown as { downloads: string[] }).downloads.length, { timeout: 5000 });
    expect(await test.page.evaluate(() => (window as unknown as { downloads: string[] }).downloads)).toEqual(['Spec-sheet-PDF-XLSX.zip']);
    test.assertClean();
  });

  it('analytics: a file download and a tracked click are sent', async () => {
    const head = '<script defer src="/Content/scripts/dist/veneer.js" data-analytics-id="G-TEST1234" data-analytics-endpoint="/__stubs/analytics/collect"></script>';
    const test = await open('<a href="/media/files/a.PDF" download>PDF</a> <span data-track-category="c" data-track-action="go" data-track-label="l" data-track-value="3">x</span>', {}, head);
    await test.page.waitForFunction(() => document.querySelector('script[data-analytics-id]')!.hasAttribute('data-enhanced'), { timeout: 5000 });
    await test.page.evaluate(() => {
      const w = window as unknown as { beacons: string[] };
      w.beacons = [];
      navigator.sendBeacon = (url) => (w.beacons.push(String(url)), true);
    });
    await test.page.$eval('a', (a) => a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
    await test.page.click('span');
    const beacons = await test.page.evaluate(() => (window as unknown as { beacons: string[] }).beacons);
    expect(beacons.map((u) => new URL(u, 'http://x/').searchParams.get('en'))).toEqual(['file_download', 'go']);
    test.assertClean();
  });

  it('the script tag twice enhances once; a toggle inside its nav; a popup closed by its close control', async () => {
    const test = await open(
      '<nav class="js-nav" id="n"><button class="js-menu-toggle" aria-controls="n">Menu</button><ul><li class="js-nav-item"><button class="js-nav-trigger">A</button><div class="js-megamenu"><a href="/a">a</a></div></li></ul></nav>' +
        '<div class="js-expand"><button class="js-expand-trigger">Q</button><div class="js-expand-content">A</div></div>' +
        '<div class="js-popup-modal" id="pop4"><form action="/forms/popup"><button>Send</button></form><button class="js-modal-close">Close</button></div>',
      { viewport: { width: 600, height: 800 } },
      SCRIPT + SCRIPT,
    );
    expect(await marks(test.page, '.js-nav, .js-expand, .js-popup-modal')).toEqual(['nav', 'expand', 'popup-modal']);
    expect(await test.page.$$eval('script[src$="veneer.js"]', (all) => all.length)).toBe(2);
    await test.page.click('.js-menu-toggle');
    expect(await test.page.$eval('#n', (nav) => nav.classList.contains('is-open'))).toBe(true);
    await test.page.click('.js-nav-trigger');
    expect(await test.page.$eval('.js-nav-trigger', (t) => t.getAttribute('aria-expanded'))).toBe('true');
    await test.page.click('.js-menu-toggle');
    expect(await test.page.$eval('#n', (nav) => nav.classList.contains('is-open'))).toBe(false);
    await test.page.waitForFunction(() => document.getElementById('pop4')!.classList.contains('is-open'), { timeout: 6000 });
    await test.page.click('#pop4 .js-modal-close');
    expect(await test.page.$eval('#pop4', (m) => m.classList.contains('is-open'))).toBe(false);
    expect(await test.page.evaluate(() => document.cookie)).toContain('popup-pop4=');
    test.assertClean();
  });
});
