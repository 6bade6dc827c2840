import type { CoreContext, Feature, Teardown } from '../lib/feature';

type Instance = { abort: AbortController; teardown?: Teardown | void };
// A slot is PENDING while its chunk loads, so a second sighting of the element waits for it.
const PENDING = 0;
type Slot = Instance | typeof PENDING;

const ATTRIBUTE = 'data-enhanced';

/**
 * Keeps every hooked element enhanced exactly once per feature while it is in the page.
 * State lives in a WeakMap keyed by element, so the core itself holds nothing alive.
 */
export function createEnhancer(
  rows: ReadonlyArray<readonly [selector: string, feature: string]>,
  load: (name: string) => Promise<Feature>,
  context: Omit<CoreContext, 'signal'>,
) {
  const slots = new WeakMap<Element, Map<string, Slot>>();
  // Jobs never reject, so chaining them settles once every job started so far has.
  let settled = Promise.resolve();
  const anyHook = rows.map((row) => row[0]).join();

  function mark(element: Element, features: Map<string, Slot>) {
    let names = '';
    features.forEach((slot, name) => slot && (names += ' ' + name));
    names ? element.setAttribute(ATTRIBUTE, names.slice(1)) : element.removeAttribute(ATTRIBUTE);
  }

  function start(element: Element, name: string) {
    const features = slots.get(element) || new Map<string, Slot>();
    slots.set(element, features);
    if (features.has(name)) return;
    features.set(name, PENDING);
    const abort = new AbortController();
    const job = load(name)
      .then((feature) => {
        // Removed while its chunk loaded: never set up a detached element.
        if (!element.isConnected) return void features.delete(name);
        features.set(name, { abort, teardown: feature.setup(element, { ...context, signal: abort.signal }) });
        mark(element, features);
      })
      .catch((error) => {
        abort.abort();
        features.delete(name);
        console.error('[veneer]', name, element, error);
      });
    settled = settled.then(() => job);
  }

  function stop(element: Element) {
    const features = slots.get(element);
    // A pending slot stays: its load re-checks isConnected, so a quick re-insert sets up once.
    features?.forEach((slot, name) => {
      if (!slot) return;
      features.delete(name);
      slot.abort.abort();
      try {
        slot.teardown?.();
      } catch (error) {
        console.error('[veneer]', name, element, error);
      }
      mark(element, features);
    });
  }

  function scan(root: Element | Document) {
    const found = root.querySelectorAll(anyHook);
    for (const element of (root as Element).matches?.(anyHook) ? [root as Element, ...found] : found)
      for (const [selector, name] of rows) element.matches(selector) && start(element, name);
  }

  // One pass per batch: every removal first, then every addition, so a node removed and
  // re-added in the same batch (a move) is still connected and neither stopped nor started.
  function handle(records: MutationRecord[]) {
    for (const record of records)
      for (const node of record.removedNodes)
        if (node instanceof Element && !node.isConnected) [node, ...node.querySelectorAll(`[${ATTRIBUTE}]`)].forEach(stop);
    for (const record of records)
      for (const node of record.addedNodes) if (node instanceof Element && node.isConnected) scan(node);
  }

  return { scan, handle, settled: () => settled };
}
