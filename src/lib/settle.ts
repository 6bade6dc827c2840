// "Pages never jump": a widget's initial hiding (closed panels, other slides) must not move
// what the visitor already sees. Features start in the no-script state (all visible) and
// hand the hiding to settle(). One settle per feature (src/lib/feature.ts hands it to each
// instance in its context): its first set-ups are the ones that can have been painted.

/** The hiding step: `true` applies it, `false` puts the no-script state back. */
export type Apply = (on: boolean) => void;

export type Settle = (element: Element, signal: AbortSignal, apply: Apply) => () => void;

/** A settle with its own state: the set-ups of one feature. */
export function createSettle(): Settle {
  const waiting = new Map<Element, Apply>();
  // Only the elements set up when the chunk arrives can have been painted: after that, an
  // element is set up in the very task that inserted it, before any paint.
  let late = false;

  const stop = (element: Element) => {
    waiting.delete(element);
    observer?.unobserve(element);
  };

  // Applied once the element is below the viewport. Not above it: there the browser's scroll
  // anchoring keeps the visible content still, yet Chromium counts a shift for what moves
  // within the hidden part or in a container reaching into the viewport (measured: CLS up to 1).
  // The root reaches far up and sideways, so the callback reports just that, even after a jump.
  let observer: IntersectionObserver | undefined;
  const watch = (element: Element) =>
    (observer ||= new IntersectionObserver(
      (entries) =>
        entries.forEach(({ target, isIntersecting }) => {
          const apply = waiting.get(target);
          if (apply && !isIntersecting) stop(target), apply(true);
        }),
      { rootMargin: '999999px 999999px 0px' },
    )).observe(element);

  // A microtask after the chunk's first set-ups: reads, writes, reads, writes, so a thousand
  // items cost two layouts, not a thousand.
  function flush() {
    late = true;
    const batch = [...waiting];
    const before = batch.map(([element]) => element.getBoundingClientRect());
    batch.forEach(([, apply]) => apply(true));
    const after = batch.map(([element]) => element.getBoundingClientRect().height);
    // A hiding below the viewport, or one that leaves the widget's height as it is (slides in
    // a horizontal track), moves nothing the visitor sees; any other is undone until then.
    batch.forEach(([element, apply], i) => {
      const { top, height } = before[i];
      if (top < innerHeight && after[i] != height) apply(false), watch(element);
      else waiting.delete(element);
    });
  }

  /**
   * Calls `apply(true)` when that moves nothing the visitor sees: at once if `element` is below
   * the viewport, else once it is. Returns the cancel for the widget's own input handling: the
   * visitor's action replaces the pending hiding (a shift right after input is not a jump).
   */
  function settle(element: Element, signal: AbortSignal, apply: Apply): () => void {
    const cancel = () => stop(element);
    if (late) apply(true);
    else {
      waiting.size || queueMicrotask(flush);
      waiting.set(element, apply);
      signal.addEventListener('abort', cancel);
    }
    return cancel;
  }
  return settle;
}
