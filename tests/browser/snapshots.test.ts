// Snapshot regression: every captured page in every named state (tests/browser/snapshot-states.ts)
// against its stored DOM/ARIA text and screenshot in snapshots/<page>/<state>.*.
//   npm test                   compares; a difference fails with the text diff and a pixel count
//   npm run snapshots:update   (SNAPSHOTS_UPDATE=1) rewrites the ones that changed, on purpose,
//                              and records this browser build in snapshots/browser.json
// The text is compared exactly; the pixels exactly on the browser build that took the stored
// picture, and with OTHER_BUILD's tolerance on any other (snapshot.ts says what it allows).
// Each run records tests/artifacts/snapshots/results.json (the harness serves it as
// /__snapshots.json for the UI), and the actual and difference files of what did not match.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedBuild, type BrowserRecord } from '../../src/harness/snapshot-results';
import {
  ARTIFACTS_DIR,
  SNAPSHOTS_DIR,
  StateUnavailable,
  compareSnapshots,
  describeDifference,
  errorsOf,
  pixelRuleFor,
  readStored,
  resultFor,
  startSnapshotSession,
  takeSnapshot,
  unavailableNote,
  writeArtifacts,
  writeResults,
  writeStored,
  type Snapshot,
  type SnapshotResult,
  type SnapshotStatus,
  type SnapshotSession,
} from './snapshot';
import { builtFeatures, mustBeAvailable, snapshotPlan } from './snapshot-states';

const UPDATE = process.env.SNAPSHOTS_UPDATE === '1';
const plan = snapshotPlan();
const built = builtFeatures();
const relative = (file: string) => path.relative(process.cwd(), file) || '.';
// Screenshots depend on the browser build (and its fonts): the one that took them is stored.
const BROWSER_FILE = path.join(SNAPSHOTS_DIR, 'browser.json');

describe(`snapshots${UPDATE ? ' (updating)' : ''}`, () => {
  let session: SnapshotSession;
  /** This run's browser build, and the record of the builds that took the stored pictures. */
  let running = '';
  let taken: BrowserRecord = { version: '' };
  const results: SnapshotResult[] = [];

  beforeAll(async () => {
    // Artifacts of an earlier run would mislead the UI.
    rmSync(ARTIFACTS_DIR, { recursive: true, force: true });
    session = await startSnapshotSession();
    running = await session.browser.version();
    // An update takes every picture again: all of them are this build's (a state whose picture
    // did not change at all is one this build draws the same).
    if (UPDATE) writeFileSync(BROWSER_FILE, JSON.stringify({ version: running }, null, 2) + '\n');
    taken = existsSync(BROWSER_FILE) ? (JSON.parse(readFileSync(BROWSER_FILE, 'utf8')) as BrowserRecord) : { version: '' };
    const rule = pixelRuleFor(taken.version, running);
    const approved = Object.keys(taken.approved ?? {}).length;
    console.log(
      `snapshots: taken with ${taken.version || 'an unrecorded build'}${approved ? ` (${approved} approved one by one, see ${relative(BROWSER_FILE)})` : ''}; ` +
        `this run: ${running}; pixels compared ${rule.name}.`,
    );
  });

  afterAll(async () => {
    const order = new Map(plan.flatMap(({ page, states }) => states.map((state, i) => [`${page}/${state.name}`, `${page}/${String(i).padStart(2, '0')}`])));
    results.sort((a, b) => (order.get(`${a.page}/${a.state}`)! < order.get(`${b.page}/${b.state}`)! ? -1 : 1));
    if (results.length) writeResults(ARTIFACTS_DIR, results, UPDATE, { run: running, recorded: taken.version });
    await session?.close();
  });

  for (const { page: pageName, states, classes } of plan) {
    describe(pageName, () => {
      // Filled while the `loaded` state (always first) has the page open: a state whose feature
      // did not enhance the page is skipped without loading the page again.
      const unavailable = new Map<string, string>();
      const probe = async (page: Page) => {
        for (const state of states)
          if (!(await state.available(page))) unavailable.set(state.name, unavailableNote(pageName, state));
      };

      for (const state of states) {
        it(state.name, async (context) => {
          let recorded = false;
          const record = (status: SnapshotStatus, extra?: Parameters<typeof resultFor>[3]) => {
            // A retry (retry: 1) records the state again: its result replaces the earlier attempt's
            // (before afterAll's sort, which keeps no order between the two).
            const earlier = results.findIndex((r) => r.page === pageName && r.state === state.name);
            if (earlier >= 0) results.splice(earlier, 1);
            results.push(resultFor(pageName, state.name, status, extra));
            recorded = true;
          };
          /** Not enhanced: skipped while the feature is not built, a failure once it is. */
          const skipOrFail = (note: string) => {
            if (mustBeAvailable(state, classes, built))
              expect.fail(`${note}, yet "${state.feature}" is in src/injector/registry.json: the feature did not start on this page.`);
            record('skipped', { note });
            return context.skip(note);
          };
          try {
            const skip = unavailable.get(state.name);
            if (skip) return skipOrFail(skip);
            const page = await session.newPage();
            let snapshot: Snapshot;
            let errors: string[] = [];
            try {
              snapshot = await takeSnapshot(page, pageName, state, { baseUrl: session.url, onLoaded: state.name === 'loaded' ? probe : undefined });
            } catch (error) {
              if (!(error instanceof StateUnavailable)) throw error;
              return skipOrFail(error.message);
            } finally {
              errors = [...errorsOf(page)];
              await page.close();
            }
            expect(errors, `${pageName} › ${state.name}: the page raised errors`).toEqual([]);

            if (UPDATE) {
              writeStored(SNAPSHOTS_DIR, pageName, state.name, snapshot);
              return record('same');
            }
            const stored = readStored(SNAPSHOTS_DIR, pageName, state.name);
            if (!stored) {
              writeArtifacts(ARTIFACTS_DIR, pageName, state.name, snapshot);
              record('missing');
              expect.fail(
                `${pageName} › ${state.name}: no stored snapshot (${relative(path.join(SNAPSHOTS_DIR, pageName, state.name))}.aria.txt/.png). ` +
                  'Run `npm run snapshots:update` to store it, then review and commit snapshots/.',
              );
            }
            const recorded = recordedBuild(taken, pageName, state.name);
            const comparison = compareSnapshots(
              stored,
              snapshot,
              { expected: `snapshots/${pageName}/${state.name}.aria.txt`, actual: `tests/artifacts/snapshots/${pageName}/${state.name}.actual.aria.txt` },
              pixelRuleFor(recorded, running),
            );
            if (comparison.same) return record('same');
            writeArtifacts(ARTIFACTS_DIR, pageName, state.name, snapshot, comparison);
            record('different', { comparison });
            const builds =
              recorded === running
                ? `\nTaken with this build (${running}).`
                : `\nTaken with ${recorded || 'an unrecorded build'}; this run: ${running}. If only pixels differ, look at the pictures, then approve them in the harness UI (/snapshots) or run \`npm run snapshots:update\`.`;
            expect.fail(describeDifference(`${pageName} › ${state.name}`, comparison, relative(path.join(ARTIFACTS_DIR, pageName)) + '/') + builds);
          } catch (error) {
            // A state that could not be taken (a click that found nothing, page errors) still shows in the UI.
            if (!recorded) record('different', { note: `no snapshot: ${error instanceof Error ? error.message : String(error)}` });
            throw error;
          }
        });
      }
    });
  }
});
