// Snapshot regression, the library (not a test file): takes a deterministic DOM/ARIA text
// snapshot and a full-page screenshot of a captured page in a named state, compares them with
// the stored ones (`snapshots/<page>/<state>.aria.txt|.png`), and records what differed for
// the harness UI (`tests/artifacts/snapshots/results.json`, served as /__snapshots.json).
//
// Determinism (the recipe of shared/design-notes.md, "Deterministic browser tests"): a frozen
// Date and a seeded Math.random from the first script on, UTC, en-US, a 1280×800 viewport at
// scale 1, light colour scheme, reduced motion, animations/transitions/caret off, lazy images
// loaded, fonts ready, veneer ready, scrolled to the top, two animation frames; Chromium with
// --font-render-hinting=none, --force-color-profile=srgb and --hide-scrollbars; a fresh
// browser context (no cookies, storage or cache) per snapshot.
import { snapshotUrl, type SnapshotResult, type SnapshotResults, type SnapshotStatus } from '../../src/harness/snapshot-results';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTwoFilesPatch } from 'diff';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import puppeteer, { type Browser, type Page, type SerializedAXNode } from 'puppeteer';
import { startServer, type HarnessServer } from '../../src/harness/server';
import { veneerReady, type SnapshotState } from './snapshot-states';
import { CHROMIUM_ARGS } from './support';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The stored snapshots (committed). */
export const SNAPSHOTS_DIR = path.join(REPO_ROOT, 'snapshots');
/** What a run found: actual and difference files of the states that differ, and results.json. */
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'tests', 'artifacts', 'snapshots');

export const VIEWPORT = { width: 1280, height: 800, deviceScaleFactor: 1 } as const;
/** The page's clock: 2026-01-15T09:00:00Z, whatever the real time. */
export const FROZEN_NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
export const RANDOM_SEED = 0x5eed_2026;
/**
 * How the pixels of a screenshot are compared with the stored one (the DOM/ARIA text is always
 * compared exactly). Screenshots depend on the browser build: a new Chromium may anti-alias
 * edges, hint fonts or decode images a little differently with no change to veneer.
 */
export interface PixelRule {
  /** Said in messages and the UI. */
  name: string;
  /** pixelmatch's per-pixel colour threshold (0: any change of colour counts). */
  threshold: number;
  /** Whether pixels pixelmatch takes for anti-aliasing count (its `includeAA`). */
  includeAA: boolean;
  /** The share of the picture's pixels that may differ, beyond the above. */
  maxChangedRatio: number;
}

/** The build that took the stored pictures: every pixel as it was, anti-aliasing included. */
export const SAME_BUILD: PixelRule = { name: 'exactly (the build that took them)', threshold: 0, includeAA: true, maxChangedRatio: 0 };

/**
 * Another build: a colour change within pixelmatch's default threshold (0.1, image decoding
 * and colour rounding), and pixels it detects as anti-aliasing (includeAA: false: edges drawn
 * with another coverage), do not count; of the rest, at most 1 pixel in 5 000 (0.02 %; a
 * 1280×3000 page: 768, under a 28×28 square), so that a moved, hidden or recoloured element
 * still fails.
 */
export const OTHER_BUILD: PixelRule = {
  name: 'with the other-build tolerance (pixelmatch threshold 0.1, anti-aliasing ignored, at most 0.02 % of pixels changed)',
  threshold: 0.1,
  includeAA: false,
  maxChangedRatio: 0.0002,
};

export const pixelRuleFor = (recorded: string, running: string): PixelRule => (recorded === running ? SAME_BUILD : OTHER_BUILD);

export const SNAPSHOT_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--force-color-profile=srgb', '--hide-scrollbars', '--lang=en-US'];

/** Animations, transitions, smooth scrolling and the text caret off (added after load). */
export const STILL_CSS = `*, *::before, *::after {
  animation-delay: 0s !important;
  animation-duration: 0s !important;
  animation-iteration-count: 1 !important;
  transition: none !important;
  scroll-behavior: auto !important;
  caret-color: transparent !important;
}`;

