// What every browser test shares: the harness server, Debian's Chromium, and a page that
// fails the test on any page error or console error it did not expect.
import { afterAll, beforeAll } from 'vitest';
import puppeteer, { type Browser, type Page, type ConsoleMessage } from 'puppeteer';
import { chromiumArgs } from '../../src/harness/chromium';
import { startServer } from '../../src/harness/server';

// No test, even one that catches a bug, sends traffic off this machine (the host-resolver
// rule; the capture tool drops it to reach a live site).
export const CHROMIUM_ARGS = chromiumArgs({ offline: true });

export interface Session {
  url: string;
  browser: Browser;
  open(path: string, options?: OpenOptions): Promise<TestPage>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Console errors matching these are expected by the test (they are still recorded). */
  allowErrors?: RegExp[];
  viewport?: { width: number; height: number };
  reducedMotion?: boolean;
  /** Wait for window.veneer.ready() after load (default true). */
  ready?: boolean;
  /** Serve this HTML at `path` instead of asking the server (other requests still go there). */
  html?: string;
  /** Called with each request before it goes out; return 'abort' to fail it. */
  intercept?: (url: string) => 'abort' | void | Promise<'abort' | void>;
  /**
   * Answers a request in the test (after `intercept`): the response to send (status 200 and
   * text/html by default), or nothing to let the request go on. Hosts other than the
   * harness cannot be reached from the tests' Chromium: this is how a test answers them.
   */
  respond?: (url: string) => Responded | void | Promise<Responded | void>;
}

export interface Responded {
  status?: number;
  contentType?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface TestPage {
  page: Page;
  errors: string[];
  warnings: string[];
  requests: string[];
  /** Throws if the page raised an error or logged an unexpected console error. */
  assertClean(): void;
  ready(): Promise<void>;
}

export async function startSession(): Promise<Session> {
  const server = await startServer({ port: 0 });
  const browser = await puppeteer.launch({
    headless: true,
    args: CHROMIUM_ARGS,
    userDataDir: undefined,
  });
  const pages: TestPage[] = [];

  async function open(path: string, options: OpenOptions = {}): Promise<TestPage> {
    const page = await browser.newPage();
    await page.setCacheEnabled(false);
    await page.setViewport(options.viewport ?? { width: 1280, height: 800 });
    await page.emulateTimezone('UTC');
    if (options.reducedMotion)
      await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    const errors: string[] = [];
    const unexpected: string[] = [];
    const warnings: string[] = [];
    const requests: string[] = [];
    page.on('pageerror', (error) => {
      const text = 'pageerror: ' + ((error as Error).stack ?? String(error));
      errors.push(text);
      unexpected.push(text);
    });
    page.on('console', (message: ConsoleMessage) => {
      const text = message.text();
      if (message.type() === 'warn') warnings.push(text);
      if (message.type() !== 'error') return;
      errors.push(text);
      if (!options.allowErrors?.some((pattern) => pattern.test(text))) unexpected.push('console.error: ' + text);
    });
    page.on('request', (request) => requests.push(request.url()));
    if (options.html !== undefined || options.intercept || options.respond) {
      await page.setRequestInterception(true);
      page.on('request', async (request) => {
        if (options.html !== undefined && request.url() === server.url + path)
          return request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: options.html });
        if ((await options.intercept?.(request.url())) === 'abort') return request.abort('failed');
        const answer = await options.respond?.(request.url());
        if (answer)
          return request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: '', ...answer });
        return request.continue();
      });
    }
    const testPage: TestPage = {
      page,
      errors,
      warnings,
      requests,
      assertClean() {
        if (unexpected.length) throw new Error('page errors:\n' + unexpected.join('\n'));
      },
      ready: () => page.evaluate(() => (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready()),
    };
    pages.push(testPage);
    // DOMContentLoaded, then ready(): a chunk still loading delays the load event.
    await page.goto(server.url + path, { waitUntil: 'domcontentloaded' });
    if (options.ready !== false) await testPage.ready();
    return testPage;
  }

  return {
    url: server.url,
    browser,
    open,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * One session per test file: started before its first test, closed after its last.
 * `const session = useSession();` at the top of a describe block.
 */
export function useSession(): Session {
  let current: Session | undefined;
  beforeAll(async () => {
    current = await startSession();
  });
  afterAll(() => current?.close());
  const started = () => {
    if (!current) throw new Error('useSession: the session starts in beforeAll');
    return current;
  };
  return {
    get url() {
      return started().url;
    },
    get browser() {
      return started().browser;
    },
    open: (path, options) => started().open(path, options),
    close: () => started().close(),
  };
}
