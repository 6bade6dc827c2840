// A header toggle button (`[aria-controls]`) and the dropdown panel it names: the search
// and language features (APG Disclosure). See ./disclosure for the shared closing rules.
// Not in the kit: only the site-header group's features use it, and it ships in that chunk.
import { onLeave, onPanelOpen, PANEL_OPEN } from './disclosure';
import type { Context, Teardown } from './feature';
import { adoptHiddenRules, createJournal, prefersReducedMotion, rendered, warn, type Journal } from './kit';

const TEXT_INPUT = 'input:is(:not([type]),[type=search],[type=text],[type=email],[type=tel],[type=url],[type=number]),textarea';

// The slide: a reveal from the top edge (clip-path) with a short drop, so the absolutely
// placed dropdown moves nothing else. inset() written short: three values are top, sides and
// bottom, one is all four.
const SHUT: Keyframe = { clipPath: 'inset(0 0 100%)', transform: 'translateY(-.5rem)' };
const SHOWN: Keyframe = { clipPath: 'inset(0)', transform: 'none' };

// The toggle that opened each panel last: a page may name one panel from two toggles (a
// small-screen and a large-screen search button), and the one that closed it must not
// hide it again under the other when its slide-out ends.
const openedBy = new WeakMap<Element, HTMLElement>();

/**
 * `name`: the feature's (warnings, the stylesheet key); `selector`: the class the panel must
 * carry (`.js-search-panel`); `slideMs`: the slide-in's duration in ms (0: none); `focusDelay`:
 * the panel's text input is focused this many ms after opening (0: not at all); `enhance`: the
 * feature's own set-up of the panel, once enhanced (`j` restores it with the rest). Arguments,
 * not an object: the minifier shortens their names, never an object's keys.
 */
export function panelToggle(
  toggle: HTMLElement,
  { bus, signal, settle }: Context,
  name: string,
  selector: string,
  slideMs: number,
  focusDelay: number,
  enhance?: (panel: HTMLElement, j: Journal) => void,
): Teardown | void {
  const id = toggle.getAttribute('aria-controls');
  // An id from markup goes to getElementById, never into a selector.
  const found = id ? document.getElementById(id) : null;
  if (!found || !found.matches(selector) || found.contains(toggle))
    return warn(`${name}: aria-controls=${JSON.stringify(id)} names no ${selector}; left as it is`, toggle);
  let panel = found;

  const j = createJournal();
  let open = false;
  let animation: Animation | undefined;
  let timer = 0;

  // Measured before the toggle's state changes what the site's CSS shows.
  const seen = rendered(panel);
  j.set(toggle, 'aria-expanded', false);
  // The site's CSS hides a panel whose toggle has aria-expanded="false". If it does not,
  // veneer hides the panel with `hidden` (settled: never while it shows on screen).
  let own = getComputedStyle(panel).display !== 'none';
  let stop = () => {};
  if (own) {
    adoptHiddenRules(name, selector);
    stop = settle(panel, signal, (on) => j.set(panel, 'hidden', on && !open ? '' : null));
  }

  const slide = (keyframes: Keyframe[]) =>
    slideMs && !prefersReducedMotion() && panel.animate
      ? (animation = panel.animate(keyframes, { duration: slideMs, easing: 'ease-out' }))
      : undefined;

  const shown = (on: boolean) => {
    if (!on && openedBy.get(panel) != toggle) return;
    j.flag(panel, 'is-open', on);
    if (own) j.set(panel, 'hidden', on ? null : '');
  };

  const markOpen = () => {
    open = true;
    openedBy.set(panel, toggle);
    j.set(toggle, 'aria-expanded', true);
    shown(true);
  };

  const show = () => {
    // Looked up again: a panel the page replaced later (same id) is the one that opens.
    panel = document.getElementById(id!) ?? panel;
    stop();
    animation?.cancel();
    markOpen();
    bus.emit(PANEL_OPEN, { owner: toggle });
    slide([SHUT, SHOWN]);
    clearTimeout(timer);
    if (focusDelay) timer = setTimeout(() => open && panel.querySelector<HTMLElement>(TEXT_INPUT)?.focus(), focusDelay) as unknown as number;
  };

  /** `animate`: slide out (not when another panel replaces this one); `focus`: back to the toggle. */
  const hide = (animate: boolean, focus?: boolean) => {
    if (!open) return;
    stop();
    open = false;
    clearTimeout(timer);
    animation?.cancel();
    animation = undefined;
    j.set(toggle, 'aria-expanded', false);
    if (focus) toggle.focus();
    // The panel stays shown (is-open) while it slides out.
    const running = animate ? slide([SHOWN, SHUT]) : undefined;
    if (!running) return shown(false);
    running.onfinish = () => {
      if (animation !== running) return;
      animation = undefined;
      if (!open) shown(false);
    };
  };

  // Shown at start by the no-script CSS (hover or focus within: a click on the toggle before
  // this chunk came), it stays open: veneer does not hide what the visitor sees. A panel veneer
  // hides itself (own) shows anyway: it stays open only with focus inside.
  if (seen && (!own || panel.contains(document.activeElement)) && !openedBy.has(panel)) markOpen();
  enhance?.(panel, j);

  // preventDefault: a toggle inside a form does not submit it.
  toggle.addEventListener('click', (event) => (event.preventDefault(), open ? hide(true) : show()), { signal });
  onLeave(() => [toggle, panel], signal, () => open, () => hide(true), () => hide(true, true), () => panel.querySelector<HTMLElement>(TEXT_INPUT) ?? toggle);
  onPanelOpen(bus, signal, (owner) => owner != toggle && hide(false));

  return () => {
    own = false;
    clearTimeout(timer);
    animation?.cancel();
    j.restore();
  };
}
