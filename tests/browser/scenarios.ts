// Scenarios run in both engines: by the Chromium suite (tests/browser) and the Firefox one
// (tests/firefox/engine.test.ts), each with its own session and fixture path.
import type { Page } from 'puppeteer';
import { expect } from 'vitest';
import { youtubeApi, youtubeEmbed } from '../../src/harness/stubs';
import { capturedPage, fixture } from './helpers';
import type { Reply, Session } from './support';

/** YouTube's player API and embeds answered by the harness's stand-ins (nothing leaves the machine). */
export function youtube(url: string): Reply | undefined {
  const { origin, pathname, searchParams } = new URL(url);
  if (url === 'https://www.youtube.com/iframe_api') return youtubeApi();
  if (origin === 'https://www.youtube-nocookie.com' && pathname.startsWith('/embed/')) return youtubeEmbed(pathname.slice(7), searchParams);
}

/** A bus handler that throws: reported once, the other handlers and '*' still run, emit() does not throw. */
export async function busHandlerThrows(session: Session, path: string) {
  const test = await session.open(path, { html: fixture(''), allowErrors: [/broken subscriber/] });
  const result = await test.page.evaluate(() => {
    const veneer = (window as unknown as { veneer: { on: Function; emit: Function } }).veneer;
    const seen: string[] = [];
    veneer.on('/status', () => {
      throw new Error('broken subscriber');
    });
    veneer.on('/status', (data: { message: string }) => seen.push(data.message));
    veneer.on('*', (topic: string) => seen.push('all ' + topic));
    let thrown = false;
    try {
      veneer.emit('/status', { message: 'hello' });
    } catch {
      thrown = true;
    }
    return { seen, thrown };
  });
  expect(result).toEqual({ seen: ['hello', 'all /status'], thrown: false });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(test.errors.filter((text) => /broken subscriber/.test(text))).toHaveLength(1);
  test.assertClean();
}

/** A failed submit whose first invalid field is in a closed expand item, then in a hidden tab panel: shown and focused. */
export async function invalidFieldInClosedPanel(session: Session, path: string) {
  const html = fixture(
    // Below the fold at load: the item closes and the second panel hides (settled).
    `<div style="height:3000px"></div><form class="js-validate" action="/forms/closed" method="post">` +
      `<div class="js-expand"><h3><button type="button" class="js-expand-trigger">More details</button></h3><div class="js-expand-content">` +
      `<div class="field"><label for="b">Company</label><input id="b" name="b" required></div></div></div>` +
      `<div class="js-tabs"><ul><li><a class="js-tab" href="#p1">One</a></li><li><a class="js-tab" href="#p2">Two</a></li></ul>` +
      `<div class="js-tab-panel" id="p1"><p>One</p></div><div class="js-tab-panel" id="p2"><div class="field"><label for="c">Country</label><input id="c" name="c" required></div></div></div>` +
      `<button id="send">Send</button></form><div style="height:2000px"></div>`,
  );
  const test = await session.open(path, { html });
  const { page } = test;
  await page.$eval('form', (form) => form.scrollIntoView());
  // Closed: until-found where the browser has it, else plain hidden.
  const closed = await page.evaluate(() => ('onbeforematch' in document.documentElement ? 'until-found' : ''));
  expect(await page.$$eval('.js-expand-content, .js-tab-panel', (els) => els.map((el) => el.getAttribute('hidden')))).toEqual([closed, null, closed]);
  await page.click('#send');
  const state = () =>
    page.evaluate(() => [
      document.activeElement?.id,
      document.querySelector('.js-expand-trigger')!.getAttribute('aria-expanded'),
      document.querySelector('a.js-tab[href="#p2"]')!.getAttribute('aria-selected'),
      (document.activeElement as HTMLElement).checkVisibility(),
    ]);
  expect(await state()).toEqual(['b', 'true', 'false', true]);
  await page.type('#b', 'Northwind');
  await page.click('#send');
  expect(await state()).toEqual(['c', 'true', 'true', true]);
  expect(await page.evaluate(() => location.pathname + location.search)).toBe(path + '?tab=p2');
  test.assertClean();
}

