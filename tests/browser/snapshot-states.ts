// The named states snapshot regression takes of each captured page, as data: which pages
// have the state (by the hook classes in the page's HTML as captured), whether the loaded page
// is enhanced for it (else the state is reported as skipped, never passed), and how to get
// there from a fresh load. Not a test file itself.
//
// A state for a feature that has not landed yet (menus, modals, lightbox, ajax lists) stays
// `skipped` until the build enhances its hook: then it produces snapshots on its own, and
// `npm test` fails with "missing" until `npm run snapshots:update` stores them.
// Once a feature is in src/injector/registry.json, a page carrying its own hook (`js-<feature>`)
// that is not enhanced fails instead of skipping (mustBeAvailable).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ElementHandle, Page } from 'puppeteer';

export type StateName =
  | 'loaded'
  | 'tabs'
  | 'expanded'
  | 'carousel-next'
  | 'menu-open'
  | 'modal-open'
  | 'lightbox-open'
  | 'list-filtered';

export interface SnapshotState {
  name: StateName;
  /** What the snapshot shows (for reports). */
  description: string;
  /** The feature (registry name, `data-enhanced` token) this state exercises; null for `loaded`. */
  feature: string | null;
  /** Hook classes: a page whose captured HTML carries none of them has no such state (none listed: every page). */
  hooks: string[];
  /** In the loaded page: is it enhanced for this state's feature? false → the state is skipped. */
  available: (page: Page) => Promise<boolean>;
  /** Brings the freshly loaded (and ready) page into the state. */
  apply: (page: Page) => Promise<void>;
}

/** window.veneer.ready() in the page. */
export const veneerReady = (page: Page) =>
  page.evaluate(() => (window as unknown as { veneer?: { ready(): Promise<void> } }).veneer?.ready());

/** True when an element matching `selector` carries `data-enhanced` naming one of `features`. */
export const enhancedFor =
  (selector: string, ...features: string[]) =>
  (page: Page) =>
    page.evaluate(
      (sel: string, names: string[]) =>
        [...document.querySelectorAll(sel)].some((el) => (el.getAttribute('data-enhanced') ?? '').split(/\s+/).some((token) => names.includes(token))),
      selector,
      features,
    );

/**
 * Clicks (a real mouse click, scrolled into view) the element `find` returns in the page,
 * then waits for veneer. A clear error when there is none.
 */
async function clickFound(page: Page, what: string, find: () => Element | null | undefined): Promise<void> {
  const handle = await page.evaluateHandle(find);
  const element = handle.asElement() as ElementHandle<Element> | null;
  if (!element) {
    await handle.dispose();
    throw new Error(`snapshot state: no ${what} to click`);
  }
  await element.click();
  await element.dispose();
  await veneerReady(page);
}

/** Clicks the first element matching `selector`, then waits for veneer. */
async function clickFirst(page: Page, selector: string): Promise<void> {
  const element = await page.$(selector);
  if (!element) throw new Error(`snapshot state: nothing matches ${selector}`);
  await element.click();
  await element.dispose();
  await veneerReady(page);
}

