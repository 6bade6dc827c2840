// The registry as the build writes it (scripts/build.mjs, from registry.json): feature to
// "<hash>" or "<hash> <selector>". The hash is the chunk's content hash, 8 hex digits.
const CHUNKS = '__VENEER_CHUNKS__' as unknown as Record<string, string>;
const HASH_LENGTH = 8;

export const chunkFile = (name: string) => `${name}.${CHUNKS[name].slice(0, HASH_LENGTH)}.js`;

/** [selector, feature] rows; a feature without a selector of its own hooks on `.js-<name>`. */
export const hooks = Object.keys(CHUNKS).map(
  (name) => [CHUNKS[name].slice(HASH_LENGTH + 1) || '.js-' + name, name] as const,
);
