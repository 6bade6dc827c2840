// The references of a stylesheet: url(…), @import "…" and the strings of image-set(…).
// rewriteCss() hands each absolute URL to `map` and writes back what it returns
// (undefined keeps the reference as it was). Comments and other strings are copied as they are.

import {
  isTokenAtKeyword,
  isTokenCloseParen,
  isTokenFunction,
  isTokenOpenParen,
  isTokenString,
  isTokenURL,
  isTokenWhiteSpaceOrComment,
  isTokenWhitespace,
  tokenize,
} from '@csstools/css-tokenizer';

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

function quoted(url: string): string {
  return `"${url.replace(/["\\\n]/g, (c) => (c === '\n' ? '\\a ' : '\\' + c))}"`;
}

/**
 * Rewrites the references of a stylesheet (or a style="" value). The stylesheet is read as
 * browsers read it, by a tokenizer that follows CSS Syntax (escapes decoded: `u\72l(` is a
 * url(); comments, strings and bad tokens are what they are); every token it does not
 * rewrite is written back as it was.
 */
export function rewriteCss(css: string, base: string, map: MapRef): string {
  const tokens = tokenize({ css });
  const out: string[] = [];
  const apply = (ref: string, kind: RefKind): string | undefined => {
    const url = resolveRef(ref, base);
    return url === undefined ? undefined : map(url, kind);
  };
  let depth = 0; // open ( and functions
  let imageSetDepth = 0; // > 0 inside image-set( … ): its strings are URLs
  let importPrelude = false; // between @import and its first string or url
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const kind: RefKind = importPrelude ? 'css' : 'asset';
    if (isTokenURL(token)) {
      const mapped = apply(token[4].value, kind);
      out.push(mapped === undefined ? token[1] : `url(${quoted(mapped)})`);
      importPrelude = false;
      continue;
    }
    if (isTokenFunction(token) && token[4].value.toLowerCase() === 'url') {
      // url( "…" ): a function whose argument is one string.
      let j = i + 1;
      while (isTokenWhitespace(tokens[j])) j++;
      const string = tokens[j];
      let k = j + 1;
      while (isTokenWhitespace(tokens[k])) k++;
      if (isTokenString(string) && isTokenCloseParen(tokens[k])) {
        const mapped = apply(string[4].value, kind);
        out.push(mapped === undefined ? tokens.slice(i, k + 1).map((t) => t[1]).join('') : `url(${quoted(mapped)})`);
        importPrelude = false;
        i = k;
        continue;
      }
    }
    if (isTokenString(token) && (importPrelude || (imageSetDepth > 0 && depth === imageSetDepth))) {
      const mapped = apply(token[4].value, kind);
      out.push(mapped === undefined ? token[1] : quoted(mapped));
      importPrelude = false;
      continue;
    }
    if (isTokenAtKeyword(token) && token[4].value.toLowerCase() === 'import') importPrelude = true;
    else if (!isTokenWhiteSpaceOrComment(token)) importPrelude = false;
    if (isTokenFunction(token) || isTokenOpenParen(token)) {
      depth++;
      if (isTokenFunction(token) && /^(?:-webkit-)?image-set$/i.test(token[4].value)) imageSetDepth = depth;
    } else if (isTokenCloseParen(token) && depth > 0) {
      if (depth === imageSetDepth) imageSetDepth = 0;
      depth--;
    }
    out.push(token[1]);
  }
  return out.join('');
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
