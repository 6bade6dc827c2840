// Pages we have not seen (group C): many features together on one page, in German and in
// Arabic (right to left), as an independent author writes them from the contract
// (fixtures/unseen-c.html: a modal holding a validated form with dependent fields and a date
// picker, tabs in expand items and expand items in tabs, a list whose filter form is a filter
// modal and whose answers bring lightbox links, tooltips, calendar links and appear items, a
// gallery with an inline form, a popup on its timer, a page script on the bus;
// fixtures/unseen-c-ar.html), under the production build in Chromium.
import { readFileSync } from 'node:fs';
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { youtubeApi, youtubeEmbed } from '../../src/harness/stubs';
import { useSession, type OpenOptions, type Reply } from './support';

const page = readFileSync(new URL('./fixtures/unseen-c.html', import.meta.url), 'utf8');
const ar = readFileSync(new URL('./fixtures/unseen-c-ar.html', import.meta.url), 'utf8');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// A 1×1 PNG for the gallery's images.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
// The list's answer: new results holding a lightbox link, a tooltip, an add-to-calendar link and an appear item.
const RESULTS =
  '<div class="js-ajax-results" data-total="2"><h3>Termine in Berlin</h3><ul>' +
  '<li>Workshop <a class="js-lightbox" href="/img/eins.png" title="Saal">Saalplan</a> <span class="js-tooltip" data-tooltip="Barrierefrei">♿</span>' +
  ' <a class="js-add-to-calendar" href="/de/termine/workshop.ics" data-start="2026-04-01" data-title="Workshop">In den Kalender</a></li>' +
  '<li class="js-appear">Seminar</li></ul><a class="js-ajax-page" href="/de/termine/?ort=berlin&amp;seite=2">Seite 2</a></div>';
const respond = (url: string): Reply | undefined => {
  if (url === 'https://www.youtube.com/iframe_api') return youtubeApi();
  if (url.startsWith('https://www.youtube-nocookie.com/embed/')) {
    const { pathname, searchParams } = new URL(url);
    return youtubeEmbed(pathname.slice(7), searchParams);
  }
  if (url.includes('/img/')) return { contentType: 'image/png', body: PNG };
  if (url.includes('/de/termine/liste')) return { body: RESULTS };
  if (url.includes('/download-zip/')) return { status: 500, body: 'no' };
};
// The popup's cookie, for tests the popup's timer would interrupt; and none, for those about
// the popup (the browser keeps cookies from one test's page to the next).
const noPopup = () => void (document.cookie = 'popup-newsletter-popup=1; path=/');
const popup = () => void (document.cookie = 'popup-newsletter-popup=; path=/; max-age=0');
/** The focused element, named by its tag, id, class and text. */
const focused = (p: Page) =>
  p.evaluate(() => {
    const a = document.activeElement!;
    return `${a.localName}${a.id ? '#' + a.id : ''}${a.className ? '.' + a.className.split(' ')[0] : ''} ${(a.textContent || '').trim().slice(0, 20)}`.trim();
  });
const isOpen = (p: Page, id: string) => p.evaluate((id) => document.getElementById(id)!.classList.contains('is-open'), id);
const SMALL = { width: 600, height: 800 };

