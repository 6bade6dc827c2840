import type { CoreContext, Feature, Teardown } from '../lib/feature';

// A slot is PENDING while its chunk loads, so a second sighting of the element waits for
// it; once set up, the slot is the instance's teardown. Instances contain their own errors
// and write their own data-enhanced mark (src/lib/feature.ts).
const PENDING = 0;
type Slot = Teardown | typeof PENDING;

/**
 * Keeps every hooked element enhanced exactly once per feature while it is in the page.
 * State lives in a WeakMap keyed by element, so the core itself holds nothing alive.
 * Work is batched: one scan of all added roots, then one load and one pass per feature.
 */
export function createEnhancer(
  rows: ReadonlyArray<readonly [selector: string, feature: string]>,
  load: (name: string) => Promise<Feature>,
  context: CoreContext,
) {
  const slots = new WeakMap<Element, Map<string, Slot>>();
  // Jobs never reject, so chaining them settles once every job started so far has.
  let settled = Promise.resolve();
  const anyHook = rows.map((row) => row[0]).join();

  function stop(element: Element) {
    // A pending slot stays: its load re-checks isConnected, so a quick re-insert sets up once.
    slots.get(element)?.forEach((slot, name, features) => slot && (features.delete(name), slot()));
  }

  function scan(roots: Element[]) {
    const batch = new Map<string, Element[]>();
    // One root (the document at start): a query per row, where Chromium's fast path for a single
    // class makes it about twice as fast as one query for the whole list of hooks. Many roots
    // (a mutation batch): one query each, then each element against the rows.
    for (const root of roots) {
      const candidates = roots.length > 1 && [root, ...root.querySelectorAll(anyHook)];
      for (const [selector, name] of rows)
        for (const element of candidates || [root, ...root.querySelectorAll(selector)]) {
          if (!element.matches(selector)) continue;
          const features = slots.get(element) || new Map<string, Slot>();
          slots.set(element, features);
          if (features.has(name)) continue;
          features.set(name, PENDING);
          batch.get(name)?.push(element) ?? batch.set(name, [element]);
        }
    }
    batch.forEach((elements, name) => {
      const job = load(name).then(
        (feature) =>
          elements.forEach((element) => {
            const features = slots.get(element)!;
            // Removed while its chunk loaded: never set up a detached element.
            element.isConnected ? features.set(name, feature.setup(element, context)) : features.delete(name);
          }),
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
  // nodeType, not instanceof Element: nodes from another realm (an iframe's) count too.
  function handle(records: MutationRecord[]) {
    const added: Element[] = [];
    for (const record of records)
      for (const node of record.removedNodes as NodeListOf<Element>)
        if (node.nodeType == 1 && !node.isConnected) [node, ...node.querySelectorAll('[data-enhanced]')].forEach(stop);
    for (const record of records)
      for (const node of record.addedNodes as NodeListOf<Element>) node.nodeType == 1 && node.isConnected && added.push(node);
    scan(added);
  }

  return { scan, handle, settled: () => settled };
}
