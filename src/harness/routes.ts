// The harness's routes. Each returns a Reply (or throws HttpError); server.ts sends it,
// applying any requested fault first.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STRICT_CSP } from './csp';
import { handleForm, type PostRecord } from './forms';
import { HttpError, Recorder, empty, errorReply, json, methodNotAllowed, notFound, readBody, recorderRoute, type Reply } from './http';
import { ANALYTICS_STUB, checkVeneerSrc, transformPage } from './inject';
import { legacyFile } from './legacy';
import { newsList } from './news';
import { approveSnapshot, snapshotFile, snapshotsJson, type SnapshotDirs } from './snapshots';
import { replayRecorded } from './replay';
import { pageCatalogue } from './page-features';
import { isPageDir, lookup, readStatic } from './static';
import { addFormStubs, analyticsCollect, hubspotEmbed, mapEmbed, marketoForms2, youtubeApi, youtubeEmbed, type AnalyticsHit } from './stubs';
import { isUiRoute, uiAsset, uiIndex } from './ui-serve';
import { downloadZip } from './zip';

/** The markup reference the UI's /docs shows. */
const DOCS_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'markup.md');

export interface HarnessConfig {
  /** The legacy pages folder: one folder per page, plus `_site/` (the document-root overlay). */
  root: string;
  /** The build output served under /Content/scripts/dist/ and /cdn/x/. */
  distDir: string;
  /** Strict CSP on every page (a page can opt out with ?csp=off): true for STRICT_CSP, or the policy itself. */
  csp: boolean | string;
  /** gzip text responses (ServerOptions.compress). */
  compress?: boolean;
  /** Snapshot regression files (stored, and the last run's) for /__snapshots.json and /__snapshots/…. */
  snapshots?: SnapshotDirs;
  /** The harness UI build (scripts/build-ui.mjs): index.html at /, assets under /__ui/. */
  uiDir: string;
}

export interface CspReportRecord {
  time: string;
  contentType: string;
  report: unknown;
}

export interface HarnessState {
  posts: Recorder<PostRecord>;
  cspReports: Recorder<CspReportRecord>;
  analytics: Recorder<AnalyticsHit>;
}

export function createState(): HarnessState {
  return { posts: new Recorder(), cspReports: new Recorder(), analytics: new Recorder() };
}

export interface Ctx {
  req: IncomingMessage;
  method: string;
  /** The fault prefix this request came through ('' or '/__fault/<kind>'). */
  prefix: string;
  /** The path after the prefix, still percent-encoded. */
  rawPath: string;
  /** The decoded path. */
  path: string;
  /** Decoded path segments ('/a/b/' → ['a', 'b', '']). */
  segments: string[];
  search: string;
  query: URLSearchParams;
  config: HarnessConfig;
  state: HarnessState;
}

/** Dist files: the fixed-name core is revalidated, content-hashed chunks are immutable. */
const HASHED_CHUNK = /^[\w-]+\.[\w-]{6,}\.js$/;

