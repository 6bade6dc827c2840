// The local harness server: serves the captured legacy pages with veneer injected, the
// build output, the server calls the markup implies, offline stand-ins of third-party
// services, and faults on demand. node:http only; it never makes outbound requests.
//
//   npx tsx src/harness/server.ts            (PORT, HOST env; --csp = strict CSP on all pages)
//
// Tests start it in-process: const h = await startServer({ port: 0, root }); … await h.close().
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parsePrefixFault, parseQueryFault, splitFaultPrefix, wait, type Fault } from './faults';
import { HttpError, errorReply, empty, notFound, type Reply } from './http';
import { EVENTS_PATH, createLiveReload } from './live-reload';
import { createState, route, type Ctx, type HarnessConfig, type HarnessState } from './routes';

export { STRICT_CSP, CSP_REPORT_PATH, strictCsp } from './csp';
export { DEFAULT_VENEER_SRC } from './inject';
export type { HarnessState } from './routes';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface LogEntry {
  method: string;
  url: string;
  status: number;
  ms: number;
}

export interface ServerOptions {
  /** 0 picks a free port. Default 0. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The legacy pages folder (page folders + `_site/`). Default <repo>/legacy-pages. */
  root?: string;
  /** The build output. Default <repo>/dist. */
  distDir?: string;
  /** The harness UI build (scripts/build-ui.mjs). Default <repo>/dist-harness. */
  uiDir?: string;
  /** Stored snapshots and the last snapshot run's files. Default <repo>/snapshots, <repo>/tests/artifacts/snapshots. */
  snapshotsDir?: string;
  snapshotArtifactsDir?: string;
  /** One call per finished (or aborted) request. */
  log?: (entry: LogEntry) => void;
  /** Strict CSP on every page (a page opts out with ?csp=off): true for STRICT_CSP, or the policy itself. Default false. */
  csp?: boolean | string;
  /** gzip text responses (HTML, CSS, JS, SVG, JSON) for clients that accept it, as a site's server does: the bench's page loads. Default false. */
  compress?: boolean;
  /** GET /__events streams a reload event to the harness UI on each reload() (npm start). Default false: a 204. */
  liveReload?: boolean;
}

export interface HarnessServer {
  url: string;
  port: number;
  /** What the server recorded (the same lists as GET /__posts, /__csp-reports, /__analytics). */
  state: HarnessState;
  /** Reloads the harness UI pages that are open (with liveReload). */
  reload(): void;
  close(): Promise<void>;
}

function toBuffer(body: Reply['body']): Buffer | undefined {
  if (body === undefined) return undefined;
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

function send(res: ServerResponse, method: string, reply: Reply, truncate = false): void {
  if (res.destroyed || res.headersSent) return;
  const body = toBuffer(reply.body);
  const headers: Record<string, string> = { 'X-Content-Type-Options': 'nosniff', ...reply.headers };
  const bodyless = reply.status === 204 || reply.status === 304 || reply.status < 200;
  if (!bodyless) headers['Content-Length'] = String(body?.length ?? 0);
  res.writeHead(reply.status, headers);
  if (method === 'HEAD' || bodyless || !body) {
    res.end();
    return;
  }
  if (!truncate) {
    res.end(body);
    return;
  }
  // Half the announced body, then the connection dies.
  res.flushHeaders();
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
}

function replyForError(error: unknown): Reply {
  if (error instanceof HttpError) return errorReply(error.status, error.message, error.headers);
  console.error('[harness]', error);
  return errorReply(500, error instanceof Error ? error.message : String(error));
}

function splitUrl(url: string): { rawPath: string; search: string } {
  if (/^https?:\/\//i.test(url)) {
    try {
      const u = new URL(url);
      url = u.pathname + u.search;
    } catch {
      // left as is
    }
  }
  const hash = url.indexOf('#');
  if (hash >= 0) url = url.slice(0, hash);
  const q = url.indexOf('?');
  return q < 0 ? { rawPath: url || '/', search: '' } : { rawPath: url.slice(0, q) || '/', search: url.slice(q) };
}

async function handle(req: IncomingMessage, res: ServerResponse, config: HarnessConfig, state: HarnessState, signal: AbortSignal): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  let ctx: Ctx;
  let fault: Fault | null;
  try {
    const { rawPath: fullRaw, search } = splitUrl(req.url ?? '/');
    if (!fullRaw.startsWith('/')) throw new HttpError(400, 'The request path must start with "/".');
    const query = new URLSearchParams(search);
    const split = splitFaultPrefix(fullRaw);
    const rawPath = split ? split.rest : fullRaw;
    fault = split ? parsePrefixFault(split.spec, query) : parseQueryFault(query);
    let decoded: string;
    try {
      decoded = decodeURIComponent(rawPath);
    } catch {
      throw new HttpError(400, 'The path is not valid percent-encoding.');
    }
    if (decoded.includes('\0')) throw new HttpError(400, 'The path holds a NUL character.');
    const segments = decoded.split(/[/\\]/).slice(1);
    ctx = { req, method, prefix: split ? split.prefix : '', rawPath, path: decoded, segments, search, query, config, state };
  } catch (error) {
    send(res, method, replyForError(error));
    return;
  }

  if (fault && fault.delay > 0) {
    try {
      await wait(fault.delay, signal);
    } catch {
      res.destroy(); // the client went away (or the server is closing)
      return;
    }
  }

  if (fault?.kind === 'reset') {
    req.socket.destroy();
    return;
  }
  if (fault?.kind === '500') return send(res, method, errorReply(500, 'Fault injected (__fault=500).'));
  if (fault?.kind === '404') return send(res, method, notFound(ctx.path));
  if (fault?.kind === 'empty') return send(res, method, empty(204, { 'Cache-Control': 'no-store' }));

  let reply: Reply;
  try {
    reply = await route(ctx);
  } catch (error) {
    reply = replyForError(error);
  }
  const truncate = fault?.kind === 'truncate';
  send(res, method, config.compress && !truncate ? compressed(req, reply) : reply, truncate);
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg\+xml)/;

