// Puts the veneer script tag into a page the way a browser extension injects a content
// script: only when the CMS page does not already carry it.
//   (no query)                 inject <script defer src="/Content/scripts/dist/veneer.js"> before </head>
//   ?veneer=off                the page as the CMS sent it, without any veneer tag
//   ?veneer-src=/cdn/x/v.js    the injected tag, or every existing veneer tag, uses that src
//   ?stack=legacy              no veneer tag: the legacy stack's scripts before </body> (legacy.ts)
// A veneer tag with data-analytics-id also gets data-analytics-endpoint pointing at the
// harness's analytics stand-in (unless it names one), so its hits are recorded at
// /__analytics instead of leaving the machine; ?analytics=ga4 keeps the real GA4 endpoint.
import { HttpError, esc } from './http';
import { legacyTags } from './legacy';

export const DEFAULT_VENEER_SRC = '/Content/scripts/dist/veneer.js';

// A whole <script …>…</script> element; attribute values may hold '>' inside quotes.
const SCRIPT_RE = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_RE = /(\ssrc\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

function decodeAttr(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** True when a script src names veneer.js (query and hash ignored). */
export function isVeneerSrc(src: string): boolean {
  const bare = decodeAttr(src).trim().split(/[?#]/)[0];
  return /(^|\/)veneer\.js$/i.test(bare);
}

/** Validates a `veneer-src` query value: a same-origin path starting with a single '/'. */
export function checkVeneerSrc(value: string): string {
  if (
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\') ||
    value.length > 2048 ||
    /[\u0000-\u001f\u007f\s]/.test(value)
  ) {
    throw new HttpError(400, 'veneer-src must be a same-origin path starting with "/" (no "//", spaces or control characters).');
  }
  return value;
}

export interface InjectOptions {
  /** false: remove every veneer tag and inject nothing (?veneer=off). */
  enabled: boolean;
  /** The src to use for the injected tag and for existing veneer tags; undefined keeps the page's own. */
  src?: string;
  /** data-analytics-endpoint for existing veneer tags that carry data-analytics-id and no endpoint. */
  analyticsEndpoint?: string;
  /** Insert the legacy stack's script tags before </body> (with enabled false: instead of veneer). */
  legacy?: boolean;
}

function beforeBodyEnd(html: string, tags: string): string {
  const bodyEnd = /<\/body\s*>(?![\s\S]*<\/body\s*>)/i.exec(html);
  return bodyEnd ? html.slice(0, bodyEnd.index) + tags + '\n' + html.slice(bodyEnd.index) : html + '\n' + tags;
}

export const ANALYTICS_STUB = '/__stubs/analytics/collect';

export function transformPage(htmlText: string, options: InjectOptions): string {
  let found = false;
  let out = htmlText.replace(SCRIPT_RE, (tag: string, attrs: string) => {
    const m = SRC_RE.exec(attrs);
    const src = m ? (m[2] ?? m[3] ?? m[4] ?? '') : '';
    if (!m || !isVeneerSrc(src)) return tag;
    found = true;
    if (!options.enabled) return '';
    let newAttrs = attrs;
    if (options.src !== undefined) newAttrs = newAttrs.replace(SRC_RE, (_all, lead: string) => `${lead}"${esc(options.src)}"`);
    if (options.analyticsEndpoint !== undefined && /\sdata-analytics-id\s*=/i.test(attrs) && !/\sdata-analytics-endpoint\s*=/i.test(attrs))
      newAttrs += ` data-analytics-endpoint="${esc(options.analyticsEndpoint)}"`;
    return tag.replace(attrs, () => newAttrs);
  });
  if (options.legacy) out = beforeBodyEnd(out, legacyTags());
  if (!options.enabled || found) return out;
  const tag = `<script defer src="${esc(options.src ?? DEFAULT_VENEER_SRC)}"></script>`;
  const headEnd = /<\/head\s*>/i.exec(out);
  if (headEnd) return out.slice(0, headEnd.index) + tag + '\n' + out.slice(headEnd.index);
  const body = /<body\b/i.exec(out);
  if (body) return out.slice(0, body.index) + tag + '\n' + out.slice(body.index);
  out = tag + '\n' + out;
  return out;
}
