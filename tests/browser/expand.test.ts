// Expand/collapse (div.js-expand) in Chromium against the production build: the home page's
// FAQ set (4 items, data-expand-set="faq") and standalone item #calibration with a
// .js-expand-tab-trigger, the event page's agenda set, and fixtures for other triggers.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { animationsDone, fixture } from './helpers';
import { useSession } from './support';

const FAQ = '.expand-list > .js-expand';
const STANDALONE = '#calibration';
const CONTENTS = '.js-expand-content';

interface ItemState {
  expanded: string | null;
  open: boolean;
  hidden: string | null;
  /** The content has a box (height > 0). */
  visible: boolean;
}

function items(page: Page, selector = '.js-expand'): Promise<ItemState[]> {
  return page.$$eval(selector, (all) =>
    all.map((item) => {
      const content = item.querySelector<HTMLElement>('.js-expand-content')!;
      return {
        expanded: item.querySelector('.js-expand-trigger')!.getAttribute('aria-expanded'),
        open: item.classList.contains('is-open'),
        hidden: content.getAttribute('hidden'),
        visible: content.getBoundingClientRect().height > 0,
      };
    }),
  );
}

const OPEN: ItemState = { expanded: 'true', open: true, hidden: null, visible: true };
const CLOSED: ItemState = { expanded: 'false', open: false, hidden: 'until-found', visible: false };

/** Clicks the trigger of `item` in the page and reports what runs right after the click. */
function clickTrigger(page: Page, item: string) {
  return page.$eval(item, (el) => {
    (el.querySelector('.js-expand-trigger') as HTMLElement).click();
    const content = el.querySelector<HTMLElement>('.js-expand-content')!;
    return {
      expanded: el.querySelector('.js-expand-trigger')!.getAttribute('aria-expanded'),
      open: el.classList.contains('is-open'),
      // veneer's own Web Animations (the site's CSS transitions, e.g. its 0.01 ms
      // reduced-motion rule, are not veneer's).
      animations: content
        .getAnimations()
        .filter((animation) => !(animation instanceof CSSTransition || animation instanceof CSSAnimation))
        .map((animation) => animation.effect!.getTiming().duration),
    };
  });
}