function distCacheControl(file: string): string {
  return HASHED_CHUNK.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const GET_ONLY = ['GET', 'HEAD'];

function isGet(ctx: Ctx): boolean {
  return ctx.method === 'GET' || ctx.method === 'HEAD';
}

async function serveStatic(ctx: Ctx, base: string, segments: string[], kind: 'dist' | 'page' | 'site'): Promise<Reply> {
  if (!isGet(ctx)) return methodNotAllowed(GET_ONLY);
  const trailingSlash = ctx.path.endsWith('/');
  const found = await lookup(base, segments, trailingSlash);
  if (found.kind === 'missing') {
    if (kind === 'dist') return errorReply(404, `${ctx.path} is not in the build output (${base}); run the build first.`);
    return notFound(ctx.path);
  }
  if (found.kind === 'redirect') {
    return { status: 301, headers: { Location: `${ctx.prefix}${ctx.rawPath}/${ctx.search}`, 'Cache-Control': 'no-store' }, body: '' };
  }
  const { body, type } = await readStatic(found.file);
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Cache-Control': kind === 'dist' ? distCacheControl(found.file) : 'no-cache',
    'Last-Modified': found.mtime.toUTCString(),
  };
  if (kind === 'page' && type.startsWith('text/html')) {
    const legacy = ctx.query.get('stack') === 'legacy';
    const veneerOff = legacy || ctx.query.get('veneer') === 'off';
    const srcParam = ctx.query.get('veneer-src');
    const src = srcParam === null || srcParam === '' ? undefined : checkVeneerSrc(srcParam);
    const analyticsEndpoint = ctx.query.get('analytics') === 'ga4' ? undefined : ANALYTICS_STUB;
    const text = addFormStubs(
      transformPage(body.toString('utf8'), { enabled: !veneerOff, src, analyticsEndpoint, legacy }),
      ctx.query.get('__stubs'),
    );
    const csp = ctx.query.get('csp');
    const own = typeof ctx.config.csp === 'string' ? ctx.config.csp : STRICT_CSP;
    if (csp === 'strict') headers['Content-Security-Policy'] = STRICT_CSP;
    else if (ctx.config.csp && csp !== 'off') headers['Content-Security-Policy'] = own;
    return { status: 200, headers, body: text };
  }
  return { status: 200, headers, body };
}

async function cspReport(ctx: Ctx): Promise<Reply> {
  if (ctx.method !== 'POST') return methodNotAllowed(['POST']);
  const text = (await readBody(ctx.req, 1024 * 1024)).toString('utf8');
  const contentType = String(ctx.req.headers['content-type'] ?? '');
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // kept as text
  }
  const time = new Date().toISOString();
  // report-uri sends { "csp-report": {…} }; the Reporting API sends [{ type, body }, …].
  const reports = Array.isArray(parsed)
    ? parsed.map((r) => (r && typeof r === 'object' && 'body' in r ? (r as { body: unknown }).body : r))
    : [parsed && typeof parsed === 'object' && 'csp-report' in parsed ? (parsed as Record<string, unknown>)['csp-report'] : parsed];
  for (const report of reports) ctx.state.cspReports.add({ time, contentType, report });
  return empty(204);
}

