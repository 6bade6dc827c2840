// CSS for features without <style> elements or style attributes (strict CSP: style-src 'self'):
// constructable stylesheets adopted on the document, one per key per page.
import { findableHidden } from './dom';
import { warn } from './log';

// One copy of this module per page: the kit's (./kit-runtime), in the page chunk.
const sheets = new Map<string, CSSStyleSheet>();
let warned = false;

export function adoptStyles(key: string, css: string): void {
  try {
    let sheet = sheets.get(key);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(key, sheet);
    }
    // Checked each time: a page script may have replaced the adopted list.
    if (!document.adoptedStyleSheets.includes(sheet))
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch (error) {
    if (!warned) warn('no constructable stylesheets: site CSS may override [hidden]', error);
    warned = true;
  }
}

/**
 * Makes `hidden` win over site rules such as `.js-carousel-slide{display:block}`, and
 * collapses the box that `hidden="until-found"` keeps (content-visibility hides only the
 * contents: padding, border and margin would otherwise still show; `border-block:0`, shorter
 * than `border-block-width:0`, also sets the style to none, which leaves no width either).
 * That box is the browser's own display (revert) over a site's
 * `[hidden]{display:none!important}` (Bootstrap's reboot): without a box, find in page cannot
 * find and open it.
 */
export const hiddenRules = (selector: string): string =>
  `${selector}[hidden]{display:none!important}` +
  `${selector}[hidden=until-found i]{display:revert!important;padding-block:0!important;border-block:0!important;margin-block:0!important}`;

/**
 * adoptStyles(key, hiddenRules(selector)): the whole stylesheet of most features that hide.
 * Returns the value to hide with that find-in-page still reaches (./dom findableHidden):
 * tabs and expand hide with it, and so need not each ask the kit for it.
 */
export const adoptHiddenRules = (key: string, selector: string): string => (adoptStyles(key, hiddenRules(selector)), findableHidden());
