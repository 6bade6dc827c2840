// Every captured page in legacy-pages/, in Chromium against the production build: it loads
// clean, every registered hook is enhanced, enhancement shifts no layout, it works the same
// under the strict CSP + Trusted Types, and without veneer everything stays visible.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, STRICT_CSP } from '../../src/harness/server';
import { animationsDone, fixture, openBefore } from './helpers';
import { useSession, type TestPage } from './support';

const PAGES_DIR = path.join(REPO_ROOT, 'legacy-pages');
const PAGES = readdirSync(PAGES_DIR).filter(
  (name) => !name.startsWith('_') && statSync(path.join(PAGES_DIR, name)).isDirectory(),
);

// registry.json: a row "name": "" hooks .js-<name>; a non-empty value is the selector.
const REGISTRY = JSON.parse(readFileSync(path.join(REPO_ROOT, 'src/injector/registry.json'), 'utf8')) as Record<string, string>;
// The anchor feature's registry selector is plain a[href^="#"] (the core's bytes); the chunk
// itself leaves out "#" and links with a js- hook, so those are not expected enhanced.
const TAKES: Record<string, string> = { anchor: 'a[href^="#"]:not([class*=js-],[href="#"])' };
const HOOKS = Object.entries(REGISTRY).map(([name, selector]) => [name, TAKES[name] || selector || `.js-${name}`] as [string, string]);

// The parts veneer may hide: without veneer they must all show.
const HIDEABLE = '.js-carousel-slide, .js-tab-panel, .js-expand-content';

/** For each feature: how many elements its hook matches, and how many carry it in data-enhanced. */
function hookCounts(page: Page) {
  return page.evaluate((hooks: [string, string][]) => {
    const counts: Record<string, [matched: number, enhanced: number]> = {};
    for (const [name, selector] of hooks) {
      const all = [...document.querySelectorAll(selector)];
      counts[name] = [all.length, all.filter((el) => (el.getAttribute('data-enhanced') || '').split(' ').includes(name)).length];
    }
    return counts;
  }, HOOKS);
}

/** Every hooked element, in document order, with its data-enhanced value. */
function enhancedList(page: Page) {
  return page.evaluate(
    // State classes (is-busy while a map loads, is-open…) follow timing, not enhancement: left out.
    (selector: string) =>
      [...document.querySelectorAll(selector)].map(
        (el) => `${[...el.classList].filter((name) => !name.startsWith('is-')).join(' ')} → ${el.getAttribute('data-enhanced')}`,
      ),
    HOOKS.map(([, selector]) => selector).join(),
  );
}

function observeShifts() {
  const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node | null }[];
    }[])
      if (!entry.hadRecentInput)
        w.__shifts.push({
          value: entry.value,
          sources: entry.sources.map((source) => (source.node as Element | null)?.className || source.node?.nodeName || '?'),
        });
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The layout shifts so far, once two more frames have been rendered (entries come after paint). */
async function shifts(page: Page) {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const list = (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts;
    return { total: list.reduce((sum, entry) => sum + entry.value, 0), list };
  });
}

