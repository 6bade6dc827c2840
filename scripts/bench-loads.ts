// npm run bench:loads -- home,news,contact [runs]: only the bench's throttled page loads
// (scripts/bench/load.ts), for a quick A/B of a change to what pages request. Compare the
// ratios (veneer ÷ legacy, measured alternately in one run), not times across runs.
import { readFile } from 'node:fs/promises';
import { argsOrExit, benchLoadsArgs } from '../src/harness/args';
import { startServer } from '../src/harness/server';
import { startSession } from '../tests/browser/support';
import { pageLoads, type Hook } from './bench/load';
import { build } from './build.mjs';

const { pages, runs } = argsOrExit('bench:loads', benchLoadsArgs);
await build({ mode: 'production' });
const session = await startSession();
const site = await startServer({ port: 0, compress: true });
try {
  const registry: Record<string, string> = JSON.parse(await readFile('src/injector/registry.json', 'utf8'));
  const hooks: Hook[] = Object.entries(registry).map(([name, selector]) => [name, selector || `.js-${name}`]);
  for (const load of await pageLoads(session.browser, site.url, pages, runs, hooks, (dot) => process.stderr.write(dot))) {
    const { veneer, legacy, ratios } = load;
    process.stdout.write(
      `\n${load.page}: first screen ${Math.round(veneer.firstScreen)} ms (${ratios.firstScreen.toFixed(2)}× legacy DOMContentLoaded), ` +
        `whole page ${Math.round(veneer.usable)} ms (${ratios.usable.toFixed(2)}× legacy load), ` +
        `script requests ${veneer.scriptRequests} / ${legacy.scriptRequests}, veneer's TBT ${veneer.ownTbt.toFixed(1)} ms`,
    );
  }
  process.stdout.write('\n');
} finally {
  await site.close();
  await session.close();
}
