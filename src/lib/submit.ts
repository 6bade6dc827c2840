// "A successful submit" as a page sees it before it navigates: a native form submit that no
// listener cancelled. Reported by the forms feature and the form-provider trackers.
import type { Bus } from './feature';
import { formAction } from './form';

/** The form's analytics name: its id, else its action's path (an action that is no URL: as written). */
export const formName = (form: HTMLFormElement) => form.getAttribute('id') || formAction(form)?.pathname || form.getAttribute('action')!;

/**
 * Fired at a form the popup modal posted with fetch (its submit cancelled) once the answer was
 * 2xx: the forms feature reports a CMS or mailing-list form's submit then.
 */
export const SENT = 'veneer-sent';

/** Publishes `/analytics/event` {category 'form', action 'submit', label}. */
export const reportSubmit = (bus: Bus, label: string) => bus.emit('/analytics/event', { category: 'form', action: 'submit', label });

/**
 * Calls `report` for each submit of a form inside `root` (or `root` itself) that goes ahead.
 * Heard on window, bubbling: after the form's own listeners (validation, a provider's ajax
 * handler) have had their say through preventDefault().
 */
export function onSubmitted(root: Element, signal: AbortSignal, report: (form: HTMLFormElement) => void): void {
  addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      if (!event.defaultPrevented && root.contains(form)) report(form);
    },
    { signal },
  );
}
