// Popup modal with a form (div.js-popup-modal#id) in Chromium against the production build,
// on the home page's #promo-popup (form action /forms/popup). The 4000 ms opening, the 16 ms
// focus delay and the 10 s request time-out run on a clock the test controls: setTimeout
// calls with those delays are held until the test fires them.
import type { HTTPRequest, Page, SerializedAXNode } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { appendClosedModal, fixture, openBefore } from './helpers';
import { useSession, type Session } from './support';

const POPUP = '#promo-popup';
const SUCCESS = 'Thank you! We will contact you within two working days to plan your free calibration check.';
const FAILURE = 'Sorry, your request could not be sent. Please try again in a moment.';
const YEAR_S = 31536000;

type Clock = { delays(): number[]; fire(ms: number): number };

/** Runs before the page's scripts: the clock, a hit counter, a CSP violation log, and no popup cookie left from another test. */
function init() {
  const HOLD = [4000, 16, 10000];
  const realSet = window.setTimeout.bind(window);
  const realClear = window.clearTimeout.bind(window);
  const held: { id: number; ms: number; run: () => void }[] = [];
  let next = 1e9;
  const w = window as unknown as { __clock: Clock; __hits: number; __hit(): void };
  w.__clock = {
    delays: () => held.map((timer) => timer.ms),
    fire(ms) {
      const due = held.filter((timer) => timer.ms === ms);
      for (const timer of due) held.splice(held.indexOf(timer), 1);
      due.forEach((timer) => timer.run());
      return due.length;
    },
  };
  window.setTimeout = ((fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    if (!HOLD.includes(ms!)) return realSet(fn, ms, ...args);
    held.push({ id: ++next, ms: ms!, run: () => fn(...args) });
    return next;
  }) as typeof setTimeout;
  window.clearTimeout = ((id?: number) => {
    const at = held.findIndex((timer) => timer.id === id);
    if (at >= 0) held.splice(at, 1);
    else realClear(id);
  }) as typeof clearTimeout;
  w.__hits = 0;
  w.__hit = () => w.__hits++;
  const v = window as unknown as { __violations: string[] };
  v.__violations = [];
  addEventListener('securitypolicyviolation', (event) => v.__violations.push(`${event.effectiveDirective} ${event.blockedURI}`));
  if (!sessionStorage.getItem('keep-cookies')) document.cookie = 'popup-promo-popup=; path=/; max-age=0';
}

const clock = (page: Page) => ({
  delays: () => page.evaluate(() => (window as unknown as { __clock: Clock }).__clock.delays()),
  fire: (ms: number) => page.evaluate((m) => (window as unknown as { __clock: Clock }).__clock.fire(m), ms),
});

async function openHome(session: Session, path = '/home/', options: Parameters<typeof openBefore>[2] = {}) {
  await fetch(session.url + '/__posts', { method: 'DELETE' });
  const { test } = await openBefore(session, path, { ...options, init });
  await test.page.waitForFunction(() => document.readyState === 'complete');
  return test;
}

/** Fires the 4000 ms timer and waits for the popup to open. */
async function openPopup(page: Page) {
  expect(await clock(page).fire(4000)).toBe(1);
  await page.waitForFunction((sel: string) => document.querySelector(sel)!.classList.contains('is-open'), { timeout: 3000 }, POPUP);
  await clock(page).fire(16);
}

const posts = async (session: Session) =>
  ((await (await fetch(session.url + '/__posts')).json()) as { form: string; fields: Record<string, string> }[]).filter((post) => post.form === 'popup');

function popupState(page: Page) {
  return page.$eval(POPUP, (el) => {
    const form = el.querySelector('form')!;
    return {
      open: el.classList.contains('is-open'),
      hidden: (el as HTMLElement).hidden,
      formHidden: form.hidden,
      status: el.querySelector('[role=status]')?.textContent ?? null,
      alert: el.querySelector('[role=alert] p')?.textContent ?? null,
      busy: form.getAttribute('aria-busy'),
      disabled: (form.querySelector('button[type=submit]') as HTMLButtonElement).disabled,
    };
  });
}

