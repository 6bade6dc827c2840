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

describe('review of the variant fixes', () => {
  const session = useSession();
  let n = 0;
  const open = (body: string, options: OpenOptions = {}, head = SCRIPT) =>
    session.open(`/__fixture/review-variant-${++n}`, { html: fixture(body, head), reducedMotion: true, ...options });

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

});
