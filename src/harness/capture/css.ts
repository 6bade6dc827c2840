// The references of a stylesheet: url(…), @import "…" and the strings of image-set(…).
// rewriteCss() hands each absolute URL to `map` and writes back what it returns
// (undefined keeps the reference as it was). Comments and other strings are copied as they are.

export type RefKind = 'css' | 'asset';

/** Absolute URL (fragment included) → the reference to write, or undefined to keep it. */
export type MapRef = (url: string, kind: RefKind) => string | undefined;

/** URLs that name no resource to copy: data:, blob:, javascript:, about:, fragment-only… */
export function isFetchable(ref: string): boolean {
  const value = ref.trim();
  if (value === '' || value.startsWith('#')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  return !scheme || /^https?$/i.test(scheme[1]);
}

/** Resolves `ref` against `base`; undefined when it is not an http(s) resource. */
export function resolveRef(ref: string, base: string): string | undefined {
  if (!isFetchable(ref)) return undefined;
  try {
    const url = new URL(ref.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const IDENT = /[\w-]/;

function readString(css: string, i: number): number {
  const quote = css[i];
  let j = i + 1;
  while (j < css.length && css[j] !== quote) {
    if (css[j] === '\\') j++;
    else if (css[j] === '\n') return j; // an unterminated string ends at the line's end
    j++;
  }
  return Math.min(j + 1, css.length);
}

function unquote(token: string): string {
  const q = token[0];
  const inner = q === '"' || q === "'" ? token.slice(1, token.endsWith(q) && token.length > 1 ? -1 : undefined) : token;
  // CSS escapes in URLs: "\," "\(" …, and hex escapes.
  return inner.replace(/\\(?:([0-9a-f]{1,6})\s?|(.))/gi, (_all, hex: string | undefined, ch: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : (ch ?? ''),
  );
}

function quoted(url: string): string {
  return `"${url.replace(/["\\\n]/g, (c) => (c === '\n' ? '\\a ' : '\\' + c))}"`;
}

/** Rewrites the references of a stylesheet (or a style="" value). */
export function rewriteCss(css: string, base: string, map: MapRef): string {
  let out = '';
  let i = 0;
  let imageSetDepth = 0; // > 0 inside image-set( … ): bare strings there are URLs
  let depth = 0;
  const n = css.length;
  const apply = (raw: string, kind: RefKind): string | undefined => {
    const url = resolveRef(unquote(raw), base);
    return url === undefined ? undefined : map(url, kind);
  };
  while (i < n) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      out += css.slice(i, stop);
      i = stop;
      continue;
    }
    if (c === '"' || c === "'") {
      const stop = readString(css, i);
      const token = css.slice(i, stop);
      const mapped = imageSetDepth > 0 && depth === imageSetDepth ? apply(token, 'asset') : undefined;
      out += mapped === undefined ? token : quoted(mapped);
      i = stop;
      continue;
    }
    if (c === '(') depth++;
    if (c === ')') {
      if (depth === imageSetDepth) imageSetDepth = 0;
      depth = Math.max(0, depth - 1);
    }
    const prevIdent = i > 0 && IDENT.test(css[i - 1]);
    if (!prevIdent && (c === 'u' || c === 'U') && /^url\(/i.test(css.slice(i, i + 4))) {
      // url( ws? ( "…" | '…' | bare ) ws? )
      let j = i + 4;
      while (j < n && /\s/.test(css[j])) j++;
      const tokenStart = j;
      let tokenEnd: number;
      if (css[j] === '"' || css[j] === "'") {
        tokenEnd = readString(css, j);
      } else {
        while (j < n && css[j] !== ')') j += css[j] === '\\' ? 2 : 1;
        tokenEnd = j;
        while (tokenEnd > tokenStart && /\s/.test(css[tokenEnd - 1])) tokenEnd--;
      }
      let close = tokenEnd;
      while (close < n && css[close] !== ')') close++;
      const token = css.slice(tokenStart, tokenEnd);
      const kind: RefKind = /@import\s*$/i.test(out) ? 'css' : 'asset';
      const mapped = apply(token, kind);
      out += mapped === undefined ? css.slice(i, close + 1) : `url(${quoted(mapped)})`;
      i = close + 1;
      continue;
    }
    if (c === '@' && /^@import\b/i.test(css.slice(i, i + 8))) {
      let j = i + 7;
      while (j < n && /\s/.test(css[j])) j++;
      if (css[j] === '"' || css[j] === "'") {
        const stop = readString(css, j);
        const mapped = apply(css.slice(j, stop), 'css');
        out += css.slice(i, j) + (mapped === undefined ? css.slice(j, stop) : quoted(mapped));
        i = stop;
        continue;
      }
      out += css.slice(i, j);
      i = j;
      continue;
    }
    if (!prevIdent && /^(?:-webkit-)?image-set\(/i.test(css.slice(i, i + 18))) {
      const open = css.indexOf('(', i);
      out += css.slice(i, open + 1);
      depth++;
      imageSetDepth = depth;
      i = open + 1;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/** The absolute URLs a stylesheet references, each once, with their kind. */
export function cssRefs(css: string, base: string): Map<string, RefKind> {
  const refs = new Map<string, RefKind>();
  rewriteCss(css, base, (url, kind) => {
    if (!refs.has(url) || kind === 'css') refs.set(url, kind);
    return undefined;
  });
  return refs;
}
