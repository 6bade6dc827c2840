// Feature carousel (div.js-carousel): prev/next with wraparound, APG carousel semantics.
// No autoplay and no document-wide key capture: the buttons are the only controls.
import { declaredCount } from '../../lib/count';
import { isMarkedCurrent } from '../../lib/marked';
import { numbered } from '../../lib/numbered';
import { adoptHiddenRules, commonAncestor, createJournal, defineFeature, format, hasAccessibleName, owned, warn } from '../../lib/kit';
import { SLIDES, CAROUSEL } from '../../lib/labels/en';

const HOOK = '.js-carousel';

defineFeature<HTMLElement>('carousel', (element, { signal, labels, settle }) => {
  const all = owned(element, '.js-carousel-slide', HOOK);
  // All of them: a template may put a pair inside each slide.
  const prevs = owned(element, '.js-carousel-prev', HOOK);
  const nexts = owned(element, '.js-carousel-next', HOOK);
  if (!all.length) return warn('carousel: no .js-carousel-slide; left as it is', element);
  if (!prevs.length || !nexts.length) return warn('carousel: .js-carousel-prev or .js-carousel-next missing; left as it is', element);

  const raw = element.getAttribute('data-total');
  const [total, problem] = declaredCount(raw, all.length);
  if (problem) warn(`carousel: data-total="${raw}" ${problem} (${all.length})`, element);
  const slides = all.slice(0, total);
  const displays = owned(element, '.js-carousel-index', HOOK);
  // Restored node for node at teardown (the display may hold more than text).
  const saved = displays.map((display) => [...display.childNodes]);
  const j = createJournal();
  adoptHiddenRules('carousel', '.js-carousel-slide');

  // aria-label is not allowed on a plain div: the named container is a region (APG).
  if (!element.hasAttribute('role')) j.set(element, 'role', 'region');
  j.set(element, 'aria-roledescription', labels!.carouselRole);
  // Landmark names are unique (axe landmark-unique): a second carousel without a name of its
  // own is "Carousel (2)", as a second scrolling table's region.
  if (!element.hasAttribute('aria-label') && !element.hasAttribute('aria-labelledby'))
    j.set(element, 'aria-label', numbered(labels!.carousel, (name) => [...document.querySelectorAll(HOOK)].some((other) => other.getAttribute('aria-label') == name)));
  const wrapper = commonAncestor(all)!;
  // Not auto-rotating, so a polite live region announces the slide a button brings in.
  j.set(wrapper, 'aria-live', 'polite');
  const wrapperId = j.id(wrapper, 'veneer-carousel');
  slides.forEach((slide, i) => {
    // A slide that is itself a link or a button (a whole-card link) keeps its role and its
    // name, as the rotator's: a group named "1 of 3" would hide where it goes.
    if (slide.matches('a[href],button')) return;
    // Not on an <article> or <li> (ARIA in HTML allows them no group role; an <li> of a group
    // would leave its list without items): they keep their own role, described as a slide.
    if (!/^(article|li)$/.test(slide.localName)) j.set(slide, 'role', 'group');
    j.set(slide, 'aria-roledescription', labels!.slideRole);
    j.set(slide, 'aria-label', format(labels!.slide, { curr: i + 1, total }));
  });
  // Inside the live region the visible number would be announced twice, after the slide's own
  // "N of M". Outside it stays read: hidden, "Slide <n> of 4" would read "Slide of 4".
  displays.forEach((display) => wrapper.contains(display) && j.set(display, 'aria-hidden', true));

  let current = 0;
  // Until settled, every slide shows, as without script (settle: no jump on screen).
  let hiding = false;
  const show = (index: number) => {
    current = (index + total) % total;
    // The slides past data-total too: never current, hidden with the others.
    all.forEach((slide, i) => {
      const on = i === current;
      j.set(slide, 'aria-current', on || null);
      j.flag(slide, 'is-current', on);
      j.set(slide, 'hidden', on || !hiding ? null : '');
    });
    displays.forEach((display) => (display.textContent = String(current + 1)));
  };

  ([[prevs, -1, labels!.previousSlide], [nexts, 1, labels!.nextSlide]] as const).forEach(([buttons, step, label]) =>
    buttons.forEach((button) => {
      j.set(button, 'aria-controls', wrapperId);
      if (!hasAccessibleName(button)) j.set(button, 'aria-label', label);
      // preventDefault: a button inside a form would otherwise submit it.
      button.addEventListener(
        'click',
        (event) => {
          event.preventDefault();
          stop();
          hiding = true;
          show(current + step);
          // A button inside a slide hides with it: focus goes on to its twin in the slide shown.
          if (button.closest('[hidden]')) buttons.find((twin) => all[current].contains(twin))?.focus();
        },
        { signal },
      );
    }),
  );
  show(Math.max(0, slides.findIndex(isMarkedCurrent)));
  const stop = settle(element, signal, (on) => ((hiding = on), show(current)));

  return () => {
    j.restore();
    displays.forEach((display, i) => display.replaceChildren(...saved[i]));
  };
}, { ...SLIDES, ...CAROUSEL });
