// The shared runtime chunk `dialog` (dialog.<hash>.js): openDialog, loaded through ./dialog's
// loadDialog() by the chunks that open a div of the page as a modal dialog (APG Dialog).
import { guardFrames, lockScroll } from './dialog';

import { CORE_KEY, type CoreHandle, type Feature } from './feature';
import { adoptStyles, createJournal, inertOthers } from './kit';

/** An open dialog; the last one opened is on top, the only one the visitor can reach. */
interface Open {
  /** Makes everything outside the dialog inert (`true`), or undoes that. */
  shield(on: boolean): void;
}

/** Open dialogs, the top one last. */
const dialogs: Open[] = [];
const DIALOG = 'veneer-dialog';

// A player with controls: its own controls are stops of their own. Without, it has tabIndex 0
// in Chromium but takes no focus.
const FOCUSABLE = 'a[href],area[href],button,input,select,textarea,iframe,audio[controls],video[controls],summary,[contenteditable],[tabindex]';

/**
 * A control's name as its text gives it, the first of these that is not blank: aria-label,
 * its text, an input's value (a submit button's label; a <button>'s value is not shown), an
 * icon's image alt, its title.
 */
const nameOf = (control: HTMLElement) =>
  control.getAttribute('aria-label')?.trim() ||
  control.textContent!.trim() ||
  (control.localName == 'input' && (control as HTMLInputElement).value.trim()) ||
  control.querySelector('img')?.alt.trim() ||
  control.title.trim();

/** `a` is `b`, or a radio of its group (Tab stops once in a group). */
const same = (a: Element | null, b: Element) =>
  a == b ||
  (a instanceof HTMLInputElement && b instanceof HTMLInputElement && a.type == 'radio' && b.type == 'radio' && !!a.name && a.name == b.name && a.form == b.form);

/** The elements inside `root` that Tab reaches, in document order (of a group with a checked radio, that one). */
function tabbables(root: Element): HTMLElement[] {
  const checked = [...root.querySelectorAll('[type=radio]:checked')];
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      // :disabled, unlike .disabled, covers the controls of a fieldset[disabled].
      !element.matches(':disabled') &&
      !(element.matches('[type=radio]:not(:checked)') && checked.some((radio) => same(radio, element))) &&
      !element.closest('[inert]') &&
      (element.checkVisibility ? element.checkVisibility({ visibilityProperty: true }) : element.getClientRects().length > 0),
  );
}

export interface DialogOptions {
  /** The dialog's content box: a press that starts and ends outside it closes the dialog. */
  body: Element;
  /** A selector of close controls inside the dialog. */
  closers?: string;
  /** Focus moves in this many ms after opening (default at once). */
  focusDelay?: number;
  /** Runs once the dialog has closed, however it closed. */
  onClose?: () => void;
  /**
   * The control whose name names the dialog when it has no heading (and no aria-label or
   * aria-labelledby): the trigger that opened it, a form's submit button.
   */
  namedBy?: HTMLElement;
}

/**
 * Shows `element` as a modal dialog (APG Dialog): role=dialog, aria-modal and a name (its
 * first heading, else `namedBy`'s name, or `namedBy` itself for an <input> the browser names,
 * unless it has one), `is-open`, in the top layer; focus moves in, Tab cycles inside, the
 * rest of the page is inert and does not scroll. Escape, a press outside `body` or a close
 * control closes it, and focus goes back to where it was. Dialogs stack: only the top one
 * answers. Returns the close (idempotent), which puts every attribute back.
 */
