// Feature carousel (div.js-carousel) in Chromium, production build: the captured home page
// (4 slides, data-total="4") and fixtures for bad data-total values (bad-inputs row 21).
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers';
import { useSession, type TestPage } from './support';

interface CarouselState {
  index: string | null;
  /** Slides (0-based) that are not hidden and have a box. */
  shown: number[];
  /** Slides marked aria-current="true" and is-current. */
  current: number[];
  labels: (string | null)[];
}

function state(test: TestPage, root = '.js-carousel'): Promise<CarouselState> {
  return test.page.$eval(root, (el) => {
    const slides = [...el.querySelectorAll<HTMLElement>('.js-carousel-slide')];
    const indices = (keep: (slide: HTMLElement) => boolean) => slides.flatMap((slide, i) => (keep(slide) ? [i] : []));
    return {
      index: el.querySelector('.js-carousel-index')?.textContent ?? null,
      shown: indices((slide) => !slide.hidden && slide.getBoundingClientRect().height > 0),
      current: indices((slide) => slide.getAttribute('aria-current') === 'true' && slide.classList.contains('is-current')),
      labels: slides.map((slide) => slide.getAttribute('aria-label')),
    };
  });
}

const focused = (test: TestPage) =>
  test.page.evaluate(() => (document.activeElement as HTMLElement | null)?.className ?? null);

/**
 * Puts `markup` below the first viewport: a carousel on screen at load with stacked slides
 * keeps every slide visible until it is used or below the viewport (no jump,
 * docs/markup.md), and these tests check the state it settles in.
 */
const belowFold = (markup: string) => `<div style="height:150vh"></div>${markup}`;

/** Three slides with plain buttons, `total` as data-total (omitted when null). */
function carousel(total: string | null, slides = 3) {
  const attr = total === null ? '' : ` data-total="${total.replace(/"/g, '&quot;')}"`;
  const items = Array.from({ length: slides }, (_, i) => `<div class="js-carousel-slide">Slide ${i + 1}</div>`).join('');
  return `<div class="js-carousel"${attr}><div class="slides">${items}</div><button class="js-carousel-prev">Prev</button><span class="js-carousel-index">1</span><button class="js-carousel-next">Next</button></div>`;
}

