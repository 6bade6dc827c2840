// Filtered and paged lists (div.js-ajax-list): a change or submit of its form.js-ajax-filter,
// or a click on an a.js-ajax-page, GETs data-base-url + the query string and puts the
// returned .js-ajax-results block (alone, or inside a whole page) in place of the old one's
// contents. The core's observer tears down the old content and enhances the new.
// The address bar shows the page's own path + the query (what the form or link would load
// without script); back and forward refetch the list by that query, never from history state.
import { formControls } from '../../lib/form';
import { safeFragment } from '../../lib/sanitize';
import { adoptStyles, defineFeature, format, warn } from '../../lib/kit';
import { AJAX_LIST } from '../../lib/labels/en';


const RESULTS = '.js-ajax-results';
// A stalled server must not leave the list busy: the request is aborted after 10 s.
const TIMEOUT_MS = 10_000;
// Safari throws after 100 history writes in 30 s (Firefox: 200 in 10 s): writes are at
// least this far apart; changes in between coalesce into one replaceState.
const HISTORY_GAP_MS = 350;
// A larger answer is not a list block: refused rather than parsed.
const MAX_CHARS = 2_000_000;

type Field = HTMLInputElement & HTMLSelectElement;

const HEADING = 'h1,h2,h3,h4,h5,h6,[role=heading]';
const FILTER = 'form.js-ajax-filter';

/**
 * Where a new page of results puts focus (the checklist: the results heading): the block's own
 * heading, one that comes before its first list and is in no list item, else the block itself.
 * A heading outside the block would send a keyboard visitor back through the filters.
 */
function resultsHeading(results: HTMLElement): HTMLElement {
  const heading = results.querySelector<HTMLElement>(HEADING);
  const list = results.querySelector('ul,ol');
  // 4: Node.DOCUMENT_POSITION_FOLLOWING (the name cost 36 B of the chunk).
  const own = heading && !heading.closest('li') && !(list && list.compareDocumentPosition(heading) & 4);
  return own ? heading : results;
}

