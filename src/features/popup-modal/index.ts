// Popup modal with a form (div.js-popup-modal#id holding form[action]): opens as a modal
// dialog 4000 ms after the page has loaded, unless the cookie popup-<id> says the visitor
// closed it or sent it before. The form posts its form-data with fetch to its own
// (same-origin) action: any 2xx shows data-success-message, anything else hides the form and
// shows data-error-message with a retry button; a network failure is only logged.
import { getCookie, setCookie } from '../../lib/cookie';

import { loadDialog } from '../../lib/dialog';
import { formAction, formControls } from '../../lib/form';
import { SENT } from '../../lib/submit';
import { adoptHiddenRules, createJournal, defineFeature, MODAL, owned, rendered, warn } from '../../lib/kit';
import { POPUP_MODAL } from '../../lib/labels/en';

const OPEN_AFTER_MS = 4000;
const FOCUS_DELAY_MS = 16;
const COOKIE_MS = 31536000000; // one year
// A stalled request ends as a failure (the seed gives no time-out; bad-inputs row 18).
const TIMEOUT_MS = 10000;
const TIMEOUT = 'timeout';

defineFeature<HTMLElement>('popup-modal', (element, { signal, settle, labels }) => {
  // The contract's popup "holds form[action]" and names no body: without one, the whole element is.
  const body = owned(element, '.js-modal-body', '.js-modal,.js-filter-modal,.js-popup-modal')[0] ?? element;
  const form = element.querySelector<HTMLFormElement>('form[action]');
  if (!element.id || !form) return warn('popup-modal: no id or no form[action]; left as it is', element);
  const message = (name: string, fallback: string) =>
    element.getAttribute(name) || (warn(`popup-modal: no ${name}; using "${fallback}"`, element), fallback);
  const success = message('data-success-message', labels!.popupModalSuccess);
  const failure = message('data-error-message', labels!.popupModalError);
  const name = 'popup-' + element.id;
  const j = createJournal();
  let close: (() => void) | undefined;
  let request: AbortController | undefined;
  let status: HTMLElement | undefined;
  let alert: HTMLElement | undefined;
  let timer = 0;
  let gone = false;

  const hide = (on: boolean) => j.set(element, 'hidden', on ? '' : null);
  // Its form too, hidden once sent: over the site's .form{display:grid}.
  adoptHiddenRules('popup-modal', ':is(.js-popup-modal,.js-popup-modal form)');
  const cancel = settle(element, signal, hide);

  const remember = () => setCookie(name, '1', COOKIE_MS);

  // Without the dialog runtime the popup stays where the CMS put it.
  const dialog = loadDialog().catch((error) => {
    cancel();
    hide(false);
    warn('popup-modal: the dialog runtime did not load; left as it is', element, error);
  });
  const open = async () => {
    const openDialog = await dialog;
    if (!openDialog || close || gone || getCookie(name)) return;
    // The visitor is busy in another dialog (a native modal one, like the date picker's, has
    // no aria-modal): not on top of it, a while later.
    // Only a shown one: a page may keep a closed dialog marked aria-modal (a consent tool's).
    if ([...document.querySelectorAll(MODAL)].some(rendered)) return later();
    cancel();
    hide(true);
    close = openDialog(element, {
      body,
      closers: '.js-modal-close',
      focusDelay: FOCUS_DELAY_MS,
      // Without a heading, named after what the form does: its submit button.
      namedBy: submit(),
      onClose() {
        close = undefined;
        request?.abort();
        if (!gone) remember();
      },
    });
  };
  const later = () => (timer = window.setTimeout(open, OPEN_AFTER_MS));
  if (document.readyState == 'complete') later();
  else addEventListener('load', later, { signal, once: true });

  const buttons = () => formControls(form).filter((control) => (control as HTMLButtonElement).type == 'submit') as HTMLButtonElement[];
  const submit = () => buttons()[0];
  // aria-disabled, not disabled: a disabled button drops its focus to the body while it sends.
  // A submit while busy is ignored (below).
  const busy = (on: boolean) => {
    buttons().forEach((button) => j.set(button, 'aria-disabled', on ? 'true' : null));
    j.set(form, 'aria-busy', on ? 'true' : null);
    j.flag(element, 'is-busy', on);
  };

  const show = (ok: boolean) => {
    j.set(form, 'hidden', '');
    if (ok) {
      status!.className = 'popup-result';
      status!.textContent = success;
      return status!.focus();
    }
    alert = document.createElement('div');
    alert.className = 'popup-result has-error';
    alert.setAttribute('role', 'alert');
    const text = document.createElement('p');
    text.textContent = failure;
    const retry = Object.assign(document.createElement('button'), { type: 'button', className: 'button', textContent: labels!.popupModalRetry });
    // The form comes back as the visitor left it, its submit button focused: Enter sends it again.
    retry.addEventListener('click', () => {
      alert?.remove();
      j.set(form, 'hidden', null);
      buttons()[0]?.focus();
    });
    alert.append(text, retry);
    form.after(alert);
    retry.focus();
  };

  // On the popup, not the form: the form's own submit handlers (validation) run first.
  element.addEventListener(
    'submit',
    async (event) => {
      const action = formAction(form);
      // Another origin's action: the form posts natively.
      if (event.target != form || event.defaultPrevented || action?.origin != location.origin) return;
      event.preventDefault();
      remember();
      if (request) return;
      const controller = (request = new AbortController());
      if (!status) {
        // Present (empty) before the message arrives, so that screen readers announce it.
        status = Object.assign(document.createElement('p'), { tabIndex: -1 });
        status.setAttribute('role', 'status');
        form.after(status);
      }
      busy(true);
      const stall = setTimeout(() => controller.abort(TIMEOUT), TIMEOUT_MS);
      try {
        const response = await fetch(action, {
          method: 'POST',
          body: new FormData(form, event.submitter),
          signal: controller.signal,
          credentials: 'same-origin',
          // A redirect (to a login page) is a failure, not a success.
          redirect: 'manual',
        });
        // A CMS or mailing-list form's submit is reported then (its submit event was cancelled).
        if (!gone) busy(false), show(response.ok), response.ok && form.dispatchEvent(new Event(SENT));
      } catch (error) {
        if (gone) return;
        busy(false);
        if (controller.signal.reason == TIMEOUT) show(false);
        else if (!controller.signal.aborted) {
          warn('popup-modal: the form could not be sent', error);
          if (!element.contains(document.activeElement)) (event.submitter as HTMLElement | null)?.focus();
        }
      } finally {
        clearTimeout(stall);
        request = undefined;
      }
    },
    { signal },
  );

  return () => {
    gone = true;
    clearTimeout(timer);
    request?.abort();
    close?.();
    status?.remove();
    alert?.remove();
    j.restore();
  };
}, POPUP_MODAL);
