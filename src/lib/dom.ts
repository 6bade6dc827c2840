// Small DOM helpers shared by features. Ids from markup or the address are compared as
// strings (element.id === value), never put into a selector.

const counters: Record<string, number> = {};

/** A fresh id `<prefix>-<n>` that no element of the document uses yet. */
export function uniqueId(prefix: string): string {
  let id: string;
  do id = prefix + '-' + (counters[prefix] = (counters[prefix] || 0) + 1);
  while (document.getElementById(id));
  return id;
}

/** An element a feature hook owns (a tab, a lightbox, an expand trigger…): a `js-` class. */
export const isHook = (element: Element) => [...element.classList].some((name) => name.startsWith('js-'));

/**
 * The matches of `selector` inside `root` that belong to it rather than to a nested
 * hook of the same kind (a carousel inside a carousel's slide keeps its own buttons).
 */
export const owned = <E extends Element = HTMLElement>(root: Element, selector: string, hook: string): E[] =>
  [...root.querySelectorAll<E>(selector)].filter((element) => element.parentElement?.closest(hook) === root);

/** The nearest element that contains all of `elements` (their parent, for one). */
export function commonAncestor(elements: readonly Element[]): Element | null {
  let node = elements[0]?.parentElement ?? null;
  while (node && !elements.every((element) => node!.contains(element))) node = node.parentElement;
  return node;
}

/** The element id an href's fragment names ('' for none), percent-decoded when valid. */
export function fragmentId(href: string | null): string {
  // All after the first '#' ('' without one: decoded, still '').
  const raw = /#(.*)/s.exec(href || '')?.[1] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Text a screen reader would read from the subtree: aria-hidden parts do not count. */
function visibleText(node: Node): string {
  if (node.nodeType === 3) return node.nodeValue || '';
  if ((node as Element).getAttribute?.('aria-hidden') === 'true') return '';
  return [...node.childNodes].map(visibleText).join('');
}

/** A rough "has an accessible name" test, good enough to decide whether to add aria-label. */
export const hasAccessibleName = (element: Element): boolean =>
  !!(
    ['aria-label', 'aria-labelledby', 'title'].some((name) => element.getAttribute(name)?.trim()) ||
    visibleText(element).trim() ||
    element.querySelector('img[alt]:not([alt=""]),[aria-label]')
  );

/**
 * The value to write into `hidden` for content find-in-page should still reach:
 * "until-found" where the browser fires `beforematch`, else plain hidden.
 */
export const findableHidden = (): string => ('onbeforematch' in document.documentElement ? 'until-found' : '');

/**
 * The step that ArrowRight takes along a row of `element` (ArrowLeft takes the opposite):
 * -1 where the text runs right to left, so arrow keys follow what the visitor sees.
 */
export const inlineStep = (element: Element): number => (getComputedStyle(element).direction == 'rtl' ? -1 : 1);

/**
 * Sets `inert` on everything outside `keep`: the siblings, along each kept element's
 * ancestors up to <body>, that hold none of them. Returns the undo, which clears only what it
 * set. For what is modal: a dialog, the small-screen menu with its toggle.
 */
export function inertOthers(...keep: Element[]): () => void {
  const set: HTMLElement[] = [];
  // One kept inside another (a toggle in the kept header) keeps nothing more: its walk would
  // reach its siblings, which the outer one keeps.
  for (const element of keep.filter((inner) => !keep.some((outer) => outer != inner && outer.contains(inner))))
    for (let node = element; node.parentElement && node != document.body; node = node.parentElement)
      for (const other of node.parentElement.children as HTMLCollectionOf<HTMLElement>)
        if (other != node && !other.inert && !keep.some((kept) => other.contains(kept))) (other.inert = true), set.push(other);
  return () => set.forEach((other) => (other.inert = false));
}