/** The state classes of the markup contract that the DOM summary lists. */
export const STATE_CLASSES = ['is-open', 'is-current', 'is-sticky', 'is-hidden', 'is-visible', 'is-busy', 'has-error'];

export interface Snapshot {
  /** The accessibility tree, then the enhanced DOM, as readable text. */
  aria: string;
  /** The full-page screenshot. */
  png: Buffer;
}

/** The state's feature has not enhanced the page (not built yet, or it did not start): skipped. */
export class StateUnavailable extends Error {}

export const unavailableNote = (pageName: string, state: SnapshotState) =>
  `${pageName} › ${state.name}: skipped, nothing on the loaded page is enhanced for "${state.feature}" (hooks ${state.hooks.map((h) => '.' + h).join(', ')})`;

// ---------------------------------------------------------------- the browser

export interface SnapshotSession {
  url: string;
  browser: Browser;
  server: HarnessServer;
  /** A page in a fresh browser context (no cookies, storage, cache); closing it closes the context. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/** The harness server and one Chromium for a whole run. */
export async function startSnapshotSession(): Promise<SnapshotSession> {
  const server = await startServer({ port: 0 });
  const browser = await puppeteer.launch({ headless: true, args: SNAPSHOT_CHROMIUM_ARGS });
  return {
    url: server.url,
    browser,
    server,
    async newPage() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      page.once('close', () => void context.close().catch(() => {}));
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Runs in the page before any of its scripts: a frozen clock and a seeded Math.random. */
function freeze(now: number, seed: number): void {
  const RealDate = Date;
  function FrozenDate(this: unknown, ...args: unknown[]): unknown {
    if (!new.target) return new RealDate(now).toString();
    return Reflect.construct(RealDate, args.length ? args : [now], new.target);
  }
  FrozenDate.prototype = RealDate.prototype;
  Object.defineProperties(FrozenDate, {
    now: { value: () => now, writable: true, configurable: true },
    parse: { value: RealDate.parse, writable: true, configurable: true },
    UTC: { value: RealDate.UTC, writable: true, configurable: true },
  });
  Object.defineProperty(globalThis, 'Date', { value: FrozenDate, writable: true, configurable: true });
  // mulberry32
  let state = seed >>> 0;
  Math.random = function random() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const prepared = new WeakSet<Page>();
const pageErrors = new WeakMap<Page, string[]>();

/** Uncaught errors the page raised since it was prepared. */
export const errorsOf = (page: Page): string[] => pageErrors.get(page) ?? [];

/** Everything that must hold before the first navigation (once per Page). */
export async function preparePage(page: Page): Promise<void> {
  if (prepared.has(page)) return;
  prepared.add(page);
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (error) => errors.push((error as Error).message ?? String(error)));
  await page.evaluateOnNewDocument(freeze, FROZEN_NOW, RANDOM_SEED);
  // The popup modal opens 4 s after load unless its cookie is set: with the cookie, what a
  // snapshot shows never depends on how long taking it lasted.
  await page.evaluateOnNewDocument(() =>
    document.addEventListener('DOMContentLoaded', () => {
      for (const popup of document.querySelectorAll('.js-popup-modal[id]')) document.cookie = `popup-${encodeURIComponent(popup.id)}=1; path=/`;
    }),
  );
  await page.setCacheEnabled(false);
  await page.setViewport({ ...VIEWPORT });
  await page.emulateTimezone('UTC');
  await page.emulateMediaType('screen');
  await page.emulateMediaFeatures([
    { name: 'prefers-reduced-motion', value: 'reduce' },
    { name: 'prefers-color-scheme', value: 'light' },
  ]);
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setLocaleOverride', { locale: 'en-US' });
}

/** Brings the page to rest: still styles, animations finished, images and fonts loaded, veneer ready, two frames. */
export async function settle(page: Page): Promise<void> {
  const styled = await page.evaluate(() => (window as unknown as { __snapshotStill?: true }).__snapshotStill === true);
  if (!styled) {
    // A constructable sheet: a <style> element would break the pages' strict CSP (style-src 'self').
    await page.evaluate((css) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    }, STILL_CSS);
    await page.evaluate(() => void ((window as unknown as { __snapshotStill: true }).__snapshotStill = true));
  }
  await page.evaluate(async () => {
    const finishAll = () => {
      for (const animation of document.getAnimations()) {
        try {
          animation.finish();
        } catch {
          animation.cancel(); // infinite
        }
      }
    };
    finishAll();
    // Lazy images below the fold would load (or not) during a full-page capture.
    const images = [...document.images];
    for (const image of images) if (image.loading === 'lazy') image.loading = 'eager';
    await Promise.all(
      images.map((image) =>
        (image.complete
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              image.addEventListener('load', () => resolve(), { once: true });
              image.addEventListener('error', () => resolve(), { once: true });
            })
        ).then(() => (image.naturalWidth ? image.decode().catch(() => {}) : undefined)),
      ),
    );
    await document.fonts.ready;
    await (window as unknown as { veneer?: { ready(): Promise<void> } }).veneer?.ready();
    finishAll();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Resolves once the DOM has not changed for QUIET_MS (at most QUIET_MAX_MS): scroll-driven
 * work runs on timers (the sticky header checks the scroll every 250 ms, the seed's interval),
 * which the frozen clock does not freeze.
 */
const QUIET_MS = 300;
const QUIET_MAX_MS = 3000;
function quiet(page: Page): Promise<void> {
  return page.evaluate(
    (quietMs, maxMs) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, quietMs);
        const cap = setTimeout(done, maxMs);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quietMs);
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        function done() {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(cap);
          resolve();
        }
      }),
    QUIET_MS,
    QUIET_MAX_MS,
  );
}

