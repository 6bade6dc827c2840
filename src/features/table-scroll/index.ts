// Scrolling rich-text tables (.rich-text table): a table wider than its column scrolls
// inside a focusable, named region (axe scrollable-region-focusable); a narrow table is left
// alone. Re-evaluated whenever the column or the table changes size (ResizeObserver).
import { adoptStyles, defineFeature } from '../../lib/kit';
import { numbered } from '../../lib/numbered';
import { TABLE } from '../../lib/labels/en';

const CLASS = 'veneer-table-scroll';
const HEADING = /^H[1-6]$/;

// What a screen reader reads of it: not its aria-hidden parts (an icon, a heading's "#" permalink).
const read = (node: Node): string =>
  node.nodeType == 3 ? node.nodeValue! : (node as Element).ariaHidden == 'true' ? '' : [...node.childNodes].map(read).join('');
const text = (element: Element | null | undefined) => (element ? read(element) : '').replace(/\s+/g, ' ').trim();

/** The table's caption, else the nearest heading before it, else the label "Table". */
function label(table: HTMLTableElement, fallback: string): string {
  const caption = text(table.caption);
  if (caption) return caption;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
  walker.currentNode = table;
  for (let node = walker.previousNode(); node; node = walker.previousNode())
    if (HEADING.test(node.nodeName) || (node as Element).getAttribute('role') === 'heading') {
      const heading = text(node as Element);
      if (heading) return heading;
    }
  return fallback;
}

/** The width a block child of `parent` gets: its content box. */
function column(parent: Element): number {
  const style = getComputedStyle(parent);
  return parent.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
}

defineFeature<HTMLTableElement>('table-scroll', (table, { signal, labels }) => {
  let parent = table.parentElement;
  if (!parent) return;
  // The region's margins are the table's (a scroll container keeps its child's margins
  // inside, where they would no longer collapse with the neighbours': the page would move).
  adoptStyles(
    'table-scroll',
    `.${CLASS}{overflow-x:auto;max-width:100%;margin-block:var(--veneer-table-mt,0) var(--veneer-table-mb,0)}` +
      `.${CLASS}>table{margin-block:0!important}` +
      `.${CLASS}:focus-visible{outline:2px solid;outline-offset:-2px}`,
  );
  let wrapper: HTMLDivElement | undefined;

  function wrap() {
    const style = getComputedStyle(table);
    const scrolled = parent!.scrollLeft;
    wrapper = document.createElement('div');
    wrapper.className = CLASS;
    if (parseFloat(style.marginTop)) wrapper.style.setProperty('--veneer-table-mt', style.marginTop);
    if (parseFloat(style.marginBottom)) wrapper.style.setProperty('--veneer-table-mb', style.marginBottom);
    table.replaceWith(wrapper);
    wrapper.append(table);
    moves.observe(wrapper, { childList: true });
    // A column the visitor already scrolled (the site's own overflow) hands its position over.
    if (scrolled) (wrapper.scrollLeft = scrolled), (parent!.scrollLeft = 0);
  }

  /** A named region is a landmark, and landmarks' names must differ: a second "Prices" is "Prices (2)". */
  function unique(name: string): string {
    const taken = new Set([...document.querySelectorAll(`.${CLASS}[role=region]`)].map((region) => region.getAttribute('aria-label')));
    return numbered(name, (candidate) => taken.has(candidate));
  }

  function update() {
    const wide = wrapper ? wrapper.scrollWidth > wrapper.clientWidth + 1 : table.offsetWidth > column(parent!) + 1;
    if (wide && !wrapper) wrap();
    // Kept once made (no node moves on resize); narrow again, it is a plain div.
    if (!wrapper || wide == wrapper.hasAttribute('role')) return;
    for (const [name, value] of [
      ['role', 'region'],
      ['tabindex', '0'],
      ['aria-label', wide ? unique(label(table, labels!.table)) : ''],
    ])
      wide ? wrapper.setAttribute(name, value) : wrapper.removeAttribute(name);
  }

  // The wrapper goes, what it holds stays: the table, or what a script put in its place (a
  // table that replaced it); an empty one simply goes.
  function unwrap() {
    const scrolled = wrapper?.scrollLeft;
    wrapper?.replaceWith(...wrapper.childNodes);
    if (scrolled) parent!.scrollLeft = scrolled;
    wrapper = undefined;
  }

  const observer = new ResizeObserver(() => table.isConnected && update());
  const start = () => (update(), observer.observe(parent!), observer.observe(table));
  // The core does nothing on a move (b.append(table)): the table left its region, which goes,
  // and is measured afresh where it is now, if that is still a hook's place.
  const moves = new MutationObserver(() => {
    if (table.parentNode == wrapper) return;
    moves.disconnect();
    observer.disconnect();
    unwrap();
    parent = table.parentElement;
    if (parent && table.matches('.rich-text table')) start();
  });
  start();
  signal.addEventListener('abort', () => observer.disconnect());
  return () => {
    observer.disconnect();
    moves.disconnect();
    // Put back where it was, also inside a removed block (so it can be enhanced again).
    unwrap();
  };
}, TABLE);
