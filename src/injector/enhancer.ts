import { FAR_SCREENS } from '../lib/far-below';
import type { Bus, CoreContext, CoreSettings, Feature, Row, Teardown } from '../lib/feature';
// A slot is PENDING while its chunk loads, so a second sighting of the element waits for
// it; once set up, the slot is the instance's teardown. Instances contain their own errors
// and write their own data-enhanced mark (src/lib/feature.ts).
const PENDING = 0;
type Slot = Teardown | typeof PENDING;

/**
 * Keeps every hooked element enhanced exactly once per feature while it is in the page (once
 * released, for one held far below the fold at start).
 * State lives in a WeakMap keyed by element, so the core itself holds nothing alive.
 * Work is batched: one scan of all added roots, then one load and one pass per feature.
 */
export function createEnhancer(rows: Row[], load: (name: string) => Promise<Feature>, bus: Bus, settings: CoreSettings) {
  // Every instance gets scan and rows, for the page chunk (src/features/page).
  const context: CoreContext = { bus, settings, scan, rows };
  const slots = new WeakMap<Element, Map<string, Slot>>();
  // Jobs never reject, so chaining them settles once every job started so far has.
  let settled = Promise.resolve();

  function stop(element: Element) {
    // A pending slot stays: its load re-checks isConnected, so a quick re-insert sets up once.
    slots.get(element)?.forEach((slot, name, features) => slot && (features.delete(name), slot()));
  }

  function scan(roots: Element[], hold?: boolean) {
    const batch = new Map<string, Element[]>();
    // A query per row: Chromium's fast path for a single class makes that about twice as fast
    // as one query for the whole list of hooks, on the document. On a thousand small roots the
    // list would be twice as fast instead, but it costs the core 21 B, and handle() gives a
    // batch that large one root when it can.
    for (const root of roots)
      for (const [selector, name] of rows)
        for (const element of [root, ...root.querySelectorAll(selector)])
          if (element.matches(selector)) {
            const features = slots.get(element) || new Map<string, Slot>();
            slots.set(element, features);
            // hold: the start-up scan leaves hooks far below the fold without a slot, for the page
            // chunk to release (src/features/page). isFarBelow() written out: its call costs bytes.
            if (!features.has(name) && !(hold && element.getBoundingClientRect().y > FAR_SCREENS * innerHeight)) {
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
        // The slots stay pending: a failed load stays failed for the page view (the loader),
        // so a later scan of these elements (the page chunk's, a re-insertion) is not logged again.
        // No "[veneer]" (the core's bytes): the error names the chunk's URL.
        (error) => console.error(name, error),
      );
      settled = settled.then(() => job);
    });
  }

  // One pass per batch of records: every removal first, then every addition, so a node
  // removed and re-added in the same batch (a move) is neither stopped nor started.
  // Elements are the nodes with matches() (fewer bytes than nodeType == 1), not instanceof
  // Element: nodes from another realm (an iframe's) count too.
  function handle(records: MutationRecord[]) {
    const added: Element[] = [];
    for (const record of records)
      for (const node of record.removedNodes as NodeListOf<Element>)
        if ((node as Partial<Element>).matches && !node.isConnected) [node, ...node.querySelectorAll('[data-enhanced]')].forEach(stop);
    // A record that added a quarter or more of its target's children, and over 32 (a list
    // filled or replaced by ajax): the target is scanned as one root instead of each child. A
    // query per row over a thousand blocks then costs 4 to 6 times less than the same queries
    // on each block (npm run bench:core). The count bounds the waste: over the children that
    // were there before, at most three times the new ones; a small insertion is never widened.
    for (const { addedNodes, target } of records)
      for (const node of (addedNodes.length > 32 && addedNodes.length * 4 >= target.childNodes.length ? [target] : addedNodes) as Element[])
        (node as Partial<Element>).matches && node.isConnected && added.push(node);
    scan(added);
  }

  // Two hops: the jobs pending now, then those they started (the page chunk's release of the
  // held hooks happens during its own job).
  return { scan, handle, settled: () => settled.then(() => settled) };
}
