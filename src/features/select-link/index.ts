// Select-link (select.js-select-link): choosing an option goes to its address, 500 ms after
// the last change (the seed), same-origin http(s) addresses only.
import { sameOriginUrl } from '../../lib/url';
import { defineFeature, warn } from '../../lib/kit';

// The seed: navigation debounced at 500 ms; the last choice wins.
const DEBOUNCE = 500;

defineFeature<HTMLSelectElement>('select-link', (select, { signal }) => {
  if (select.localName != 'select') return warn('select-link: the hook is not a <select>; left as it is', select);
  let timer = 0;
  const go = () => {
    const value = select.value.trim();
    // The placeholder option ("Choose a page"): nothing to go to.
    if (!value) return;
    const url = sameOriginUrl(value);
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
