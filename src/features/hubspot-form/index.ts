// HubSpot form tracker (.js-hubspot-form): the container of a HubSpot embedded form. A
// successful submit is reported to analytics: HubSpot's embed announces it with a window
// message {type: 'hsFormCallback', eventName: 'onFormSubmitted', id: <form guid>}. Without
// HubSpot's script the form posts natively, and a submit that goes ahead is reported.
import { formName, onSubmitted, reportSubmit } from '../../lib/submit';
import { defineFeature } from '../../lib/kit';

// HubSpot's own frames (forms.hsforms.com, <region>.hsforms.com, …): https only, exact suffix.
const HUBSPOT = /^https:\/\/([\w-]+\.)*hsforms\.(com|net)$/;

defineFeature<HTMLElement>('hubspot-form', (container, { signal, bus }) => {
  const report = (id: string) => reportSubmit(bus, 'hubspot:' + id);
  onSubmitted(container, signal, (form) => report(formName(form).replace(/^hsForm_/, '')));
  addEventListener(
    'message',
    ({ data, origin, source }) => {
      if (data?.type !== 'hsFormCallback' || data.eventName !== 'onFormSubmitted' || typeof data.id != 'string') return;
      // From a frame inside this container (the page's origin or HubSpot's), or from the
      // embed script in the page itself about a form rendered inside this container.
      const frame = source && [...container.querySelectorAll('iframe')].some((iframe) => iframe.contentWindow === source);
      const own = origin === location.origin;
      const form = own && ['hsForm_', 'hbspt-form-'].some((prefix) => container.contains(document.getElementById(prefix + data.id)));
      if ((frame && (own || HUBSPOT.test(origin))) || form) report(data.id);
    },
    { signal },
  );
  return () => {};
});