/** The one capture takeSnapshot makes (twice: the discarded one must be the same kind). */
const FULL_PAGE = { type: 'png', fullPage: true, captureBeyondViewport: true } as const;

export interface TakeOptions {
  /** The harness origin, e.g. session.url. */
  baseUrl: string;
  /** Called with the loaded, ready page before the state is checked and applied (e.g. to probe other states). */
  onLoaded?: (page: Page) => Promise<void>;
}

/** The harness address of a captured page. */
export const pageUrl = (baseUrl: string, pageName: string) => `${baseUrl}/${encodeURIComponent(pageName)}/`;

/**
 * Loads `pageName` fresh in `page`, brings it into `state` and takes its snapshot.
 * Throws StateUnavailable when the loaded page is not enhanced for the state's feature.
 */
export async function takeSnapshot(page: Page, pageName: string, state: SnapshotState, { baseUrl, onLoaded }: TakeOptions): Promise<Snapshot> {
  await preparePage(page);
  await page.goto(pageUrl(baseUrl, pageName), { waitUntil: 'load' });
  await veneerReady(page);
  await onLoaded?.(page);
  if (!(await state.available(page)))
    throw new StateUnavailable(unavailableNote(pageName, state));
  await settle(page);
  await state.apply(page);
  await settle(page);
  // The top of the page, whatever a click scrolled to (sticky and fixed elements in place).
  await page.evaluate(() => window.scrollTo(0, 0));
  await quiet(page);
  await settle(page);
  // Chromium's full-page capture shrinks the viewport to 1×1 and back for a moment (puppeteer
  // issue 7251), and the page sees it: resize and media-query events, intersection changes (a
  // widget's pending hiding applies once its element is below that viewport). Whether the
  // page's reaction lands in the picture was a race (lost on loaded CI machines). A first
  // capture, thrown away, lets the page react; the kept one shows the page after it.
  await page.screenshot(FULL_PAGE);
  await quiet(page);
  await settle(page);
  const aria = await snapshotText(page, `${pageName} › ${state.name}`, baseUrl);
  const png = Buffer.from(await page.screenshot(FULL_PAGE));
  return { aria, png };
}

