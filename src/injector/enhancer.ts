import type { CoreContext, Feature, Teardown } from '../lib/feature';

// A slot is PENDING while its chunk loads, so a second sighting of the element waits for
// it; once set up, the slot is the instance's whole teardown (abort its signal, then its own).
const PENDING = 0;
type Slot = Teardown | typeof PENDING;

const ATTRIBUTE = 'data-enhanced';

/**
 * Keeps every hooked element enhanced exactly once per feature while it is in the page.
 * State lives in a WeakMap keyed by element, so the core itself holds nothing alive.
 * Work is batched: one scan of all added roots, then one load and one pass per feature.
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
  // One reason for every teardown: abort() without one builds a DOMException each time.
  const reason = new DOMException('', 'AbortError');

  function mark(element: Element, features: Map<string, Slot>) {
    let names = '';
    features.forEach((slot, name) => slot && (names += ' ' + name));
    names ? element.setAttribute(ATTRIBUTE, names.slice(1)) : element.removeAttribute(ATTRIBUTE);
  }

  function setup(feature: Feature, name: string, element: Element) {
    const features = slots.get(element)!;
    // Removed while its chunk loaded: never set up a detached element.
    if (!element.isConnected) return void features.delete(name);
    const abort = new AbortController();
    try {
      const teardown = feature.setup(element, { ...context, signal: abort.signal });
      features.set(name, () => {
        abort.abort(reason);
        teardown?.();
      });
      mark(element, features);
    } catch (error) {
      abort.abort(reason);
      features.delete(name);
      console.error('[veneer]', name, element, error);
    }
  }

  function stop(element: Element) {
    const features = slots.get(element);
    // A pending slot stays: its load re-checks isConnected, so a quick re-insert sets up once.
    features?.forEach((slot, name) => {
      if (!slot) return;
      features.delete(name);
      try {
        slot();
      } catch (error) {
        console.error('[veneer]', name, element, error);
      }
      mark(element, features);
    });
  }

  function scan(roots: Iterable<Element>) {
    const batch = new Map<string, Element[]>();
    for (const root of roots)
      for (const element of [root, ...root.querySelectorAll(anyHook)])
        for (const [selector, name] of rows) {
          if (!element.matches(selector)) continue;
          const features = slots.get(element) || new Map<string, Slot>();
          slots.set(element, features);
          if (features.has(name)) continue;
          features.set(name, PENDING);
          batch.get(name)?.push(element) ?? batch.set(name, [element]);
        }
    batch.forEach((elements, name) => {
      const job = load(name).then(
        (feature) => elements.forEach((element) => setup(feature, name, element)),
        (error) => {
          elements.forEach((element) => slots.get(element)!.delete(name));
          console.error('[veneer]', name, error);
        },
      );
      settled = settled.then(() => job);
    });
  }

  // One pass per batch of records: every removal first, then every addition, so a node
  // removed and re-added in the same batch (a move) is neither stopped nor started.
  function handle(records: MutationRecord[]) {
    // nodeType, not instanceof Element: nodes from another realm (an iframe's) count too.
    const added: Element[] = [];
    for (const record of records)
      for (const node of record.removedNodes as NodeListOf<Element>)
        if (node.nodeType == 1 && !node.isConnected) [node, ...node.querySelectorAll(`[${ATTRIBUTE}]`)].forEach(stop);
    for (const record of records)
      for (const node of record.addedNodes as NodeListOf<Element>) node.nodeType == 1 && node.isConnected && added.push(node);
    scan(added);
  }

  return { scan, handle, settled: () => settled };
}
