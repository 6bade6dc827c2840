// npm run bench:core [runs]: only the bench's measures of the core at scale (scripts/bench/
// measure.ts), for a quick A/B of a change to src/injector. Times are veneer's part: from the
// DOM change's end until ready() resolves, medians. Compare within one run, or alternate builds.
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { argsOrExit, benchCoreArgs } from '../src/harness/args';
import { startSession } from '../tests/browser/support';
import * as measure from './bench/measure';
import { median } from './bench/page';
import { stubHook } from './bench/markup';
import { build, distDir } from './build.mjs';

const { runs } = argsOrExit('bench:core', benchCoreArgs);
const { files } = await build({ mode: 'production' });
const core = gzipSync(await readFile(`${distDir}/veneer.js`), { level: 9 }).length;
const session = await startSession();
const veneersPart = (samples: measure.Sample[]) => median(samples.map((s) => s.total - s.dom)).toFixed(1) + ' ms';
try {
  const carousel = files.carousel;
  const rows: [string, () => Promise<{ samples: measure.Sample[] }>][] = [
    ['enhance 1 000 hooks among 20 000', () => measure.enhance(session, carousel, stubHook, true, runs)],
    ['enhance 10 000 hooks among 20 000', () => measure.enhance(session, carousel, stubHook, true, Math.min(runs, 5), 10_000)],
    ['append 1 000 more (load more)', () => measure.appendMore(session, carousel, stubHook, true, runs)],
    ['re-enhance after replacing 100', () => measure.replace(session, carousel, stubHook, true, runs, 100)],
    ['re-enhance after replacing 1 000', () => measure.replace(session, carousel, stubHook, true, runs)],
    ['move 1 000 enhanced', () => measure.move(session, carousel, runs)],
  ];
  console.log(`core ${core} B gzip -9`);
  for (const [label, run] of rows) console.log(`${label.padEnd(36)} ${veneersPart((await run()).samples).padStart(9)}`);
} finally {
  await session.close();
}
