// Browser tests run against the production build: build it once before any test file, and
// the harness UI (dist-harness/) that the test server serves at /.
import { build } from '../../scripts/build.mjs';
import { buildHarnessUi } from '../../scripts/build-ui.mjs';

// The browser and firefox projects both name this setup: one build serves both.
const shared = globalThis as { veneerBuild?: Promise<unknown> };

export default async function setup() {
  if (process.env.VENEER_SKIP_BUILD === '1') return;
  // A failed build is not kept: the next setup (vitest's watch mode, same process) builds again.
  shared.veneerBuild ??= build({ mode: 'production' })
    .then(() => buildHarnessUi({ mode: 'production' }))
    .catch((error) => {
      shared.veneerBuild = undefined;
      throw error;
    });
  await shared.veneerBuild;
}
