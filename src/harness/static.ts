// Static files: safe resolution inside a root, directory index, page listing.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { HttpError, contentTypeFor, esc, page } from './http';

/**
 * Joins decoded path segments below `base`. Refuses '..' (403) and hidden names (404);
 * the result is checked to stay inside `base`.
 */
export function resolveInside(base: string, segments: string[]): string {
  const parts: string[] = [];
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' || segment.includes('\0')) throw new HttpError(403, 'The path leaves its root.');
    if (segment.startsWith('.')) throw new HttpError(404, 'Hidden files are not served.');
    if (/[\\:]/.test(segment)) throw new HttpError(403, 'The path holds a forbidden character.');
    parts.push(segment);
  }
  const root = path.resolve(base);
  const full = path.resolve(root, ...parts);
  if (full !== root && !full.startsWith(root + path.sep)) throw new HttpError(403, 'The path leaves its root.');
  return full;
}

async function statOrNull(file: string) {
  try {
    return await fs.stat(file);
  } catch {
    return null;
  }
}

/** Symlinks must not lead out of the root either. */
async function checkReal(base: string, file: string): Promise<void> {
  const [realBase, realFile] = await Promise.all([fs.realpath(base), fs.realpath(file)]);
  if (realFile !== realBase && !realFile.startsWith(realBase + path.sep)) {
    throw new HttpError(403, 'The path leaves its root.');
  }
}

export type Lookup =
  | { kind: 'file'; file: string; size: number; mtime: Date }
  | { kind: 'redirect'; slash: true }
  | { kind: 'missing' };

/** Finds the file for `segments` below `base`; a directory serves its index.html. */
export async function lookup(base: string, segments: string[], trailingSlash: boolean): Promise<Lookup> {
  let file = resolveInside(base, segments);
  let stat = await statOrNull(file);
  if (!stat) return { kind: 'missing' };
  if (stat.isDirectory()) {
    if (!trailingSlash) return { kind: 'redirect', slash: true };
    file = path.join(file, 'index.html');
    stat = await statOrNull(file);
    if (!stat) return { kind: 'missing' };
  }
  if (!stat.isFile()) return { kind: 'missing' };
  await checkReal(base, file);
  return { kind: 'file', file, size: stat.size, mtime: stat.mtime };
}

export async function readStatic(file: string): Promise<{ body: Buffer; type: string }> {
  return { body: await fs.readFile(file), type: contentTypeFor(file) };
}

export interface PageInfo {
  name: string;
  path: string;
  title: string;
}

export function isPageName(name: string): boolean {
  return name !== '' && !name.startsWith('_') && !name.startsWith('.');
}

/** The folders of the pages root that are pages: not starting with '_', holding index.html. */
export async function listPages(root: string): Promise<PageInfo[]> {
  let entries;
  try {
    entries = await fs.readdir(root, { withFileTypes: true });
  } catch {
    return [];
  }
  const pages: PageInfo[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !isPageName(entry.name)) continue;
    let title = entry.name;
    try {
      const text = await fs.readFile(path.join(root, entry.name, 'index.html'), 'utf8');
      const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text);
      if (m && m[1].trim()) title = decodeEntities(m[1].trim().replace(/\s+/g, ' '));
    } catch {
      continue;
    }
    pages.push({ name: entry.name, path: `/${encodeURIComponent(entry.name)}/`, title });
  }
  return pages.sort((a, b) => a.name.localeCompare(b.name));
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

export async function isPageDir(root: string, name: string): Promise<boolean> {
  if (!isPageName(name)) return false;
  let dir: string;
  try {
    dir = resolveInside(root, [name]);
  } catch {
    return false;
  }
  const stat = await statOrNull(dir);
  return !!stat?.isDirectory();
}

export function catalogueHtml(pages: PageInfo[]): string {
  const items = pages
    .map((p) => `<li><a href="${esc(p.path)}">${esc(p.title)}</a> <code>${esc(p.name)}</code></li>`)
    .join('\n');
  return page(
    'veneer harness: legacy pages',
    `<h1>Legacy pages</h1>
${pages.length ? `<ul class="pages">\n${items}\n</ul>` : '<p>No pages yet.</p>'}
<p>Add <code>?veneer=off</code> to see a page as the CMS sent it, <code>?csp=strict</code> for the strict policy.
The same list as JSON: <a href="/__pages.json">/__pages.json</a>.</p>`,
  );
}
