// Sticky header (header.js-header): the site's CSS keeps it position:sticky; veneer writes
// is-sticky once the page is scrolled past the notification bar (.js-notification, its
// height, minimum 1), and is-hidden while scrolling down (slid up by the CSS), removed on
// scrolling up. Checked at most every 250 ms, ignoring changes under 5 px (the seed).
// Never hidden while focus is inside it or one of its panels is open.
import { onPanelOpen } from '../../lib/disclosure';
import { core, createJournal, defineFeature, warn } from '../../lib/kit';

const CHECK_MS = 250;
const MIN_CHANGE = 5;

defineFeature<HTMLElement>('header', (header, { bus, signal }) => {
  // A hash to land on: the anchor chunk keeps it below this header while the page settles,
  // also on a page without an in-page link to load it.
  if (location.hash) core()!.load('anchor').catch((error) => warn('header: the anchor chunk did not load; the landing is not corrected', header, error));
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

  addEventListener('scroll', () => (timer ||= setTimeout(check, CHECK_MS) as unknown as number), { passive: true, signal });
  header.addEventListener('focusin', show, { signal });
  onPanelOpen(bus, signal, (owner) => header.contains(owner!) && show());
  signal.addEventListener('abort', () => clearTimeout(timer));
  // Landing scrolled (an anchor, back/forward): sticky at once; only scrolling hides it.
  if (scrollY > 0) check();

  return () => j.restore();
});
