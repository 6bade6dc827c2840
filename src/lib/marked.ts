// What the CMS marks as the current slide or item: the carousel and the rotators start there.

/** `is-current`, or an `aria-current` other than "false" (or empty). */
export const isMarkedCurrent = (slide: Element) =>
  slide.matches('.is-current') || !/^(false)?$/.test(slide.getAttribute('aria-current') || '');