// ---------------------------------------------------------------- the text snapshot

const AX_STRINGS = ['description', 'roledescription', 'value', 'valuetext'] as const;
const AX_FLAGS = [
  'level',
  'checked',
  'pressed',
  'selected',
  'expanded',
  'disabled',
  'focused',
  'modal',
  'busy',
  'invalid',
  'required',
  'readonly',
  'multiline',
  'multiselectable',
  'haspopup',
  'autocomplete',
  'orientation',
  'live',
  'atomic',
  'relevant',
  'errormessage',
  'details',
  'keyshortcuts',
  'valuemin',
  'valuemax',
] as const;

const quote = (text: string) => JSON.stringify(text);

/** One accessibility node as `role "name" [state…]`, its origin stripped from URLs. */
export function axLine(node: SerializedAXNode, origin = ''): string {
  let line = node.role;
  if (node.name) line += ' ' + quote(node.name);
  const states: string[] = [];
  for (const key of AX_STRINGS) if (node[key] !== undefined && node[key] !== '') states.push(`${key}=${quote(String(node[key]))}`);
  for (const key of AX_FLAGS) {
    const value = node[key];
    if (value === undefined) continue;
    states.push(value === true ? key : `${key}=${typeof value === 'string' ? quote(value) : String(value)}`);
  }
  if (node.url) states.push(`url=${quote(origin && node.url.startsWith(origin) ? node.url.slice(origin.length) || '/' : node.url)}`);
  return states.length ? `${line} [${states.join(' ')}]` : line;
}

/** The accessibility tree as indented lines. */
export function renderAxTree(root: SerializedAXNode | null, origin = ''): string[] {
  const lines: string[] = [];
  const walk = (node: SerializedAXNode, depth: number) => {
    lines.push('  '.repeat(depth) + axLine(node, origin));
    for (const child of node.children ?? []) walk(child, depth + 1);
  };
  if (root) walk(root, 0);
  else lines.push('(no accessibility tree)');
  return lines;
}

/**
 * The enhanced state of the DOM, in document order: each element with data-enhanced, role,
 * hidden, an aria-* attribute or a state class, as `tag#id.classes [attr="value" …]`,
 * indented under the listed element it is inside.
 */
export function domSummary(page: Page): Promise<string[]> {
  return page.evaluate((stateClasses: string[]) => {
    const listed = new Map<Element, number>();
    const lines: string[] = [];
    for (const element of document.querySelectorAll('body, body *')) {
      const attributes = [...element.attributes].filter(
        (a) => a.name === 'data-enhanced' || a.name === 'role' || a.name === 'hidden' || a.name === 'tabindex' || a.name.startsWith('aria-'),
      );
      const stateful = stateClasses.some((name) => element.classList.contains(name));
      if (!stateful && !attributes.some((a) => a.name !== 'tabindex')) continue;
      let depth = 0;
      for (let up = element.parentElement; up; up = up.parentElement) {
        const d = listed.get(up);
        if (d !== undefined) {
          depth = d + 1;
          break;
        }
      }
      listed.set(element, depth);
      let line = element.localName;
      if (element.id) line += '#' + element.id;
      for (const name of element.classList) line += '.' + name;
      const shown = attributes
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .map((a) => (a.value === '' ? a.name : `${a.name}=${JSON.stringify(a.value)}`));
      if (shown.length) line += ` [${shown.join(' ')}]`;
      lines.push('  '.repeat(depth) + line);
    }
    return lines;
  }, STATE_CLASSES);
}

/** The whole text snapshot: a title, the accessibility tree, the enhanced DOM. */
export async function snapshotText(page: Page, title: string, origin = ''): Promise<string> {
  const tree = await page.accessibility.snapshot({ interestingOnly: true });
  const dom = await domSummary(page);
  return [`# ${title}`, '', '## accessibility tree', ...renderAxTree(tree, origin), '', '## enhanced DOM', ...dom, ''].join('\n');
}

// ---------------------------------------------------------------- comparing

