// The core: the only code every visitor downloads. No feature code here.
import mitt from 'mitt';
import type { Bus, CoreHandle } from '../lib/feature';
import type { Veneer } from '../package';
import { hooks } from './chunks';
import { createEnhancer } from './enhancer';
import { createLoader } from './loader';
import { readSettings } from './settings';

// Symbol.for('veneer') is CORE_KEY of src/lib/feature; importing it would pull lib code in.
const CORE_KEY = Symbol.for('veneer');
// window, not globalThis: the core runs only in a page, and the word is in the core already.
type Global = Window & { [CORE_KEY]?: CoreHandle };

// A Symbol guard: the tag included twice runs once, and page markup cannot clobber it.
if (!(window as Global)[CORE_KEY]) {
  const settings = readSettings(document.currentScript as HTMLScriptElement | null);
  const bus: Bus = mitt();
  const loader = createLoader(settings);
  const enhancer = createEnhancer(hooks, loader.load, bus, settings);
  const observer = new MutationObserver(enhancer.handle);
  (window as Global)[CORE_KEY] = loader;

  let begun = false;
  // Once, whichever comes first: DOMContentLoaded, its task, or ready().
  const begin = () =>
    (begun ||= (enhancer.scan([document.documentElement], true), observer.observe(document, { childList: true, subtree: true }), true));

  // The bus itself, with ready(): on, off, emit (and mitt's `all`). Assignment makes an own
  // property of window, which wins over named elements (<img id="veneer">).
  const api = bus as Bus & Pick<Veneer, 'ready'>;
  /** Settles when every enhancement pending now (including unseen mutations), and what it started, has finished. */
  api.ready = () => {
    // Called before the start-up scan's task (or during parsing): it scans now; the observer
    // sees whatever the parser adds later.
    begin();
    enhancer.handle(observer.takeRecords());
    return enhancer.settled();
  };
  (window as unknown as { veneer: typeof api }).veneer = api;

  // DOMContentLoaded bubbles to window. Loaded async, the parser may still be adding children.
  // Run as a defer script, the scan gets a task of its own instead of lengthening the parser's.
  document.readyState == 'loading' ? addEventListener('DOMContentLoaded', begin) : setTimeout(begin);
}
