// The bench's pages: filler content of a known element count, with hooks spread through it.

export const SCRIPT = '<script defer src="/Content/scripts/dist/veneer.js"></script>';

export function html(body: string, script = true): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>${script ? SCRIPT : ''}</head><body>${body}</body></html>`;
}

/** A hook for the stub carousel chunk: the core's own cost, no feature work. */
export const stubHook = (i: number) => `<div class="js-carousel">Item ${i}</div>`;

/** The real expand feature's markup (contract: /work/shared/markup.md). */
export const expandHook = (i: number) =>
  `<div class="js-expand"><button class="js-expand-trigger">Q${i}</button><div class="js-expand-content">A${i}</div></div>`;

export const carouselHook = (i: number) => `<div class="js-carousel" data-total="3">
<div class="slides"><div class="js-carousel-slide">A${i}</div><div class="js-carousel-slide">B</div><div class="js-carousel-slide">C</div></div>
<button class="js-carousel-prev">Prev</button><span class="js-carousel-index">1</span><button class="js-carousel-next">Next</button></div>`;

export const tabsHook = (i: number) => `<div class="js-tabs">
<ul><li><a class="js-tab" href="#tab-${i}-a">One</a></li><li><a class="js-tab" href="#tab-${i}-b">Two</a></li></ul>
<div class="js-tab-panel" id="tab-${i}-a">First ${i}</div><div class="js-tab-panel" id="tab-${i}-b">Second ${i}</div></div>`;

/** The leak block: 20 hooks of the three real features, mixed. */
export const mixedBlock = Array.from({ length: 20 }, (_, i) => [carouselHook, expandHook, tabsHook][i % 3](i)).join('');

// A teaser card: article, h3, div, p, a, span, em, ul, li, li.
const CARD_ELEMENTS = 10;
const card = (i: number) =>
  `<article class="card"><h3>Title ${i}</h3><div class="body"><p>Some text with <a href="/item/${i}">a link</a>, ` +
  `<span class="tag">a tag</span> and <em>emphasis</em>.</p><ul><li>One</li><li>Two</li></ul></div></article>`;

/** Exactly `count` elements of ordinary content: cards, then paragraphs for the rest. */
export function filler(count: number, from = 0): string {
  let out = '';
  let left = count;
  for (let i = from; left >= CARD_ELEMENTS; i++, left -= CARD_ELEMENTS) out += card(i);
  return out + '<p>More text.</p>'.repeat(left);
}

/**
 * `hooks` hooks among `other` other elements: one <section> per hook, holding its share
 * of filler (the section counts as one of the other elements) and then the hook.
 */
export function content(other: number, hooks: number, hook: (i: number) => string): string {
  if (other % hooks) throw new Error(`content: ${other} other elements do not split evenly over ${hooks} hooks`);
  const share = other / hooks;
  let out = '';
  for (let i = 0; i < hooks; i++) out += `<section class="row">${filler(share - 1, i * share)}${hook(i)}</section>`;
  return out;
}

/** `count` hooks side by side, numbered from `from`. */
export const hookList = (count: number, hook: (i: number) => string, from = 0) =>
  Array.from({ length: count }, (_, i) => hook(from + i)).join('');
