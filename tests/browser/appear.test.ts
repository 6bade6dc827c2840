// Scroll-appear queue (.js-appear) in Chromium, production build: the captured home page
// (seven .js-appear cards) at 1280×800 and 390×844, and fixtures for defaults and bad inputs.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { fixture, openBefore } from './helpers';
import { useSession, type Session, type TestPage } from './support';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** Runs before the page's scripts: records every class change of a .js-appear element, with its time. */
function recordClasses() {
  const w = window as unknown as { __log: { i: number; t: number; hidden: boolean; visible: boolean }[] };
  w.__log = [];
  new MutationObserver((records) => {
    const all = [...document.querySelectorAll('.js-appear')];
    // One entry per change of state (a reveal writes two classes: two records).
    for (const record of records) {
      const el = record.target as Element;
      if (!el.classList.contains('js-appear')) continue;
      const i = all.indexOf(el);
      const hidden = el.classList.contains('is-hidden');
      const visible = el.classList.contains('is-visible');
      const last = w.__log.filter((entry) => entry.i === i).pop();
      if (!last || last.hidden !== hidden || last.visible !== visible) w.__log.push({ i, t: performance.now(), hidden, visible });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
  const s = window as unknown as { __shifts: number[] };
  s.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
      if (!entry.hadRecentInput) s.__shifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered: true });
}

type Log = { i: number; t: number; hidden: boolean; visible: boolean }[];
const log = (page: Page) => page.evaluate(() => (window as unknown as { __log: Log }).__log);
const cls = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0);
  });

/** Each .js-appear: [top relative to the viewport at the call, is-hidden, is-visible]. */
const states = (page: Page) =>
  page.$$eval('.js-appear', (all) =>
    all.map((el) => ({ top: el.getBoundingClientRect().top, hidden: el.classList.contains('is-hidden'), visible: el.classList.contains('is-visible') })),
  );

const allShown = (page: Page) =>
  page.$$eval('.js-appear', (all) =>
    all.every((el) => !el.classList.contains('is-hidden') && getComputedStyle(el).opacity === '1'),
  );

