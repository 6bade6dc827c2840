// Offline replay of captured pages: a request that matches a call recorded in a page's
// manifest.json (legacy-pages/<name>/manifest.json, written by `npm run capture`) is
// answered from the recording.
//
// Matching: the method (HEAD as GET) and the path with its query string, exactly as
// recorded. The page is the one the request's Referer names (/<name>/…, through a fault
// prefix too); without such a match, a recording that only one captured page holds answers
// any request. When one page recorded the same call more than once with different request
// bodies, the body picks the recording (else the first one answers). Requests the browser
// makes for a document, frame, image, stylesheet… (Sec-Fetch-Dest other than "empty") are
// never answered from a recording.
//
// The contract's calls (/download-zip/, /forms/, /news/list, /fragments/, /__…, the build)
// never reach this: routes.ts answers them first, from the harness.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { CaptureManifest, RecordedCall } from './capture/manifest';
import { splitFaultPrefix } from './faults';
import type { Reply } from './http';
import { isPageName, resolveInside } from './static';

interface Loaded {
  mtimeMs: number;
  size: number;
  calls: RecordedCall[];
}

const cache = new Map<string, Loaded>();

/** The recorded calls of one page folder; [] when it has no (valid) manifest. */
async function recordedCalls(root: string, name: string): Promise<RecordedCall[]> {
  if (!isPageName(name)) return [];
  let file: string;
  try {
    file = resolveInside(root, [name, 'manifest.json']);
  } catch {
    return [];
  }
  let stat;
  try {
    stat = await fs.stat(file);
  } catch {
    cache.delete(file);
    return [];
  }
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === stat.mtimeMs && hit.size === stat.size) return hit.calls;
  let calls: RecordedCall[] = [];
  try {
    const manifest = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<CaptureManifest>;
    if (Array.isArray(manifest.recorded)) calls = manifest.recorded.filter((c) => c && typeof c.path === 'string' && typeof c.method === 'string');
  } catch {
    // not a capture manifest
  }
  cache.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, calls });
  return calls;
}

/** The path and query as URL normalises them, so that %-encodings compare equal. */
function normal(pathAndQuery: string): string {
  try {
    const u = new URL(pathAndQuery, 'http://replay.invalid');
    return u.pathname + u.search;
  } catch {
    return pathAndQuery;
  }
}

function refererPage(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    let p = new URL(referer).pathname;
    p = splitFaultPrefix(p)?.rest ?? p;
    return decodeURIComponent(p.split('/')[1] ?? '');
  } catch {
    return undefined;
  }
}

export interface ReplayRequest {
  root: string;
  method: string;
  /** Path (still percent-encoded) and query of the request. */
  rawPath: string;
  search: string;
  headers: Record<string, string | string[] | undefined>;
  /** Reads the request body (only asked when recordings differ by body). */
  body(): Promise<Buffer>;
}

function matching(calls: RecordedCall[], method: string, key: string): RecordedCall[] {
  return calls.filter((c) => (c.method.toUpperCase() === method || (method === 'HEAD' && c.method.toUpperCase() === 'GET')) && normal(c.path) === key);
}

/** The recorded answer for this request, or null. */
export async function replayRecorded(request: ReplayRequest): Promise<Reply | null> {
  // /fragments/… is the contract's (served from _site/), like the routes answered before this.
  if (/^\/fragments(\/|$)/i.test(request.rawPath)) return null;
  // Only calls: a document, stylesheet, image… the browser asks for is never a recording.
  const dest = request.headers['sec-fetch-dest'];
  if (typeof dest === 'string' && dest !== 'empty') return null;
  const key = normal(request.rawPath + request.search);
  let page = refererPage(typeof request.headers.referer === 'string' ? request.headers.referer : undefined);
  let found = page ? matching(await recordedCalls(request.root, page), request.method, key) : [];
  if (!found.length) {
    let names: string[];
    try {
      names = (await fs.readdir(request.root, { withFileTypes: true })).filter((e) => e.isDirectory() && isPageName(e.name)).map((e) => e.name);
    } catch {
      return null;
    }
    const hits: [string, RecordedCall[]][] = [];
    for (const name of names) {
      const calls = matching(await recordedCalls(request.root, name), request.method, key);
      if (calls.length) hits.push([name, calls]);
    }
    if (hits.length !== 1) return null;
    [page, found] = hits[0];
  }
  let call = found[0];
  if (found.some((c) => (c.requestBody ?? '') !== (call.requestBody ?? ''))) {
    const body = (await request.body()).toString('utf8');
    call = found.find((c) => (c.requestBody ?? '') === body) ?? call;
  }
  const headers: Record<string, string> = {
    ...(call.headers ?? {}),
    'Content-Type': call.contentType || 'application/octet-stream',
    'Cache-Control': 'no-store',
    'X-Veneer-Replay': `${page}: ${call.method} ${call.path}`.replace(/[^\x20-\x7e]/g, '?'),
  };
  let body: Buffer | undefined;
  if (call.body) {
    try {
      body = await fs.readFile(resolveInside(path.join(request.root, page!), call.body.split('/')));
    } catch {
      return { status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: `The recording ${call.body} of ${page} is missing.` };
    }
  }
  return { status: call.status, headers, body };
}
