// The registry as the build writes it (scripts/build.mjs, from registry.json): one string of
// rows `name` or `name:selector` (a bare name hooks `.js-<name>`), separated by `;`, and one
// content hash of all the chunks. One hash, not one per chunk: it costs the core ~5 B gzip
// once instead of per feature (the core's budget is 1 536 B); a release renames every chunk.
// registry.json lists features in the order a page usually shows them, top to bottom, and
// footer and analytics last: at start, chunks are requested in that order.
const TABLE = '__VENEER_TABLE__';
const HASH = '__VENEER_HASH__';

export const chunkFile = (name: string) => `${name}.${HASH}.js`;

/** [selector, feature] rows. */
export const hooks = TABLE.split(';').map((row) => {
  const [name, selector] = row.split(/:(.*)/);
  return [selector || '.js-' + name, name] as const;
});
