// What every browser test shares: the harness server, Debian's Chromium, and a page that
// fails the test on any page error or console error it did not expect.
import { afterAll, afterEach, beforeAll } from 'vitest';
import puppeteer, { type Browser, type Page, type ConsoleMessage } from 'puppeteer';
import { chromiumArgs } from '../../src/harness/chromium';
import { PLAYER_API_HOST, VENEER_POLICIES, strictCsp } from '../../src/harness/csp';
import { startServer } from '../../src/harness/server';

// No test, even one that catches a bug, sends traffic off this machine (the host-resolver
// rule; the capture tool drops it to reach a live site).
export const CHROMIUM_ARGS = chromiumArgs({ offline: true });

/**
 * Every page of every browser test runs under the strict CSP with Trusted Types (issue 9),
 * and any violation fails the test. Captured pages get it whole, plus the player API's host. Fixtures (the tests' own
 * HTML) keep Trusted Types but may carry inline scripts and styles (page scripts, layout).
 * The tests' own DOM writes in page.evaluate use `testHTML()`, through a policy of their
 * own, `veneer-test`, which veneer's code never sees. `VENEER_CSP=off` runs without (to compare).
 */
const CSP_ON = process.env.VENEER_CSP !== 'off';
const TEST_POLICIES = [...VENEER_POLICIES, 'veneer-test'];
// The policy a site with video players has: its one third-party script allowed. The pure
// policy (?csp=strict) is tested too, where players fall back to their links.
const scriptHosts = [PLAYER_API_HOST];
export const TEST_CSP = CSP_ON ? strictCsp(TEST_POLICIES, { scriptHosts }) : undefined;
export const FIXTURE_CSP = CSP_ON ? strictCsp(TEST_POLICIES, { inline: true, scriptHosts }) : undefined;

/** Runs in every test page before its own scripts: testHTML(), and violations logged for the test. */
function pageSupport() {
  type Policy = { createHTML(html: string): string; createScriptURL(url: string): string };
  type TT = { createPolicy(name: string, rules: Policy): Policy };
  let policy: Policy | undefined;
  // Created on first use: pages served with veneer's own policy alone (?csp=strict) never ask.
  const same = (text: string) => text;
  const testPolicy = () =>
    (policy ||= (window as unknown as { trustedTypes?: TT }).trustedTypes?.createPolicy('veneer-test', {
      createHTML: same,
      createScriptURL: same,
    }) ?? { createHTML: same, createScriptURL: same });
  Object.defineProperty(window, 'testHTML', { value: (html: string) => testPolicy().createHTML(html) });
  Object.defineProperty(window, 'testScriptURL', { value: (url: string) => testPolicy().createScriptURL(url) });
  document.addEventListener('securitypolicyviolation', (event) =>
    console.error(`[csp-violation] ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`),
  );
}

declare global {
  /** HTML for a sink (innerHTML, insertAdjacentHTML) in a test's page.evaluate, allowed by the test CSP. */
  function testHTML(html: string): string;
  /** A script URL for a test's own script element (script.src), allowed by the test CSP. */
  function testScriptURL(url: string): string;
}

export interface Session {
  url: string;
  browser: Browser;
  open(path: string, options?: OpenOptions): Promise<TestPage>;
  /** Violations on pages opened since the last call that their test did not allow. */
  takeViolations(): string[];
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
  /** The test provokes CSP violations on purpose: they do not fail it. */
  allowViolations?: boolean;
  /** Runs in the page before any of its own scripts (page.evaluateOnNewDocument). */
  init?: () => void;
  /**
   * Answers a request in the test (after `intercept`): the response to send (status 200 and
   * text/html by default), or nothing to let the request go on. Hosts other than the harness
   * cannot be reached from the tests' Chromium: this is how a test answers them (e.g. with a
   * stub's reply from src/harness/stubs.ts).
   */
  respond?: (url: string) => Reply | undefined | void | Promise<Reply | undefined | void>;
}