describe('expand', () => {
  const session = useSession();

  it('writes aria-expanded and aria-controls, and hides closed content (findable)', async () => {
    const test = await session.open('/home/');
    const aria = await test.page.$$eval('.js-expand', (all) =>
      all.map((item) => {
        const trigger = item.querySelector('.js-expand-trigger')!;
        const content = item.querySelector('.js-expand-content')!;
        return [item.getAttribute('data-enhanced'), trigger.getAttribute('aria-controls') === content.id, content.id];
      }),
    );
    // The markup's content ids are used (two FAQ triggers had no aria-controls).
    expect(aria).toEqual([
      ['expand', true, 'faq-recalibration'],
      ['expand', true, 'faq-atex'],
      ['expand', true, 'faq-delivery'],
      ['expand', true, 'faq-other-brands'],
      ['expand', true, 'calibration-details'],
    ]);
    expect(await items(test.page)).toEqual(Array(5).fill(CLOSED));
    test.assertClean();
  });

  it('a click opens with a 250 ms slide, and closes again the same way', async () => {
    const test = await session.open('/home/');
    const item = `${FAQ}:nth-child(2)`;
    expect(await clickTrigger(test.page, item)).toEqual({ expanded: 'true', open: true, animations: [250] });
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page, item)).toEqual([OPEN]);
    // The slide leaves no inline style behind: the content has its natural height.
    expect(await test.page.$eval(`${item} ${CONTENTS}`, (el) => [el.getAttribute('style'), Math.abs(el.getBoundingClientRect().height - el.scrollHeight) < 1])).toEqual([null, true]);
    expect(await clickTrigger(test.page, item)).toEqual({ expanded: 'false', open: false, animations: [250] });
    // Still visible while it slides closed, then hidden.
    expect((await items(test.page, item))[0].hidden).toBeNull();
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page, item)).toEqual([CLOSED]);
    test.assertClean();
  });

  it('the opening slide starts from a closed box: no height, padding or border', async () => {
    const html = fixture(
      '<div class="js-expand"><button type="button" class="js-expand-trigger">More</button>' +
        '<div class="js-expand-content" style="padding:1rem;border:2px solid"><p>Details</p></div></div>',
    );
    const test = await session.open('/__fixture/expand-slide-box', { html });
    // On screen at load it shows open (as without script): closed first.
    await test.page.click('.js-expand-trigger');
    await animationsDone(test.page, CONTENTS);
    expect(await test.page.$eval(CONTENTS, (el) => el.hasAttribute('hidden'))).toBe(true);
    const start = await test.page.$eval(CONTENTS, (el) => {
      (el.parentElement!.querySelector('.js-expand-trigger') as HTMLElement).click();
      const [slide] = el.getAnimations().filter((animation) => !(animation instanceof CSSTransition || animation instanceof CSSAnimation));
      slide.pause();
      slide.currentTime = 0;
      const style = getComputedStyle(el);
      const box = [style.height, style.paddingTop, style.paddingBottom, style.borderTopWidth, style.borderBottomWidth];
      slide.finish();
      return box;
    });
    expect(start).toEqual(['0px', '0px', '0px', '0px', '0px']);
    test.assertClean();
  });

  it('opens and closes at once with reduced motion', async () => {
    const test = await session.open('/home/', { reducedMotion: true });
    const item = `${FAQ}:nth-child(1)`;
    // The boxes are read once the site's own 0.01 ms reduced-motion transitions have ended.
    expect(await clickTrigger(test.page, item)).toEqual({ expanded: 'true', open: true, animations: [] });
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page, item)).toEqual([OPEN]);
    expect(await clickTrigger(test.page, item)).toEqual({ expanded: 'false', open: false, animations: [] });
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page, item)).toEqual([CLOSED]);
    test.assertClean();
  });

  it('opening an item of a set closes the open one; the standalone item is independent', async () => {
    const test = await session.open('/home/');
    await test.page.click(`${FAQ}:nth-child(1) .js-expand-trigger`);
    await test.page.click(`${FAQ}:nth-child(2) .js-expand-trigger`);
    // ARIA first: the first item is closed at once, its content hides when its slide ends.
    expect((await items(test.page, FAQ)).map((s) => s.expanded)).toEqual(['false', 'true', 'false', 'false']);
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page, FAQ)).toEqual([CLOSED, OPEN, CLOSED, CLOSED]);

    await test.page.click(`${STANDALONE} .js-expand-trigger`);
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page)).toEqual([CLOSED, OPEN, CLOSED, CLOSED, OPEN]);
    await test.page.click(`${FAQ}:nth-child(4) .js-expand-trigger`);
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page)).toEqual([CLOSED, CLOSED, CLOSED, OPEN, OPEN]);
    await test.page.click(`${STANDALONE} .js-expand-trigger`);
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page)).toEqual([CLOSED, CLOSED, CLOSED, OPEN, CLOSED]);
    // The open item of a set closes with its own trigger.
    await test.page.click(`${FAQ}:nth-child(4) .js-expand-trigger`);
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page)).toEqual(Array(5).fill(CLOSED));
    test.assertClean();
  });

  it('on screen at load (landing on #faq): items stay open until used or below the viewport', async () => {
    const test = await session.open('/home/#faq');
    expect(await items(test.page, FAQ)).toEqual(Array(4).fill(OPEN));
    // A click toggles the item as it shows: it closes, with the slide.
    const item = `${FAQ}:nth-child(2)`;
    expect(await clickTrigger(test.page, item)).toEqual({ expanded: 'false', open: false, animations: [250] });
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page, FAQ)).toEqual([OPEN, CLOSED, OPEN, OPEN]);
    // Opened again: it is the visitor's, and its set closes the others.
    await clickTrigger(test.page, item);
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page, FAQ)).toEqual([CLOSED, OPEN, CLOSED, CLOSED]);
    // Scrolled away, the visitor's choice stays (nothing pending closes it).
    await test.page.evaluate(() => scrollTo(0, 0));
    await test.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(await items(test.page, FAQ)).toEqual([CLOSED, OPEN, CLOSED, CLOSED]);
    test.assertClean();
  });

  it('on screen at load, an item the visitor left alone closes once it is below the viewport', async () => {
    const test = await session.open('/event/#agenda');
    const agenda = '.js-expand[data-expand-set="agenda"]';
    expect(await items(test.page, agenda)).toEqual(Array(4).fill(OPEN));
    await test.page.evaluate(() => scrollTo(0, 0));
    await test.page.waitForFunction(() => !document.querySelector('.js-expand.is-open'));
    expect(await items(test.page, agenda)).toEqual(Array(4).fill(CLOSED));
    test.assertClean();
  });

  it('the event page agenda is one set', async () => {
    const test = await session.open('/event/');
    const agenda = '.js-expand[data-expand-set="agenda"]';
    expect(await items(test.page, agenda)).toEqual(Array(4).fill(CLOSED));
    await test.page.click(`${agenda}:nth-of-type(3) .js-expand-trigger`);
    await test.page.click(`${agenda}:nth-of-type(2) .js-expand-trigger`);
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page, agenda)).toEqual([CLOSED, OPEN, CLOSED, CLOSED]);
    test.assertClean();
  });

  it('.js-expand-tab-trigger only opens, and its link still runs', async () => {
    const test = await session.open('/home/');
    await test.page.click('.js-expand-tab-trigger');
    expect(await test.page.evaluate(() => location.hash)).toBe('#calibration-details');
    // Again, twice: by keyboard and by click() (after the jump the link sits under the
    // sticky header, where a mouse click would land on the header).
    await test.page.focus('.js-expand-tab-trigger');
    await test.page.keyboard.press('Enter');
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page, STANDALONE)).toEqual([OPEN]);
    await test.page.$eval('.js-expand-tab-trigger', (el) => (el as HTMLElement).click());
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page, STANDALONE)).toEqual([OPEN]);
    // Closed by its trigger, opened again by the tab trigger.
    await test.page.click(`${STANDALONE} .js-expand-trigger`);
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page, STANDALONE)).toEqual([CLOSED]);
    await test.page.$eval('.js-expand-tab-trigger', (el) => (el as HTMLElement).click());
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page, STANDALONE)).toEqual([OPEN]);
    test.assertClean();
  });

  it('50 and 51 rapid clicks end consistent (bad-inputs row 30)', async () => {
    const test = await session.open('/home/');
    const mash = (item: string, times: number) =>
      test.page.$eval(
        item,
        (el, n) => {
          const trigger = el.querySelector<HTMLElement>('.js-expand-trigger')!;
          for (let i = 0; i < n; i++) trigger.click();
        },
        times,
      );
    await mash(`${FAQ}:nth-child(1)`, 50);
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page, FAQ)).toEqual([CLOSED, CLOSED, CLOSED, CLOSED]);
    await mash(`${FAQ}:nth-child(3)`, 51);
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page, FAQ)).toEqual([CLOSED, CLOSED, OPEN, CLOSED]);
    await mash(STANDALONE, 51);
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page)).toEqual([CLOSED, CLOSED, OPEN, CLOSED, OPEN]);
    // Across the set, in one task: 50 clicks spread over the four items; the last ones
    // land on the second item (49 % 4 === 1), which opens or closes, never half.
    await test.page.$$eval(FAQ, (all) => {
      for (let i = 0; i < 50; i++) (all[i % 4].querySelector('.js-expand-trigger') as HTMLElement).click();
    });
    await animationsDone(test.page, CONTENTS);
    const after = await items(test.page, FAQ);
    for (const state of after) expect([OPEN, CLOSED]).toContainEqual(state);
    expect(after.filter((state) => state.open).length).toBeLessThanOrEqual(1);
    // Mid-slide mashing leaves no inline style on any content.
    expect(await test.page.$$eval(CONTENTS, (all) => all.filter((el) => el.hasAttribute('style')).length)).toBe(0);
    test.assertClean();
  });

  it('Enter and Space on the trigger toggle, and focus stays on it', async () => {
    const test = await session.open('/home/');
    const item = `${FAQ}:nth-child(2)`;
    await test.page.focus(`${item} .js-expand-trigger`);
    await test.page.keyboard.press('Enter');
    expect((await items(test.page, item))[0].expanded).toBe('true');
    await test.page.keyboard.press('Space');
    expect((await items(test.page, item))[0].expanded).toBe('false');
    await test.page.keyboard.press('Space');
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page, item)).toEqual([OPEN]);
    expect(await test.page.evaluate(() => document.activeElement?.closest('.js-expand') === document.querySelectorAll('.expand-list > .js-expand')[1])).toBe(true);
    expect(await test.page.evaluate(() => document.activeElement?.classList.contains('js-expand-trigger'))).toBe(true);
    test.assertClean();
  });

  it('find-in-page (beforematch) opens closed content at once and closes the rest of its set', async () => {
    const test = await session.open('/home/');
    await test.page.click(`${FAQ}:nth-child(1) .js-expand-trigger`);
    await animationsDone(test.page, CONTENTS);
    expect(await test.page.$eval('#faq-delivery', (el) => el.getAttribute('hidden'))).toBe('until-found');
    const now = await test.page.$eval('#faq-delivery', (el) => {
      el.dispatchEvent(new Event('beforematch'));
      return [el.getAttribute('hidden'), el.getAnimations().length];
    });
    expect(now).toEqual([null, 0]);
    expect(await items(test.page, FAQ)).toEqual([CLOSED, CLOSED, OPEN, CLOSED]);
    test.assertClean();
  });

  it('tears an item down on removal (markup back as sent) and enhances it again', async () => {
    const test = await session.open('/home/');
    await test.page.click(`${FAQ}:nth-child(2) .js-expand-trigger`);
    const result = await test.page.evaluate(async () => {
      const veneer = (window as unknown as { veneer: { ready(): Promise<void> } }).veneer;
      const source = await (await fetch('/home/?veneer=off')).text();
      const sent = new DOMParser().parseFromString(testHTML(source), 'text/html').querySelectorAll('.expand-list > .js-expand')[1].outerHTML;
      const item = document.querySelectorAll('.expand-list > .js-expand')[1];
      const next = item.nextSibling;
      const parent = item.parentElement!;
      item.remove();
      await veneer.ready();
      const removed = item.outerHTML;
      parent.insertBefore(item, next);
      await veneer.ready();
      return { sent, removed };
    });
    expect(result.removed).toBe(result.sent);
    expect(await items(test.page, FAQ)).toEqual(Array(4).fill(CLOSED));
    // Back in its set: opening it closes another open item.
    await test.page.click(`${FAQ}:nth-child(1) .js-expand-trigger`);
    await test.page.click(`${FAQ}:nth-child(2) .js-expand-trigger`);
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page, FAQ)).toEqual([CLOSED, OPEN, CLOSED, CLOSED]);
    test.assertClean();
  });

  it('a storm of 500 items joining and leaving the FAQ set leaves the set working (row 31)', async () => {
    const test = await session.open('/home/');
    const result = await test.page.evaluate(async () => {
      const veneer = (window as unknown as { veneer: { ready(): Promise<void> } }).veneer;
      const list = document.querySelector('.expand-list')!;
      const item = '<div class="js-expand storm" data-expand-set="faq"><button class="js-expand-trigger">Q</button><div class="js-expand-content">A</div></div>';
      list.insertAdjacentHTML('beforeend', testHTML(item.repeat(500)));
      await veneer.ready();
      const storm = [...list.querySelectorAll('.storm')];
      const enhanced = storm.filter((el) => el.getAttribute('data-enhanced') === 'expand').length;
      // Open one storm item, then remove them all in one task.
      (storm[250].querySelector('.js-expand-trigger') as HTMLElement).click();
      storm.forEach((el) => el.remove());
      await veneer.ready();
      return { enhanced, leftovers: storm.filter((el) => el.matches('[data-enhanced],.is-open') || el.querySelector('[aria-expanded],[hidden]')).length };
    });
    expect(result).toEqual({ enhanced: 500, leftovers: 0 });
    await test.page.click(`${FAQ}:nth-child(1) .js-expand-trigger`);
    await test.page.click(`${FAQ}:nth-child(3) .js-expand-trigger`);
    await animationsDone(test.page, CONTENTS);
    expect(await items(test.page, FAQ)).toEqual([CLOSED, CLOSED, OPEN, CLOSED]);
    test.assertClean();
  });

  it('a trigger that is not a button gets button semantics and Enter/Space', async () => {
    // Below the first viewport: on screen at load, an item stays open until used or below it.
    const html = fixture(
      `<div style="height:150vh"></div>` +
        `<div class="js-expand"><a href="#" class="js-expand-trigger">More</a><div class="js-expand-content">Text</div></div>` +
        `<div class="js-expand is-open" id="b"><div class="js-expand-trigger">Less</div><div class="js-expand-content">Text</div></div>`,
    );
    const test = await session.open('/__fixture/expand-link', { html, reducedMotion: true });
    // A link is focusable already; the div gets tabindex="0".
    const aria = await test.page.$$eval('.js-expand-trigger', (all) =>
      all.map((t) => [t.getAttribute('role'), t.getAttribute('tabindex'), (t as HTMLElement).tabIndex]),
    );
    expect(aria).toEqual([
      ['button', null, 0],
      ['button', '0', 0],
    ]);
    // The item marked is-open starts open.
    expect((await items(test.page)).map((s) => s.expanded)).toEqual(['false', 'true']);
    await test.page.click('a.js-expand-trigger');
    expect(await test.page.evaluate(() => location.hash)).toBe('');
    await test.page.focus('div.js-expand-trigger');
    await test.page.keyboard.press('Enter');
    await test.page.focus('a.js-expand-trigger');
    await test.page.keyboard.press('Space');
    expect((await items(test.page)).map((s) => [s.expanded, s.open])).toEqual([
      ['false', false],
      ['false', false],
    ]);
    test.assertClean();
  });

  it('a heading trigger whose own button the markup marks aria-expanded="true" (the APG accordion\'s markup) starts open, once settled below the fold too', async () => {
    const html = fixture(
      `<div style="height:300vh"></div>` +
        `<div class="js-expand" id="a"><h3 class="js-expand-trigger"><button aria-expanded="true">Open one</button></h3><div class="js-expand-content">Text</div></div>` +
        `<div class="js-expand" id="b"><h3 class="js-expand-trigger"><button aria-expanded="false">Closed one</button></h3><div class="js-expand-content">Text</div></div>`,
    );
    const test = await session.open('/__fixture/expand-apg-open', { html, reducedMotion: true });
    expect(await test.page.$$eval('.js-expand', (all) => all.map((item) => [item.querySelector('button')!.getAttribute('aria-expanded'), item.classList.contains('is-open'), item.querySelector('.js-expand-content')!.hasAttribute('hidden')]))).toEqual([
      ['true', true, false],
      ['false', false, true],
    ]);
    test.assertClean();
  });

  it('an item without content warns and leaves the markup as it was', async () => {
    const markup = `<div class="js-expand"><button class="js-expand-trigger">More</button></div>`;
    const test = await session.open('/__fixture/expand-missing', { html: fixture(markup) });
    const same = await test.page.evaluate((html) => {
      const template = document.createElement('template');
      template.innerHTML = testHTML(html);
      return { now: document.querySelector('.js-expand')!.outerHTML, sent: template.content.firstElementChild!.outerHTML };
    }, markup);
    expect(test.warnings.filter((text) => text.startsWith('[veneer] expand: .js-expand-trigger or .js-expand-content missing'))).toHaveLength(1);
    expect(same.now).toBe(same.sent);
    test.assertClean();
  });

  it('an item holding what the address names (?tab= a panel in it, #id an element or <a name> in it) stays open; the others close', async () => {
    const item = (id: string, inner: string) =>
      `<div class="js-expand" id="${id}"><button class="js-expand-trigger">${id}</button><div class="js-expand-content">${inner}</div></div>`;
    const tabs = `<div class="js-tabs"><ul><li><a class="js-tab" href="#p1">One</a></li><li><a class="js-tab" href="#p2">Two</a></li></ul>
      <div id="p1" class="js-tab-panel">First</div><div id="p2" class="js-tab-panel">Second</div></div>`;
    // Below the first screen: an item left closed closes at once there.
    const page =
      `<div style="height:2000px">Top</div>${item('plain', '<p id="not-a-panel">Text</p>')}${item('with-tabs', tabs)}` +
      `${item('with-target', '<p id="target">Here</p>')}${item('with-named', '<p><a name="legacy"></a>There</p>')}<div style="height:2000px"></div>`;
    const state = () => items(test.page).then((all) => all.map((s) => s.expanded));
    let test = await session.open('/__fixture/expand-address?tab=p2', { html: fixture(page) });
    await test.page.waitForFunction(() => document.querySelector('#plain .js-expand-trigger')!.getAttribute('aria-expanded') == 'false');
    expect(await state()).toEqual(['false', 'true', 'false', 'false']);
    expect(await test.page.$eval('#p2', (panel) => panel.checkVisibility())).toBe(true);
    test.assertClean();

    // ?tab= names a tab panel only (a CMS may use the parameter for something else).
    test = await session.open('/__fixture/expand-address?tab=not-a-panel', { html: fixture(page) });
    await test.page.waitForFunction(() => document.querySelector('#plain .js-expand-trigger')!.getAttribute('aria-expanded') == 'false');
    expect(await state()).toEqual(['false', 'false', 'false', 'false']);

    // The browser's jump shows #target (an id, or a legacy <a name>); once the visitor scrolls
    // away, it is still open.
    for (const [hash, expected] of [
      ['#target', ['false', 'false', 'true', 'false']],
      ['#legacy', ['false', 'false', 'false', 'true']],
    ] as const) {
      test = await session.open('/__fixture/expand-address' + hash, { html: fixture(page) });
      await test.page.waitForFunction(() => scrollY > 0);
      // The visitor's own scroll: a script's scrollTo() can be undone by the browser, which
      // keeps the fragment's target in view while the page is still loading.
      await test.page.mouse.move(400, 300);
      for (let i = 0; i < 50 && (await test.page.evaluate(() => scrollY > 0)); i++) await test.page.mouse.wheel({ deltaY: -2000 });
      await test.page.waitForFunction(() => document.querySelector('#with-tabs .js-expand-trigger')!.getAttribute('aria-expanded') == 'false');
      expect(await state()).toEqual(expected);
      test.assertClean();
    }
  });
});
