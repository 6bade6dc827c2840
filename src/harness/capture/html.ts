// The capture's HTML pass over the document exactly as the server sent it. The document is
// read by the HTML standard's tokenizer (parse5's, as its rewriting stream drives it: script
// data, RAWTEXT and RCDATA states as the tree builder switches them, every named character
// reference decoded), and every byte of a token it has no reason to change is copied from the
// source as it was; it
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
// <noscript> is text, as browsers read it with scripting on (veneer's case): its tracking
// pixels are neither fetched nor rewritten.
import { RewritingStream } from 'parse5-html-rewriting-stream';
import { isVeneerSrc } from '../inject';
import { resolveRef, rewriteCss, type MapRef } from './css';

interface Attr {
  /** The name as the tokenizer read it (lower-cased; before SVG's case adjustments). */
  name: string;
  /** The value, character references decoded ('' for a bare attribute). */
  value: string;
  /** Where its source text (name to the value's end) is in the document. */
  start: number;
  end: number;
}

interface StartTag {
  type: 'start';
  name: string;
  attrs: Attr[];
  start: number;
  end: number;
  raw: string;
}

type Token = StartTag | { type: 'end' | 'text'; name?: string; start: number; end: number; raw: string };

interface Place {
  startOffset: number;
  endOffset: number;
}

/** The rewriting stream's tokenizer, run over a whole document at once. */
class Scanner extends RewritingStream {
  scan(html: string) {
    this.tokenizer.write(html, true);
  }
}

/** The start tags, end tags and text runs of a document, as the HTML standard reads them. */
function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  const scanner = new Scanner();
  const at = (location?: Place | null) => ({ start: location?.startOffset ?? 0, end: location?.endOffset ?? 0 });
  scanner.on('startTag', (tag, raw) => {
    // The locations are keyed by the name as written; the attributes come in the same order.
    // (sourceCodeLocationInfo is on: a start tag's location holds its attributes'.)
    const located = tag.sourceCodeLocation as { attrs?: Record<string, Place> } | null | undefined;
    const places = Object.entries(located?.attrs ?? {}).sort(([, a], [, b]) => a.startOffset - b.startOffset);
    const attrs = places.map(([name, place], i) => ({ name, value: tag.attrs[i]?.value ?? '', ...at(place) }));
    // Lower-case as read: SVG's adjusted names (feImage) are compared lower-case here.
    tokens.push({ type: 'start', name: tag.tagName.toLowerCase(), attrs, raw, ...at(tag.sourceCodeLocation) });
  });
  scanner.on('endTag', (tag, raw) => tokens.push({ type: 'end', name: tag.tagName.toLowerCase(), raw, ...at(tag.sourceCodeLocation) }));
  scanner.on('text', (text, raw) => tokens.push({ type: 'text', raw, ...at(text.sourceCodeLocation) }));
  // Listened to so that the stream writes nothing; comments and doctypes are copied as source.
  scanner.on('comment', () => {});
  scanner.on('doctype', () => {});
  scanner.scan(html);
  return tokens;
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
const attrValue = (tag: StartTag, name: string) => attr(tag, name)?.value ?? null;

/**
 * The start tag with some attributes given new values (null: removed, with the whitespace
 * before it) and `added` ones after the last; everything else as the source wrote it.
 */
