// veneer's own UI in Windows High Contrast (forced-colors: active), at 400 % zoom (a 320×256
// CSS px viewport: WCAG 1.4.10 Reflow) and with the WCAG 1.4.12 text spacing overrides, in
// Chromium against the production build. Forced colours are emulated through CDP
// (puppeteer's emulateMediaFeatures refuses the feature); Chromium then really applies the
// forced palette: backgrounds become Canvas, box-shadows are dropped. Assertions are on
// computed styles and geometry, not pixels.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { capturedPage, colourContrasts } from './helpers';
import { filterModalReflow } from './scenarios';
import { useSession } from './support';

const ZOOM_400 = { width: 320, height: 256 };
// The WCAG text spacing bookmarklet's rules.
const SPACING = '<style>*{line-height:1.5!important;letter-spacing:.12em!important;word-spacing:.16em!important}p{margin-bottom:2em!important}</style>';
const spaced = (name: string) => capturedPage(name).replace('</head>', SPACING + '</head>');

async function forceColors(page: Page) {
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: 'active' }] });
  expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
}

/** The focused element's focus indicator that survives forced colours: its outline. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement!;
    const style = getComputedStyle(el);
    return { visible: el.matches(':focus-visible'), outline: style.outlineStyle != 'none' && parseFloat(style.outlineWidth) >= 1 };
  });

const DATE_INPUT = '#reg-consultation';
const DATE_DIALOG = 'dialog.veneer-datepicker';

/** Opens the /event/ page's date picker from the keyboard, with `value` typed in. */
async function openDatepicker(page: Page, value = '2026-06-15') {
  await page.$eval(DATE_INPUT, (input, v) => ((input as HTMLInputElement).value = v), value);
  await page.focus('.veneer-datepicker-button');
  await page.keyboard.press('Enter');
  await page.waitForSelector(DATE_DIALOG + '[open] td[tabindex="0"]');
}

