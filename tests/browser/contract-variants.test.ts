// The markup contract (shared/markup.md) as another CMS author may write it: what a row allows
// but the captured pages do not exercise (other wrappers, values as templates print them,
// optional children missing, several instances, hooks nested in each other and in dynamic
// containers). Chromium against the production build; each test logs the warnings it saw.
import { describe, expect, it } from 'vitest';
import { BELOW, carouselStates, fixture, marks, TALL, tooltipText } from './helpers';
import { useSession, type OpenOptions } from './support';



describe('contract, variants', () => {
  const session = useSession();
  let n = 0;
  const open = (body: string, options: OpenOptions = {}, query = '') =>
    session.open(`/__fixture/variant-${++n}${query}`, { html: fixture(body), ...options });

  it('carousel: slides in a track, index before the buttons, data-total " 3.0 ", two carousels', async () => {
    const a =
      '<div class="carousel js-carousel carousel--wide" data-total=" 3.0 "><span class="js-carousel-index">1</span><div class="track"><div class="inner">' +
      '<article class="js-carousel-slide card">1</article><article class="card js-carousel-slide">2</article><article class="js-carousel-slide">3</article></div></div>' +
      '<nav><button type="button" class="btn js-carousel-next">Next</button><button type="button" class="js-carousel-prev btn">Prev</button></nav></div>';
    const b =
      '<div class="js-carousel" data-total="02"><div class="js-carousel-slide">A</div><div class="js-carousel-slide">B</div>' +
      '<button class="js-carousel-prev">P</button><button class="js-carousel-next">N</button><p>Slide <span class="js-carousel-index"></span> of 2</p></div>';
    const test = await open(BELOW + a + b);
    expect(await marks(test.page, '.js-carousel')).toEqual(['carousel', 'carousel']);
    const state = () => carouselStates(test.page);
    expect(await state()).toEqual([[1, 1, '1'], [1, 1, '1']]);
    const press = (i: number, which: string) =>
      test.page.$$eval('.js-carousel', (all, i, which) => (all[i].querySelector(which) as HTMLElement).click(), i, which);
    await press(0, '.js-carousel-prev');
    expect((await state())[0]).toEqual([3, 1, '3']);
    await press(0, '.js-carousel-next');
    expect((await state())[0]).toEqual([1, 1, '1']);
    await press(1, '.js-carousel-next');
    await press(1, '.js-carousel-next');
    expect(await state()).toEqual([[1, 1, '1'], [1, 1, '1']]);
    await press(1, '.js-carousel-prev');
    expect((await state())[1]).toEqual([2, 1, '2']);
    expect(await test.page.$$eval('.js-carousel-slide', (all) => all.map((s) => s.getAttribute('aria-label')))).toEqual(['1 of 3', '2 of 3', '3 of 3', '1 of 2', '2 of 2']);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('tabs: links in ul > li > span, panels in a wrapper; two blocks with ?tab= and history', async () => {
    const block = (p: string) =>
      `<div class="tabs js-tabs"><ul class="tab-list"><li><span><a class="js-tab tab" href="#${p}1">One</a></span></li><li><span><a class="tab js-tab" href="#${p}2">Two</a></span></li></ul>` +
      `<div class="panels"><div class="tab-panel js-tab-panel" id="${p}1">P1</div><div class="js-tab-panel" id="${p}2">P2</div></div></div>`;
    const test = await open(BELOW + block('a') + block('b'), {}, '?tab=b2&x=1');
    const shown = () => test.page.$$eval('.js-tab-panel', (all) => all.filter((p) => !(p as HTMLElement).hidden).map((p) => p.id));
    expect(await shown()).toEqual(['a1', 'b2']);
    await test.page.$eval('a[href="#a2"]', (a) => (a as HTMLElement).click());
    expect(await test.page.evaluate(() => location.search)).toBe('?tab=a2&x=1');
    expect(await shown()).toEqual(['a2', 'b2']);
    await test.page.goBack();
    await test.page.waitForFunction(() => location.search === '?tab=b2&x=1');
    await new Promise((r) => setTimeout(r, 200));
    expect(await shown()).toEqual(['a1', 'b2']);
    expect(await test.page.$$eval('.js-tab', (all) => all.map((t) => t.getAttribute('role')))).toEqual(['tab', 'tab', 'tab', 'tab']);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('tabs inside a tab panel: ?tab= naming the inner panel shows the outer panel that holds it', async () => {
    const body =
      BELOW +
      '<div class="js-tabs"><a class="js-tab" href="#o1">O1</a><a class="js-tab" href="#o2">O2</a><div class="js-tab-panel" id="o1">outer one</div><div class="js-tab-panel" id="o2">' +
      '<div class="js-tabs"><a class="js-tab" href="#i1">I1</a><a class="js-tab" href="#i2">I2</a><div class="js-tab-panel" id="i1">inner one</div><div class="js-tab-panel" id="i2">inner two</div></div>' +
      '</div></div>';
    const test = await open(body, {}, '?tab=i2');
    const shown = () => test.page.$$eval('.js-tab-panel', (all) => all.filter((p) => !(p as HTMLElement).hidden).map((p) => p.id));
    expect(await shown()).toEqual(['o2', 'i2']);
    await test.page.$eval('a[href="#o1"]', (a) => (a as HTMLElement).click());
    expect(await shown()).toEqual(['o1', 'i2']);
    await test.page.goBack();
    await test.page.waitForFunction(() => location.search === '?tab=i2');
    await new Promise((r) => setTimeout(r, 200));
    expect(await shown()).toEqual(['o2', 'i2']);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('expand: trigger in a heading, content before the trigger; two sets of one name; TRUE aria-expanded', async () => {
    const item = (set: string, q: string) =>
      `<div class="faq js-expand" data-expand-set="${set}"><div class="js-expand-content">A${q}</div><h3 class="title"><button type="button" class="js-expand-trigger">Q${q}</button></h3></div>`;
    const test = await open(BELOW + '<section>' + item('faq', '1') + item('faq', '2') + '</section><section>' + item(' faq ', '3') + '</section>', { reducedMotion: true });
    expect(await marks(test.page, '.js-expand')).toEqual(['expand', 'expand', 'expand']);
    const openItems = () => test.page.$$eval('.js-expand', (all) => all.map((e) => e.classList.contains('is-open')));
    const toggle = (i: number) => test.page.$$eval('.js-expand-trigger', (all, i) => (all[i] as HTMLElement).click(), i);
    await toggle(0);
    await toggle(1);
    expect((await openItems()).slice(0, 2)).toEqual([false, true]);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('modal without .js-modal-body, and one without .js-modal-close', async () => {
    const test = await open(
      '<button data-modal-open="m1">One</button> <a href="#m2" data-modal-open="m2">Two</a>' +
        BELOW +
        '<div class="js-modal" id="m1"><h2>First</h2><p>No body wrapper</p><button class="js-modal-close">Close</button></div>' +
        '<div class="js-modal" id="m2"><div class="js-modal-body"><h2>Second</h2><a href="/x">link</a></div></div>',
    );
    expect(await marks(test.page, '.js-modal')).toEqual(['modal', 'modal']);
    await test.page.click('[data-modal-open="m1"]');
    await test.page.waitForFunction(() => document.getElementById('m1')!.classList.contains('is-open'), { timeout: 3000 });
    await test.page.click('#m1 .js-modal-close');
    expect(await test.page.$eval('#m1', (m) => m.classList.contains('is-open'))).toBe(false);
    await test.page.click('[data-modal-open="m2"]');
    await test.page.waitForFunction(() => document.getElementById('m2')!.classList.contains('is-open'), { timeout: 3000 });
    await test.page.keyboard.press('Escape');
    expect(await test.page.$eval('#m2', (m) => m.classList.contains('is-open'))).toBe(false);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('tooltip on a link, a button, a span, an input; 18 px inside the right edge', async () => {
    const test = await open(
      '<p style="margin:200px 0;text-align:right">' +
        '<a class="js-tooltip" href="/x" data-tooltip=" Link help ">link</a> <button type="button" class="js-tooltip btn" data-tooltip="Button help">b</button> ' +
        '<span class="js-tooltip" data-tooltip="Span help">s</span> <input class="js-tooltip" data-tooltip="Input help" aria-label="x"> <i class="js-tooltip" data-tooltip="A rather long text for the last one at the right edge">i</i></p>',
    );
    expect(await marks(test.page, '.js-tooltip')).toEqual(['tooltip', 'tooltip', 'tooltip', 'tooltip', 'tooltip']);
    for (const [i, text] of [[0, 'Link help'], [1, 'Button help'], [2, 'Span help'], [3, 'Input help']] as const) {
      await test.page.$$eval('.js-tooltip', (all, i) => (all[i] as HTMLElement).focus(), i);
      expect(await tooltipText(test.page, i)).toBe(text);
    }
    await test.page.hover('i.js-tooltip');
    const right = await test.page.waitForFunction(
      () => {
        const tip = document.getElementById(document.querySelector('i.js-tooltip')!.getAttribute('aria-describedby')!)!;
        return !tip.hidden && tip.getBoundingClientRect().width > 0 && document.documentElement.clientWidth - tip.getBoundingClientRect().right;
      },
      { timeout: 2000 },
    );
    expect(await right.jsonValue()).toBeGreaterThanOrEqual(18);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('datepicker: data-min / data-max as ISO date-times', async () => {
    const y = new Date().getFullYear();
    const test = await open(
      `<input class="js-datepicker" name="a" data-min="${y}-01-01T00:00:00" data-max="${y}-12-31T00:00:00Z">` +
        `<input class="js-datepicker" name="b" data-min=" ${y}-02-01 " data-max="${y}-02-28">`,
    );
    expect(await marks(test.page, '.js-datepicker')).toEqual(['datepicker', 'datepicker']);
    await new Promise((r) => setTimeout(r, 300));
    console.log(n, test.warnings);
    expect(test.warnings.filter((w) => w.includes('datepicker'))).toEqual([]);
    test.assertClean();
  });

  it('add to calendar: data-start / data-end as a local date-time', async () => {
    const test = await open(
      '<a class="js-add-to-calendar" href="/e.ics" data-start="2026-03-12T09:00:00" data-end="2026-03-12T17:00:00" data-title="Expo">Add</a>',
    );
    await test.page.waitForFunction(() => document.querySelector('.js-add-to-calendar[data-enhanced]'), { timeout: 5000 });
    await test.page.evaluate(() => {
      const w = window as unknown as { ics: Promise<string>[] };
      w.ics = [];
      const create = URL.createObjectURL;
      URL.createObjectURL = (blob: Blob) => (w.ics.push(blob.text()), create(blob));
      HTMLAnchorElement.prototype.click = () => {};
    });
    await test.page.click('.js-add-to-calendar');
    const ics = await test.page.evaluate(() => Promise.all((window as unknown as { ics: Promise<string>[] }).ics));
    expect(ics[0]).toContain('DTSTART:20260312T090000\r\nDTEND:20260312T170000\r\n');
    expect(await test.page.evaluate(() => location.pathname)).toBe('/__fixture/variant-' + n);
    test.assertClean();
  });

  it('video: data-autoplay TRUE, data-width "640.0"; several links', async () => {
    const test = await open(
      '<a class="js-video" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" data-video-id=" dQw4w9WgXcQ " data-width="640.0" data-height="360" data-autoplay="TRUE" data-description="One">One</a>' +
        '<a class="js-video" href="https://www.youtube.com/watch?v=aaaaaaaaaaa" data-video-id="aaaaaaaaaaa" data-autoplay="false">Two</a>',
    );
    expect(await marks(test.page, '.js-video')).toEqual(['video', 'video']);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('rotator: data-interval "300.0"; appear: delay " 05 "; share: several networks', async () => {
    const test = await open(
      '<div class="js-rotator" data-interval=" 300.0 "><div class="js-rotator-item">1</div><div class="js-rotator-item">2</div></div>' +
        '<a class="js-share" href="https://twitter.com/intent/tweet?url=https%3A%2F%2Fexample.com" data-width=" 600 " data-height="400.0">X</a>' +
        '<a class="js-share" href="https://www.xing.com/spi/shares/new?url=https%3A%2F%2Fexample.com">Xing</a>' +
        '<a class="js-share" href="mailto:?subject=x&body=y">Mail</a>' +
        `${TALL}<div class="js-appear" data-appear-delay=" 05 " data-appear-threshold="100.0">a</div>`,
    );
    await test.page.waitForFunction(() => document.querySelectorAll('.js-share[data-enhanced]').length === 2, { timeout: 5000 });
    await test.page.evaluate(() => {
      const w = window as unknown as { opened: unknown[] };
      w.opened = [];
      window.open = (...args: unknown[]) => (w.opened.push(args), null);
    });
    await test.page.click('.js-share');
    const opened = await test.page.evaluate(() => (window as unknown as { opened: string[][] }).opened);
    expect(opened[0][2]).toMatch(/width=600,height=400/);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('a form with a datepicker and dependent fields inside a modal', async () => {
    const test = await open(
      '<button data-modal-open="fm">Open</button>' +
        BELOW +
        '<div class="js-modal" id="fm"><div class="js-modal-body"><h2>Form</h2><form class="js-validate" action="/x">' +
        '<select class="js-delegate" data-delegate-set="k" name="k"><option value="">-</option><option value="a">A</option><option value="b">B</option></select>' +
        '<div class="js-delegate-group" data-delegate-set="k" data-delegate-value="a"><input name="ga" required></div>' +
        '<div class="js-delegate-group" data-delegate-set="k" data-delegate-value="b"><input class="js-datepicker" name="gb"></div>' +
        '<input type="hidden" name="detail" data-delegate-holder="k"><button>Send</button></form><button class="js-modal-close">x</button></div></div>',
    );
    expect(await marks(test.page, '.js-modal, .js-validate, .js-delegate, .js-datepicker')).toEqual(['modal', 'forms', 'delegate', 'datepicker']);
    await test.page.click('[data-modal-open]');
    await test.page.waitForFunction(() => document.getElementById('fm')!.classList.contains('is-open'), { timeout: 3000 });
    await test.page.select('.js-delegate', 'b');
    await test.page.click('.veneer-datepicker-button');
    await test.page.waitForSelector('dialog.veneer-datepicker[open]', { timeout: 5000 });
    await test.page.keyboard.press('Enter');
    await test.page.waitForFunction(() => !document.querySelector('dialog.veneer-datepicker[open]'), { timeout: 3000 });
    expect(await test.page.$eval('[data-delegate-holder]', (h) => /^\d{4}-\d\d-\d\d$/.test((h as HTMLInputElement).value))).toBe(true);
    expect(await test.page.$eval('#fm', (m) => m.classList.contains('is-open'))).toBe(true);
    await test.page.keyboard.press('Escape');
    expect(await test.page.$eval('#fm', (m) => m.classList.contains('is-open'))).toBe(false);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('hooks inside inline lightbox content: a carousel and an expand item work in the popup', async () => {
    const test = await open(
      '<a class="js-lightbox" data-lightbox-type="inline" href="#box">Open</a>' +
        '<div id="box" hidden><div class="js-carousel"><div class="js-carousel-slide">s1</div><div class="js-carousel-slide">s2</div><button class="js-carousel-prev">P</button><button class="js-carousel-next">N</button><span class="js-carousel-index"></span></div>' +
        '<div class="js-expand"><button class="js-expand-trigger">Q</button><div class="js-expand-content">Answer</div></div></div>',
      { reducedMotion: true },
    );
    await test.page.click('.js-lightbox');
    await test.page.waitForFunction(() => document.querySelector('dialog.veneer-lightbox[open]')?.textContent?.includes('s1'), { timeout: 5000 });
    expect(await marks(test.page, '.js-carousel, .js-expand')).toEqual(['carousel', 'expand']);
    // The content's buttons stay in its flow (the popup's own are pinned to the viewport).
    expect(await test.page.$$eval('#box button', (all) => all.map((b) => getComputedStyle(b).position))).toEqual(['static', 'static', 'static']);
    await test.page.click('dialog .js-carousel-next');
    expect(await test.page.$eval('.js-carousel-index', (i) => i.textContent)).toBe('2');
    const before = await test.page.$eval('.js-expand', (e) => e.classList.contains('is-open'));
    await test.page.click('dialog .js-expand-trigger');
    expect(await test.page.$eval('.js-expand', (e) => e.classList.contains('is-open'))).toBe(!before);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('hooks inside .js-ajax-results after a swap: tooltip, expand, video', async () => {
    const page2 =
      '<div class="js-ajax-results"><ul><li>new <span class="js-tooltip" data-tooltip="T">?</span></li></ul>' +
      '<div class="js-expand"><button class="js-expand-trigger">Q</button><div class="js-expand-content">A</div></div>' +
      '<a class="js-video" href="/v" data-video-id="dQw4w9WgXcQ">V</a></div>';
    const test = await open(
      '<div class="js-ajax-list" data-base-url="/list"><div class="js-ajax-results"><ul><li>old</li></ul><a class="js-ajax-page" href="?page=2">2</a></div></div>',
      { respond: (url) => (url.includes('/list?') ? { body: page2, contentType: 'text/html' } : undefined) },
    );
    await test.page.click('.js-ajax-page');
    await test.page.waitForFunction(() => document.querySelector('.js-ajax-results .js-expand[data-enhanced]'), { timeout: 5000 });
    expect(await marks(test.page, '.js-tooltip, .js-expand, .js-video')).toEqual(['tooltip', 'expand', 'video']);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('resource without status; popup without messages and with a close control; several resources', async () => {
    const res = (id: number) =>
      `<div class="js-resource" data-title="Doc ${id}" data-download-error="Failed ${id}"><ul><li><label><input type="checkbox" class="js-resource-file" value="${id}" data-file-type="PDF"> A</label></li></ul><p><button type="button" class="js-resource-download">Download</button></p></div>`;
    const test = await open(res(101) + res(102));
    expect(await marks(test.page, '.js-resource')).toEqual(['resource', 'resource']);
    await test.page.click('input[value="102"]');
    await test.page.$$eval('.js-resource-download', (all) => (all[1] as HTMLElement).click());
    await test.page.waitForFunction(() => !document.querySelectorAll('.js-resource')[1].hasAttribute('aria-busy'), { timeout: 5000 });
    expect(test.requests.filter((u) => u.includes('/download-zip/')).map((u) => new URL(u).pathname)).toEqual(['/download-zip/102']);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('anchor trigger on a button and a div with data-target " #t "; back to top with extra classes', async () => {
    const test = await open(
      `<button type="button" class="btn js-anchor-trigger" data-target=" #t ">b</button><div class="js-anchor-trigger card" data-target="#t">d</div>${TALL}<h2 id="t">Target</h2>${TALL}<a class="btn js-back-to-top" href="#top">Top</a>`,
      { reducedMotion: true },
    );
    for (const selector of ['button.js-anchor-trigger', 'div.js-anchor-trigger']) {
      await test.page.evaluate(() => window.scrollTo(0, 0));
      await test.page.click(selector);
      await test.page.waitForFunction(() => Math.abs(document.getElementById('t')!.getBoundingClientRect().top) < 2, { timeout: 3000 });
    }
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('nav: items nested deeper (div > ul > li), trigger inside a wrapper', async () => {
    const test = await open(
      '<button class="js-menu-toggle" aria-controls="main">Menu</button><nav class="js-nav main-nav" id="main"><div class="wrap"><ul><li class="menu-item js-nav-item"><div class="row"><button class="js-nav-trigger">A</button></div><div class="js-megamenu"><a href="/a">a</a></div></li>' +
        '<li class="js-nav-item"><div class="row"><button class="js-nav-trigger">B</button></div><div class="js-megamenu"><a href="/b">b</a></div></li></ul></div></nav>',
    );
    const expanded = () => test.page.$$eval('.js-nav-trigger', (all) => all.map((t) => t.getAttribute('aria-expanded')));
    await test.page.click('.js-nav-item:nth-child(2) .js-nav-trigger');
    expect(await expanded()).toEqual(['false', 'true']);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('forms: data-regex with spaces in message, required group of radios in a wrapper, TRUE-style attrs', async () => {
    const test = await open(
      '<form class="js-mailing-form js-validate" action="/x"><div class="field"><label>E<input name="e" type="email" required data-required-message="Need email"></label></div>' +
        '<div class="field"><fieldset class="js-required-group" data-required-message="Pick one"><legend>L</legend><div><label><input type="checkbox" name="o" value="1">1</label></div><div><label><input type="checkbox" name="o" value="2">2</label></div></fieldset></div>' +
        '<button>Go</button></form>',
    );
    await test.page.click('button');
    expect(await test.page.$$eval('.veneer-error', (all) => all.map((e) => e.textContent))).toEqual(['Need email', 'Pick one']);
    await test.page.click('input[value="2"]');
    expect(await test.page.$$eval('.veneer-error', (all) => all.map((e) => e.textContent))).toEqual(['Need email']);
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('popup modal: heading and body, form in a wrapper; opens after 4 s', async () => {
    const test = await open(
      '<div class="js-popup-modal popup" id="news" data-success-message="Thanks"><div class="js-modal-body"><h2>News</h2><div class="wrap"><form action="/forms/popup" method="post"><input name="e" value="a@b.c"><button>Send</button></form></div><button class="js-modal-close">x</button></div></div>',
    );
    const t0 = Date.now();
    await test.page.waitForFunction(() => document.getElementById('news')!.classList.contains('is-open'), { timeout: 7000, polling: 50 });
    expect(Date.now() - t0).toBeGreaterThan(2500);
    await test.page.click('#news form button');
    await test.page.waitForFunction(() => document.querySelector('#news .popup-result')?.textContent === 'Thanks', { timeout: 5000 });
    console.log(n, test.warnings);
    test.assertClean();
  });

  it('a page wrapped in one form (ASP.NET Web Forms): hook buttons without type="button" do not post it', async () => {
    const test = await open(
      '<form id="aspnetForm" action="/postback" method="post"><header class="js-header">' +
        '<button class="js-search-toggle" aria-controls="sp">Search</button><div class="js-search-panel" id="sp"><input name="q"></div>' +
        '<button class="js-language-toggle" aria-controls="lp">Language</button><div class="js-language-panel" id="lp"><a href="/de/">de</a></div>' +
        '<button class="js-menu-toggle" aria-controls="nav">Menu</button><nav class="js-nav" id="nav"><ul><li class="js-nav-item"><button class="js-nav-trigger">A</button><div class="js-megamenu"><a href="/a">a</a></div></li></ul></nav></header>' +
        '<div class="js-carousel"><div class="js-carousel-slide">1</div><div class="js-carousel-slide">2</div><button class="js-carousel-prev">P</button><button class="js-carousel-next">N</button></div>' +
        '<div class="js-expand"><button class="js-expand-trigger">Q</button><div class="js-expand-content">A</div></div>' +
        '<button data-modal-open="m">Open</button><div class="js-modal" id="m"><div class="js-modal-body"><p>M</p><button class="js-modal-close">Close</button></div></div>' +
        '<div class="js-resource" data-title="T" data-download-error="E"><input type="checkbox" class="js-resource-file" value="101" checked><button class="js-resource-download">D</button></div>' +
        '<div class="js-permission" data-permission="cookie"><button class="js-permission-deny">No</button><button class="js-permission-allow">Yes</button></div>' +
        '<span class="js-tooltip" data-tooltip="T">?</span></form>',
      { reducedMotion: true },
    );
    const posts: string[] = [];
    test.page.on('request', (request) => request.url().includes('/postback') && posts.push(request.url()));
    const clicks = ['.js-search-toggle', '.js-language-toggle', '.js-nav-trigger', '.js-carousel-next', '.js-carousel-prev', '.js-expand-trigger', '[data-modal-open]', '.js-modal-close', '.js-resource-download', '.js-permission-deny', '.js-permission-allow'];
    for (const selector of clicks) {
      await test.page.$eval(selector, (b) => (b as HTMLElement).click());
      await new Promise((r) => setTimeout(r, 150));
      expect([selector, posts.length, await test.page.evaluate(() => location.pathname)]).toEqual([selector, 0, '/__fixture/variant-' + n]);
    }
    test.assertClean();
  });

  it('hooks in ajax lightbox content: tabs and a validated form work in the popup', async () => {
    const fragment =
      '<div><div class="js-tabs"><a class="js-tab" href="#lt1">1</a><a class="js-tab" href="#lt2">2</a><div class="js-tab-panel" id="lt1">one</div><div class="js-tab-panel" id="lt2">two</div></div>' +
      '<form class="js-validate" action="/x"><input name="e" required><button>Send</button></form></div>';
    const test = await open('<a class="js-lightbox" data-lightbox-type="ajax" href="/fragment-hooks">Open</a>', {
      reducedMotion: true,
      respond: (url) => (url.endsWith('/fragment-hooks') ? { body: fragment, contentType: 'text/html' } : undefined),
    });
    await test.page.click('.js-lightbox');
    await test.page.waitForFunction(() => document.querySelector('dialog.veneer-lightbox[open] .js-tabs[data-enhanced]'), { timeout: 5000 });
    await test.page.click('dialog a[href="#lt2"]');
    expect(await test.page.$$eval('dialog .js-tab-panel', (all) => all.map((p) => !!(p as HTMLElement).hidden))).toEqual([true, false]);
    await test.page.click('dialog form button');
    expect(await test.page.$$eval('dialog .veneer-error', (all) => all.map((e) => e.textContent))).toEqual(['This field is required']);
    expect(await test.page.$eval('dialog.veneer-lightbox', (d) => d.hasAttribute('open'))).toBe(true);
    test.assertClean();
  });
});
