// Dependent fields (select.js-delegate[data-delegate-set]): the select shows only the
// .js-delegate-group of its set whose data-delegate-value matches; what the visitor types
// there is copied into the set's value holder (input[data-delegate-holder]), which starts
// from the address's query parameter of the holder's own name.
import { adoptHiddenRules, defineFeature, warn } from '../../lib/kit';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const CONTROLS = 'input,select,textarea';

// A select is cleared to its own "nothing chosen" option (value ""); without one, a single
// select goes back to the choice the CMS marked (else its first), as a form reset does: never
// to no choice at all, which it shows blank and submits nothing for.
const clear = (control: Control) => {
  if (/^(checkbox|radio)$/.test(control.type)) return ((control as HTMLInputElement).checked = false);
  control.value = '';
  const select = control as HTMLSelectElement;
  if (select.selectedIndex < 0 && select.type == 'select-one') select.selectedIndex = Math.max(0, [...select.options].findIndex((option) => option.defaultSelected));
};

defineFeature<HTMLSelectElement>('delegate', (select, { signal, settle }) => {
  if (select.localName != 'select') return warn('delegate: the hook is not a <select>; left as it is', select);
  const set = select.getAttribute('data-delegate-set') || '';
  if (!set) return warn('delegate: no data-delegate-set; left as it is', select);
  // The set's parts, in the select's form (else the document); names compared as strings.
  const scope: ParentNode & EventTarget = select.form || document;
  const ofSet = <E extends Element>(selector: string, attribute: string) =>
    [...scope.querySelectorAll<E>(selector)].filter((element) => element.getAttribute(attribute) === set);
  const groups = ofSet<HTMLElement>('.js-delegate-group', 'data-delegate-set');
  if (!groups.length) return warn(`delegate: no .js-delegate-group for data-delegate-set="${set}"; left as it is`, select);
  const holder = ofSet<HTMLInputElement>('input[data-delegate-holder]', 'data-delegate-holder')[0];
  if (!holder) warn(`delegate: no input[data-delegate-holder="${set}"]; values are not copied`, select);
  adoptHiddenRules('delegate', '.js-delegate-group');

  const controls = (group: Element) => [...group.querySelectorAll<Control>(CONTROLS)];
  // Fieldsets too: an option list (fieldset.js-required-group) in a hidden group is then
  // disabled as a whole, so validation skips it.
  const disablable = (group: Element) => [...group.querySelectorAll<Control | HTMLFieldSetElement>(CONTROLS + ',fieldset')];
  // What the CMS sent, put back at removal.
  const hidden = new Map(groups.map((group) => [group, group.hidden]));
  const disabled = new Map(groups.flatMap(disablable).map((control) => [control, control.disabled]));
  const matches = (group: Element) => !!select.value && group.getAttribute('data-delegate-value') === select.value;

  // Other groups: disabled at once (neither validated nor submitted; nothing moves), hidden
  // when that moves nothing the visitor sees. The matching group: shown and enabled.
  const enable = (group: HTMLElement, on: boolean) => disablable(group).forEach((control) => (control.disabled = !on || disabled.get(control)!));
  const show = (group: HTMLElement, on: boolean) => {
    enable(group, on);
    group.hidden = !on;
  };

  // Start-up: the select's own choice and the holder's value from the address, via .value.
  const params = new URLSearchParams(location.search);
  const chosen = select.name ? params.get(select.name) : null;
  if (chosen != null && [...select.options].some((option) => option.value === chosen)) select.value = chosen;
  const restored = holder?.name ? params.get(holder.name) : null;
  if (holder && restored != null) holder.value = restored;
  const cancels: (() => void)[] = [];
  for (const group of groups) {
    if (matches(group)) {
      show(group, true);
      const all = controls(group);
      const first = all[0];
      // A choice (radio, checkbox) is checked, never rewritten: its value is what it submits.
      if (first && holder?.value)
        /^(radio|checkbox)$/.test((first as HTMLInputElement).type)
          ? all.forEach((control) => (control as HTMLInputElement).value === holder.value && ((control as HTMLInputElement).checked = true))
          : (first.value = holder.value);
    } else {
      enable(group, false);
      cancels.push(settle(group, signal, (on) => (group.hidden = on || hidden.get(group)!)));
    }
  }

  select.addEventListener(
    'change',
    () => {
      cancels.forEach((cancel) => cancel());
      for (const group of groups) {
        const on = matches(group);
        show(group, on);
        if (on) controls(group).forEach(clear);
      }
      if (holder) holder.value = '';
    },
    { signal },
  );
  const copy = (event: Event) => {
    const control = event.target as Control;
    // Only from the shown group: a field left by this change still fires its own change (blur).
    // An unchecked box submits nothing, so the holder is emptied (a checked one: its value).
    if (holder && control.matches(CONTROLS) && groups.some((group) => matches(group) && group.contains(control)))
      holder.value = control.type == 'checkbox' && !(control as HTMLInputElement).checked ? '' : control.value;
  };
  scope.addEventListener('input', copy, { signal });
  scope.addEventListener('change', copy, { signal });

  return () => {
    hidden.forEach((was, group) => (group.hidden = was));
    disabled.forEach((was, control) => (control.disabled = was));
  };
});
