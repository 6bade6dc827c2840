// Sticky header (header.js-header): the site's CSS keeps it position:sticky; veneer writes
// is-sticky once the page is scrolled past the notification bar (.js-notification, its
// height, minimum 1), and is-hidden while scrolling down (slid up by the CSS), removed on
// scrolling up. Checked at most every 250 ms, ignoring changes under 5 px (the seed).
// Never hidden while focus is inside it or one of its panels is open. Also the landing on
// load with a hash, kept below the header while the page settles.
import { createJournal, defineFeature, findTarget, fragmentId, PANEL_OPEN, rendered, scrollToY, targetY } from '../../lib/kit';

const CHECK_MS = 250;
const MIN_CHANGE = 5;
// The seed: landing adjustments debounced at 10 ms, 20 px tolerance on first load.
const DEBOUNCE = 10;
const TOLERANCE = 20;
// How long after the load event the landing is still watched.
const WATCH = 1000;

/**
 * On load with a hash: while the page settles (images, fonts, other features' content), put
 * the target back below the header when it is covered by it or more than 20 px off, until
 * 1 s after the load event or the visitor's first scroll input. Not after a reload or
 * back/forward, where the browser restores the visitor's own position. Here, not with the
 * anchor links: a page with a hash need not have one, and the header is what covers it.
 */
function watchLanding() {
  const target = findTarget(fragmentId(location.hash));
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (!target || (navigation && navigation.type != 'navigate')) return;
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
let landing = false;

defineFeature<HTMLElement>('header', (header, { bus, signal }) => {
  // Once per page, with the first header set up.
  if (!landing) (landing = true), watchLanding();
  const j = createJournal();
  const root = document.documentElement;
  let last = scrollY;
  let timer = 0;

  const show = () => j.flag(header, 'is-hidden', false);
  const held = () =>
    header.contains(document.activeElement) || !!header.querySelector('[aria-expanded="true"], .is-open');

  const check = () => {
    timer = 0;
    const y = scrollY;
    // Rubber-band and over-scroll report positions out of bounds: not a direction.
    if (y < 0 || y > root.scrollHeight - innerHeight) return;
    const bar = document.querySelector<HTMLElement>('.js-notification');
    const past = y >= Math.max(1, bar && !header.contains(bar) ? bar.offsetHeight : 0);
    j.flag(header, 'is-sticky', past);
    if (!past) return (last = y), show();
    if (Math.abs(y - last) < MIN_CHANGE) return;
    const down = y > last;
    last = y;
    j.flag(header, 'is-hidden', down && !held());
  };

  addEventListener('scroll', () => (timer ||= window.setTimeout(check, CHECK_MS)), { passive: true, signal });
  header.addEventListener('focusin', show, { signal });
  const opened = ({ owner }: { owner: Element }) => header.contains(owner) && show();
  bus.on(PANEL_OPEN, opened);
  signal.addEventListener('abort', () => (clearTimeout(timer), bus.off(PANEL_OPEN, opened)));
  // Landing scrolled (an anchor, back/forward): sticky at once; only scrolling hides it.
  if (scrollY > 0) check();

  return () => j.restore();
});
