// Disclosure widgets of the header (APG Disclosure): a button with aria-expanded opens a
// panel. Shared by the nav, search and language features (each chunk bundles its copy).
// "Only one of search, language and navigation is open": the bus topic /panel/open.
import type { Bus } from './feature';

export const PANEL_OPEN = '/panel/open';
// An open modal dialog: the dialog runtime's (role=dialog, aria-modal) or a native one.
export const MODAL = '[aria-modal=true],:modal';

/**
 * The link to this very page (its query too) in `root`, for aria-current="page" where the CMS
 * marked none. Not one with a "#" (a place on the page, or nowhere): its address keeps the
 * "#", even an empty one, so it never equals the page's without it.
 */
export const pageLink = (root: Element) => [...root.querySelectorAll<HTMLAnchorElement>('a[href]')].find((link) => link.href == location.href.split('#')[0]);

/** The link's address is this page's, whatever the fragments. */
export const samePage = (link: HTMLAnchorElement) => link.href.split('#')[0] == location.href.split('#')[0];

/**
 * Calls `heard` with the owner of each opening announced (`{ owner }`), until `signal` aborts:
 * the nav and the panels close for another owner's, the header shows for one inside it.
 */
export function onPanelOpen(bus: Bus, signal: AbortSignal, heard: (owner?: Node) => unknown): void {
  const handler = (data: unknown) => heard((data as { owner?: Node } | undefined)?.owner);
  bus.on(PANEL_OPEN, handler);
  signal.addEventListener('abort', () => bus.off(PANEL_OPEN, handler));
}

/**
 * Runs `close` while `isOpen()` when a press outside `inside()` ends (a tap, not a touch that
 * scrolls), or focus leaves them
 * for another element or for the page (not when the window itself loses focus, nor for a
 * modal dialog). Focus lost with the element the page removed goes to `back()` instead, and
 * the panel stays open. Escape inside runs `escape` (its default prevented), unless a widget
 * inside handled it first and prevented the default itself. `inside` is asked at each event:
 * a toggle or panel the page inserted later counts too.
 */
export function onLeave(
  inside: () => Element[],
  signal: AbortSignal,
  isOpen: () => boolean,
  close: () => void,
  escape: () => void,
  back: () => HTMLElement | null | undefined,
): void {
  // Targets and related targets here are elements (or null).
  const among = (node: EventTarget | null) => inside().some((element) => element.contains(node as Node | null));
  // A modal dialog opened from inside (a [data-modal-open] in the menu) is not leaving: the
  // panel stays open under it, so focus can come back to its opener when it closes.
  const within = (node: EventTarget | null) => among(node) || (node instanceof Element && node.closest(MODAL));
  // A press on something not focusable inside (a heading, padding) blurs to the body:
  // that is not focus leaving.
  let pressedInside: unknown = false;
  // A press in progress: the focus it moves away does not close the panel, its end does. A
  // panel in the flow (no site CSS) closing as the press began moved the other toggle pressed
  // from under the pointer: its click was lost, and neither panel was open.
  let down = false;
  const options = { signal, capture: true };
  document.addEventListener('pointerdown', (event) => ((pressedInside = within(event.target)), (down = true)), options);
  // A press whose end the page never sees (released over a frame, outside the window, into a
  // context menu) is over once a key is pressed: Tab out of the panel closes it again.
  for (const type of ['pointercancel', 'keydown']) document.addEventListener(type, () => (down = false), options);
  // Closed as the press ends, not as it starts: a touch that scrolls the page ends in
  // pointercancel, no pointerup (as a popover's light dismiss), and leaves the panel open.
  document.addEventListener(
    'pointerup',
    () => {
      down = false;
      if (!pressedInside && isOpen()) close();
      setTimeout(() => (pressedInside = false));
    },
    options,
  );
  document.addEventListener(
    'focusout',
    (event) => {
      const to = event.relatedTarget;
      const from = event.target as Node;
      if (!isOpen() || !among(from) || within(to) || down || (!to && pressedInside)) return;
      // Once the script that moved focus has run: Chromium blurs a focused element the page
      // removes (a suggestion list replaced) to nothing, focus is on the body then. That is
      // not leaving: focus goes to `back()` (torn down with the rest: nothing happens).
      // Nor is a blur by a modal dialog that opened on its own (the popup modal's timer made
      // the header inert): the panel stays open under it, for focus to come back.
      queueMicrotask(() => {
        const now = document.activeElement;
        from.isConnected || now != document.body ? within(now) || (!to && document.querySelector(MODAL)) || close() : back()?.focus();
      });
    },
    { signal },
  );
  document.addEventListener(
    'keydown',
    (event) => {
      // Bubbling, after a tooltip's capture listener: its Escape leaves the panel open and focus where it is.
      // On the body too: a press on a non-focusable part of the panel left focus there.
      if (event.key == 'Escape' && isOpen() && !event.defaultPrevented && (among(event.target) || event.target == document.body)) event.preventDefault(), escape();
    },
    { signal },
  );
}
