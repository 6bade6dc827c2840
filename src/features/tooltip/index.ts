// Tooltips (.js-tooltip): the text of data-tooltip, or of the elements aria-describedby names,
// in a role=tooltip popover beside the trigger. WCAG 1.4.13: shown on hover and focus, kept
// open while the pointer is on it, dismissed with Escape, never hidden by a timer. The top
// layer (popover="manual") escapes any overflow:hidden or z-index of the site. A coarse
// pointer (or a touch) toggles it with a tap instead (a toggletip).
import { adoptStyles, createJournal, defineFeature, uniqueId, warn } from '../../lib/kit';

const EDGE = 18; // the seed's margin from every viewport edge
const GAP = 8;
const FOCUSABLE = 'a[href],button,input,select,textarea,[tabindex]:not([tabindex="-1"])';
// Time to cross the gap from the trigger onto the tooltip before it closes.
const LEAVE_MS = 150;

const CSS =
  '.veneer-tooltip{position:fixed!important;inset:auto;margin:0!important;box-sizing:border-box!important;' +
  'overflow:auto;overflow-wrap:anywhere;white-space:normal;z-index:2147483647}' +
  // The look when the site has none of its own: an element's specificity (span:where(…)), so
  // a site rule on .veneer-tooltip or [role=tooltip] wins, but a site's span{color:#333} or
  // span{background:#fff} no longer wins a colour alone (dark on the dark box, 1.2:1, or white
  // on white; a tie goes to this sheet, adopted after the site's). The transparent border is
  // the box's edge in forced colours, where the background is Canvas. Sizes in em of the text
  // around, not rem (a site's html{font-size:62.5%} made it 8.75 px).
  'span:where(.veneer-tooltip){max-width:25em;padding:.4em .6em;border:1px solid transparent;border-radius:4px;background:#1d2733;color:#fff;font-size:.875em;line-height:1.4}';

const coarse = () => !!globalThis.matchMedia?.('(pointer: coarse)').matches;
const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));

