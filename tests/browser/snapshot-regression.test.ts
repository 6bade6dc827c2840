// Proves snapshot regression catches a change and nothing else: the same page twice gives the
// same snapshot (byte for byte), and a deliberately changed copy of the page, served by request
// interception, fails the comparison: a changed heading with a readable text diff naming the
// text, a CSS-only change (a class that recolours a button) with differing pixels.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPO_ROOT,
  compareSnapshots,
  comparePng,
  describeDifference,
  pageUrl,
  readStored,
  startSnapshotSession,
  takeSnapshot,
  writeArtifacts,
  writeStored,
  type Snapshot,
  type SnapshotSession,
} from './snapshot';
import { STATES } from './snapshot-states';

const PAGE = 'home';
const LOADED = STATES.find((state) => state.name === 'loaded')!;
const HEADING = 'Measure what matters, wherever your process runs';
const CHANGED_HEADING = 'Measure what changed, wherever your process runs';
/** The intro's primary button; `button--ghost` turns its filled blue into an outline (colour only). */
const BUTTON = '<a class="button" href="/contact/" data-track-category="cta"';
const RECOLOURED_BUTTON = '<a class="button button--ghost" href="/contact/" data-track-category="cta"';
/** Where the failing comparisons leave their files, to look at. */
const ARTIFACTS = path.join(REPO_ROOT, 'tests', 'artifacts', 'snapshot-regression');

describe('snapshot regression', () => {
  let session: SnapshotSession;
  let stored: string;
  let original: string;
  let baseline: Snapshot;

  /** The `loaded` snapshot of PAGE, its HTML replaced by `html` when given. */
  async function take(html?: string): Promise<Snapshot> {
    const page = await session.newPage();
    try {
      if (html !== undefined) {
        const url = pageUrl(session.url, PAGE);
        await page.setRequestInterception(true);
        page.on('request', (request) =>
          request.url() === url ? request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: html }) : request.continue(),
        );
      }
      return await takeSnapshot(page, PAGE, LOADED, { baseUrl: session.url });
    } finally {
      await page.close();
    }
  }

  /** Compares with the stored baseline as the snapshot test does, leaving the files of a difference. */
  function compareWithStored(actual: Snapshot, name: string) {
    const expected = readStored(stored, PAGE, 'loaded')!;
    const comparison = compareSnapshots(expected, actual, { expected: `snapshots/${PAGE}/loaded.aria.txt`, actual: `tests/artifacts/snapshot-regression/${PAGE}/${name}.actual.aria.txt` });
    if (!comparison.same) writeArtifacts(ARTIFACTS, PAGE, name, actual, comparison);
    return comparison;
  }

  beforeAll(async () => {
    session = await startSnapshotSession();
    stored = mkdtempSync(path.join(tmpdir(), 'veneer-snapshots-'));
    rmSync(ARTIFACTS, { recursive: true, force: true });
    // The page as the harness serves it (veneer's tag injected when the capture lacks it).
    original = await (await fetch(pageUrl(session.url, PAGE))).text();
    expect(original).toContain(HEADING);
    expect(original).toContain(BUTTON);
  });
  afterAll(async () => {
    await session?.close();
    if (stored) rmSync(stored, { recursive: true, force: true });
  });

  it('takes the same snapshot twice: same text, same PNG bytes', async () => {
    baseline = await take();
    const again = await take();
    expect(again.aria).toBe(baseline.aria);
    const pixels = comparePng(baseline.png, again.png);
    expect(pixels.pixels).toBe(0);
    expect(pixels.identicalBytes).toBe(true);
    expect(baseline.aria).toContain(`heading ${JSON.stringify(HEADING)} [level=1]`);
    expect(writeStored(stored, PAGE, 'loaded', baseline)).toBe(true);
    // Served through request interception, the unchanged HTML gives the same snapshot too.
    expect(compareWithStored(await take(original), 'unchanged').same).toBe(true);
  });

  it('fails on a changed heading, with a diff naming the old and the new text', async () => {
    expect(baseline, 'the determinism test stores the baseline').toBeDefined();
    const changed = await take(original.replace(`>${HEADING}</h1>`, `>${CHANGED_HEADING}</h1>`));
    const comparison = compareWithStored(changed, 'heading-changed');
    expect(comparison.same).toBe(false);
    expect(comparison.diff).toContain(`--- snapshots/${PAGE}/loaded.aria.txt`);
    expect(comparison.diff).toMatch(/^@@ -\d+,\d+ \+\d+,\d+ @@/m);
    expect(comparison.diff).toContain(`-      heading ${JSON.stringify(HEADING)} [level=1]`);
    expect(comparison.diff).toContain(`+      heading ${JSON.stringify(CHANGED_HEADING)} [level=1]`);
    // The region the heading names changes too; nothing far from it is in the diff.
    expect(comparison.diff.split('\n').filter((line) => /^[-+](?![-+])/.test(line))).toHaveLength(4);
    expect(comparison.pixels.pixels).toBeGreaterThan(0);
    expect(comparison.pixels.size).toBeUndefined();
    const message = describeDifference(`${PAGE} › loaded`, comparison);
    expect(message).toContain(CHANGED_HEADING);
    expect(message).toContain('npm run snapshots:update');
  });

  it('fails on a CSS-only change through its pixels, the text being the same', async () => {
    expect(baseline, 'the determinism test stores the baseline').toBeDefined();
    const recoloured = await take(original.replace(BUTTON, RECOLOURED_BUTTON));
    const comparison = compareWithStored(recoloured, 'button-recoloured');
    expect(comparison.diff).toBe('');
    expect(comparison.same).toBe(false);
    expect(comparison.pixels.pixels).toBeGreaterThan(100);
    expect(comparison.pixels.diffPng).toBeDefined();
    expect(describeDifference(`${PAGE} › loaded`, comparison)).toMatch(/Screenshot: \d+ pixels differ\./);
  });
});