/** A playing video's link moved to another parent in one task, the old parent then removed: the player goes along. */
export async function playingVideoMoved(session: Session, path: string) {
  const html = fixture(
    '<div id="a"><a class="js-video" href="https://www.youtube.com/watch?v=M7lc1UVf-VE" data-video-id="M7lc1UVf-VE">Play</a></div><div id="b"></div>',
  );
  const test = await session.open(path, { html, respond: youtube });
  await test.page.click('a.js-video');
  await test.page.waitForSelector('#a iframe');
  const result = await test.page.evaluate(async () => {
    const veneer = (window as unknown as { veneer: { ready(): Promise<void> } }).veneer;
    const link = document.querySelector<HTMLElement>('a.js-video')!;
    const frame = document.querySelector('iframe')!;
    document.getElementById('b')!.append(link);
    document.getElementById('a')!.remove();
    await veneer.ready();
    await new Promise((resolve) => setTimeout(resolve));
    return { enhanced: link.getAttribute('data-enhanced'), hidden: link.hidden, before: link.previousElementSibling == frame, frames: document.querySelectorAll('iframe').length };
  });
  expect(result).toEqual({ enhanced: 'video', hidden: true, before: true, frames: 1 });
  test.assertClean();
}

/**
 * Enter in the first invalid field of /event/'s form, which keeps focus: its error, and only
 * its, is an alert, and keyups that leave the message as it is do not write it again (it would
 * be read again). `more` checks the page in that state further. Then Enter in another invalid
 * field: focus moves to the first, which is read when focused; no alert.
 */
export async function focusedFieldAlert(session: Session, more?: (page: Page) => Promise<void>) {
  const test = await session.open('/event/');
  const { page } = test;
  await page.focus('#reg-first-name');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('reg-first-name');
  expect(await page.$$eval('.veneer-error', (all) => all.map((el) => el.getAttribute('role')))).toEqual(['alert', null, null, null, null, null]);
  expect(await page.$eval('.veneer-error', (el) => el.textContent)).toBe('Please enter your first name.');
  await more?.(page);
  const writes = await page.evaluate(async () => {
    let count = 0;
    new MutationObserver((records) => (count += records.length)).observe(document.querySelector('.veneer-error')!, { childList: true, characterData: true, subtree: true });
    for (const key of ['Shift', 'ArrowLeft', 'ArrowRight']) document.getElementById('reg-first-name')!.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve));
    return count;
  });
  expect(writes).toBe(0);
  test.assertClean();
  await page.close();

  const other = await session.open('/event/');
  await other.page.focus('#reg-email');
  await other.page.keyboard.press('Enter');
  expect(await other.page.evaluate(() => document.activeElement?.id)).toBe('reg-first-name');
  expect(await other.page.$$eval('.veneer-error', (all) => all.filter((el) => el.getAttribute('role')).length)).toBe(0);
  other.assertClean();
  await other.page.close();
}

/**
 * The news filter modal at 400 % zoom (320×256) on a site with and without the border-box
 * reset: the page is locked, so the dialog stays within the viewport and scrolls, and its last
 * control can be reached.
 */
export async function filterModalReflow(session: Session) {
  // A site without the border-box reset: the captured site's undone (the browser's content-box everywhere).
  for (const html of [undefined, capturedPage('news').replace('</head>', '<style>*,::before,::after{box-sizing:content-box}</style></head>')]) {
    const test = await session.open('/news/', { viewport: { width: 320, height: 256 }, html });
    const { page } = test;
    await page.$eval('[data-modal-open="news-filter"]', (button) => (button as HTMLElement).click());
    await page.waitForSelector('#news-filter.is-open');
    const reach = await page.$eval('#news-filter', (dialog) => {
      const box = dialog.getBoundingClientRect();
      dialog.scrollTop = dialog.scrollHeight;
      const last = [...dialog.querySelectorAll('button,input,select')].pop()!.getBoundingClientRect();
      return { bottom: box.bottom <= innerHeight, lastShown: last.top >= 0 && last.bottom <= innerHeight };
    });
    expect(reach).toEqual({ bottom: true, lastShown: true });
    test.assertClean();
    await page.close();
  }
}
