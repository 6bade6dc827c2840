// The harness UI (src/harness/ui/, production build in dist-harness/) at the test server's
// address: the catalogue, the page view with its live log, the snapshot view, the keyboard,
// axe-core, and no page errors.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Frame, HTTPRequest } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startServer } from '../../src/harness/server';
import { startSession, type OpenOptions, type Session, type TestPage } from './support';

const PAGES_DIR = path.join(REPO_ROOT, 'legacy-pages');
const PAGES = readdirSync(PAGES_DIR)
  .filter((name) => !name.startsWith('_') && existsSync(path.join(PAGES_DIR, name, 'index.html')))
  .sort();
const REGISTRY = JSON.parse(readFileSync(path.join(REPO_ROOT, 'src/injector/registry.json'), 'utf8')) as Record<string, string>;
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// Chromium logs a 404 answer to fetch() as a console error.
const FETCH_404 = /Failed to load resource: the server responded with a status of 404/;
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface PageRow {
  name: string;
  title: string;
  features: Record<string, boolean>;
  hooks: string[];
  other: string[];
}

let session: Session;
beforeAll(async () => {
  session = await startSession();
});
afterAll(() => session?.close());

/** Opens a UI route; the UI is not a veneer page, so no ready(). */
async function openUi(route: string, options: OpenOptions = {}) {
  const t = await session.open(route, { ready: false, ...options });
  await t.page.waitForSelector('main h1');
  return t;
}

