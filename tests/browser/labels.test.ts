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
    roles: [el.getAttribute('aria-roledescription'), el.querySelector('.js-carousel-slide')!.getAttribute('aria-roledescription')],
  }));

const labelChunks = (requests: string[]) =>
  requests.map((url) => new URL(url).pathname.split('/').pop()!).filter((file) => file.startsWith('labels-') && file.endsWith('.js')).map((file) => file.split('.')[0]);

describe('labels', () => {
  const session = useSession();

  it('English pages get the English labels from the feature chunks: no label request', async () => {
    const test = await session.open('/__fixture/labels-en', { html: fixture(CAROUSEL) });
    expect(await names(test.page)).toEqual({ carousel: 'Carousel', slide: '1 of 3', prev: 'Previous slide', roles: ['carousel', 'slide'] });
    expect(labelChunks(test.requests)).toEqual([]);
    test.assertClean();
  });

  for (const [lang, expected] of [
    ['de-AT', { carousel: 'Karussell', slide: '1 von 3', prev: 'Vorherige Folie', roles: ['Karussell', 'Folie'] }],
    ['fr', { carousel: 'Carrousel', slide: '1 sur 3', prev: 'Diapositive précédente', roles: ['carrousel', 'diapositive'] }],
    ['es', { carousel: 'Carrusel', slide: '1 de 3', prev: 'Diapositiva anterior', roles: ['carrusel', 'diapositiva'] }],
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
    expect(labelChunks(test.requests)).toEqual([]);
  });

  it('operators override labels in a JSON block and on the script tag (the tag wins); unknown keys warn', async () => {
    const head =
      '<script defer src="/Content/scripts/dist/veneer.js" data-label-previous-slide="Back" data-label-nope="x"></script>' +
      '<script type="application/json" id="veneer-labels">{"carousel": "Gallery <b>", "previousSlide": "Earlier", "__proto__": {"polluted": "yes"}, "slide": 5}</script>';
    const test = await session.open('/__fixture/labels-override', { html: fixture(CAROUSEL, head) });
    expect(await names(test.page)).toEqual({ carousel: 'Gallery <b>', slide: '1 of 3', prev: 'Back', roles: ['carousel', 'slide'] });
    expect(await test.page.evaluate(() => ({} as Record<string, unknown>).polluted)).toBeUndefined();
    expect(test.warnings.filter((text) => /label "(nope|slide)" is not a known label or not text/.test(text))).toHaveLength(2);
    // The whole English set, where the overrides are checked against every key.
    expect(labelChunks(test.requests)).toEqual(['labels-en']);
    test.assertClean();
  });

  it('an override on an English page without a labelled feature is still checked, and warns', async () => {
    const head = '<script defer src="/Content/scripts/dist/veneer.js" data-label-nope="x"></script>';
    const test = await session.open('/__fixture/labels-override-only', { html: fixture('<p>No widget.</p>', head) });
    // The page chunk asks for it without waiting: ready() does not wait for it.
    await expect.poll(() => test.warnings.some((text) => /label "nope" is not a known label/.test(text))).toBe(true);
    expect(labelChunks(test.requests)).toEqual(['labels-en']);
  });

  it('an English page whose labels-en chunk fails keeps each feature’s English labels, with a warning', async () => {
    const head = '<script defer src="/Content/scripts/dist/veneer.js" data-label-previous-slide="Back"></script>';
    const test = await session.open('/__fixture/labels-en-fail', {
      html: fixture(CAROUSEL, head),
      allowErrors: [/ChunkLoadError|Failed to load resource/],
      intercept: (url) => (url.includes('/labels-en.') ? 'abort' : undefined),
    });
    expect(await names(test.page)).toEqual({ carousel: 'Carousel', slide: '1 of 3', prev: 'Previous slide', roles: ['carousel', 'slide'] });
    expect(test.warnings.some((text) => text.includes('the en labels did not load; using English'))).toBe(true);
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

// Every feature's strings, in the page's language (issue 10): one fixture per language.
const FEATURES =
  '<div class="js-lightbox-gallery">' +
  [1, 2, 3].map((n) => `<a href="/media/images/gallery-${n}.svg" title="Bild ${n}">${n}</a>`).join('') +
  '</div>' +
  '<form class="js-validate" action="/forms/labels"><input id="name" name="name" required><input id="code" name="code" data-regex="[0-9]+"><button>Send</button></form>' +
  '<input class="js-datepicker" id="day" name="day">' +
  '<div class="js-rotator"><div class="js-rotator-item">one</div><div class="js-rotator-item">two</div></div>' +
  '<a class="js-share" href="https://www.linkedin.com/sharing/share-offsite/?url=x">Share</a>';

/** Submits the form with "abc" in the pattern field; returns the two fields' error messages. */
const formErrors = async (page: import('puppeteer').Page) => {
  await page.type('#code', 'abc');
  await page.$eval('form.js-validate', (form) => (form as HTMLFormElement).requestSubmit());
  return page.$$eval('#name, #code', (fields) =>
    fields.map((field) => (field.getAttribute('aria-describedby') || '').split(' ').map((id) => document.getElementById(id)?.textContent).join('')),
  );
};

const rotatorButton = (page: import('puppeteer').Page) => page.$eval('.veneer-rotator-toggle', (el) => el.textContent);

describe('labels of every feature', () => {
  const session = useSession();

  it('a German page: lightbox counter and buttons, form errors, date picker names, rotator Pause/Play', async () => {
    const test = await session.open('/__fixture/labels-de-features', { html: inLang('de', FEATURES) });
    const { page } = test;
    expect(await formErrors(page)).toEqual(['Dieses Feld ist erforderlich', 'Bitte verwenden Sie das verlangte Format']);

    expect(await page.$eval('.veneer-datepicker-button', (el) => el.getAttribute('aria-label'))).toBe('Datum wählen');
    await page.click('.veneer-datepicker-button');
    await page.waitForSelector('dialog.veneer-datepicker[open] table');
    expect(
      await page.$eval('dialog.veneer-datepicker', (dialog) => [dialog.getAttribute('aria-label'), ...[...dialog.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'))]),
    ).toEqual(['Datum wählen', 'Vorheriges Jahr', 'Vorheriger Monat', 'Nächster Monat', 'Nächstes Jahr']);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.querySelector('dialog.veneer-datepicker[open]'));
    expect(await page.$eval('.veneer-datepicker-button', (el) => el.getAttribute('aria-label'))).toMatch(/^Datum ändern, \S/);

    expect(await page.$eval('.js-rotator', (el) => [el.getAttribute('aria-label'), el.querySelector('.js-rotator-item')!.getAttribute('aria-label')])).toEqual(['Karussell', '1 von 2']);
    expect(await rotatorButton(page)).toBe('Folien anhalten');
    await page.click('.veneer-rotator-toggle');
    expect(await rotatorButton(page)).toBe('Folien abspielen');

    await page.click('.js-lightbox-gallery a');
    await page.waitForSelector('dialog.veneer-lightbox.is-open');
    expect(
      await page.$eval('dialog.veneer-lightbox', (dialog) => ({
        counter: dialog.querySelector('[aria-live]')!.textContent,
        buttons: [...dialog.querySelectorAll(':scope > button')].map((b) => [b.getAttribute('title'), b.getAttribute('aria-label')]),
      })),
    ).toEqual({
      counter: '1 von 3',
      buttons: [
        ['Zurück (Pfeiltaste links)', 'Zurück (Pfeiltaste links)'],
        ['Weiter (Pfeiltaste rechts)', 'Weiter (Pfeiltaste rechts)'],
        ['Schließen (Esc)', 'Schließen (Esc)'],
      ],
    });
    test.assertClean();
  });

  it('a French page: form errors, the share link new-window note, the rotator button', async () => {
    const test = await session.open('/__fixture/labels-fr-features', { html: inLang('fr', FEATURES) });
    expect(await formErrors(test.page)).toEqual(['Ce champ est obligatoire', 'Veuillez respecter le format demandé']);
    expect(await test.page.$eval('a.js-share', (el) => el.textContent)).toBe('Share (ouvre une nouvelle fenêtre)');
    expect(await rotatorButton(test.page)).toBe('Mettre le diaporama en pause');
    test.assertClean();
  });

  it('a Spanish page in save-data mode: the map button and the rotator button (Play)', async () => {
    const map = '<div class="js-map" data-lat="52.37" data-lng="4.89" data-zoom="12"><a href="https://www.openstreetmap.org/">Mapa</a></div>';
    const head = '<script defer src="/Content/scripts/dist/veneer.js" data-save-data="true"></script>';
    const test = await session.open('/__fixture/labels-es-features', { html: inLang('es', map + FEATURES, head) });
    expect(await test.page.$eval('.js-map button', (el) => el.textContent)).toBe('Mostrar el mapa interactivo');
    expect(await rotatorButton(test.page)).toBe('Reproducir diapositivas');
    test.assertClean();
  });

  it('a moved label is overridden by the JSON block (as text), the rest stay in the page language', async () => {
    const head = SCRIPT + '<script type="application/json" id="veneer-labels">{"rotatorPause": "Stopp <b>", "formsRequired": "Pflicht!"}</script>';
    const test = await session.open('/__fixture/labels-override-moved', { html: inLang('de', FEATURES, head) });
    expect(await rotatorButton(test.page)).toBe('Stopp <b>');
    expect(await test.page.$eval('.veneer-rotator-toggle', (el) => el.children.length)).toBe(0);
    expect(await formErrors(test.page)).toEqual(['Pflicht!', 'Bitte verwenden Sie das verlangte Format']);
    test.assertClean();
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

  const SAVING = '<script defer src="/Content/scripts/dist/veneer.js" data-save-data="true"></script>';

  it('save-data: rotators do not advance on their own (their button offers Play)', async () => {
    // Below the viewport (a rotator on screen at load keeps every item shown until used: no
    // jump), but within a screen of it: save-data mode holds hooks further down.
    const rotator = `<div style="height:1000px"></div><div class="js-rotator" data-interval="150"><div class="js-rotator-item">one</div><div class="js-rotator-item">two</div></div>`;
    for (const [head, moved] of [
      [SCRIPT, true],
      [SAVING, false],
    ] as const) {
      const test = await session.open(`/__fixture/rotator-save-${moved}`, { html: fixture(rotator, head) });
      // Counts the item changes over 700 ms (the items cycle, so a single look could miss them).
      const changes = await test.page.evaluate(async () => {
        let count = 0;
        new MutationObserver((records) => (count += records.length)).observe(document.querySelector('.js-rotator')!, {
          subtree: true,
          attributeFilter: ['aria-current'],
        });
        await new Promise((resolve) => setTimeout(resolve, 700));
        return count;
      });
      expect(changes > 0, head === SCRIPT ? 'control' : 'save-data').toBe(moved);
      if (!moved) expect(await test.page.$eval('.veneer-rotator-toggle', (el) => el.textContent)).toMatch(/^Play/);
      test.assertClean();
    }
  });

  it('save-data: a map in view waits for the visitor, a video marked play-on-load does not load the player', async () => {
    const map =
      '<div class="js-map" data-lat="52.37" data-lng="4.89" data-zoom="12" data-title="Office"><a href="https://www.openstreetmap.org/">Map</a></div>' +
      '<div class="video"><a class="js-video" href="https://www.youtube.com/watch?v=aaaaaaaaaaa" data-video-id="aaaaaaaaaaa" data-play-on-load="true">Play</a></div>';
    const test = await session.open('/__fixture/media-save', { html: fixture(map, SAVING) });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(test.requests.filter((url) => /openstreetmap|youtube/.test(url))).toEqual([]);
    expect(await test.page.$eval('.js-map', (el) => [el.getAttribute('data-enhanced'), !!el.querySelector('iframe'), !!el.querySelector('button')])).toEqual(['map', false, true]);
    test.assertClean();
  });

  it('save-data: the lightbox preloads no gallery image', async () => {
    const gallery =
      '<div class="js-lightbox-gallery">' +
      ['a', 'b', 'c'].map((name) => `<a href="/media/images/${name}.png?save">${name}</a>`).join('') +
      '</div>';
    const test = await session.open('/__fixture/gallery-save', { html: fixture(gallery, SAVING), allowErrors: [/404|Failed to load/] });
    await test.page.click('.js-lightbox-gallery a');
    await test.page.waitForSelector('dialog[open]');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(test.requests.filter((url) => url.includes('?save')).map((url) => new URL(url).pathname)).toEqual(['/media/images/a.png']);
  });

  it('data-debug logs every bus event on the console; without it, nothing', async () => {
    for (const [attribute, logged] of [
      [' data-debug', true],
      ['', false],
    ] as const) {
      const html = fixture('<p>debug</p>', `<script defer src="/Content/scripts/dist/veneer.js"${attribute}></script>`);
      const test = await session.open(`/__fixture/debug-${logged}`, { html });
      const lines: string[] = [];
      test.page.on('console', (message) => message.type() === 'debug' && lines.push(message.text()));
      await test.page.evaluate(() => window.veneer!.emit('/status', { message: 'hello' }));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lines.some((line) => line.startsWith('[veneer] bus /status')), attribute || 'no data-debug').toBe(logged);
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
