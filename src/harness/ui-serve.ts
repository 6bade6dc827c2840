// The harness UI (src/harness/ui/, built by scripts/build-ui.mjs into dist-harness/):
// its index.html answers the UI's own routes (/, /view/<page>, /snapshots, /docs), its hashed
// assets are served under /__ui/. Without a UI build, / falls back to the plain catalogue.
import path from 'node:path';
import { errorReply, html, type Reply } from './http';
import { catalogueHtml, listPages, lookup, readStatic } from './static';

/** The UI page's own policy: nothing inline, frames and fetches same-origin only. */
export const UI_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self'; " +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'; " +
  "require-trusted-types-for 'script'; trusted-types 'none'";

/** The client-side routes the UI's index.html answers. */
export function isUiRoute(requestPath: string): boolean {
  return requestPath === '/' || requestPath === '/snapshots' || requestPath === '/docs' || /^\/view\/[^/]+\/?$/.test(requestPath);
}

const HASHED = /\.[0-9a-f]{8}\.\w+$/;

export async function uiIndex(uiDir: string, pagesRoot: string, requestPath: string): Promise<Reply> {
  const found = await lookup(uiDir, ['index.html'], false);
  if (found.kind !== 'file') {
    if (requestPath !== '/') return errorReply(404, 'The harness UI is not built: npm start builds it (or scripts/build-ui.mjs).');
    return html(200, catalogueHtml(await listPages(pagesRoot)));
  }
  const { body } = await readStatic(found.file);
  return html(200, body.toString('utf8'), { 'Content-Security-Policy': UI_CSP });
}

/** GET /__ui/<file>: hashed names are immutable, anything else is revalidated. */
export async function uiAsset(uiDir: string, segments: string[], requestPath: string): Promise<Reply> {
  const found = await lookup(uiDir, segments, false);
  if (found.kind !== 'file') return errorReply(404, `${requestPath} is not in the UI build (${uiDir}).`);
  const { body, type } = await readStatic(found.file);
  const hashed = HASHED.test(path.basename(found.file));
  return {
    status: 200,
    headers: {
      'Content-Type': type,
      'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      'Last-Modified': found.mtime.toUTCString(),
    },
    body,
  };
}