defineFeature<HTMLElement>('ajax-list', (list, { signal, labels }) => {
  const results = list.querySelector<HTMLElement>(RESULTS);
  if (!results) return warn(`ajax-list: no ${RESULTS} inside; left as it is`, list);
  const raw = list.getAttribute('data-base-url')?.trim();
  let base: URL | undefined;
  try {
    base = new URL(raw!, document.baseURI);
  } catch {}
  if (!raw || base?.origin !== location.origin)
    return warn(`ajax-list: data-base-url "${raw}" is not an address of this site; the filter and pager work without script`, list);

  const path = location.pathname;
  // Heard on the list: a filter form may sit in the results, replaced by every answer.
  const isFilter = (form: Element | null): form is HTMLFormElement => !!form?.matches(FILTER) && form.closest('.js-ajax-list') == list;
  let shown = location.search.slice(1);
  let current: AbortController | undefined;
  let loading = '';
  let pending: ReturnType<typeof setTimeout> | undefined;
  // Removing a focused field that was typed in fires its change: not the visitor's, not sent.
  let swapping = false;
  let written = -HISTORY_GAP_MS;
  // The element paging gave tabindex="-1" (the results block, or a heading in it), for teardown.
  let focusable: HTMLElement | undefined;

  adoptStyles(
    'ajax-list',
    '.veneer-list-status{position:absolute!important;width:1px!important;height:1px!important;overflow:hidden;clip-path:inset(50%)}',
  );
  const status = document.createElement('div');
  status.className = 'veneer-list-status';
  status.setAttribute('role', 'status');
  list.append(status);

  const busy = (on: boolean) => {
    on ? results.setAttribute('aria-busy', 'true') : results.removeAttribute('aria-busy');
    results.classList.toggle('is-busy', on);
  };

  const cancel = () => {
    const request = current;
    current = undefined;
    request?.abort();
    busy(false);
  };

  const record = (query: string) => {
    clearTimeout(pending);
    const address = path + (query && '?' + query);
    if (address == location.pathname + location.search) return;
    const write = (push: boolean) => {
      written = performance.now();
      try {
        push ? history.pushState(null, '', address) : history.replaceState(history.state, '', address);
      } catch (error) {
        warn('ajax-list: the address could not be updated', error);
      }
    };
    const wait = written + HISTORY_GAP_MS - performance.now();
    wait > 0 ? (pending = setTimeout(write, wait, false)) : write(true);
  };

  // how: 'filter' and 'page' write the address ('page' also moves focus); 'back' does not.
  const load = async (query: string, how: 'filter' | 'page' | 'back') => {
    // A change then a submit of the same fields (Enter in a text field) asks once.
    if (current && query == loading) return;
    current?.abort();
    loading = query;
    const request = (current = new AbortController());
    const timer = setTimeout(() => request.abort(), TIMEOUT_MS);
    busy(true);
    // A filter in an open filter modal (the small-screen panel) leaves the rest of the list
    // inert, the count's region too, where it would never be announced: it is said inside that
    // dialog then (moved there before its text changes), else at the list's end again.
    const modal = document.activeElement!.closest('[aria-modal=true]');
    (list.contains(modal) ? modal! : list).append(status);
    status.inert = false;
    const url = new URL(base!);
    url.hash = '';
    // The query's parameters replace the base's of the same name (a pager's page=2 over the
    // base's page=1: a server reading the first value served page 1 again).
    // The base's other pairs are kept byte for byte (URLSearchParams would re-encode them: a
    // legacy %FC became %EF%BF%BD, a bare flag flag=).
    const named = new URLSearchParams(query);
    url.search = [...base!.search.slice(1).split('&').filter((pair) => pair && !named.has([...new URLSearchParams(pair)][0][0])), query]
      .filter(Boolean)
      .join('&');
    try {
      const response = await fetch(url, {
        signal: request.signal,
        mode: 'same-origin',
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
      if (!response.ok || !/html/.test(response.headers.get('content-type')!)) throw Error('status ' + response.status);
      const html = await response.text();
      if (html.length > MAX_CHARS) throw Error('the answer is over 2 MB');
      const block = (await safeFragment(html)).querySelector(RESULTS);
      if (!block) throw Error(`the answer holds no ${RESULTS}`);
      if (request != current) return;
      const total = block.getAttribute('data-total')!;
      const count = /^\d{1,9}$/.test(total) ? +total : block.querySelector('ul,ol')?.children.length || 0;
      const focused = document.activeElement as Field;
      const replaced = focused != results && results.contains(focused);
      const { value, selectionStart, selectionEnd, selectionDirection } = focused;
      swapping = true;
      results.replaceChildren(...block.childNodes);
      swapping = false;
      status.textContent = count == 1 ? labels!.ajaxListResult : format(labels!.ajaxListResults, { count });
      shown = query;
      // A control of a filter in the results goes with them: the new one of its name takes focus.
      const named = replaced && focused.name ? [...results.querySelectorAll<Field>(FILTER + ' [name]')].filter((field) => field.name == focused.name) : [];
      const same = named.find((field) => field.value == value) || named[0];
      if (same) {
        same.focus();
        // Typed in while the answer was on its way: the visitor's text and caret stay, not the server's.
        if (same.type == focused.type && !/^(submit|button|reset|image|file|select|checkbox|radio)/.test(same.type) && same.value != value) {
          same.value = value;
          if (selectionStart != null) same.setSelectionRange(selectionStart, selectionEnd, selectionDirection!);
        }
      } else if (how == 'page' || replaced) {
        const target = resultsHeading(results);
        if (!target.hasAttribute('tabindex')) {
          focusable?.removeAttribute('tabindex');
          focusable = target;
          target.tabIndex = -1;
        }
        target.focus();
      }
      // Back and forward set the fields with the results: a failed load leaves both as they were.
      how == 'back' ? restore(query) : record(query);
    } catch (error) {
      if (request == current) warn('ajax-list: the list could not be loaded; the old results stay', list, error);
    } finally {
      clearTimeout(timer);
      if (request == current) cancel();
    }
  };

  // On back and forward the form's fields follow the list shown: set as its query has them
  // when it names any of them (the form's own submission), else back to their defaults.
  const restore = (query: string) => {
    const params = new URLSearchParams(query);
    for (const form of list.querySelectorAll<HTMLFormElement>(FILTER)) {
      const fields = (formControls(form) as Field[]).filter((field) => field.name && !/^(submit|button|reset|image|file|hidden)$/.test(field.type));
      const named = fields.some((field) => params.has(field.name));
      for (const field of fields) {
        const values = params.getAll(field.name);
        if (field.options) for (const option of field.options) option.selected = named ? values.includes(option.value) : option.defaultSelected;
        else if (/^(checkbox|radio)$/.test(field.type)) field.checked = named ? values.includes(field.value) : field.defaultChecked;
        else field.value = named ? values[0] || '' : field.defaultValue;
      }
    }
  };

  const submit = (form: HTMLFormElement, submitter?: HTMLElement | null) =>
    load(new URLSearchParams(new FormData(form, submitter) as unknown as string).toString(), 'filter');

  // A change loads only what a submit could send: with a field the browser finds invalid
  // (pattern, type=email…) it waits, and the visitor's submit shows why. Read quietly:
  // checkValidity() would fire 'invalid' at fields the visitor is still typing in.
  const valid = (form: HTMLFormElement) =>
    (form.hasAttribute('novalidate') && !form.matches('.js-validate')) || formControls(form).every((field) => (field as HTMLInputElement).validity?.valid ?? true);
  list.addEventListener(
    'change',
    (event) => {
      const form = (event.target as Element).closest('form');
      if (isFilter(form) && valid(form) && !swapping) submit(form);
    },
    { signal },
  );
  // Heard on the list, bubbling: after the form's own listeners. A submit that validation
  // cancelled (forms, on a js-validate filter) shows its errors and loads nothing.
  list.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      if (!isFilter(form) || event.defaultPrevented) return;
      event.preventDefault();
      submit(form, event.submitter);
    },
    { signal },
  );

  list.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element).closest?.<HTMLAnchorElement>('a.js-ajax-page');
      if (
        !link ||
        link.closest('.js-ajax-list') != list ||
        event.defaultPrevented ||
        event.button ||
        event.ctrlKey ||
        event.metaKey ||
        event.shiftKey ||
        event.altKey ||
        (link.target && link.target != '_self') ||
        link.hasAttribute('download') ||
        // The current page's item is often a link without href: nothing to load.
        !link.hasAttribute('href')
      )
        return;
      const url = new URL(link.href);
      if (url.origin != location.origin) return warn('ajax-list: a page link to another site; followed without script', link);
      event.preventDefault();
      load(url.search.slice(1), 'page');
    },
    { signal },
  );

  addEventListener(
    'popstate',
    () => {
      clearTimeout(pending);
      if (location.pathname != path) return;
      const query = location.search.slice(1);
      if (query != shown) return load(query, 'back');
      // Back to what is shown (a load in flight or failed): the fields follow it again.
      cancel();
      restore(query);
    },
    { signal },
  );

  return () => {
    clearTimeout(pending);
    cancel();
    status.remove();
    focusable?.removeAttribute('tabindex');
  };
}, AJAX_LIST);
