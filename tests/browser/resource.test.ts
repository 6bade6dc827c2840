// Resource downloads (div.js-resource) on the captured /resources/ page and a fixture of
// hostile checkbox values (bad-inputs row 17), in Chromium against the production build:
// the checked media ids come as one real zip from GET /download-zip/<ids>, saved under the
// title + file types; a failure shows data-download-error as text and publishes /status.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { fixture } from './helpers';
import { useSession } from './support';

const FIRST = '.js-resource:nth-of-type(1)';
const zipRequests = (requests: string[]) => requests.filter((url) => new URL(url).pathname.startsWith('/download-zip/'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Records /status events in the page. */
const listen = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __status: unknown[]; veneer: { on(topic: string, fn: (e: { message: string; element?: Element }) => void): void } };
    w.__status = [];
    w.veneer.on('/status', (e) => w.__status.push({ message: e.message, resource: e.element?.classList.contains('js-resource') }));
  });
const events = (page: Page) => page.evaluate(() => (window as unknown as { __status: unknown[] }).__status);
const state = (page: Page, item: string) =>
  page.$eval(item, (el) => ({
    disabled: el.querySelector('.js-resource-download')!.getAttribute('aria-disabled'),
    busy: el.getAttribute('aria-busy'),
    busyClass: el.classList.contains('is-busy'),
    status: el.querySelector('.js-resource-status')!.textContent,
    statusHtml: el.querySelector('.js-resource-status')!.innerHTML,
    role: el.querySelector('.js-resource-status')!.getAttribute('role'),
  }));

/** Lets the page save downloads into a fresh folder; resolves the saved file's name. */
async function downloads(page: Page) {
  const folder = await mkdtemp(path.join(tmpdir(), 'veneer-zip-'));
  const cdp = await page.createCDPSession();
  const names: string[] = [];
  const done = new Promise<string>((resolve, reject) => {
    cdp.on('Browser.downloadWillBegin', (e: { suggestedFilename: string }) => names.push(e.suggestedFilename));
    cdp.on('Browser.downloadProgress', (e: { state: string }) => {
      if (e.state == 'completed') resolve(names[0]);
      if (e.state == 'canceled') reject(new Error('download canceled'));
    });
  });
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: folder, eventsEnabled: true });
  return { folder, done, cleanup: () => rm(folder, { recursive: true, force: true }) };
}

