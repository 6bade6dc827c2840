// What every overlay shares (modal, filter modal, popup modal, lightbox): the page behind it
// does not scroll, and locking it shifts no layout. Reference-counted: nested or repeated
// overlays release the page only when the last one closes.
// openDialog() turns a div of the page into a modal dialog where it stands (the modal chunks;
// the lightbox renders its own). It lives in the shared runtime chunk `dialog`
// (./dialog-runtime), loaded once per page by the chunks that open dialogs: bundled into each,
// it would take a third of their size budget.
import { CORE_KEY, type CoreHandle } from './feature';
import type { OpenDialog } from './dialog-runtime';
import { adoptStyles } from './kit';

export type { DialogOptions, OpenDialog } from './dialog-runtime';

// Shared through a global Symbol: each chunk bundles its own copy of this module.
const LOCKS = Symbol.for('veneer.scrollLocks');
type Global = typeof globalThis & { [LOCKS]?: number };

const LOCKED = 'veneer-scroll-lock';
const GUTTER = 'veneer-scroll-gutter';
const BODY = 'veneer-scroll-body';

/** The `dialog` runtime's openDialog (the core's loader: one download per page, one retry). */
export function loadDialog(): Promise<OpenDialog> {
  return (globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY]!.load('dialog') as unknown as Promise<OpenDialog>;
}

/**
 * Keys pressed in an iframe never reach the page, so a Tab out of one at an end of `dialog`
 * would leave it: while an iframe inside has focus, a guard on each side of the content takes
 * that Tab to the other end of `controls()`. So for an audio or video player, whose own
 * controls (one stop or more) the page cannot count: the browser goes through them.
 */
export function guardFrames(dialog: Element, controls: () => HTMLElement[], signal: AbortSignal) {
  const guards = [0, 1].map(() => {
    const guard = document.createElement('span');
    guard.tabIndex = 0;
    guard.style.position = 'fixed';
    return guard;
  });
  const remove = () => guards.forEach((guard) => guard.remove());
  // On the window's blur, focus went into a frame by a key or a click (or to another window:
  // then no frame has it); on a focusin, by a script (or elsewhere).
  const watch = (event: Event) => {
    const guard = guards.indexOf(event.target as HTMLSpanElement);
    const frame = document.activeElement!;
    remove();
    if (frame.matches('iframe,[controls]') && dialog.contains(frame)) dialog.prepend(guards[0]), dialog.append(guards[1]);
    if (guard < 0) return;
    const all = controls();
    all[guard ? 0 : all.length - 1]?.focus();
  };
  addEventListener('blur', watch, { signal });
  document.addEventListener('focusin', watch, { signal, capture: true });
  signal.addEventListener('abort', remove);
}

/** Stops the page scrolling until the returned release is called (once; later calls do nothing). */
export function lockScroll(): () => void {
  const global = globalThis as Global;
  const root = document.documentElement;
  adoptStyles('scroll-lock', `:root.${LOCKED}:not(.${BODY}),.${BODY} body{overflow:hidden!important}:root.${GUTTER}{scrollbar-gutter:stable!important}`);
  if (!global[LOCKS]) {
    // Keep the scrollbar's room only when there was a classic scrollbar, so width never changes.
    root.classList.toggle(GUTTER, innerWidth > root.clientWidth);
    // While <html>'s overflow is visible the viewport takes <body>'s: locked there, nothing else
    // changes. Locked on <html>, a <body> with overflow of its own (and height:100%) would become
    // a scroller itself, and the page would jump to its top.
    root.classList.toggle(BODY, getComputedStyle(root).overflow == 'visible');
    root.classList.add(LOCKED);
  }
  global[LOCKS] = (global[LOCKS] || 0) + 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--global[LOCKS]! > 0) return;
    root.classList.remove(LOCKED, GUTTER, BODY);
  };
}