export interface PixelComparison {
  /** Whether the pictures match under the rule: the same size, and no more changed pixels than it allows. */
  same: boolean;
  /** Pixels that differ under the rule (pixelmatch with its threshold and includeAA). */
  pixels: number;
  /** The number it allows. */
  allowed: number;
  /** "1280×4000 → 1280×4100" when the sizes differ. */
  size?: string;
  /** The difference image (red: differs), when pixels > 0. */
  diffPng?: Buffer;
  /** The two PNG files are the same bytes. */
  identicalBytes: boolean;
}

/**
 * Pixel comparison under `rule`; images of different sizes are compared on the larger canvas
 * (the rest counts as different) and never match: a page that grew or shrank moved something.
 */
export function comparePng(expected: Buffer, actual: Buffer, rule: PixelRule = SAME_BUILD): PixelComparison {
  if (expected.equals(actual)) return { same: true, pixels: 0, allowed: 0, identicalBytes: true };
  const a = PNG.sync.read(expected);
  const b = PNG.sync.read(actual);
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const canvas = (image: PNG) => {
    if (image.width === width && image.height === height) return image.data;
    const padded = new PNG({ width, height, fill: true });
    PNG.bitblt(image, padded, 0, 0, image.width, image.height, 0, 0);
    return padded.data;
  };
  const out = new PNG({ width, height });
  const pixels = pixelmatch(canvas(a), canvas(b), out.data, width, height, { threshold: rule.threshold, includeAA: rule.includeAA });
  const size = a.width !== b.width || a.height !== b.height ? `${a.width}×${a.height} → ${b.width}×${b.height}` : undefined;
  const allowed = Math.floor(rule.maxChangedRatio * width * height);
  return {
    same: !size && pixels <= allowed,
    pixels,
    allowed,
    size,
    // Sub filter, light compression: a tenth of pngjs's default time for a page-long image.
    diffPng: pixels > 0 ? PNG.sync.write(out, { filterType: 1, deflateLevel: 3 }) : undefined,
    identicalBytes: false,
  };
}

/** A unified line diff (jsdiff), without its "====" banner; '' when the texts are equal. */
export function lineDiff(expected: string, actual: string, expectedName = 'expected', actualName = 'actual'): string {
  if (expected === actual) return '';
  return createTwoFilesPatch(expectedName, actualName, expected, actual, '', '', { context: 3 })
    .split('\n')
    .filter((line) => !/^={10,}$/.test(line))
    .join('\n')
    .trimEnd();
}

export interface Comparison {
  same: boolean;
  /** The DOM/ARIA text diff ('' when the texts are equal). */
  diff: string;
  pixels: PixelComparison;
  rule: PixelRule;
}

/** The text exactly, the pixels under `rule` (exactly unless told the builds differ). */
export function compareSnapshots(
  expected: Snapshot,
  actual: Snapshot,
  names = { expected: 'expected', actual: 'actual' },
  rule: PixelRule = SAME_BUILD,
): Comparison {
  const diff = lineDiff(expected.aria, actual.aria, names.expected, names.actual);
  const pixels = comparePng(expected.png, actual.png, rule);
  return { same: diff === '' && pixels.same, diff, pixels, rule };
}

/** A readable failure message: the text diff (cut at `maxLines`) and the pixel count. */
export function describeDifference(label: string, comparison: Comparison, artifactsHint = '', maxLines = 80): string {
  const parts = [`${label} differs from its stored snapshot.`];
  if (comparison.diff) {
    const lines = comparison.diff.split('\n');
    parts.push('DOM/ARIA text:', ...lines.slice(0, maxLines));
    if (lines.length > maxLines) parts.push(`… ${lines.length - maxLines} more diff lines${artifactsHint ? ` (${artifactsHint})` : ''}`);
  } else parts.push('DOM/ARIA text: the same.');
  const px = comparison.pixels;
  const within = px.same ? ', within what the rule allows' : px.size ? '' : `, ${px.allowed} allowed`;
  parts.push(
    (px.pixels || px.size ? `Screenshot: ${px.pixels} pixels differ${px.size ? ` (size ${px.size})` : ''}${within}.` : 'Screenshot: the same pixels.') +
      ` Pixels compared ${comparison.rule.name}.`,
  );
  if (artifactsHint) parts.push(`Actual and difference files: ${artifactsHint}`);
  parts.push('If the change is intended: npm run snapshots:update');
  return parts.join('\n');
}

