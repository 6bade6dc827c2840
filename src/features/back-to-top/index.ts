// Back to top (a.js-back-to-top[href="#top"]): shown once the page has scrolled, it scrolls
// smoothly to the top and moves focus to the element the href names (#top).
import { adoptStyles, createJournal, defineFeature, findTarget, fragmentId, goTo } from '../../lib/kit';

// Shown once the page is scrolled down more than this (px).
const THRESHOLD = 100;

defineFeature<HTMLElement>('back-to-top', (link, { signal, bus }) => {
  const j = createJournal();
  // Hidden by visibility, not display: its place in the footer stays as it is (no shift).
  // Focus moved to the body (no #top element) draws no ring round the whole page.
  adoptStyles('back-to-top', '.js-back-to-top.is-hidden{visibility:hidden}body:focus{outline:none}');
  let shown: boolean | undefined;
  const check = () => {
    const on = scrollY > THRESHOLD;
    if (on === shown) return;
    shown = on;
    j.flag(link, 'is-visible', on);
    j.flag(link, 'is-hidden', !on);
  };
  bus.on('/window/scroll', check);
  signal.addEventListener('abort', () => bus.off('/window/scroll', check));
  check();

  link.addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented || event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const id = fragmentId(link.getAttribute('href')) || 'top';
      // No #top element (browsers still scroll up for it): focus starts again at the top of the page.
      goTo(findTarget(id) || document.body, '#' + encodeURIComponent(id), signal, 0);
    },
    { signal },
  );
  return j.restore;
});
