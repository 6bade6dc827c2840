// HTML from the server (ajax lists, ajax lightbox content) becomes inert nodes: no script,
// no event handler, no javascript: URL, no <meta http-equiv=refresh>, <base>, styles or
// frames survive, no name or id replaces a property of the page's document, and a form
// submits natively only to an allowed address it names. The browser's own Sanitizer API
// (Element.setHTML) costs no bytes and needs no Trusted Types policy; browsers without it
// load DOMPurify once, as the shared runtime chunk `sanitize` (./sanitize-runtime), through
// the core's loader.
import { CORE_KEY, type CoreHandle } from './feature';
import type { Purify } from './sanitize-runtime';

// Beyond what both sanitizers always remove: elements that act on the page when inserted.
const REMOVE = ['meta', 'base', 'link', 'style', 'title', 'iframe', 'frame', 'object', 'embed'];
// A name alone means the HTML element to the Sanitizer API (to DOMPurify, any namespace's),
// and <svg><style> styles the page as well. Of the rest, only the HTML elements act.
const FOREIGN_STYLES = ['http://www.w3.org/2000/svg', 'http://www.w3.org/1998/Math/MathML'].map((namespace) => ({ name: 'style', namespace }));
// The parser reports each event handler and style attribute to the page's CSP
// (script-src-attr, style-src-attr) before either sanitizer can drop it: renamed in the tags'
// text first (the parser keeps one of several same-named attributes), then dropped. Tags are
// read as the parser reads them, so words in a value or a text (title="a onclick=b",
// "onion=") stay; its whitespace is [\t\n\f\r ], not \s (a no-break space belongs to a name or
// value). Comments and raw text (<textarea>) are not told apart: a tag-like text there is
// renamed as well.
const RENAMED = 'x-veneer-dropped';
const DROP_ATTRIBUTES = ['style', RENAMED];
const ATTRIBUTE = /([\t\n\f\r /]*)([^\t\n\f\r />][^\t\n\f\r />=]*)((?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:"[^"]*"?|'[^']*'?|[^\t\n\f\r >]*))?)/g;
const TAG = RegExp(`(<[a-z][^\\t\\n\\f\\r />]*)((?:${ATTRIBUTE.source})*)`, 'gi');
// CR LF and CR become LF first, as in the parser's input stream: Chromium 156 otherwise drops
// some LF after a lone CR ("<p \r\v\non>" has one attribute there, not two).
export const renameAttributes = (html: string) =>
  html.replace(/\r\n?/g, '\n').replace(TAG, (_, start: string, attributes: string) =>
    start + attributes.replace(ATTRIBUTE, (_, space: string, name: string, value: string) => space + (/^(on|style$)/i.test(name) ? RENAMED : name) + value),
  );

type SanitizingElement = HTMLElement & { setHTML?(html: string, options: object): void };

const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'poster', 'cite', 'srcset'];
// Both sanitizers keep data: links (<a href="data:text/html,…">) and unknown schemes: an
// allow-list instead. A URL with a scheme keeps its attribute only for these (relative URLs
// always do); an image's own data:image/ source stays.
const SCHEMES = /^(https?|mailto|tel):/i;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Drops names and ids that would clobber the page, and URLs of schemes not on the allow-list;
 * forms without an address of their own submit nowhere.
 */
function finish(fragment: DocumentFragment): DocumentFragment {
  // The Sanitizer API keeps every name and id: <img name="querySelector"> would replace
  // document.querySelector for the whole page. DOMPurify's rule (SANITIZE_DOM). Last first:
  // a form's own fields (<input name="getAttribute">) go before the form is read.
  const form = document.createElement('form');
  for (const element of [...fragment.querySelectorAll('[id],[name]')].reverse())
    for (const name of ['id', 'name']) {
      const value = element.getAttribute(name) ?? '';
      if (value in document || value in form) element.removeAttribute(name);
    }
  for (const element of fragment.querySelectorAll(URL_ATTRIBUTES.map((name) => `[${name.replace(':', '\\:')}]`).join()))
    for (const name of URL_ATTRIBUTES) {
      const value = element.getAttribute(name) ?? '';
      // Each candidate of a srcset ("a.png 1x, b.png 2x") is a URL.
      const urls = name == 'srcset' ? value.split(',').map((candidate) => candidate.trim().split(/\s/)[0]) : [value];
      for (const url of urls) {
        // Control characters and spaces inside a scheme are ignored by URL parsers too.
        const bare = url.replace(/[\u0000-\u0020]/g, '');
        if (HAS_SCHEME.test(bare) && !SCHEMES.test(bare) && !(/^(img|source)$/.test(element.localName) && /^data:image\//i.test(bare)))
          element.removeAttribute(name);
      }
    }
  // Both sanitizers remove a javascript: action without a trace, and a form without one
  // submits to this page: such forms do not submit natively. Cancelled once the submit has
  // bubbled to the window, so a feature that handles it (the ajax list's filters) still does.
  for (const form of fragment.querySelectorAll('form'))
    if (!form.getAttribute('action')?.trim())
      form.addEventListener('submit', (event) => addEventListener('submit', (late) => late == event && late.preventDefault(), { once: true }));
  return fragment;
}

export async function safeFragment(html: string): Promise<DocumentFragment> {
  html = renameAttributes(html);
  const box: SanitizingElement = document.createElement('div');
  if (!box.setHTML) {
    const purify = (await (globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY]!.load('sanitize')) as unknown as Purify;
    return finish(purify.sanitize(html, REMOVE, DROP_ATTRIBUTES));
  }
  // An empty allow-list config keeps classes and data-* (the hooks of the new content);
  // setHTML still drops everything script-like whatever the config.
  // <marquee> is unwrapped: Chromium 156 hangs the page on some marquee input with a config.
  box.setHTML(html, { sanitizer: { removeElements: [...REMOVE, ...FOREIGN_STYLES], removeAttributes: DROP_ATTRIBUTES, replaceWithChildrenElements: ['marquee'] } });
  const fragment = document.createDocumentFragment();
  fragment.append(...box.childNodes);
  return finish(fragment);
}
