// Forms: validation (form.js-validate): required fields, checkboxes and option lists
// (fieldset.js-required-group), data-regex evaluated by the browser's own `pattern` engine.
// Errors are text tied to their fields; submit with errors is blocked and goes to the first
// one; analytics count the attempts. The CMS and mailing-list forms (form.js-cms-form,
// form.js-mailing-form) report each submit that goes ahead; they are validated only when
// they also carry js-validate.
import { adoptStyles, defineFeature, MODAL, rendered, scrollToY, uniqueId, warn } from '../../lib/kit';

import { formAction } from '../../lib/form';

import { formName, onSubmitted, SENT } from '../../lib/submit';

import { compilePattern, fieldError, groupError, messageOr } from '../../lib/validate';
import { FORMS } from '../../lib/labels/en';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
// An option list: the contract writes a fieldset; on any other tag (a div) it is one too, as every hook.
const GROUP = '.js-required-group';
/** The seed: the first error lands 100 px below the viewport top. */
const OFFSET = 100;

// One detached input evaluates every data-regex through the native `pattern` (v flag,
// anchored): Chromium's pattern check stays fast on catastrophic patterns like (a+)+$,
// where a script RegExp backtracks exponentially. Nothing in the page is changed.
const scratch = document.createElement('input');
const mismatch = (source: string) => (value: string) => {
  scratch.pattern = source;
  scratch.value = value;
  return scratch.validity.patternMismatch;
};
const patterns = new Map<string, string | undefined>();
function pattern(control: Element): string | undefined {
  const raw = control.getAttribute('data-regex');
  if (raw == null || raw === '') return;
  if (!patterns.has(raw)) {
    const rule = compilePattern(raw);
    if (rule && 'warning' in rule) warn(rule.warning, control);
    patterns.set(raw, rule && 'source' in rule ? rule.source : undefined);
  }
  return patterns.get(raw);
}

