// Save-data mode (issue 10): each captured page loaded with data-save-data="true" on veneer's
// script tag and with "false" (the browser's own hints then ignored), unthrottled; after
// veneer.ready() and 2 s without a request, the bytes of every request (encoded, headers
// included, from CDP Network) and which requests only the page without save-data made; then
// the same after scrolling through the page (lazy features near the viewport load then: a map
// that save-data leaves as a link). The browser's favicon request is left out (it comes or not).
import type { Browser } from 'puppeteer';
import { loadingTab } from './page';

const IDLE_MS = 2_000;

// The operator's attribute, written before veneer.js runs: defer scripts run after the
// document turns "interactive" (HTML's "the end"), and the core reads its settings then.
const setSaveData = (value: boolean) => `self.__name = (target) => target;
document.addEventListener('readystatechange', () => {
  if (document.readyState === 'interactive')
    for (const script of document.querySelectorAll('script[src*="veneer.js"]')) script.setAttribute('data-save-data', '${value}');
});`;

export interface Requests {
  bytes: number;
  /** The same, counted again after scrolling to the bottom a screen at a time (cumulative). */
  scrolled: Omit<Requests, 'scrolled' | 'errors' | 'failed'>;
  /** Requests that failed (the harness runs offline: a third-party address cannot load), so their bytes are unknown. */
  failed: string[];
  /** Request URL (path and query for same-origin, the whole URL otherwise) → encoded bytes. */
  requests: Record<string, number>;
  errors: string[];
}

async function loadOnce(browser: Browser, url: string, saveData: boolean): Promise<Requests> {
  const { page, cdp } = await loadingTab(browser);
  try {
    const urls = new Map<string, string>();
    const requests: Record<string, number> = {};
    const origin = new URL(url).origin;
    const name = (address: string) => {
      const parsed = new URL(address);
      return parsed.origin === origin ? parsed.pathname + parsed.search : parsed.href;
    };
    cdp.on('Network.requestWillBeSent', (event) => {
      if (!event.request.url.startsWith('data:') && !/\/favicon\.[a-z]+$/.test(new URL(event.request.url).pathname)) urls.set(event.requestId, name(event.request.url));
    });
    const done = (requestId: string, bytes: number) => {
      const key = urls.get(requestId);
      if (key !== undefined) requests[key] = (requests[key] ?? 0) + bytes;
    };
    cdp.on('Network.loadingFinished', (event) => done(event.requestId, event.encodedDataLength));
    const failed = new Set<string>();
    cdp.on('Network.loadingFailed', (event) => {
      done(event.requestId, 0);
      if (urls.has(event.requestId)) failed.add(urls.get(event.requestId)!);
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String((error as Error).message ?? error)));
    await page.evaluateOnNewDocument(setSaveData(saveData));
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.evaluate(() => (self as unknown as { veneer: { ready(): Promise<void> } }).veneer.ready());
    const idle = () => page.waitForNetworkIdle({ idleTime: IDLE_MS, timeout: 30_000 }).catch(() => errors.push(`no ${IDLE_MS} ms without a request in 30 s`));
    const total = (of: Record<string, number>) => Object.values(of).reduce((sum, bytes) => sum + bytes, 0);
    await idle();
    const atLoad = { ...requests };
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
        scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    });
    await idle();
    return { bytes: total(atLoad), requests: atLoad, scrolled: { bytes: total(requests), requests: { ...requests } }, failed: [...failed], errors };
  } finally {
    await page.close();
  }
}

export interface SaveDataResult {
  page: string;
  without: Requests;
  with: Requests;
  saved: number;
  /** Requests made without save-data and not with it (their bytes), and the reverse; the same after scrolling. */
  avoided: Record<string, number>;
  added: Record<string, number>;
  scrolled: { saved: number; avoided: Record<string, number>; added: Record<string, number> };
}

const only = (a: Pick<Requests, 'requests'>, b: Pick<Requests, 'requests'>) => Object.fromEntries(Object.entries(a.requests).filter(([key]) => !(key in b.requests)));

export async function saveDataBytes(browser: Browser, base: string, pages: string[], progress: (text: string) => void): Promise<SaveDataResult[]> {
  const results: SaveDataResult[] = [];
  for (const page of pages) {
    const without = await loadOnce(browser, `${base}/${page}/`, false);
    progress('.');
    const saving = await loadOnce(browser, `${base}/${page}/`, true);
    progress('.');
    results.push({
      page,
      without,
      with: saving,
      saved: without.bytes - saving.bytes,
      avoided: only(without, saving),
      added: only(saving, without),
      scrolled: {
        saved: without.scrolled.bytes - saving.scrolled.bytes,
        avoided: only(without.scrolled, saving.scrolled),
        added: only(saving.scrolled, without.scrolled),
      },
    });
  }
  return results;
}
