// A bench page in the session's Chromium: its HTML and (optionally) a stub carousel chunk
// answered by request interception, plus the CDP calls the measurements need.
import type { Browser, CDPSession, Page } from 'puppeteer';
import type { Session } from '../../tests/browser/support';
import { html } from './markup';

/** What the bench reads and writes on the page's window. */
export type BenchWindow = Window & {
  veneer: { ready(): Promise<void> };
  /** Set-up and teardown calls of the stub chunk, and the times of its first and last set-up. */
  __setups: number;
  __teardowns: number;
  __firstSetup: number;
  __lastSetup: number;
  /** Nodes prepared (parsed and detached, or picked) before a timed step. */
  __prepared?: Node[];
};

// Counters, and a no-op for the `__name` helper that tsx's esbuild (keepNames) puts into
// functions handed to page.evaluate: without it they throw "__name is not defined".
const INIT = 'self.__name = (target) => target; self.__setups = 0; self.__teardowns = 0; self.__firstSetup = 0; self.__lastSetup = 0;';

/** The stub carousel chunk: the core's contract and nothing else. */
const STUB_CHUNK = `globalThis[Symbol.for('veneer')].define('carousel', {
  setup() {
    __setups++;
    __lastSetup = performance.now();
    __firstSetup ||= __lastSetup;
    return () => { __teardowns++; };
  },
});`;

// Cross-origin isolation: performance.now() then ticks in 5 µs instead of 100 µs, which a
// single insertion needs. Everything the page loads is same-origin, so nothing else changes.
const ISOLATED = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export interface BenchPage {
  page: Page;
  cdp: CDPSession;
  /** Page errors and console errors or warnings seen so far. */
  problems: string[];
  ready(): Promise<void>;
  /** Full garbage collection (twice: the second collects what the first's finalizers freed). */
  gc(): Promise<void>;
  domCounters(): Promise<{ documents: number; nodes: number; jsEventListeners: number }>;
  heapUsed(): Promise<number>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Answer the carousel chunk with the stub (default true). */
  stub?: boolean;
  /** Wait for veneer.ready() once the page is parsed (default true). */
  ready?: boolean;
  /** Carry the veneer script tag (default true): false for the same page without veneer. */
  veneer?: boolean;
}

let pageCount = 0;

/**
 * Opens a page whose body is `body`. Not session.open() of tests/browser/support: that one
 * can let a request through or fail it, but not answer it with a body of our own.
 */
export async function openPage(
  session: Session,
  carouselFile: string,
  body: string,
  { stub = true, ready = true, veneer = true }: OpenOptions = {},
): Promise<BenchPage> {
  const page = await session.browser.newPage();
  const cdp = await page.createCDPSession();
  const url = `${session.url}/__bench/${++pageCount}`;
  const document = html(body, veneer);
  const problems: string[] = [];

  page.on('pageerror', (error) => problems.push('pageerror: ' + (error as Error).message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warn') problems.push(`console.${message.type()}: ${message.text()}`);
    // Handles to logged objects would keep them alive, and skew the retained-node count.
    message.args().forEach((handle) => void handle.dispose().catch(() => {}));
  });

  await page.evaluateOnNewDocument(INIT);
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.url() === url)
      return request.respond({ status: 200, headers: ISOLATED, contentType: 'text/html; charset=utf-8', body: document });
    if (stub && new URL(request.url()).pathname.endsWith('/' + carouselFile))
      return request.respond({ status: 200, contentType: 'text/javascript', body: STUB_CHUNK });
    return request.continue();
  });

  const bench: BenchPage = {
    page,
    cdp,
    problems,
    ready: () => page.evaluate(() => (window as unknown as BenchWindow).veneer.ready()),
    async gc() {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
    },
    domCounters: async () => {
      const { documents, nodes, jsEventListeners } = await cdp.send('Memory.getDOMCounters');
      return { documents, nodes, jsEventListeners };
    },
    heapUsed: async () => (await cdp.send('Runtime.getHeapUsage')).usedSize,
    close: () => page.close(),
  };
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  if (ready && veneer) await bench.ready();
  return bench;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A new tab at 1280×800 with the cache off and CDP's Network domain on: for page-load runs. */
export async function loadingTab(browser: Browser): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await page.setViewport({ width: 1280, height: 800 });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return { page, cdp };
}
