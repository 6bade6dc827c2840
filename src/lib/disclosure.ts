// Disclosure widgets of the header (APG Disclosure): a button with aria-expanded opens a
// panel. Shared by the nav, search and language features (each chunk bundles its copy).
// "Only one of search, language and navigation is open": the bus topic /panel/open.
import type { Bus } from './feature';

export const PANEL_OPEN = '/panel/open';

/** Runs `close` when another owner announces it opened something. */
export function onPanelOpen(bus: Bus, signal: AbortSignal, owner: Element, close: () => void): void {
  const handler = (data: unknown) => (data as { owner?: unknown } | undefined)?.owner !== owner && close();
  bus.on(PANEL_OPEN, handler);
  signal.addEventListener('abort', () => bus.off(PANEL_OPEN, handler));
}

/**
 * Runs `close` while `isOpen()` when a press lands outside `inside`, or focus leaves them
 * for another element or for the page (not when the window itself loses focus). Escape
 * inside runs `escape`.
 */
export function onLeave(
  inside: HTMLElement[],
  signal: AbortSignal,
  isOpen: () => boolean,
  close: () => void,
  escape: (event: KeyboardEvent) => void,
): void {
  const within = (node: unknown) => node instanceof Node && inside.some((element) => element.contains(node));
  // A press on something not focusable inside (a heading, padding) blurs to the body:
  // that is not focus leaving.
  let pressedInside = false;
  const options = { signal, capture: true };
  document.addEventListener(
    'pointerdown',
    (event) => {
      pressedInside = within(event.target);
      if (!pressedInside && isOpen()) close();
    },
    options,
  );
  document.addEventListener('pointerup', () => setTimeout(() => (pressedInside = false)), options);
  for (const element of inside) {
    element.addEventListener(
      'focusout',
      (event) => {
        const to = event.relatedTarget;
        if (!isOpen() || within(to) || (!to && (pressedInside || !document.hasFocus()))) return;
        close();
      },
      { signal },
    );
    element.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Escape' && isOpen()) escape(event);
      },
      { signal },
    );
  }
}
