// Date picker (input.js-datepicker, optional data-min / data-max ISO dates): the WAI-ARIA
// Authoring Practices "Date Picker Dialog". A button after the input opens a modal dialog
// with a month grid, rendered with React's API from the shared ui runtime (loaded on the
// first opening); the value is written as YYYY-MM-DD. Typed dates are still parsed. On
// coarse pointers (touch) the input is read-only (no on-screen keyboard) and opens the picker.
import { DAY, addMonths, bounds, iso, parseDate, today } from '../../lib/dates';

import { loadUI, type UI } from '../../lib/ui';
import { adoptStyles, defineFeature, format as formatLabel, inlineStep, warn } from '../../lib/kit';
import { DATEPICKER } from '../../lib/labels/en';

// Pikaday's month labels (the legacy picker's); APG's for the rest (the year buttons' too).
// The page's labels (one set per page), from the first set-up.
let L: typeof DATEPICKER;

const P = '.veneer-datepicker';
// The button sits over the input's end (CSS anchor positioning, one anchor name per input);
// the input's box is unchanged, so nothing on the page moves. A right-to-left field's end is its
// left (its date is on the right). Without anchor positioning it
// follows the input. Fixed (over a framework's dialog{position:absolute}, normalize.css v8: in
// the top layer that is the page's top, and focus scrolled the page there).
const STYLES =
  `${P}{position:fixed}${P}-button{min-width:2.75rem;border:0;background:none}` +
  `@supports (anchor-name:--a){${P}-button{position:absolute;top:anchor(top);bottom:anchor(bottom);right:anchor(right)}:dir(rtl)+${P}-button{right:auto;left:anchor(left)}}` +
  `${P}>div{display:flex}${P} h2{flex:1;margin:0;font:inherit;text-align:center}` +
  `${P} [aria-selected=true]{background:#0b2545;color:#fff}${P} td[aria-disabled=true]{opacity:.4}` +
  // A year or month button at the range's end keeps focus: its glyph greys, not its focus ring.
  `${P} button[aria-disabled=true]{color:GrayText}` +
  // Touch targets of 24 px at least (WCAG 2.5.8), also where a site's table{border-collapse:collapse}
  // leaves the days no gap (23.6 px wide cells side by side) or its button{padding:0} shrinks the arrows.
  `${P} td{width:24px;height:24px}${P} button{min-width:24px;min-height:24px}` +
  // A day is no control the site styles: its ring stays when the site's :focus{outline:none} takes the browser's.
  `${P} td:focus-visible{outline:2px solid;outline-offset:-3px}` +
  // Forced colours drop backgrounds and box-shadows (the site's focus ring): the chosen day
  // keeps a system highlight, and focus an outline.
  `@media(forced-colors:active){${P} [aria-selected=true]{forced-color-adjust:none;background:Highlight;color:HighlightText}${P} :focus-visible,${P}-button:focus-visible{outline:2px solid CanvasText}}`;

// The shared runtime, once loaded (one per page, whichever chunk loaded it first).
let ui: UI;
const MONDAY = 17040672e5; // 2024-01-01
// One picker is open at a time. Keys move focus with the day; the month and year buttons leave it.
let toGrid: boolean;
let anchors = 0;
const focus = (cell: HTMLElement | null) => toGrid && cell?.focus();
const weekday = (day: number) => (new Date(day).getUTCDay() + 6) % 7;

interface Props {
  start: number;
  selected?: number;
  clamp(day: number): number;
  format(options: Intl.DateTimeFormatOptions): (day: number) => string;
  pick(day: number): void;
}

