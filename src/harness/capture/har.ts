// HAR 1.2 (the HTTP Archive every browser's DevTools exports: Network panel, "Save all as HAR
// with content"), read and written by the capture tool.
//   npm run capture -- --har page.har <name>   a page recorded in the developer's own browser
//                                             (behind a login the harness cannot reach) saved
//                                             as legacy-pages/<name>/ exactly as a live
//                                             capture is: the same HTML pass, files, recorded
//                                             calls (replay.ts answers them offline);
//   npm run capture -- <address> <name> --save-har page.har   a live capture also writes the
//                                             HAR of what it saved.
// Which entry is what: Chromium marks each with _resourceType (document, stylesheet, image,
// xhr, fetch…); without it (other browsers), a request the browser sent with
// Sec-Fetch-Dest: empty is a call, as replay.ts judges, and the first HTML answer the document.
// With several pages in the file ("Preserve log"), the last page whose document is HTML is
// taken.
import { promises as fs } from 'node:fs';
import { checkTarget, save, type Call, type CaptureOptions, type CaptureSummary, type Loaded, type Received } from './capture';

interface HarHeader {
  name: string;
  value: string;
}

export interface HarEntry {
  pageref?: string;
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    headers: HarHeader[];
    queryString: HarHeader[];
    cookies: unknown[];
    headersSize: number;
    bodySize: number;
    postData?: { mimeType: string; text?: string };
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    headers: HarHeader[];
    cookies: unknown[];
    content: { size: number; mimeType: string; text?: string; encoding?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, unknown>;
  timings: { send: number; wait: number; receive: number };
  _resourceType?: string;
}

export interface Har {
  log: {
    version: string;
    creator: { name: string; version: string };
    pages?: { id: string; title: string; startedDateTime: string; pageTimings: Record<string, number> }[];
    entries: HarEntry[];
  };
}

const header = (headers: HarHeader[] | undefined, name: string) => headers?.find((h) => h.name.toLowerCase() === name)?.value;
const stripHash = (url: string) => url.split('#')[0];

function contentTypeOf(entry: HarEntry): string {
  return header(entry.response.headers, 'content-type') ?? entry.response.content?.mimeType ?? '';
}

function bodyOf(entry: HarEntry): Buffer | null {
  const { status, content } = entry.response;
  if ((status >= 300 && status < 400) || status === 204 || typeof content?.text !== 'string') return null;
  return Buffer.from(content.text, content.encoding === 'base64' ? 'base64' : 'utf8');
}

function isCall(entry: HarEntry): boolean {
  const type = entry._resourceType?.toLowerCase();
  return type ? type === 'xhr' || type === 'fetch' : header(entry.request.headers, 'sec-fetch-dest') === 'empty';
}

function isHtml(entry: HarEntry): boolean {
  return entry.response.status >= 200 && entry.response.status < 300 && /html/i.test(contentTypeOf(entry)) && !isCall(entry);
}

/** The entry a redirect leads to (the next request of that URL), following up to 10 hops. */
function followRedirects(entries: HarEntry[], from: HarEntry): HarEntry {
  let entry = from;
  for (let hop = 0; hop < 10 && entry.response.status >= 300 && entry.response.status < 400 && entry.response.redirectURL; hop++) {
    const target = new URL(entry.response.redirectURL, entry.request.url).href;
    const next = entries.slice(entries.indexOf(entry) + 1).find((e) => e.request.url === target);
    if (!next) break;
    entry = next;
  }
  return entry;
}

/** A HAR's page as the capture's browser step would have seen it, and the address asked for. */
export function harToLoaded(har: Har): { loaded: Loaded; address: URL } {
  const all = har?.log?.entries;
  if (!Array.isArray(all) || all.some((e) => typeof e?.request?.url !== 'string' || typeof e?.response?.status !== 'number'))
    throw new Error('not a HAR file: log.entries with a request and a response each is missing');
  // The last page first: with "Preserve log", the pages before it are the way there (a login…).
  const pages = [...(har.log.pages ?? [])].reverse();
  const candidates = pages.length ? pages.map((page) => all.filter((e) => e.pageref === page.id || e.pageref === undefined)) : [all];
  for (const entries of candidates) {
    const first = entries.find((e) => (e._resourceType ? e._resourceType === 'document' : e.request.method === 'GET' && !isCall(e)));
    const document = first && followRedirects(entries, first);
    if (document && isHtml(document) && bodyOf(document)) return { loaded: loadedOf(entries, document), address: new URL(first.request.url) };
  }
  throw new Error('the HAR holds no HTML document with its content (export it with content: "Save all as HAR with content")');
}

function loadedOf(entries: HarEntry[], document: HarEntry): Loaded {
  const received = new Map<string, Received>();
  const calls: Call[] = [];
  for (const entry of entries) {
    const { method, url } = entry.request;
    const { status } = entry.response;
    if (entry === document) continue;
    if (isCall(entry)) {
      const headers: Record<string, string> = {};
      for (const h of entry.response.headers ?? []) headers[h.name.toLowerCase()] = h.value;
      if (!headers.location && entry.response.redirectURL) headers.location = entry.response.redirectURL;
      headers['content-type'] ??= entry.response.content?.mimeType ?? '';
      calls.push({ method, url, status, headers, postData: entry.request.postData?.text, body: Promise.resolve(bodyOf(entry)) });
      continue;
    }
    const type = entry._resourceType?.toLowerCase();
    if (method !== 'GET' || type === 'script' || type === 'media') continue;
    // A redirect is filed under its URL with the answer it led to, as the browser step files it.
    const answer = followRedirects(entries, entry);
    if (answer === document || answer.response.status < 200 || answer.response.status >= 300) continue;
    if (!received.has(stripHash(url)))
      received.set(stripHash(url), { status: answer.response.status, contentType: contentTypeOf(answer), url: answer.request.url, body: Promise.resolve(bodyOf(answer)) });
  }
  return {
    url: document.request.url,
    status: document.response.status,
    contentType: contentTypeOf(document),
    body: bodyOf(document)!,
    userAgent: header(document.request.headers, 'user-agent') ?? 'Mozilla/5.0',
    received,
    calls,
    responses: entries.length,
  };
}

export interface HarImportOptions extends Omit<CaptureOptions, 'address' | 'idleTime' | 'saveHar'> {
  /** The HAR file. */
  har: string;
}

/** Saves the page a HAR file recorded into <root>/<name>/, as capture() saves a live one. */
export async function importHar(options: HarImportOptions): Promise<CaptureSummary> {
  const target = checkTarget(options);
  let har: Har;
  try {
    har = JSON.parse(await fs.readFile(options.har, 'utf8')) as Har;
  } catch (error) {
    throw new Error(`${options.har}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { loaded, address } = harToLoaded(har);
  target.log(`read ${options.har}: ${loaded.url} (HTTP ${loaded.status}), ${loaded.responses} entries`);
  return save(loaded, address, target);
}

/** One HAR entry; binary bodies in base64, as DevTools writes them. */
function entryOf(method: string, url: string, status: number, contentType: string, body: Buffer | null, type: string, extra: { postData?: string; headers?: Record<string, string> } = {}): HarEntry {
  const text = body && /^text\/|json|xml|javascript|svg/i.test(contentType) ? body.toString('utf8') : undefined;
  const headers = Object.entries({ ...extra.headers, 'content-type': contentType }).map(([name, value]) => ({ name, value }));
  return {
    startedDateTime: new Date().toISOString(),
    time: 0,
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: [],
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      cookies: [],
      headersSize: -1,
      bodySize: extra.postData === undefined ? 0 : Buffer.byteLength(extra.postData),
      ...(extra.postData === undefined ? {} : { postData: { mimeType: '', text: extra.postData } }),
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers,
      cookies: [],
      content: {
        size: body?.length ?? 0,
        mimeType: contentType,
        ...(body ? (text !== undefined ? { text } : { text: body.toString('base64'), encoding: 'base64' }) : {}),
      },
      redirectURL: extra.headers?.location ?? '',
      headersSize: -1,
      bodySize: body?.length ?? 0,
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
    _resourceType: type,
  };
}

/** The HAR of a capture: the document, what the page loaded and called, and the files fetched besides. */
export async function writeHar(file: string, loaded: Loaded, fetched: { url: string; contentType: string; body: Buffer }[]): Promise<void> {
  const entries = [entryOf('GET', loaded.url, loaded.status, loaded.contentType, loaded.body, 'document')];
  const seen = new Set<Received>();
  for (const got of loaded.received.values()) {
    if (seen.has(got)) continue;
    seen.add(got);
    entries.push(entryOf('GET', got.url, got.status, got.contentType, await got.body, /css/i.test(got.contentType) ? 'stylesheet' : 'other'));
  }
  for (const f of fetched) entries.push(entryOf('GET', f.url, 200, f.contentType, f.body, 'other'));
  for (const call of loaded.calls) {
    entries.push(entryOf(call.method, call.url, call.status, call.headers['content-type'] ?? '', await call.body, 'fetch', { postData: call.postData, headers: call.headers.location ? { location: call.headers.location } : {} }));
  }
  const page = { id: 'page_1', title: loaded.url, startedDateTime: entries[0].startedDateTime, pageTimings: {} };
  const har: Har = { log: { version: '1.2', creator: { name: 'veneer capture', version: '1' }, pages: [page], entries: entries.map((e) => ({ pageref: page.id, ...e })) } };
  await fs.writeFile(file, JSON.stringify(har, null, 1) + '\n');
}
