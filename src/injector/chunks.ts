// The registry as the build writes it (scripts/build.mjs, from registry.json): each
// feature's chunk content hash, and the hook selectors that are not the usual `.js-<name>`.
const HASHES = '__VENEER_HASHES__' as unknown as Record<string, string>;
const SELECTORS = '__VENEER_SELECTORS__' as unknown as Record<string, string>;

export const chunkFile = (name: string) => `${name}.${HASHES[name]}.js`;

/** [selector, feature] rows. */
export const hooks = Object.keys(HASHES).map((name) => [SELECTORS[name] || '.js-' + name, name] as const);
