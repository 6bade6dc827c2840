// Tabs (div.js-tabs) with the chosen panel in the address as ?tab=<panel id>.
// APG tabs with manual activation: arrows only move focus, so history gets one entry
// per deliberate choice, never one per key press.
import { readParam, TAB_PARAM, withParam } from '../../lib/query';
import { adoptHiddenRules, commonAncestor, createJournal, defineFeature, findTarget, fragmentId, inlineStep, owned, warn } from '../../lib/kit';

const HOOK = '.js-tabs';
// How a selection reaches the address: the history method, none to leave it as it is.
const PUSH = 'pushState';
const REPLACE = 'replaceState';
type How = typeof PUSH | typeof REPLACE | undefined;

const nudge = () => dispatchEvent(new Event('scroll'));

defineFeature<HTMLElement>('tabs', (element, { signal, settle }) => {
  // Only this block's panels: a ?tab= naming a panel of another block matches nothing here.
  const candidates = owned(element, '.js-tab-panel', HOOK);
  const tabs: HTMLElement[] = [];
  const panels: HTMLElement[] = [];
  for (const tab of owned(element, 'a.js-tab', HOOK)) {
    const id = fragmentId(tab.getAttribute('href'));
    const panel = candidates.find((candidate) => id && candidate.id === id);
    if (!panel || panels.includes(panel)) {
      warn(`tabs: href="${tab.getAttribute('href')}" names no .js-tab-panel of this block, or one another tab names; tab skipped`, tab);
      continue;
    }
    tabs.push(tab);
    panels.push(panel);
  }
  if (!tabs.length) return warn('tabs: no tab with a panel; left as it is', element);
  let list = commonAncestor(tabs) as HTMLElement;
  if (list.localName === 'li') list = list.parentElement!;
  // Tabs among their panels (no container of their own): a tablist may own only tabs, so
  // these stay links without tab roles; they still show one panel, and the chosen one is
  // aria-current.
  const flat = panels.some((panel) => list.contains(panel));

  const j = createJournal();
  const hidden = adoptHiddenRules('tabs', '.js-tab-panel');
  if (!flat) j.set(list, 'role', 'tablist');
  tabs.forEach((tab, i) => {
    j.set(tab, 'aria-controls', panels[i].id);
    if (!flat) {
      // <li> and any other wrapper between the list and a tab become presentational.
      for (let node = tab.parentElement; node && node !== list; node = node.parentElement) j.set(node, 'role', 'none');
      j.set(tab, 'role', 'tab');
      j.set(panels[i], 'role', 'tabpanel');
      j.set(panels[i], 'aria-labelledby', j.id(tab, 'veneer-tab'));
    }
    // Find-in-page revealed a closed panel: select its tab. replaceState, not push:
    // stepping through matches must not flood history, yet the address should name
    // the panel on screen (reload and share show the same).
    panels[i].addEventListener('beforematch', () => activate(i, REPLACE), { signal });
  });

  const marked = tabs.findIndex((tab, i) => tab.matches('.is-current,[aria-selected=true]') || panels[i].matches('.is-current'));
  const fallback = Math.max(0, marked);
  // ?tab= first; at set-up, then the panel the hash names: a tab clicked before this chunk came
  // jumped there (the no-script link), and that panel is the one the visitor reads.
  // A panel of a block nested in one of this block's panels (tabs in a tab panel) counts as the
  // panel that holds it: ?tab=<inner panel> shows the outer panel too, not the first.
  // The hash (hash: map's index 1) names any element (an id, or a legacy <a name>): the panel
  // holding it is the one the visitor came for.
  const holding = (id?: string | null, hash?: number) => {
    const inner = id && (hash ? findTarget(id) : document.getElementById(id));
    return panels.findIndex((panel) => panel.id === id || (!!inner && (hash || inner.matches('.js-tab-panel')) && panel.contains(inner)));
  };
  const fromAddress = (hash?: string) => [readParam(location.search, TAB_PARAM), hash].map(holding).find((index) => index >= 0) ?? fallback;

  let selected = -1;
  // Until settled, every panel shows, as without script (settle: no jump on screen).
  let hiding = false;
  function select(index: number, how?: How) {
    const changed = index !== selected;
    selected = index;
    tabs.forEach((tab, i) => {
      const on = i === index;
      if (flat) j.set(tab, 'aria-current', on || null);
      else {
        j.set(tab, 'aria-selected', on);
        // Roving tabindex: Tab enters the list on the selected tab, and goes on to its panel
        // only (a closed one, hidden="until-found", could still take focus).
        j.set(tab, 'tabindex', on ? '0' : '-1');
        j.set(panels[i], 'tabindex', on ? '0' : null);
      }
      j.flag(tab, 'is-current', on);
      j.flag(panels[i], 'is-current', on);
      j.set(panels[i], 'hidden', on || !hiding ? null : hidden);
    });
    if (changed && how) {
      try {
        // The current state is kept: other features (ajax lists) may have stored theirs.
        history[how](
          history.state,
          '',
          withParam(location.href, TAB_PARAM, panels[index].id),
        );
      } catch (error) {
        // Browsers throttle history calls (Firefox: 200 per 10 s); the tab still shows.
        warn('tabs: the address could not be updated', error);
      }
    }
  }
  // The visitor's own choice shows in full, replacing the pending initial hiding.
  const activate = (index: number, how?: How) => (stop(), (hiding = true), select(index, how));

  element.addEventListener(
    'click',
    (event) => {
      const index = tabs.indexOf((event.target as Element).closest('a')!);
      if (index < 0) return;
      event.preventDefault();
      activate(index, PUSH);
    },
    { signal },
  );

  // Enter or Space selects (Space on a link would scroll the page); arrows move between tabs
  // only in a tablist.
  list.addEventListener(
    'keydown',
    (event) => {
      const index = tabs.indexOf(event.target as HTMLElement);
      if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key == 'Enter' || event.key == ' ') {
        event.preventDefault();
        activate(index, PUSH);
        return;
      }
      const count = tabs.length;
      const step = inlineStep(list);
      // Up/Down stay with the page (horizontal tablist).
      const to = ({ ArrowLeft: index - step, ArrowRight: index + step, Home: 0, End: count - 1 } as Record<string, number>)[event.key];
      if (to == null || flat) return;
      event.preventDefault();
      tabs[(to + count) % count].focus();
    },
    { signal },
  );

  // Back/forward: show what the address names, without pushing, and nudge the page. A
  // popstate from an in-page #anchor changes nothing: a link to a waiting panel keeps it.
  // Focus in the panel that hides goes to the tab now selected, not to the body.
  addEventListener(
    'popstate',
    () => {
      const from = panels[selected].contains(document.activeElement);
      const to = fromAddress();
      if (to != selected) activate(to), nudge(), from && tabs[selected].focus();
    },
    { signal },
  );
  select(fromAddress(fragmentId(location.hash)));
  const stop = settle(element, signal, (on) => ((hiding = on), select(selected)));
  // The seed: lazy content and scroll-driven code in the shown panel look again.
  nudge();

  return j.restore;
});
