// What every overlay shares (modal, filter modal, popup modal, lightbox): the page behind it
// does not scroll, and locking it shifts no layout. Reference-counted: nested or repeated
// overlays release the page only when the last one closes.
import { adoptStyles } from './styles';

// Shared through a global Symbol: each chunk bundles its own copy of this module.
const LOCKS = Symbol.for('veneer.scrollLocks');
type Global = typeof globalThis & { [LOCKS]?: number };

const LOCKED = 'veneer-scroll-lock';
const GUTTER = 'veneer-scroll-gutter';

/** Stops the page scrolling until the returned release is called (once; later calls do nothing). */
export function lockScroll(): () => void {
  const global = globalThis as Global;
  const root = document.documentElement;
  adoptStyles('scroll-lock', `:root.${LOCKED}{overflow:hidden!important}:root.${GUTTER}{scrollbar-gutter:stable!important}`);
  if (!global[LOCKS]) {
    // Keep the scrollbar's room only when there was a classic scrollbar, so width never changes.
    root.classList.toggle(GUTTER, innerWidth > root.clientWidth);
    root.classList.add(LOCKED);
  }
  global[LOCKS] = (global[LOCKS] || 0) + 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--global[LOCKS]! > 0) return;
    root.classList.remove(LOCKED, GUTTER);
  };
}