/** Scrolls down in steps of half a viewport, waiting for the queue, until the bottom. */
async function scrollThrough(page: Page) {
  for (;;) {
    const more = await page.evaluate(() => {
      const before = scrollY;
      scrollBy(0, innerHeight / 2);
      return scrollY !== before;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    if (!more) break;
  }
}

/** Window listeners of `type` (CDP), to see that none outlives the elements that need it. */
async function windowListeners(page: Page, type: string) {
  const client = await page.createCDPSession();
  const { result } = await client.send('Runtime.evaluate', { expression: 'window' });
  const { listeners } = await client.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
  await client.detach();
  return listeners.filter((listener) => listener.type === type).length;
}

/** A fixture page with `recordClasses` in place before its scripts (open, then reload). */
async function openFixture(session: Session, path: string, html: string): Promise<TestPage> {
  const test = await session.open(path, { html, ready: false });
  await test.page.evaluateOnNewDocument(recordClasses);
  await test.page.reload({ waitUntil: 'domcontentloaded' });
  await test.ready();
  // After a reload the browser puts the scroll position back when the load event ends (the
  // page chunk's label set can still be loading after ready()): a test's scroll comes after.
  await test.page.waitForFunction(() => document.readyState === 'complete');
  return test;
}

const below = (markup: string) => `<div style="height:150vh">top</div>${markup}<div style="height:150vh">bottom</div>`;
const items = (n: number, attrs = '') =>
  Array.from({ length: n }, (_, i) => `<div class="js-appear" ${attrs} style="height:40px">Item ${i + 1}</div>`).join('');

describe('appear', () => {
  const session = useSession();

  it.each(VIEWPORTS)('home at $width×$height: only what is below the viewport waits hidden, then reveals in order with each delay', async (viewport) => {
    const { test } = await openBefore(session, '/home/', { viewport, init: recordClasses });
    const start = await states(test.page);
    const height = viewport.height;
    for (const s of start) expect(s, JSON.stringify(s)).toMatchObject(s.top >= height ? { hidden: true, visible: false } : { hidden: false, visible: true });
    expect(start.some((s) => s.top >= height)).toBe(true);
    // Nothing the visitor saw at load was ever hidden.
    const seen = start.flatMap((s, i) => (s.top < height ? [i] : []));
    expect((await log(test.page)).filter((entry) => seen.includes(entry.i) && entry.hidden)).toEqual([]);
    const waiting = start.flatMap((s, i) => (s.hidden ? [i] : []));

    await scrollThrough(test.page);
    await test.page.waitForFunction(() => !document.querySelector('.js-appear.is-hidden'), { timeout: 5000 });
    const reveals = (await log(test.page)).filter((entry) => entry.visible && waiting.includes(entry.i));
    // Each once, in document order.
    expect(reveals.map((entry) => entry.i)).toEqual(waiting);
    // The about cards (data-appear-delay 100, 200, 300) revealed 200 then 300 ms apart when
    // they reached the threshold together; stats (0, 150, 300, 450) likewise.
    const delays = await test.page.$$eval('.js-appear', (all) => all.map((el) => Number(el.getAttribute('data-appear-delay'))));
    for (let k = 1; k < reveals.length; k++) {
      const gap = reveals[k].t - reveals[k - 1].t;
      expect(gap, `gap before card ${reveals[k].i}`).toBeGreaterThanOrEqual(delays[reveals[k].i] - 5);
    }
    // At 1280 px the about cards sit in one row and reach the threshold together: exactly their delays apart.
    const about = reveals.filter((entry) => entry.i >= 4);
    if (viewport.width === 1280) {
      expect(about[1].t - about[0].t).toBeLessThan(200 + 80);
      expect(about[2].t - about[1].t).toBeLessThan(300 + 80);
    }
    await test.page.waitForFunction(() => [...document.querySelectorAll('.js-appear')].every((el) => getComputedStyle(el).opacity === '1'), { timeout: 2000 });
    expect(await cls(test.page)).toBe(0);
    test.assertClean();
    await test.page.close();
  });

  it('defaults: 100 ms apart, 100 px inside the viewport, checked within 100 ms of a scroll', async () => {
    const test = await openFixture(session, '/__fixture/appear-defaults', fixture(below(items(5))));
    expect((await states(test.page)).every((s) => s.hidden)).toBe(true);
    // Top of the first item 60 px inside the viewport: not yet (threshold 100).
    await test.page.evaluate(() => scrollTo(0, document.querySelector('.js-appear')!.getBoundingClientRect().top + scrollY - innerHeight + 60));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await states(test.page)).every((s) => s.hidden)).toBe(true);
    // All five 150 px and more inside: they reveal one every 100 ms.
    const t0 = await test.page.evaluate(() => {
      scrollTo(0, [...document.querySelectorAll('.js-appear')].pop()!.getBoundingClientRect().top + scrollY - innerHeight + 150);
      return performance.now();
    });
    await test.page.waitForFunction(() => !document.querySelector('.js-appear.is-hidden'), { timeout: 3000 });
    const reveals = (await log(test.page)).filter((entry) => entry.visible);
    expect(reveals.map((entry) => entry.i)).toEqual([0, 1, 2, 3, 4]);
    // First: the check (≤ 100 ms after the scroll) plus its own 100 ms.
    expect(reveals[0].t - t0).toBeGreaterThanOrEqual(95);
    expect(reveals[0].t - t0).toBeLessThan(300);
    for (let k = 1; k < 5; k++) {
      const gap = reveals[k].t - reveals[k - 1].t;
      expect(gap).toBeGreaterThanOrEqual(95);
      expect(gap).toBeLessThan(180);
    }
    test.assertClean();
    await test.page.close();
  });

  it('one queue across blocks: two lists reveal in document order', async () => {
    const test = await openFixture(
      session,
      '/__fixture/appear-order',
      fixture(below(`<section>${items(2, 'data-appear-delay="50"')}</section><section>${items(2, 'data-appear-delay="50"')}</section>`)),
    );
    await test.page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    await test.page.waitForFunction(() => !document.querySelector('.js-appear.is-hidden'), { timeout: 3000 });
    const reveals = (await log(test.page)).filter((entry) => entry.visible);
    expect(reveals.map((entry) => entry.i)).toEqual([0, 1, 2, 3]);
    for (let k = 1; k < 4; k++) expect(reveals[k].t - reveals[k - 1].t).toBeGreaterThanOrEqual(45);
    test.assertClean();
  });

  it.each(VIEWPORTS)('reduced motion at $width×$height: nothing is ever hidden', async (viewport) => {
    const { test } = await openBefore(session, '/home/', { viewport, reducedMotion: true, init: recordClasses });
    expect((await log(test.page)).filter((entry) => entry.hidden)).toEqual([]);
    expect((await states(test.page)).every((s) => s.visible && !s.hidden)).toBe(true);
    expect(await allShown(test.page)).toBe(true);
    test.assertClean();
    await test.page.close();
  });

  it('print: switching to print reveals everything at once; loading in print hides nothing', async () => {
    const test = await session.open('/home/', { viewport: { width: 390, height: 844 } });
    expect((await states(test.page)).some((s) => s.hidden)).toBe(true);
    await test.page.emulateMediaType('print');
    // The media query's change event (no beforeprint here), at once rather than through the queue.
    await test.page.waitForFunction(() => !document.querySelector('.js-appear.is-hidden'), { timeout: 500 });
    expect((await states(test.page)).every((s) => s.visible && !s.hidden)).toBe(true);
    // The fade runs its course (0.5 s in the site CSS).
    await test.page.waitForFunction(() => [...document.querySelectorAll('.js-appear')].every((el) => getComputedStyle(el).opacity === '1'), { timeout: 2000 });
    expect((await states(test.page)).every((s) => s.visible)).toBe(true);
    test.assertClean();

    const printed = await session.open('/__blank', { html: '<!doctype html><title>blank</title>', ready: false });
    await printed.page.emulateMediaType('print');
    await printed.page.goto(session.url + '/home/', { waitUntil: 'domcontentloaded' });
    await printed.ready();
    expect((await states(printed.page)).every((s) => s.visible && !s.hidden)).toBe(true);
    printed.assertClean();
  });

  it('beforeprint reveals everything at once', async () => {
    const test = await session.open('/home/', { viewport: { width: 390, height: 844 } });
    expect((await states(test.page)).some((s) => s.hidden)).toBe(true);
    await test.page.evaluate(() => dispatchEvent(new Event('beforeprint')));
    expect((await states(test.page)).every((s) => s.visible && !s.hidden)).toBe(true);
    test.assertClean();
  });

  it.each(VIEWPORTS)('without veneer ($width×$height) every card is visible', async (viewport) => {
    const test = await session.open('/home/?veneer=off', { viewport, ready: false });
    expect(await test.page.$$eval('.js-appear', (all) => all.length)).toBe(7);
    expect(await allShown(test.page)).toBe(true);
    expect((await states(test.page)).every((s) => !s.visible && !s.hidden)).toBe(true);
    test.assertClean();
  });

  it('keyboard: Tab into a waiting element reveals it at once', async () => {
    const test = await session.open('/__fixture/appear-focus', {
      html: fixture(`<a href="#x" id="before">before</a>${below('<div class="js-appear" data-appear-delay="5000"><a href="#y" id="inside">inside</a></div>')}`),
    });
    expect((await states(test.page))[0].hidden).toBe(true);
    await test.page.focus('#before');
    await test.page.keyboard.press('Tab');
    expect(await test.page.evaluate(() => document.activeElement?.id)).toBe('inside');
    expect((await states(test.page))[0]).toMatchObject({ hidden: false, visible: true });
    test.assertClean();
  });

  it.each([
    ['data-appear-delay', '-5', 100],
    ['data-appear-delay', 'abc', 100],
    ['data-appear-delay', '1e9', 100],
    ['data-appear-threshold', '-5', 100],
    ['data-appear-threshold', 'abc', 100],
    ['data-appear-threshold', '1e9', 100],
  ])('%s="%s" warns naming it and uses %s', async (attribute, value, fallback) => {
    const test = await session.open('/__fixture/appear-bad', { html: fixture(below(`<div class="js-appear" ${attribute}="${value}">x</div>`)) });
    const named = test.warnings.filter((text) => text.startsWith('[veneer] appear:') && text.includes(`${attribute}="${value}"`) && text.includes(`using ${fallback}`));
    expect(named).toHaveLength(1);
    expect((await states(test.page))[0].hidden).toBe(true);
    await test.page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    await test.page.waitForFunction(() => !document.querySelector('.js-appear.is-hidden'), { timeout: 2000 });
    test.assertClean();
  });

  it('a huge delay is clamped to 10 000 ms (warned); a huge threshold is capped at half the window height minus 50', async () => {
    const test = await session.open('/__fixture/appear-huge', {
      html: fixture(below('<div class="js-appear" id="slow" data-appear-delay="99999999">x</div><div style="height:150vh"></div><div class="js-appear" id="far" data-appear-threshold="100000" data-appear-delay="0">y</div>')),
    });
    expect(test.warnings.filter((text) => text.includes('data-appear-delay="99999999"') && text.includes('10000'))).toHaveLength(1);
    // #far: cap = 800 / 2 - 50 = 350 px. At 300 px inside it waits; at 400 px it shows.
    const place = (inside: number) =>
      test.page.evaluate((px) => scrollTo(0, document.getElementById('far')!.getBoundingClientRect().top + scrollY - innerHeight + px), inside);
    await place(300);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await test.page.$eval('#far', (el) => el.classList.contains('is-hidden'))).toBe(true);
    await place(400);
    // #slow is ahead in the queue with 10 s: #far waits behind it (the queue keeps the order).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await test.page.$$eval('.js-appear', (all) => all.map((el) => el.classList.contains('is-hidden')))).toEqual([true, true]);
    test.assertClean();
  });

  it('listeners live only while something waits; removal tears down and leaves the element visible', async () => {
    const test = await session.open('/__fixture/appear-teardown', { html: fixture(below(items(3, 'data-appear-delay="0"'))) });
    const during = await windowListeners(test.page, 'scroll');
    // Removal of a waiting element: its classes go, the element is as the CMS sent it.
    const removed = await test.page.evaluate(async () => {
      const el = document.querySelector('.js-appear')!;
      el.remove();
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      return el.outerHTML;
    });
    expect(removed).toBe('<div class="js-appear" data-appear-delay="0" style="height:40px">Item 1</div>');
    await test.page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    await test.page.waitForFunction(() => !document.querySelector('.js-appear.is-hidden'), { timeout: 2000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = await windowListeners(test.page, 'scroll');
    expect(during - after).toBe(1);
    // Removing a revealed element: is-visible goes too.
    const gone = await test.page.evaluate(async () => {
      const el = document.querySelector('.js-appear')!;
      el.remove();
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      return el.className;
    });
    expect(gone).toBe('js-appear');
    test.assertClean();
  });

  it('an element inserted later below the viewport waits; one inserted in view shows at once', async () => {
    const test = await session.open('/__fixture/appear-insert', { html: fixture(below('<div id="host"></div>')) });
    const result = await test.page.evaluate(async () => {
      const veneer = (window as unknown as { veneer: { ready(): Promise<void> } }).veneer;
      const host = document.getElementById('host')!;
      host.innerHTML = testHTML('<div class="js-appear" id="late">late</div>');
      document.body.insertAdjacentHTML('afterbegin', testHTML('<div class="js-appear" id="top">top</div>'));
      await veneer.ready();
      return [document.getElementById('late')!.className, document.getElementById('top')!.className];
    });
    expect(result).toEqual(['js-appear is-hidden', 'js-appear is-visible']);
    test.assertClean();
  });

  it('content above closing brings a waiting element into view without a scroll: it appears', async () => {
    // html and body at 100 %, as legacy themes often set them: the root's own size never changes.
    const test = await session.open('/__fixture/appear-reflow', {
      html: fixture('<style>html,body{height:100%}</style><div id="tall" style="height:150vh">tall</div><div class="js-appear" id="late" data-appear-delay="0">late</div><div style="height:150vh"></div>'),
    });
    expect(await test.page.$eval('#late', (el) => el.className)).toBe('js-appear is-hidden');
    await test.page.$eval('#tall', (el) => ((el as HTMLElement).hidden = true));
    await test.page.waitForFunction(() => document.getElementById('late')!.classList.contains('is-visible'), { timeout: 2000 });
    expect(await test.page.evaluate(() => scrollY)).toBe(0);
    test.assertClean();
  });

  it.each(VIEWPORTS)('home at $width×$height: no layout shift when loading and scrolling to the end', async (viewport) => {
    const { test } = await openBefore(session, '/home/', { viewport, init: recordClasses });
    await scrollThrough(test.page);
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(await cls(test.page)).toBe(0);
    test.assertClean();
    await test.page.close();
  });
});