export async function route(ctx: Ctx): Promise<Reply> {
  const { segments, config, state } = ctx;
  const first = segments[0] ?? '';

  if (isUiRoute(ctx.path)) {
    if (!isGet(ctx)) return methodNotAllowed(GET_ONLY);
    return uiIndex(config.uiDir, config.root, ctx.path);
  }

  if (first.startsWith('__')) {
    const p = ctx.path.replace(/\/+$/, '');
    switch (p) {
      case '/__snapshots.json':
        if (!isGet(ctx)) return methodNotAllowed(GET_ONLY);
        return snapshotsJson(config.snapshots);
      case '/__snapshots/approve':
        if (ctx.method !== 'POST') return methodNotAllowed(['POST']);
        return approveSnapshot(config.snapshots, ctx.req);
      case '/__pages.json':
        if (!isGet(ctx)) return methodNotAllowed(GET_ONLY);
        return json(200, await pageCatalogue(config.root));
      case '/__docs.json':
        if (!isGet(ctx)) return methodNotAllowed(GET_ONLY);
        return json(200, { file: 'docs/markup.md', text: await readFile(DOCS_FILE, 'utf8') });
      case '/__posts':
        return recorderRoute(ctx.method, state.posts);
      case '/__csp-report':
        return cspReport(ctx);
      case '/__csp-reports':
        return recorderRoute(ctx.method, state.cspReports);
      case '/__analytics':
        return recorderRoute(ctx.method, state.analytics);
      case '/__stubs/youtube/iframe_api':
        if (!isGet(ctx)) return methodNotAllowed(GET_ONLY);
        return youtubeApi();
      case '/__stubs/analytics/collect':
        if (ctx.method !== 'GET' && ctx.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
        return analyticsCollect(ctx.req, ctx.method, ctx.path, ctx.query, state.analytics);
      case '/__stubs/hubspot/embed.js':
        if (!isGet(ctx)) return methodNotAllowed(GET_ONLY);
        return hubspotEmbed();
      case '/__stubs/marketo/forms2.js':
        if (!isGet(ctx)) return methodNotAllowed(GET_ONLY);
        return marketoForms2();
      case '/__stubs/map/embed':
        if (!isGet(ctx)) return methodNotAllowed(GET_ONLY);
        return mapEmbed(ctx.query);
    }
    if (first === '__stubs' && segments[1] === 'youtube' && segments[2] === 'embed' && segments.length === 4 && /^[\w-]{1,64}$/.test(segments[3])) {
      if (!isGet(ctx)) return methodNotAllowed(GET_ONLY);
      return youtubeEmbed(segments[3], ctx.query);
    }
    if (first === '__legacy' && segments.length === 2) {
      if (!isGet(ctx)) return methodNotAllowed(GET_ONLY);
      const file = legacyFile(segments[1]);
      if (!file) return notFound(ctx.path);
      return { status: 200, headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }, body: await file };
    }
    if (first === '__ui' && segments.length > 1) {
      if (!isGet(ctx)) return methodNotAllowed(GET_ONLY);
      return uiAsset(config.uiDir, segments.slice(1), ctx.path);
    }
    if (first === '__snapshots' && segments.length > 1) {
      if (!isGet(ctx)) return methodNotAllowed(GET_ONLY);
      return snapshotFile(config.snapshots, segments.slice(1), ctx.path);
    }
    return notFound(ctx.path);
  }

  if (first === 'download-zip') {
    if (!isGet(ctx)) return methodNotAllowed(GET_ONLY);
    // Validated on the raw (undecoded, unnormalised) rest of the path: '1/../x' is a 400.
    const rest = ctx.rawPath.slice('/download-zip/'.length);
    if (!ctx.rawPath.startsWith('/download-zip/') || rest === '') throw new HttpError(400, 'No media ids.');
    return downloadZip(config.root, rest);
  }

  if (first === 'forms' && segments.length === 2) {
    const name = segments[1];
    if (!/^[\w-]{1,64}$/.test(name)) return notFound(ctx.path);
    if (ctx.method !== 'POST') return methodNotAllowed(['POST']);
    return handleForm(ctx.req, ctx.path, name, state.posts);
  }

  if (first === 'news' && segments[1] === 'list' && (segments.length === 2 || (segments.length === 3 && segments[2] === ''))) {
    if (!isGet(ctx)) return methodNotAllowed(GET_ONLY);
    return newsList(ctx.query);
  }

  if (first === 'Content' && segments[1] === 'scripts' && segments[2] === 'dist' && segments.length > 3) {
    return serveStatic(ctx, config.distDir, segments.slice(3), 'dist');
  }
  if (first === 'cdn' && segments[1] === 'x' && segments.length > 2) {
    return serveStatic(ctx, config.distDir, segments.slice(2), 'dist');
  }

  // A captured page's recorded ajax calls (manifest.json), before any static file.
  const recorded = await replayRecorded({ ...ctx, root: config.root, headers: ctx.req.headers, body: () => readBody(ctx.req) });
  if (recorded) return recorded;

  if (await isPageDir(config.root, first)) {
    return serveStatic(ctx, path.join(config.root, first), segments.slice(1), 'page');
  }

  const reply = await serveStatic(ctx, path.join(config.root, '_site'), segments, 'site');
  // Browsers ask for /favicon.ico on their own; a 404 there would be a console error in every test.
  if (reply.status === 404 && ctx.path === '/favicon.ico') return empty(204, { 'Cache-Control': 'no-cache' });
  return reply;
}
