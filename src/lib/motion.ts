// Read at each use, not once: the visitor can change the setting while the page is open.
export const prefersReducedMotion = (): boolean => !!globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
