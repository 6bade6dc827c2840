// Select-link (select.js-select-link): a "Go" button after the select goes to the chosen
// option's address, same-origin http(s) only. Changing the select goes nowhere (WCAG 3.2.2,
// technique G80, the project's checklist): the seed navigated 500 ms after a change, so an
// arrow key on the closed select left the page.
import { webUrl } from '../../lib/url';
import { adoptStyles, defineFeature, warn } from '../../lib/kit';
import { SELECT_LINK } from '../../lib/labels/en';

// Zero specificity: the site restyles it through .veneer-select-link-go. The text and
// background of its surroundings (the footer's light on dark), so it reads as well as they do.
const CSS =
  ':where(.veneer-select-link-go){margin-block-start:.5rem;padding:.4em 1em;font:inherit;color:inherit;background:none;border:1px solid;border-radius:4px;cursor:pointer}' +
  // Forced colours drop a box-shadow focus ring (the site's): an outline then.
  '@media(forced-colors:active){.veneer-select-link-go:focus-visible{outline:2px solid}}';

defineFeature<HTMLSelectElement>(
  'select-link',
  (select, { signal, settle, labels }) => {
    if (select.localName != 'select') return warn('select-link: the hook is not a <select>; left as it is', select);
    adoptStyles('select-link', CSS);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'veneer-select-link-go';
    button.textContent = labels!.selectLinkGo;
    // A click, or Enter or Space on the button (native): the chosen option's address.
    button.addEventListener(
      'click',
      () => {
        const value = select.value.trim();
        // The placeholder option ("Choose a page"): nothing to go to.
        if (!value) return;
        // Against the document's base, as the legacy `location = value` read it; still this
        // site's (a base on another origin, a CDN's or an old http address, takes no full
        // address of this site away).
        const url = webUrl(value, document.baseURI);
        if (url?.origin != location.origin) return warn(`select-link: "${value}" is not an address of this site; not followed`, select);
        location.assign(url.href);
      },
      { signal },
    );
    const show = (on: boolean) => (on ? select.after(button) : button.remove());
    // Moved in one task (the core does nothing): a shown button follows the select.
    let parent: Node | null;
    const follow = () => (parent = select.parentNode) && moves.observe(parent, { childList: true });
    const moves = new MutationObserver(() => button.parentNode && select.parentNode != parent && (show(true), follow()));
    follow();
    // Pages never jump: the button goes in at once where that moves nothing the visitor sees
    // (below the viewport, or the select's parent keeps its height); otherwise once the parent
    // is below the viewport, or as soon as the visitor reaches the select (focus: a shift right
    // after input is not a jump). settle() keeps one step per element: of two select-links in
    // one parent, only the last set up settles; the other gets its button on focus.
    const stop = settle(select.parentElement!, signal, show);
    select.addEventListener('focus', () => (stop(), show(true)), { signal, once: true });
    return () => (moves.disconnect(), button.remove());
  },
  SELECT_LINK,
);
