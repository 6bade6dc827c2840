// Edge cases of the accessibility and contract-variant fixes (a11y-variants, contract-variants-3):
// markup close to theirs that they did not try. Chromium against the production build.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { BELOW, fixture, SCRIPT } from './helpers';
import { useSession, type OpenOptions } from './support';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Node = { role: string; name?: string; children?: Node[] };
const all = (node: Node): Node[] => [node, ...(node.children ?? []).flatMap(all)];

/** Each button or link of the accessibility tree with the roles of the controls inside it. */
async function controls(page: Page) {
  const tree = (await page.accessibility.snapshot({ interestingOnly: false })) as Node;
  const control = (node: Node) => ['button', 'link'].includes(node.role);
  return all(tree)
    .filter(control)
    .map((node) => [node.role, node.name, all(node).slice(1).filter(control).map((inner) => inner.role)]);
}

/** Removes every expand item (their teardown runs) and reads each one's heading back. */
const removedHeadings = (page: Page) =>
  page.evaluate(async () => {
    const items = [...document.querySelectorAll('.js-expand')];
    items.forEach((item) => item.remove());
    await new Promise((r) => setTimeout(r, 300));
    return items.map((item) => item.querySelector('h3')!.outerHTML);
  });

describe('review of the variant fixes', () => {
  const session = useSession();
  let n = 0;
  const open = (body: string, options: OpenOptions = {}, head = SCRIPT) =>
    session.open(`/__fixture/review-variant-${++n}`, { html: fixture(body, head), reducedMotion: true, ...options });

  it('expand: a heading trigger whose content is a button or a link (the APG markup) has no button inside a button', async () => {
    const test = await open(
      BELOW +
        '<div class="js-expand"><h3 class="js-expand-trigger"> <button type="button">Button question</button> </h3><div class="js-expand-content">A1</div></div>' +
        '<div class="js-expand"><h3 class="js-expand-trigger"><a href="#a2">Link question</a></h3><div class="js-expand-content" id="a2">A2</div></div>' +
        '<div class="js-expand"><h3 class="js-expand-trigger">Plain question</h3><div class="js-expand-content">A3</div></div>',
    );
    // One control per heading, none holding another.
    expect(await controls(test.page)).toEqual([
      ['button', 'Button question', []],
      ['button', 'Link question', []],
      ['button', 'Plain question', []],
    ]);
    expect(await test.page.$$eval('h3 button, h3 a', (all) => all.map((el) => [el.getAttribute('aria-expanded'), !!el.getAttribute('aria-controls')]))).toEqual([
      ['false', true],
      ['false', true],
    ]);
    // One Tab stop each; Enter toggles.
    await test.page.focus('h3 button');
    await test.page.keyboard.press('Tab');
    expect(await test.page.evaluate(() => document.activeElement!.textContent)).toBe('Link question');
    await test.page.keyboard.press('Enter');
    expect(await test.page.$$eval('.js-expand', (all) => all.map((el) => el.classList.contains('is-open')))).toEqual([false, true, false]);
    expect(await test.page.evaluate(() => location.hash)).toBe('');
    // Removed, the headings are as the markup had them.
    const restored = await removedHeadings(test.page);
    expect(restored).toEqual([
      '<h3 class="js-expand-trigger"> <button type="button">Button question</button> </h3>',
      '<h3 class="js-expand-trigger"><a href="#a2">Link question</a></h3>',
      '<h3 class="js-expand-trigger">Plain question</h3>',
    ]);
    test.assertClean();
  });

  it('expand: aria-expanded the markup wrote on a heading trigger is moved to the button inside, and back at teardown', async () => {
    const test = await open(
      BELOW +
        '<div class="js-expand is-open"><h3 class="js-expand-trigger" aria-expanded="true">Open question</h3><div class="js-expand-content">A1</div></div>' +
        '<div class="js-expand"><h3 class="js-expand-trigger" aria-expanded="false"><button type="button">Closed question</button></h3><div class="js-expand-content">A2</div></div>',
    );
    const state = () => test.page.$$eval('h3', (all) => all.map((h) => [h.getAttribute('aria-expanded'), h.querySelector('[aria-expanded]')?.getAttribute('aria-expanded')]));
    expect(await state()).toEqual([
      [null, 'true'],
      [null, 'false'],
    ]);
    await test.page.click('h3');
    await test.page.click('h3 button');
    expect(await state()).toEqual([
      [null, 'false'],
      [null, 'true'],
    ]);
    const restored = await removedHeadings(test.page);
    expect(restored).toEqual([
      '<h3 class="js-expand-trigger" aria-expanded="true">Open question</h3>',
      '<h3 class="js-expand-trigger" aria-expanded="false"><button type="button">Closed question</button></h3>',
    ]);
    test.assertClean();
  });

  it('carousel: slides that are whole-card links keep their link role and name, as the rotator\'s', async () => {
    const test = await open(
      BELOW +
        '<div class="js-carousel"><div class="track"><a class="js-carousel-slide" href="/one">First story</a><a class="js-carousel-slide" href="/two">Second story</a></div>' +
        '<button class="js-carousel-prev">Back</button><button class="js-carousel-next">On</button></div>',
    );
    expect(await test.page.$$eval('.js-carousel-slide', (all) => all.map((a) => [a.getAttribute('role'), a.getAttribute('aria-label'), a.getAttribute('aria-roledescription')]))).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
    expect((await controls(test.page)).filter(([role]) => role == 'link')).toEqual([['link', 'First story', []]]);
    await test.page.click('.js-carousel-next');
    expect(await test.page.$$eval('.js-carousel-slide', (all) => all.map((a) => a.getAttribute('aria-current')))).toEqual([null, 'true']);
    test.assertClean();
  });

  it('analytics: the running tag without an id and another script of the same folder with one: that script is not a copy of veneer', async () => {
    const test = await open(
      '<button data-track-category="c" data-track-action="go">b</button>',
      {
        init: () => {
          const w = window as unknown as { beacons: string[] };
          w.beacons = [];
          navigator.sendBeacon = (url) => (w.beacons.push(String(url)), true);
        },
        respond: (url) => (new URL(url).pathname == '/Content/scripts/dist/legacy.js' ? { contentType: 'text/javascript', body: '' } : undefined),
      },
      SCRIPT + '<script defer src="/Content/scripts/dist/legacy.js" data-analytics-id="G-LEGACY12" data-analytics-endpoint="/__stubs/analytics/collect"></script>',
    );
    await sleep(400);
    await test.page.click('button');
    await sleep(100);
    expect(await test.page.evaluate(() => (window as unknown as { beacons: string[] }).beacons)).toEqual([]);
    expect(test.warnings.filter((w) => w.includes('not the script tag'))).toHaveLength(1);
    test.assertClean();
  });
});
