// Marketo form tracker (.js-marketo-form): the container of a Marketo embedded form. A
// successful submit is reported to analytics through Marketo's own API,
// MktoForms2.whenReady(form => form.onSuccess(cb)), whether Marketo's script loaded before
// or after veneer (looked for every 250 ms for 30 s). Without Marketo's script the form
// posts natively, and a submit that goes ahead is reported.
import { formName, onSubmitted, reportSubmit } from '../../lib/submit';
import { defineFeature, warn } from '../../lib/kit';

interface MarketoForm {
  getId(): number | string;
  getFormElem(): ArrayLike<Element>;
  onSuccess(callback: (values: unknown, followUpUrl: string) => boolean | void): void;
}
type Window = { MktoForms2?: { whenReady?(callback: (form: MarketoForm) => void): void } };

const POLL_MS = 250;
const POLLS = 120;

defineFeature<HTMLElement>('marketo-form', (container, { signal, bus }) => {
  const report = (id: unknown) => reportSubmit(bus, 'marketo:' + id);
  onSubmitted(container, signal, (form) => report(formName(form).replace(/^mktoForm_/, '')));
  let polls = 0;
  let timer: ReturnType<typeof setTimeout>;
  const hook = () => {
    const api = (window as Window).MktoForms2;
    if (!api?.whenReady) {
      if (++polls < POLLS) timer = setTimeout(hook, POLL_MS);
      else warn('marketo-form: MktoForms2 did not appear within 30 s; only native submits are reported', container);
      return;
    }
    // Marketo's callbacks cannot be removed: after teardown they do nothing. Returning
    // true keeps Marketo's own follow-up (its thank-you page).
    api.whenReady((form) => {
      const element = form.getFormElem?.()[0];
      if (!signal.aborted && element && container.contains(element))
        form.onSuccess(() => (signal.aborted || report(form.getId()), true));
    });
  };
  hook();
  signal.addEventListener('abort', () => clearTimeout(timer));
  return () => {};
});
