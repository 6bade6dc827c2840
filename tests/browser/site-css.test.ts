// veneer's own UI under hostile but realistic site CSS (resets, frameworks, legacy themes):
// the site's CSS is served inline in each fixture (its own stylesheet), veneer's under the
// strict CSP as everywhere. What veneer draws must stay visible, usable and on top, and the
// page must not move.
import { describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer';
import { capturedPage, colourContrasts, fixture } from './helpers';
import { closedContentHidden, datepickerInViewport, datepickerRtlButton, NORMALIZE_DIALOG, siteButtonsAndSizes } from './scenarios';
import { useSession } from './support';

const FILLER = '<div style="height:2000px">filler</div>';

/** A captured page with the site's extra CSS after its own stylesheet. */
const withCss = (name: string, css: string) => capturedPage(name).replace('</head>', `<style>${css}</style></head>`);

/** The focused element's outline (style and width) and whether it is drawn. */
const outline = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { tag: document.activeElement!.localName, drawn: style.outlineStyle != 'none' && parseFloat(style.outlineWidth) > 0 };
  });

describe('site CSS', () => {
  const session = useSession();

  async function openPicker(css: string) {
    const html = fixture(`<style>${css}</style>${FILLER}<label for="d">Date</label> <input class="js-datepicker" id="d">${FILLER}`);
    const test = await session.open('/__fixture/site-css-datepicker', { html });
    const page = test.page;
    const y = await page.evaluate(() => (document.getElementById('d')!.scrollIntoView({ block: 'center' }), scrollY));
    await page.click('.veneer-datepicker-button');
    await page.waitForSelector('dialog.veneer-datepicker[open] td[tabindex="0"]');
    return { test, page, y };
  }

  for (const [name, css] of [
    ['normalize.css v8', NORMALIZE_DIALOG],
    ['dialog{position:static}', 'dialog{position:static}'],
  ])
    it(`the date picker opens in the viewport, the page unmoved, under ${name}; one-letter weekday heads named in full; targets 24 px or more`, () =>
      datepickerInViewport(session, '/__fixture/site-css-datepicker', css));

  it('the date picker\'s focused day shows a focus ring under :focus{outline:none}', async () => {
    // The site's own ring only for its own controls: a day cell is veneer's.
    const { test, page } = await openPicker(':focus{outline:none}a:focus,button:focus,input:focus{box-shadow:0 0 0 3px #1d5fa8}');
    await page.keyboard.press('ArrowRight');
    expect(await outline(page)).toEqual({ tag: 'td', drawn: true });
    test.assertClean();
    await page.close();
  });

  it('the lightbox\'s status, counter and caption stay light on its dark ground under p,figcaption{color:#333}', async () => {
    const test = await session.open('/gallery/', { html: withCss('gallery', 'p,figcaption{color:#333}') });
    const page = test.page;
    await page.click('.js-lightbox-gallery a:nth-child(2)');
    await page.waitForSelector('dialog.veneer-lightbox.is-open:not(.is-busy) figcaption');
    const colors = await page.$$eval('dialog.veneer-lightbox :is(p,figcaption)', (all) => all.map((el) => `${el.localName} ${getComputedStyle(el).color}`));
    expect(colors).toEqual(['p rgb(255, 255, 255)', 'figcaption rgb(255, 255, 255)', 'p rgb(255, 255, 255)']);
    test.assertClean();
    await page.close();
  });

  it("the lightbox's video and image keep the size they have on a site without width rules, inside the viewport, under the site's iframe{width:100%!important} and other img/iframe width rules", async () => {
    /** The sizes of the gallery's second image and second video in the lightbox, and whether each lies inside the viewport. */
    const sizes = async (css: string, viewport: { width: number; height: number }) => {
      const test = await session.open('/gallery/', { html: withCss('gallery', css), viewport });
      const { page } = test;
      const seen: string[] = [];
      for (const link of ['.js-lightbox-gallery a:nth-child(2)', '.js-video-gallery .video-gallery-item:nth-child(2) a']) {
        await page.click(link);
        await page.waitForSelector('dialog.veneer-lightbox.is-open:not(.is-busy)');
        seen.push(
          await page.$eval('dialog.veneer-lightbox :is(figure img,iframe)', (el) => {
            const box = el.getBoundingClientRect();
            const inside = box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight;
            return `${el.localName} ${Math.round(box.width)}x${Math.round(box.height)}${inside ? '' : ' outside'}`;
          }),
        );
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox'));
      }
      test.assertClean();
      await page.close();
      return seen;
    };
    // Wide (the video 56rem), and narrow (both as wide as the viewport lets them).
    for (const [viewport, plain] of [
      [{ width: 1280, height: 800 }, ['img 998x624', 'iframe 896x504']],
      [{ width: 600, height: 900 }, ['img 504x315', 'iframe 504x284']],
    ] as const) {
      expect(await sizes('', viewport)).toEqual(plain);
      for (const css of [
        'iframe{width:100%!important}',
        'iframe{max-width:50%!important}',
        'img{width:100%!important;height:auto!important}',
        'img{max-width:50%}',
        'img{max-width:50%!important}',
        'img,iframe{max-width:100%!important;height:auto!important}',
      ])
        expect(await sizes(css, viewport), `${css} at ${viewport.width}x${viewport.height}`).toEqual(plain);
    }
  });

  it("inline content's own frame (a form's captcha) keeps the site's size in the lightbox: the popup's video widths are not its", async () => {
    const test = await session.open('/resources/', { html: withCss('resources', 'iframe.captcha{width:304px;height:78px}') });
    const { page } = test;
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.className = 'captcha';
      frame.title = 'Captcha';
      document.getElementById('inline-note')!.append(frame);
    });
    await page.click('a.js-lightbox[data-lightbox-type="inline"]');
    await page.waitForSelector('dialog.veneer-lightbox.is-open:not(.is-busy) iframe.captcha');
    expect(await page.$eval('dialog.veneer-lightbox iframe.captcha', (el) => el.getBoundingClientRect().width)).toBe(304);
    test.assertClean();
    await page.close();
  });

  it("the rotator's pause button keeps its white on black over the site's button{color:inherit} and Tailwind's preflight, a site class rule still restyles it; veneer's own text (tooltip, rotator and map buttons) keeps a readable size under html{font-size:62.5%}", () =>
    siteButtonsAndSizes(session, '/__fixture/site-css-rem'));

  it("the tooltip keeps its light text on its dark box (4.5:1 or more) over a site's span{color:#333}, span{background:#fff} and a preflight-like reset; a site rule on .veneer-tooltip still restyles it", async () => {
    // Not the captured site, whose own [role=tooltip] look wins (as it should): veneer's look on a site without one.
    const look = async (css: string) => {
      const html = fixture(`<style>${css}</style><p>Rated <button type="button" class="js-tooltip" data-tooltip="Dust-tight and protected against wash-down">IP69K</button></p>`);
      const test = await session.open('/__fixture/site-css-tooltip', { html });
      const { page } = test;
      await page.focus('.js-tooltip');
      const [seen] = await colourContrasts(page, '.veneer-tooltip:popover-open');
      test.assertClean();
      await page.close();
      return { ...seen, contrast: Math.round(seen.contrast * 10) / 10 };
    };
    const own = { colours: ['rgb(255, 255, 255)', 'rgb(29, 39, 51)'], contrast: 15.1, edge: '1px' };
    // The tip is a span: the site's type rules (a tie with veneer's look, adopted after the site's sheets).
    for (const css of [
      'span{color:#333}',
      'span{background:#fff}',
      // Tailwind's preflight and the like, with a reset of inline text on top.
      '*,::before,::after{box-sizing:border-box;border:0 solid #e5e7eb;margin:0;padding:0}span{color:inherit;background-color:transparent;font:inherit}',
    ])
      expect(await look(css), css).toEqual(own);
    // A site's own look for it, by class.
    expect(await look('.veneer-tooltip{color:#000;background:#ff0}')).toEqual({ colours: ['rgb(0, 0, 0)', 'rgb(255, 255, 0)'], contrast: 19.6, edge: '1px' });
  });

  it("closed expand content and tab panels stay hidden and take no room under a site's [hidden]{display:block!important} or Bootstrap's [hidden]{display:none!important}; hidden=until-found keeps the box find in page needs", () =>
    closedContentHidden(session, '/__fixture/site-css-hidden'));

  it('the popup modal\'s form is hidden once sent under the site\'s .form{display:grid} (no [hidden] rule of its own)', async () => {
    const html = fixture(
      '<style>.form{display:grid;gap:1rem}</style><div class="js-popup-modal" id="site-css-popup" data-success-message="Thanks!" data-error-message="Sorry.">' +
        '<h2>Newsletter</h2><form class="form" action="/forms/popup" method="post"><label for="e">Email</label><input id="e" name="email" value="a@example.com"><button>Send</button></form></div>',
    );
    const test = await session.open('/__fixture/site-css-popup', {
      html,
      // The popup's 4000 ms wait after load, at once.
      init: () => {
        const later = window.setTimeout.bind(window);
        window.setTimeout = ((fn: () => void, ms?: number) => later(fn, ms === 4000 ? 0 : ms)) as typeof setTimeout;
        document.cookie = 'popup-site-css-popup=; path=/; max-age=0';
      },
    });
    const page = test.page;
    await page.waitForSelector('#site-css-popup.is-open form button');
    await page.click('#site-css-popup form button');
    await page.waitForSelector('#site-css-popup .popup-result');
    expect(await page.$eval('#site-css-popup form', (form) => [form.hidden, getComputedStyle(form).display])).toEqual([true, 'none']);
    test.assertClean();
    await page.close();
  });

  it("on a right-to-left page the date picker's button sits over the field's end (its left), not over the date; a dir=ltr field keeps it right", () =>
    datepickerRtlButton(session, '/__fixture/site-css-datepicker-rtl'));

  it('modal, lightbox, date picker and tooltip are above a z-index:2147483647 fixed header, from inside a transformed, clipped, contained ancestor', async () => {
    const css =
      'header{position:fixed;inset:0 0 auto;height:100vh;z-index:2147483647;background:#fff8}' +
      'main{transform:translateZ(0);filter:saturate(1);contain:paint;overflow:hidden;height:300px;margin-top:50vh}';
    const html = fixture(
      `<style>${css}</style><header>Header</header><main>` +
        '<button id="open" data-modal-open="m">Open</button> <a class="js-lightbox" href="/media/images/gallery-1.svg" title="One">Image</a> ' +
        '<label for="d">Date</label> <input class="js-datepicker" id="d"> <button type="button" class="js-tooltip" data-tooltip="A hint">?</button>' +
        '<div class="js-modal" id="m"><div class="js-modal-body"><h2>M</h2><button class="js-modal-close" id="close">Close</button></div></div></main>',
    );
    const test = await session.open('/__fixture/site-css-top', { html });
    const page = test.page;
    /** The element at the centre of `selector`'s box is it, or inside it, within 10 s (it may be placed a frame after it opens; two test files share the CPU). */
    const onTop = (selector: string) =>
      page
        .waitForFunction(
          (sel: string) => {
            const el = document.querySelector(sel);
            const box = el?.getBoundingClientRect();
            return !!box && box.width > 0 && el!.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
          },
          { timeout: 10_000, polling: 'raf' },
          selector,
        )
        .then(() => true, () => false);
    // Clicked by script: the header covers them (the visitor's own page would not).
    await page.$eval('#open', (el) => (el as HTMLElement).click());
    await page.waitForSelector('#m.is-open');
    expect(await onTop('#close')).toBe(true);
    await page.keyboard.press('Escape');
    await page.$eval('a.js-lightbox', (el) => (el as HTMLElement).click());
    await page.waitForSelector('dialog.veneer-lightbox.is-open:not(.is-busy)');
    expect(await onTop('.veneer-lightbox__close')).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog.veneer-lightbox'));
    await page.$eval('.veneer-datepicker-button', (el) => (el as HTMLElement).click());
    await page.waitForSelector('dialog.veneer-datepicker[open] td[tabindex="0"]');
    expect(await onTop('dialog.veneer-datepicker td[tabindex="0"]')).toBe(true);
    // Escape once focus is in the picker (on a loaded CPU it can come a while after the grid),
    // and the tooltip checked once the picker is gone: the open picker covers it.
    await page.waitForFunction(() => document.activeElement?.closest('dialog.veneer-datepicker'));
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog.veneer-datepicker[open]'));
    await page.focus('.js-tooltip');
    expect(await onTop('.veneer-tooltip')).toBe(true);
    test.assertClean();
    await page.close();
  });
});