// ---------------------------------------------------------------- files

export function storedFiles(dir: string, page: string, state: string) {
  return { aria: path.join(dir, page, `${state}.aria.txt`), png: path.join(dir, page, `${state}.png`) };
}

export function artifactFiles(dir: string, page: string, state: string) {
  return {
    aria: path.join(dir, page, `${state}.actual.aria.txt`),
    png: path.join(dir, page, `${state}.actual.png`),
    diff: path.join(dir, page, `${state}.diff.png`),
  };
}

/** The stored snapshot, or null when either file is missing. */
export function readStored(dir: string, page: string, state: string): Snapshot | null {
  const files = storedFiles(dir, page, state);
  if (!existsSync(files.aria) || !existsSync(files.png)) return null;
  return { aria: readFileSync(files.aria, 'utf8'), png: readFileSync(files.png) };
}

/** Stores `snapshot`; returns whether anything changed (files whose content is the same are left alone). */
export function writeStored(dir: string, page: string, state: string, snapshot: Snapshot): boolean {
  const files = storedFiles(dir, page, state);
  const old = readStored(dir, page, state);
  if (old && compareSnapshots(old, snapshot).same) return false;
  mkdirSync(path.dirname(files.aria), { recursive: true });
  writeFileSync(files.aria, snapshot.aria);
  writeFileSync(files.png, snapshot.png);
  return true;
}

/** Writes the actual files (and the difference image, if any) of a state that did not match. */
export function writeArtifacts(dir: string, page: string, state: string, actual: Snapshot, comparison?: Comparison): void {
  const files = artifactFiles(dir, page, state);
  mkdirSync(path.dirname(files.aria), { recursive: true });
  writeFileSync(files.aria, actual.aria);
  writeFileSync(files.png, actual.png);
  if (comparison?.pixels.diffPng) writeFileSync(files.diff, comparison.pixels.diffPng);
  else rmSync(files.diff, { force: true });
}

// ---------------------------------------------------------------- results for the UI

export type { SnapshotResult, SnapshotResults, SnapshotStatus };


export function resultFor(page: string, state: string, status: SnapshotStatus, extra: { comparison?: Comparison; note?: string } = {}): SnapshotResult {
  const result: SnapshotResult = { page, state, status };
  if (status === 'same' || status === 'different') {
    result.expected = snapshotUrl(page, `${state}.png`);
    result.expectedAria = snapshotUrl(page, `${state}.aria.txt`);
  }
  if (status === 'different' || status === 'missing') {
    result.actual = snapshotUrl(page, `${state}.actual.png`);
    result.actualAria = snapshotUrl(page, `${state}.actual.aria.txt`);
  }
  const comparison = extra.comparison;
  if (status === 'different' && comparison) {
    if (comparison.diff) result.diff = comparison.diff;
    if (comparison.pixels.pixels) {
      result.pixels = comparison.pixels.pixels;
      result.difference = snapshotUrl(page, `${state}.diff.png`);
    }
    const { size, pixels } = comparison.pixels;
    const notes = [size && `screenshot size ${size}`, (size || pixels) && `pixels compared ${comparison.rule.name}`].filter(Boolean);
    if (notes.length) result.note = notes.join('; ');
  }
  if (extra.note) result.note = extra.note;
  return result;
}

export function writeResults(dir: string, pages: SnapshotResult[], updated: boolean, browser?: SnapshotResults['browser']): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'results.json');
  const results: SnapshotResults = { generatedAt: new Date().toISOString(), updated, ...(browser && { browser }), pages };
  writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
  return file;
}
