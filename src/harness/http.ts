// Small HTTP helpers shared by the harness routes: the reply shape, escaping, content
// types, body reading and the error pages. Handlers return a Reply instead of writing to
// the response, so that the fault layer (faults.ts) can delay, truncate or replace it.
import type { IncomingMessage } from 'node:http';
import path from 'node:path';

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

/** Raised by a handler to answer with an error page of that status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML text and attribute escaping. */
export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.vtt': 'text/vtt; charset=utf-8',
};

export function contentTypeFor(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export function isTextType(type: string): boolean {
  return /^text\/|json|javascript|xml|svg/.test(type);
}

export function html(status: number, body: string, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', ...headers }, body };
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
    body: JSON.stringify(value, null, 2) + '\n',
  };
}

export function empty(status = 204, headers: Record<string, string> = {}): Reply {
  return { status, headers };
}

export function page(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
</head>
<body>
${bodyHtml}
</body>
</html>
`;
}

const REASONS: Record<number, string> = {
  400: 'Bad request',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Payload too large',
  415: 'Unsupported media type',
  500: 'Internal server error',
};

export function errorReply(status: number, message: string, headers: Record<string, string> = {}): Reply {
  const title = `${status} ${REASONS[status] ?? 'Error'}`;
  return html(status, page(title, `<h1>${esc(title)}</h1>\n<p>${esc(message)}</p>`), { 'Cache-Control': 'no-store', ...headers });
}

export function notFound(requestPath: string): Reply {
  return errorReply(404, `Nothing is served at ${requestPath}.`);
}

export function methodNotAllowed(allow: string[]): Reply {
  return errorReply(405, `Allowed: ${allow.join(', ')}.`, { Allow: allow.join(', ') });
}

/** Reads the whole request body, refusing more than `limit` bytes. */
export function readBody(req: IncomingMessage, limit = 10 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new HttpError(413, `The body is larger than ${limit} bytes.`));
        req.removeAllListeners('data');
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export type FieldValue = string | { filename: string; size: number; type: string };

/** Turns repeated names into arrays: { a: "1", b: ["2", "3"] }. */
export function entriesToObject<T>(entries: Iterable<[string, T]>): Record<string, T | T[]> {
  const out: Record<string, T | T[]> = Object.create(null);
  for (const [name, value] of entries) {
    if (!(name in out)) out[name] = value;
    else {
      const prev = out[name];
      out[name] = Array.isArray(prev) ? [...prev, value] : [prev as T, value];
    }
  }
  return { ...out };
}

/** Keeps a bounded in-memory list of records (posts, reports, hits). */
export class Recorder<T> {
  private items: T[] = [];
  constructor(private readonly max = 5000) {}
  add(item: T): void {
    this.items.push(item);
    if (this.items.length > this.max) this.items.splice(0, this.items.length - this.max);
  }
  list(): T[] {
    return [...this.items];
  }
  clear(): void {
    this.items = [];
  }
}

/** GET lists, DELETE clears: the routes tests use to read what the server recorded. */
export function recorderRoute<T>(method: string, recorder: Recorder<T>): Reply {
  if (method === 'GET' || method === 'HEAD') return json(200, recorder.list());
  if (method === 'DELETE') {
    recorder.clear();
    return empty(204);
  }
  return methodNotAllowed(['GET', 'HEAD', 'DELETE']);
}
