// Anchor scrolling (any a[href^="#"] whose target is on the page): a smooth scroll that
// leaves the target below the sticky header, focus on the target, the hash in history.
// The landing on load with a hash is the header's (src/features/header): it is there whenever
// an offset matters, and a page need not have an anchor link.
import { defineFeature, findTarget, fragmentId, goTo, isHook, rendered } from '../../lib/kit';

const withoutHash = (href: string) => href.split('#')[0];

const instant = 'instant' as ScrollBehavior;
// A target in a scrolling box: the box scrolls to it at once (as in the browser's own jump),
// the window then smoothly, from where it was. "nearest" leaves a box alone that shows it.
const revealInBoxes = (target: Element) => {
  const x = scrollX;
  const y = scrollY;
  target.scrollIntoView({ block: 'nearest', behavior: instant });
  scrollTo({ left: x, top: y, behavior: instant });
};

defineFeature<HTMLAnchorElement>('anchor', (link, { signal }) => {
  // An SVG <a> matches the hook too; its href is no string, and the browser's jump serves it.
  if (!(link instanceof HTMLAnchorElement)) return;
  const href = link.getAttribute('href') || '';
  // Tabs, lightboxes, expand triggers… (any js- hook) and "#" belong to others: quietly not ours.
  // Sorted out here, not in the registry's selector: every byte of that is in the core.
  if (href == '#' || isHook(link)) return;
  link.addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented || event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      // A <base href> elsewhere makes "#x" another page: the link then navigates as it is.
      if (!link.href || withoutHash(link.href) != withoutHash(location.href)) return;
      const target = findTarget(fragmentId(href));
      // No target, or one in closed content: the browser's own jump (which opens a closed
      // tab panel, hidden="until-found", or <details>) is the better answer. Such content
      // keeps its boxes: checkVisibility() tells, except for the hidden element itself.
      if (!target || !rendered(target) || target.closest('[hidden]') || target.checkVisibility?.() == false) return;
      event.preventDefault();
      revealInBoxes(target);
      goTo(target, link.hash, signal);
    },
    { signal },
  );
  return () => {};
});