describe('unseen pages, group C', () => {
  const session = useSession();
  const open = (query = '', options: OpenOptions = {}) => session.open(`/__fixture/unseen-c/${query}`, { html: page, respond, ...options });

  it('the German page: every hook enhanced with the German labels, no warning, no layout shift', async () => {
    const test = await open('', {
      init: () => {
        const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = []);
        new PerformanceObserver((list) => list.getEntries().forEach((entry) => shifts.push((entry as unknown as { value: number }).value))).observe({ type: 'layout-shift', buffered: true });
        document.cookie = 'popup-newsletter-popup=1; path=/';
      },
    });
    const p = test.page;
    const hooks = await p.$$eval('.js-header,.js-nav,.js-search-toggle,.js-language-toggle,.js-carousel,.js-rotator,.js-video,.js-tabs,.js-expand,.js-tooltip,.js-ajax-list,.js-filter-modal,.js-modal,.js-popup-modal,.js-lightbox-gallery,.js-lightbox,form.js-validate,.js-datepicker,.js-delegate,.js-resource,.js-appear,.js-add-to-calendar,.js-back-to-top,.js-share', (all) =>
      all.filter((e) => !e.hasAttribute('data-enhanced')).map((e) => e.outerHTML.slice(0, 60)),
    );
    expect(hooks).toEqual([]);
    // Only the German set is asked for.
    expect(test.requests.filter((url) => /\/labels-/.test(url)).map((url) => url.split('/').pop()!.split('.')[0])).toEqual(['labels-de']);
    expect(await p.$eval('#karussell-1', (c) => [c.getAttribute('aria-roledescription'), c.getAttribute('aria-label')])).toEqual(['Karussell', 'Karussell']);
    expect(await p.$eval('.veneer-datepicker-button', (b) => b.getAttribute('aria-label'))).toBe('Datum wählen');
    expect(await p.$eval('.js-ajax-list [role=status]', (s) => s.textContent)).toBe('');
    await sleep(500);
    expect(await p.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });

  it('a modal (a child of <body>, beside the header) opened from a mega-menu of the open small-screen menu takes focus; the menu stays open under it, and focus comes back to the opener', async () => {
    const test = await open('', { viewport: SMALL, init: noPopup });
    const p = test.page;
    await p.click('.js-menu-toggle');
    await p.click('.js-nav-item:nth-child(2) .js-nav-trigger');
    await p.click('.js-megamenu [data-modal-open]');
    await p.waitForFunction(() => document.getElementById('kontakt')!.classList.contains('is-open'), { timeout: 3000 });
    await sleep(100);
    // The menu had made the modal inert: it took no focus (the body had it, typing went nowhere),
    // and the blur closed the menu under it.
    expect(await focused(p)).toBe('input#k-name');
    await p.keyboard.type('Otto');
    expect(await p.$eval('#k-name', (i) => (i as HTMLInputElement).value)).toBe('Otto');
    expect(await isOpen(p, 'hauptnavigation')).toBe(true);
    await p.keyboard.press('Escape');
    expect(await isOpen(p, 'kontakt')).toBe(false);
    expect(await focused(p)).toBe('a Kontakt');
    // Then Escape closes the open mega-menu, then the menu, and nothing stays inert.
    await p.keyboard.press('Escape');
    await p.keyboard.press('Escape');
    expect(await isOpen(p, 'hauptnavigation')).toBe(false);
    expect(await focused(p)).toBe('button.js-menu-toggle Menü');
    expect(await p.$$eval('[inert]', (all) => all.length)).toBe(0);
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });

  it('the popup modal, on its timer while the visitor types in the search panel: the panel stays open under it, and closing it gives focus back to the field, with the text', async () => {
    const test = await open('', { init: popup });
    const p = test.page;
    await p.click('.js-search-toggle');
    await p.waitForFunction(() => document.activeElement?.matches('.js-search-panel input'), { timeout: 2000 });
    await p.keyboard.type('Kabel');
    await p.waitForFunction(() => document.getElementById('newsletter-popup')!.classList.contains('is-open'), { timeout: 6000, polling: 50 });
    await sleep(100);
    expect(await p.evaluate(() => document.getElementById('newsletter-popup')!.contains(document.activeElement))).toBe(true);
    // The header went inert under the popup, which blurred the field: not the visitor leaving.
    expect(await p.$eval('.js-search-toggle', (b) => b.getAttribute('aria-expanded'))).toBe('true');
    await p.keyboard.press('Escape');
    expect(await isOpen(p, 'newsletter-popup')).toBe(false);
    // Focus is back in the field, which still shows (before: the panel had closed, and focus fell to the body).
    expect(await focused(p)).toBe('input');
    await p.keyboard.type('n');
    expect(await p.$eval('.js-search-panel input', (i) => (i as HTMLInputElement).value)).toBe('Kabeln');
    expect(await p.evaluate(() => document.cookie)).toContain('popup-newsletter-popup=1');
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });

  it('the popup modal, on its timer while the small-screen menu is open: it takes focus (the menu had made it inert), and closing it gives focus back in the menu', async () => {
    const test = await open('', { viewport: SMALL, init: popup });
    const p = test.page;
    await p.click('.js-menu-toggle');
    await p.click('.js-nav-trigger');
    await p.waitForFunction(() => document.getElementById('newsletter-popup')!.classList.contains('is-open'), { timeout: 6000, polling: 50 });
    await sleep(100);
    expect(await p.evaluate(() => document.getElementById('newsletter-popup')!.contains(document.activeElement))).toBe(true);
    await p.keyboard.type('a@b.de');
    expect(await p.$eval('#newsletter-popup input', (i) => (i as HTMLInputElement).value)).toBe('a@b.de');
    await p.keyboard.press('Escape');
    // Before: the menu had closed under the popup, and focus went back to its hidden trigger: the body.
    expect(await focused(p)).toBe('button.js-nav-trigger Produkte');
    expect(await isOpen(p, 'hauptnavigation')).toBe(true);
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });

  it('lightbox gallery: an arrow key on a control of the inline item moves on, and focus goes to the close button, not to the body; what was typed stays', async () => {
    const test = await open('', { init: noPopup });
    const p = test.page;
    await p.$eval('.js-lightbox-gallery', (g) => g.scrollIntoView({ block: 'center' }));
    await p.click('.js-lightbox-gallery a[data-lightbox-type=inline]');
    await p.waitForSelector('dialog.veneer-lightbox.is-open', { timeout: 3000 });
    expect(await p.$$eval('dialog.veneer-lightbox > button', (all) => all.map((b) => b.getAttribute('aria-label')))).toEqual([
      'Zurück (Pfeiltaste links)',
      'Weiter (Pfeiltaste rechts)',
      'Schließen (Esc)',
    ]);
    expect(await p.$eval('dialog.veneer-lightbox [aria-live]', (c) => c.textContent)).toBe('3 von 3');
    await p.type('#anfrage-name', 'Bert');
    // In the field, arrows are the field's.
    await p.keyboard.press('ArrowLeft');
    expect(await p.$eval('dialog.veneer-lightbox [aria-live]', (c) => c.textContent)).toBe('3 von 3');
    // The date picker inside: Escape closes it alone, focus back on its button.
    await p.click('#anfrage-inline .veneer-datepicker-button');
    await p.waitForSelector('dialog.veneer-datepicker[open]', { timeout: 3000 });
    await p.keyboard.press('Escape');
    await p.waitForFunction(() => !document.querySelector('dialog.veneer-datepicker'), { timeout: 3000 });
    expect(await p.$$eval('dialog', (all) => all.map((d) => d.className))).toEqual(['veneer-lightbox is-open']);
    expect(await focused(p)).toMatch(/^button\.veneer-datepicker-button/);
    // On that button, ArrowRight moves the gallery on: the inline item (and the button) leave.
    await p.keyboard.press('ArrowRight');
    await p.waitForFunction(() => document.querySelector('dialog.veneer-lightbox [aria-live]')!.textContent == '1 von 3', { timeout: 3000 });
    expect(await focused(p)).toBe('button.veneer-lightbox__close ×');
    await p.keyboard.press('Escape');
    expect(await focused(p)).toBe('a Anfrage');
    expect(await p.$eval('#anfrage-inline', (d) => [(d as HTMLElement).hidden, (d.querySelector('#anfrage-name') as HTMLInputElement).value])).toEqual([true, 'Bert']);
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });

  it('tabs: landing on #kabel (in the second panel, inside an expand item) shows that panel and opens the item', async () => {
    const test = await open('#kabel', { init: noPopup });
    const p = test.page;
    await sleep(300);
    expect(await p.$$eval('#produkt-tabs .js-tab', (all) => all.map((t) => t.getAttribute('aria-selected')))).toEqual(['false', 'true']);
    expect(await isOpen(p, 'zubehoer-mehr')).toBe(true);
    // Below the header, as the anchor chunk keeps it.
    expect(await p.evaluate(() => Math.round(document.getElementById('kabel')!.getBoundingClientRect().top - document.querySelector('.js-header')!.getBoundingClientRect().bottom))).toBeGreaterThanOrEqual(-1);
    // Its tab is the current one (before: the first, "Technik", while the visitor read "Zubehör").
    expect(await p.$$eval('#produkt-tabs .js-tab', (all) => all.map((t) => t.classList.contains('is-current')))).toEqual([false, true]);
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });

  it('?tab= and #hash together with nested widgets: ?tab=ausland opens the FAQ item holding it; ?tab=zubehoer#kabel', async () => {
    const test = await open('?tab=ausland', { init: noPopup });
    const p = test.page;
    expect(await isOpen(p, 'frage-1')).toBe(true);
    expect(await isOpen(p, 'frage-2')).toBe(false);
    expect(await p.$$eval('#liefer-tabs .js-tab-panel', (all) => all.map((panel) => panel.hasAttribute('hidden')))).toEqual([true, false]);
    const second = await open('?tab=zubehoer#kabel', { init: noPopup });
    await sleep(300);
    expect(await second.page.$$eval('#produkt-tabs .js-tab', (all) => all.map((t) => t.getAttribute('aria-selected')))).toEqual(['false', 'true']);
    expect(await isOpen(second.page, 'zubehoer-mehr')).toBe(true);
    test.assertClean();
    second.assertClean();
  });

  it('a modal with a validated form: German messages, dependent fields, a date picker inside; Escape closes the picker, then the modal; focus never on the body', async () => {
    const test = await open('', { init: noPopup });
    const p = test.page;
    await p.click('main [data-modal-open="kontakt"]');
    await p.waitForFunction(() => document.getElementById('kontakt')!.classList.contains('is-open'), { timeout: 3000 });
    expect(await focused(p)).toBe('input#k-name');
    await p.click('#kontakt button[type=submit]');
    // The hidden group's required field is not checked.
    expect(await p.$$eval('#kontakt .veneer-error', (all) => all.map((e) => e.textContent))).toEqual([
      'Dieses Feld ist erforderlich',
      'Dieses Feld ist erforderlich',
      'Bitte mindestens einen Kanal wählen',
    ]);
    expect(await focused(p)).toBe('input#k-name');
    await p.type('#k-name', 'Anna');
    await p.type('#k-mail', 'anna@beispiel');
    expect(await p.$$eval('#kontakt .veneer-error', (all) => all.map((e) => e.textContent))).toContain('Bitte eine gültige E-Mail-Adresse');
    await p.select('#k-thema', 'termin');
    expect(await p.$$eval('.js-delegate-group', (all) => all.map((g) => (g as HTMLElement).hidden))).toEqual([false, true]);
    await p.click('.js-delegate-group .veneer-datepicker-button');
    await p.waitForSelector('dialog.veneer-datepicker[open]', { timeout: 3000 });
    await p.keyboard.press('Enter');
    expect(await p.$eval('#k-datum', (i) => (i as HTMLInputElement).value)).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(await p.$eval('[data-delegate-holder]', (i) => (i as HTMLInputElement).value)).toBe(await p.$eval('#k-datum', (i) => (i as HTMLInputElement).value));
    expect(await focused(p)).toMatch(/^button\.veneer-datepicker-button/);
    await p.click('.js-delegate-group .veneer-datepicker-button');
    await p.waitForSelector('dialog.veneer-datepicker[open]', { timeout: 3000 });
    await p.keyboard.press('Escape');
    expect(await isOpen(p, 'kontakt')).toBe(true);
    expect(await focused(p)).toMatch(/^button\.veneer-datepicker-button/);
    await p.keyboard.press('Escape');
    expect(await isOpen(p, 'kontakt')).toBe(false);
    expect(await focused(p)).toBe('button Kontakt');
    // Reopened, what the visitor typed is there.
    await p.click('main [data-modal-open="kontakt"]');
    await p.waitForFunction(() => document.getElementById('kontakt')!.classList.contains('is-open'), { timeout: 3000 });
    expect(await p.$eval('#k-name', (i) => (i as HTMLInputElement).value)).toBe('Anna');
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });

  it('a validated form in a modal, submitted with errors while the page behind is scrolled: the page keeps its place (before: it scrolled behind the modal), focus on the field, back on the opener at closing', async () => {
    const test = await open('', { viewport: { width: 1280, height: 500 }, init: noPopup });
    const p = test.page;
    // The opener stays in view (focus goes back to it at closing).
    await p.evaluate(() => scrollTo(0, 100));
    await sleep(300);
    await p.click('main [data-modal-open="kontakt"]');
    await p.waitForFunction(() => document.getElementById('kontakt')!.classList.contains('is-open'), { timeout: 3000 });
    await p.focus('#k-mail');
    await p.keyboard.press('Enter');
    await sleep(700);
    expect(await p.evaluate(() => scrollY)).toBe(100);
    expect(await focused(p)).toBe('input#k-name');
    // The field shows in the dialog.
    expect(await p.$eval('#k-name', (i) => i.getBoundingClientRect().top >= 0 && i.getBoundingClientRect().bottom <= innerHeight)).toBe(true);
    await p.keyboard.press('Escape');
    expect(await focused(p)).toBe('button Kontakt');
    expect(await p.evaluate(() => scrollY)).toBe(100);
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });

  it('a list whose filter form is a filter modal on a small screen: results come in with the modal open, focus stays in the form; the new lightbox link, tooltip and calendar link work', async () => {
    const test = await open('', { viewport: SMALL, init: noPopup });
    const p = test.page;
    await p.$eval('#termine', (s) => s.scrollIntoView());
    await p.click('.filter-auf');
    await p.waitForFunction(() => document.getElementById('terminfilter')!.classList.contains('is-open'), { timeout: 3000 });
    await p.select('#terminfilter select', 'berlin');
    await p.waitForFunction(() => document.querySelector('.js-ajax-results h3')!.textContent!.includes('Berlin'), { timeout: 5000 });
    expect(await isOpen(p, 'terminfilter')).toBe(true);
    expect(await focused(p)).toBe('select AlleBerlinWien');
    expect(await p.evaluate(() => location.search)).toBe('?ort=berlin&q=');
    // The count is announced from inside the open dialog (the rest of the list is inert).
    expect(await p.$eval('.js-ajax-list [role=status]', (s) => [s.closest('#terminfilter') != null, s.textContent])).toEqual([true, '2 Ergebnisse']);
    expect(await p.$$eval('.js-ajax-results [class*="js-"]:not(.js-ajax-page)', (all) => all.map((e) => e.getAttribute('data-enhanced')))).toEqual(['lightbox', 'tooltip', 'add-to-calendar', 'appear']);
    await p.click('#terminfilter .js-modal-close');
    expect(await focused(p)).toBe('a.filter-auf Filter');
    await p.click('.js-ajax-results a.js-lightbox');
    await p.waitForSelector('dialog.veneer-lightbox.is-open', { timeout: 3000 });
    await p.keyboard.press('Escape');
    expect(await focused(p)).toBe('a.js-lightbox Saalplan');
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });

  it('the filter modal: narrowed (under 1024 px) while the visitor fills in its inline panel, it hides, and focus goes to its trigger (before: to the body); what was typed is there when it opens', async () => {
    const test = await open('', { init: noPopup });
    const p = test.page;
    await p.$eval('#termine', (s) => s.scrollIntoView());
    // Wide: the inline panel, no dialog.
    await p.focus('#terminfilter input[name=q]');
    await p.keyboard.type('Messe');
    await p.setViewport(SMALL);
    await p.waitForFunction(() => document.getElementById('terminfilter')!.hasAttribute('hidden'), { timeout: 3000 });
    expect(await focused(p)).toBe('a.filter-auf Filter');
    await p.keyboard.press('Enter');
    await p.waitForFunction(() => document.getElementById('terminfilter')!.classList.contains('is-open'), { timeout: 3000 });
    expect(await p.$eval('#terminfilter input[name=q]', (i) => (i as HTMLInputElement).value)).toBe('Messe');
    await p.keyboard.press('Escape');
    expect(await focused(p)).toBe('a.filter-auf Filter');
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });

  it('a page script on the bus: /window/resize, /status of a failed download (shown by the page), /video/pauseRotator and /video/playing through veneer.emit', async () => {
    const test = await open('', { init: noPopup, allowErrors: [/status of 500/] });
    const p = test.page;
    await p.setViewport({ width: 1000, height: 800 });
    await sleep(400);
    await p.$eval('.js-resource', (r) => r.scrollIntoView({ block: 'center' }));
    await p.click('.js-resource-file');
    await p.click('.js-resource-download');
    await p.waitForFunction(() => document.getElementById('statuszeile')!.textContent == 'Download fehlgeschlagen.', { timeout: 3000 });
    expect(await focused(p)).toBe('button.js-resource-download Herunterladen');
    await p.evaluate(() => {
      const bus = (window as unknown as { veneer: { emit(topic: string, data: unknown): void } }).veneer;
      bus.emit('/video/pauseRotator', { playerId: 'p1' });
      bus.emit('/video/playing', { videoId: 'v1' });
    });
    const log = await p.evaluate(() => (window as unknown as { busLog: [string, unknown][] }).busLog);
    expect(log.map(([topic]) => topic)).toEqual(expect.arrayContaining(['/window/resize', '/status', '/video/pauseRotator', '/video/playing']));
    expect(log).toContainEqual(['/status', 'Download fehlgeschlagen.']);
    expect(test.warnings).toEqual([expect.stringContaining('[veneer] resource: the zip download failed')]);
    test.assertClean();
  });

  it('life cycle: tabs removed and put back, a carousel moved, one inserted later, the open modal removed while its date picker is open', async () => {
    const test = await open('', { init: noPopup });
    const p = test.page;
    await p.evaluate(() => {
      const tabs = document.getElementById('produkt-tabs')!;
      (window as unknown as { saved: Element }).saved = tabs;
      tabs.remove();
    });
    await sleep(100);
    // Torn down: nothing veneer wrote stays on the removed block.
    expect(await p.evaluate(() => (window as unknown as { saved: Element }).saved.querySelectorAll('[role],[aria-selected],[hidden],[data-enhanced]').length)).toBe(0);
    await p.evaluate(() => document.getElementById('faq')!.before((window as unknown as { saved: Element }).saved));
    await p.evaluate(() => (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready());
    expect(await p.$eval('#produkt-tabs', (t) => [t.getAttribute('data-enhanced'), t.querySelectorAll('[role=tab]').length, t.querySelectorAll('.js-expand[data-enhanced]').length])).toEqual(['tabs', 2, 2]);
    await p.click('#karussell-1 .js-carousel-next');
    await p.evaluate(() => document.getElementById('faq')!.append(document.getElementById('karussell-1')!));
    await p.evaluate(() => {
      const box = document.createElement('div');
      box.innerHTML = testHTML('<div class="js-carousel" data-total="2"><div class="js-carousel-slide">X</div><div class="js-carousel-slide">Y</div><button class="js-carousel-prev">P</button><button class="js-carousel-next">N</button></div>');
      document.getElementById('faq')!.append(box);
    });
    await p.evaluate(() => (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready());
    expect(await p.$eval('#karussell-1 .js-carousel-index', (i) => i.textContent)).toBe('2');
    expect(await p.$$eval('.js-carousel', (all) => all.map((c) => c.getAttribute('aria-label')).sort())).toEqual(['Karussell', 'Karussell (2)', 'Karussell (3)']);
    await p.click('main [data-modal-open="kontakt"]');
    await p.waitForFunction(() => document.getElementById('kontakt')!.classList.contains('is-open'), { timeout: 3000 });
    await p.select('#k-thema', 'termin');
    await p.click('.js-delegate-group .veneer-datepicker-button');
    await p.waitForSelector('dialog.veneer-datepicker[open]', { timeout: 3000 });
    await p.evaluate(() => document.getElementById('kontakt')!.remove());
    await sleep(100);
    expect(await p.$$eval('dialog', (all) => all.length)).toBe(0);
    expect(await p.$$eval('[inert]', (all) => all.length)).toBe(0);
    expect(await focused(p)).toBe('button Kontakt');
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });

  it('the Arabic page (right to left, no Arabic set: English): carousel, tabs, lightbox arrows swapped, a date picker in a modal, a tooltip 18 px inside the edge', async () => {
    const test = await session.open('/__fixture/unseen-c-ar/', { html: ar, respond });
    const p = test.page;
    expect(test.requests.filter((url) => /\/labels-/.test(url))).toEqual([]);
    await p.focus('.js-tooltip');
    await p.waitForFunction(() => !(document.querySelector('.veneer-tooltip') as HTMLElement).hidden, { timeout: 2000 });
    expect(await p.evaluate(() => Math.round(document.documentElement.clientWidth - document.querySelector('.veneer-tooltip')!.getBoundingClientRect().right))).toBeGreaterThanOrEqual(18);
    await p.keyboard.press('Escape');
    await p.click('.js-carousel-prev');
    expect(await p.$eval('.js-carousel-index', (i) => i.textContent)).toBe('3');
    await p.$eval('.js-tabs', (t) => t.scrollIntoView({ block: 'center' }));
    await p.focus('.js-tab');
    await p.keyboard.press('ArrowLeft');
    await p.keyboard.press('Enter');
    expect(await p.evaluate(() => location.search)).toBe('?tab=ba');
    await p.$eval('.js-lightbox-gallery', (g) => g.scrollIntoView({ block: 'center' }));
    await p.click('.js-lightbox-gallery a');
    await p.waitForSelector('dialog.veneer-lightbox.is-open', { timeout: 3000 });
    expect(await p.$$eval('dialog.veneer-lightbox > button', (all) => all.map((b) => b.getAttribute('aria-label')))).toEqual(['Previous (Right arrow key)', 'Next (Left arrow key)', 'Close (Esc)']);
    await p.keyboard.press('ArrowLeft');
    await p.waitForFunction(() => document.querySelector('dialog.veneer-lightbox [aria-live]')!.textContent == '2 of 3', { timeout: 3000 });
    await p.keyboard.press('Escape');
    expect(await focused(p)).toBe('a ١');
    await p.click('[data-modal-open=mawid]');
    await p.waitForFunction(() => document.getElementById('mawid')!.classList.contains('is-open'), { timeout: 3000 });
    await p.keyboard.press('Enter');
    expect(await p.$$eval('.veneer-error', (all) => all.map((e) => e.textContent))).toEqual(['This field is required']);
    await p.click('.veneer-datepicker-button');
    await p.waitForSelector('dialog.veneer-datepicker[open]', { timeout: 3000 });
    // Right to left, ArrowLeft is the next day (the picker opens on today).
    await p.keyboard.press('ArrowLeft');
    await p.keyboard.press('Enter');
    expect(await p.$eval('#t', (i) => (i as HTMLInputElement).value)).toBe(await p.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + 1);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    }));
    expect(await p.$$eval('.veneer-error', (all) => all.length)).toBe(0);
    await p.keyboard.press('Escape');
    expect(await focused(p)).toBe('button موعد');
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });

  it('the Arabic page: the rotator\'s Pause button lies over the end corner (top left), not over the start of the item\'s text (top right)', async () => {
    const test = await session.open('/__fixture/unseen-c-ar/', { html: ar, respond });
    const p = test.page;
    await p.$eval('#iqtibasat', (r) => r.scrollIntoView({ block: 'center' }));
    const [button, text, rotator] = await p.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('#iqtibasat .js-rotator-item')!);
      return [document.querySelector('#iqtibasat .veneer-rotator-toggle')!, range, document.getElementById('iqtibasat')!].map((each) => {
        const { left, right } = each.getBoundingClientRect();
        return [Math.round(left), Math.round(right)];
      });
    });
    // Right to left the text starts at the right: the button is at the left, clear of it.
    expect(button[1] < text[0] || button[0] > text[1]).toBe(true);
    expect(button[0] - rotator[0]).toBeLessThan(20);
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });
});
