// Modal and filter modal (div.js-modal#id, div.js-filter-modal#id): any [data-modal-open="id"]
// opens it as a modal dialog (src/lib/dialog.ts). Enhanced, a closed modal is hidden; without
// script its content stays where the CMS put it. The filter modal is a modal up to 1023 px
// wide only: from 1024 px it is the list's plain inline filter panel.
import { loadDialog, type OpenDialog } from '../../lib/dialog';
import { adoptHiddenRules, createJournal, defineFeature, owned, warn } from '../../lib/kit';

const HOOK = '.js-modal,.js-filter-modal,.js-popup-modal';
// The seed's breakpoint: small screens up to 1023 px, large from 1024 px. Small is "not
// large", as for the nav: a zoomed window of 1023.5 px matches neither max-width: 1023px nor
// min-width: 1024px.
const LARGE = '(min-width: 1024px)';

defineFeature<HTMLElement>('modal', (element, { signal, bus, settle }) => {
  const filter = element.matches('.js-filter-modal');
  // Without a .js-modal-body (the filter modal's contract row names none; a CMS may leave it
  // out of a modal too) the whole element is the body: Escape and close controls close it.
  const body = owned(element, '.js-modal-body', HOOK)[0] ?? element;
  if (!element.id) return warn('modal: no id; left as it is', element);
  const small = () => !filter || !matchMedia(LARGE).matches;
  const j = createJournal();
  let close: (() => void) | undefined;
  // The hiding has happened (settle applied it, or the visitor opened the modal).
  let settled = false;
  const hide = (on: boolean) => {
    settled = on;
    j.set(element, 'hidden', on && small() ? '' : null);
  };

  adoptHiddenRules('modal', ':is(.js-modal,.js-filter-modal)');
  const cancel = settle(element, signal, hide);
  // Without the dialog runtime the content goes back where the CMS put it.
  const dialog = loadDialog().catch((error) => {
    cancel();
    j.restore();
    settled = false;
    warn('modal: the dialog runtime did not load; left as it is', element, error);
  });
  // A modal without a heading is named after the trigger that opened it.
  const open = (openDialog: OpenDialog | void, trigger: Element) => {
    if (!openDialog || close || signal.aborted || !small()) return;
    cancel();
    hide(true);
    close = openDialog(element, { body, closers: '.js-modal-close', namedBy: trigger as HTMLElement, onClose: () => (close = undefined) });
  };

  // Delegated: triggers inserted later work too. The id is compared, never put into a selector,
  // and only the element that getElementById finds opens (not a later duplicate).
  document.addEventListener(
    'click',
    (event) => {
      const trigger = (event.target as Element).closest?.('[data-modal-open]');
      if (!trigger || document.getElementById(trigger.getAttribute('data-modal-open')!) != element || !small()) return;
      event.preventDefault();
      void dialog.then((openDialog) => open(openDialog, trigger));
    },
    { signal },
  );

  if (filter) {
    // From 1024 px an open filter modal becomes the inline panel again (focus stays in it).
    // Narrow again it is hidden: focus in it (the visitor filling in the inline panel) would
    // fall to the body, and goes to its trigger instead, which opens it again.
    const resize = () => {
      if (!small()) close?.();
      const inside = element.contains(document.activeElement);
      // Not while open as a dialog (a phone turned): hidden, the open dialog would vanish.
      if (settled && !close) hide(true);
      // Its triggers open only the element that getElementById finds (the click above).
      if (inside && element.hidden && document.getElementById(element.id) == element)
        [...document.querySelectorAll<HTMLElement>('[data-modal-open]')].find((each) => each.getAttribute('data-modal-open') == element.id)?.focus();
    };
    bus.on('/window/resize', resize);
    signal.addEventListener('abort', () => bus.off('/window/resize', resize));
  }

  return () => {
    close?.();
    j.restore();
  };
});