export const STATES: SnapshotState[] = [
  {
    name: 'loaded',
    description: 'the page as loaded and enhanced',
    feature: null,
    hooks: [],
    available: async () => true,
    apply: async () => {},
  },
  {
    name: 'tabs',
    description: 'the second tab of the first tab block selected by a click',
    feature: 'tabs',
    hooks: ['js-tabs'],
    available: enhancedFor('.js-tabs', 'tabs'),
    apply: (page) =>
      clickFound(page, 'second tab of an enhanced .js-tabs', () => document.querySelector('.js-tabs[data-enhanced~="tabs"]')?.querySelectorAll('a.js-tab')[1]),
  },
  {
    name: 'expanded',
    description: 'the first closed expand item opened by a click on its trigger',
    feature: 'expand',
    hooks: ['js-expand'],
    available: enhancedFor('.js-expand', 'expand'),
    apply: (page) => clickFirst(page, '.js-expand[data-enhanced~="expand"] .js-expand-trigger[aria-expanded="false"]'),
  },
  {
    name: 'carousel-next',
    description: 'the first carousel moved on by one slide with its next button',
    feature: 'carousel',
    hooks: ['js-carousel'],
    available: enhancedFor('.js-carousel', 'carousel'),
    apply: (page) => clickFirst(page, '.js-carousel[data-enhanced~="carousel"] .js-carousel-next'),
  },
  // Later features: their hooks are already in the captured pages.
  {
    name: 'menu-open',
    description: 'the first mega-menu item opened by a click on its trigger',
    feature: 'nav',
    hooks: ['js-nav'],
    available: enhancedFor('.js-nav', 'nav'),
    apply: (page) => clickFirst(page, '.js-nav[data-enhanced~="nav"] .js-nav-trigger'),
  },
  {
    name: 'modal-open',
    description: 'the first modal opened by a click on its first [data-modal-open] control',
    feature: 'modal',
    hooks: ['js-modal'],
    available: enhancedFor('.js-modal', 'modal'),
    apply: async (page) => {
      // The id is compared, as veneer does, never put into a selector.
      await clickFound(page, '[data-modal-open] control of an enhanced .js-modal', () => {
        const modal = document.querySelector('.js-modal[data-enhanced~="modal"]');
        return modal && [...document.querySelectorAll('[data-modal-open]')].find((control) => control.getAttribute('data-modal-open') === modal.id);
      });
      // Opening waits for the shared dialog runtime chunk (a microtask once it has loaded).
      await page.waitForFunction(() => document.querySelector('.js-modal[data-enhanced~="modal"]')?.matches('.is-open[aria-modal="true"]'), { timeout: 5000 });
    },
  },
  {
    name: 'lightbox-open',
    description: 'the first lightbox link (a.js-lightbox, or a link of a .js-lightbox-gallery) opened by a click',
    feature: 'lightbox',
    hooks: ['js-lightbox', 'js-lightbox-gallery'],
    available: enhancedFor('.js-lightbox, .js-lightbox-gallery', 'lightbox', 'lightbox-gallery'),
    apply: async (page) => {
      await clickFound(page, 'enhanced lightbox link', () =>
        document.querySelector(
          ':is(a.js-lightbox:is([data-enhanced~="lightbox"], [data-enhanced~="lightbox-gallery"]), .js-lightbox-gallery:is([data-enhanced~="lightbox"], [data-enhanced~="lightbox-gallery"]) a)',
        ),
      );
      // The popup renders once the shared ui runtime has loaded, then loads its content:
      // the state is the open popup with its content shown (or its error).
      await page.waitForSelector('dialog.veneer-lightbox.is-open:not(.is-busy)', { timeout: 10_000 });
      await veneerReady(page);
    },
  },
  {
    name: 'list-filtered',
    description: 'the first ajax list filtered by its first filter field set to its second choice',
    feature: 'ajax-list',
    hooks: ['js-ajax-list'],
    available: enhancedFor('.js-ajax-list', 'ajax-list'),
    apply: async (page) => {
      await page.evaluate(() => {
        const form = document.querySelector<HTMLFormElement>('.js-ajax-list[data-enhanced~="ajax-list"] form.js-ajax-filter')!;
        const select = form.querySelector('select');
        const box = form.querySelector<HTMLInputElement>('input[type="checkbox"], input[type="radio"]');
        if (select && select.options.length > 1) select.selectedIndex = 1;
        else if (box) box.checked = !box.checked;
        (select ?? box)?.dispatchEvent(new Event('change', { bubbles: true }));
        form.requestSubmit();
      });
      await veneerReady(page);
      await page.waitForFunction(() => !document.querySelector('.js-ajax-list[aria-busy="true"], .js-ajax-list .is-busy'), { timeout: 10_000 });
      await veneerReady(page);
    },
  },
];

export const LEGACY_PAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'legacy-pages');

/** The class tokens of every class attribute in `html`. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi))
    for (const token of (match[1] ?? match[2] ?? match[3]).split(/\s+/)) if (token) classes.add(token);
  return classes;
}

/** The states a page's captured HTML has a hook for, in STATES order. */
export function statesForHtml(html: string): SnapshotState[] {
  const classes = classesIn(html);
  return STATES.filter((state) => state.hooks.length === 0 || state.hooks.some((hook) => classes.has(hook)));
}

export interface PageStates {
  page: string;
  states: SnapshotState[];
  /** The class tokens of the page's captured HTML. */
  classes: Set<string>;
}

/** The features the build has: the keys of src/injector/registry.json (empty if it cannot be read). */
export function builtFeatures(): Set<string> {
  try {
    const registry = JSON.parse(readFileSync(path.join(LEGACY_PAGES, '..', 'src', 'injector', 'registry.json'), 'utf8'));
    return new Set(Object.keys(registry));
  } catch {
    return new Set();
  }
}

/**
 * A state may be skipped while its feature is not built. Once the registry has it and the page
 * carries its own hook (`js-<feature>`, the registry's convention), not being enhanced is a failure.
 */
export function mustBeAvailable(state: SnapshotState, classes: Set<string>, built = builtFeatures()): boolean {
  return state.feature !== null && built.has(state.feature) && classes.has(`js-${state.feature}`);
}

/** Every captured page (a folder of legacy-pages/ not starting with '_' holding index.html) and its states. */
export function snapshotPlan(root = LEGACY_PAGES): PageStates[] {
  return readdirSync(root)
    .filter((name) => !name.startsWith('_') && !name.startsWith('.'))
    .filter((name) => {
      try {
        return statSync(path.join(root, name, 'index.html')).isFile();
      } catch {
        return false;
      }
    })
    .sort()
    .map((page) => {
      const html = readFileSync(path.join(root, page, 'index.html'), 'utf8');
      return { page, states: statesForHtml(html), classes: classesIn(html) };
    });
}