/** The reply gzip-encoded when the client accepts it and it is text worth compressing. */
function compressed(req: IncomingMessage, reply: Reply): Reply {
  const type = reply.headers?.['Content-Type'] ?? '';
  const accepts = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = toBuffer(reply.body);
  if (reply.status !== 200 || !accepts || !body || body.length < 256 || !COMPRESSIBLE.test(type) || reply.headers?.['Content-Encoding']) return reply;
  return { ...reply, headers: { ...reply.headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' }, body: gzipSync(body, { level: 9 }) };
}

export async function startServer(options: ServerOptions = {}): Promise<HarnessServer> {
  const config: HarnessConfig = {
    root: path.resolve(options.root ?? path.join(REPO_ROOT, 'legacy-pages')),
    distDir: path.resolve(options.distDir ?? path.join(REPO_ROOT, 'dist')),
    uiDir: path.resolve(options.uiDir ?? path.join(REPO_ROOT, 'dist-harness')),
    csp: options.csp ?? false,
    compress: options.compress ?? false,
    snapshots: {
      stored: path.resolve(options.snapshotsDir ?? path.join(REPO_ROOT, 'snapshots')),
      artifacts: path.resolve(options.snapshotArtifactsDir ?? path.join(REPO_ROOT, 'tests', 'artifacts', 'snapshots')),
    },
  };
  const state = createState();
  const log = options.log;
  const liveReload = createLiveReload(options.liveReload ?? false);

  const server = http.createServer((req, res) => {
    const started = performance.now();
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort(new Error('client closed'));
      log?.({
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        status: res.headersSent ? res.statusCode : 0,
        ms: Math.round(performance.now() - started),
      });
    });
    // A stream, not a Reply: it stays open until the page goes.
    if (splitUrl(req.url ?? '/').rawPath === EVENTS_PATH) return liveReload.handle(req, res);
    handle(req, res, config, state, controller.signal).catch((error) => {
      console.error('[harness]', error);
      if (!res.headersSent) send(res, req.method ?? 'GET', errorReply(500, String(error)));
      else res.destroy();
    });
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    state,
    reload: liveReload.reload,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function isMain(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const args = process.argv.slice(2);
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`[harness] invalid PORT "${process.env.PORT}"`);
    process.exit(1);
  }
  startServer({
    port,
    host: process.env.HOST,
    csp: args.includes('--csp'),
    log: (e) => console.log(`${e.method} ${e.url} ${e.status || '---'} ${e.ms}ms`),
  }).then(
    (harness) => {
      console.log(`veneer harness: ${harness.url}/`);
      const stop = () => {
        void harness.close().then(() => process.exit(0));
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    },
    (error: unknown) => {
      console.error('[harness] could not start:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