function Picker({ start, selected, clamp, format, pick }: Props) {
  const { html, useState } = ui;
  const [day, setDay] = useState(start);
  const go = (next: number, moveFocus: boolean) => ((toGrid = moveFocus), setDay(clamp(next)));
  const date = new Date(day);
  const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const last = addMonths(first, 1) - DAY;
  const rows: number[][] = [];
  for (let t = first - weekday(first) * DAY, i = 0; t <= last || i % 7; t += DAY, i++) (rows[(i / 7) | 0] ||= []).push(t);
  // Column heads in one letter (M T W…), named in full: seven "Wed"s overflow a 320 px wide
  // viewport (400 % zoom), more so with wider text spacing.
  const [full, month, narrow, weekdayName] = ([{ dateStyle: 'full' }, { month: 'long', year: 'numeric' }, { weekday: 'narrow' }, { weekday: 'long' }] as Intl.DateTimeFormatOptions[]).map(format);
  const key = (event: KeyboardEvent) => {
    const { key } = event;
    // Right to left, the week runs leftwards: ArrowLeft is the next day.
    const side = inlineStep(event.currentTarget as Element);
    const step = { ArrowLeft: -side, ArrowRight: side, ArrowUp: -7, ArrowDown: 7, Home: -weekday(day), End: 6 - weekday(day) }[key];
    const months = { PageUp: -1, PageDown: 1 }[key];
    if (step != null) go(day + step * DAY, true);
    else if (months) go(addMonths(day, months * (event.shiftKey ? 12 : 1)), true);
    else if (key == 'Enter' || key == ' ') pick(day);
    else return;
    event.preventDefault();
  };
  // A step into a month with no day in the range (all after the last, or all before the first)
  // is unavailable: aria-disabled, not disabled, so a button with focus keeps it (and the focus
  // trap its ends). Into a month partly in the range, the day is clamped, as with the keys.
  const button = (label: string, months: number, text: string) => {
    const to = addMonths(first, months);
    const end = addMonths(to, 1) - DAY;
    const off = clamp(to) < to || clamp(end) > end;
    return html`<button aria-label=${label} aria-disabled=${off} onClick=${() => off || go(addMonths(day, months), false)}>${text}</button>`;
  };
  // APG's order: Previous Year, Previous Month, the month, Next Month, Next Year. The arrows are
  // mirrored characters: right to left, the row and its arrows turn round by themselves.
  return html`<div>${button(L.datepickerPreviousYear, -12, '«')}${button(L.datepickerPreviousMonth, -1, '‹')}<h2 aria-live="polite">${month(first)}</h2>${button(L.datepickerNextMonth, 1, '›')}${button(L.datepickerNextYear, 12, '»')}</div><table role="grid" aria-label=${month(first)} onKeyDown=${key}><tr>${rows[0].map((_, i) => html`<th aria-label=${weekdayName(MONDAY + i * DAY)}>${narrow(MONDAY + i * DAY)}</th>`)}</tr>${rows.map(
    (row) =>
      html`<tr>${row.map((t) =>
        t < first || t > last
          ? html`<td></td>`
          : html`<td tabindex=${t == day ? 0 : -1} ref=${t == day ? focus : null} aria-label=${full(t)} aria-selected=${t == selected} aria-disabled=${clamp(t) != t} onClick=${() => pick(t)}>${new Date(t).getUTCDate()}</td>`,
      )}</tr>`,
  )}</table>`;
}