defineFeature<HTMLElement>('tooltip', (trigger, { signal }) => {
  const ids = (trigger.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean);
  // Ids from markup go to getElementById, never into a selector.
  const found = ids.filter((id) => document.getElementById(id));
  const missing = ids.filter((id) => !found.includes(id));
  if (missing.length)
    warn(`tooltip: aria-describedby names no element with the id ${missing.map((id) => JSON.stringify(id)).join(', ')}; using the others`, trigger);
  const own = () => trigger.dataset.tooltip?.trim();
  const read = () =>
    (own() || found.map((id) => document.getElementById(id)?.textContent || '').join(' ')).replace(/\s+/g, ' ').trim();
  if (!read()) return warn('tooltip: no data-tooltip and no aria-describedby element with text; left as it is', trigger);

  adoptStyles('tooltip', CSS);
  const j = createJournal();
  // A phrasing element right after the trigger: inside the same dialog (not inert under a
  // modal) and valid wherever the trigger is. Closed, it is display:none.
  const tip = document.createElement('span');
  tip.className = 'veneer-tooltip';
  tip.id = uniqueId('veneer-tooltip');
  tip.setAttribute('role', 'tooltip');
  tip.setAttribute('popover', 'manual');
  tip.hidden = true;
  tip.textContent = read();
  trigger.after(tip);
  // A trigger wrapping a link or a control (a span around a download link): that is what
  // takes focus and is described; the wrapper gets no tab stop of its own.
  const described = trigger.querySelector<HTMLElement>(FOCUSABLE) || trigger;
  // With data-tooltip, the markup's own descriptions stay; otherwise the tooltip holds them.
  j.set(
    described,
    'aria-describedby',
    [described != trigger && described.getAttribute('aria-describedby'), ...(own() ? found : []), tip.id].filter(Boolean).join(' '),
  );
  if (described == trigger && trigger.tabIndex < 0 && !trigger.hasAttribute('tabindex')) j.set(trigger, 'tabindex', '0');

  let hover = false;
  let focus = false;
  let tapped = false;
  let dismissed = false;
  let touched = false;
  let timer = 0;
  let open: AbortController | undefined;

  const place = () => {
    // The viewport's size without scrollbars: the root's in standards mode; in quirks mode (no
    // doctype, HTML 4.01 Transitional without its URL) the root is as tall as the page and the
    // scrolling element, <body>, answers for the viewport.
    const { clientWidth: width, clientHeight: height } = document.scrollingElement || document.documentElement;
    const style = tip.style;
    style.setProperty('left', '0px');
    style.setProperty('top', '0px');
    style.setProperty('max-height', height - 2 * EDGE + 'px');
    style.removeProperty('max-width');
    let box = tip.getBoundingClientRect();
    // The site's max-width (often 100vw - 36px) counts the scrollbar: never wider than the room.
    if (box.width > width - 2 * EDGE) style.setProperty('max-width', width - 2 * EDGE + 'px'), (box = tip.getBoundingClientRect());
    const at = trigger.getBoundingClientRect();
    const above = at.top - GAP - box.height;
    const below = at.bottom + GAP;
    // Above; below when there is no room above (flip); else the side with more room.
    const top =
      above >= EDGE || (below + box.height > height - EDGE && at.top > height - at.bottom) ? above : below;
    style.setProperty('top', clamp(top, EDGE, height - EDGE - box.height) + 'px');
    style.setProperty('left', clamp(at.left + at.width / 2 - box.width / 2, EDGE, width - EDGE - box.width) + 'px');
  };

  const show = () => {
    if (open) return;
    open = new AbortController();
    const text = read();
    if (tip.textContent !== text) tip.textContent = text;
    // The core does nothing when a script moves the trigger: the tooltip follows it here
    // (left behind, it may be gone with the old parent, and a detached popover throws).
    if (trigger.nextSibling != tip) trigger.after(tip);
    tip.hidden = false;
    tip.showPopover?.();
    j.flag(trigger, 'is-open', true);
    place();
    const options = { signal: open.signal, capture: true, passive: true };
    document.addEventListener('scroll', place, options);
    addEventListener('resize', place, options);
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key !== 'Escape') return;
        // Handled here: a dialog around the trigger stays open.
        event.preventDefault();
        dismissed = true;
        tapped = false;
        sync();
      },
      { signal: open.signal, capture: true },
    );
    document.addEventListener(
      'pointerdown',
      (event) => {
        if (!trigger.contains(event.target as Node) && !tip.contains(event.target as Node)) (tapped = false), sync();
      },
      options,
    );
  };

  const hide = () => {
    if (!open) return;
    open.abort();
    open = undefined;
    // Where popovers are unknown, so is :popover-open (matches() would throw).
    if (tip.hidePopover && tip.matches(':popover-open')) tip.hidePopover();
    tip.hidden = true;
    j.flag(trigger, 'is-open', false);
  };

  // Shown while hovered, focused or tapped open, unless Escape dismissed it since.
  function sync() {
    clearTimeout(timer);
    const wanted = hover || focus || tapped;
    if (!wanted) dismissed = false;
    wanted && !dismissed ? show() : hide();
  }

  // A tap is a toggle: the coarse pointer's, or a touch on any device.
  const tap = (event: Event) => coarse() || (event as PointerEvent).pointerType === 'touch';
  for (const element of [trigger, tip]) {
    element.addEventListener('pointerenter', (event) => tap(event) || ((hover = true), sync()), { signal });
    element.addEventListener(
      'pointerleave',
      (event) => {
        if (tap(event)) return;
        clearTimeout(timer);
        timer = window.setTimeout(() => ((hover = false), sync()), LEAVE_MS);
      },
      { signal },
    );
  }
  trigger.addEventListener('pointerdown', (event) => (touched = tap(event)), { signal });
  // The focus a tap gives is not a reason to open: the tap itself toggles.
  trigger.addEventListener('focusin', () => touched || ((focus = true), sync()), { signal });
  trigger.addEventListener('focusout', () => ((focus = false), sync()), { signal });
  trigger.addEventListener(
    'click',
    (event) => {
      if (touched || tap(event)) (tapped = !tapped), (dismissed = false), sync();
      touched = false;
    },
    { signal },
  );

  return () => {
    clearTimeout(timer);
    hide();
    tip.remove();
    j.restore();
  };
});