defineFeature<HTMLFormElement>('forms', (form, { signal, bus, labels }) => {
  if (form.localName != 'form') return warn('forms: the hook is not a <form>; left as it is', form);
  const track = (action: string, label: string, value?: number) => bus.emit('/analytics/event', { category: 'form', action, label, value });
  // Chromium answers the submit of such a form with a blocked page (about:blank#blocked).
  if (!formAction(form)) warn(`forms: action "${form.getAttribute('action')}" is not a valid address; the form cannot be sent`, form);
  const kind = /\bjs-(cms|mailing)-form\b/.exec(form.className)?.[1];
  if (kind) {
    const report = () => track('submit', kind + ':' + formName(form));
    onSubmitted(form, signal, report);
    // In a popup modal, which posts it itself: once the server took it.
    form.addEventListener(SENT, report, { signal });
  }
  if (!form.matches('.js-validate')) return () => {};
  adoptStyles('forms', '.veneer-error{color:#b3261e;margin:.25em 0 0}');
  const noValidate = form.hasAttribute('novalidate');
  form.noValidate = true;
  // What veneer wrote per target (a field or an option list): put back when fixed or removed.
  // marked: each control that says so (a radio group's every radio) with the aria-describedby it had.
  const shown = new Map<Element, { message: HTMLElement; marked: [Element, string | null][]; wrapper: Element; had: boolean }>();
  const touched = new WeakSet<Element>();
  let attempts = 0;
  // Broken patterns are reported at start (and skipped).
  form.querySelectorAll('[data-regex]').forEach(pattern);

  const skipped = (element: Element) =>
    element.matches(':disabled') ||
    !rendered(element) ||
    (element.matches(GROUP) && !element.querySelector('input:is([type=checkbox],[type=radio]):enabled'));
  // A radio's rules are its name's (the browser checks a name as one): the group is one
  // target, its last radio, so one error follows the group and any choice clears it.
  const radios = (control: Element) =>
    (control as HTMLInputElement).type == 'radio' && (control as HTMLInputElement).name
      ? [...form.querySelectorAll<HTMLInputElement>('input[type=radio]')].filter((r) => r.name === (control as HTMLInputElement).name && !skipped(r))
      : [control as HTMLInputElement];
  // select-one, textarea… never match.
  const isCheck = (control: Element) => /^(checkbox|radio)$/.test((control as HTMLInputElement).type);
  const checkedIn = (group: Element) =>
    [...group.querySelectorAll<HTMLInputElement>('input[type=checkbox],input[type=radio]')].filter((box) => box.checked && !box.disabled).length;
  // novalidate turns the browser's checks off, so veneer takes them over: type=email, url,
  // number, pattern, minlength, min/max keep blocking a wrong value, with the browser's text.
  // A form that had novalidate itself keeps them off.
  const nativeError = (element: Element) => (noValidate ? '' : (element as Control).validationMessage || '');
  const hasRule = (element: Element) => radios(element).some((r) => r.matches('[required],[data-regex]')) || !!nativeError(element);
  // The targets, in document order: option lists and fields with a rule.
  const targets = () =>
    [...form.querySelectorAll<HTMLElement>(GROUP + ',input,select,textarea')].filter(
      (element) =>
        !skipped(element) &&
        (element.matches(GROUP) ||
          ((hasRule(element) || shown.has(element)) && (element as HTMLInputElement).type != 'hidden' && radios(element).pop() == element)),
    );

  // A message on the form is the default of its fields and option lists (theirs win).
  const fallback = (name: string, label: string) => messageOr(form.getAttribute(`data-${name}-message`), label);
  function error(target: Element): string {
    if (target.matches(GROUP)) return groupError(checkedIn(target), messageOr(target.getAttribute('data-required-message'), fallback('required', labels!.formsRequired)));
    const control = target as Control;
    const source = pattern(control);
    const group = radios(control);
    return (
      fieldError({
        required: group.some((r) => r.required),
        check: isCheck(control),
        checked: group.some((r) => r.checked),
        value: control.value,
        requiredMessage: messageOr(group.map((r) => r.getAttribute('data-required-message')).find(Boolean), fallback('required', labels!.formsRequired)),
        regexMessage: messageOr(control.getAttribute('data-regex-message'), fallback('regex', labels!.formsPattern)),
        mismatch: source ? mismatch(source) : undefined,
      }) || nativeError(control)
    );
  }

  function clear(target: Element) {
    const state = shown.get(target);
    if (!state) return;
    shown.delete(target);
    state.message.remove();
    for (const [control, describedby] of state.marked) {
      describedby == null ? control.removeAttribute('aria-describedby') : control.setAttribute('aria-describedby', describedby);
      control.removeAttribute('aria-invalid');
    }
    if (!state.had) state.wrapper.classList.remove('has-error');
  }

  function show(target: Element, text: string) {
    let state = shown.get(target);
    if (!state) {
      const message = document.createElement(target.matches(GROUP) ? 'p' : 'span');
      message.id = uniqueId('veneer-error');
      message.className = 'veneer-error';
      const wrapper = target.matches(GROUP) ? target : target.closest('.field,.choice') || target;
      // Every radio of a group: Tab into the group lands on its first (none checked), not the last.
      const marked = (target.matches(GROUP) ? [target] : radios(target)).map((control): [Element, string | null] => [control, control.getAttribute('aria-describedby')]);
      state = { message, marked, wrapper, had: wrapper.classList.contains('has-error') };
      shown.set(target, state);
      (wrapper == target && !target.matches(GROUP) ? target.after(message) : wrapper.append(message));
      for (const [control, describedby] of marked) {
        control.setAttribute('aria-describedby', [describedby, message.id].filter(Boolean).join(' '));
        control.setAttribute('aria-invalid', 'true');
      }
      wrapper.classList.add('has-error');
    }
    // Unchanged, not written again: an alert would be read again at every keyup.
    if (state.message.textContent != text) state.message.textContent = text;
  }

  /** Validates one target, showing or clearing its error; true when valid. */
  function check(target: Element): boolean {
    const text = skipped(target) ? '' : error(target);
    text ? show(target, text) : clear(target);
    return !text;
  }

  const revalidate = (event: Event) => {
    // Bubbled to the form: the target is the form or an element inside it.
    const control = event.target as Element;
    const target = radios(control).pop() || control;
    if (event.type == 'change') touched.add(target);
    const group = control.closest(GROUP);
    if (group && form.contains(group) && (event.type == 'change' || touched.has(group))) {
      touched.add(group);
      check(group);
    }
    if (touched.has(target) && (hasRule(target) || shown.has(target))) check(target);
  };
  form.addEventListener('keyup', revalidate, { signal });
  form.addEventListener('change', revalidate, { signal });

  form.addEventListener(
    'submit',
    (event) => {
      // A formnovalidate button (Save draft) posts unchecked, as it does without script.
      if ((event.submitter as HTMLButtonElement | null)?.formNoValidate) return;
      // Fields that became hidden or disabled since lose their errors.
      [...shown.keys()].forEach((target) => skipped(target) && clear(target));
      const invalid = targets().filter((target) => (touched.add(target), !check(target)));
      const first = invalid[0];
      if (first) {
        event.preventDefault();
        // The field has focus already (Enter in it): focus does not move to it, so a screen reader
        // would not hear its new error; an alert is read as it appears.
        if (first == document.activeElement) shown.get(first)!.message.setAttribute('role', 'alert');
        // In a closed expand item or tab panel (hidden="until-found"): shown as find-in-page shows it.
        for (let closed: Element | null; (closed = first.closest('[hidden=until-found i]')); )
          closed.dispatchEvent(new Event('beforematch', { bubbles: true })), closed.removeAttribute('hidden');
        const focus = first.matches(GROUP) ? first.querySelector<HTMLElement>('input:not(:disabled)') : (first as HTMLElement);
        focus?.focus({ preventScroll: true });
        // In a modal dialog (a modal, a popup modal, a lightbox's content) the page behind is locked and the
        // dialog scrolls on its own: the field comes to its middle there (focus() did not scroll
        // a popover). Past the page's ends, the browser clamps the scroll.
        first.closest(MODAL)
          ? first.scrollIntoView({ block: 'center' })
          : scrollToY(() => scrollY + first.getBoundingClientRect().top - OFFSET, signal);
      }
      // Last: the bus runs other code (page scripts' listeners), which may throw.
      track(invalid.length ? 'validation-failed' : 'validation-passed', formName(form), ++attempts);
    },
    { signal },
  );

  return () => {
    [...shown.keys()].forEach(clear);
    form.noValidate = noValidate;
  };
}, FORMS);
