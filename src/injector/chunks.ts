// The registry as the build writes it (scripts/build.mjs, from registry.json): the feature
// names, the hook selectors that are not the usual `.js-<name>`, and one content hash of all
// the chunks. One hash, not one per chunk: it costs the core ~5 B gzip once instead of per
// feature (the core's budget is 1 536 B); a release renames every chunk, still immutable.
const NAMES = '__VENEER_NAMES__';
const SELECTORS = '__VENEER_SELECTORS__' as unknown as Record<string, string>;
const HASH = '__VENEER_HASH__';

export const chunkFile = (name: string) => `${name}.${HASH}.js`;

/** [selector, feature] rows. */
export const hooks = NAMES.split(' ').map((name) => [SELECTORS[name] || '.js-' + name, name] as const);
