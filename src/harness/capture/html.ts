// The capture's HTML pass over the document exactly as the server sent it. A small tokenizer
// (tags, attributes, comments, raw-text elements) keeps every byte it has no reason to
// change; it
//   - drops the site's scripts: <script> of a JavaScript type (and veneer's own tag: the
//     harness adds it), <link rel=modulepreload>, script preloads, on* handler attributes,
//     and the connection hints that would reach other hosts (preconnect, dns-prefetch);
//   - keeps data blocks (<script type="application/json">, ld+json, templates…);
//   - hands every resource the page loads to `map` (stylesheets as 'css', the rest as
//     'asset') and writes back the local reference it returns: link href/imagesrcset,
//     img/source src/srcset (and data-src/data-srcset), video poster, media src, SVG
//     href, legacy background="", style="" and <style> url()s;
//   - parks frames of other origins (src="about:blank" data-capture-src="…"): a captured
//     page loads nothing from elsewhere;
//   - removes <base href> (references are absolute local paths now) and makes relative
//     links absolute when it did.
import { isVeneerSrc } from '../inject';
import { resolveRef, rewriteCss, type MapRef } from './css';

interface Attr {
  name: string;
  /** The value as written (entities not decoded); null for a bare attribute. */
  value: string | null;
  /** The attribute's source text, with its leading whitespace. */
  raw: string;
}

interface StartTag {
  type: 'start';
  raw: string;
  name: string;
  attrs: Attr[];
  /** What follows the last attribute up to and including '>' (whitespace, '/'). */
  tail: string;
  /** Raw-text elements (script, style, textarea…): their text and end tag. */
  content?: string;
  close?: string;
}

type Token = StartTag | { type: 'other'; raw: string };

// <noscript> too: with scripting on (veneer's case) browsers read it as text and load
// nothing in it, so its tracking pixels are neither fetched nor rewritten.
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);

export function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  const n = html.length;
  let i = 0;
  let text = 0; // start of pending text
  const flush = (to: number) => {
    if (to > text) tokens.push({ type: 'other', raw: html.slice(text, to) });
  };
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    const next = html[lt + 1] ?? '';
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? n : end + 3;
      continue; // comments stay in the text run
    }
    if (next === '!' || next === '?' || (next === '/' && /[a-z]/i.test(html[lt + 2] ?? ''))) {
      const end = html.indexOf('>', lt);
      i = end < 0 ? n : end + 1;
      continue;
    }
    if (!/[a-z]/i.test(next)) {
      i = lt + 1;
      continue;
    }
    flush(lt);
    const nameMatch = /^[a-z][^\s/>]*/i.exec(html.slice(lt + 1, lt + 200))!;
    const name = nameMatch[0].toLowerCase();
    let j = lt + 1 + nameMatch[0].length;
    const attrs: Attr[] = [];
    let tailStart = j;
    for (;;) {
      const start = j;
      while (j < n && /[\s/]/.test(html[j])) j++;
      if (j >= n || html[j] === '>') {
        tailStart = start;
        j = Math.min(j + 1, n);
        break;
      }
      const nameStart = j;
      j++; // the first character may be '='
      while (j < n && !/[\s/>=]/.test(html[j])) j++;
      const attrName = html.slice(nameStart, j);
      let k = j;
      while (k < n && /\s/.test(html[k])) k++;
      let value: string | null = null;
      if (html[k] === '=') {
        k++;
        while (k < n && /\s/.test(html[k])) k++;
        const q = html[k];
        if (q === '"' || q === "'") {
          const end = html.indexOf(q, k + 1);
          value = html.slice(k + 1, end < 0 ? n : end);
          j = end < 0 ? n : end + 1;
        } else {
          let e = k;
          while (e < n && !/[\s>]/.test(html[e])) e++;
          value = html.slice(k, e);
          j = e;
        }
      }
      attrs.push({ name: attrName.toLowerCase(), value, raw: html.slice(start, j) });
    }
    const tag: StartTag = { type: 'start', raw: html.slice(lt, j), name, attrs, tail: html.slice(tailStart, j) };
    if (RAW_TEXT.has(name)) {
      const closeRe = new RegExp(`</${name}(?=[\\s/>])`, 'ig');
      closeRe.lastIndex = j;
      const m = closeRe.exec(html);
      const contentEnd = m ? m.index : n;
      const closeEnd = m ? html.indexOf('>', contentEnd) : -1;
      tag.content = html.slice(j, contentEnd);
      tag.close = html.slice(contentEnd, closeEnd < 0 ? n : closeEnd + 1);
      j = closeEnd < 0 ? n : closeEnd + 1;
    }
    tokens.push(tag);
    i = text = j;
  }
  flush(n);
  return tokens;
}

