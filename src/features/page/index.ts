// The page itself (hook: the <html> element, so this chunk loads on every page, beside the
// features' chunks): it carries the kit (src/lib/kit-runtime.ts), the library code the
// features share, so each chunk does not carry its own copy; the contract's window topics;
// the check of the script tag's settings and of the label overrides; and the
// load strategy's second half: the rows it hooks itself and the release of the hooks that the
// core's start-up scan held far below the fold (src/injector/enhancer.ts).
// Kept out of the core, which every visitor downloads before anything else, to hold it
// under 1 536 B.
// /window/resize fires at most every 250 ms (the seed); /window/scroll as the browser fires
// it (once a frame at most). Handlers read innerWidth or scrollY themselves.
import { FAR_SCREENS, isFarBelow } from '../../lib/far-below';
import { CORE_KEY, instance, type CoreContext, type CoreHandle, type Row, type Topics } from '../../lib/feature';
import { kit } from '../../lib/kit-runtime';
import { loadLabels } from '../../lib/labels';
import { saveData } from '../../lib/save-data';
import { checkSettings } from '../../lib/settings';

const RESIZE_THROTTLE_MS = 250;
// Replaced by the build (src/injector/load-strategy.json). after-page: the rows hooked from
// here, one round trip after start, so that their chunks leave the connection to the first
// screen's. never-held: hooks opened from elsewhere ([data-modal-open], a timer), enhanced at
// once even in save-data mode.
const PAGE_ROWS = '__VENEER_PAGE_TABLE__' as unknown as Row[];
const NEVER_HELD = '__VENEER_NEVER_HELD__';
const core = (globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY];

/**
 * Save-data mode: each hook still held far below the fold is enhanced once it comes within a
 * screen of the viewport, however it gets there: a scroll of the page or of a box, a tab or an
 * expand item closing above it, a resize. Only it and what it holds are scanned, so a feature
 * whose chunk failed is not asked for again at every step.
 */
function releaseNear(rows: Row[], scan: CoreContext['scan'], signal: AbortSignal) {
  const observer = new IntersectionObserver(
    (entries) => {
      const near = entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target);
      near.forEach((element) => observer.unobserve(element));
      if (near.length) scan(near);
    },
    // The viewport and the screens below it up to where holding starts (top, sides, bottom).
    { rootMargin: `0px 0px ${(FAR_SCREENS - 1) * 100}%` },
  );
  for (const [selector] of rows) for (const element of document.querySelectorAll(selector)) if (isFarBelow(element)) observer.observe(element);
  signal.addEventListener('abort', () => observer.disconnect());
}

if (core) {
  // Before define(): the features waiting for this chunk call into the kit as soon as it resolves.
  core.kit = kit;
  core.define(
    'page',
    instance('page', (html, { bus, settings, signal, scan, rows }) => {
      // The hooks the core's start-up scan held far below the fold: enhanced now, or in
      // save-data mode once they come within a screen of the viewport (they may never).
      rows.push(...PAGE_ROWS);
      // mitt stops at a handler that throws and throws to the emitter: one feature's (or page
      // script's) handler would cut off the others' and the emitting feature's own work. As
      // the DOM's events do, the error is reported and the other handlers still run.
      const call = (topic: keyof Topics, ...args: unknown[]) =>
        bus.all.get(topic)?.slice().map((handler: Function) => {
          try {
            handler(...args);
          } catch (error) {
            reportError(error);
          }
        });
      // data-debug (on: "", "true"): every bus event on the console, for whoever wires a page up.
      const debug = settings.data.debug === '' || settings.data.debug === 'true';
      bus.emit = (topic: keyof Topics, payload?: unknown) => {
        if (debug) console.debug('[veneer] bus', topic, payload);
        call(topic, payload);
        call('*', topic, payload);
      };
      if (!saveData(settings)) scan([html]);
      else {
        if (NEVER_HELD) scan([...document.querySelectorAll(NEVER_HELD)]);
        scan([html], true);
        releaseNear(rows, scan, signal);
      }
      checkSettings(settings.data);
      // Asked now, whatever features the page has: the operator's label overrides are checked
      // (and warned about) at start, like the settings. A label chunk is the core's load already.
      void loadLabels();
      let resizing = 0;
      addEventListener(
        'resize',
        () =>
          (resizing ||= setTimeout(() => {
            resizing = 0;
            bus.emit('/window/resize');
          }, RESIZE_THROTTLE_MS) as unknown as number),
        { signal },
      );
      // Scroll events cannot be cancelled, so a passive listener never delays scrolling.
      addEventListener('scroll', () => bus.emit('/window/scroll'), { passive: true, signal });
      return () => clearTimeout(resizing);
    }),
  );
}
