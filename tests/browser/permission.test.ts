// Permission prompts (div.js-permission) in Chromium against the production build: the event
// page's geolocation prompt ("Use my location" / "No thanks") with navigator.permissions and
// navigator.geolocation replaced before the page's scripts run (mock), and cookie fixtures.
// The mock is driven by the address: ?perm=prompt|granted|denied (what the browser knows),
// ?geo=ok|refused|wait (the answer to getCurrentPosition), ?stored=<state> (localStorage).
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { fixture, openBefore } from './helpers';
import { useSession } from './support';

const KEY = 'veneer-permission-geolocation';
const GUIDANCE = 'Location access is blocked in your browser. To use it, allow location for this site in your browser settings.';

type MockWindow = { __geoCalls: number; __answer(): void; __events: unknown[]; __violations: string[] };

function mock() {
  const query = new URLSearchParams(location.search);
  const w = window as unknown as MockWindow;
  w.__geoCalls = 0;
  localStorage.clear();
  if (query.get('stored')) localStorage.setItem('veneer-permission-geolocation', query.get('stored')!);
  const state = query.get('perm') || 'prompt';
  Object.defineProperty(navigator, 'permissions', {
    value: { query: async () => ({ state, name: 'geolocation', addEventListener() {}, removeEventListener() {} }) },
  });
  const count = () => w.__geoCalls++;
  Object.defineProperty(navigator, 'geolocation', {
    value: {
      getCurrentPosition(ok: PositionCallback, fail: PositionErrorCallback) {
        count();
        const geo = query.get('geo') || 'ok';
        w.__answer = () =>
          geo === 'refused'
            ? fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError)
            : ok({ coords: { latitude: 52.37, longitude: 4.89 } } as GeolocationPosition);
        if (geo !== 'wait') setTimeout(w.__answer, 10);
      },
      watchPosition: count,
    },
  });
  w.__violations = [];
  addEventListener('securitypolicyviolation', (event) => w.__violations.push(event.effectiveDirective + ' ' + event.blockedURI));
}

interface PromptState {
  hidden: boolean;
  isHidden: boolean;
  allowHidden: boolean;
  guidance: string | null;
  stored: string | null;
  geoCalls: number;
}

function prompt(page: Page, key = KEY): Promise<PromptState> {
  return page.evaluate((key) => {
    const el = document.querySelector<HTMLElement>('.js-permission')!;
    return {
      hidden: el.hasAttribute('hidden'),
      isHidden: el.classList.contains('is-hidden'),
      allowHidden: el.querySelector('.js-permission-allow')!.hasAttribute('hidden'),
      guidance: el.querySelector('[role=status]')?.textContent ?? null,
      stored: localStorage.getItem(key),
      geoCalls: (window as unknown as { __geoCalls?: number }).__geoCalls ?? 0,
    };
  }, key);
}

/** Records '/permission' events from now on (window.__events). */
const listen = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as MockWindow & { veneer: { on(topic: string, fn: (data: unknown) => void): void } };
    w.__events = [];
    w.veneer.on('/permission', (data) => w.__events.push(data));
  });
const events = (page: Page) => page.evaluate(() => (window as unknown as MockWindow).__events);

/** Waits for the Permissions API answer (a promise) to be applied. */
const settled = (page: Page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));

const SHOWN: PromptState = { hidden: false, isHidden: false, allowHidden: false, guidance: null, stored: null, geoCalls: 0 };