function openDialog(element: HTMLElement, { body, closers, focusDelay, onClose, namedBy }: DialogOptions): () => void {
  const opener = document.activeElement as HTMLElement | null;
  const j = createJournal();
  const abort = new AbortController();
  const release = lockScroll();
  let unshield = () => {};
  // Removed and put back in one task (a move: the core keeps it set up), the popover has left
  // the top layer: shown again, and the rest made inert around where it is now. Without
  // popovers (the selector would throw) there is no top layer to leave.
  const moved = () => !!element.showPopover && element.isConnected && !element.matches(':popover-open');
  const self: Open = {
    shield(on) {
      unshield();
      if (on && moved()) element.showPopover();
      unshield = on ? inertOthers(element) : () => {};
    },
  };
  const top = () => dialogs[dialogs.length - 1] == self;
  const within = (target: EventTarget | null) => target instanceof Node && body.contains(target);
  let downOutside = false;
  let closed = false;

  // Zero specificity: the site's own rules for the open dialog win; these make a popover fill
  // the viewport when the site's CSS says nothing, and never exceed it (the page behind is
  // locked: a dialog the site lets grow with its content, align-self:start, would keep what
  // is below the viewport out of reach at 400 % zoom). Stretch: the space between its insets,
  // its padding and border included, as 100% is not on a content-box site's padded dialog
  // (100% where stretch is unknown: Firefox 153; there border-box, so that 100% includes them).
  // The animation marks a move (below).
  adoptStyles(
    DIALOG,
    `:where(.${DIALOG}){width:auto;height:auto;max-height:100%;max-height:stretch;overscroll-behavior:contain}@supports not (max-height:stretch){:where(.${DIALOG}){box-sizing:border-box}}.${DIALOG}:not(:popover-open){animation:${DIALOG} 1ms!important}@keyframes ${DIALOG}{}`,
  );
  dialogs[dialogs.length - 1]?.shield(false);
  dialogs.push(self);
  // Opened from the small-screen menu, which made the rest of the page inert, the dialog would
  // take no focus or click: it and its ancestors are lifted for good (the menu then leaves the
  // page usable, rather than risk an inert left behind after both have closed). The dialog
  // itself too: a modal that is a child of <body>, beside the header, is one the menu made inert.
  for (let node: HTMLElement | null = element; node; node = node.parentElement) node.inert &&= false;
  j.set(element, 'hidden', null);
  // A closed modal the CMS marks aria-hidden="true" (Bootstrap's markup) is not hidden while open.
  j.set(element, 'aria-hidden', null);
  j.flag(element, 'is-open', true);
  j.flag(element, DIALOG, true);
  j.set(element, 'role', 'dialog');
  j.set(element, 'aria-modal', 'true');
  j.set(element, 'tabindex', '-1');
  const heading = body.querySelector('h1,h2,h3,h4,h5,h6');
  const label = namedBy && nameOf(namedBy);
  // A submit or reset <input> without a value attribute (value="" shows an empty button) and no
  // other name has the browser's own: "Submit", "Reset" (Firefox: "Submit Query"), in the
  // browser's language, which no DOM property gives; an image one, its alt or that default:
  // the dialog is labelled by the input itself. A type=button one has none: nor has the dialog.
  if (!element.matches('[aria-label],[aria-labelledby]'))
    heading
      ? j.set(element, 'aria-labelledby', j.id(heading, DIALOG))
      : label
        ? j.set(element, 'aria-label', label)
        : namedBy?.matches('input:is([type=submit],[type=reset]):not([value]),input[type=image]') && j.set(element, 'aria-labelledby', j.id(namedBy, DIALOG));
  j.set(element, 'popover', 'manual');
  element.showPopover?.();
  self.shield(true);

  const focusIn = () => (element.querySelector<HTMLElement>('[autofocus]') || tabbables(element)[0] || element).focus();
  // The control focused last, for a move: focus then falls to the body.
  let last: HTMLElement | undefined;
  const own = { signal: abort.signal };
  element.addEventListener('focusin', (event) => (last = event.target as HTMLElement), own);
  const timer = focusDelay ? window.setTimeout(focusIn, focusDelay) : (focusIn(), 0);
  // A move fires no event of its own (the popover closes without its toggle events, and only
  // Chromium blurs), but out of the top layer the adopted rule starts an animation. Not the top
  // dialog: the one above shields this one again as it closes.
  element.addEventListener(
    'animationstart',
    (event) => event.animationName == DIALOG && top() && moved() && (self.shield(true), last && element.contains(last) ? last.focus() : focusIn()),
    own,
  );

  // A date picker or lightbox opened from inside is a native modal <dialog> above this one
  // (this one is a popover, never :modal): while it is open, clicks, Escape and Tab are its own.
  // One that holds this dialog (a lightbox's content, where its trigger was) is below it.
  const above = () => [...document.querySelectorAll('dialog:modal')].some((dialog) => !dialog.contains(element));
  const listen = <K extends keyof DocumentEventMap>(type: K, handler: (event: DocumentEventMap[K]) => void, capture = true) =>
    document.addEventListener(type, (event) => top() && !above() && handler(event), { signal: abort.signal, capture });
  listen('pointerdown', (event) => (downOutside = !within(event.target)));
  listen('click', (event) => {
    const target = event.target as Element;
    const closer = closers && target.closest?.(closers);
    // The press must also have started outside: a text selection dragged out of the body is not a dismissal.
    if ((downOutside && !within(target)) || (closer && closer.closest('[aria-modal=true]') == element)) {
      event.preventDefault();
      close();
    }
    downOutside = false;
  });
  // Bubbling: a widget inside that handles Escape itself (and prevents the default) keeps the dialog open.
  listen(
    'keydown',
    (event) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (event.key == 'Escape') return event.preventDefault(), close();
      if (event.key != 'Tab') return;
      const all = tabbables(element);
      const active = document.activeElement;
      const inside = element != active && element.contains(active);
      const edge = event.shiftKey ? all[0] : all[all.length - 1];
      // Out of a player's last control the browser goes on, to the guard at that end.
      if (!all.length || !inside || (same(active, edge) && !active!.matches('[controls]'))) {
        event.preventDefault();
        (all.length ? (event.shiftKey ? all[all.length - 1] : all[0]) : element).focus();
      }
    },
    false,
  );

  guardFrames(element, () => tabbables(element), abort.signal);

  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    abort.abort();
    self.shield(false);
    dialogs.splice(dialogs.indexOf(self), 1);
    // Removing the popover attribute takes the element out of the top layer.
    j.restore();
    release();
    dialogs[dialogs.length - 1]?.shield(true);
    // Back to the opener, unless the visitor has moved focus elsewhere meanwhile. Closed under
    // a date picker or lightbox opened from inside (removed: they go too, in the same pass),
    // once they have gone.
    const back = () => {
      const active = document.activeElement;
      if (!active || active == document.body || element.contains(active)) opener?.focus();
    };
    above() ? queueMicrotask(back) : back();
    onClose?.();
  };
  return close;
}

export type OpenDialog = typeof openDialog;

(globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY]?.define('dialog', openDialog as unknown as Feature);
