// The capture tool: saves a page of a live site, as its server sent it, into
// legacy-pages/<name>/ so the harness can serve it offline (see cli.ts for the command).
//
//   1. Chromium (Debian's, through puppeteer) loads the address and waits for the network
//      to go quiet; every response is kept: the document, stylesheets, images, fonts, and
//      the page's XHR/fetch calls. (Or a HAR file recorded in the developer's own browser
//      holds them: har.ts, then the same steps from 2 on, save().)
//   2. The document's HTML (the response body, not the DOM after the site's scripts ran)
//      goes through html.ts: site scripts and handlers out, references collected.
//   3. Each referenced file comes from what the browser received, or else is fetched
//      (srcset candidates the browser did not pick, lazy images, fonts of other weights…);
//      stylesheets are parsed for their own url()s and @imports, recursively.
//   4. Files are written to assets/<stem>.<content hash>.<ext>, references rewritten to them
//      (/<name>/assets/… in the HTML, sibling names in the CSS), the calls to the document's
//      origin to recorded/, and manifest.json lists it all; with saveHar, a HAR 1.2 file of
//      it all too.
// The folder is written beside the target and renamed into place at the end.
import puppeteer, { type HTTPResponse } from 'puppeteer';
import { createHash } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumArgs } from '../chromium';
import { contentTypeFor } from '../http';
import { cssRefs, rewriteCss, type RefKind } from './css';
import { writeHar } from './har';
import { transformHtml } from './html';
import { checkAddress, checkPageName, type CaptureManifest, type MissingFile, type RecordedCall } from './manifest';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const DEFAULT_ROOT = path.join(REPO_ROOT, 'legacy-pages');

/** Names the harness answers itself before looking for a page folder. */
const RESERVED = new Set(['cdn', 'download-zip', 'forms']);
const MAX_FILE_BYTES = 50 * 1024 * 1024;
const CONCURRENCY = 6;

export interface CaptureOptions {
  /** The page's http(s) address. */
  address: string;
  /** The page folder's name: [a-z0-9-]+. */
  name: string;
  /** The legacy pages folder. Default <repo>/legacy-pages. */
  root?: string;
  /** Replace an existing page folder. Default false. */
  force?: boolean;
  /** Keep Chromium (and the fetches) on this machine: the tests' host-resolver rule. Default false. */
  offline?: boolean;
  /** Time limit of the page load and of each fetch, ms. Default 30 000. */
  timeout?: number;
  /** How long the network must stay quiet after the load, ms. Default 500. */
  idleTime?: number;
  /** Progress and summary lines. Default console.log. */
  log?: (line: string) => void;
  /** Also write a HAR 1.2 file of what was captured (the page's exchanges and the files fetched). */
  saveHar?: string;
}

export interface CaptureSummary {
  dir: string;
  manifest: CaptureManifest;
  /** Files saved besides index.html and manifest.json (assets/ and recorded/). */
  files: number;
  /** Bytes of everything written. */
  bytes: number;
  recorded: number;
  skippedScripts: number;
  missing: number;
}

export interface Received {
  status: number;
  contentType: string;
  /** The URL after redirects. */
  url: string;
  body: Promise<Buffer | null>;
}

export interface Call {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string>;
  postData?: string;
  body: Promise<Buffer | null>;
}

interface Asset {
  url: string;
  /** The URL after redirects: the stylesheet's references resolve against it. */
  finalUrl: string;
  css: boolean;
  body?: Buffer;
  contentType: string;
  source: 'browser' | 'fetched';
  error?: string;
  /** Its name in assets/. */
  file: string;
}

const stripHash = (url: string) => url.split('#')[0];
const hashOf = (url: string) => (url.includes('#') ? url.slice(url.indexOf('#')) : '');
const sha = (data: string | Buffer, length = 10) => createHash('sha256').update(data).digest('hex').slice(0, length);

