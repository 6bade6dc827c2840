// Pages we had not seen (group B): two fixture pages written as an independent author would
// from the contract's rows (tests/browser/fixtures/unseen-b*.html: other element orders, extra
// classes and wrappers, several instances, optional parameters missing, hooks inside a popup and
// inside lightbox content), and small pages for the shapes they led to. Chromium against the
// production build.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { youtubeApi, youtubeEmbed } from '../../src/harness/stubs';
import { fixture, marks } from './helpers';
import { useSession, type Reply } from './support';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const read = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
const FORMS_PAGE = read('unseen-b.html');
const MEDIA_PAGE = read('unseen-b-media.html');

/** YouTube's and OpenStreetMap's addresses, answered by the harness's stand-ins. */
function thirdParty(url: string): Reply | undefined {
  const { hostname, pathname, searchParams } = new URL(url);
  if (url === 'https://www.youtube.com/iframe_api') return youtubeApi();
  if (/^www\.youtube(-nocookie)?\.com$/.test(hostname) && pathname.startsWith('/embed/')) return youtubeEmbed(pathname.slice(7), searchParams);
  if (hostname == 'www.openstreetmap.org') return { body: '<!doctype html><title>map</title>' };
}

// A page script as the legacy ones: what the bus carries to analytics, heard from DOMContentLoaded.
const LISTEN =
  '<script>window.events = []; document.addEventListener("DOMContentLoaded", function () { veneer.on("/analytics/event", function (e) { events.push([e.action, e.label].join(" ")); }); });</script>';
const events = (page: Page) => page.evaluate(() => (window as unknown as { events: string[] }).events);