export function decodeEntities(value: string): string {
  return value.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|lt|gt|quot|apos|nbsp));?/gi, (all, dec, hex, named: string | undefined) => {
    if (dec || hex) {
      const code = dec ? parseInt(dec, 10) : parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }[named!.toLowerCase()] ?? all;
  });
}

function encodeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/**
 * The JavaScript MIME types of the HTML standard, module, and the types that steer scripts or
 * loading (importmap, speculationrules): any other type is a data block, kept.
 */
const JS_TYPES =
  /^(?:|module|importmap|speculationrules|(?:application|text)\/(?:x-)?(?:java|ecma)script|text\/javascript1\.[0-5]|text\/jscript|text\/livescript)$/;

export function isScriptType(type: string | null): boolean {
  if (type === null) return true;
  return JS_TYPES.test(type.trim().toLowerCase().split(';')[0].trim());
}

/** Rewrites a srcset value candidate by candidate ("a.jpg 1x, b.jpg 2x"). */
export function rewriteSrcset(value: string, base: string, map: MapRef): string {
  const out: string[] = [];
  const n = value.length;
  let i = 0;
  let changed = false;
  while (i < n) {
    while (i < n && /[\s,]/.test(value[i])) i++;
    if (i >= n) break;
    let j = i;
    while (j < n && !/\s/.test(value[j])) j++;
    let url = value.slice(i, j);
    let descriptors = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      let k = j;
      let parens = 0;
      while (k < n && (value[k] !== ',' || parens > 0)) {
        if (value[k] === '(') parens++;
        if (value[k] === ')') parens--;
        k++;
      }
      descriptors = value.slice(j, k).trim();
      j = k + 1;
    }
    const abs = resolveRef(url, base);
    const mapped = abs === undefined ? undefined : map(abs, 'asset');
    if (mapped !== undefined) changed = true;
    out.push((mapped ?? url) + (descriptors ? ' ' + descriptors : ''));
    i = j;
  }
  return changed ? out.join(', ') : value;
}

export interface HtmlOptions {
  /** The document's URL (after redirects): references resolve against it (or <base href>). */
  url: string;
  /** Absolute resource URL → its local reference (undefined keeps the reference). */
  map: MapRef;
  /** The document was decoded from another charset: declare UTF-8 in its <meta>. */
  utf8?: boolean;
}

export interface HtmlResult {
  html: string;
  /** Scripts taken out: their absolute URL, or 'inline'. */
  scripts: string[];
  /** on* attributes removed. */
  handlers: number;
  /** veneer tags found (and removed), verbatim. */
  veneerTags: string[];
  /** Frames of other origins parked (their original src). */
  frames: string[];
  /** Resource hints removed (preconnect, dns-prefetch, prerender, document prefetch). */
  hints: string[];
  /** The base URL references resolved against. */
  base: string;
}

const attr = (tag: StartTag, name: string) => tag.attrs.find((a) => a.name === name);
const attrValue = (tag: StartTag, name: string) => {
  const a = attr(tag, name);
  return a ? decodeEntities(a.value ?? '') : null;
};