/** An answer for `respond`. */
export interface Reply {
  status?: number;
  contentType?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface TestPage {
  page: Page;
  errors: string[];
  warnings: string[];
  requests: string[];
  /** CSP and Trusted Types violations seen on the page. */
  violations: string[];
  /** Throws if the page raised an error or logged an unexpected console error. */
  assertClean(): void;
  ready(): Promise<void>;
}

export interface SessionOptions {
  /** Chromium (the default), or Debian's firefox-esr through WebDriver BiDi (tests/firefox). */
  browser?: 'chrome' | 'firefox';
}

export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/**
 * Firefox reaches nothing but this machine, like Chromium's host-resolver rule: every other
 * host goes through a proxy on a closed local port (9, discard) and fails.
 */
const FIREFOX_PREFS = {
  'network.proxy.type': 1,
  'network.proxy.http': '127.0.0.1',
  'network.proxy.http_port': 9,
  'network.proxy.ssl': '127.0.0.1',
  'network.proxy.ssl_port': 9,
  'network.proxy.no_proxies_on': 'localhost, 127.0.0.1',
  'network.proxy.allow_hijacking_localhost': false,
};

export async function startSession({ browser: engine = 'chrome' }: SessionOptions = {}): Promise<Session> {
  const server = await startServer({ port: 0, csp: TEST_CSP ?? false });
  const firefox = engine === 'firefox';
  const browser = await puppeteer.launch({
    headless: true,
    ...(firefox
      ? { browser: 'firefox' as const, executablePath: FIREFOX_PATH, extraPrefsFirefox: FIREFOX_PREFS }
      : { args: CHROMIUM_ARGS }),
    userDataDir: undefined,
  });
  const pages: TestPage[] = [];
  let checked = 0;
  const allowed = new WeakSet<TestPage>();

  async function open(path: string, options: OpenOptions = {}): Promise<TestPage> {
    const page = await browser.newPage();
    // Not every CDP emulation has a WebDriver BiDi counterpart in Firefox yet.
    const optional = (step: Promise<unknown>) => (firefox ? step.catch(() => undefined) : step);
    await optional(page.setCacheEnabled(false));
    await page.setViewport(options.viewport ?? { width: 1280, height: 800 });
    await optional(page.emulateTimezone('UTC'));
    if (options.reducedMotion)
      await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    const errors: string[] = [];
    const unexpected: string[] = [];
    const warnings: string[] = [];
    const requests: string[] = [];
    const violations: string[] = [];
    await page.evaluateOnNewDocument(pageSupport);
    if (options.init) await page.evaluateOnNewDocument(options.init);
    page.on('pageerror', (error) => {
      const text = 'pageerror: ' + ((error as Error).stack ?? String(error));
      errors.push(text);
      if (!options.allowErrors?.some((pattern) => pattern.test(text))) unexpected.push(text);
    });
    page.on('console', (message: ConsoleMessage) => {
      const text = message.text();
      if (text.startsWith('[csp-violation] ')) return void violations.push(text);
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
          return request.respond({
            status: 200,
            contentType: 'text/html; charset=utf-8',
            headers: FIXTURE_CSP ? { 'Content-Security-Policy': FIXTURE_CSP } : {},
            body: options.html,
          });
        if ((await options.intercept?.(request.url())) === 'abort') return request.abort('failed');
        const answer = await options.respond?.(request.url());
        if (answer) {
          const typed = answer.contentType || Object.keys(answer.headers ?? {}).some((name) => name.toLowerCase() == 'content-type');
          return request.respond({ status: 200, body: '', ...(typed ? {} : { contentType: 'text/html; charset=utf-8' }), ...answer });
        }
        return request.continue();
      });
    }
    const testPage: TestPage = {
      page,
      errors,
      warnings,
      requests,
      violations,
      assertClean() {
        if (unexpected.length) throw new Error('page errors:\n' + unexpected.join('\n'));
        if (violations.length && !options.allowViolations) throw new Error('CSP violations:\n' + violations.join('\n'));
      },
      ready: () => page.evaluate(() => (window as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready()),
    };
    pages.push(testPage);
    if (options.allowViolations) allowed.add(testPage);
    // DOMContentLoaded, then ready(): a chunk still loading delays the load event.
    await page.goto(server.url + path, { waitUntil: 'domcontentloaded' });
    if (options.ready !== false) await testPage.ready();
    return testPage;
  }

  return {
    url: server.url,
    browser,
    open,
    takeViolations() {
      const fresh = pages.slice(checked).filter((page) => !allowed.has(page));
      checked = pages.length;
      return fresh.flatMap((page) => page.violations);
    },
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
export function useSession(options?: SessionOptions): Session {
  let current: Session | undefined;
  beforeAll(async () => {
    current = await startSession(options);
  });
  afterAll(() => current?.close());
  // A violation fails its test even when the test never calls assertClean().
  afterEach(() => {
    const violations = current?.takeViolations() ?? [];
    if (violations.length) throw new Error('CSP violations:\n' + violations.join('\n'));
  });
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
    takeViolations: () => started().takeViolations(),
    close: () => started().close(),
  };
}
