// Language panel: button.js-language-toggle[aria-controls] opens div.js-language-panel.
import { defineFeature } from '../../lib/kit';
import { pageLink } from '../../lib/disclosure';
import { ARIA_CURRENT } from '../../lib/marked';
import { panelToggle } from '../../lib/panel';

defineFeature<HTMLElement>('language-toggle', (toggle, context) =>
  // No slide, no input to focus. The current language's link has aria-current. The CMS
  // usually marks it; where it does not: the link to this very page, else the one in the
  // page's language.
  panelToggle(toggle, context, 'language-toggle', '.js-language-panel', 0, 0, (panel, j) => {
    if (panel.querySelector(ARIA_CURRENT)) return;
    const lang = document.documentElement.lang.toLowerCase();
    const here = pageLink(panel);
    const same = here || (lang && [...panel.querySelectorAll<HTMLAnchorElement>('a[href]')].find((link) => (link.hreflang || link.lang).toLowerCase() == lang));
    if (same) j.set(same, 'aria-current', here ? 'page' : true);
  }),
);