describe('permission', () => {
  const session = useSession();

  it('undecided: the prompt shows, and nothing asks the browser for the location', async () => {
    const { test } = await openBefore(session, '/event/', { init: mock });
    await settled(test.page);
    expect(await test.page.$eval('.js-permission', (el) => el.getAttribute('data-enhanced'))).toBe('permission');
    expect(await prompt(test.page)).toEqual(SHOWN);
    test.assertClean();
  });

  it('"Use my location": one geolocation request after the click, then yes: hidden, stored, published', async () => {
    const { test } = await openBefore(session, '/event/?geo=wait', { init: mock });
    const page = test.page;
    await settled(page);
    await listen(page);
    await page.click('.js-permission-allow');
    expect(await page.$eval('.js-permission', (el) => [el.getAttribute('aria-busy'), el.classList.contains('is-busy')])).toEqual(['true', true]);
    expect((await prompt(page)).geoCalls).toBe(1);
    await page.evaluate(() => (window as unknown as MockWindow).__answer());
    expect(await prompt(page)).toEqual({ ...SHOWN, hidden: true, isHidden: true, stored: 'yes', geoCalls: 1 });
    expect(await page.$eval('.js-permission', (el) => el.hasAttribute('aria-busy'))).toBe(false);
    expect(await events(page)).toEqual([{ type: 'geolocation', state: 'yes' }]);
    test.assertClean();
  });

  it('"No thanks": no, hidden, stored, published; no geolocation request', async () => {
    const { test } = await openBefore(session, '/event/', { init: mock });
    await settled(test.page);
    await listen(test.page);
    await test.page.click('.js-permission-deny');
    expect(await prompt(test.page)).toEqual({ ...SHOWN, hidden: true, isHidden: true, stored: 'no' });
    expect(await events(test.page)).toEqual([{ type: 'geolocation', state: 'no' }]);
    test.assertClean();
  });

  it('a refusal in the browser prompt: blocked, with guidance instead of the allow button', async () => {
    const { test } = await openBefore(session, '/event/?geo=refused', { init: mock });
    await settled(test.page);
    await listen(test.page);
    await test.page.click('.js-permission-allow');
    await test.page.waitForFunction(() => !document.querySelector('.js-permission')!.hasAttribute('aria-busy'));
    expect(await prompt(test.page)).toEqual({ ...SHOWN, allowHidden: true, guidance: GUIDANCE, stored: 'blocked', geoCalls: 1 });
    expect(await events(test.page)).toEqual([{ type: 'geolocation', state: 'blocked' }]);
    // "No thanks" puts the guidance away: no.
    await test.page.click('.js-permission-deny');
    expect(await prompt(test.page)).toEqual({ ...SHOWN, hidden: true, isHidden: true, stored: 'no', geoCalls: 1 });
    test.assertClean();
  });

  it('the Permissions API pre-check: granted skips the prompt, denied shows guidance; neither asks', async () => {
    const granted = (await openBefore(session, '/event/?perm=granted', { init: mock })).test;
    await settled(granted.page);
    expect(await prompt(granted.page)).toEqual({ ...SHOWN, hidden: true, isHidden: true, stored: 'yes' });
    granted.assertClean();

    const denied = (await openBefore(session, '/event/?perm=denied', { init: mock })).test;
    await settled(denied.page);
    expect(await prompt(denied.page)).toEqual({ ...SHOWN, allowHidden: true, guidance: GUIDANCE, stored: 'blocked' });
    expect(await denied.page.$eval('.veneer-permission-guidance', (el) => el.getBoundingClientRect().height > 0)).toBe(true);
    denied.assertClean();

    // The visitor's own "no" stands when the browser blocks too; a stored yes the browser
    // no longer remembers asks again.
    const no = (await openBefore(session, '/event/?perm=denied&stored=no', { init: mock })).test;
    await settled(no.page);
    expect(await prompt(no.page)).toEqual({ ...SHOWN, hidden: true, isHidden: true, stored: 'no' });
    const again = (await openBefore(session, '/event/?perm=prompt&stored=yes', { init: mock })).test;
    await settled(again.page);
    expect(await prompt(again.page)).toEqual({ ...SHOWN, stored: 'yes' });
  });

  it('Escape puts the prompt away for this page view, deciding nothing', async () => {
    const { test } = await openBefore(session, '/event/', { init: mock });
    await settled(test.page);
    await listen(test.page);
    await test.page.focus('.js-permission-allow');
    await test.page.keyboard.press('Escape');
    expect(await prompt(test.page)).toEqual({ ...SHOWN, hidden: true, isHidden: true });
    expect(await events(test.page)).toEqual([]);
    test.assertClean();
  });

  it('cookie consent: stored and published; a decided prompt stays hidden; an unsupported type is treated as denied', async () => {
    const markup = (type: string) =>
      `<div class="js-permission" data-permission="${type}"><p>Cookies?</p>` +
      `<button type="button" class="js-permission-allow">Accept</button><button type="button" class="js-permission-deny">Decline</button></div>`;
    const page = (stored: string, type = 'cookie') =>
      fixture(markup(type), `<script>localStorage.clear();${stored ? `localStorage.setItem('veneer-permission-cookie', '${stored}');` : ''}</script>` + '<script defer src="/Content/scripts/dist/veneer.js"></script>');

    const fresh = await session.open('/__fixture/cookie-fresh', { html: page('') });
    expect(await prompt(fresh.page, 'veneer-permission-cookie')).toEqual(SHOWN);
    await listen(fresh.page);
    await fresh.page.click('.js-permission-allow');
    expect(await prompt(fresh.page, 'veneer-permission-cookie')).toEqual({ ...SHOWN, hidden: true, isHidden: true, stored: 'yes' });
    expect(await events(fresh.page)).toEqual([{ type: 'cookie', state: 'yes' }]);
    fresh.assertClean();

    // Decided and on screen at load: it keeps its room, unseen (no layout shift), out of the
    // tab order; below the viewport at load: hidden at once.
    const decided = await session.open('/__fixture/cookie-decided', { html: page('no') });
    expect(await prompt(decided.page, 'veneer-permission-cookie')).toMatchObject({ hidden: false, stored: 'no' });
    expect(await decided.page.$eval('.js-permission', (el) => [getComputedStyle(el).visibility, el.getBoundingClientRect().height > 0])).toEqual(['hidden', true]);
    await decided.page.keyboard.press('Tab');
    expect(await decided.page.evaluate(() => document.activeElement!.localName)).toBe('body');
    decided.assertClean();
    const below = await session.open('/__fixture/cookie-below', { html: page('no').replace('<body>', '<body><div style="height:150vh"></div>') });
    expect(await prompt(below.page, 'veneer-permission-cookie')).toMatchObject({ hidden: true, isHidden: true, stored: 'no' });
    below.assertClean();

    const odd = await session.open('/__fixture/cookie-odd', { html: page('', 'camera').replace('<body>', '<body><div style="height:150vh"></div>') });
    expect(await prompt(odd.page, 'veneer-permission-camera')).toMatchObject({ hidden: true, isHidden: true, stored: null });
    expect(odd.warnings.filter((w) => w.startsWith('[veneer] permission: data-permission="camera" is not supported (supported: geolocation, cookie); treated as denied'))).toHaveLength(1);
    odd.assertClean();
  });

  it('tears down on removal: the markup as it was sent (guidance gone)', async () => {
    const { test } = await openBefore(session, '/event/?perm=denied', { init: mock });
    await settled(test.page);
    const result = await test.page.evaluate(async () => {
      const source = await (await fetch('/event/?veneer=off')).text();
      const sent = new DOMParser().parseFromString(testHTML(source), 'text/html').querySelector('.js-permission')!.outerHTML;
      const el = document.querySelector('.js-permission')!;
      const had = !!el.querySelector('.veneer-permission-guidance');
      el.remove();
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      return { had, same: el.outerHTML === sent };
    });
    expect(result).toEqual({ had: true, same: true });
    test.assertClean();
  });

  it('works under the strict CSP with Trusted Types, with no violation', async () => {
    const { test } = await openBefore(session, '/event/?csp=strict&perm=denied', { init: mock });
    await settled(test.page);
    expect((await prompt(test.page)).guidance).toBe(GUIDANCE);
    await test.page.click('.js-permission-deny');
    expect((await prompt(test.page)).hidden).toBe(true);
    expect(await test.page.evaluate(() => (window as unknown as MockWindow).__violations)).toEqual([]);
    test.assertClean();
  });
});