/** Rewrites one HTML document; see the top of this file. */
export function transformHtml(html: string, options: HtmlOptions): HtmlResult {
  const tokens = tokenize(html);
  const { map } = options;
  const docUrl = new URL(options.url);
  let base = docUrl.href;
  let baseRemoved = false;
  for (const t of tokens) {
    if (t.type === 'start' && t.name === 'base') {
      const href = attrValue(t, 'href');
      if (href !== null) {
        try {
          base = new URL(href.trim(), docUrl).href;
        } catch {
          // an invalid base is ignored by browsers too
        }
        break;
      }
    }
  }
  const result: HtmlResult = { html: '', scripts: [], handlers: 0, veneerTags: [], frames: [], hints: [], base };
  const out: string[] = [];
  // Marks a dropped element: a line left holding only dropped elements goes too.
  const DROPPED = '\u0000dropped\u0000';

  for (const t of tokens) {
    if (t.type !== 'start') {
      out.push(t.raw);
      continue;
    }
    // 1. Elements dropped whole.
    if (t.name === 'script') {
      if (!isScriptType(attrValue(t, 'type'))) {
        out.push(t.raw + (t.content ?? '') + (t.close ?? ''));
        continue;
      }
      const src = attrValue(t, 'src');
      if (src !== null && isVeneerSrc(src)) result.veneerTags.push(t.raw + (t.content ?? '') + (t.close ?? ''));
      else result.scripts.push(src === null ? 'inline' : (resolveRef(src, base) ?? src));
      out.push(DROPPED);
      continue;
    }
    if (t.name === 'base' && attr(t, 'href')) {
      baseRemoved = base !== docUrl.href;
      out.push(DROPPED);
      continue;
    }
    if (t.name === 'link') {
      const rel = (attrValue(t, 'rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const as = (attrValue(t, 'as') ?? '').toLowerCase();
      const href = attrValue(t, 'href') ?? '';
      if (rel.includes('modulepreload') || ((rel.includes('preload') || rel.includes('prefetch')) && /^(script|worker|sharedworker|serviceworker)$/.test(as))) {
        result.scripts.push(resolveRef(href, base) ?? href);
        out.push(DROPPED);
        continue;
      }
      if (rel.some((r) => r === 'preconnect' || r === 'dns-prefetch' || r === 'prerender') || (rel.includes('prefetch') && (as === '' || as === 'document'))) {
        result.hints.push(t.raw);
        out.push(DROPPED);
        continue;
      }
    }

    // 2. Attributes rewritten or removed.
    let changed = false;
    const set = (a: Attr, value: string | null) => {
      a.value = value;
      a.raw = value === null ? ` ${a.name}` : ` ${a.name}="${encodeAttr(value)}"`;
      changed = true;
    };
    const url = (a: Attr | undefined, kind: 'css' | 'asset') => {
      if (!a || a.value === null) return false;
      const abs = resolveRef(decodeEntities(a.value), base);
      const mapped = abs === undefined ? undefined : map(abs, kind);
      if (mapped === undefined) return false;
      set(a, mapped);
      return true;
    };
    const srcset = (a: Attr | undefined) => {
      if (!a || a.value === null) return;
      const value = decodeEntities(a.value);
      const next = rewriteSrcset(value, base, map);
      if (next !== value) set(a, next);
    };
    const removed = new Set<Attr>();

    for (const a of t.attrs) {
      if (/^on[a-z]/.test(a.name)) {
        removed.add(a);
        result.handlers++;
      } else if (a.name === 'style' && a.value !== null) {
        const css = decodeEntities(a.value);
        const next = rewriteCss(css, base, map);
        if (next !== css) set(a, next);
      }
    }

    switch (t.name) {
      case 'link': {
        const rel = (attrValue(t, 'rel') ?? '').toLowerCase().split(/\s+/);
        const as = (attrValue(t, 'as') ?? '').toLowerCase();
        const isCss = rel.includes('stylesheet') || (rel.includes('preload') && as === 'style');
        const isAsset = rel.some((r) => /^(icon|shortcut|apple-touch-icon(-precomposed)?|mask-icon|preload|prefetch|image_src)$/.test(r));
        if ((isCss || isAsset) && url(attr(t, 'href'), isCss ? 'css' : 'asset')) {
          const integrity = attr(t, 'integrity');
          if (integrity) removed.add(integrity); // the local copy may differ (rewritten url()s)
        }
        srcset(attr(t, 'imagesrcset'));
        break;
      }
      case 'img':
      case 'source':
        url(attr(t, 'src'), 'asset');
        srcset(attr(t, 'srcset'));
        url(attr(t, 'data-src'), 'asset');
        srcset(attr(t, 'data-srcset'));
        break;
      case 'video':
        url(attr(t, 'poster'), 'asset');
        url(attr(t, 'src'), 'asset');
        break;
      case 'audio':
      case 'track':
      case 'embed':
        url(attr(t, 'src'), 'asset');
        break;
      case 'input':
        if ((attrValue(t, 'type') ?? '').toLowerCase() === 'image') url(attr(t, 'src'), 'asset');
        break;
      case 'object':
        url(attr(t, 'data'), 'asset');
        break;
      case 'image':
      case 'use':
      case 'feimage':
        for (const name of ['href', 'xlink:href']) {
          const a = attr(t, name);
          if (a?.value && !a.value.trim().startsWith('#')) url(a, 'asset');
        }
        break;
      case 'body':
      case 'table':
      case 'tr':
      case 'td':
      case 'th':
        url(attr(t, 'background'), 'asset');
        break;
      case 'iframe':
      case 'frame': {
        const a = attr(t, 'src');
        const abs = a?.value ? resolveRef(decodeEntities(a.value), base) : undefined;
        if (a && abs) {
          const target = new URL(abs);
          if (target.origin !== docUrl.origin) {
            result.frames.push(abs);
            set(a, 'about:blank');
            t.attrs.push({ name: 'data-capture-src', value: abs, raw: ` data-capture-src="${encodeAttr(abs)}"` });
          } else if (/^[a-z][a-z0-9+.-]*:/i.test(decodeEntities(a.value!).trim()) || baseRemoved) {
            set(a, target.pathname + target.search + target.hash);
          }
        }
        break;
      }
      case 'meta':
        if (options.utf8) {
          const charset = attr(t, 'charset');
          if (charset) set(charset, 'utf-8');
          const content = attr(t, 'content');
          if ((attrValue(t, 'http-equiv') ?? '').toLowerCase() === 'content-type' && content)
            set(content, 'text/html; charset=utf-8');
        }
        break;
    }
    if (baseRemoved) {
      // Links resolved against the removed <base>: same-origin ones become paths.
      const linkAttr = t.name === 'a' || t.name === 'area' ? 'href' : t.name === 'form' ? 'action' : t.name === 'button' || t.name === 'input' ? 'formaction' : null;
      const a = linkAttr ? attr(t, linkAttr) : undefined;
      const value = a?.value != null ? decodeEntities(a.value).trim() : '';
      if (a && value && !value.startsWith('#') && !/^[a-z][a-z0-9+.-]*:/i.test(value)) {
        try {
          const target = new URL(value, base);
          set(a, target.origin === docUrl.origin ? target.pathname + target.search + target.hash : target.href);
        } catch {
          // left as it was
        }
      }
    }

    let content = t.content;
    if (t.name === 'style' && content !== undefined && ((attrValue(t, 'type') ?? 'text/css').trim().toLowerCase() || 'text/css') === 'text/css') {
      content = rewriteCss(content, base, map);
    }
    const tag = changed || removed.size ? `<${t.raw.slice(1, 1 + t.name.length)}${t.attrs.filter((a) => !removed.has(a)).map((a) => a.raw).join('')}${t.tail}` : t.raw;
    out.push(tag + (content ?? '') + (t.close ?? ''));
  }
  result.html = out
    .join('')
    .replace(/(\r?\n)[ \t]*(?:\u0000dropped\u0000[ \t]*)+(?=\r?\n)/g, '')
    .replace(/\u0000dropped\u0000/g, '');
  return result;
}
