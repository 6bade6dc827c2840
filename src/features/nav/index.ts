// Main navigation (nav.js-nav), APG Disclosure Navigation: each li.js-nav-item's
// button.js-nav-trigger opens its div.js-megamenu (a mega-menu from 1024 px, an accordion
// in the toggle menu up to 1023 px); button.js-menu-toggle[aria-controls=<nav id>], outside
// the nav, opens the toggle menu. The site's CSS shows and hides from aria-expanded / is-open.
import { onLeave, onPanelOpen, pageLink, samePage } from '../../lib/disclosure';
import { ARIA_CURRENT } from '../../lib/marked';
import { createJournal, defineFeature, inertOthers, isHook, PANEL_OPEN, rendered, warn } from '../../lib/kit';

const LARGE = '(min-width: 1024px)'; // the seed: small up to 1023 px, large from 1024 px
const DEBOUNCE_MS = 250;

interface Item {
  li: HTMLElement;
  trigger: HTMLElement;
  menu: HTMLElement;
}

defineFeature<HTMLElement>('nav', (nav, { bus, signal }) => {
  const items: Item[] = [];
  for (const li of nav.querySelectorAll<HTMLElement>('.js-nav-item')) {
    const trigger = li.querySelector<HTMLElement>('.js-nav-trigger');
    const menu = li.querySelector<HTMLElement>('.js-megamenu');
    if (trigger && menu && !menu.contains(trigger)) items.push({ li, trigger, menu });
    else warn('nav: .js-nav-item without a .js-nav-trigger and its .js-megamenu; left as it is', li);
  }
  // The toggle names the nav by id: compared as a string, never put into a selector. Looked
  // up when used, not once: a toggle inserted or replaced later works too.
  const isToggle = (element: Element | null): element is HTMLElement =>
    !!nav.id && !!element?.matches('.js-menu-toggle') && element.getAttribute('aria-controls') === nav.id;
  const toggles = () => [...document.querySelectorAll('.js-menu-toggle')].filter(isToggle);
  if (!toggles().length)
    warn(
      nav.id
        ? `nav: no .js-menu-toggle[aria-controls="${nav.id}"]: no toggle menu on small screens`
        : 'nav: nav.js-nav has no id, so no .js-menu-toggle can name it; any toggle is left as it is',
      nav,
    );
  if (!items.length && !toggles().length) return warn('nav: nothing to enhance; left as it is', nav);

  const j = createJournal();
  // APG Disclosure Navigation: the link to this page is aria-current="page", where the CMS
  // marked none (restored at teardown).
  const here = nav.querySelector(ARIA_CURRENT) ? undefined : pageLink(nav);
  if (here) j.set(here, 'aria-current', 'page');
  // Live: its matches follows the viewport.
  const media = matchMedia(LARGE);
  let current: Item | undefined;
  let menuOpen = false;
  let opener: HTMLElement | undefined;
  let timer = 0;
  let uninert = () => {};
  const home = () => (opener?.isConnected ? opener : toggles()[0]);
  // Where focus went last, for teardown; or where the visitor last pressed: a press on what
  // takes no focus leaves it on the body, and the focus is then no longer the nav's.
  let focused: Node | null = null;
  for (const type of ['focusin', 'pointerdown']) document.addEventListener(type, (event) => (focused = event.target as Node), { signal, capture: true });

  const setItem = (item: Item, open: boolean) => {
    j.set(item.trigger, 'aria-expanded', open);
    j.flag(item.li, 'is-open', open);
    j.flag(item.menu, 'is-open', open);
  };
  const setMenu = (open: boolean) => {
    menuOpen = open;
    const all = toggles();
    all.forEach((toggle) => j.set(toggle, 'aria-expanded', open));
    j.flag(nav, 'is-open', open);
    // The small-screen menu covers the page (the checklist: an off-canvas menu, its background
    // inert); the mega-menus of a large screen do not. The site header stays: its search and
    // language toggles close the menu as they open (one panel open at a time).
    uninert();
    uninert = open && !media.matches ? inertOthers(nav.closest('header, .js-header') ?? nav, ...all) : () => {};
  };
  const closeItem = (focus?: boolean) => {
    const item = current;
    current = undefined;
    if (item) setItem(item, false), focus && item.trigger.focus();
  };
  /** Back to all closed: no stale is-open or aria-expanded="true" anywhere. */
  const closeAll = (focus?: HTMLElement) => {
    closeItem();
    if (menuOpen) setMenu(false);
    focus?.focus();
  };

  // Closed at start (the CSS hides closed panels; nothing the visitor sees moves). Measured
  // first: what the no-script CSS shows now (hover or focus within: a click before this chunk
  // came) and closing would hide stays open. On small screens every panel shows in that open
  // menu: there, the one focus is in.
  const large = media.matches;
  const shown = items.map((item) => (large ? rendered(item.menu) : item.li.contains(document.activeElement)));
  const menuShown = rendered(nav);
  for (const item of items) {
    if (item.trigger.getAttribute('aria-controls') !== item.menu.id) j.set(item.trigger, 'aria-controls', j.id(item.menu, 'veneer-megamenu'));
    setItem(item, false);
    item.trigger.addEventListener(
      'click',
      (event) => {
        event.preventDefault();
        if (current === item) return closeItem();
        closeItem();
        current = item;
        setItem(item, true);
        bus.emit(PANEL_OPEN, { owner: nav });
      },
      { signal },
    );
  }
  setMenu(false);
  if (menuShown && !rendered(nav)) setMenu(true);
  current = items.find((item, i) => shown[i] && !rendered(item.menu));
  if (current) setItem(current, true);
  // Delegated: a toggle inserted later takes the menu's state as soon as it is pointed at or
  // focused (before that, the no-script hover menu would open from it) and opens it.
  for (const type of ['click', 'focusin', 'pointerover', 'keydown'])
    document.addEventListener(
      type,
      (event) => {
        const toggle = (event.target as Element).closest?.('.js-menu-toggle');
        if (!isToggle(toggle)) return;
        j.set(toggle, 'aria-expanded', menuOpen);
        // A toggle after the nav (at the end of the header bar): Tab from it goes into the open
        // menu, which comes before it; the page after it is inert, and Tab would leave the menu
        // (closing it) for nothing.
        const key = event as KeyboardEvent;
        if (key.key == 'Tab' && !key.shiftKey && menuOpen && !nav.contains(toggle) && toggle.compareDocumentPosition(nav) & 2)
          event.preventDefault(), nav.querySelector<HTMLElement>('a[href],button')?.focus();
        if (type != 'click') return;
        event.preventDefault();
        if (menuOpen) return closeAll();
        opener = toggle;
        setMenu(true);
        bus.emit(PANEL_OPEN, { owner: nav });
      },
      { signal },
    );

  // Escape closes the open dropdown (focus to its trigger), else the toggle menu (focus to its toggle).
  onLeave(
    () => [nav, ...toggles()],
    signal,
    () => !!current || menuOpen,
    () => closeAll(),
    () => (current ? closeItem(true) : closeAll(home())),
    () => current?.trigger ?? home(),
  );
  onPanelOpen(bus, signal, (owner) => owner != nav && closeAll());
  // A link to a part of this page (/contact/#quote on /contact/) does not leave it: the open
  // menu would stay over the place it went to.
  nav.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element).closest?.('a[href]') as HTMLAnchorElement | null;
      // A link another feature owns (a lightbox, a modal opener) keeps the menu, and focus.
      if (!link?.hash || link.hasAttribute('data-modal-open') || isHook(link)) return;
      if (samePage(link)) closeAll();
    },
    { signal },
  );

  // Crossing 1024 px: everything closes once the viewport has settled for 250 ms on the other
  // side. Settled back on the side it was on (a window dragged across and back, a screenshot
  // tool's 1×1 moment), the menu is the same menu, and what was open stays open. Focus in
  // what closes goes back as Escape sends it, or to the toggle where the trigger is hidden
  // too. Read now: the site's CSS may hide it (focus falls to the body) before the timer.
  let wasLarge = large;
  media.addEventListener(
    'change',
    () => {
      clearTimeout(timer);
      const from = document.activeElement;
      const back = current?.menu.contains(from) ? [current.trigger, home()] : menuOpen && nav.contains(from) ? [home()] : [];
      timer = setTimeout(() => {
        if (media.matches == wasLarge) return;
        wasLarge = media.matches;
        closeAll();
        const now = document.activeElement;
        if (from && (now == from || now == document.body) && !rendered(from)) back.find((element) => element && rendered(element))?.focus();
      }, DEBOUNCE_MS) as unknown as number;
    },
    { signal },
  );

  return () => {
    clearTimeout(timer);
    uninert();
    // Removed with focus inside (Chromium's focusout closed the menu first; focus is on the
    // body now): to the toggle, as Escape sends it (hidden on large screens: it stays). Before
    // restore: the toggle's focusin listener writes its state.
    if (document.activeElement == document.body && nav.contains(focused)) home()?.focus();
    j.restore();
  };
});
