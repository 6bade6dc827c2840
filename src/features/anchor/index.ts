// Anchor scrolling (any a[href^="#"] whose target is on the page): a smooth scroll that
// leaves the target below the sticky header, focus on the target, the hash in history.
// Also on load with a hash: the landing is checked again while the page settles.
import { CORE_KEY, type CoreHandle } from '../../lib/feature';
import { defineFeature, findTarget, fragmentId, goTo, isHook, rendered, scrollToY, targetY } from '../../lib/kit';
import { inClosedContent, revealInBoxes } from '../../lib/reveal';

const withoutHash = (href: string) => href.split('#')[0];

// The seed: landing adjustments debounced at 10 ms, 20 px tolerance on first load.
const DEBOUNCE = 10;
const TOLERANCE = 20;
// How long after the load event the landing is still watched.
const WATCH = 1000;

/**
 * On load with a hash: while the page settles (images, fonts, other features' content), put
 * the target back below the header when it is covered by it or more than 20 px off, until
 * 1 s after the load event or the visitor's first scroll input. Not after a reload or
 * back/forward, where the browser restores the visitor's own position, and not once the page
 * has long settled (this chunk loaded late, for a link inserted by a script).
 */
function watchLanding() {
  const target = findTarget(fragmentId(location.hash));
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (!target || (navigation && (navigation.type != 'navigate' || (navigation.loadEventEnd && performance.now() > navigation.loadEventEnd + WATCH)))) return;
  const done = new AbortController();
  const { signal } = done;
  let timer = 0;
  const check = () => {
    if (!rendered(target)) return;
    // off > 0: the target sits higher than it should, under the header; any amount counts.
    const off = scrollY - targetY(target);
    if (off > 1 || -off > TOLERANCE) scrollToY(() => targetY(target), signal, true);
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(check, DEBOUNCE) as unknown as number;
  };
  const observer = new ResizeObserver(later);
  observer.observe(document.documentElement);
  signal.addEventListener('abort', () => (observer.disconnect(), clearTimeout(timer)));
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
    addEventListener(type, () => done.abort(), { passive: true, capture: true, signal });
  const end = () => setTimeout(() => done.abort(), WATCH);
  document.readyState == 'complete' ? end() : addEventListener('load', () => (later(), end()), { once: true, signal });
  later();
}
// Once per page, as soon as the kit is there, whether or not a link is set up: the header asks
// for this chunk when the address has a hash (a page need not have an in-page link).
// Without the page chunk (the kit) nothing here runs: its failure is reported with the links'.
if (location.hash) (globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY]?.load('page').then(watchLanding, () => {});

defineFeature<HTMLAnchorElement>('anchor', (link, { signal }) => {
  // An SVG <a> matches the hook too; its href is no string, and the browser's jump serves it.
  if (!(link instanceof HTMLAnchorElement)) return;
  const href = link.getAttribute('href') || '';
  // Tabs, lightboxes, expand triggers… (any js- hook), a lightbox gallery's links (inline items,
  // href="#id"), modal openers and "#" belong to others: quietly not ours. Sorted out here, not
  // in the registry's selector: every byte of that is in the core.
  if (href == '#' || isHook(link) || link.closest('.js-lightbox-gallery') || link.hasAttribute('data-modal-open')) return;
  link.addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented || event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      // A <base href> elsewhere makes "#x" another page: the link then navigates as it is.
      if (!link.href || withoutHash(link.href) != withoutHash(location.href)) return;
      const target = findTarget(fragmentId(href));
      // No target, or one in closed content: the browser's own jump, which opens it, is the
      // better answer.
      if (!target || !rendered(target) || inClosedContent(target)) return;
      event.preventDefault();
      revealInBoxes(target);
      goTo(target, link.hash, signal);
    },
    { signal },
  );
  return () => {};
});