function rewriteTag(html: string, tag: StartTag, changes: Map<Attr, string | null>, added: string[]): string {
  let out = '';
  let pos = tag.start;
  for (const a of tag.attrs) {
    if (!changes.has(a)) continue;
    const value = changes.get(a)!;
    if (value === null) {
      let from = a.start;
      while (from > pos && /[\t\n\f\r ]/.test(html[from - 1])) from--;
      out += html.slice(pos, from);
    } else {
      // The name as written (the tokenizer only lower-cases ASCII: same length).
      out += html.slice(pos, a.start) + `${html.slice(a.start, a.start + a.name.length)}="${encodeAttr(value)}"`;
    }
    pos = a.end;
  }
  const lastAttrEnd = tag.attrs.reduce((end, a) => Math.max(end, a.end), tag.start + 1 + tag.name.length);
  return out + html.slice(pos, lastAttrEnd) + added.map((a) => ' ' + a).join('') + html.slice(lastAttrEnd, tag.end);
}

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
  // The output: the source between the edits, copied as it is, and the edits.
  const out: string[] = [];
  let copied = 0;
  const replace = (start: number, end: number, text: string) => {
    out.push(html.slice(copied, start), text);
    copied = end;
  };
  // Marks a dropped element: a line left holding only dropped elements goes too.
  const DROPPED = '\u0000dropped\u0000';
  /** Where the element opened by tokens[i] ends (after its end tag), and the token after it. */
  const elementEnd = (i: number): [number, number] => {
    const name = (tokens[i] as StartTag).name;
    for (let j = i + 1; j < tokens.length; j++) if (tokens[j].type === 'end' && tokens[j].name === name) return [tokens[j].end, j];
    return [html.length, tokens.length];
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type !== 'start') continue;
    // 1. Elements dropped whole.
    if (t.name === 'script') {
      const [end, last] = elementEnd(i);
      if (isScriptType(attrValue(t, 'type'))) {
        const src = attrValue(t, 'src');
        if (src !== null && isVeneerSrc(src)) result.veneerTags.push(html.slice(t.start, end));
        else result.scripts.push(src === null ? 'inline' : (resolveRef(src, base) ?? src));
        replace(t.start, end, DROPPED);
      }
      i = last; // a data block is kept as it is
      continue;
    }
    if (t.name === 'base' && attr(t, 'href')) {
      baseRemoved = base !== docUrl.href;
      replace(t.start, t.end, DROPPED);
      continue;
    }
    if (t.name === 'link') {
      const rel = (attrValue(t, 'rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const as = (attrValue(t, 'as') ?? '').toLowerCase();
      const href = attrValue(t, 'href') ?? '';
      if (rel.includes('modulepreload') || ((rel.includes('preload') || rel.includes('prefetch')) && /^(script|worker|sharedworker|serviceworker)$/.test(as))) {
        result.scripts.push(resolveRef(href, base) ?? href);
        replace(t.start, t.end, DROPPED);
        continue;
      }
      if (rel.some((r) => r === 'preconnect' || r === 'dns-prefetch' || r === 'prerender') || (rel.includes('prefetch') && (as === '' || as === 'document'))) {
        result.hints.push(t.raw);
        replace(t.start, t.end, DROPPED);
        continue;
      }
    }

    // 2. Attributes rewritten or removed.
    const changes = new Map<Attr, string | null>();
    const added: string[] = [];
    const set = (a: Attr, value: string) => changes.set(a, value);
    const url = (a: Attr | undefined, kind: 'css' | 'asset') => {
      if (!a) return false;
      const abs = resolveRef(a.value, base);
      const mapped = abs === undefined ? undefined : map(abs, kind);
      if (mapped === undefined) return false;
      set(a, mapped);
      return true;
    };
    const srcset = (a: Attr | undefined) => {
      if (!a) return;
      const next = rewriteSrcset(a.value, base, map);
      if (next !== a.value) set(a, next);
    };

    for (const a of t.attrs) {
      if (/^on[a-z]/.test(a.name)) {
        changes.set(a, null);
        result.handlers++;
      } else if (a.name === 'style') {
        const next = rewriteCss(a.value, base, map);
        if (next !== a.value) set(a, next);
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
          if (integrity) changes.set(integrity, null); // the local copy may differ (rewritten url()s)
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
        const abs = a?.value ? resolveRef(a.value, base) : undefined;
        if (a && abs) {
          const target = new URL(abs);
          if (target.origin !== docUrl.origin) {
            result.frames.push(abs);
            set(a, 'about:blank');
            added.push(`data-capture-src="${encodeAttr(abs)}"`);
          } else if (/^[a-z][a-z0-9+.-]*:/i.test(a.value.trim()) || baseRemoved) {
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
      const value = a ? a.value.trim() : '';
      if (a && value && !value.startsWith('#') && !/^[a-z][a-z0-9+.-]*:/i.test(value)) {
        try {
          const target = new URL(value, base);
          set(a, target.origin === docUrl.origin ? target.pathname + target.search + target.hash : target.href);
        } catch {
          // left as it was
        }
      }
    }
    if (changes.size || added.length) replace(t.start, t.end, rewriteTag(html, t, changes, added));

    // A <style>'s text (RAWTEXT: its source is its text).
    const text = tokens[i + 1];
    if (t.name === 'style' && text?.type === 'text' && ((attrValue(t, 'type') ?? 'text/css').trim().toLowerCase() || 'text/css') === 'text/css') {
      const css = html.slice(text.start, text.end);
      const next = rewriteCss(css, base, map);
      if (next !== css) replace(text.start, text.end, next);
      i++;
    }
  }
  out.push(html.slice(copied));
  result.html = out
    .join('')
    .replace(/(\r?\n)[ \t]*(?:\u0000dropped\u0000[ \t]*)+(?=\r?\n)/g, '')
    .replace(/\u0000dropped\u0000/g, '');
  return result;
}