describe('resource downloads', () => {
  const session = useSession();

  it('the button is aria-disabled until a file is checked (mouse), and a click before does nothing', async () => {
    const test = await session.open('/resources/');
    expect(await test.page.$$eval('.js-resource', (els) => els.map((el) => el.getAttribute('data-enhanced')))).toEqual(['resource', 'resource', 'resource']);
    expect((await state(test.page, FIRST)).disabled).toBe('true');
    await test.page.click(`${FIRST} .js-resource-download`);
    await sleep(200);
    expect(zipRequests(test.requests)).toEqual([]);
    await test.page.click('#media-101');
    expect((await state(test.page, FIRST)).disabled).toBe('false');
    await test.page.click('#media-101');
    expect((await state(test.page, FIRST)).disabled).toBe('true');
    test.assertClean();
    await test.page.close();
  });

  it('keyboard: Space on a checkbox enables the button, which stays focusable; Enter downloads a real zip named from title + types', async () => {
    const test = await session.open('/resources/');
    const saved = await downloads(test.page);
    try {
      await test.page.focus('#media-101');
      await test.page.keyboard.press('Space');
      await test.page.focus('#media-103');
      await test.page.keyboard.press('Space');
      expect((await state(test.page, FIRST)).disabled).toBe('false');
      await test.page.focus(`${FIRST} .js-resource-download`);
      await test.page.keyboard.press('Enter');
      const name = await saved.done;
      expect(name).toBe('NS-400-pressure-transmitter-PDF-XLSX.zip');
      expect(zipRequests(test.requests).map((url) => new URL(url).pathname)).toEqual(['/download-zip/101,103']);
      let files: string[] = [];
      for (let i = 0; i < 50 && !files.includes(name); i++) (files = await readdir(saved.folder)), await sleep(50);
      expect(files).toEqual([name]);
      const bytes = await readFile(path.join(saved.folder, name));
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      const after = await state(test.page, FIRST);
      expect(after).toMatchObject({ disabled: 'false', busy: null, busyClass: false, status: '' });
      expect(await test.page.evaluate(() => document.activeElement?.classList.contains('js-resource-download'))).toBe(true);
      test.assertClean();
    } finally {
      await saved.cleanup();
      await test.page.close();
    }
  });

  it('a double click sends one request; the item is aria-busy meanwhile', async () => {
    const test = await session.open('/resources/');
    const saved = await downloads(test.page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await test.page.setRequestInterception(true);
    test.page.on('request', async (request) => {
      if (request.url().includes('/download-zip/')) await held;
      await request.continue();
    });
    try {
      await test.page.click('#media-105');
      await test.page.click('#media-104');
      await test.page.click(`${FIRST.replace('1', '2')} .js-resource-download`, { count: 2 });
      await sleep(150);
      const during = await state(test.page, '.js-resource:nth-of-type(2)');
      expect(during).toMatchObject({ disabled: 'true', busy: 'true', busyClass: true, status: 'Preparing the download…' });
      release();
      expect(await saved.done).toBe('Northwind-Connect-PDF-DOCX.zip');
      expect(zipRequests(test.requests).map((url) => new URL(url).pathname)).toEqual(['/download-zip/105,104']);
      await test.page.waitForFunction(() => !document.querySelector('.js-resource[aria-busy]'));
      test.assertClean();
    } finally {
      await saved.cleanup();
      await test.page.close();
    }
  });

  it('a 500 shows data-download-error as text, publishes /status, and leaves the button usable', async () => {
    const test = await session.open('/resources/', { allowErrors: [/500/] });
    await listen(test.page);
    await test.page.setRequestInterception(true);
    test.page.on('request', (request) =>
      request.url().includes('/download-zip/') ? request.respond({ status: 500, contentType: 'text/plain', body: 'boom' }) : request.continue(),
    );
    await test.page.click('#media-107');
    await test.page.click('.js-resource:nth-of-type(3) .js-resource-download');
    const message = await test.page.$eval('.js-resource:nth-of-type(3)', (el) => el.getAttribute('data-download-error'));
    await test.page.waitForFunction((m: string) => document.querySelectorAll('.js-resource-status')[2].textContent == m, {}, message!);
    expect(await state(test.page, '.js-resource:nth-of-type(3)')).toMatchObject({ disabled: 'false', busy: null, busyClass: false, role: 'status' });
    expect(await events(test.page)).toEqual([{ message, resource: true }]);
    expect(test.warnings.some((w) => w.includes('resource: the zip download failed'))).toBe(true);
    // Usable again: a second try sends a second request.
    await test.page.click('.js-resource:nth-of-type(3) .js-resource-download');
    await test.page.waitForFunction(() => (window as unknown as { __status: unknown[] }).__status.length == 2);
    expect(zipRequests(test.requests)).toHaveLength(2);
    test.assertClean();
    await test.page.close();
  });

  it('a network failure is reported the same way', async () => {
    const test = await session.open('/resources/', { intercept: (url) => (url.includes('/download-zip/') ? 'abort' : undefined), allowErrors: [/ERR_FAILED|Failed to load/] });
    await listen(test.page);
    await test.page.click('#media-102');
    await test.page.click(`${FIRST} .js-resource-download`);
    await test.page.waitForFunction(() => (window as unknown as { __status: unknown[] }).__status.length == 1);
    expect((await state(test.page, FIRST)).status).toMatch(/^Sorry, the NS-400 documents could not be downloaded/);
    expect((await state(test.page, FIRST)).busy).toBe(null);
    test.assertClean();
    await test.page.close();
  });

  it('bad inputs (row 17): only integer ids are requested, the error is literal text, 0 hits', async () => {
    const bad = ['1/../../admin', '1?x=', '1#', '-1', '1e3', '<img src=x onerror=__hit()>', '007', ' 12 '];
    const boxes = [...bad, '5', '101'].map((value, i) => `<label><input type="checkbox" class="js-resource-file" data-file-type="PDF" value="${value.replace(/"/g, '&quot;').replace(/</g, '&lt;')}" id="f${i}" checked>f${i}</label>`).join('');
    const html = fixture(
      '<script>window.__hits = 0; window.__hit = () => window.__hits++;</script>' +
        `<div class="js-resource" data-title="<img src=x onerror=__hit()>" data-download-error="<img src=x onerror=__hit()>">${boxes}` +
        '<button type="button" class="js-resource-download">Download</button><p class="js-resource-status"></p></div>',
    );
    const test = await session.open('/__fixture/resource', { html, allowErrors: [/404/] });
    await listen(test.page);
    // A button click with boxes checked in markup: enabled from the start.
    expect((await state(test.page, '.js-resource')).disabled).toBe('false');
    await test.page.click('.js-resource-download');
    await test.page.waitForFunction(() => (window as unknown as { __status: unknown[] }).__status.length == 1);
    expect(zipRequests(test.requests).map((url) => new URL(url).pathname)).toEqual(['/download-zip/12,5,101']);
    const after = await state(test.page, '.js-resource');
    expect(after.status).toBe('<img src=x onerror=__hit()>');
    expect(after.statusHtml).toBe('&lt;img src=x onerror=__hit()&gt;');
    expect(after.role).toBe('status');
    expect(await test.page.evaluate(() => (window as unknown as { __hits: number }).__hits)).toBe(0);
    expect(test.warnings.filter((w) => w.includes('is not a media id'))).toHaveLength(bad.length - 1);
    test.assertClean();
    await test.page.close();
  });

  it('5,000 checked files: at most 200 ids in one request, with a message', async () => {
    const boxes = Array.from({ length: 5000 }, (_, i) => `<input type="checkbox" class="js-resource-file" value="${i + 1}" checked aria-label="f${i}">`).join('');
    const html = fixture(`<div class="js-resource" data-title="Many" data-download-error="Failed.">${boxes}<button type="button" class="js-resource-download">Download</button><p class="js-resource-status" role="status"></p></div>`);
    const test = await session.open('/__fixture/resource-many', {
      html,
      // A zip of a few bytes: the download succeeds, so the note is what stays.
      respond: (url) => (url.includes('/download-zip/') ? { contentType: 'application/zip', body: 'PK' } : undefined),
    });
    await test.page.click('.js-resource-download');
    await test.page.waitForFunction(() => !document.querySelector('.js-resource[aria-busy]'));
    expect(await test.page.$eval('.js-resource-status', (el) => el.textContent)).toBe('Only the first 200 of the 5000 selected files are included.');
    const [url] = zipRequests(test.requests);
    expect(new URL(url).pathname.slice('/download-zip/'.length).split(',')).toHaveLength(200);
    expect(test.warnings.some((w) => w.includes('only the first 200'))).toBe(true);
    test.assertClean();
    await test.page.close();
  });

  it('removal puts the markup back as it was', async () => {
    const test = await session.open('/resources/');
    // As the CMS sent it: the two attributes the feature adds taken away.
    const original = (await test.page.$eval(FIRST, (el) => el.outerHTML)).replace(/ data-enhanced="resource"| aria-disabled="true"/g, '');
    await test.page.click('#media-101');
    const after = await test.page.evaluate(async () => {
      const item = document.querySelector('.js-resource')!;
      item.querySelector<HTMLInputElement>('#media-101')!.checked = false;
      item.remove();
      await new Promise((resolve) => setTimeout(resolve, 50));
      return item.outerHTML;
    });
    expect(after).toBe(original);
    test.assertClean();
    await test.page.close();
  });
});
