// Small helpers shared by the feature and page tests (not a test file itself).
import type { HTTPResponse, Page } from 'puppeteer';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ANALYTICS_STUB, transformPage } from '../../src/harness/inject';
import { REPO_ROOT } from '../../src/harness/server';
import type { OpenOptions, Session, TestPage } from './support';

/**
 * A captured page's HTML as the harness serves it (the veneer tag, analytics pointed at the
 * harness's stand-in), for tests that serve a changed copy with session.open(path, { html }).
 */
export function capturedPage(name: string): string {
  const raw = readFileSync(path.join(REPO_ROOT, 'legacy-pages', name, 'index.html'), 'utf8');
  return transformPage(raw, { enabled: true, analyticsEndpoint: ANALYTICS_STUB });
}

export const SCRIPT = '<script defer src="/Content/scripts/dist/veneer.js"></script>';

/** Below the first viewport: widgets there take their enhanced state at once. */
export const BELOW = '<div style="height:150vh">top</div>';
export const TALL = '<div style="height:300vh">tall</div>';

/** The data-enhanced mark of each element `selector` finds (null where none). */
/** A closed dialog the page keeps marked aria-modal, hidden (a consent tool's settings). */
export const appendClosedModal = (page: Page) =>
  page.evaluate(() => {
    const dialog = Object.assign(document.createElement('div'), { role: 'dialog', ariaModal: 'true', ariaLabel: 'Cookie settings', hidden: true });
    dialog.append(Object.assign(document.createElement('button'), { textContent: 'Save' }));
    document.body.append(dialog);
  });

export const marks = (page: Page, selector: string) => page.$$eval(selector, (all) => all.map((el) => el.getAttribute('data-enhanced')));

/** Each .js-carousel's [current slide (1-based), slides shown, index display text]. */
export const carouselStates = (page: Page) =>
  page.$$eval('.js-carousel', (all) =>
    all.map((c) => [
      [...c.querySelectorAll('.js-carousel-slide')].findIndex((s) => s.getAttribute('aria-current') === 'true') + 1,
      [...c.querySelectorAll('.js-carousel-slide')].filter((s) => !(s as HTMLElement).hidden).length,
      c.querySelector('.js-carousel-index')?.textContent ?? null,
    ]),
  );

/** The text of the i-th .js-tooltip's tooltip once it shows (focus it first). */
export async function tooltipText(page: Page, i: number) {
  const tip = await page.waitForFunction(
    (i) => {
      const t = document.querySelectorAll('.js-tooltip')[i];
      const tip = document.getElementById(t.getAttribute('aria-describedby')!.split(' ').pop()!);
      return tip && !tip.hidden && tip.getBoundingClientRect().height > 0 && tip.textContent;
    },
    { timeout: 2000 },
    i,
  );
  return tip.jsonValue();
}

/** A minimal fixture page holding `body`, with veneer in the head. */
export function fixture(body: string, head = SCRIPT): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>fixture</title>${head}</head><body>${body}</body></html>`;
}

export interface OpenBeforeOptions extends Omit<OpenOptions, 'html'> {
  /** Runs in the page before any of its scripts (page.evaluateOnNewDocument), on every navigation. */
  init?: () => void;
  /** Called with the page before it navigates (e.g. to listen for dialogs). */
  before?: (page: Page) => void;
}

/**
 * Opens `path` of the harness with hooks in place before the page's first script runs:
 * session.open() navigates at once, so it opens a blank page first, then goes to `path`.
 * The TestPage's error and warning records cover both.
 */
export async function openBefore(
  session: Session,
  path: string,
  { init, before, ...options }: OpenBeforeOptions,
): Promise<{ test: TestPage; response: HTTPResponse | null }> {
  const test = await session.open('/__blank', { ...options, html: '<!doctype html><title>blank</title>', ready: false });
  before?.(test.page);
  if (init) await test.page.evaluateOnNewDocument(init);
  const response = await test.page.goto(session.url + path, { waitUntil: 'domcontentloaded' });
  if (options.ready !== false) await test.ready();
  return { test, response };
}

/** Waits until no Web Animation runs on `selector`'s elements (e.g. an expand slide). */
export function animationsDone(page: Page, selector: string) {
  return page.waitForFunction(
    (sel: string) => [...document.querySelectorAll(sel)].every((el) => el.getAnimations().length === 0),
    { polling: 'raf', timeout: 3000 },
    selector,
  );
}

/**
 * Opens `path` with the chunk `name` (e.g. `site-header`) held back until release() is
 * called: the visitor can act on the page before the feature is there. Not ready yet.
 */
export async function openHolding(session: Session, path: string, name: string, options: Omit<OpenOptions, 'ready' | 'intercept'> = {}) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const chunk = new RegExp(`/${name}\\.[0-9a-f]{6}\\.js$`);
  const test = await session.open(path, { ...options, ready: false, intercept: (url) => (chunk.test(url) ? held : undefined) });
  return { test, release };
}

/**
 * For each element `selector` matches: its text and background colours, their contrast ratio
 * (WCAG; a translucent background counted over white, the least dark it can be, as the page
 * behind is not known) and its top border's width.
 */
export function colourContrasts(page: Page, selector: string) {
  return page.$$eval(selector, (all) =>
    all.map((element) => {
      const style = getComputedStyle(element);
      const rgba = (colour: string) => colour.match(/[\d.]+/g)!.map(Number);
      const [r, g, b, a = 1] = rgba(style.backgroundColor);
      const back = [r, g, b].map((c) => c * a + 255 * (1 - a));
      const luminance = (rgb: number[]) =>
        rgb.map((c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
      const [light, dark] = [luminance(rgba(style.color).slice(0, 3)), luminance(back)].sort((x, y) => y - x);
      return { colours: [style.color, style.backgroundColor], contrast: (light + 0.05) / (dark + 0.05), edge: style.borderTopWidth };
    }),
  );
}