describe('carousel', () => {
  const session = useSession();

  it('writes the roles and labels of docs/markup.md on the home page', async () => {
    const test = await session.open('/home/');
    const aria = await test.page.$eval('.js-carousel', (el) => {
      const wrapper = el.querySelector('.carousel-track')!;
      const display = el.querySelector('.js-carousel-index')!;
      const slides = [...el.querySelectorAll('.js-carousel-slide')];
      const buttons = [el.querySelector('.js-carousel-prev')!, el.querySelector('.js-carousel-next')!];
      return {
        enhanced: el.getAttribute('data-enhanced'),
        role: el.getAttribute('role'),
        roledescription: el.getAttribute('aria-roledescription'),
        label: el.getAttribute('aria-label'),
        slides: slides.map((s) => [s.getAttribute('role'), s.getAttribute('aria-roledescription')]),
        live: wrapper.getAttribute('aria-live'),
        controls: buttons.map((b) => b.getAttribute('aria-controls') === wrapper.id && wrapper.id !== ''),
        // The markup's own names are kept.
        buttonLabels: buttons.map((b) => b.getAttribute('aria-label')),
        displayHidden: display.getAttribute('aria-hidden'),
        // The visible number is not inside the live region (it would be read twice).
        displayInLive: wrapper.contains(display),
      };
    });
    expect(aria).toEqual({
      enhanced: 'carousel',
      role: 'region',
      roledescription: 'carousel',
      label: 'Carousel',
      slides: Array(4).fill(['group', 'slide']),
      live: 'polite',
      controls: [true, true],
      buttonLabels: ['Previous slide', 'Next slide'],
      // Outside the live region the number stays read ("Slide 1 of 4", not "Slide of 4").
      displayHidden: null,
      displayInLive: false,
    });
    expect(await state(test)).toEqual({
      index: '1',
      shown: [0],
      current: [0],
      labels: ['1 of 4', '2 of 4', '3 of 4', '4 of 4'],
    });
    test.assertClean();
  });

  it('exposes only the current slide: the others are hidden and their links not focusable', async () => {
    const test = await session.open('/home/');
    const hidden = await test.page.$$eval('.js-carousel-slide', (slides) =>
      slides.map((slide) => {
        const link = slide.querySelector('a')!;
        link.focus();
        return { hidden: slide.hasAttribute('hidden'), focusable: document.activeElement === link };
      }),
    );
    expect(hidden).toEqual([
      { hidden: false, focusable: true },
      { hidden: true, focusable: false },
      { hidden: true, focusable: false },
      { hidden: true, focusable: false },
    ]);
    // Tab from the current slide's link skips the hidden slides and reaches Previous.
    await test.page.focus('.js-carousel-slide a');
    await test.page.keyboard.press('Tab');
    expect(await focused(test)).toContain('js-carousel-prev');
    test.assertClean();
  });

  it('moves with next and previous, wraps both ways, and updates the index display', async () => {
    const test = await session.open('/home/');
    const seen: [string | null, number[]][] = [];
    for (let i = 0; i < 4; i++) {
      await test.page.click('.js-carousel-next');
      const s = await state(test);
      seen.push([s.index, s.shown]);
      expect(s.current).toEqual(s.shown);
    }
    // 2, 3, 4, then the last wraps to 1.
    expect(seen).toEqual([
      ['2', [1]],
      ['3', [2]],
      ['4', [3]],
      ['1', [0]],
    ]);
    await test.page.click('.js-carousel-prev');
    expect(await state(test)).toMatchObject({ index: '4', shown: [3], current: [3] });
    await test.page.click('.js-carousel-prev');
    expect(await state(test)).toMatchObject({ index: '3', shown: [2], current: [2] });
    // The labels do not change with the position.
    expect((await state(test)).labels).toEqual(['1 of 4', '2 of 4', '3 of 4', '4 of 4']);
    // The display's surrounding text is the page's own and stays.
    expect(await test.page.$eval('.carousel-count', (el) => el.textContent)).toBe('Slide 3 of 4');
    test.assertClean();
  });

  it('keeps focus on the button after a click, Enter and Space', async () => {
    const test = await session.open('/home/');
    await test.page.click('.js-carousel-next');
    expect(await focused(test)).toContain('js-carousel-next');
    await test.page.keyboard.press('Enter');
    expect((await state(test)).index).toBe('3');
    expect(await focused(test)).toContain('js-carousel-next');
    await test.page.keyboard.press('Space');
    expect((await state(test)).index).toBe('4');
    expect(await focused(test)).toContain('js-carousel-next');
    await test.page.focus('.js-carousel-prev');
    await test.page.keyboard.press('Space');
    await test.page.keyboard.press('Enter');
    expect(await state(test)).toMatchObject({ index: '2', shown: [1] });
    expect(await focused(test)).toContain('js-carousel-prev');
    test.assertClean();
  });

  it('buttons inside every slide: each pair works, and focus goes on to the same button in the slide shown', async () => {
    const slides = [1, 2, 3]
      .map((i) => `<div class="js-carousel-slide">Slide ${i}<button class="js-carousel-prev">Prev</button><button class="js-carousel-next">Next</button></div>`)
      .join('');
    const test = await session.open('/__fixture/carousel-slide-buttons', { html: fixture(belowFold(`<div class="js-carousel" data-total="3"><div class="track">${slides}</div></div>`)) });
    expect(await test.page.$$eval('.js-carousel button', (all) => all.map((button) => button.getAttribute('aria-controls')))).toEqual(Array(6).fill(expect.stringMatching(/^veneer-carousel/)));
    const inSlide = () => test.page.evaluate(() => [...document.querySelectorAll('.js-carousel-slide')].findIndex((slide) => slide.contains(document.activeElement)));
    await test.page.click('.js-carousel-slide:nth-child(1) .js-carousel-next');
    expect(await state(test)).toMatchObject({ shown: [1], current: [1] });
    expect([await focused(test), await inSlide()]).toEqual(['js-carousel-next', 1]);
    await test.page.keyboard.press('Enter');
    expect(await state(test)).toMatchObject({ shown: [2], current: [2] });
    expect([await focused(test), await inSlide()]).toEqual(['js-carousel-next', 2]);
    await test.page.click('.js-carousel-slide:nth-child(3) .js-carousel-prev');
    expect(await state(test)).toMatchObject({ shown: [1], current: [1] });
    expect([await focused(test), await inSlide()]).toEqual(['js-carousel-prev', 1]);
    test.assertClean();
  });

  it('captures no arrow keys, on the body or on its own buttons', async () => {
    const test = await session.open('/home/');
    await test.page.evaluate(() => {
      const w = window as unknown as { __prevented: string[] };
      w.__prevented = [];
      addEventListener('keydown', (event) => event.defaultPrevented && w.__prevented.push(event.key));
      (document.activeElement as HTMLElement | null)?.blur();
    });
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowLeft'] as const) await test.page.keyboard.press(key);
    expect(await state(test)).toMatchObject({ index: '1', shown: [0] });
    await test.page.focus('.js-carousel-next');
    for (const key of ['ArrowRight', 'ArrowLeft', 'ArrowLeft'] as const) await test.page.keyboard.press(key);
    expect(await state(test)).toMatchObject({ index: '1', shown: [0] });
    expect(await test.page.evaluate(() => (window as unknown as { __prevented: string[] }).__prevented)).toEqual([]);
    test.assertClean();
  });

  it.each(['9007199254740993', '1e308', '-1', 'NaN', '0x10', ''])(
    'data-total="%s" counts the 3 slides and warns naming data-total',
    async (total) => {
      const test = await session.open('/__fixture/carousel-total', { html: fixture(belowFold(carousel(total))) });
      expect(await state(test)).toEqual({ index: '1', shown: [0], current: [0], labels: ['1 of 3', '2 of 3', '3 of 3'] });
      for (let i = 0; i < 3; i++) await test.page.click('.js-carousel-next');
      expect(await state(test)).toMatchObject({ index: '1', shown: [0] });
      await test.page.click('.js-carousel-prev');
      expect(await state(test)).toMatchObject({ index: '3', shown: [2] });
      const named = test.warnings.filter((text) => text.startsWith('[veneer]') && text.includes(`data-total="${total}"`));
      expect(named).toHaveLength(1);
      test.assertClean();
    },
  );

  it('data-total missing or equal to the slides: no warning', async () => {
    const test = await session.open('/__fixture/carousel-total-ok', {
      html: fixture(`<div id="a">${carousel('3')}</div><div id="b">${carousel(null)}</div>`),
    });
    for (const root of ['#a .js-carousel', '#b .js-carousel'])
      expect((await state(test, root)).labels).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(test.warnings.filter((text) => text.startsWith('[veneer]'))).toEqual([]);
    test.assertClean();
  });

  it('data-total fewer than the slides cycles through that many and hides the rest, with a warning', async () => {
    const test = await session.open('/__fixture/carousel-total-fewer', { html: fixture(belowFold(carousel('2'))) });
    expect(await state(test)).toEqual({ index: '1', shown: [0], current: [0], labels: ['1 of 2', '2 of 2', null] });
    await test.page.click('.js-carousel-next');
    await test.page.click('.js-carousel-next');
    expect(await state(test)).toMatchObject({ index: '1', shown: [0] });
    await test.page.click('.js-carousel-prev');
    expect(await state(test)).toMatchObject({ index: '2', shown: [1] });
    expect(test.warnings.filter((text) => text.includes('data-total="2"'))).toHaveLength(1);
    test.assertClean();
  });

  it('starts at the slide the markup marks is-current or aria-current (any value but false), else at slide 1', async () => {
    // Each slide's markup after its class name: ' is-current' (a class), or '" aria-current="…' (an attribute).
    const marked = (id: string, extras: string[]) =>
      `<div class="js-carousel" id="${id}"><div class="slides">` +
      extras.map((extra, i) => `<div class="js-carousel-slide${extra}">Slide ${i + 1}</div>`).join('') +
      '</div><button class="js-carousel-prev">Prev</button><span class="js-carousel-index">1</span><button class="js-carousel-next">Next</button></div>';
    const html = fixture(
      belowFold(
        marked('c0', ['', ' is-current', '']) +
          marked('c1', ['', '', '" aria-current="step']) +
          marked('c2', ['', '" aria-current="false', '" aria-current="']),
      ),
    );
    const test = await session.open('/__fixture/carousel-marked', { html });
    const starts = [];
    for (const root of ['#c0', '#c1', '#c2']) starts.push(await state(test, root));
    expect(starts.map(({ index, shown, current }) => [index, shown, current])).toEqual([
      ['2', [1], [1]],
      ['3', [2], [2]],
      ['1', [0], [0]],
    ]);
    test.assertClean();
  });

  it('data-total="3" with no slides: warns and leaves the markup exactly as it was', async () => {
    const markup = carousel('3', 0);
    const test = await session.open('/__fixture/carousel-empty', { html: fixture(markup) });
    const same = await test.page.evaluate((html) => {
      const template = document.createElement('template');
      template.innerHTML = testHTML(html);
      return { now: document.querySelector('.js-carousel')!.outerHTML, sent: template.content.firstElementChild!.outerHTML };
    }, markup);
    expect(test.warnings.filter((text) => text.startsWith('[veneer] carousel: no .js-carousel-slide'))).toHaveLength(1);
    expect(same.now).toBe(same.sent);
    test.assertClean();
  });

  it('on screen at load: in a horizontal track the other slides hide at once (no height changes)', async () => {
    // The site CSS lays the slides in a horizontal track; #features-title is the carousel's heading.
    const test = await session.open('/home/#features-title');
    const box = await test.page.$eval('.js-carousel', (el) => [el.getBoundingClientRect().top, innerHeight]);
    expect(box[0]).toBeLessThan(box[1]);
    expect(await state(test)).toMatchObject({ index: '1', shown: [0], current: [0] });
    test.assertClean();
  });

  it('on screen at load with stacked slides: every slide shows until a button is used or the carousel is below the viewport', async () => {
    // Scrolled to the carousel before veneer runs, as a visitor landing on an anchor.
    const html = fixture(
      belowFold(`<div id="here">${carousel('3')}</div>`) +
        '<div style="height:200vh"></div><script>document.getElementById("here").scrollIntoView()</script>',
    );
    const test = await session.open('/__fixture/carousel-on-screen', { html });
    expect(await state(test)).toMatchObject({ index: '1', shown: [0, 1, 2], current: [0] });
    await test.page.evaluate(() => scrollTo(0, 0));
    await test.page.waitForFunction(() => document.querySelectorAll('.js-carousel-slide[hidden]').length === 2);
    expect(await state(test)).toMatchObject({ index: '1', shown: [0], current: [0] });
    test.assertClean();

    const used = await session.open('/__fixture/carousel-on-screen', { html });
    await used.page.click('.js-carousel-next');
    expect(await state(used)).toMatchObject({ index: '2', shown: [1], current: [1] });
    used.assertClean();
  });

  it('survives insert/remove storms: no set-up of detached carousels, each one torn down once (row 31)', async () => {
    const test = await session.open('/__fixture/carousel-storm', { html: fixture('<div id="host"></div>') });
    const result = await test.page.evaluate(async (markup) => {
      const veneer = (window as unknown as { veneer: { ready(): Promise<void> } }).veneer;
      let marks = 0;
      new MutationObserver((records) => (marks += records.length)).observe(document, {
        subtree: true,
        attributes: true,
        attributeFilter: ['data-enhanced'],
      });
      const host = document.getElementById('host')!;
      // 1,000 inserted and removed in one task: never set up.
      host.innerHTML = testHTML(markup.repeat(1000));
      host.replaceChildren();
      await veneer.ready();
      const afterFlash = marks;
      // 200 inserted, then removed in one task once enhanced: 200 set-ups, 200 teardowns.
      host.innerHTML = testHTML(markup.repeat(200));
      await veneer.ready();
      const all = [...host.children];
      const enhanced = all.filter((el) => el.getAttribute('data-enhanced') === 'carousel').length;
      host.replaceChildren();
      await veneer.ready();
      return {
        afterFlash,
        enhanced,
        marks,
        leftovers: all.filter((el) => el.matches('[data-enhanced],[role]') || el.querySelector('[role],[hidden],[aria-live]')).length,
      };
    }, carousel('3'));
    expect(result).toEqual({ afterFlash: 0, enhanced: 200, marks: 400, leftovers: 0 });
    test.assertClean();
  });

  it('tears down on removal (markup back as the CMS sent it) and enhances again on re-insertion', async () => {
    const test = await session.open('/home/');
    await test.page.click('.js-carousel-next');
    await test.page.click('.js-carousel-next');
    const result = await test.page.evaluate(async () => {
      const veneer = (window as unknown as { veneer: { ready(): Promise<void> } }).veneer;
      // The carousel as the CMS sent it: the same page without veneer.
      const source = await (await fetch('/home/?veneer=off')).text();
      const sent = new DOMParser().parseFromString(testHTML(source), 'text/html').querySelector('.js-carousel')!.outerHTML;
      const carousel = document.querySelector<HTMLElement>('.js-carousel')!;
      const parent = carousel.parentElement!;
      carousel.remove();
      await veneer.ready();
      const removed = carousel.outerHTML;
      const leftovers = carousel.querySelectorAll('[role],[aria-roledescription],[hidden],[aria-current],.is-current,[aria-live]').length;
      parent.append(carousel);
      await veneer.ready();
      return { sent, removed, leftovers, enhanced: carousel.getAttribute('data-enhanced') };
    });
    expect(result.leftovers).toBe(0);
    expect(result.removed).toBe(result.sent);
    expect(result.enhanced).toBe('carousel');
    expect(await state(test)).toEqual({ index: '1', shown: [0], current: [0], labels: ['1 of 4', '2 of 4', '3 of 4', '4 of 4'] });
    await test.page.click('.js-carousel-prev');
    expect(await state(test)).toMatchObject({ index: '4', shown: [3], current: [3] });
    await test.page.click('.js-carousel-next');
    await test.page.click('.js-carousel-next');
    expect(await state(test)).toMatchObject({ index: '2', shown: [1], current: [1] });
    test.assertClean();
  });
});
