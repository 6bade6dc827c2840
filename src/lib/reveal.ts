// Not in the kit (the page chunk has no bytes to spare): the two chunks that use these, anchor
// and anchor-trigger, carry a copy each.
const instant = 'instant' as ScrollBehavior;

/**
 * A target in a scrolling box: the box scrolls to it at once (as in the browser's own jump),
 * the window stays where it was, for the smooth scroll that follows. "nearest" leaves a box
 * alone that already shows it.
 */
export function revealInBoxes(target: Element) {
  const x = scrollX;
  const y = scrollY;
  target.scrollIntoView({ block: 'nearest', behavior: instant });
  scrollTo({ left: x, top: y, behavior: instant });
}

/**
 * In closed content: a closed tab panel or anything in it, hidden="until-found", a closed
 * <details>. Such content keeps its boxes: checkVisibility() tells, except for the hidden
 * element itself. The browser's own jump opens it; a scroll of ours would not.
 */
export const inClosedContent = (target: Element) => !!target.closest('[hidden]') || target.checkVisibility?.() == false;
