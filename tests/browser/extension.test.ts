// The browser extension (scripts/build-extension.mjs) loaded unpacked into Chromium: it puts
// veneer on harness pages served without the tag, and its chunks load from the extension.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExtension, checkHosts, checkSettings } from '../../scripts/build-extension.mjs';
import { distDir } from '../../scripts/build.mjs';
import { startServer, type HarnessServer } from '../../src/harness/server';
import { CHROMIUM_ARGS } from './support';

const launch = (dir: string) => puppeteer.launch({ headless: true, pipe: true, enableExtensions: [dir], args: CHROMIUM_ARGS });

interface Visit {
  page: Page;
  requests: string[];
  errors: string[];
}

async function visit(browser: Browser, url: string): Promise<Visit> {
  const page = await browser.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(url, { waitUntil: 'load' });
  return { page, requests, errors };
}

/** Waits for veneer (injected at document_end, so after DOMContentLoaded's listeners) to settle. */
const ready = (page: Page) =>
  page
    .waitForFunction(() => 'veneer' in window, { timeout: 10_000 })
    .then(() => page.evaluate(() => (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready()));

let tmp: string;
let harness: HarnessServer;
let browser: Browser;
let chunks: Record<string, string>;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'veneer-extension-'));
  chunks = JSON.parse(await fs.readFile(path.join(distDir, 'chunks.json'), 'utf8'));
  await buildExtension({ outDir: path.join(tmp, 'default') });
  harness = await startServer({ port: 0 });
  browser = await launch(path.join(tmp, 'default'));
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe('extension build', () => {
  it('writes a Manifest V3 extension with veneer, its chunks and the hosts of hosts.json', async () => {
    const dir = path.join(tmp, 'default');
    const manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8'));
    const hosts = JSON.parse(await fs.readFile(path.join(process.cwd(), 'src/harness/extension/hosts.json'), 'utf8'));
    expect(hosts).toEqual(['http://localhost/*', 'http://127.0.0.1/*']);
    const files = ['veneer.js', ...Object.values(chunks)];
    expect(manifest).toMatchObject({
      manifest_version: 3,
      content_scripts: [{ matches: hosts, js: ['loader.js'], run_at: 'document_end', world: 'ISOLATED' }],
      web_accessible_resources: [{ resources: files, matches: hosts }],
    });
    expect((await fs.readdir(dir)).sort()).toEqual(['loader.js', 'manifest.json', ...files].sort());
    for (const file of files) expect((await fs.readFile(path.join(dir, file))).equals(await fs.readFile(path.join(distDir, file))), file).toBe(true);
  });

  it('checks the hosts list', async () => {
    expect(checkHosts(['https://www.example.com/*', 'https://*.example.org/news/*', 'http://localhost:8080/*'])).toHaveLength(3);
    for (const bad of [[], 'https://x/*', ['www.example.com'], ['ftp://example.com/*'], ['https://example.com'], [42]])
      expect(() => checkHosts(bad), JSON.stringify(bad)).toThrow(/match pattern/);
    const { dir } = await buildExtension({ outDir: path.join(tmp, 'hosts'), hosts: ['https://www.example.com/news/*'] });
    const manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8'));
    expect(manifest.content_scripts[0].matches).toEqual(['https://www.example.com/news/*']);
    // web_accessible_resources match origins only.
    expect(manifest.web_accessible_resources[0].matches).toEqual(['https://www.example.com/*']);
  });
});

describe('extension in Chromium', () => {
  it('injects veneer into a page without the tag; the chunks load from the extension', async () => {
    const { page, requests, errors } = await visit(browser, `${harness.url}/home/?veneer=off`);
    await ready(page);
    const scripts = await page.$$eval('script[src]', (list) => list.map((s) => (s as HTMLScriptElement).src));
    const core = scripts.find((src) => src.endsWith('/veneer.js'))!;
    expect(core).toMatch(/^chrome-extension:\/\/[a-p]{32}\/veneer\.js$/);
    const origin = core.slice(0, -'/veneer.js'.length); // URL.origin of chrome-extension: is 'null' in Node
    expect(await page.$eval('.js-carousel', (el) => el.getAttribute('data-enhanced'))).toBe('carousel');
    expect(scripts).toContain(`${origin}/${chunks.carousel}`);
    expect(requests).toContain(`${origin}/${chunks.carousel}`);
    // Nothing asked the page's own server for veneer.
    expect(requests.filter((url) => url.includes('/Content/scripts/dist/'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('works under the harness’s strict CSP (Trusted Types included)', async () => {
    harness.state.cspReports.clear();
    const { page, errors } = await visit(browser, `${harness.url}/home/?veneer=off&csp=strict`);
    await ready(page);
    expect(await page.$eval('.js-carousel', (el) => el.getAttribute('data-enhanced'))).toBe('carousel');
    expect(errors).toEqual([]);
    expect(harness.state.cspReports.list()).toEqual([]);
    await page.close();
  });

  it('leaves a page that carries the veneer tag alone', async () => {
    const { page, requests } = await visit(browser, `${harness.url}/home/`);
    await ready(page);
    expect(await page.$eval('.js-carousel', (el) => el.getAttribute('data-enhanced'))).toBe('carousel');
    expect(requests.filter((url) => url.startsWith('chrome-extension:'))).toEqual([]);
    expect(await page.$$eval('script[src$="veneer.js"]', (list) => list.length)).toBe(1);
    await page.close();
  });

  it('checks the settings and puts them on the script tag it adds; veneer reads them', async () => {
    expect(() => checkSettings(['data-debug'])).toThrow(/JSON object/);
    expect(() => checkSettings({ onload: 'x' })).toThrow(/not a data-\* attribute name/);
    expect(() => checkSettings({ 'data-debug': true })).toThrow(/must be text/);
    const { dir } = await buildExtension({ outDir: path.join(tmp, 'settings'), settings: { 'data-save-data': 'maybe', 'data-label-carousel': 'Slides' } });
    const other = await launch(dir);
    try {
      const { page, errors } = await visit(other, `${harness.url}/home/?veneer=off`);
      await ready(page);
      const tag = await page.$eval('script[src$="veneer.js"]', (el) => [el.getAttribute('data-save-data'), el.getAttribute('data-label-carousel')]);
      expect(tag).toEqual(['maybe', 'Slides']);
      expect(await page.$eval('.js-carousel', (el) => el.getAttribute('aria-label'))).toBe('Slides');
      expect(errors).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('stays off hosts it does not list', async () => {
    const { dir } = await buildExtension({ outDir: path.join(tmp, 'localhost-only'), hosts: ['http://localhost/*'] });
    const other = await launch(dir);
    try {
      const { page, requests } = await visit(other, `${harness.url}/home/?veneer=off`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await page.evaluate(() => 'veneer' in window)).toBe(false);
      expect(await page.$eval('.js-carousel', (el) => el.getAttribute('data-enhanced'))).toBeNull();
      expect(requests.filter((url) => url.startsWith('chrome-extension:'))).toEqual([]);
      // The same page by the listed host name: the extension is there.
      const listed = await visit(other, `http://localhost:${harness.port}/home/?veneer=off`);
      await ready(listed.page);
      expect(await listed.page.$eval('.js-carousel', (el) => el.getAttribute('data-enhanced'))).toBe('carousel');
    } finally {
      await other.close();
    }
  });
});
