// In-page scrolling shared by anchor, anchor-trigger, back-to-top and forms: a smooth scroll
// that the code times itself (the seed: at most 600 ms, twice the distance in ms), offset by
// the sticky header, then focus on the target. Part of the kit (./kit-runtime): one copy, in
// the page chunk.
import { prefersReducedMotion } from './motion';

/** The seed: at most 600 ms. */
export const MAX_DURATION = 600;

/** The scroll's duration in ms for a distance in px: twice the distance, at most 600 ms. */
export function duration(distance: number): number {
  return Math.min(MAX_DURATION, 2 * Math.abs(distance));
}

/** Ease-in-out (cubic): 0 at 0, 1 at 1, symmetric, clamped outside [0, 1]. */
export function ease(t: number): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** Where the scroll is `elapsed` ms into a scroll from `from` to `to` taking `total` ms. */
export function position(from: number, to: number, elapsed: number, total: number): number {
  return total > 0 ? from + (to - from) * ease(elapsed / total) : to;
}

/**
 * The space the sticky header takes at the top of the viewport once it sticks: its sticky
 * `top` plus its height, when `.js-header` (any tag) is sticky or fixed and laid out (a header the
 * header feature slides away still counts: it comes back on the next scroll up). At least
 * the page's own `scroll-padding-top` (the site sets the header height plus a margin there).
 */
export function headerOffset(): number {
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const header = document.querySelector<HTMLElement>('.js-header');
  const style = header && getComputedStyle(header);
  // One expression, no early return for each case that leaves the padding (a padding is never
  // negative: 0 from the header's side changes nothing).
  return Math.max(
    padding,
    style && /^(sticky|fixed)$/.test(style.position) && style.visibility != 'hidden' && header.offsetHeight
      ? Math.max(0, parseFloat(style.top) || 0) + header.offsetHeight
      : 0,
  );
}

const maxY = () => document.documentElement.scrollHeight - innerHeight;
const clamp = (y: number) => Math.max(0, Math.min(maxY(), Math.round(y)));

/** The scroll position that puts `target`'s top just below the sticky header (clamped). */
export function targetY(target: Element): number {
  const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
  return clamp(scrollY + target.getBoundingClientRect().top - headerOffset() - margin);
}

// `instant`: a site's `html { scroll-behavior: smooth }` would otherwise animate every frame.
// Without `left`, the horizontal position stays as it is.
const jump = (y: number) => scrollTo({ top: y, behavior: 'instant' as ScrollBehavior });

// The running scroll of this chunk: a new one replaces it.
let running: AbortController | undefined;
const INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'];

/**
 * Scrolls the window to `to()` (read each frame: the target may move while images load),
 * smoothly, instantly with reduced motion. The visitor's wheel, touch, key or pointer stops
 * it where it is, as does `signal` (the instance's teardown). Resolves when done or stopped.
 * `instant` jumps (the landing on load is corrected, not animated).
 */
export function scrollToY(to: () => number, signal?: AbortSignal, instant?: boolean): Promise<void> {
  running?.abort();
  const own = (running = new AbortController());
  const stop = () => own.abort();
  signal?.addEventListener('abort', stop, { signal: own.signal });
  INPUT.forEach((type) => addEventListener(type, stop, { passive: true, capture: true, signal: own.signal }));
  const from = scrollY;
  const total = instant || prefersReducedMotion() ? 0 : duration(to() - from);
  const start = performance.now();
  return new Promise((resolve) => {
    own.signal.addEventListener('abort', () => resolve());
    const frame = (now: number) => {
      if (own.signal.aborted) return;
      const elapsed = now - start;
      jump(position(from, to(), elapsed, total));
      if (elapsed < total) requestAnimationFrame(frame);
      else own.abort();
    };
    total ? requestAnimationFrame(frame) : frame(start);
  });
}

/**
 * Moves focus to `target` without scrolling, making it focusable for that (tabindex="-1",
 * removed again when focus leaves, so the markup ends as it was).
 */
export function focusTarget(target: HTMLElement): void {
  if (!target.hasAttribute('tabindex') && target.tabIndex < 0) {
    target.setAttribute('tabindex', '-1');
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
  }
  target.focus({ preventScroll: true });
}

/** The element an in-page fragment names: by id, else a named anchor (`<a name>`), as browsers do. */
export const findTarget = (id: string): HTMLElement | null =>
  (id &&
    (document.getElementById(id) ||
      ([...document.getElementsByName(id)].find((element) => element.localName == 'a') as HTMLElement | undefined))) ||
  null;

/** Whether the element is rendered (not display:none, not inside a hidden panel). */
export const rendered = (element: Element) => element.getClientRects().length > 0;

/**
 * The address with `hash` (`#id`), pushed to history (replaced when it is the current one,
 * as a browser does), so Back returns to where the visitor was.
 */
export function pushHash(hash: string): void {
  try {
    const url = new URL(hash, location.href).href;
    history[url == location.href ? 'replaceState' : 'pushState'](history.state, '', url);
  } catch {
    // Browsers throttle history calls; the scroll still happens.
  }
}

/**
 * Goes to `target` as a link to it would, only better: pushes `hash`, moves focus to it, and
 * scrolls smoothly so that its top sits below the sticky header (or to `y` when given).
 */
export function goTo(target: HTMLElement | null, hash: string, signal?: AbortSignal, y?: number): Promise<void> {
  pushHash(hash);
  if (target) focusTarget(target);
  return scrollToY(() => (y ?? (target ? targetY(target) : 0)), signal);
}