describe('forced colours, reflow and text spacing of veneer UI', () => {
  const session = useSession();

  it('date picker in forced colours: the chosen day stands out from the others, and focus has an outline', async () => {
    const { page } = await session.open('/event/');
    await forceColors(page);
    await openDatepicker(page);
    // The chosen day's background against the dialog's (the other days have none: transparent).
    const cells = await page.$eval(DATE_DIALOG, (dialog) => {
      const style = getComputedStyle(dialog.querySelector('[aria-selected=true]')!);
      return { dialog: getComputedStyle(dialog).backgroundColor, selected: style.backgroundColor, text: style.color };
    });
    expect(cells.dialog).toMatch(/^rgb\(/);
    expect(cells.selected).not.toMatch(/, 0\)$/);
    expect(cells.selected).not.toBe(cells.dialog);
    expect(cells.text).not.toBe(cells.selected);
    // The day with focus (the chosen one, then the next), a month button, and the opening button.
    expect(await focusRing(page)).toEqual({ visible: true, outline: true });
    await page.keyboard.press('ArrowRight');
    expect(await focusRing(page)).toEqual({ visible: true, outline: true });
    await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    await page.keyboard.up('Shift');
    expect(await page.evaluate(() => document.activeElement!.localName)).toBe('button');
    expect(await focusRing(page)).toEqual({ visible: true, outline: true });
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement!.className)).toBe('veneer-datepicker-button');
    expect(await focusRing(page)).toEqual({ visible: true, outline: true });
  });

  for (const [name, html] of [['', undefined], [' with text spacing', spaced('event')]] as const)
    it(`date picker at 400 % zoom${name}: the whole month shows without scrolling sideways, weekdays named in full`, async () => {
      const { page } = await session.open('/event/', { viewport: ZOOM_400, html });
      await openDatepicker(page);
      const box = await page.$eval(DATE_DIALOG, (dialog) => {
        const right = dialog.getBoundingClientRect().right;
        return {
          sideways: dialog.scrollWidth - dialog.clientWidth,
          cut: [...dialog.querySelectorAll('th,td')].filter((cell) => cell.getBoundingClientRect().right > right).length,
          heads: [...dialog.querySelectorAll('th')].map((th) => th.getAttribute('aria-label')),
        };
      });
      expect(box).toEqual({ sideways: 0, cut: 0, heads: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] });
    });

  // The site's focus ring is a box-shadow (:focus-visible{outline:none;box-shadow:…}), which
  // forced colours drop: veneer's own buttons then showed no focus at all.
  for (const [path, control] of [
    ['/home/', '.veneer-rotator-toggle'],
    ['/home/', '.veneer-select-link-go'],
    ['/contact/', '.veneer-map-load'],
    ['/news/', '.veneer-table-scroll[tabindex="0"]'],
  ])
    it(`${control} in forced colours: focus shows an outline`, async () => {
      // The map loads by itself once in view (its button then goes), unless cookies were refused.
      const { page } = await session.open(path, { init: () => localStorage.setItem('veneer-permission-cookie', 'no') });
      await forceColors(page);
      await page.$eval(control.replace(/^\.veneer-map-load$/, '.js-map'), (el) => el.scrollIntoView());
      await page.waitForSelector(control);
      await page.$eval(control, (el) => (el as HTMLElement).focus({ focusVisible: true } as FocusOptions));
      expect(await page.evaluate((selector) => document.activeElement!.matches(selector), control)).toBe(true);
      expect(await focusRing(page)).toEqual({ visible: true, outline: true });
    });

  it("rotator pause button: its own light text on its dark background, not the site's inherited button colour", async () => {
    const { page } = await session.open('/home/');
    const ratios = (await colourContrasts(page, '.veneer-rotator-toggle')).map(({ contrast }) => contrast >= 4.5);
    expect(ratios).toEqual([true, true]);
  });

  it('tooltip in forced colours: its box has an edge (its dark background, the only one, becomes the Canvas of the text it covers)', async () => {
    const { page } = await session.open('/home/');
    await forceColors(page);
    await page.focus('.js-tooltip');
    await page.waitForSelector('.veneer-tooltip:popover-open');
    const edge = await page.$eval('.veneer-tooltip:popover-open', (tip) => {
      const style = getComputedStyle(tip);
      return { style: style.borderTopStyle, width: parseFloat(style.borderTopWidth) >= 1, colour: style.borderTopColor, text: style.color };
    });
    expect(edge).toEqual({ style: 'solid', width: true, colour: edge.text, text: edge.text });
  });

  it('tooltip at 400 % zoom with text spacing: 18 px inside the viewport, its text all shown', async () => {
    const { page } = await session.open('/home/', { viewport: ZOOM_400, html: spaced('home') });
    await page.focus('.js-tooltip');
    await page.waitForSelector('.veneer-tooltip:popover-open');
    const tip = await page.$eval('.veneer-tooltip:popover-open', (el) => {
      const box = el.getBoundingClientRect();
      const inside = box.left >= 18 && box.top >= 18 && box.right <= innerWidth - 18 && box.bottom <= innerHeight - 18;
      return { inside, clipped: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight };
    });
    expect(tip).toEqual({ inside: true, clipped: false });
  });

  it('lightbox at 400 % zoom in forced colours: its controls lie inside the viewport, apart, with text glyphs and a focus outline', async () => {
    const { page } = await session.open('/gallery/', { viewport: ZOOM_400, reducedMotion: true });
    await forceColors(page);
    await page.$eval('.js-lightbox-gallery a', (a) => (a as HTMLElement).click());
    await page.waitForSelector('dialog.veneer-lightbox .veneer-lightbox__close');
    const controls = await page.$$eval('dialog.veneer-lightbox button', (buttons) =>
      buttons.map((button) => {
        const box = button.getBoundingClientRect();
        return {
          inside: box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight,
          // What a point in its middle hits is the button itself (nothing lies over it).
          onTop: document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) == button,
          // A glyph in text, not a background image that forced colours would drop.
          glyph: !!button.textContent!.trim() && getComputedStyle(button).backgroundImage == 'none',
        };
      }),
    );
    expect(controls).toEqual(Array(3).fill({ inside: true, onTop: true, glyph: true }));
    // The close button has focus on opening.
    expect(await page.evaluate(() => document.activeElement!.className)).toBe('veneer-lightbox__close');
    await page.keyboard.press('Tab');
    await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    await page.keyboard.up('Shift');
    expect(await focusRing(page)).toEqual({ visible: true, outline: true });
  });

  it('lightbox at 400 % zoom: the image is as large as the popup\'s width or 60 % of the viewport\'s height lets it (80 px high before, the rest kept for the caption); the popup scrolls vertically only', async () => {
    const { page } = await session.open('/gallery/', { viewport: ZOOM_400, reducedMotion: true });
    await page.$eval('.js-lightbox-gallery a', (a) => (a as HTMLElement).click());
    await page.waitForSelector('dialog.veneer-lightbox.is-open:not(.is-busy) figure img');
    await page.waitForFunction(() => (document.querySelector('dialog.veneer-lightbox figure img') as HTMLImageElement).complete);
    const seen = await page.$eval('dialog.veneer-lightbox', (dialog) => {
      const image = dialog.querySelector('figure img')!.getBoundingClientRect();
      const style = getComputedStyle(dialog);
      const room = dialog.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return {
        bound: image.width >= room - 1 || image.height >= innerHeight * 0.6 - 1,
        height: Math.round(image.height),
        sideways: dialog.scrollWidth > dialog.clientWidth,
      };
    });
    expect(seen.bound).toBe(true);
    expect(seen.height).toBeGreaterThan(80);
    expect(seen.sideways).toBe(false);
  });

  it("lightbox in forced colours: its ground is an opaque Canvas over the whole viewport (translucent, the page behind showed through around the popup)", async () => {
    const { page } = await session.open('/gallery/');
    await forceColors(page);
    await page.$eval('.js-lightbox-gallery a', (a) => (a as HTMLElement).click());
    await page.waitForSelector('dialog.veneer-lightbox.is-open:not(.is-busy)');
    const ground = await page.$eval('dialog.veneer-lightbox', (dialog) => {
      // Canvas as the forced palette has it.
      const probe = document.body.appendChild(document.createElement('i'));
      probe.style.backgroundColor = 'Canvas';
      const canvas = getComputedStyle(probe).backgroundColor;
      probe.remove();
      const box = dialog.getBoundingClientRect();
      return { canvas, ground: getComputedStyle(dialog).backgroundColor, covers: box.left <= 0 && box.top <= 0 && box.right >= innerWidth && box.bottom >= innerHeight };
    });
    expect(ground.canvas).toMatch(/^rgb\(/);
    expect(ground).toEqual({ canvas: ground.canvas, ground: ground.canvas, covers: true });
  });

  it('anchor link at 400 % zoom, scrolling up (the sticky header shown): the focused target is not under the header', async () => {
    const { page } = await session.open('/home/', { viewport: ZOOM_400, reducedMotion: true });
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '#faq';
      link.id = 'to-faq';
      link.textContent = 'FAQ';
      document.querySelector('footer')!.append(link);
      scrollTo(0, document.documentElement.scrollHeight);
    });
    // One step per header check (every 250 ms, from the position the last check saw): down to
    // the end hides the header, 40 px up shows it. Both within one check would read as down.
    await page.waitForSelector('.js-header.is-hidden');
    await page.evaluate(() => scrollBy(0, -40));
    await page.waitForFunction(() => !document.querySelector('.js-header.is-hidden') && document.querySelector('.js-header')!.getBoundingClientRect().top == 0);
    await page.click('#to-faq');
    await page.waitForFunction(() => document.activeElement?.id == 'faq');
    // Settled: the header still shown (the link scrolled up) and the target where the scroll left it.
    await page.waitForFunction(() => document.querySelector('.js-header')!.getBoundingClientRect().top == 0, { timeout: 3000 });
    const seen = await page.evaluate(() => {
      const target = document.activeElement!.getBoundingClientRect();
      const header = document.querySelector('.js-header')!.getBoundingClientRect();
      return { below: target.top >= header.bottom, hit: !!document.elementFromPoint(target.left + 4, target.top + 4)?.closest('#faq') };
    });
    expect(seen).toEqual({ below: true, hit: true });
  });

  it('filter modal at 400 % zoom, with and without the border-box reset: the page is locked, so the dialog scrolls and its last control can be reached', () => filterModalReflow(session));
});