function listenViolations() {
  const w = window as unknown as { __violations: string[] };
  w.__violations = [];
  addEventListener('securitypolicyviolation', (event) =>
    w.__violations.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
  );
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

const USED = ['carousel', 'tabs', 'expand'];

/** Uses each feature of the page once (the first instance) and reports whether it answered. */
async function useFeatures(test: TestPage) {
  const page = test.page;
  const used: string[] = [];
  if (await page.$('.js-carousel')) {
    await page.click('.js-carousel-next');
    expect(await page.$eval('.js-carousel-slide:nth-child(2)', (el) => el.getAttribute('aria-current'))).toBe('true');
    used.push('carousel');
  }
  if (await page.$('.js-tabs')) {
    await (await page.$$('.js-tabs a.js-tab')).pop()!.click();
    expect(await page.$eval('.js-tabs', (el) => [...el.querySelectorAll('a.js-tab')].pop()!.getAttribute('aria-selected'))).toBe('true');
    expect(await page.evaluate(() => new URLSearchParams(location.search).has('tab'))).toBe(true);
    used.push('tabs');
  }
  if (await page.$('.js-expand')) {
    await page.click('.js-expand .js-expand-trigger');
    await animationsDone(page, '.js-expand-content');
    expect(await page.$eval('.js-expand', (el) => [el.classList.contains('is-open'), el.querySelector('.js-expand-content')!.hasAttribute('hidden')])).toEqual([true, false]);
    used.push('expand');
  }
  return used;
}

describe('captured pages', () => {
  const session = useSession();

  it('finds the captured pages', () => {
    expect(PAGES).toEqual(expect.arrayContaining(['home', 'resources', 'event']));
  });

  describe.each(PAGES)('/%s/', (name) => {
    it('loads with no page or console error, and every registered hook is enhanced', async () => {
      const test = await session.open(`/${name}/`);
      const counts = await hookCounts(test.page);
      for (const [feature, [matched, enhanced]] of Object.entries(counts)) expect(enhanced, feature).toBe(matched);
      test.assertClean();
    });

    it('enhancement shifts no layout (1280×800 and 390×844)', async () => {
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        const { test } = await openBefore(session, `/${name}/`, { viewport, init: observeShifts });
        expect(await shifts(test.page), `${viewport.width}×${viewport.height}`).toEqual({ total: 0, list: [] });
        test.assertClean();
        await test.page.close();
      }
    });

    it('works the same under the strict CSP with Trusted Types, with no violation', async () => {
      const plain = await session.open(`/${name}/`);
      const expected = await enhancedList(plain.page);
      await plain.page.close();
      const { test, response } = await openBefore(session, `/${name}/?csp=strict`, { init: listenViolations });
      expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP);
      expect(await enhancedList(test.page)).toEqual(expected);
      // Each feature of the page that useFeatures knows answers under the CSP too.
      const onPage = new Set(expected.flatMap((line) => line.split(' → ')[1].split(' ')));
      expect(await useFeatures(test)).toEqual(USED.filter((feature) => onPage.has(feature)));
      expect(await violations(test.page)).toEqual([]);
      test.assertClean();
    });

    it('without veneer every slide, tab panel and expand content is visible', async () => {
      const test = await session.open(`/${name}/?veneer=off`, { ready: false });
      expect(test.requests.filter((url) => url.includes('veneer.js'))).toEqual([]);
      const parts = await test.page.$$eval(HIDEABLE, (all) =>
        all.map((el) => {
          const box = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          return {
            part: `${el.className}#${el.id}`,
            hidden: el.hasAttribute('hidden'),
            box: box.width > 0 && box.height > 0,
            shown: style.display !== 'none' && style.visibility !== 'hidden' && style.contentVisibility !== 'hidden',
          };
        }),
      );
      for (const part of parts) expect(part).toEqual({ part: part.part, hidden: false, box: true, shown: true });
      expect(await test.page.evaluate(() => 'veneer' in window)).toBe(false);
      test.assertClean();
    });
  });

  // A visitor who lands on an anchor next to an enhanced block sees it in the first
  // viewport: the panels and items veneer closes after the first paint must not shift it.
  // /home/?tab=tab-software#products is the link of the home carousel's second slide.
  // The last three land below the enhanced blocks: above the viewport when their chunks arrive.
  it.each([
    ['/home/?tab=tab-software#products', ''],
    ['/home/#faq', ''],
    ['/event/#agenda', ''],
    ['/home/#calibration', ', below the enhanced blocks,'],
    ['/home/#about', ', below the enhanced blocks,'],
    ['/event/#venue', ', below the enhanced blocks,'],
  ])('landing on %s%s shifts no layout (1280×800 and 390×844)', async (address) => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { test } = await openBefore(session, address, { viewport, init: observeShifts });
      expect(await shifts(test.page), `${viewport.width}×${viewport.height}`).toEqual({ total: 0, list: [] });
      test.assertClean();
      await test.page.close();
    }
  });

  // What waited is hidden once it is below the viewport (the visitor scrolled back up past it).
  it.each(['/home/?tab=tab-software#products', '/home/#faq', '/event/#agenda', '/home/#calibration'])(
    'after landing on %s, scrolling to the top settles every block, with no shift then or scrolling down (1280×800 and 390×844)',
    async (address) => {
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        const settled = await session.open(address.split('#')[0], { viewport });
        const hidden = HIDEABLE.split(', ').map((part) => part + '[hidden]').join();
        const expected = await settled.page.$$eval(hidden, (all) => all.length);
        await settled.page.close();
        const { test } = await openBefore(session, address, { viewport, init: observeShifts });
        const size = `${viewport.width}×${viewport.height}`;
        expect(await test.page.$$eval(hidden, (all) => all.length), size).toBeLessThan(expected);
        await test.page.evaluate(() => scrollTo(0, 0));
        await test.page.waitForFunction((selector, count) => document.querySelectorAll(selector).length === count, {}, hidden, expected);
        expect(await shifts(test.page), size).toEqual({ total: 0, list: [] });
        await test.page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
        expect(await shifts(test.page), size).toEqual({ total: 0, list: [] });
        test.assertClean();
        await test.page.close();
      }
    },
  );

  it('home has every part the checks above rely on', async () => {
    const test = await session.open('/home/?veneer=off', { ready: false });
    expect(await test.page.$$eval(HIDEABLE, (all) => all.length)).toBe(4 + 3 + 5);
    test.assertClean();
  });

  it('the layout-shift measure sees a shift (control)', async () => {
    const html = fixture(
      '<h1>Title</h1><p>Text that moves.</p>' +
        '<script>setTimeout(() => { const d = document.createElement("div"); d.textContent = "inserted"; d.style.height = "200px"; document.body.prepend(d); }, 100);</script>',
      '',
    );
    const test = await session.open('/__fixture/shift', { html, ready: false });
    // buffered: true, so registering after the load still sees the page's shifts.
    await test.page.evaluate(observeShifts);
    await test.page.waitForFunction(() => document.body.firstElementChild?.textContent === 'inserted');
    expect((await shifts(test.page)).total).toBeGreaterThan(0);
  });

  it('the violation listener sees a violation under ?csp=strict (control)', async () => {
    const { test } = await openBefore(session, '/contact/?csp=strict', {
      init: listenViolations,
      allowViolations: true,
      allowErrors: [/^Applying inline style violates the following Content Security Policy directive 'style-src 'self''/],
    });
    await test.page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { outline: 1px solid red; }';
      document.head.append(style);
    });
    await test.page.waitForFunction(() => (window as unknown as { __violations: string[] }).__violations.length > 0);
    expect((await violations(test.page))[0]).toMatch(/^style-src-elem /);
    // Chromium also logs it: an unexpected violation would fail assertClean in the tests above.
    expect(test.errors.filter((text) => text.includes('violates the following Content Security Policy'))).toHaveLength(1);
    test.assertClean();
  });
});