function kB(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const EXT_BY_TYPE: Record<string, string> = {
  'text/css': '.css',
  'text/html': '.html',
  'text/plain': '.txt',
  'text/xml': '.xml',
  'application/xml': '.xml',
  'application/json': '.json',
  'text/vtt': '.vtt',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/jpg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/avif': '.avif',
  'image/svg+xml': '.svg',
  'image/x-icon': '.ico',
  'image/vnd.microsoft.icon': '.ico',
  'font/woff2': '.woff2',
  'font/woff': '.woff',
  'application/font-woff': '.woff',
  'application/font-woff2': '.woff2',
  'font/ttf': '.ttf',
  'application/x-font-ttf': '.ttf',
  'font/otf': '.otf',
  'application/vnd.ms-fontobject': '.eot',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'audio/mpeg': '.mp3',
  'application/pdf': '.pdf',
};

const mime = (contentType: string) => contentType.split(';')[0].trim().toLowerCase();

/** The extension the harness will serve with the right type: the Content-Type's, else the URL's. */
function extensionFor(url: string, contentType: string, css: boolean): string {
  if (css) return '.css';
  const fromType = EXT_BY_TYPE[mime(contentType)];
  if (fromType) return fromType;
  const fromUrl = /\.[a-z0-9]{1,5}$/i.exec(new URL(url).pathname)?.[0].toLowerCase();
  if (fromUrl && (contentTypeFor('file' + fromUrl) !== 'application/octet-stream' || fromUrl === '.eot')) return fromUrl;
  return '.bin';
}

function stemOf(url: string): string {
  const base = decodeURIComponentSafe(new URL(url).pathname.split('/').pop() ?? '').replace(/\.[^.]*$/, '');
  return (
    base
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^[-_]+|[-_]+$/g, '')
      .slice(0, 40) || 'file'
  );
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function charsetOf(contentType: string): string | undefined {
  return /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
}

/** Decodes text by its declared charset (UTF-8 when none or unknown). */
function decode(body: Buffer, label: string | undefined): { text: string; utf8: boolean } {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return { text: decoder.decode(body), utf8: decoder.encoding === 'utf-8' };
}

function htmlCharset(body: Buffer, contentType: string): string | undefined {
  const head = body.subarray(0, 4096).toString('latin1');
  return (
    charsetOf(contentType) ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1]
  );
}

function cssCharset(body: Buffer, contentType: string): string | undefined {
  return charsetOf(contentType) ?? /^@charset\s+"([\w.:-]+)"/i.exec(body.subarray(0, 100).toString('latin1'))?.[1];
}

async function bodyOf(response: HTTPResponse): Promise<Buffer | null> {
  const status = response.status();
  if ((status >= 300 && status < 400) || status === 204) return null;
  try {
    return Buffer.from(await response.buffer());
  } catch {
    return null;
  }
}

