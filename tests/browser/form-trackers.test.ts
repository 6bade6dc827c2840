// Form-provider trackers (.js-hubspot-form, .js-marketo-form) on the captured /contact/ page,
// in Chromium against the production build. The providers' scripts are the harness's
// stand-ins (src/harness/stubs.ts): `?__stubs=hubspot,marketo` puts their tags at the end of
// the body (loaded before veneer's deferred script); a test adds one later with
// a script element added later for "loaded after veneer". Without them the captured forms post natively.
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { useSession } from './support';

const HUBSPOT_ID = '4f2a9c1e-6b3d-4e8f-9c0a-1d2e3f4a5b6c';

/** Records the trackers' /analytics/event payloads into sessionStorage (kept across a form navigation). */
const record = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { veneer: { on: Function } }).veneer.on('/analytics/event', (event: { label?: string }) => {
      if (!/^(hubspot|marketo):/.test(event.label || '')) return;
      const list = JSON.parse(sessionStorage.getItem('events') || '[]');
      list.push(event);
      sessionStorage.setItem('events', JSON.stringify(list));
    });
  });
const events = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('events') || '[]'));
const waitEvents = (page: Page, count: number) =>
  page.waitForFunction((n: number) => JSON.parse(sessionStorage.getItem('events') || '[]').length >= n, { timeout: 4000 }, count);

async function fillHubspot(page: Page) {
  await page.type('#firstname-4f2a9c1e', 'Ada');
  await page.type('#lastname-4f2a9c1e', 'Lovelace');
  await page.type('#email-4f2a9c1e', 'ada@example.com');
}
async function fillMarketo(page: Page) {
  await page.type('#FirstName', 'Grace');
  await page.type('#Email', 'grace@example.com');
}

