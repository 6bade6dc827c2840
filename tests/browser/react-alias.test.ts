// react and react-dom resolve to preact (through src/lib/react.ts) in a production build,
// and hooks imported from 'react' work at run time in Chromium.
import { Parcel } from '@parcel/core';
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSession, type Session } from './support';

let session: Session;
let code = '';

beforeAll(async () => {
  const out = await mkdtemp(path.join(tmpdir(), 'veneer-react-'));
  const root = path.resolve(import.meta.dirname, '../..');
  await new Parcel({
    entries: [path.join(root, 'tests/browser/fixtures/react-probe.ts')],
    defaultConfig: '@parcel/config-default',
    mode: 'production',
    shouldPatchConsole: false,
    defaultTargetOptions: { shouldOptimize: true, shouldScopeHoist: true, sourceMaps: false },
    targets: { probe: { distDir: out, outputFormat: 'global', context: 'browser', scopeHoist: true, optimize: true } },
  }).run();
  const file = (await readdir(out)).find((name) => name.endsWith('.js'))!;
  code = await readFile(path.join(out, file), 'utf8');
  session = await startSession();
});
afterAll(() => session?.close());

it('bundles preact, not react, and its hooks run in the production build', async () => {
  // React itself is never bundled.
  expect(code).not.toMatch(/react(-dom)?\.production|Meta Platforms|Facebook, Inc/);
  const test = await session.open('/__fixture/react', {
    html: '<!doctype html><html lang="en"><head><title>probe</title></head><body><div id="root"></div></body></html>',
    ready: false,
  });
  // The probe is not veneer: run as DevTools code, which the page's script-src does not govern.
  await test.page.evaluate(code);
  await test.page.click('#probe');
  await test.page.click('#probe');
  expect(await test.page.$eval('#probe', (el) => el.textContent)).toBe('clicked 2');
  expect(await test.page.evaluate(() => document.body.dataset.effect)).toBe('ran');
  test.assertClean();
});
