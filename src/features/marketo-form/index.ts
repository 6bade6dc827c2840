// Marketo form tracker (.js-marketo-form): the container of a Marketo embedded form. A
// successful submit is reported to analytics through Marketo's own API,
// MktoForms2.whenReady(form => form.onSuccess(cb)), whether Marketo's script loaded before
// or after veneer (looked for every 250 ms for 30 s). Without Marketo's script the form
// posts natively, and a submit that goes ahead is reported.
import { formName, onSubmitted, reportSubmit } from '../../lib/submit';
import { defineFeature, warn, type Bus } from '../../lib/kit';

interface MarketoForm {
  getId(): number | string;
  getFormElem(): ArrayLike<Element>;
  onSuccess(callback: (values: unknown, followUpUrl: string) => boolean | void): void;
}
type Window = { MktoForms2?: { whenReady?(callback: (form: MarketoForm) => void): void } };

const POLL_MS = 250;
const POLLS = 120;

// Marketo's callbacks cannot be removed. One for the page, made here (not in a set-up, whose
// scope would keep that container alive, with its signal and listeners, after its removal),
// reaches the containers set up now through `live`. Returning true keeps Marketo's own
// follow-up (its thank-you page).
const live = new Map<Element, Bus>();
let hooked = false;
function ready(form: MarketoForm) {
  const element = form.getFormElem?.()[0];
  if (element)
    form.onSuccess(() => (live.forEach((bus, container) => container.contains(element) && reportSubmit(bus, 'marketo:' + form.getId())), true));
}

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
    hooked ||= (api.whenReady(ready), true);
  };
  live.set(container, bus);
  hook();
  signal.addEventListener('abort', () => (clearTimeout(timer), live.delete(container)));
  return () => {};
});
