// The catalogue's data (GET /__pages.json): each captured page with its title, which of the
// registry's features its HTML has, every `js-` hook class it carries, and those of them no
// feature's code names (`other`: the hooks nothing handles yet).
//
// A registry row `"name": ""` hooks `.js-name`: found with a regex over the class attributes
// of the page (comments, <script>, <style>, <template>, <noscript> and <textarea> contents
// removed first), not an HTML parser. A row with a selector of its own is matched with
// happy-dom's querySelector, imported only when such a row exists.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listPages, type PageInfo } from './static';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REGISTRY_FILE = path.join(SRC, 'injector', 'registry.json');
/** Where the features' code and the code they share live: the js- classes they name are handled. */
export const HOOK_SOURCE_DIRS = [path.join(SRC, 'features'), path.join(SRC, 'lib')];

export interface PageEntry extends PageInfo {
  /** Every registry feature, in registry order: does the page's HTML have its hook? */
  features: Record<string, boolean>;
  /** Every distinct `js-` class on the page, sorted. */
  hooks: string[];
  /** The hooks no feature handles: neither a registry row's nor named by a feature's code. */
  other: string[];
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

const HOOK_NAME = /(?<![\w-])js-[a-z0-9]+(?:-[a-z0-9]+)*/g;

/**
 * The js- classes veneer handles: each registry row's (`.js-<name>` for an empty row, the
 * classes of its selector otherwise) and every one the features' code names (a part such as
 * js-carousel-slide, js-megamenu or js-validate), found by a regex over the .ts/.tsx files of
 * `dirs`. A class only built at run time (`js-${name}`) is not seen.
 */
export async function knownHooks(registry: Record<string, string>, dirs: readonly string[] = HOOK_SOURCE_DIRS): Promise<Set<string>> {
  const known = new Set<string>();
  for (const [name, selector] of Object.entries(registry)) {
    if (!selector) known.add(`js-${name}`);
    else for (const m of selector.matchAll(HOOK_NAME)) known.add(m[0]);
  }
  for (const dir of dirs) {
    const files = await fs.readdir(dir, { recursive: true }).catch(() => [] as string[]);
    for (const file of files) {
      if (!/\.tsx?$/.test(file)) continue;
      const text = await fs.readFile(path.join(dir, file), 'utf8');
      for (const m of text.matchAll(HOOK_NAME)) known.add(m[0]);
    }
  }
  return known;
}

/** listPages() with each page's features; the registry and the features' code are read on every call. */
export async function pageCatalogue(root: string, registryFile = REGISTRY_FILE, hookDirs: readonly string[] = HOOK_SOURCE_DIRS): Promise<PageEntry[]> {
  const registry = JSON.parse(await fs.readFile(registryFile, 'utf8')) as Record<string, string>;
  const known = await knownHooks(registry, hookDirs);
  const pages = await listPages(root);
  return Promise.all(
    pages.map(async (page) => {
      const html = await fs.readFile(path.join(root, page.name, 'index.html'), 'utf8').catch(() => '');
      const found = await pageFeatures(html, registry);
      return { ...page, ...found, other: found.hooks.filter((hook) => !known.has(hook)) };
    }),
  );
}
