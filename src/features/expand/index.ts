// Expand/collapse items (div.js-expand), optionally exclusive within data-expand-set.
// States: unset (no script, content visible), open, closed. ARIA is written first; the
// content's `hidden` follows when a closing slide ends.
import { adoptHiddenRules, createJournal, defineFeature, findTarget, fragmentId, owned, prefersReducedMotion, warn } from '../../lib/kit';
import { readParam, TAB_PARAM } from '../../lib/query';

const HOOK = '.js-expand';
const SLIDE_MS = 250; // the seed's expand/collapse slide

/**
 * The items of the page, each as its answer to another item opening in a set (by name): it
 * closes if that set is its own (data-expand-set) and it is open. Functions, not objects of
 * state: the minifier keeps an object's keys. Emptied at teardown.
 */
const items = new Set<(set: string, animate: boolean) => unknown>();

// box-sizing border-box: the measured height includes padding and border, so the
// animated box matches it; the closed frame collapses padding and border too (0: a keyframe's
// number is read as CSS text, and a zero length needs no unit).
const BOX = { boxSizing: 'border-box', overflow: 'hidden' };
const CLOSED = { ...BOX, height: 0, paddingBlock: 0, borderBlockWidth: 0 };

defineFeature<HTMLElement>(
  'expand',
  (element, { signal, settle }) => {
    // Every trigger of the item (a "Show less" at the end of the content too) toggles it.
    const hooks = owned(element, '.js-expand-trigger', HOOK);
    const content = owned(element, '.js-expand-content', HOOK)[0];
    if (!hooks[0] || !content) return warn('expand: .js-expand-trigger or .js-expand-content missing; left as it is', element);
    // A heading as the trigger keeps its role (a heading may not be a button, and the page's
    // outline would lose it): the button is a span around its content (APG accordion); or the
    // button or link that is all its content already (<h3><button>…</button></h3>, the APG's
    // own markup): a span around it would be a button holding a button.
    const spans: HTMLSpanElement[] = [];
    const triggers = hooks.map((hook) => {
      if (!/^h[1-6]$/.test(hook.localName)) return hook;
      const only = hook.firstElementChild;
      if (only?.matches('button,a[href]') && only == hook.lastElementChild && [...hook.childNodes].every((node) => node == only || node.nodeType != 3 || !node.nodeValue!.trim()))
        return only as HTMLElement;
      const span = document.createElement('span');
      span.append(...hook.childNodes);
      hook.append(span);
      spans.push(span);
      return span;
    });

    const j = createJournal();
    const hidden = adoptHiddenRules('expand', '.js-expand-content');
    const name = element.dataset.expandSet || '';
    let animation: Animation | undefined;

    let isOpen = false;

    const setOpen = (open: boolean, animate: boolean) => {
      isOpen = open;
      triggers.forEach((trigger) => j.set(trigger, 'aria-expanded', open));
      j.flag(element, 'is-open', open);
      // Measured before cancelling: a toggle mid-slide reverses from where it is.
      // Not measured without animation: no forced layout per item at start-up.
      const from = animate && !content.hidden ? content.getBoundingClientRect().height : 0;
      animation?.cancel();
      animation = undefined;
      if (open) j.set(content, 'hidden', null);
      if (!animate || prefersReducedMotion() || !content.animate) {
        if (!open) j.set(content, 'hidden', hidden);
        return;
      }
      const to = open ? content.getBoundingClientRect().height : 0;
      const frame = (height: number) => (height ? { ...BOX, height: height + 'px' } : CLOSED);
      const running = (animation = content.animate([frame(from), frame(to)], { duration: SLIDE_MS, easing: 'ease' }));
      // A finish event already queued for a replaced animation must not hide the content.
      running.onfinish = () => {
        if (animation !== running) return;
        animation = undefined;
        if (!isOpen) j.set(content, 'hidden', hidden);
      };
    };
    const close = (set: string, animate: boolean) => set == name && isOpen && setOpen(false, animate);

    // The visitor's action replaces the pending initial state; opening closes the rest of the set.
    const toggle = (open: boolean, animate: boolean) => {
      stop();
      setOpen(open, animate);
      if (open && name) items.forEach((other) => other != close && other(name, animate));
    };

    const id = j.id(content, 'veneer-expand');
    triggers.forEach((trigger, i) => {
      j.set(trigger, 'aria-controls', id);
      if (trigger.localName !== 'button') {
        // The contract says <button>; a link or div trigger still gets button semantics.
        j.set(trigger, 'role', 'button');
        if (trigger.tabIndex < 0) j.set(trigger, 'tabindex', '0');
        trigger.addEventListener(
          'keydown',
          (event) => {
            if (event.key !== 'Enter' && event.key !== ' ') return;
            event.preventDefault();
            trigger.click();
          },
          { signal },
        );
      }
      // preventDefault: no jump for a href="#" trigger, no submit for a button in a form.
      // On the heading itself: a press anywhere on it, as before.
      hooks[i].addEventListener(
        'click',
        (event) => {
          event.preventDefault();
          toggle(!isOpen, true);
          // One inside the content hides with it: focus goes to one outside (not to the page).
          if (!isOpen && content.contains(trigger)) triggers.find((other) => !content.contains(other))?.focus();
        },
        { signal },
      );
    });
    // Only opens; its default action (a tab or anchor link) still runs.
    owned(element, '.js-expand-tab-trigger', HOOK).forEach((tabTrigger) =>
      tabTrigger.addEventListener('click', () => (stop(), isOpen || toggle(true, true)), { signal }),
    );
    // Find-in-page is about to reveal the content: open at once (and close the others of
    // the set at once), so the page does not move under the match being scrolled to.
    content.addEventListener('beforematch', () => toggle(true, false), { signal });

    // Open until settled, as without script (settle: no jump on screen); then the markup's
    // state as it is: two items of a set both marked open stay open until the visitor opens one.
    // An item holding what the address names (a link to a tab panel, ?tab=, or to an element,
    // #id or <a name>, as the browser and the anchor feature find it) stays open: the visitor
    // came for it.
    const panel = document.getElementById(readParam(location.search, TAB_PARAM) || '');
    const open =
      element.matches('.is-open') ||
      // The markup's, on a heading's own button too (read before anything is written).
      [...hooks, ...triggers].some((trigger) => trigger.matches('[aria-expanded=true]')) ||
      (!!panel?.matches('.js-tab-panel') && content.contains(panel)) ||
      content.contains(findTarget(fragmentId(location.hash)));
    // The state lives on the button inside: one the markup wrote on the heading would stay as
    // written, contradicting it (and a heading takes no aria-expanded). Back at teardown.
    hooks.forEach((hook, i) => triggers[i] != hook && j.set(hook, 'aria-expanded', null));
    setOpen(true, false);
    const stop = settle(element, signal, (on) => setOpen(open || !on, false));
    items.add(close);

    return () => {
      animation?.cancel();
      items.delete(close);
      j.restore();
      spans.forEach((span) => span.replaceWith(...span.childNodes));
    };
  },
);