defineFeature<HTMLInputElement>('datepicker', (input, { signal, labels }) => {
  L = labels!;
  if (input.localName != 'input') return warn('datepicker: not an <input>', input);
  const { min, max, ignored } = bounds(input.getAttribute('data-min'), input.getAttribute('data-max'));
  if (ignored) warn('datepicker: data-min / data-max ignored', input);
  const clamp = (day: number) => Math.min(max, Math.max(min, day));
  const typed = () => parseDate(input.value);
  // Touch (the seed): read-only, so no on-screen keyboard opens; a tap opens the picker.
  const coarse = matchMedia('(pointer: coarse)').matches;
  const readOnly = input.readOnly;
  if (coarse) input.readOnly = true;

  adoptStyles('datepicker', STYLES);
  // Month and day names in the visitor's own language, as the browser's date input shows them.
  const format = (options: Intl.DateTimeFormatOptions) => {
    const formatter = new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' });
    return (day: number) => formatter.format(day);
  };
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'veneer-datepicker-button';
  button.textContent = '📅';
  // The chosen date is announced with the button, where focus returns.
  const label = (day = typed()) =>
    (button.ariaLabel = day == null ? L.datepickerChoose : formatLabel(L.datepickerChange, { date: format({ dateStyle: 'full' })(day) }));
  label();
  // A disabled or read-only field is not the visitor's to change; a dependent-fields group
  // switches its fields' disabled.
  const usable = () => (button.disabled = input.disabled || readOnly);
  usable();
  // After the input, or after the <label> around it: inside, its name would join the field's
  // ("From Change Date, …"). Also that element's parent: moved in one task (the core does
  // nothing), the button follows it.
  const host = () => input.closest('label') || input;
  let parent: Node | null;
  const follow = () => (parent = host().parentNode) && watch.observe(parent, { childList: true });
  const watch = new MutationObserver(() => (usable(), host().parentNode != parent && (host().after(button), follow())));
  watch.observe(input, { attributeFilter: ['disabled'] });
  host().after(button);
  follow();
  const hadStyle = input.hasAttribute('style');
  const anchor = '--veneer-dp' + ++anchors;
  input.style.setProperty('anchor-name', anchor);
  button.style.setProperty('position-anchor', anchor);
  input.addEventListener(
    'change',
    () => {
      const day = typed();
      if (day != null && clamp(day) == day) input.value = iso(day);
      label();
    },
    { signal },
  );

  // The form's reset event comes before the values go back.
  input.form?.addEventListener('reset', () => setTimeout(label), { signal });

  let dialog: HTMLDialogElement | undefined;
  let opened = 0;
  const pick = (day: number) => {
    if (clamp(day) != day) return;
    input.value = iso(day);
    for (const type of ['input', 'change']) input.dispatchEvent(new Event(type, { bubbles: true }));
    dialog!.close();
  };
  // A chunk that does not load is reported by the core's loader; the input stays typable.
  const open = () =>
    loadUI().then((loaded) => {
      ui = loaded;
      if (signal.aborted || dialog?.open) return;
      if (!dialog) {
        dialog = document.createElement('dialog');
        dialog.className = 'veneer-datepicker';
        dialog.ariaLabel = L.datepickerChoose;
        // In <body> only while open: a modal opened later would make it inert with the rest.
        dialog.addEventListener('close', () => (dialog!.remove(), button.focus()), { signal });
        // APG: Tab from the last element goes to the first (a modal <dialog> lets it out to the browser).
        dialog.addEventListener(
          'keydown',
          (event) => {
            const all = dialog!.querySelectorAll<HTMLElement>('button,[tabindex="0"]');
            const [first, last] = [all[0], all[all.length - 1]];
            if (event.key == 'Tab' && document.activeElement == (event.shiftKey ? first : last))
              event.preventDefault(), (event.shiftKey ? last : first).focus();
          },
          { signal },
        );
      }
      document.body.append(dialog);
      dialog.showModal();
      const selected = typed();
      toGrid = true;
      ui.render(ui.createElement(Picker, { key: ++opened, start: clamp(selected ?? today()), selected, clamp, format, pick }), dialog);
    }, warn);
  button.addEventListener('click', open, { signal });
  if (coarse && !readOnly) {
    input.addEventListener('click', open, { signal });
    // The browser does not check a read-only field: a required one left empty would be sent.
    // Unless the form skips the browser's checks (form.js-validate then checks it itself).
    input.form?.addEventListener(
      'submit',
      (event) => {
        if (input.required && !input.value && !input.disabled && !input.form!.hasAttribute('novalidate') && !(event.submitter as HTMLButtonElement | null)?.formNoValidate)
          event.preventDefault(), open();
      },
      { signal, capture: true },
    );
  }

  return () => {
    watch.disconnect();
    if (dialog) dialog.close(), ui.render(null, dialog), dialog.remove();
    button.remove();
    input.readOnly = readOnly;
    input.style.removeProperty('anchor-name');
    hadStyle || input.removeAttribute('style');
  };
}, DATEPICKER);
