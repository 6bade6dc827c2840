// The registry as the build writes it (scripts/build.mjs, from registry.json, less the rows the
// page chunk hooks itself: load-strategy.json's after-page): one string of rows `name` or
// `name:selector` (a bare name hooks `.js-<name>`), separated by `;`, and one content hash of
// all the chunks. One hash, not one per chunk: it costs the core ~5 B gzip once instead of per
// feature (the core's budget is 1 536 B); a release renames every chunk.
// registry.json lists features in the order a page usually shows them, top to bottom, and
// the footer's last: at start, chunks are requested in that order.
import type { Row } from '../lib/feature';

const TABLE = '__VENEER_TABLE__';
const HASH = '__VENEER_HASH__';

export const chunkFile = (name: string) => `${name}.${HASH}.js`;

export const hooks = TABLE.split(';').map((row): Row => {
  const [name, selector] = row.split(/:(.*)/);
  return [selector || '.js-' + name, name];
});