async function fill(page: Page) {
  await page.type('#promo-email', 'ada@example.com');
  await page.type('#promo-company', 'Analytical Engines');
}

describe('popup modal', () => {
  const session = useSession();

  it('opens 4000 ms after load as a named modal dialog; focus moves in 16 ms later', async () => {
    const test = await openHome(session);
    expect(await test.page.$eval(POPUP, (el) => [el.getAttribute('data-enhanced'), (el as HTMLElement).hidden, el.classList.contains('is-open')])).toEqual(['popup-modal', true, false]);
    expect(await clock(test.page).delays()).toContain(4000);
    expect(await clock(test.page).fire(4000)).toBe(1);
    await test.page.waitForFunction((sel: string) => document.querySelector(sel)!.classList.contains('is-open'), {}, POPUP);
    const opened = await test.page.$eval(POPUP, (el) => ({
      role: el.getAttribute('role'),
      modal: el.getAttribute('aria-modal'),
      name: document.getElementById(el.getAttribute('aria-labelledby')!)?.textContent,
      hidden: (el as HTMLElement).hidden,
      focusInside: el.contains(document.activeElement),
      locked: document.documentElement.classList.contains('veneer-scroll-lock'),
    }));
    expect(opened).toEqual({ role: 'dialog', modal: 'true', name: 'Free calibration check for your plant', hidden: false, focusInside: false, locked: true });
    expect(await clock(test.page).delays()).toContain(16);
    await clock(test.page).fire(16);
    expect(await test.page.evaluate(() => document.activeElement?.className)).toContain('js-modal-close');
    test.assertClean();
  });

  it('closing sets popup-promo-popup for one year (SameSite=Lax, path /); then it no longer opens', async () => {
    const test = await openHome(session);
    await openPopup(test.page);
    await test.page.keyboard.press('Escape');
    expect(await popupState(test.page)).toMatchObject({ open: false, hidden: true });
    const cookie = (await test.page.cookies()).find((c) => c.name === 'popup-promo-popup')!;
    expect(cookie).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', secure: false });
    expect(Math.abs(cookie.expires - (Date.now() / 1000 + YEAR_S))).toBeLessThan(120);
    await test.page.evaluate(() => sessionStorage.setItem('keep-cookies', '1'));
    await test.page.reload({ waitUntil: 'load' });
    await test.ready();
    await clock(test.page).fire(4000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await popupState(test.page)).toMatchObject({ open: false, hidden: true });
    test.assertClean();
  });

  it('a click outside its body and its close control close it too', async () => {
    const test = await openHome(session);
    await openPopup(test.page);
    await test.page.mouse.click(5, 5);
    expect((await popupState(test.page)).open).toBe(false);
    expect((await test.page.cookies()).some((c) => c.name === 'popup-promo-popup')).toBe(true);
    test.assertClean();
  });

  it('submits the form-data once per submit (double click: 1 POST) and shows the success message', async () => {
    const test = await openHome(session);
    await openPopup(test.page);
    await fill(test.page);
    await test.page.click(`${POPUP} button[type=submit]`, { count: 2 });
    await test.page.waitForFunction((sel: string) => document.querySelector(sel)!.querySelector('[role=status]')?.textContent, {}, POPUP);
    expect(await popupState(test.page)).toEqual({ open: true, hidden: false, formHidden: true, status: SUCCESS, alert: null, busy: null, disabled: false });
    expect((await posts(session)).map((post) => post.fields)).toEqual([{ campaign: 'calibration-check-2026', email: 'ada@example.com', company: 'Analytical Engines' }]);
    // Submitting sets the cookie too; focus is on the message.
    expect((await test.page.cookies()).some((c) => c.name === 'popup-promo-popup')).toBe(true);
    expect(await test.page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');
    test.assertClean();
  });

  it('the seed: any 2xx is a success, a 204 without a body too', async () => {
    const test = await openHome(session);
    await openPopup(test.page);
    await test.page.$eval(`${POPUP} form`, (form) => form.setAttribute('action', '/forms/popup?__fault=empty'));
    await fill(test.page);
    await test.page.click(`${POPUP} button[type=submit]`);
    await test.page.waitForFunction((sel: string) => document.querySelector(sel)!.querySelector('[role=status]')?.textContent, {}, POPUP);
    expect(await popupState(test.page)).toEqual({ open: true, hidden: false, formHidden: true, status: SUCCESS, alert: null, busy: null, disabled: false });
    test.assertClean();
  });

  it('a 500 hides the form and shows the error (role=alert); Retry restores the form as typed (row 18)', async () => {
    const test = await openHome(session, '/home/', { allowErrors: [/status of 500/] });
    await openPopup(test.page);
    await test.page.$eval(`${POPUP} form`, (form) => form.setAttribute('action', '/forms/popup?__fault=500'));
    await fill(test.page);
    await test.page.click(`${POPUP} button[type=submit]`);
    await test.page.waitForFunction((sel: string) => document.querySelector(sel)!.querySelector('[role=alert]'), {}, POPUP);
    expect(await popupState(test.page)).toEqual({ open: true, hidden: false, formHidden: true, status: '', alert: FAILURE, busy: null, disabled: false });
    expect(await test.page.evaluate(() => document.activeElement?.textContent)).toBe('Retry');
    await test.page.keyboard.press('Enter');
    expect(await popupState(test.page)).toMatchObject({ formHidden: false, alert: null });
    expect(await test.page.$$eval(`${POPUP} input:not([type=hidden])`, (all) => all.map((input) => (input as HTMLInputElement).value))).toEqual(['ada@example.com', 'Analytical Engines']);
    // Focus on the submit button: Enter sends again.
    await test.page.$eval(`${POPUP} form`, (form) => form.setAttribute('action', '/forms/popup'));
    expect(await test.page.evaluate(() => document.activeElement?.textContent)).toBe('Book my free check');
    await test.page.keyboard.press('Enter');
    await test.page.waitForFunction((sel: string) => document.querySelector(sel)!.querySelector('[role=status]')?.textContent, {}, POPUP);
    expect(await popupState(test.page)).toMatchObject({ formHidden: true, status: SUCCESS, alert: null });
    expect(await posts(session)).toHaveLength(1);
    test.assertClean();
  });

  it('a redirect (302 to a login page) is an error; an HTML success body is never inserted (row 18)', async () => {
    const respond = new Map<string, Parameters<HTTPRequest['respond']>[0]>([
      ['/forms/redirect', { status: 302, headers: { Location: '/contact/' }, body: '' }],
      ['/forms/html', { status: 200, contentType: 'text/html', body: '<img src=x onerror="__hit()"><script>__hit()</script><p>Welcome</p>' }],
    ]);
    // A page of its own: the session's request handler cannot answer with a response.
    const page = await session.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.evaluateOnNewDocument(init);
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      const answer = respond.get(new URL(request.url()).pathname);
      void (answer ? request.respond(answer) : request.continue());
    });
    await page.goto(session.url + '/home/', { waitUntil: 'load' });
    await page.evaluate(() => (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready());
    const test = { page, assertClean: () => expect(errors).toEqual([]) };
    await openPopup(test.page);
    await test.page.$eval(`${POPUP} form`, (form) => form.setAttribute('action', '/forms/redirect'));
    await fill(test.page);
    await test.page.click(`${POPUP} button[type=submit]`);
    await test.page.waitForFunction((sel: string) => document.querySelector(sel)!.querySelector('[role=alert]'), {}, POPUP);
    expect(await popupState(test.page)).toMatchObject({ formHidden: true, alert: FAILURE });
    expect(await test.page.evaluate(() => location.pathname)).toBe('/home/');
    await test.page.click(`${POPUP} [role=alert] button`);
    await test.page.$eval(`${POPUP} form`, (form) => form.setAttribute('action', '/forms/html'));
    await test.page.click(`${POPUP} button[type=submit]`);
    await test.page.waitForFunction((sel: string) => document.querySelector(sel)!.querySelector('[role=status]')?.textContent, {}, POPUP);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await test.page.evaluate(() => [(window as unknown as { __hits: number }).__hits, document.querySelectorAll('img[src=x]').length, document.body.textContent!.includes('Welcome')])).toEqual([0, 0, false]);
    test.assertClean();
  });

  it('a network failure is only logged and the form stays usable', async () => {
    const test = await openHome(session, '/home/', { allowErrors: [/Failed to load resource/] });
    await openPopup(test.page);
    await test.page.$eval(`${POPUP} form`, (form) => form.setAttribute('action', '/forms/popup?__fault=reset'));
    await fill(test.page);
    await test.page.click(`${POPUP} button[type=submit]`);
    await test.page.waitForFunction(() => !document.querySelector('#promo-popup form')!.hasAttribute('aria-busy'));
    expect(await popupState(test.page)).toEqual({ open: true, hidden: false, formHidden: false, status: '', alert: null, busy: null, disabled: false });
    expect(test.warnings.filter((text) => text.startsWith('[veneer] popup-modal: the form could not be sent'))).toHaveLength(1);
    test.assertClean();
  });

  it('a stalled request: the button stays focused, aria-disabled (no second POST), then times out into the error; Escape aborts a request', async () => {
    const test = await openHome(session);
    const failed: string[] = [];
    test.page.on('requestfailed', (request) => failed.push(new URL(request.url()).pathname));
    await openPopup(test.page);
    await test.page.$eval(`${POPUP} form`, (form) => form.setAttribute('action', '/forms/popup?__fault=slow'));
    await fill(test.page);
    await test.page.focus(`${POPUP} button[type=submit]`);
    await test.page.keyboard.press('Enter');
    // Not disabled: a disabled button would drop focus to the body, the next Tab to Close.
    const focused = () =>
      test.page.evaluate(async () => {
        // Chromium moves focus off a disabled element at the next rendering update.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return [document.activeElement?.getAttribute('type'), document.activeElement?.getAttribute('aria-disabled')];
      });
    expect(await focused()).toEqual(['submit', 'true']);
    expect(await popupState(test.page)).toMatchObject({ busy: 'true', disabled: false });
    await test.page.keyboard.press('Enter');
    expect(await focused()).toEqual(['submit', 'true']);
    // More clicks and Enter in a field send nothing more.
    await test.page.click(`${POPUP} button[type=submit]`, { count: 3 });
    await test.page.focus('#promo-company');
    await test.page.keyboard.press('Enter');
    expect(test.requests.filter((url) => url.includes('/forms/popup'))).toHaveLength(1);
    expect(await clock(test.page).fire(10000)).toBe(1);
    await test.page.waitForFunction((sel: string) => document.querySelector(sel)!.querySelector('[role=alert]'), {}, POPUP);
    expect(await popupState(test.page)).toMatchObject({ formHidden: true, alert: FAILURE, busy: null, disabled: false });
    expect(await test.page.$eval(`${POPUP} button[type=submit]`, (b) => b.hasAttribute('aria-disabled'))).toBe(false);
    // Again, closed with Escape while the request is in flight: it is aborted.
    await test.page.click(`${POPUP} [role=alert] button`);
    await test.page.click(`${POPUP} button[type=submit]`);
    expect((await popupState(test.page)).busy).toBe('true');
    await test.page.keyboard.press('Escape');
    await test.page.waitForFunction(() => !document.querySelector('#promo-popup form')!.hasAttribute('aria-busy'));
    expect(await popupState(test.page)).toMatchObject({ open: false, hidden: true, busy: null, disabled: false });
    // Both requests were aborted in the browser (the time-out, then the Escape).
    for (let i = 0; i < 50 && failed.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(failed).toEqual(['/forms/popup', '/forms/popup']);
    test.assertClean();
  });

  it('a form whose action is on another origin posts natively', async () => {
    const test = await openHome(session);
    await openPopup(test.page);
    await fill(test.page);
    const prevented = await test.page.$eval(`${POPUP} form`, (form) => {
      form.setAttribute('action', 'https://evil.example/forms/popup');
      let seen: boolean | undefined;
      addEventListener('submit', (event) => ((seen = event.defaultPrevented), event.preventDefault()), { once: true });
      (form as HTMLFormElement).requestSubmit();
      return seen;
    });
    expect(prevented).toBe(false);
    test.assertClean();
  });

  it('waits while another dialog is open: the newsletter modal first, the popup after it closes', async () => {
    const test = await openHome(session);
    await test.page.click('[data-modal-open="newsletter-modal"]');
    await test.page.waitForFunction(() => document.getElementById('newsletter-modal')!.classList.contains('is-open'));
    await clock(test.page).fire(4000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await popupState(test.page)).open).toBe(false);
    expect(await clock(test.page).delays()).toContain(4000);
    await test.page.keyboard.press('Escape');
    await openPopup(test.page);
    test.assertClean();
  });

  it('waits while a native modal <dialog> without aria-modal is open (the date picker\'s), and opens after it closes', async () => {
    const test = await openHome(session);
    await test.page.evaluate(() => {
      const dialog = document.body.appendChild(document.createElement('dialog'));
      dialog.id = 'native';
      dialog.append(Object.assign(document.createElement('button'), { textContent: 'Pick' }));
      dialog.showModal();
    });
    await clock(test.page).fire(4000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await popupState(test.page)).toMatchObject({ open: false, hidden: true });
    expect(await clock(test.page).delays()).toContain(4000);
    await test.page.keyboard.press('Escape');
    expect(await test.page.$eval('#native', (el) => (el as HTMLDialogElement).open)).toBe(false);
    await openPopup(test.page);
    test.assertClean();
  });

  it('a closed dialog the page keeps marked aria-modal (a consent tool\'s, hidden) does not hold it: it opens at 4000 ms', async () => {
    const test = await openHome(session);
    await appendClosedModal(test.page);
    await openPopup(test.page);
    test.assertClean();
  });

  it('removed while open: torn down without setting the cookie, the page released, the markup as sent', async () => {
    const test = await openHome(session);
    await openPopup(test.page);
    const result = await test.page.evaluate(async () => {
      const veneer = (window as unknown as { veneer: { ready(): Promise<void> } }).veneer;
      const source = await (await fetch('/home/?veneer=off')).text();
      const sent = new DOMParser().parseFromString(testHTML(source), 'text/html').getElementById('promo-popup')!.outerHTML;
      const popup = document.getElementById('promo-popup')!;
      popup.remove();
      await veneer.ready();
      return { same: popup.outerHTML === sent, inert: document.querySelectorAll('[inert]').length, root: document.documentElement.className, cookie: document.cookie.includes('popup-promo-popup') };
    });
    expect(result).toEqual({ same: true, inert: 0, root: '', cookie: false });
    test.assertClean();
  });

  it('works under the strict CSP with Trusted Types, with no violation', async () => {
    const test = await openHome(session, '/home/?csp=strict');
    await openPopup(test.page);
    await fill(test.page);
    await test.page.click(`${POPUP} button[type=submit]`);
    await test.page.waitForFunction((sel: string) => document.querySelector(sel)!.querySelector('[role=status]')?.textContent, {}, POPUP);
    expect(await test.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    test.assertClean();
  });
  it('a form.js-validate inside: an invalid submit sends nothing, a valid one posts once (on screen at load: used where it is)', async () => {
    await fetch(session.url + '/__posts', { method: 'DELETE' });
    const html = fixture(
      `<div class="js-popup-modal" id="p2" data-success-message="Sent &lt;b&gt;ok&lt;/b&gt;" data-error-message="Failed"><div class="js-modal-body"><h2>P2</h2>` +
        `<form class="js-validate" action="/forms/popup" method="post"><div class="field"><label for="e">Email</label><input id="e" name="email" required></div><button>Send</button></form></div></div>`,
    );
    const test = await session.open('/__fixture/popup-validate', { html });
    expect(await test.page.$eval('#p2', (el) => [el.getAttribute('data-enhanced'), (el as HTMLElement).hidden])).toEqual(['popup-modal', false]);
    expect(await test.page.$eval('#p2 form', (el) => el.getAttribute('data-enhanced'))).toBe('forms');
    await test.page.click('#p2 button');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await test.page.$eval('#e', (el) => el.getAttribute('aria-invalid'))).toBe('true');
    expect(await posts(session)).toEqual([]);
    await test.page.type('#e', 'x@example.com');
    await test.page.click('#p2 button');
    await test.page.waitForFunction(() => document.querySelector('#p2 [role=status]')?.textContent);
    // The message is text: its markup-like characters stay characters.
    expect(await test.page.$eval('#p2 [role=status]', (el) => [el.textContent, el.children.length])).toEqual(['Sent <b>ok</b>', 0]);
    expect((await posts(session)).map((post) => post.fields)).toEqual([{ email: 'x@example.com' }]);
    test.assertClean();
  });
  it('a popup without .js-modal-body (the contract names none): the whole element is the dialog body; it opens and posts', async () => {
    const path = '/__fixture/popup-no-body';
    const html = fixture(
      '<div class="js-popup-modal" id="promo-popup" data-success-message="Thanks." data-error-message="Sorry.">' +
        '<button type="button" class="js-modal-close" aria-label="Close">×</button><h2>Free check</h2>' +
        '<form action="/forms/popup" method="post"><label for="promo-email">Work email</label><input type="email" id="promo-email" name="email" required>' +
        '<label for="promo-company">Company</label><input id="promo-company" name="company"><button type="submit">Send</button></form></div>',
    );
    const test = await openHome(session, path, { respond: (url) => (new URL(url).pathname === path ? { body: html } : undefined) });
    expect(await test.page.$$eval(`${POPUP} .js-modal-body`, (all) => all.length)).toBe(0);
    expect(await test.page.$eval(POPUP, (el) => el.getAttribute('data-enhanced'))).toBe('popup-modal');
    await openPopup(test.page);
    expect(await test.page.$eval(POPUP, (el) => el.contains(document.activeElement))).toBe(true);
    await fill(test.page);
    await test.page.click(`${POPUP} button[type=submit]`);
    await test.page.waitForFunction((sel: string) => !!document.querySelector(sel + ' [role=status]')?.textContent, { timeout: 3000 }, POPUP);
    expect(await posts(session)).toHaveLength(1);
    test.assertClean();
  });

  it('a popup without a heading is named after its submit button (a <button>, or an <input> by its value; an icon button by its aria-label, image alt or title, as text)', async () => {
    for (const [n, submit, name] of [
      [1, '<button type="submit"> Subscribe </button>', 'Subscribe'],
      [2, '<input type="submit" value="Join the list">', 'Join the list'],
      [3, '<button type="submit" aria-label="Sign up"><svg width="16" height="16" aria-hidden="true"></svg></button>', 'Sign up'],
      [4, '<button type="submit"><img alt="<b>Go</b>" width="16" height="16"></button>', '<b>Go</b>'],
      [5, '<button type="submit" title="Send"><svg width="16" height="16" aria-hidden="true"></svg></button>', 'Send'],
    ]) {
      const path = `/__fixture/popup-unnamed-${n}`;
      const html = fixture(
        '<div class="js-popup-modal" id="promo-popup"><button type="button" class="js-modal-close" aria-label="Close">×</button>' +
          `<form action="/forms/popup" method="post"><label for="promo-email">Work email</label><input type="email" id="promo-email" name="email">${submit}</form></div>`,
      );
      const test = await openHome(session, path, { respond: (url) => (new URL(url).pathname === path ? { body: html } : undefined) });
      await openPopup(test.page);
      const dialog = await test.page.$eval(POPUP, (el) => ({ role: el.getAttribute('role'), label: el.getAttribute('aria-label') }));
      expect(dialog).toEqual({ role: 'dialog', label: name });
      test.assertClean();
    }
  });

  it('a popup without a heading whose submit button is an <input type="submit"> without a value is named as the browser names that button ("Submit" in Chromium), never by a blank aria-label', async () => {
    for (const [n, submit, name] of [
      [1, '<input type="submit">', 'Submit'],
      [2, '<input type="submit" title=" Join ">', 'Join'],
      // A blank value is shown as an empty button, with no name: none for the dialog either,
      // and no blank aria-label.
      [3, '<input type="submit" value=" ">', ''],
    ] as const) {
      const path = `/__fixture/popup-default-name-${n}`;
      const html = fixture(
        '<div class="js-popup-modal" id="promo-popup"><button type="button" class="js-modal-close" aria-label="Close">×</button>' +
          `<form action="/forms/popup" method="post"><label for="promo-email">Work email</label><input type="email" id="promo-email" name="email">${submit}</form></div>`,
      );
      const test = await openHome(session, path, { respond: (url) => (new URL(url).pathname === path ? { body: html } : undefined) });
      await openPopup(test.page);
      const find = (node: SerializedAXNode): SerializedAXNode | undefined => (node.role === 'dialog' ? node : node.children?.map(find).find(Boolean));
      const dialog = find((await test.page.accessibility.snapshot())!);
      expect([dialog?.name ?? '', await test.page.$eval(POPUP, (el) => el.getAttribute('aria-label'))], submit).toEqual([name, n == 2 ? name : null]);
      // Closed, the popup and its submit button are as the page had them.
      await test.page.keyboard.press('Escape');
      await test.page.waitForFunction((sel: string) => !document.querySelector(sel)!.classList.contains('is-open'), { timeout: 3000 }, POPUP);
      expect(await test.page.$eval(POPUP, (el) => [el.getAttribute('aria-labelledby'), el.querySelector('input[type=submit]')!.id])).toEqual([null, '']);
      test.assertClean();
    }
  });

  it('fields named action, method and elements (form.action is then the field) do not stop the form being sent inside the popup', async () => {
    const path = '/__fixture/popup-clobbered';
    const html = fixture(
      '<div class="js-popup-modal" id="promo-popup" data-success-message="Thanks." data-error-message="Sorry."><div class="js-modal-body">' +
        '<button type="button" class="js-modal-close" aria-label="Close">×</button><h2>Newsletter</h2>' +
        '<form action="/forms/popup" method="post"><input type="hidden" name="action" value="subscribe"><input type="hidden" name="method" value="double-opt-in">' +
        '<input type="hidden" name="elements" value="all"><label for="promo-email">Work email</label><input type="email" id="promo-email" name="email" required>' +
        '<label for="promo-company">Company</label><input id="promo-company" name="company"><button type="submit">Send</button></form></div></div>',
    );
    const test = await openHome(session, path, { respond: (url) => (new URL(url).pathname === path ? { body: html } : undefined) });
    await openPopup(test.page);
    await fill(test.page);
    await test.page.click(`${POPUP} button[type=submit]`);
    await test.page.waitForFunction((sel: string) => !!document.querySelector(sel + ' [role=status]')?.textContent, { timeout: 3000 }, POPUP);
    expect(new URL(test.page.url()).pathname).toBe(path);
    expect(await popupState(test.page)).toEqual({ open: true, hidden: false, formHidden: true, status: 'Thanks.', alert: null, busy: null, disabled: false });
    expect(await test.page.$eval(`${POPUP} button[type=submit]`, (el) => el.getAttribute('aria-disabled'))).toBe(null);
    expect((await posts(session)).map((post) => post.fields)).toEqual([
      { action: 'subscribe', method: 'double-opt-in', elements: 'all', email: 'ada@example.com', company: 'Analytical Engines' },
    ]);
    test.assertClean();
  });
});
