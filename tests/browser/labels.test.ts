// Labels in the page's language, operator overrides, save-data mode and the settings check,
// in Chromium against the production build (issue 10).
import { describe, expect, it } from 'vitest';
import { SCRIPT, fixture } from './helpers';
import { useSession } from './support';

const CAROUSEL = `<div class="js-carousel" data-total="3">
  <div class="slides"><div class="js-carousel-slide">A</div><div class="js-carousel-slide">B</div><div class="js-carousel-slide">C</div></div>
  <button class="js-carousel-prev"></button><button class="js-carousel-next"></button><span class="js-carousel-index">1</span>
</div>`;

const inLang = (lang: string, body: string, head = SCRIPT) => fixture(body, head).replace('<html lang="en">', `<html lang="${lang}">`);

const names = (page: import('puppeteer').Page) =>
  page.$eval('.js-carousel', (el) => ({
    carousel: el.getAttribute('aria-label'),
    slide: el.querySelector('.js-carousel-slide')!.getAttribute('aria-label'),
    prev: el.querySelector('.js-carousel-prev')!.getAttribute('aria-label'),
  }));

const labelChunks = (requests: string[]) =>
  requests.map((url) => new URL(url).pathname.split('/').pop()!).filter((file) => file.startsWith('labels-') && file.endsWith('.js')).map((file) => file.split('.')[0]);

describe('labels', () => {
  const session = useSession();

  it('English pages get the English set, from one chunk', async () => {
    const test = await session.open('/__fixture/labels-en', { html: fixture(CAROUSEL) });
    expect(await names(test.page)).toEqual({ carousel: 'Carousel', slide: '1 of 3', prev: 'Previous slide' });
    expect(labelChunks(test.requests)).toEqual(['labels-en']);
    test.assertClean();
  });

  for (const [lang, expected] of [
    ['de-AT', { carousel: 'Karussell', slide: '1 von 3', prev: 'Vorherige Folie' }],
    ['fr', { carousel: 'Carrousel', slide: '1 sur 3', prev: 'Diapositive précédente' }],
    ['es', { carousel: 'Carrusel', slide: '1 de 3', prev: 'Diapositiva anterior' }],
  ] as const)
    it(`<html lang="${lang}"> gets its own set, and only that chunk`, async () => {
      const test = await session.open(`/__fixture/labels-${lang}`, { html: inLang(lang, CAROUSEL) });
      expect(await names(test.page)).toEqual(expected);
      expect(labelChunks(test.requests)).toEqual([`labels-${lang.slice(0, 2)}`]);
      test.assertClean();
    });

  it('a language that does not ship falls back to English', async () => {
    const test = await session.open('/__fixture/labels-it', { html: inLang('it', CAROUSEL) });
    expect((await names(test.page)).prev).toBe('Previous slide');
    expect(labelChunks(test.requests)).toEqual(['labels-en']);
  });

  it('operators override labels in a JSON block and on the script tag (the tag wins); unknown keys warn', async () => {
    const head =
      '<script defer src="/Content/scripts/dist/veneer.js" data-label-previous-slide="Back" data-label-nope="x"></script>' +
      '<script type="application/json" id="veneer-labels">{"carousel": "Gallery <b>", "previousSlide": "Earlier", "__proto__": {"polluted": "yes"}, "slide": 5}</script>';
    const test = await session.open('/__fixture/labels-override', { html: fixture(CAROUSEL, head) });
    expect(await names(test.page)).toEqual({ carousel: 'Gallery <b>', slide: '1 of 3', prev: 'Back' });
    expect(await test.page.evaluate(() => ({} as Record<string, unknown>).polluted)).toBeUndefined();
    expect(test.warnings.filter((text) => /label "(nope|slide)" is not a known label or not text/.test(text))).toHaveLength(2);
    test.assertClean();
  });

  it('broken JSON in the block warns and keeps the set', async () => {
    const head = SCRIPT + '<script type="application/json" id="veneer-labels">{"carousel": </script>';
    const test = await session.open('/__fixture/labels-broken', { html: fixture(CAROUSEL, head) });
    expect((await names(test.page)).carousel).toBe('Carousel');
    expect(test.warnings.some((text) => text.includes('#veneer-labels is not valid JSON'))).toBe(true);
  });

  it('a label chunk that fails to load falls back to English, with a warning', async () => {
    const test = await session.open('/__fixture/labels-fail', {
      html: inLang('de', CAROUSEL),
      allowErrors: [/ChunkLoadError|Failed to load resource/],
      intercept: (url) => (url.includes('/labels-de.') ? 'abort' : undefined),
    });
    expect((await names(test.page)).prev).toBe('Previous slide');
    expect(test.warnings.some((text) => text.includes('the de labels did not load; using English'))).toBe(true);
  });
});

describe('save-data mode and settings', () => {
  const session = useSession();
  const APPEAR = '<div style="height:3000px">tall</div><div class="js-appear" id="far">far</div>';
  const hiddenFar = (page: import('puppeteer').Page) => page.$eval('#far', (el) => el.classList.contains('is-hidden'));

  it('outside save-data mode, an element far below waits hidden (control)', async () => {
    const test = await session.open('/__fixture/appear-normal', { html: fixture(APPEAR) });
    expect(await hiddenFar(test.page)).toBe(true);
  });

  it('data-save-data="true" on the script tag reveals scroll-appear content at once', async () => {
    const head = '<script defer src="/Content/scripts/dist/veneer.js" data-save-data="true"></script>';
    const test = await session.open('/__fixture/appear-save', { html: fixture(APPEAR, head) });
    expect(await hiddenFar(test.page)).toBe(false);
    test.assertClean();
  });

  it('a 2g connection (navigator.connection) is save-data mode; data-save-data="false" overrides it', async () => {
    const slow = () => Object.defineProperty(navigator, 'connection', { value: { saveData: false, effectiveType: '2g' } });
    for (const [setting, hidden] of [
      ['', false],
      [' data-save-data="false"', true],
    ] as const) {
      const html = fixture(APPEAR, `<script defer src="/Content/scripts/dist/veneer.js"${setting}></script>`);
      const test = await session.open(`/__fixture/appear-2g${hidden}`, { html, init: slow });
      expect(await hiddenFar(test.page), setting || 'auto').toBe(hidden);
      test.assertClean();
    }
  });

  it('warns about a bad data-save-data and uses auto', async () => {
    const head = '<script defer src="/Content/scripts/dist/veneer.js" data-save-data="maybe"></script>';
    const test = await session.open('/__fixture/save-bad', { html: fixture(APPEAR, head) });
    expect(test.warnings).toContain('[veneer] data-save-data="maybe" is not valid: using auto');
    expect(await hiddenFar(test.page)).toBe(true);
  });
});
