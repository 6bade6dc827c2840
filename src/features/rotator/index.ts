// Rotator and hero rotator (div.js-rotator, div.js-hero-rotator): items advance on their own
// every data-interval ms, as an APG auto-rotating carousel: a pause/play button first in tab
// order; hover, focus inside and a playing video pause it; reduced motion starts it paused.
import { adoptStyles, commonAncestor, createJournal, defineFeature, format, hiddenRules, owned, parseNumber, prefersReducedMotion, saveData, warn } from '../../lib/kit';
import { SLIDES, ROTATOR } from '../../lib/labels/en';
import { isMarkedCurrent } from '../../lib/marked';

const HOOK = '.js-rotator,.js-hero-rotator';
const INTERVAL = 5000;
// Faster than this is no longer readable (and a flashing risk).
const MIN_INTERVAL = 100;
// setTimeout's longest delay: a longer one wraps round and fires at once, every few ms.
const MAX_INTERVAL = 2 ** 31 - 1;

// Zero-specificity rules, so the site's own CSS wins; absolute, so the button moves nothing.
// The button's look has an element's (button:where(…)): a site's button{color:inherit} would
// otherwise win the colour alone, dark text on the dark background (the hero's, 1.2:1). Its
// text in em of the page's, not rem (a site's html{font-size:62.5%} made it 8.75 px); 24 px high at
// least, a touch target (WCAG 2.5.8) over the slides' links in a 13 px text (19.7 px before).
// A function: the kit (hiddenRules) is there only once a set-up runs.
const css = () =>
  hiddenRules('.js-rotator-item') +
  ':where(.js-rotator,.js-hero-rotator){position:relative}' +
  'button:where(.veneer-rotator-toggle){position:absolute;z-index:3;top:.5rem;inset-inline-end:.5rem;font:inherit;font-size:.875em;' +
  'padding:.25em .75em;min-height:24px;color:#fff;background:#000c;border:1px solid #fff;border-radius:4px;cursor:pointer}' +
  // Forced colours drop a box-shadow focus ring (the site's): an outline then.
  '@media(forced-colors:active){.veneer-rotator-toggle:focus-visible{outline:2px solid}}';

defineFeature<HTMLElement>('rotator', (element, { bus, signal, settings, settle, labels }) => {
  const items = owned(element, '.js-rotator-item', HOOK);
  if (items.length < 2) return warn('rotator: fewer than two .js-rotator-item; left as it is', element);
  const raw = element.dataset.interval;
  const interval = raw == null ? INTERVAL : parseNumber(raw, { min: MIN_INTERVAL, max: MAX_INTERVAL });
  if (interval == null) warn(`rotator: data-interval="${raw}" is not a number of ms from ${MIN_INTERVAL} to ${MAX_INTERVAL}; using ${INTERVAL}`, element);

  const j = createJournal();
  adoptStyles('rotator', css());
  // A group, not a region landmark (APG allows either): pages hold several rotators, often
  // inside a named section already, and landmarks must have unique names.
  if (!element.hasAttribute('role')) j.set(element, 'role', 'group');
  j.set(element, 'aria-roledescription', labels!.carouselRole);
  if (!element.hasAttribute('aria-label') && !element.hasAttribute('aria-labelledby')) j.set(element, 'aria-label', labels!.carousel);
  const wrapper = commonAncestor(items)!;
  items.forEach((item, i) => {
    // A slide that is itself a link or a button (a whole-banner link) keeps its role and its
    // name: a group named "1 of 3" would hide where it goes.
    if (item.matches('a[href],button')) return;
    // A <figure> with a caption takes no other role (ARIA in HTML): it stays a figure. Nor an
    // <li> or <article> (as the carousel's slides): an <li> of a group leaves its list without items.
    if (!(item.localName == 'figure' && item.querySelector('figcaption')) && !/^(article|li)$/.test(item.localName)) j.set(item, 'role', 'group');
    j.set(item, 'aria-roledescription', labels!.slideRole);
    j.set(item, 'aria-label', format(labels!.slide, { curr: i + 1, total: items.length }));
  });

  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'veneer-rotator-toggle';
  j.set(button, 'aria-controls', j.id(wrapper, 'veneer-rotator'));
  element.prepend(button);

  // The item the markup marks current, else the first.
  let current = Math.max(0, items.findIndex(isMarkedCurrent));
  // Until settled every item shows, as without script, and nothing rotates (no jump on screen).
  let hiding = false;
  // The visitor's choice (the button, keyboard focus inside, a playing video, reduced motion,
  // save-data mode); hover only holds it.
  let stopped = prefersReducedMotion() || saveData(settings);
  let hovered = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const show = (index: number) => {
    current = index % items.length;
    items.forEach((item, i) => {
      const on = i === current;
      j.set(item, 'aria-current', on ? 'true' : null);
      j.flag(item, 'is-current', on);
      j.set(item, 'hidden', on || !hiding ? null : '');
    });
  };
  const update = () => {
    clearTimeout(timer);
    // Not in a hidden page (another tab, a minimised window): the visitor comes back to the
    // slide they left, a whole interval before the next.
    const running = hiding && !stopped && !hovered && !document.hidden;
    // APG: announced when the visitor moves it, not while it rotates on its own.
    j.set(wrapper, 'aria-live', running ? 'off' : 'polite');
    button.textContent = stopped ? labels!.rotatorPlay : labels!.rotatorPause;
    // The item holding focus (a mouse click's) stays: hidden, it would drop focus to the body.
    if (running) timer = setTimeout(() => (items[current].contains(document.activeElement) || show(current + 1), update()), interval ?? INTERVAL);
  };
  const stop = (on: boolean) => ((stopped = on), update());

  // The visitor's action replaces the pending initial hiding (a shift after input is not a jump).
  button.addEventListener('click', () => (cancel(), (hiding = true), show(current), stop(!stopped)), { signal });
  const on = (type: string, listener: (event: Event) => void) => element.addEventListener(type, listener, { signal });
  on('pointerenter', () => ((hovered = true), update()));
  on('pointerleave', () => ((hovered = false), update()));
  // APG: keyboard focus entering stops it until the visitor asks again (Play, then it runs
  // with focus on the button). A mouse click's focus does not: the click says what it wants.
  on('focusin', (event) => stopped || !(event.target as Element).matches(':focus-visible') || stop(true));
  document.addEventListener('visibilitychange', update, { signal });
  const pause = () => stop(true);
  bus.on('/video/pauseRotator', pause);
  signal.addEventListener('abort', () => (clearTimeout(timer), bus.off('/video/pauseRotator', pause)));

  show(current);
  update();
  const cancel = settle(element, signal, (on) => ((hiding = on), show(current), update()));

  return () => {
    button.remove();
    j.restore();
  };
}, { ...SLIDES, ...ROTATOR });