describe('form trackers', () => {
  const session = useSession();

  it('/contact/ with the providers loaded before veneer: each successful submit is reported once; the providers keep their own follow-up', async () => {
    const test = await session.open('/contact/?__stubs=hubspot,marketo');
    const page = test.page;
    expect(await page.$$eval('.js-hubspot-form, .js-marketo-form', (all) => all.map((el) => el.getAttribute('data-enhanced')))).toEqual(['hubspot-form', 'marketo-form']);
    expect(await page.evaluate(() => [(window as any).__hsStub?.loads, (window as any).__mktoStub?.loads])).toEqual([1, 1]);
    await record(page);
    await fillHubspot(page);
    await page.click('.js-hubspot-form input[type=submit]');
    await waitEvents(page, 1);
    await page.waitForSelector('.js-hubspot-form .submitted-message');
    await fillMarketo(page);
    await page.click('.js-marketo-form button[type=submit]');
    await waitEvents(page, 2);
    // Marketo's default follow-up ran: the tracker's onSuccess returned true.
    await page.waitForFunction(() => (window as any).__mktoStub.followUps === 1);
    expect(await page.$eval('#mktoForm_1024', (el) => el.textContent)).toBe('Thank you!');
    // onFormReady / onFormSubmit messages are not submissions; nothing navigated.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await events(page)).toEqual([
      { category: 'form', action: 'submit', label: `hubspot:${HUBSPOT_ID}` },
      { category: 'form', action: 'submit', label: 'marketo:1024' },
    ]);
    expect(await page.evaluate(() => location.pathname)).toBe('/contact/');
    test.assertClean();
    await page.close();
  });

  it('Marketo loaded after veneer (a slow script): found by the bounded polling', async () => {
    const test = await session.open('/contact/');
    const page = test.page;
    await record(page);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.src = testScriptURL('/__stubs/marketo/forms2.js?delay=400');
      document.body.append(script);
    });
    await page.waitForFunction(() => !!(window as any).MktoForms2, { timeout: 3000 });
    // The tracker's next look (every 250 ms) hooks whenReady.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await fillMarketo(page);
    await page.click('.js-marketo-form button[type=submit]');
    await waitEvents(page, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await events(page)).toEqual([{ category: 'form', action: 'submit', label: 'marketo:1024' }]);
    test.assertClean();
    await page.close();
  });

  it('without the providers: the captured forms post natively and a submit that goes ahead is reported', async () => {
    const test = await session.open('/contact/');
    const page = test.page;
    await record(page);
    await fillHubspot(page);
    await Promise.all([page.waitForNavigation(), page.click('.js-hubspot-form input[type=submit]')]);
    expect(page.url()).toMatch(/\/forms\/hubspot$/);
    expect(await events(page)).toEqual([{ category: 'form', action: 'submit', label: `hubspot:${HUBSPOT_ID}` }]);
    // A submit the browser's own validation stops is not reported (no submit event).
    await page.goto(session.url + '/contact/', { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready());
    await record(page);
    await page.click('.js-marketo-form button[type=submit]');
    expect(await events(page)).toHaveLength(1);
    await fillMarketo(page);
    await Promise.all([page.waitForNavigation(), page.click('.js-marketo-form button[type=submit]')]);
    expect(page.url()).toMatch(/\/forms\/marketo$/);
    expect((await events(page)).map((e: { label: string }) => e.label)).toEqual([`hubspot:${HUBSPOT_ID}`, 'marketo:1024']);
    test.assertClean();
    await page.close();
  });

  it('HubSpot messages: only onFormSubmitted for a form inside the container, from the page or a frame inside it with an allowed origin', async () => {
    // The test's own srcdoc frame posts with an inline script, which the page's CSP would refuse.
    const test = await session.open('/contact/?csp=off');
    const page = test.page;
    await record(page);
    await page.evaluate((id: string) => {
      const say = (data: unknown) => window.postMessage(data, '*');
      say({ type: 'hsFormCallback', eventName: 'onFormSubmit', id });
      say({ type: 'hsFormCallback', eventName: 'onFormReady', id });
      say({ type: 'hsFormCallback', eventName: 'onFormSubmitted', id: 'not-on-this-page' });
      say({ type: 'hsFormCallback', eventName: 'onFormSubmitted', id: [id] });
      say({ type: 'hsFormCallback', eventName: 'onFormSubmitted', id: 'x"],*' });
      say('hsFormCallback');
      say(null);
      // A frame with an opaque origin inside the container: not HubSpot's, ignored.
      const frame = document.createElement('iframe');
      frame.setAttribute('sandbox', 'allow-scripts');
      frame.srcdoc = testHTML(`<script>parent.postMessage({ type: 'hsFormCallback', eventName: 'onFormSubmitted', id: '${id}' }, '*')</script>`);
      document.querySelector('.js-hubspot-form')!.append(frame);
    }, HUBSPOT_ID);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await events(page)).toEqual([]);
    // The embed script in the page about the container's form: reported.
    await page.evaluate((id: string) => window.postMessage({ type: 'hsFormCallback', eventName: 'onFormSubmitted', id, data: {} }, '*'), HUBSPOT_ID);
    await waitEvents(page, 1);
    // Removed: nothing is reported any more; inserted again: once, not twice.
    await page.evaluate(async (id: string) => {
      const container = document.querySelector('.js-hubspot-form')!;
      const parent = container.parentElement!;
      container.remove();
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      window.postMessage({ type: 'hsFormCallback', eventName: 'onFormSubmitted', id }, '*');
      await new Promise((resolve) => setTimeout(resolve, 100));
      parent.append(container);
      await (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready();
      window.postMessage({ type: 'hsFormCallback', eventName: 'onFormSubmitted', id }, '*');
    }, HUBSPOT_ID);
    await waitEvents(page, 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await events(page)).toEqual([
      { category: 'form', action: 'submit', label: `hubspot:${HUBSPOT_ID}` },
      { category: 'form', action: 'submit', label: `hubspot:${HUBSPOT_ID}` },
    ]);
    test.assertClean();
    await page.close();
  });

  it('works under ?csp=strict with Trusted Types (stand-ins included): no violation', async () => {
    const test = await session.open('/contact/?csp=strict&__stubs=hubspot,marketo');
    const page = test.page;
    await page.evaluate(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      addEventListener('securitypolicyviolation', (event) => w.__violations.push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    await record(page);
    await fillHubspot(page);
    await page.click('.js-hubspot-form input[type=submit]');
    await fillMarketo(page);
    await page.click('.js-marketo-form button[type=submit]');
    await waitEvents(page, 2);
    expect((await events(page)).map((e: { label: string }) => e.label).sort()).toEqual([`hubspot:${HUBSPOT_ID}`, 'marketo:1024']);
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    test.assertClean();
    await page.close();
  });
});
