// Proves snapshot regression catches a change and nothing else: the same page twice gives the
// same snapshot (byte for byte), and a deliberately changed copy of the page, served by request
// interception, fails the comparison: a changed heading with a readable text diff naming the
// text, a CSS-only change (a class that recolours a button) with differing pixels. And the two
// pixel rules: anti-aliasing-level noise (what another browser build draws differently) fails
// the same-build rule and passes the other-build one; a moved button fails both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OTHER_BUILD,
  REPO_ROOT,
  SAME_BUILD,
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
/** The same button moved 24 px to the right (the DOM/ARIA text does not see it). */
const MOVED_BUTTON = '<a class="button" style="position: relative; left: 24px" href="/contact/" data-track-category="cta"';
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
    expect(describeDifference(`${PAGE} › loaded`, comparison)).toMatch(/Screenshot: \d+ pixels differ, 0 allowed\. Pixels compared exactly/);
  });
});

/** pixelmatch's brightness of an opaque pixel. */
const brightness = (data: Buffer, i: number) => data[i] * 0.29889531 + data[i + 1] * 0.58662247 + data[i + 2] * 0.11448223;
const rgba = (data: Buffer, i: number) => data.readUInt32LE(i);

/**
 * `png` as another rasteriser could draw it: each edge pixel between a darker and a brighter
 * area (a solid neighbour each side) gets the other coverage (its mix of the two mirrored: 30 %
 * dark becomes 70 %), and every other pixel is 2 levels brighter per channel (the rounding of an
 * image decoder or a colour conversion). Returns the picture and how many pixels changed.
 */
function antiAliasingNoise(png: Buffer): { png: Buffer; changed: number } {
  const image = PNG.sync.read(png);
  const { width, height, data } = image;
  const source = Buffer.from(data);
  const at = (x: number, y: number) => (y * width + x) * 4;
  /** Three or more of its neighbours the same colour (pixelmatch's "not anti-aliased"). */
  const solid = (x: number, y: number) => {
    let same = 0;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        if ((dx || dy) && rgba(source, at(x + dx, y + dy)) === rgba(source, at(x, y))) same++;
    return same >= 3;
  };
  let changed = 0;
  for (let y = 2; y < height - 2; y++) {
    for (let x = 2; x < width - 2; x++) {
      const i = at(x, y);
      const own = brightness(source, i);
      let darkest = i;
      let brightest = i;
      let equal = 0;
      // pixelmatch's scan order, so that the darkest and brightest neighbours are the ones it finds.
      for (let nx = x - 1; nx <= x + 1; nx++)
        for (let ny = y - 1; ny <= y + 1; ny++) {
          if (nx === x && ny === y) continue;
          const n = at(nx, ny);
          const b = brightness(source, n);
          if (b === own) equal++;
          else if (b < brightness(source, darkest)) darkest = n;
          else if (b > brightness(source, brightest)) brightest = n;
        }
      const low = brightness(source, darkest);
      const high = brightness(source, brightest);
      const edge =
        equal <= 2 && darkest !== i && brightest !== i && high - low > 60 &&
        solid((darkest / 4) % width, Math.floor(darkest / 4 / width)) &&
        solid((brightest / 4) % width, Math.floor(brightest / 4 / width));
      if (edge) {
        // The share of the bright colour, mirrored; kept inside (0.2, 0.8) so that it stays a mix.
        const share = Math.min(0.8, Math.max(0.2, 1 - (own - low) / (high - low)));
        for (let c = 0; c < 3; c++) data[i + c] = Math.round(source[darkest + c] + share * (source[brightest + c] - source[darkest + c]));
      } else {
        // The same shift for every pixel of a colour, so that a solid area stays solid.
        for (let c = 0; c < 3; c++) data[i + c] = Math.min(255, source[i + c] + 2);
      }
      if (rgba(data, i) !== rgba(source, i)) changed++;
    }
  }
  return { png: PNG.sync.write(image), changed };
}

describe('pixel rules', () => {
  let session: SnapshotSession;
  let original: string;
  let baseline: Snapshot;

  beforeAll(async () => {
    session = await startSnapshotSession();
    original = await (await fetch(pageUrl(session.url, PAGE))).text();
    expect(original).toContain(BUTTON);
    const page = await session.newPage();
    try {
      baseline = await takeSnapshot(page, PAGE, LOADED, { baseUrl: session.url });
    } finally {
      await page.close();
    }
  });
  afterAll(() => session?.close());

  it('anti-aliasing-level noise fails the same-build rule and passes the other-build one', () => {
    const noisy = antiAliasingNoise(baseline.png);
    const { width, height } = PNG.sync.read(baseline.png);
    // Enough changed pixels that no tolerance could pass them by count alone.
    expect(noisy.changed).toBeGreaterThan(OTHER_BUILD.maxChangedRatio * width * height * 10);
    const same = compareSnapshots(baseline, { aria: baseline.aria, png: noisy.png }, undefined, SAME_BUILD);
    expect(same.same).toBe(false);
    expect(same.pixels.pixels).toBe(noisy.changed);
    expect(describeDifference(`${PAGE} › loaded`, same)).toContain('Pixels compared exactly (the build that took them).');
    const other = compareSnapshots(baseline, { aria: baseline.aria, png: noisy.png }, undefined, OTHER_BUILD);
    expect(other.pixels.pixels).toBeLessThanOrEqual(other.pixels.allowed);
    expect(other.same).toBe(true);
  });

  it('a moved button fails both rules, the text being the same', async () => {
    const page = await session.newPage();
    let moved: Snapshot;
    try {
      await page.setRequestInterception(true);
      const url = pageUrl(session.url, PAGE);
      const html = original.replace(BUTTON, MOVED_BUTTON);
      page.on('request', (request) =>
        request.url() === url ? request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: html }) : request.continue(),
      );
      moved = await takeSnapshot(page, PAGE, LOADED, { baseUrl: session.url });
    } finally {
      await page.close();
    }
    for (const rule of [SAME_BUILD, OTHER_BUILD]) {
      const comparison = compareSnapshots(baseline, moved, undefined, rule);
      expect(comparison.diff, rule.name).toBe('');
      expect(comparison.same, rule.name).toBe(false);
      expect(comparison.pixels.pixels, rule.name).toBeGreaterThan(comparison.pixels.allowed);
      expect(describeDifference(`${PAGE} › loaded`, comparison), rule.name).toContain(`, ${comparison.pixels.allowed} allowed. Pixels compared ${rule.name}.`);
    }
  });
});
