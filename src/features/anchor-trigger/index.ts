// Anchor trigger (.js-anchor-trigger[data-target="#id"]): a click scrolls to the element
// data-target names, as an anchor link to it would (header offset, focus, hash in history).
import { createJournal, defineFeature, findTarget, goTo, rendered, warn } from '../../lib/kit';
import { inClosedContent, revealInBoxes } from '../../lib/reveal';

// Natively activated by Enter (links) or Enter and Space (buttons): no key handling of ours.
const NATIVE = 'a[href],button,input[type=button],summary';

defineFeature<HTMLElement>('anchor-trigger', (element, { signal }) => {
  const value = (element.getAttribute('data-target') || '').trim();
  // "#id" (the contract) or a bare id; compared by getElementById, never put in a selector.
  let id = value.startsWith('#') ? value.slice(1) : value;
  try {
    id = decodeURIComponent(id);
  } catch {
    // Kept as written.
  }
  if (!id) return warn(`anchor-trigger: data-target="${value}" names no element id; left as it is`, element);

  const j = createJournal();
  if (!element.matches(NATIVE)) {
    j.set(element, 'role', element.getAttribute('role') || 'button');
    if (!element.hasAttribute('tabindex')) j.set(element, 'tabindex', '0');
    element.addEventListener(
      'keydown',
      (event) => {
        // Keys typed in a field or pressed on a link inside a trigger card are theirs.
        if (event.target == element && (event.key == 'Enter' || event.key == ' ') && !event.repeat) {
          event.preventDefault();
          element.click();
        }
      },
      { signal },
    );
  }

  element.addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented || event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      // A control inside the trigger keeps its own action.
      const control = (event.target as Element).closest?.('a[href],button,input,select,textarea,summary,label');
      if (control && control != element && element.contains(control)) return;
      const target = findTarget(id);
      if (!target || !rendered(target)) {
        // A link keeps its own action; anything else does nothing.
        warn(`anchor-trigger: data-target="${value}" names no element shown on the page`, element);
        return;
      }
      event.preventDefault();
      const hash = '#' + encodeURIComponent(id);
      // In closed content: the browser's own jump opens it, as it does for an anchor link
      // there. assign, not location.hash, which does nothing when the hash is already the target's.
      if (inClosedContent(target)) location.assign(new URL(hash, location.href));
      else revealInBoxes(target), goTo(target, hash, signal);
    },
    { signal },
  );
  return j.restore;
});
