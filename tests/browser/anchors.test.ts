// Anchor scrolling (a[href^="#"]), anchor trigger (.js-anchor-trigger[data-target]) and back
// to top (a.js-back-to-top[href="#top"]) on the captured news page, in Chromium against the
// production build: header offset, focus, hash in history, Back, reduced motion, load with a
// hash, and the bad inputs (ids that would break a selector, missing targets).
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers';
import { useSession } from './support';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** Waits until the window has not scrolled for 5 frames; resolves with the scrollY samples of each frame. */
function settled(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const samples = [scrollY];
        let still = 0;
        const frame = () => {
          const y = scrollY;
          still = y === samples[samples.length - 1] ? still + 1 : 0;
          samples.push(y);
          still >= 5 ? resolve(samples) : requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** Where the target and the sticky header are, what has focus, and the address. */
function state(page: Page, id: string) {
  return page.evaluate((id: string) => {
    const target = document.getElementById(id)!;
    const header = document.querySelector('header.js-header')!;
    return {
      top: target.getBoundingClientRect().top,
      headerBottom: header.getBoundingClientRect().bottom,
      headerHeight: (header as HTMLElement).offsetHeight,
      atEnd: Math.abs(scrollY - (document.documentElement.scrollHeight - innerHeight)) < 1,
      focused: document.activeElement === target,
      hash: location.hash,
      length: history.length,
      scrollY,
    };
  }, id);
}

/** The target sits just below the header: not under it (1 px), and at the offset unless the page ends first. */
function expectBelowHeader(s: Awaited<ReturnType<typeof state>>, label: string) {
  expect(s.top, label).toBeGreaterThanOrEqual(s.headerBottom - 1);
  if (!s.atEnd) expect(s.top, label).toBeLessThanOrEqual(s.headerHeight + 40);
}

describe('anchor scrolling', () => {
  const session = useSession();

  it.each(VIEWPORTS)('a click scrolls smoothly (≤ 600 ms) below the sticky header, focuses the target, pushes the hash; Back returns (%o)', async (viewport) => {
    const test = await session.open('/news/', { viewport });
    expect(await test.page.$eval('.anchor-nav a[href="#press"]', (el) => el.getAttribute('data-enhanced'))).toBe('anchor');
    const before = await state(test.page, 'press');
    const started = Date.now();
    await test.page.click('.anchor-nav a[href="#press"]');
    const samples = await settled(test.page);
    const elapsed = Date.now() - started;
    // Smooth: intermediate positions between 0 and the end, and done within 600 ms (+ the settle frames).
    const end = samples[samples.length - 1];
    expect(samples.filter((y) => y > 0 && y < end).length).toBeGreaterThan(2);
    expect(elapsed).toBeLessThan(600 + 600);
    const after = await state(test.page, 'press');
    expectBelowHeader(after, `${viewport.width}`);
    expect(after).toMatchObject({ focused: true, hash: '#press', length: before.length + 1 });
    await test.page.goBack();
    await settled(test.page);
    expect(await test.page.evaluate(() => [location.hash, scrollY])).toEqual(['', before.scrollY]);
    test.assertClean();
    await test.page.close();
  });

  it.each(VIEWPORTS)('Enter on a focused link does the same (%o)', async (viewport) => {
    const test = await session.open('/news/', { viewport });
    await test.page.focus('.anchor-nav a[href="#figures"]');
    await test.page.keyboard.press('Enter');
    await settled(test.page);
    const after = await state(test.page, 'figures');
    expectBelowHeader(after, `${viewport.width}`);
    expect(after).toMatchObject({ focused: true, hash: '#figures' });
    // Tab goes on from the target.
    await test.page.keyboard.press('Tab');
    expect(await test.page.evaluate(() => document.getElementById('figures')!.contains(document.activeElement))).toBe(true);
    test.assertClean();
    await test.page.close();
  });

  it('the skip link moves focus into main (tabindex added for it, removed when focus leaves)', async () => {
    const test = await session.open('/news/');
    await test.page.focus('.skip-link');
    await test.page.keyboard.press('Enter');
    await settled(test.page);
    expect(await test.page.evaluate(() => [document.activeElement!.id, document.activeElement!.getAttribute('tabindex')])).toEqual(['main', '-1']);
    await test.page.keyboard.press('Tab');
    expect(await test.page.$eval('#main', (el) => el.hasAttribute('tabindex'))).toBe(false);
    test.assertClean();
  });

  it('reduced motion: the scroll is instant', async () => {
    const test = await session.open('/news/', { reducedMotion: true });
    const y = await test.page.evaluate(() => {
      document.querySelector<HTMLElement>('.anchor-nav a[href="#archive"]')!.click();
      return scrollY;
    });
    expect(y).toBeGreaterThan(0);
    expect((await settled(test.page))[0]).toBe(y);
    const after = await state(test.page, 'archive');
    expectBelowHeader(after, 'reduced');
    expect(after).toMatchObject({ focused: true, hash: '#archive' });
    test.assertClean();
  });

  it.each(VIEWPORTS)('loading with a hash lands below the header (%o)', async (viewport) => {
    const test = await session.open('/news/#press', { viewport });
    await test.page.evaluate(() => new Promise((resolve) => (document.readyState == 'complete' ? resolve(0) : addEventListener('load', resolve))));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await settled(test.page);
    const after = await state(test.page, 'press');
    expectBelowHeader(after, `${viewport.width}`);
    expect(after.hash).toBe('#press');
    test.assertClean();
  });

  it('loading with a hash corrects a landing the header covers (no scroll-padding on the page), then leaves the visitor alone', async () => {
    const html = fixture(
      '<header class="js-header" style="position:sticky;top:0;height:150px;background:#eee">Header</header>' +
        '<p><a href="#goal">goal</a></p><div style="height:2000px"></div><h2 id="goal">Goal</h2><div style="height:2000px"></div>',
    );
    const test = await session.open('/__fixture/landing#goal', { html });
    await test.page.waitForFunction(() => Math.round(document.getElementById('goal')!.getBoundingClientRect().top) === 150, { timeout: 3000 });
    // The visitor's own scroll is never undone.
    await test.page.mouse.move(100, 300);
    await test.page.mouse.wheel({ deltaY: -400 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(Math.round(await test.page.$eval('#goal', (el) => el.getBoundingClientRect().top))).toBeGreaterThan(400);
    test.assertClean();
  });

  it('loading with a hash corrects the landing on a page with no anchor link as well', async () => {
    const html = fixture(
      '<header class="js-header" style="position:sticky;top:0;height:150px;background:#eee">Header</header>' +
        '<div style="height:2000px"></div><h2 id="goal">Goal</h2><div style="height:2000px"></div>',
    );
    const test = await session.open('/__fixture/landing-no-link#goal', { html });
    await test.page.waitForFunction(() => Math.round(document.getElementById('goal')!.getBoundingClientRect().top) === 150, { timeout: 3000 });
    expect(await test.page.$$eval('a', (links) => links.length)).toBe(0);
    test.assertClean();
  });

  it('loading with a hash: the seed\'s 20 px tolerance while the page settles (content above growing 15 px is left, 25 px is put back)', async () => {
    // overflow-anchor:none: the browser's scroll anchoring would otherwise hide the shift.
    const html = fixture(
      '<style>*{overflow-anchor:none}</style><header class="js-header" style="position:sticky;top:0;height:150px;background:#eee">Header</header>' +
        '<div id="above" style="height:2000px"></div><h2 id="goal">Goal</h2><div style="height:2000px"></div>' +
        // A slow image holds the load event back: the landing is watched until a second after it.
        '<img src="/__fault/slow-3000/media/images/gallery-1.svg" alt="" width="10" height="10">',
    );
    const test = await session.open('/__fixture/landing-tolerance#goal', { html });
    await test.page.waitForFunction(() => Math.round(document.getElementById('goal')!.getBoundingClientRect().top) === 150, { timeout: 3000 });
    // Before the load event: the landing is still watched.
    const tops = await test.page.evaluate(async () => {
      const above = document.getElementById('above')!;
      const top = () => Math.round(document.getElementById('goal')!.getBoundingClientRect().top);
      const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
      above.style.height = '2015px';
      await settle();
      const by15 = top();
      above.style.height = '2040px';
      await settle();
      return [by15, top()];
    });
    // 15 px below its place: inside the tolerance, left; 25 px more (40): put back at once.
    expect(tops).toEqual([165, 150]);
    test.assertClean();
  });

  it('the anchor chunk the header asks for on a hash landing fails: a warning, no uncaught error (row 29)', async () => {
    const html = fixture(
      '<header class="js-header" style="position:sticky;top:0;height:150px;background:#eee">Header</header>' +
        '<div style="height:2000px"></div><h2 id="goal">Goal</h2><div style="height:2000px"></div>',
    );
    const test = await session.open('/__fixture/landing-no-anchor-chunk#goal', {
      html,
      allowErrors: [/Failed to load resource/],
      intercept: (url) => (/\/anchor\.[0-9a-f]{6}\.js$/.test(url) ? 'abort' : undefined),
    });
    await test.page.waitForFunction(() => document.querySelector('.js-header')?.getAttribute('data-enhanced')?.includes('header'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(test.warnings.some((text) => text.includes('header: the anchor chunk did not load'))).toBe(true);
    test.assertClean();
  });

  it('tabs, other hooks and href="#" are not anchor links', async () => {
    const test = await session.open('/home/');
    const marks = await test.page.$$eval('a.js-tab, a.js-back-to-top, a.js-expand-tab-trigger', (all) => all.map((el) => el.getAttribute('data-enhanced') || ''));
    expect(marks.every((mark) => !mark.split(' ').includes('anchor'))).toBe(true);
    expect(test.warnings.filter((text) => text.includes('anchor'))).toEqual([]);
    test.assertClean();
  });

  it("the offset: a sticky or fixed .js-header's top plus its height, at least the page's scroll-padding-top; a static, hidden or empty header adds nothing", async () => {
    const cases: [string, string, number][] = [
      ['position:fixed;top:10px;left:0;right:0;height:60px', '', 70],
      ['position:sticky;top:0;height:60px', 'html{scroll-padding-top:100px}', 100],
      ['position:sticky;top:0;height:60px;visibility:hidden', 'html{scroll-padding-top:20px}', 20],
      ['position:static;height:60px', '', 0],
      ['position:sticky;top:30px;height:0;overflow:hidden', 'html{scroll-padding-top:15px}', 15],
    ];
    const tops = [];
    for (const [n, [header, css]] of cases.entries()) {
      const html = fixture(
        `<style>${css}</style><header class="js-header" style="${header};background:#eee">Header</header>` +
          '<p><a id="go" href="#target">Go</a></p><div style="height:1500px"></div><h2 id="target">Target</h2><div style="height:1500px"></div>',
      );
      const test = await session.open(`/__fixture/anchor-offset-${n}`, { html, reducedMotion: true });
      await test.page.waitForFunction(() => document.getElementById('go')!.getAttribute('data-enhanced') == 'anchor');
      tops.push(await test.page.evaluate(() => (document.getElementById('go')!.click(), Math.round(document.getElementById('target')!.getBoundingClientRect().top) || 0)));
      test.assertClean();
      await test.page.close();
    }
    expect(tops).toEqual(cases.map(([, , top]) => top));
  });

  it('bad inputs: ids that break selectors work by id, a missing target is left to the browser, nothing throws', async () => {
    const html = fixture(
      '<header class="js-header" style="position:sticky;top:0;height:60px;background:#eee">Header</header>' +
        '<p><a id="l1" href="#1abc">1abc</a> <a id="l2" href=\'#a"b\'>a"b</a> <a id="l3" href="#missing">missing</a> <a id="l4" href="#">hash</a>' +
        ' <a id="l5" href="#%7Bx%7D">{x}</a></p>' +
        '<button type="button" id="t1" class="js-anchor-trigger" data-target="x\'],*">bad trigger</button>' +
        '<button type="button" id="t2" class="js-anchor-trigger" data-target="">empty trigger</button>' +
        '<div id="t3" class="js-anchor-trigger" data-target="#1abc">div trigger</div>' +
        '<div style="height:1500px"></div><h2 id="1abc">One</h2><div style="height:1500px"></div><h2 id=\'a"b\'>Two</h2>' +
        '<div style="height:1500px"></div><h2 id="{x}">Three</h2><div style="height:1500px"></div>',
    );
    const test = await session.open('/__fixture/anchors', { html, reducedMotion: true });
    const marks = await test.page.$$eval('a, .js-anchor-trigger', (all) => all.map((el) => `${el.id}:${el.getAttribute('data-enhanced') ?? ''}`));
    expect(marks).toEqual(['l1:anchor', 'l2:anchor', 'l3:anchor', 'l4:', 'l5:anchor', 't1:anchor-trigger', 't2:', 't3:anchor-trigger']);
    expect(test.warnings.some((text) => text.includes('anchor-trigger: data-target=""'))).toBe(true);
    const go = (selector: string) =>
      test.page.evaluate((selector: string) => {
        document.querySelector<HTMLElement>(selector)!.click();
        const header = document.querySelector('header')!.getBoundingClientRect().bottom;
        const focused = document.activeElement as HTMLElement;
        return { focused: focused.id, top: Math.round(focused.getBoundingClientRect().top - header), hash: location.hash };
      }, selector);
    expect(await go('#l1')).toEqual({ focused: '1abc', top: 0, hash: '#1abc' });
    expect(await go('#l2')).toEqual({ focused: 'a"b', top: 0, hash: '#a%22b' });
    expect(await go('#l5')).toEqual({ focused: '{x}', top: 0, hash: '#%7Bx%7D' });
    // The div trigger answers the keyboard like a button.
    expect(await test.page.$eval('#t3', (el) => [el.getAttribute('role'), el.getAttribute('tabindex')])).toEqual(['button', '0']);
    await test.page.evaluate(() => scrollTo(0, 0));
    await test.page.focus('#t3');
    await test.page.keyboard.press('Enter');
    expect(await test.page.evaluate(() => [document.activeElement!.id, location.hash])).toEqual(['1abc', '#1abc']);
    // Missing targets: the browser's own behaviour (hash set), a warning for the trigger, no error.
    await test.page.click('#l3');
    expect(await test.page.evaluate(() => location.hash)).toBe('#missing');
    await test.page.click('#t1');
    expect(test.warnings.some((text) => text.includes(`anchor-trigger: data-target="x'],*" names no element`))).toBe(true);
    await test.page.click('#l4');
    test.assertClean();
  });

  it('a target in closed content (inside a closed tab panel, the panel itself, a closed details): links and triggers open it, as the browser jump does', async () => {
    const html = fixture(
      '<header class="js-header" style="position:sticky;top:0;height:60px;background:#eee">Header</header>' +
        '<p><a id="l-in" href="#in2">in panel</a> <a id="l-panel" href="#p2">panel</a> <a id="l-det" href="#in-det">in details</a>' +
        ' <button type="button" id="t-in" class="js-anchor-trigger" data-target="#in2">trigger</button></p>' +
        '<div style="height:1500px"></div><div class="js-tabs"><ul><li><a class="js-tab" href="#p1">One</a></li><li><a class="js-tab" href="#p2">Two</a></li></ul>' +
        '<div class="js-tab-panel" id="p1">Panel one</div><div class="js-tab-panel" id="p2"><p id="in2">Inside two</p></div></div>' +
        '<div style="height:1500px"></div><details><summary>More</summary><p id="in-det">Inside details</p></details><div style="height:1500px"></div>',
    );
    const test = await session.open('/__fixture/anchors-closed', { html, reducedMotion: true });
    const page = test.page;
    // Below the viewport at load, the block hides its other panels.
    await page.waitForFunction(() => document.getElementById('p2')!.hasAttribute('hidden'));
    /** Waits until `id` is shown on screen; then its tab's selection and the hash. */
    const revealed = async (id: string) => {
      await page.waitForFunction(
        (id: string) => {
          const target = document.getElementById(id)!;
          const top = target.getBoundingClientRect().top;
          return target.checkVisibility() && top >= 0 && top < innerHeight;
        },
        { timeout: 2000 },
        id,
      );
      return page.evaluate(() => [document.querySelector('a.js-tab[href="#p2"]')!.getAttribute('aria-selected'), location.hash]);
    };
    const closeAgain = () => page.evaluate(() => (document.querySelector<HTMLElement>('a.js-tab[href="#p1"]')!.click(), scrollTo(0, 0)));

    await page.click('#l-in');
    expect(await revealed('in2')).toEqual(['true', '#in2']);
    await closeAgain();
    expect(await page.evaluate(() => document.getElementById('p2')!.hasAttribute('hidden'))).toBe(true);
    // The trigger, with the hash already the target's.
    await page.click('#t-in');
    expect(await revealed('in2')).toEqual(['true', '#in2']);
    await closeAgain();
    await page.click('#l-panel');
    expect(await revealed('p2')).toEqual(['true', '#p2']);
    await page.click('#l-det');
    await revealed('in-det');
    expect(await page.$eval('details', (details) => details.open)).toBe(true);
    test.assertClean();
  });

  it('a target in a scrolling box: link and trigger scroll the box to it, the window below the header', async () => {
    const html = fixture(
      '<header class="js-header" style="position:sticky;top:0;height:60px;background:#eee">Header</header>' +
        '<p><a id="to-deep" href="#deep">deep</a> <button type="button" id="t-deep" class="js-anchor-trigger" data-target="#deep">trigger</button></p>' +
        '<div style="height:1200px"></div><div id="box" style="height:200px;overflow:auto"><div style="height:800px"></div>' +
        '<p id="deep">Deep target</p><div style="height:400px"></div></div><div style="height:1500px"></div>',
    );
    const test = await session.open('/__fixture/anchors-box', { html, reducedMotion: true });
    const seen = () =>
      test.page.evaluate(() => {
        const box = document.getElementById('box')!.getBoundingClientRect();
        const target = document.getElementById('deep')!.getBoundingClientRect();
        return { inBox: target.top >= box.top && target.bottom <= box.bottom, belowHeader: Math.round(target.top), focused: document.activeElement!.id };
      });
    for (const control of ['#to-deep', '#t-deep']) {
      await test.page.evaluate(() => ((document.getElementById('box')!.scrollTop = 0), scrollTo(0, 0)));
      await test.page.click(control);
      await settled(test.page);
      expect(await seen(), control).toEqual({ inBox: true, belowHeader: 60, focused: 'deep' });
    }
    test.assertClean();
  });

  it('markup the captured pages lack: a div.js-header, an SVG link, controls inside a trigger card, no #top element', async () => {
    const html = fixture(
      '<div class="js-header" style="position:sticky;top:0;height:60px;background:#eee">Header</div>' +
        '<p><a id="to-s" href="#s">To S</a></p><svg width="100" height="30"><a href="#t" id="svg-link"><text y="20">svg</text></a></svg>' +
        '<div class="js-anchor-trigger" id="card" data-target="#s"><input id="q"> <button type="button" id="btn">Like</button> <span id="plain">Read on</span></div>' +
        '<div style="height:1500px"></div><h2 id="s">S</h2><div style="height:1500px"></div><h2 id="t">T</h2><div style="height:1500px"></div>' +
        '<a class="js-back-to-top" href="#top">Top</a>',
    );
    const test = await session.open('/__fixture/anchors-more', { html, reducedMotion: true });
    const page = test.page;
    const where = () =>
      page.evaluate(() => ({
        below: Math.round(document.getElementById('s')!.getBoundingClientRect().top - document.querySelector('.js-header')!.getBoundingClientRect().bottom),
        hash: location.hash,
        focused: document.activeElement === document.body ? 'body' : document.activeElement!.id,
      }));
    // The sticky header is a div: the target still lands below it.
    await page.click('#to-s');
    expect(await where()).toEqual({ below: 0, hash: '#s', focused: 's' });
    await page.evaluate(() => (history.replaceState(null, '', location.pathname), scrollTo(0, 0)));
    // An SVG link is the browser's: no error.
    await page.click('#svg-link text');
    expect(await page.evaluate(() => location.hash)).toBe('#t');
    await page.evaluate(() => (history.replaceState(null, '', location.pathname), scrollTo(0, 0)));
    // A field and a button inside the trigger card keep their keys and clicks; the card's own text scrolls.
    await page.type('#q', 'a b');
    await page.keyboard.press('Enter');
    await page.click('#btn');
    await page.focus('#btn');
    await page.keyboard.press('Enter');
    expect([await page.$eval('#q', (el) => (el as HTMLInputElement).value), await page.evaluate(() => [location.hash, scrollY])]).toEqual(['a b', ['', 0]]);
    await page.click('#plain');
    expect(await where()).toEqual({ below: 0, hash: '#s', focused: 's' });
    // Back to top with no #top element: at the top, and Tab starts from the top of the page.
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => document.querySelector('.js-back-to-top')!.classList.contains('is-visible'));
    await page.click('.js-back-to-top');
    expect(await page.evaluate(() => [scrollY, document.activeElement === document.body, location.hash])).toEqual([0, true, '#top']);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement!.id)).toBe('to-s');
    test.assertClean();
  });

  it('removing a trigger or back-to-top link removes its listeners and what it wrote', async () => {
    const test = await session.open('/news/');
    const count = () => test.page.evaluate(() => (window as unknown as { veneer: { all: Map<string, unknown[]> } }).veneer.all.get('/window/scroll')?.length ?? 0);
    const before = await count();
    expect(before).toBeGreaterThan(0);
    const markup = await test.page.$eval('.js-back-to-top', (el) => el.outerHTML);
    expect(markup).toContain('is-hidden');
    await test.page.evaluate(() => document.querySelector('.js-back-to-top')!.remove());
    await test.ready();
    expect(await count()).toBe(before - 1);
    const restored = await test.page.evaluateHandle(() => {
      const div = document.createElement('div');
      div.innerHTML = testHTML('<a class="js-back-to-top" href="#top">Top</a><div class="js-anchor-trigger" data-target="#archive">x</div>');
      document.body.append(div);
      return div;
    });
    await test.ready();
    expect(await test.page.$eval('body > div:last-child', (el) => el.innerHTML)).toBe(
      '<a class="js-back-to-top is-hidden" href="#top" data-enhanced="back-to-top">Top</a>' +
        '<div class="js-anchor-trigger" data-target="#archive" role="button" tabindex="0" data-enhanced="anchor-trigger">x</div>',
    );
    await restored.evaluate((div) => div.remove());
    await test.ready();
    expect(await restored.evaluate((div) => div.innerHTML)).toBe(
      '<a class="js-back-to-top" href="#top">Top</a><div class="js-anchor-trigger" data-target="#archive">x</div>',
    );
    expect(await count()).toBe(before - 1);
    test.assertClean();
  });
});

describe('anchor trigger', () => {
  const session = useSession();

  it.each(VIEWPORTS)('mouse and Enter scroll to data-target below the header and focus it (%o)', async (viewport) => {
    const test = await session.open('/news/', { viewport });
    expect(await test.page.$eval('.js-anchor-trigger', (el) => el.getAttribute('data-enhanced'))).toBe('anchor-trigger');
    const before = await state(test.page, 'archive');
    await test.page.click('.js-anchor-trigger');
    await settled(test.page);
    let after = await state(test.page, 'archive');
    expectBelowHeader(after, `${viewport.width} mouse`);
    expect(after).toMatchObject({ focused: true, hash: '#archive', length: before.length + 1 });
    await test.page.goBack();
    await settled(test.page);
    expect(await test.page.evaluate(() => [location.hash, scrollY])).toEqual(['', 0]);
    await test.page.focus('.js-anchor-trigger');
    await test.page.keyboard.press('Enter');
    await settled(test.page);
    after = await state(test.page, 'archive');
    expectBelowHeader(after, `${viewport.width} keyboard`);
    expect(after).toMatchObject({ focused: true, hash: '#archive' });
    test.assertClean();
    await test.page.close();
  });
});

describe('back to top', () => {
  const session = useSession();

  const look = (page: Page) =>
    page.$eval('.js-back-to-top', (el) => ({
      visible: el.classList.contains('is-visible'),
      hidden: el.classList.contains('is-hidden'),
      visibility: getComputedStyle(el).visibility,
      box: JSON.stringify(el.getBoundingClientRect().toJSON()),
    }));

  it.each(VIEWPORTS)('hidden (keeping its place) until the page scrolls; mouse and Enter go to the top and focus #top (%o)', async (viewport) => {
    const test = await session.open('/news/', { viewport });
    const start = await look(test.page);
    expect(start).toMatchObject({ visible: false, hidden: true, visibility: 'hidden' });
    await test.page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await test.page.waitForFunction(() => document.querySelector('.js-back-to-top')!.classList.contains('is-visible'));
    expect(await look(test.page)).toMatchObject({ visible: true, hidden: false, visibility: 'visible' });
    const before = await test.page.evaluate(() => [scrollY, history.length]);
    await test.page.click('.js-back-to-top');
    const samples = await settled(test.page);
    expect(samples.filter((y) => y > 0 && y < before[0]).length).toBeGreaterThan(2);
    expect(await test.page.evaluate(() => [scrollY, document.activeElement!.id, location.hash, history.length])).toEqual([0, 'top', '#top', before[1] + 1]);
    expect(await look(test.page)).toMatchObject({ visible: false, hidden: true });
    // Keyboard.
    await test.page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await test.page.waitForFunction(() => document.querySelector('.js-back-to-top')!.classList.contains('is-visible'));
    await test.page.focus('.js-back-to-top');
    await test.page.keyboard.press('Enter');
    await settled(test.page);
    expect(await test.page.evaluate(() => [scrollY, document.activeElement!.id])).toEqual([0, 'top']);
    test.assertClean();
    await test.page.close();
  });

  it('reduced motion: instant', async () => {
    const test = await session.open('/news/', { reducedMotion: true });
    await test.page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await test.page.waitForFunction(() => document.querySelector('.js-back-to-top')!.classList.contains('is-visible'));
    expect(
      await test.page.evaluate(() => {
        document.querySelector<HTMLElement>('.js-back-to-top')!.click();
        return [scrollY, document.activeElement!.id];
      }),
    ).toEqual([0, 'top']);
    test.assertClean();
  });
});
