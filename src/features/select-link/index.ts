// Select-link (select.js-select-link): choosing an option goes to its address, 500 ms after
// the last change (the seed), same-origin http(s) addresses only.
import { defineFeature } from '../../lib/feature';
import { warn } from '../../lib/log';

// The seed: navigation debounced at 500 ms; the last choice wins.
const DEBOUNCE = 500;

/** The address to go to, or null: parsed with URL, same origin and http(s) only. */
function address(value: string): URL | null {
  try {
    const url = new URL(value, location.href);
    return (url.protocol == 'https:' || url.protocol == 'http:') && url.origin == location.origin ? url : null;
  } catch {
    return null;
  }
}

defineFeature<HTMLSelectElement>('select-link', (select, { signal }) => {
  if (select.localName != 'select') return warn('select-link: the hook is not a <select>; left as it is', select);
  let timer = 0;
  const go = () => {
    const value = select.value.trim();
    // The placeholder option ("Choose a page"): nothing to go to.
    if (!value) return;
    const url = address(value);
    if (!url) return warn(`select-link: "${value}" is not an address of this site; not followed`, select);
    location.assign(url.href);
  };
  select.addEventListener(
    'change',
    () => {
      clearTimeout(timer);
      timer = setTimeout(go, DEBOUNCE) as unknown as number;
    },
    { signal },
  );
  signal.addEventListener('abort', () => clearTimeout(timer));
  return () => {};
});
