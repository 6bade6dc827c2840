// Browser tests run against the production build: build it once before any test file.
import { build } from '../../scripts/build.mjs';

export default async function setup() {
  if (process.env.VENEER_SKIP_BUILD === '1') return;
  await build({ mode: 'production' });
}