function isLocalHost(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

/** Runs `work` over a queue that may grow while it runs, `limit` at a time. */
async function pool<T>(queue: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let running = 0;
  await new Promise<void>((resolve, reject) => {
    const pump = () => {
      if (next >= queue.length && running === 0) return resolve();
      while (running < limit && next < queue.length) {
        const item = queue[next++];
        running++;
        work(item).then(
          () => {
            running--;
            pump();
          },
          (error) => reject(error),
        );
      }
    };
    pump();
  });
}

/** What the page exchanged, from a browser (load) or a HAR file (har.ts). */
export interface Loaded {
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
  userAgent: string;
  received: Map<string, Received>;
  calls: Call[];
  responses: number;
}

/** Step 1: the page in Chromium, every response kept. */
async function load(address: URL, options: Required<Pick<CaptureOptions, 'offline' | 'timeout' | 'idleTime' | 'log'>>): Promise<Loaded> {
  const { log, timeout } = options;
  const browser = await puppeteer.launch({ headless: true, args: chromiumArgs({ offline: options.offline }) });
  try {
    const page = await browser.newPage();
    const userAgent = (await browser.userAgent()).replace(/HeadlessChrome/g, 'Chrome');
    await page.setUserAgent({ userAgent });
    await page.setCacheEnabled(false);
    await page.setViewport({ width: 1280, height: 800 });
    const received = new Map<string, Received>();
    const calls: Call[] = [];
    const bodies: Promise<unknown>[] = [];
    let responses = 0;
    page.on('response', (response) => {
      responses++;
      const request = response.request();
      const type = request.resourceType();
      const status = response.status();
      const headers = response.headers();
      if (type === 'xhr' || type === 'fetch') {
        const body = bodyOf(response);
        bodies.push(body);
        calls.push({ method: request.method(), url: response.url(), status, headers, postData: request.postData(), body });
        return;
      }
      if (request.method() !== 'GET' || status < 200 || status >= 300 || type === 'script' || type === 'media') return;
      const body = bodyOf(response);
      bodies.push(body);
      const entry: Received = { status, contentType: headers['content-type'] ?? '', url: response.url(), body };
      // Under its own URL and the URLs that redirected to it.
      for (const url of [response.url(), ...request.redirectChain().map((r) => r.url())]) {
        if (!received.has(stripHash(url))) received.set(stripHash(url), entry);
      }
    });

    log(`loading ${address.href}`);
    const response = await page.goto(address.href, { waitUntil: 'domcontentloaded', timeout });
    if (!response) throw new Error(`${address.href} gave no response`);
    const quiet = await page.waitForNetworkIdle({ idleTime: options.idleTime, timeout }).then(
      () => true,
      () => false,
    );
    if (!quiet) log(`the network did not go quiet within ${timeout} ms; saving what arrived`);
    const body = await response.buffer().catch(() => null);
    await Promise.all(bodies);
    if (!body) throw new Error(`${response.url()}: the document's body is not available (HTTP ${response.status()})`);
    const status = response.status();
    const contentType = response.headers()['content-type'] ?? '';
    log(`loaded ${response.url()} (HTTP ${status}, ${kB(body.length)}), ${responses} responses`);
    return { url: response.url(), status, contentType, body, userAgent, received, calls, responses };
  } finally {
    await browser.close();
  }
}

/** Where a capture is written, and how: checked before anything is loaded. */
export interface Target {
  name: string;
  root: string;
  dir: string;
  log: (line: string) => void;
  offline: boolean;
  timeout: number;
  saveHar?: string;
}

/** The page folder a capture may write. Throws on a bad or taken name. */
export function checkTarget(options: Pick<CaptureOptions, 'name' | 'root' | 'force' | 'log' | 'offline' | 'timeout' | 'saveHar'>): Target {
  const name = checkPageName(options.name);
  const root = path.resolve(options.root ?? DEFAULT_ROOT);
  const dir = path.join(root, name);
  if (RESERVED.has(name) || existsSync(path.join(root, '_site', name)))
    throw new Error(`"${name}" is a path the harness or legacy-pages/_site/ already answers; choose another name`);
  if (existsSync(dir) && !options.force) throw new Error(`${dir} exists (use --force to replace it)`);
  const log = options.log ?? ((line: string) => console.log(line));
  return { name, root, dir, log, offline: options.offline ?? false, timeout: options.timeout ?? 30_000, saveHar: options.saveHar };
}

/** Captures `address` into <root>/<name>/. Throws on a bad name, address or document. */
export async function capture(options: CaptureOptions): Promise<CaptureSummary> {
  const target = checkTarget(options);
  const address = checkAddress(options.address);
  const { offline, timeout, log } = target;
  const loaded = await load(address, { offline, timeout, idleTime: options.idleTime ?? 500, log });
  return save(loaded, address, target);
}

/** Steps 2 to 4: the page `loaded` (asked for at `address`) written into target.dir. */
export async function save(loaded: Loaded, address: URL, target: Target): Promise<CaptureSummary> {
  const { name, root, dir, log, offline, timeout } = target;
  if (loaded.status < 200 || loaded.status >= 300) throw new Error(`${loaded.url} answered HTTP ${loaded.status}: not saved`);
  if (!/html/i.test(mime(loaded.contentType) || 'text/html')) throw new Error(`${loaded.url} is ${loaded.contentType}, not an HTML page`);
  const docUrl = loaded.url;
  const docOrigin = new URL(docUrl).origin;
  const declared = htmlCharset(loaded.body, loaded.contentType);
  const { text: html, utf8: wasUtf8 } = decode(loaded.body, declared);

  // 2 + 3. The references of the HTML, then every file, stylesheets recursively.
  const assets = new Map<string, Asset>();
  const queue: string[] = [];
  const want = (url: string, kind: RefKind) => {
    const key = stripHash(url);
    const known = assets.get(key);
    if (known) {
      if (kind === 'css') known.css = true;
      return;
    }
    assets.set(key, { url: key, finalUrl: key, css: kind === 'css', contentType: '', source: 'fetched', file: '' });
    queue.push(key);
  };
  const first = transformHtml(html, {
    url: docUrl,
    map: (url, kind) => {
      want(url, kind);
      return undefined;
    },
  });

  let done = 0;
  await pool(queue, CONCURRENCY, async (key) => {
    const asset = assets.get(key)!;
    const got = loaded.received.get(key);
    const body = got ? await got.body : null;
    if (got && body) {
      Object.assign(asset, { body, contentType: got.contentType, finalUrl: got.url, source: 'browser' });
    } else {
      Object.assign(asset, await fetchFile(key, { userAgent: loaded.userAgent, referer: docUrl, offline, timeout }));
    }
    done++;
    if (asset.error) {
      log(`missing ${done}/${queue.length} ${key}: ${asset.error}`);
      return;
    }
    asset.css ||= mime(asset.contentType) === 'text/css';
    log(`fetched ${done}/${queue.length} ${key} (${kB(asset.body!.length)}${asset.source === 'browser' ? '' : ', not loaded by the page: fetched'})`);
    if (asset.css) {
      const { text } = decode(asset.body!, cssCharset(asset.body!, asset.contentType));
      for (const [url, kind] of cssRefs(text, asset.finalUrl)) want(url, kind);
    }
  });

  // 4. Names, files, references.
  const missing: MissingFile[] = [];
  for (const asset of assets.values()) {
    if (asset.error) {
      missing.push({ url: asset.url, reason: asset.error });
      asset.file = `missing-${sha(asset.url, 8)}${extensionFor(asset.url, '', asset.css)}`;
    } else {
      asset.file = `${stemOf(asset.url)}.${sha(asset.body!)}${extensionFor(asset.finalUrl, asset.contentType, asset.css)}`;
    }
  }
  const fileOf = (url: string) => {
    const asset = assets.get(stripHash(url));
    return asset ? asset.file + hashOf(url) : undefined;
  };

  const temp = path.join(root, `.capture-${name}-${process.pid}-${Date.now()}`);
  await fs.mkdir(path.join(temp, 'assets'), { recursive: true });
  try {
    let bytes = 0;
    const written = new Set<string>();
    const files: Record<string, string> = { [docUrl]: 'index.html' };
    if (stripHash(address.href) !== docUrl) files[address.href] = 'index.html';
    for (const asset of assets.values()) {
      if (asset.error) continue;
      files[asset.url] = `assets/${asset.file}`;
      if (written.has(asset.file)) continue;
      written.add(asset.file);
      let data: Buffer = asset.body!;
      if (asset.css) {
        const { text } = decode(data, cssCharset(data, asset.contentType));
        const css = rewriteCss(text.replace(/^@charset\s+"[^"]*"\s*;/i, '@charset "utf-8";'), asset.finalUrl, (url) => fileOf(url));
        data = Buffer.from(css, 'utf8');
      }
      await fs.writeFile(path.join(temp, 'assets', asset.file), data);
      bytes += data.length;
    }

    const page = transformHtml(html, { url: docUrl, utf8: !wasUtf8, map: (url) => (fileOf(url) === undefined ? undefined : `/${name}/assets/${fileOf(url)}`) });
    const index = Buffer.from(page.html, 'utf8');
    await fs.writeFile(path.join(temp, 'index.html'), index);
    bytes += index.length;

    // The page's own calls, for replay.
    const recorded: RecordedCall[] = [];
    const crossOrigin: string[] = [];
    const seen = new Set<string>();
    for (const call of loaded.calls) {
      const url = new URL(call.url);
      if (url.origin !== docOrigin) {
        crossOrigin.push(`${call.method} ${call.url}`);
        continue;
      }
      const key = `${call.method} ${url.pathname}${url.search} ${call.postData ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const body = await call.body;
      const contentType = call.headers['content-type'] ?? '';
      let file: string | null = null;
      if (body && body.length) {
        file = `recorded/${String(recorded.length + 1).padStart(2, '0')}-${stemOf(call.url)}${extensionFor(call.url, contentType, false)}`;
        await fs.mkdir(path.join(temp, 'recorded'), { recursive: true });
        await fs.writeFile(path.join(temp, file), body);
        bytes += body.length;
      }
      const entry: RecordedCall = { method: call.method, url: call.url, path: url.pathname + url.search, status: call.status, contentType, body: file };
      if (call.headers.location) entry.headers = { Location: call.headers.location };
      if (call.postData !== undefined) entry.requestBody = call.postData;
      recorded.push(entry);
    }
    if (!existsSync(path.join(temp, 'recorded'))) await fs.mkdir(path.join(temp, 'recorded'));

    const manifest: CaptureManifest = {
      address: address.href,
      url: docUrl,
      captured: new Date().toISOString(),
      files,
      recorded,
      skipped: {
        scripts: first.scripts,
        handlers: first.handlers,
        crossOriginCalls: crossOrigin,
        frames: first.frames,
        veneerTags: first.veneerTags,
        hints: first.hints,
      },
      missing,
    };
    const manifestText = Buffer.from(JSON.stringify(manifest, null, 2) + '\n', 'utf8');
    await fs.writeFile(path.join(temp, 'manifest.json'), manifestText);
    bytes += manifestText.length;

    if (existsSync(dir)) await fs.rm(dir, { recursive: true, force: true });
    await fs.rename(temp, dir);
    if (target.saveHar) {
      const fetched = [...assets.values()].filter((a) => a.source === 'fetched' && a.body);
      await writeHar(target.saveHar, loaded, fetched.map((a) => ({ url: a.finalUrl, contentType: a.contentType, body: a.body! })));
      log(`wrote ${target.saveHar}`);
    }

    // The summary.
    const saved = [...assets.values()].filter((a) => !a.error);
    const count = (test: (a: Asset) => boolean) => new Set(saved.filter(test).map((a) => a.file)).size;
    const kinds = [
      [count((a) => a.css), 'stylesheet'],
      [count((a) => !a.css && /^image\//.test(mime(a.contentType) || contentTypeFor(a.file))), 'image'],
      [count((a) => /^font\/|woff|ttf|otf|fontobject/.test(mime(a.contentType) || contentTypeFor(a.file))), 'font'],
    ] as const;
    const other = written.size - kinds.reduce((sum, [n]) => sum + n, 0);
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    const inline = first.scripts.filter((s) => s === 'inline').length;
    const relative = path.relative(process.cwd(), dir);
    const shown = relative && !relative.startsWith('..') ? relative : dir;
    log(
      `saved ${shown}/: index.html and ${plural(written.size, 'file')} (${[...kinds.map(([n, w]) => plural(n, w)), plural(other, 'other')].join(', ')}), ${kB(bytes)} in all`,
    );
    log(`recorded ${plural(recorded.length, 'call')}${crossOrigin.length ? ` (${crossOrigin.length} to other origins not recorded)` : ''}`);
    log(
      `skipped ${plural(first.scripts.length, 'script')}${first.scripts.length ? ` (${plural(first.scripts.length - inline, 'file')}, ${inline} inline)` : ''}, ${plural(first.handlers, 'handler attribute')}` +
        (first.veneerTags.length ? `, ${plural(first.veneerTags.length, 'veneer tag')}` : '') +
        (first.frames.length ? `, ${plural(first.frames.length, 'frame')} of other origins` : ''),
    );
    if (missing.length) log(`missing ${plural(missing.length, 'file')} (listed in manifest.json)`);
    // npm start serves legacy-pages/ only: a page captured elsewhere (--root) is moved there first.
    log(root === path.resolve(DEFAULT_ROOT) ? `serve it: npm start, then /${name}/` : `serve it: move ${dir} into legacy-pages/, then npm start and /${name}/`);
    return { dir, manifest, files: written.size + recorded.filter((r) => r.body).length, bytes, recorded: recorded.length, skippedScripts: first.scripts.length, missing: missing.length };
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true });
    throw error;
  }
}

/** A file the browser did not load (or not under that URL), fetched from Node. */
async function fetchFile(
  url: string,
  options: { userAgent: string; referer: string; offline: boolean; timeout: number },
): Promise<Partial<Asset>> {
  if (options.offline && !isLocalHost(url)) return { error: 'not fetched: offline' };
  try {
    const response = await fetch(url, {
      headers: { 'User-Agent': options.userAgent, Accept: '*/*', Referer: options.referer },
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeout),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { error: `HTTP ${response.status}` };
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_FILE_BYTES) {
        await reader.cancel();
        return { error: `larger than ${kB(MAX_FILE_BYTES)}` };
      }
      chunks.push(value);
    }
    return { body: Buffer.concat(chunks), contentType: response.headers.get('content-type') ?? '', finalUrl: response.url || url, source: 'fetched' };
  } catch (error) {
    return { error: error instanceof Error ? (error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message) : String(error) };
  }
}
