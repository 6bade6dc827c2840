// The second engine (issue 9): the core and the main widgets in Firefox (Debian's firefox-esr,
// through puppeteer's WebDriver BiDi), against the same production build and harness as the
// Chromium suite. Chromium-only checks (layout-shift entries, Trusted Types, CDP) stay there.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/harness/server';
import { fixture } from '../browser/helpers';
import { useSession } from '../browser/support';

const REGISTRY = JSON.parse(readFileSync(path.join(REPO_ROOT, 'src/injector/registry.json'), 'utf8')) as Record<string, string>;
const TAKES: Record<string, string> = { anchor: 'a[href^="#"]:not([class*=js-],[href="#"])' };
const HOOKS = Object.entries(REGISTRY).map(([name, selector]) => [name, TAKES[name] || selector || `.js-${name}`] as [string, string]);
const PAGES = ['home', 'news', 'event', 'resources', 'contact', 'gallery', 'home-de', 'contact-ar'];

function unenhanced(page: Page) {
  return page.evaluate((hooks: [string, string][]) => {
    const missing: string[] = [];
    for (const [name, selector] of hooks)
      for (const el of document.querySelectorAll(selector))
        if (!(el.getAttribute('data-enhanced') || '').split(' ').includes(name)) missing.push(`${name}: ${el.outerHTML.slice(0, 80)}`);
    return missing;
  }, HOOKS);
}

describe('Firefox', () => {
  const session = useSession({ browser: 'firefox' });

  it.each(PAGES)('/%s/: every hook enhanced, no page or console error', async (name) => {
    const test = await session.open(`/${name}/`);
    expect(await unenhanced(test.page)).toEqual([]);
    test.assertClean();
  });

  it('core: the tag twice runs once; inserted content is enhanced, removed content torn down', async () => {
    const carousel = `<div class="js-carousel" data-total="2"><div><div class="js-carousel-slide">A</div><div class="js-carousel-slide">B</div></div>
      <button class="js-carousel-prev">P</button><button class="js-carousel-next">N</button><span class="js-carousel-index">1</span></div>`;
    const head = '<script defer src="/Content/scripts/dist/veneer.js"></script><script async src="/Content/scripts/dist/veneer.js"></script>';
    const test = await session.open('/__fixture/ff-core', { html: fixture(`<div id="host">${carousel}</div>`, head) });
    await test.page.click('.js-carousel-next');
    expect(await test.page.$eval('.js-carousel-index', (el) => el.textContent)).toBe('2');
    const after = await test.page.evaluate(async (html: string) => {
      const host = document.getElementById('host')!;
      const old = host.firstElementChild!;
      old.remove();
      host.insertAdjacentHTML('beforeend', testHTML(html));
      await window.veneer!.ready();
      return { old: old.getAttribute('data-enhanced'), fresh: host.querySelector('.js-carousel')!.getAttribute('data-enhanced') };
    }, carousel);
    expect(after).toEqual({ old: null, fresh: 'carousel' });
    test.assertClean();
  });

  it('tabs: an arrow key moves focus, Enter selects, the address keeps ?tab=', async () => {
    const test = await session.open('/home/');
    await test.page.focus('.js-tabs a.js-tab[aria-selected="true"]');
    await test.page.keyboard.press('ArrowRight');
    expect(await test.page.evaluate(() => document.activeElement?.getAttribute('aria-selected'))).toBe('false');
    await test.page.keyboard.press('Enter');
    const state = await test.page.evaluate(() => ({
      selected: document.activeElement?.getAttribute('aria-selected'),
      tab: new URLSearchParams(location.search).get('tab'),
      panel: document.getElementById(document.activeElement!.getAttribute('aria-controls')!)?.hidden,
    }));
    expect(state.selected).toBe('true');
    expect(state.tab).toBeTruthy();
    expect(state.panel).toBe(false);
    test.assertClean();
  });

  it('expand and the mega-menu: aria-expanded follows, Escape closes and returns focus', async () => {
    const test = await session.open('/home/');
    // By keyboard: a pointer click can land on the sticky header over a scrolled-to target.
    await test.page.focus('.js-expand .js-expand-trigger');
    await test.page.keyboard.press('Enter');
    expect(await test.page.$eval('.js-expand .js-expand-trigger', (el) => el.getAttribute('aria-expanded'))).toBe('true');
    await test.page.evaluate(() => scrollTo(0, 0));
    await test.page.focus('.js-nav-trigger');
    await test.page.keyboard.press('Enter');
    expect(await test.page.$eval('.js-nav-trigger', (el) => el.getAttribute('aria-expanded'))).toBe('true');
    await test.page.keyboard.press('Escape');
    expect(await test.page.evaluate(() => [document.querySelector('.js-nav-trigger')!.getAttribute('aria-expanded'), document.activeElement === document.querySelector('.js-nav-trigger')])).toEqual(['false', true]);
    test.assertClean();
  });

  it('modal: opens with focus inside, Escape closes it and focus returns to its trigger', async () => {
    const test = await session.open('/home/');
    const trigger = await test.page.$('[data-modal-open]');
    await trigger!.click();
    await test.page.waitForFunction(() => document.querySelector('.js-modal')!.contains(document.activeElement));
    await test.page.keyboard.press('Escape');
    await test.page.waitForFunction(() => document.activeElement?.hasAttribute('data-modal-open'));
    test.assertClean();
  });

  it('modal: moved within the page while open (no blur in Firefox), it is shown again with focus back inside', async () => {
    const test = await session.open('/home/');
    await (await test.page.$('[data-modal-open]'))!.click();
    await test.page.waitForFunction(() => document.querySelector('.js-modal')!.contains(document.activeElement));
    await test.page.evaluate(() => document.body.appendChild(document.querySelector('.js-modal')!));
    await test.page.waitForFunction(() => {
      const modal = document.querySelector('.js-modal')!;
      return modal.matches(':popover-open') && modal.contains(document.activeElement);
    }, { timeout: 3000 });
    await test.page.keyboard.press('Escape');
    await test.page.waitForFunction(() => document.activeElement?.hasAttribute('data-modal-open'));
    test.assertClean();
  });

  it('form validation: an empty required form is not sent, the first error is focused and described', async () => {
    const test = await session.open('/contact/');
    const form = 'form.js-validate';
    await test.page.$eval(form, (el) => (el as HTMLFormElement).requestSubmit());
    const state = await test.page.evaluate((selector: string) => {
      const invalid = document.querySelector(selector)!.querySelector('[aria-invalid="true"]')!;
      return { focused: document.activeElement === invalid, described: !!document.getElementById(invalid.getAttribute('aria-describedby')!.split(' ')[0])?.textContent, path: location.pathname };
    }, form);
    expect(state).toEqual({ focused: true, described: true, path: '/contact/' });
    test.assertClean();
  });
});
