// The page itself (hook: the <html> element, so this chunk loads on every page, beside the
// features' chunks): it carries the kit (src/lib/kit-runtime.ts), the library code the
// features share, so each chunk does not carry its own copy; the contract's window topics;
// the check of the script tag's settings; and the early request for the page's label set.
// Kept out of the core, which every visitor downloads before anything else, to hold it
// under 1 536 B.
// /window/resize fires at most every 250 ms (the seed); /window/scroll as the browser fires
// it (once a frame at most). Handlers read innerWidth or scrollY themselves.
import { CORE_KEY, instance, type CoreHandle } from '../../lib/feature';
import { kit } from '../../lib/kit-runtime';
import { loadLabels } from '../../lib/labels';
import { checkSettings } from '../../lib/settings';

const RESIZE_THROTTLE_MS = 250;
const core = (globalThis as { [CORE_KEY]?: CoreHandle })[CORE_KEY];

if (core) {
  // Before define(): the features waiting for this chunk call into the kit as soon as it resolves.
  core.kit = kit;
  core.define(
    'page',
    instance('page', (_html, { bus, settings, signal }) => {
      checkSettings(settings.data);
      // data-debug (on: "", "true"): every bus event on the console, for whoever wires a page up.
      const debug = settings.data.debug;
      if (debug === '' || debug === 'true') {
        const log = (topic: unknown, payload: unknown) => console.debug('[veneer] bus', topic, payload);
        bus.on('*', log);
        signal.addEventListener('abort', () => bus.off('*', log));
      }
      // Asked now, so the page's label set loads beside the features' chunks, not after them.
      void loadLabels();
      let resizing = 0;
      addEventListener(
        'resize',
        () =>
          (resizing ||= window.setTimeout(() => {
            resizing = 0;
            bus.emit('/window/resize');
          }, RESIZE_THROTTLE_MS)),
        { signal },
      );
      // Scroll events cannot be cancelled, so a passive listener never delays scrolling.
      addEventListener('scroll', () => bus.emit('/window/scroll'), { passive: true, signal });
      return () => clearTimeout(resizing);
    }),
  );
}
