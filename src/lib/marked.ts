// What the CMS marks as current: the carousel and the rotators start at that slide or item; the
// nav and the language panel mark the link to this page only where the CMS marked none.

/** An aria-current that marks: any value but "false" (or empty). */
export const ARIA_CURRENT = '[aria-current]:not([aria-current=false],[aria-current=""])';

/** `is-current`, or such an aria-current. */
export const isMarkedCurrent = (slide: Element) => slide.matches('.is-current,' + ARIA_CURRENT);
