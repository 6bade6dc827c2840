// Scroll-appear queue (.js-appear): elements below the viewport at start wait hidden
// (`is-hidden`, which the site's CSS draws with opacity and transform only) and reveal
// (`is-visible`) one after another, in document order, as they scroll into view. What the
// visitor already sees is never hidden; reduced motion and print reveal everything at once.
import { adoptStyles, createJournal, defineFeature, type Journal, prefersReducedMotion, saveData, warn } from '../../lib/kit';
import { readOptions } from '../../lib/read-options';

const DEFAULTS = { appearDelay: 100, appearThreshold: 100 };
const MAX_DELAY = 10_000;
// The seed's scroll debounce: a check 100 ms after the last scroll or resize event, and at
// least every 100 ms while scrolling goes on (so content appears during a long scroll).
const DEBOUNCE = 100;

interface Entry {
  element: HTMLElement;
  delay: number;
  threshold: number;
  j: Journal;
}

// One queue per chunk: every instance's elements reveal in document order, one at a time.
const waiting = new Set<Entry>();
const queue: Entry[] = [];
let pending: Entry[] = [];
let timer = 0;
let debounce = 0;
let first = 0;
// The window listeners live only while something waits (no listener outlives its elements).
let listening: AbortController | undefined;
let warned = false;

const print = () => !!globalThis.matchMedia?.('print').matches;
// Save-data mode reveals everything at once too: nothing waits for a scroll.
let thrifty = false;
const calm = () => thrifty || prefersReducedMotion() || print();

function idle() {
  if (!waiting.size) listening?.abort(), (listening = undefined);
}

// Content above closing (an expand item, a tab, an ajax list) brings a waiting element into
// view without a scroll: its crossing into the viewport schedules a check too.
let crossing: IntersectionObserver | undefined;

function reveal(entry: Entry) {
  crossing?.unobserve(entry.element);
  waiting.delete(entry);
  entry.j.flag(entry.element, 'is-hidden', false);
  entry.j.flag(entry.element, 'is-visible', true);
  idle();
}

/** Takes an element out of the waiting set and the queue (teardown, focus). */
function drop(entry: Entry) {
  crossing?.unobserve(entry.element);
  waiting.delete(entry);
  const at = queue.indexOf(entry);
  if (at >= 0) queue.splice(at, 1);
  // The head's timer was its own: the next element starts its delay now.
  if (!at) clearTimeout(timer), (timer = 0), run();
  idle();
}

/** Each element waits its own delay after the previous reveal, then the next one starts. */
function run() {
  if (timer || !queue.length) return;
  timer = setTimeout(() => {
    timer = 0;
    reveal(queue.shift()!);
    run();
  }, queue[0].delay) as unknown as number;
}

/** Everything at once: reduced motion, print. */
function all() {
  clearTimeout(timer);
  timer = 0;
  queue.length = 0;
  waiting.forEach(reveal);
}

function check() {
  clearTimeout(debounce);
  debounce = first = 0;
  if (calm()) return all();
  const cap = Math.max(0, innerHeight / 2 - 50);
  const ready = [...waiting].filter(
    (entry) => !queue.includes(entry) && entry.element.getBoundingClientRect().top < innerHeight - Math.min(entry.threshold, cap),
  );
  ready.sort((a, b) => (a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  queue.push(...ready);
  run();
}

function schedule() {
  const now = performance.now();
  first ||= now;
  clearTimeout(debounce);
  debounce = setTimeout(check, Math.max(0, Math.min(DEBOUNCE, first + DEBOUNCE - now))) as unknown as number;
}

function listen() {
  if (listening) return;
  listening = new AbortController();
  const signal = listening.signal;
  const passive = { passive: true, signal };
  addEventListener('scroll', schedule, passive);
  addEventListener('resize', schedule, passive);
  addEventListener('beforeprint', all, { signal });
  matchMedia('print').addEventListener('change', all, { signal });
  matchMedia('(prefers-reduced-motion: reduce)').addEventListener('change', all, { signal });
}

// The layout box: a transform (a zoom-in's scale) changes only the box drawn, and moves nothing.
const size = ({ element }: Entry) => element.offsetWidth + ' ' + element.offsetHeight;

// Set-ups of one task are measured together, then written together: two layouts, not one per element.
function flush() {
  const batch = pending.filter((entry) => waiting.has(entry));
  pending = [];
  if (calm()) return batch.forEach(reveal);
  const before = batch.map((entry) => entry.element.getBoundingClientRect());
  const sizes = batch.map(size);
  // Only what is below the viewport waits hidden: what the visitor sees (or scrolled past) shows.
  const below = batch.filter((_, i) => before[i].top >= innerHeight && before[i].height > 0);
  const hide = new Set(below);
  batch.forEach((entry) => hide.has(entry) || reveal(entry));
  below.forEach((entry) => {
    entry.j.flag(entry.element, 'is-hidden', true);
    (crossing ||= new IntersectionObserver(schedule, { threshold: [0, 0.5, 1] })).observe(entry.element);
  });
  // A site rule that hides with display or size would move what follows once revealed:
  // such an element is revealed at once instead (only opacity and transform may hide it).
  below.forEach((entry) => {
    if (size(entry) != sizes[batch.indexOf(entry)]) {
      warned || warn("appear: the site's .is-hidden rule changes the element's size; revealed at once", entry.element);
      warned = true;
      reveal(entry);
    }
  });
  if (waiting.size) listen();
}

defineFeature<HTMLElement>('appear', (element, { signal, settings }) => {
  const options = readOptions(element, DEFAULTS, 'appear');
  adoptStyles('appear', '@media print{.js-appear.is-hidden{opacity:1!important;transform:none!important}}');
  thrifty = saveData(settings);
  let delay = options.appearDelay;
  if (delay > MAX_DELAY) {
    warn(`appear: data-appear-delay="${element.dataset.appearDelay}" is more than ${MAX_DELAY}; using ${MAX_DELAY}`, element);
    delay = MAX_DELAY;
  }
  const entry: Entry = { element, delay, threshold: options.appearThreshold, j: createJournal() };
  waiting.add(entry);
  pending.push(entry);
  if (pending.length == 1) queueMicrotask(flush);
  // Focus inside a waiting element (Tab, find, a script) shows it at once.
  element.addEventListener('focusin', () => waiting.has(entry) && (drop(entry), reveal(entry)), { signal });
  return () => {
    drop(entry);
    entry.j.restore();
  };
});
