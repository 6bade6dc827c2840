// The catalogue's data (GET /__pages.json): each captured page with its title, which of the
// registry's features its HTML has, and every `js-` hook class it carries.
//
// A registry row `"name": ""` hooks `.js-name`: found with a regex over the class attributes
// of the page (comments, <script>, <style>, <template>, <noscript> and <textarea> contents
// removed first), not an HTML parser. A row with a selector of its own is matched with
// happy-dom's querySelector, imported only when such a row exists.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listPages, type PageInfo } from './static';

export const REGISTRY_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'injector', 'registry.json');

export interface PageEntry extends PageInfo {
  /** Every registry feature, in registry order: does the page's HTML have its hook? */
  features: Record<string, boolean>;
  /** Every distinct `js-` class on the page, sorted. */
  hooks: string[];
}

const HIDDEN = /<!--[\s\S]*?-->|<(script|style|template|noscript|textarea)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const CLASS_ATTR = /<[a-z][^\s/>]*(?:[^>"']|"[^"]*"|'[^']*')*?\sclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;

/** Every class token of the page's elements (a regex over class attributes). */
export function classTokens(html: string): Set<string> {
  const tokens = new Set<string>();
  const visible = html.replace(HIDDEN, '');
  for (const m of visible.matchAll(CLASS_ATTR)) {
    for (const token of (m[1] ?? m[2] ?? m[3] ?? '').split(/[\t\n\f\r ]+/)) if (token) tokens.add(token);
  }
  return tokens;
}

type Query = (selector: string) => boolean;

async function selectorQuery(html: string): Promise<{ query: Query; close(): Promise<void> }> {
  const { Window } = await import('happy-dom');
  const window = new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      disableIframePageLoading: true,
      disableComputedStyleRendering: true,
    },
  });
  const doc = new window.DOMParser().parseFromString(html, 'text/html');
  return {
    query(selector) {
      try {
        return doc.querySelector(selector) !== null;
      } catch {
        return false; // a selector happy-dom cannot parse
      }
    },
    close: () => window.happyDOM.close(),
  };
}

/** For each registry row, whether `html` has its hook. */
export async function pageFeatures(html: string, registry: Record<string, string>): Promise<{ features: Record<string, boolean>; hooks: string[] }> {
  const tokens = classTokens(html);
  const features: Record<string, boolean> = {};
  let dom: Awaited<ReturnType<typeof selectorQuery>> | undefined;
  try {
    for (const [name, selector] of Object.entries(registry)) {
      if (!selector) features[name] = tokens.has(`js-${name}`);
      else features[name] = (dom ??= await selectorQuery(html)).query(selector);
    }
  } finally {
    await dom?.close();
  }
  return { features, hooks: [...tokens].filter((t) => t.startsWith('js-')).sort() };
}

/** listPages() with each page's features; the registry is read on every call. */
export async function pageCatalogue(root: string, registryFile = REGISTRY_FILE): Promise<PageEntry[]> {
  const registry = JSON.parse(await fs.readFile(registryFile, 'utf8')) as Record<string, string>;
  const pages = await listPages(root);
  return Promise.all(
    pages.map(async (page) => {
      const html = await fs.readFile(path.join(root, page.name, 'index.html'), 'utf8').catch(() => '');
      return { ...page, ...(await pageFeatures(html, registry)) };
    }),
  );
}