async function axeViolations(t: TestPage, waitFor: string): Promise<string[]> {
  // The UI's CSP refuses inline scripts, axe's included: bypass it for this check only.
  await t.page.setBypassCSP(true);
  await t.page.reload({ waitUntil: 'domcontentloaded' });
  await t.page.waitForSelector(waitFor);
  await t.page.addScriptTag({ content: AXE });
  // The legacy pages in the page view's frames are not the UI's: iframes: false.
  const violations = await t.page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: unknown }[] }[]; passes: unknown[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<Result> } }).axe;
    const result = await axe.run(document, { iframes: false });
    return {
      passes: result.passes.length,
      violations: result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`),
    };
  });
  expect(violations.passes).toBeGreaterThan(10); // axe did check the page
  return violations.violations;
}

async function loadedFrame(t: TestPage, selector: string): Promise<Frame> {
  const handle = await t.page.waitForSelector(selector);
  const frame = (await handle!.contentFrame())!;
  await frame.waitForFunction(() => document.readyState === 'complete');
  return frame;
}

function logHas(t: TestPage, kind: string, ...parts: string[]) {
  return t.page.waitForFunction(
    (kind: string, parts: string[]) =>
      [...document.querySelectorAll(`[role="log"] .line--${kind}`)].some((line) => parts.every((part) => line.textContent!.includes(part))),
    { timeout: 10_000 },
    kind,
    parts,
  );
}

describe('catalogue', () => {
  it('lists every captured page with its title and the features it uses', async () => {
    const t = await openUi('/');
    await t.page.waitForSelector('table.pages tbody tr');
    const rows = await t.page.$$eval('table.pages tbody tr', (trs) =>
      trs.map((tr) => ({
        name: tr.querySelector('th code')!.textContent,
        title: tr.querySelector('th a')!.textContent,
        href: tr.querySelector('th a')!.getAttribute('href'),
        features: [...tr.querySelectorAll('.tags li')].map((li) => li.textContent),
        other: tr.querySelector('td.hooks')!.textContent,
      })),
    );
    expect(rows.map((r) => r.name)).toEqual(PAGES);
    const json = (await (await fetch(`${session.url}/__pages.json`)).json()) as PageRow[];
    for (const row of rows) {
      const entry = json.find((p) => p.name === row.name)!;
      expect(row.title).toBe(entry.title);
      expect(row.href).toBe(`/view/${row.name}`);
      expect(row.features).toEqual(Object.keys(REGISTRY).filter((name) => entry.features[name]));
      // "Other hooks": the js- hooks no feature handles. Every hook of the captured pages is
      // handled (the header's panels, the footer's select-link and back-to-top, the forms'
      // js-validate and js-mailing-form…), so the column says none.
      expect({ page: row.name, other: row.other }).toEqual({ page: row.name, other: 'none' });
      expect(entry.other).toEqual([]);
    }
    const features = Object.fromEntries(rows.map((r) => [r.name, r.features]));
    // Known uses on the captured pages (more features join as they are built).
    expect(features.home).toEqual(expect.arrayContaining(['carousel', 'tabs', 'expand', 'nav', 'appear']));
    expect(features.event).toEqual(expect.arrayContaining(['expand', 'header']));
    expect(features.event).not.toContain('carousel');
    expect(features.resources).toEqual(expect.arrayContaining(['tabs']));
    expect(await t.page.$eval('nav a[aria-current="page"]', (a) => a.textContent)).toBe('Pages');
    expect(await t.page.title()).toBe('Pages · veneer harness');
    t.assertClean();
  });

  it("computes each page's features and js- hooks as Chromium's parser sees the page", async () => {
    const json = (await (await fetch(`${session.url}/__pages.json`)).json()) as PageRow[];
    expect(json.map((p) => p.name)).toEqual(PAGES);
    for (const entry of json) {
      // The page as served, veneer's tag included (data-analytics-id is the analytics hook),
      // with no script run.
      const t = await session.open('/__blank', { html: '<!doctype html><title>blank</title>', ready: false });
      await t.page.setJavaScriptEnabled(false);
      await t.page.goto(`${session.url}/${entry.name}/`, { waitUntil: 'domcontentloaded' });
      const seen = await t.page.evaluate((registry: Record<string, string>) => {
        const features: Record<string, boolean> = {};
        for (const [name, selector] of Object.entries(registry)) features[name] = !!document.querySelector(selector || `.js-${name}`);
        const hooks = new Set<string>();
        for (const el of document.querySelectorAll('[class]')) for (const c of el.classList) if (c.startsWith('js-')) hooks.add(c);
        return { features, hooks: [...hooks].sort() };
      }, REGISTRY);
      expect({ page: entry.name, ...seen }).toEqual({ page: entry.name, features: entry.features, hooks: entry.hooks });
      await t.page.close();
    }
  });

  it('is reachable by keyboard: Tab reaches the first page link, Enter opens its view', async () => {
    const t = await openUi('/');
    await t.page.waitForSelector('table.pages tbody a');
    await t.page.keyboard.press('Tab');
    expect(await t.page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    let reached = false;
    for (let i = 0; i < 10 && !reached; i++) {
      await t.page.keyboard.press('Tab');
      reached = await t.page.evaluate(() => document.activeElement === document.querySelector('table.pages tbody tr:first-child th a'));
    }
    expect(reached).toBe(true);
    await t.page.keyboard.press('Enter');
    await t.page.waitForFunction((name: string) => location.pathname === `/view/${name}`, {}, PAGES[0]);
    await loadedFrame(t, 'iframe.frame-enhanced');
    // The new view's heading has the focus; no nav link is the current page.
    expect(await t.page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await t.page.$('nav a[aria-current]')).toBeNull();
    t.assertClean();
  });
});

describe('page view', () => {
  it('shows the enhanced page and logs its chunk loads and bus events', async () => {
    const t = await openUi('/view/home', { allowErrors: [/ChunkLoadError: \/Content\/scripts\/dist\/carousel\.0\.js/] });
    const frame = await loadedFrame(t, 'iframe.frame-enhanced');
    await frame.evaluate(() => (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready());
    expect(await frame.evaluate(() => document.querySelectorAll('[data-enhanced]').length)).toBeGreaterThan(0);
    expect(await t.page.$eval('h1', (h) => h.textContent)).toBe('Industrial sensors | Northwind Instruments');
    await logHas(t, 'page', 'loaded /home/');
    await logHas(t, 'chunk', 'carousel');
    await frame.evaluate(() => (window as unknown as { veneer: { emit(topic: string, data: unknown): void } }).veneer.emit('/status', { message: 'hi' }));
    await logHas(t, 'bus', '/status', '"message":"hi"');
    const log = await t.page.$eval('[role="log"]', (el) => ({ live: el.getAttribute('aria-live'), html: el.innerHTML }));
    expect(log.live).toBe('polite');
    // Text, never markup: a bus event carrying HTML shows as text.
    await frame.evaluate(() => (window as unknown as { veneer: { emit(topic: string, data: unknown): void } }).veneer.emit('/x', '<img src=x>'));
    await logHas(t, 'bus', '/x <img src=x>');
    expect(await t.page.$('[role="log"] img')).toBeNull();
    // An analytics call (polled from /__analytics) and a veneer warning.
    await frame.evaluate(() => fetch('/__stubs/analytics/collect?v=2&en=ui_probe', { method: 'POST' }));
    await logHas(t, 'analytics', 'ui_probe: POST /__stubs/analytics/collect');
    await frame.evaluate(() => console.warn('[veneer] probe warning', { n: 1 }));
    await logHas(t, 'warning', '[veneer] probe warning {"n":1}');
    // The core's report of a chunk that failed (src/injector/enhancer.ts), which has no prefix.
    await frame.evaluate(() => console.error('carousel', new Error('ChunkLoadError: /Content/scripts/dist/carousel.0.js')));
    await logHas(t, 'error', 'carousel', 'ChunkLoadError: /Content/scripts/dist/carousel.0.js');
    t.assertClean();
  });

  it('switches to the page as the CMS sends it, and to both side by side', async () => {
    const t = await openUi('/view/home');
    await loadedFrame(t, 'iframe.frame-enhanced');
    await t.page.click('input[name="mode"][value="off"]');
    const off = await loadedFrame(t, 'iframe.frame-off');
    expect(await t.page.$('iframe.frame-enhanced')).toBeNull();
    expect(await off.evaluate(() => location.search)).toBe('?veneer=off');
    expect(await off.evaluate(() => document.querySelectorAll('.js-carousel').length)).toBe(1);
    expect(await off.evaluate(() => ({ marks: document.querySelectorAll('[data-enhanced]').length, veneer: 'veneer' in window }))).toEqual({
      marks: 0,
      veneer: false,
    });
    // Keyboard: the radios move with the arrow keys.
    await t.page.focus('input[name="mode"][value="off"]');
    await t.page.keyboard.press('ArrowDown');
    expect(await t.page.$eval('input[name="mode"]:checked', (input) => (input as HTMLInputElement).value)).toBe('both');
    await loadedFrame(t, 'iframe.frame-enhanced');
    await loadedFrame(t, 'iframe.frame-off');
    await logHas(t, 'page', 'loaded /home/');
    // Tab from the radios reaches the link that skips the frames, Enter lands on the log.
    await t.page.keyboard.press('Tab');
    expect(await t.page.evaluate(() => document.activeElement?.textContent)).toBe('Skip past the page to the log');
    await t.page.keyboard.press('Enter');
    await t.page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'log');
    t.assertClean();
  });

  it('says so when no page has that name', async () => {
    const t = await openUi('/view/no-such-page');
    await t.page.waitForSelector('[role="alert"]');
    expect(await t.page.$('iframe')).toBeNull();
    t.assertClean();
  });
});

describe('snapshot view', () => {
  /** Opens /snapshots with /__snapshots.json (and the images) answered by `answer`. */
  async function openSnapshots(answer: (request: HTTPRequest) => Promise<void> | void, options: OpenOptions = {}) {
    const t = await session.open('/__pages.json', { ready: false, ...options });
    await t.page.setRequestInterception(true);
    t.page.on('request', async (request) => {
      if (new URL(request.url()).pathname.startsWith('/__fixture-snapshots/') || request.url().endsWith('/__snapshots.json')) await answer(request);
      else await request.continue();
    });
    await t.page.goto(`${session.url}/snapshots`, { waitUntil: 'domcontentloaded' });
    await t.page.waitForSelector('main h1');
    return t;
  }

  it('shows an empty state until there are results', async () => {
    const t = await openSnapshots((request) => request.respond({ status: 404, contentType: 'text/plain', body: 'no results' }), {
      allowErrors: [FETCH_404],
    });
    await t.page.waitForSelector('.empty');
    expect(await t.page.$eval('.empty', (p) => p.textContent)).toBe('No snapshot results yet: run npm test');
    expect(await t.page.$eval('nav a[aria-current="page"]', (a) => a.textContent)).toBe('Snapshots');
    expect(await axeViolations(t, '.empty')).toEqual([]);
    t.assertClean();
  });

  it('shows which pages differ, the text diff and the three screenshots', async () => {
    // The shape tests/browser/snapshot.ts writes (SnapshotResults).
    const results = {
      generatedAt: '2026-01-02T03:04:05.000Z',
      updated: false,
      pages: [
        { page: 'home', state: 'default', status: 'same', expected: '/__fixture-snapshots/home.png' },
        {
          page: 'home',
          state: 'tab-2',
          status: 'different',
          diff: '  tablist "Products"\n- tab "Sensors" selected\n+ tab "Loggers" selected',
          expected: '/__fixture-snapshots/expected.png',
          actual: '/__fixture-snapshots/actual.png',
          difference: '/__fixture-snapshots/difference.png',
          expectedAria: '/__fixture-snapshots/tab-2.aria.txt',
          actualAria: '/__fixture-snapshots/tab-2.actual.aria.txt',
          pixels: 12,
        },
        { page: 'news', state: 'default', status: 'missing', actual: '/__fixture-snapshots/news.png' },
        { page: 'news', state: 'menu-open', status: 'skipped', note: 'nothing is enhanced for "nav"' },
      ],
    };
    const t = await openSnapshots((request) =>
      request.url().endsWith('.json')
        ? request.respond({ status: 200, contentType: 'application/json', body: JSON.stringify(results) })
        : request.respond({ status: 200, contentType: 'image/png', body: PNG_1PX }),
    );
    await t.page.waitForSelector('section.result');
    const sections = await t.page.$$eval('section.result', (list) =>
      list.map((s) => ({
        title: s.querySelector('h2')!.textContent,
        text: [...s.querySelectorAll('p')].map((p) => p.textContent),
        diff: s.querySelector('pre')?.textContent ?? null,
        images: [...s.querySelectorAll('img')].map((img) => [img.getAttribute('src'), img.getAttribute('alt')]),
      })),
    );
    expect(sections).toEqual([
      {
        title: 'home (tab-2): different',
        // The last: the approval's status, empty until the button is pressed.
        text: ['12 pixels differ.', 'DOM and ARIA text: stored, this run', ''],
        diff: results.pages[1].diff + '\n',
        images: [
          ['/__fixture-snapshots/expected.png', 'home (tab-2), stored snapshot'],
          ['/__fixture-snapshots/actual.png', 'home (tab-2), this run'],
          ['/__fixture-snapshots/difference.png', 'home (tab-2), difference'],
        ],
      },
      {
        title: 'news (default): missing',
        text: ['No stored snapshot yet.', ''],
        diff: null,
        images: [['/__fixture-snapshots/news.png', 'news (default), this run']],
      },
    ]);
    expect(await t.page.$$eval('pre .del', (spans) => spans.map((s) => s.textContent))).toEqual(['- tab "Sensors" selected\n']);
    const rows = await t.page.$$eval('.snapshots tbody tr', (trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    expect(rows).toEqual([
      ['home', 'default', 'same', ''],
      ['home', 'tab-2', 'different', ''],
      ['news', 'default', 'missing', ''],
      ['news', 'menu-open', 'skipped', 'nothing is enhanced for "nav"'],
    ]);
    expect(await t.page.$eval('main h1 + p', (p) => p.textContent)).toBe(
      'Last run 2026-01-02T03:04:05.000Z: 1 different, 1 missing, 1 skipped, 1 same.',
    );
    // The status links lead to the sections, by keyboard too.
    await t.page.focus('.snapshots a[href="#result-1"]');
    await t.page.keyboard.press('Enter');
    await t.page.waitForFunction(() => location.hash === '#result-1');
    expect(await axeViolations(t, 'section.result img')).toEqual([]);
    t.assertClean();
  });
});

describe('snapshot approval', () => {
  it("stores one state's new snapshot from the snapshots page, and no other state's", async () => {
    // A harness of its own, over a copy of what a run on another build leaves.
    const tmp = mkdtempSync(path.join(tmpdir(), 'veneer-approve-'));
    const put = (file: string, content: string | Buffer) => {
      mkdirSync(path.dirname(path.join(tmp, file)), { recursive: true });
      writeFileSync(path.join(tmp, file), content);
    };
    put('stored/browser.json', JSON.stringify({ version: 'Chrome/1.0' }));
    for (const state of ['tabs', 'expanded']) {
      put(`stored/home/${state}.png`, `old ${state} png`);
      put(`stored/home/${state}.aria.txt`, `${state} text\n`);
      put(`artifacts/home/${state}.actual.png`, PNG_1PX);
      put(`artifacts/home/${state}.actual.aria.txt`, `${state} text\n`);
    }
    const different = (state: string) => ({
      page: 'home',
      state,
      status: 'different',
      expected: `/__snapshots/home/${state}.png`,
      actual: `/__snapshots/home/${state}.actual.png`,
      pixels: 12,
    });
    put(
      'artifacts/results.json',
      JSON.stringify({ generatedAt: '2026-01-02T03:04:05.000Z', updated: false, browser: { run: 'Chrome/2.0', recorded: 'Chrome/1.0' }, pages: [different('tabs'), different('expanded')] }),
    );
    const harness = await startServer({ port: 0, snapshotsDir: path.join(tmp, 'stored'), snapshotArtifactsDir: path.join(tmp, 'artifacts') });
    const page = await session.browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    try {
      const expandedBefore = statSync(path.join(tmp, 'stored/home/expanded.png')).mtimeMs;
      await page.goto(`${harness.url}/snapshots`, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('section.result button');
      expect(await page.$eval('main h1 + p + p', (p) => p.textContent)).toBe(
        'Pictures taken with Chrome/1.0; this run: Chrome/2.0. Pixels compared with the other-build tolerance.',
      );
      const buttons = await page.$$eval('section.result button', (list) => list.map((b) => b.textContent));
      expect(buttons).toEqual(["Approve this run's snapshot of home (tabs)", "Approve this run's snapshot of home (expanded)"]);
      await page.click('section.result button');
      await page.waitForFunction(() => document.querySelector('section.result [role="status"]')?.textContent !== '');
      expect(await page.$eval('section.result [role="status"]', (p) => p.textContent)).toBe('Approved: rewrote snapshots/home/tabs.png.');
      expect(await page.$$eval('section.result button', (list) => list.map((b) => b.textContent))).toEqual([
        "Approve this run's snapshot of home (expanded)",
      ]);
      expect(readFileSync(path.join(tmp, 'stored/home/tabs.png')).equals(PNG_1PX)).toBe(true);
      expect(readFileSync(path.join(tmp, 'stored/home/expanded.png'), 'utf8')).toBe('old expanded png');
      expect(statSync(path.join(tmp, 'stored/home/expanded.png')).mtimeMs).toBe(expandedBefore);
      expect(JSON.parse(readFileSync(path.join(tmp, 'stored/browser.json'), 'utf8')).approved).toEqual({ 'home/tabs': 'Chrome/2.0' });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await harness.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe('markup reference view', () => {
  it('shows docs/markup.md by section, as text, with a table of contents, and no axe-core violation', async () => {
    const t = await openUi('/docs');
    await t.page.waitForSelector('pre.doc');
    const view = await t.page.evaluate(() => ({
      title: document.title,
      current: document.querySelector('nav[aria-label="Harness"] [aria-current="page"]')?.textContent,
      sections: [...document.querySelectorAll('main section h2')].map((h) => h.textContent),
      toc: document.querySelectorAll('nav[aria-label="Sections"] a').length,
      html: document.querySelectorAll('main pre.doc *').length,
    }));
    expect(view.title).toBe('Markup reference · veneer harness');
    expect(view.current).toBe('Markup reference');
    expect(view.sections).toEqual(expect.arrayContaining(['The script tag', 'Labels and languages', 'Save-data mode']));
    expect(view.toc).toBe(view.sections.length);
    expect(view.html).toBe(0);
    expect(await axeViolations(t, 'pre.doc')).toEqual([]);
    t.assertClean();
  });
});

describe('accessibility', () => {
  it('has no axe-core violations on /, /view/home and /snapshots', async () => {
    const catalogue = await openUi('/');
    expect(await axeViolations(catalogue, 'table.pages tbody tr')).toEqual([]);
    catalogue.assertClean();

    const view = await openUi('/view/home');
    expect(await axeViolations(view, 'iframe.frame-enhanced')).toEqual([]);
    await view.page.click('input[name="mode"][value="both"]');
    await view.page.waitForSelector('iframe.frame-off');
    const again = await view.page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string }[] }> } }).axe;
      return (await axe.run(document, { iframes: false })).violations.map((v) => v.id);
    });
    expect(again).toEqual([]);
    view.assertClean();

    // Results with failures, as a real run writes them (not whatever the last run left): the
    // retried test (vitest's retry: 1) of a state that differs records it a second time.
    const different = (state: string, diff: string) => ({
      page: 'home',
      state,
      status: 'different',
      diff,
      expected: `/__snapshots/home/${state}.png`,
      actual: `/__snapshots/home/${state}.actual.png`,
      difference: `/__snapshots/home/${state}.diff.png`,
      expectedAria: `/__snapshots/home/${state}.aria.txt`,
      actualAria: `/__snapshots/home/${state}.actual.aria.txt`,
      pixels: 180,
    });
    const results = {
      generatedAt: '2026-01-02T03:04:05.000Z',
      updated: false,
      pages: [
        { page: 'home', state: 'loaded', status: 'same', expected: '/__snapshots/home/loaded.png' },
        different('tabs', '  tablist "Products"\n- tab "Sensors" selected\n+ tab "Loggers" selected'),
        different('tabs', '  tablist "Products"\n- tab "Sensors" selected\n+ tab "Loggers" selected'),
        different('expanded', '- button "More" [expanded=false]\n+ button "More" [expanded=true]'),
        different('expanded', '- button "More" [expanded=false]\n+ button "More" [expanded=true]'),
        { page: 'news', state: 'loaded', status: 'missing', actual: '/__snapshots/news/loaded.actual.png' },
        { page: 'news', state: 'menu-open', status: 'skipped', note: 'nothing is enhanced for "nav"' },
      ],
    };
    const snapshots = await openUi('/snapshots', {
      respond: (url) => {
        const { pathname } = new URL(url);
        if (pathname === '/__snapshots.json') return { contentType: 'application/json', body: JSON.stringify(results) };
        if (pathname.startsWith('/__snapshots/'))
          return pathname.endsWith('.png') ? { contentType: 'image/png', body: PNG_1PX } : { contentType: 'text/plain', body: 'text' };
      },
    });
    expect(await axeViolations(snapshots, 'section.result img')).toEqual([]);
    // Each page × state once, as its last attempt.
    expect(await snapshots.page.$$eval('section.result h2', (list) => list.map((h) => h.textContent))).toEqual([
      'home (tabs): different',
      'home (expanded): different',
      'news (loaded): missing',
    ]);
    snapshots.assertClean();
  });
});

describe('npm start', () => {
  // Last in this file: the UI build it makes replaces dist-harness/ (the same UI, with source
  // maps), which no other test file reads.
  it('reloads the open UI page when a build finishes after a change under src/', async () => {
    const probe = path.join(REPO_ROOT, 'src', 'harness', 'ui', `reload-probe-${process.pid}.txt`);
    // VENEER_SKIP_BUILD: serve the build the tests made, build on change only.
    const start = spawn(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['src/harness/start.ts', '--port', '0'], {
      cwd: REPO_ROOT,
      env: { ...process.env, VENEER_SKIP_BUILD: '1', HOST: '127.0.0.1' },
    });
    let output = '';
    start.stdout.on('data', (chunk: Buffer) => (output += chunk));
    start.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const page = await session.browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    page.on('pageerror', (error) => void errors.push(String(error)));
    try {
      const until = async (pattern: RegExp) => {
        while (!pattern.test(output)) {
          if (start.exitCode !== null) throw new Error(`npm start exited ${start.exitCode}:\n${output}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return pattern.exec(output)!;
      };
      const [, address] = await until(/veneer harness: (http:\/\/localhost:\d+)\//);
      const events = page.waitForResponse((response) => response.url().endsWith('/__events'));
      await page.goto(`${address}/snapshots`, { waitUntil: 'domcontentloaded' });
      expect((await events).headers()['content-type']).toBe('text/event-stream');
      await page.waitForSelector('main h1');
      await page.evaluate(() => void ((window as unknown as { beforeBuild: true }).beforeBuild = true));
      writeFileSync(probe, 'a change under src/harness/ui/\n');
      await until(/\[build-ui\] changed harness\/ui\/reload-probe-\d+\.txt: \d+ files/);
      // A new document (the mark gone), the same view.
      await page.waitForFunction(() => !(window as unknown as { beforeBuild?: true }).beforeBuild && document.querySelector('main h1'), { timeout: 15_000 });
      expect(await page.$eval('main h1', (h1) => h1.textContent)).toBe('Snapshots');
      expect(new URL(page.url()).pathname).toBe('/snapshots');
      expect(errors.filter((text) => !FETCH_404.test(text))).toEqual([]);
    } finally {
      await page.close();
      start.kill('SIGTERM');
      await new Promise((resolve) => (start.exitCode !== null ? resolve(null) : start.once('exit', resolve)));
      rmSync(probe, { force: true });
    }
  }, 120_000);
});
