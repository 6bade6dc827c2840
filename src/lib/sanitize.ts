// HTML from the server (ajax lists, ajax lightbox content) becomes inert nodes: no script,
// no event handler, no javascript: URL, no <meta http-equiv=refresh>, <base>, styles or
// frames survive. The browser's own Sanitizer API (Element.setHTML) costs no bytes and
// needs no Trusted Types policy; browsers without it load DOMPurify once, as the shared
// runtime chunk `sanitize` (./sanitize-runtime), through the core's loader.
import { CORE_KEY, type CoreHandle } from './feature';
import type { Purify } from './sanitize-runtime';

// Beyond what both sanitizers always remove: elements that act on the page when inserted.
const REMOVE = ['meta', 'base', 'link', 'style', 'title', 'iframe', 'frame', 'object', 'embed'];

type SanitizingElement = HTMLElement & { setHTML?(html: string, options: object): void };

export async function safeFragment(html: string): Promise<DocumentFragment> {
  const box: SanitizingElement = document.createElement('div');
  if (!box.setHTML) {
    const purify = (await (globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY]!.load('sanitize')) as unknown as Purify;
    return purify.sanitize(html, { RETURN_DOM_FRAGMENT: true, FORBID_TAGS: REMOVE });
  }
  // An empty allow-list config keeps classes and data-* (the hooks of the new content);
  // setHTML still drops everything script-like whatever the config.
  box.setHTML(html, { sanitizer: { removeElements: REMOVE } });
  const fragment = document.createDocumentFragment();
  fragment.append(...box.childNodes);
  return fragment;
}