describe('unseen pages (group B)', () => {
  const session = useSession();
  let n = 0;
  const url = (query = '') => `/__fixture/unseen-b-${++n}${query}`;

  it('dependent fields: restored from the query; a secondary <select> is reset to its default choice when its group is shown, not left with none', async () => {
    const test = await session.open(url('?topic=service&detail=SN-1234'), { html: FORMS_PAGE });
    const p = test.page;
    const state = () =>
      p.evaluate(() => ({
        topic: (document.getElementById('c-topic') as HTMLSelectElement).value,
        enabled: [...document.querySelectorAll('.js-delegate-group')].filter((g) => !g.querySelector<HTMLInputElement>('input,select,textarea')!.disabled).map((g) => g.getAttribute('data-delegate-value')),
        product: [(document.getElementById('c-product') as HTMLSelectElement).selectedIndex, (document.getElementById('c-product') as HTMLSelectElement).value],
        serial: (document.getElementById('c-serial') as HTMLInputElement).value,
        holder: document.querySelector<HTMLInputElement>('[data-delegate-holder]')!.value,
      }));
    expect(await state()).toEqual({ topic: 'service', enabled: ['service'], product: [1, 'ns-500'], serial: 'SN-1234', holder: 'SN-1234' });
    await p.select('#c-topic', 'product');
    // Shown with the choice the CMS marked (NS-500), as without script; never a select showing nothing.
    expect(await state()).toEqual({ topic: 'product', enabled: ['product'], product: [1, 'ns-500'], serial: 'SN-1234', holder: '' });
    await p.select('#c-product', 'ns-400');
    expect((await state()).holder).toBe('ns-400');
    await p.select('#c-topic', 'service');
    expect(await state()).toEqual({ topic: 'service', enabled: ['service'], product: [0, 'ns-400'], serial: '', holder: '' });
    await p.select('#c-topic', 'product');
    expect((await state()).product).toEqual([1, 'ns-500']);
    // A select whose own "nothing chosen" option exists goes to it; a list box (multiple) is emptied.
    await p.evaluate(() => {
      const group = document.querySelector('.js-delegate-group[data-delegate-value=other]')!;
      group.insertAdjacentHTML(
        'beforeend',
        testHTML('<select name="size"><option value="s">S</option><option value="">Any</option><option value="l" selected>L</option></select><select name="colour"><option>red</option><option>blue</option></select><select name="extras" multiple><option selected>a</option><option selected>b</option></select>'),
      );
    });
    const other = () =>
      p.evaluate(() => [
        (document.querySelector('[name=size]') as HTMLSelectElement).value,
        (document.querySelector('[name=colour]') as HTMLSelectElement).value,
        [...(document.querySelector('[name=extras]') as HTMLSelectElement).selectedOptions].length,
      ]);
    await p.select('#c-topic', 'other');
    expect(await other()).toEqual(['', 'red', 0]);
    await p.select('[name=colour]', 'blue');
    await p.select('[name=size]', 'l');
    await p.select('#c-topic', 'product');
    await p.select('#c-topic', 'other');
    expect(await other()).toEqual(['', 'red', 0]);
    test.assertClean();
  });

  it('video: two players (a thumbnail link with its size, a bare text link); fullscreen through the allow list alone, so Chromium logs no warning', async () => {
    const test = await session.open(url(), { html: MEDIA_PAGE, respond: thirdParty });
    const p = test.page;
    expect(await marks(p, '.js-video')).toEqual(['video', 'video']);
    await p.click('.js-video img');
    await p.waitForSelector('iframe#veneer-video-1', { timeout: 5000 });
    await p.click('a.js-video[data-video-id=bbbbbbbbbbb]');
    await p.waitForFunction(() => document.querySelectorAll('iframe[id^=veneer-video]').length == 2, { timeout: 5000 });
    await sleep(300);
    const frames = await p.$$eval('iframe[id^=veneer-video]', (all) =>
      all.map((f) => [new URL(f.src).pathname, new URL(f.src).searchParams.get('autoplay'), f.width, f.height, f.title, f.allow, f.hasAttribute('allowfullscreen')]),
    );
    expect(frames).toEqual([
      ['/embed/aaaaaaaaaaa', '1', '560', '315', 'Product film', 'autoplay; encrypted-media; picture-in-picture; fullscreen', false],
      ['/embed/bbbbbbbbbbb', '0', '640', '360', 'Watch the service film', 'autoplay; encrypted-media; picture-in-picture; fullscreen', false],
    ]);
    // "Allow attribute will take precedence over 'allowfullscreen'." for each player, before.
    expect(test.warnings).toEqual([]);
    test.assertClean();
  });

  it('popup modal holding the mailing-list form (js-mailing-form js-validate): a sign-up the popup posts is reported as the form\'s submit once the answer is 2xx, not on an error', async () => {
    let status = 500;
    const test = await session.open(url(), {
      html: fixture(
        '<div class="js-popup-modal newsletter" id="signup" data-success-message="Welcome aboard." data-error-message="Please try again.">' +
          '<h2>Newsletter</h2><form class="js-mailing-form js-validate" action="/forms/mailing" method="post"><input name="email" type="email" required><button>Subscribe</button></form></div>',
        '<script defer src="/Content/scripts/dist/veneer.js"></script>' + LISTEN,
      ),
      respond: (address) => (new URL(address).pathname == '/forms/mailing' ? { status, body: '' } : undefined),
      allowErrors: [/status of 500/],
    });
    const p = test.page;
    await p.waitForFunction(() => document.getElementById('signup')!.classList.contains('is-open'), { timeout: 7000 });
    await p.type('#signup input', 'ann@example.com');
    await p.click('#signup button');
    await p.waitForSelector('#signup .popup-result.has-error button', { timeout: 5000 });
    expect(await events(p)).toEqual(['validation-passed /forms/mailing']);
    status = 200;
    await p.click('#signup .popup-result button');
    await p.click('#signup button');
    await p.waitForFunction(() => document.querySelector('#signup p.popup-result')?.textContent == 'Welcome aboard.', { timeout: 5000 });
    expect(await events(p)).toEqual(['validation-passed /forms/mailing', 'validation-passed /forms/mailing', 'submit mailing:/forms/mailing']);
    test.assertClean();
  });

  it('forms in a dialog taller than a phone\'s viewport (a popup modal, a lightbox\'s inline content): a submit with an error far up shows that field inside the dialog and leaves the locked page behind where it was', async () => {
    const fields = (prefix: string) => Array.from({ length: 16 }, (_, i) => `<p class="field"><label>Field ${i} <input name="${prefix}${i}" required></label></p>`).join('');
    const test = await session.open(url(), {
      html: fixture(
        '<div style="height:3000px">a long page</div>' +
          `<div class="js-popup-modal" id="quote" data-success-message="ok" data-error-message="no"><h2>Get a quote</h2><form class="js-validate" action="/forms/quote" method="post">${fields('q')}<button>Send</button></form></div>` +
          `<p><a class="js-lightbox" data-lightbox-type="inline" href="#enquiry">Enquiry</a></p><div id="enquiry" hidden><form class="js-validate" action="/forms/enquiry" method="post">${fields('e')}<button>Send</button></form></div>`,
      ),
      viewport: { width: 375, height: 500 },
    });
    const p = test.page;
    const fill = async (scope: string, prefix: string) => {
      for (let i = 1; i < 16; i++) await p.$eval(`${scope} [name=${prefix}${i}]`, (input) => ((input as HTMLInputElement).value = 'x'));
    };
    // Where focus is, whether it is inside the viewport, and the page's own scroll.
    const seen = () =>
      p.evaluate(() => {
        const box = document.activeElement!.getBoundingClientRect();
        return [document.activeElement!.getAttribute('name'), box.top >= 0 && box.bottom <= innerHeight, scrollY];
      });
    await p.evaluate(() => scrollTo(0, 1200));
    await p.waitForFunction(() => document.getElementById('quote')!.classList.contains('is-open'), { timeout: 7000 });
    await fill('#quote', 'q');
    await p.$eval('#quote', (dialog) => (dialog.scrollTop = dialog.scrollHeight));
    await p.$eval('#quote button', (button) => (button as HTMLElement).click());
    await sleep(700);
    expect(await seen()).toEqual(['q0', true, 1200]);
    await p.keyboard.press('Escape');
    await sleep(100);
    expect(await p.evaluate(() => scrollY)).toBe(1200);
    // The lightbox's inline content.
    await p.click('a.js-lightbox');
    await p.waitForSelector('dialog.veneer-lightbox #enquiry', { timeout: 5000 });
    const at = await p.evaluate(() => scrollY);
    await fill('dialog', 'e');
    await p.$eval('dialog.veneer-lightbox', (dialog) => (dialog.scrollTop = dialog.scrollHeight));
    await p.$eval('#enquiry button', (button) => (button as HTMLElement).click());
    await sleep(700);
    expect(await seen()).toEqual(['e0', true, at]);
    test.assertClean();
  });

  it('filtered list with its filter form in a filter modal (small screens): the result count is announced from inside the open modal, where the rest of the list is inert; after it closes, from the list again', async () => {
    const test = await session.open(url(), {
      html: fixture(
        '<div class="js-ajax-list news" data-base-url="/news/list"><button type="button" class="btn" data-modal-open="news-filters">Filter</button>' +
          '<div class="js-filter-modal filters" id="news-filters"><div class="js-modal-body"><h2>Filter news</h2><form class="js-ajax-filter" action="/news/">' +
          '<label>Category <select name="category"><option value="all">All</option><option value="products">Products</option><option value="events">Events</option></select></label>' +
          '<label>Search <input type="search" name="q"></label><button type="submit">Apply</button> <button type="button" class="js-modal-close">Close</button></form></div></div>' +
          '<div class="js-ajax-results"><h2>News</h2><ul><li>Old news</li></ul><a class="js-ajax-page" href="/news/?page=2&amp;category=all">Next</a></div></div>',
      ),
      viewport: { width: 375, height: 700 },
    });
    const p = test.page;
    // The count's text, and whether a screen reader can hear it (not inert, not hidden).
    const status = () =>
      p.$eval('.veneer-list-status', (region) => [region.textContent, !region.closest('[inert],[hidden]') && region.getAttribute('role')]);
    await p.click('[data-modal-open]');
    await p.waitForSelector('#news-filters[aria-modal=true]');
    await p.select('#news-filters select', 'events');
    await p.waitForFunction(() => document.querySelector('.veneer-list-status')!.textContent, { timeout: 5000 });
    expect(await status()).toEqual(['6 results', 'status']);
    await p.type('#news-filters input', 'summit');
    await p.keyboard.press('Enter');
    await p.waitForFunction(() => document.querySelector('.veneer-list-status')!.textContent == '1 result', { timeout: 5000 });
    expect(await status()).toEqual(['1 result', 'status']);
    // The address follows (history writes are 350 ms apart at least), focus stays in the field.
    await p.waitForFunction(() => location.search == '?category=events&q=summit', { timeout: 3000 });
    expect(await p.evaluate(() => document.activeElement!.getAttribute('name'))).toBe('q');
    // Closed (the modal hidden): back to the whole list, announced from the list's end again.
    await p.keyboard.press('Escape');
    await p.waitForSelector('#news-filters[hidden]');
    await p.goBack();
    await p.waitForFunction(() => !/^(1 result)?$/.test(document.querySelector('.veneer-list-status')!.textContent!), { timeout: 5000 });
    expect((await status())[1]).toBe('status');
    expect(await p.$eval('.veneer-list-status', (region) => region.parentElement!.matches('.js-ajax-list'))).toBe(true);
    test.assertClean();
  });

  it('resource: a download button the CMS sends disabled (no file is checked yet) becomes usable when a file is checked; two items, a table of files, the status before the button', async () => {
    const test = await session.open(url(), { html: FORMS_PAGE });
    const p = test.page;
    expect(await marks(p, '.js-resource')).toEqual(['resource', 'resource']);
    const buttons = () => p.$$eval('.js-resource-download', (all) => all.map((b) => [(b as HTMLButtonElement).disabled, b.getAttribute('aria-disabled')]));
    // veneer says when it is unavailable (aria-disabled keeps it focusable); the markup's disabled goes.
    expect(await buttons()).toEqual([[false, 'true'], [false, 'false']]);
    await p.click('#f1');
    await p.click('#f3');
    expect((await buttons())[0]).toEqual([false, 'false']);
    await p.click('.js-resource-download');
    await p.waitForFunction(() => !document.querySelector('.js-resource[aria-busy]') && document.querySelector('.js-resource-download')!.getAttribute('aria-disabled') == 'false', { timeout: 5000 });
    await p.$$eval('.js-resource-download', (all) => (all[1] as HTMLElement).click());
    await p.waitForFunction(() => !document.querySelector('.js-resource[aria-busy]'), { timeout: 5000 });
    await sleep(200);
    expect(test.requests.filter((u) => u.includes('/download-zip/')).map((u) => new URL(u).pathname)).toEqual(['/download-zip/102,103', '/download-zip/107']);
    expect(await p.$$eval('.js-resource-status', (all) => all.map((s) => s.textContent))).toEqual(['', '']);
    // Removed: the markup as the CMS sent it.
    const removed = await p.evaluate(() => {
      const button = document.querySelector('.js-resource-download')!;
      button.closest('.js-resource')!.remove();
      return new Promise((resolve) => setTimeout(() => resolve([(button as HTMLButtonElement).disabled, button.getAttribute('aria-disabled')])));
    });
    expect(removed).toEqual([true, null]);
    test.assertClean();
  });

  it('forms: an option list written on a div (div.js-required-group, as every hook is accepted on any tag) needs a choice, like the fieldset the contract names', async () => {
    const test = await session.open(url(), {
      html: fixture(
        '<form class="js-validate" id="prefs" action="/forms/prefs" method="post"><p id="topics">Topics</p>' +
          '<div class="js-required-group checkboxes" role="group" aria-labelledby="topics" data-required-message="Pick at least one topic">' +
          '<label><input type="checkbox" name="t" value="a"> A</label><label><input type="checkbox" name="t" value="b"> B</label></div>' +
          '<button>Save</button></form>',
      ),
      respond: (address) => (new URL(address).pathname == '/forms/prefs' ? { body: '<!doctype html><title>saved</title>' } : undefined),
    });
    const p = test.page;
    await p.click('#prefs button');
    await sleep(200);
    expect(await p.evaluate(() => [location.pathname, document.activeElement!.getAttribute('value'), [...document.querySelectorAll('.veneer-error')].map((e) => e.textContent)])).toEqual([
      `/__fixture/unseen-b-${n}`,
      'a',
      ['Pick at least one topic'],
    ]);
    expect(await p.$eval('.js-required-group', (group) => [group.getAttribute('aria-invalid'), !!document.getElementById(group.getAttribute('aria-describedby')!)])).toEqual(['true', true]);
    await p.click('input[value=b]');
    expect(await p.$$eval('.veneer-error', (all) => all.length)).toBe(0);
    await Promise.all([p.waitForNavigation(), p.click('#prefs button')]);
    expect(await p.evaluate(() => location.pathname)).toBe('/forms/prefs');
    test.assertClean();
  });

  it('video gallery: thumbnails written as buttons (button.js-video-thumb[data-embed], no address to link to) open in the popup like links', async () => {
    const test = await session.open(url(), {
      html: fixture(
        '<div class="js-video-gallery"><button type="button" class="js-video-thumb" data-embed="https://www.youtube.com/embed/ccccccccccc" title="Calibration"><img src="/media/images/gallery-1-thumb.svg" alt="Calibration"></button>' +
          '<a class="js-video-thumb" href="https://www.youtube.com/watch?v=ddddddddddd" data-embed="https://www.youtube-nocookie.com/embed/ddddddddddd" title="Installation">Installation</a></div>',
      ),
      respond: thirdParty,
    });
    const p = test.page;
    const shown = () => p.$eval('dialog.veneer-lightbox', (d) => [d.getAttribute('aria-label'), new URL(d.querySelector('iframe')!.src).pathname, d.querySelector('[aria-live]')!.textContent]);
    await p.click('button.js-video-thumb');
    await p.waitForSelector('dialog.veneer-lightbox iframe', { timeout: 5000 });
    expect(await shown()).toEqual(['Calibration', '/embed/ccccccccccc', '1 of 2']);
    await p.keyboard.press('ArrowRight');
    await p.waitForFunction(() => document.querySelector('dialog.veneer-lightbox iframe')!.getAttribute('src')!.includes('ddddddddddd'), { timeout: 5000 });
    expect(await shown()).toEqual(['Installation', '/embed/ddddddddddd', '2 of 2']);
    await p.keyboard.press('Escape');
    await p.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox'), { timeout: 5000 });
    expect(await p.evaluate(() => document.activeElement!.matches('button.js-video-thumb'))).toBe(true);
    test.assertClean();
  });
});
