// @vitest-environment node
// `npm test`'s closing line (scripts/test-summary.mjs): printed whether the tests pass or fail,
// and the exit code stays non-zero when they fail.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SUMMARY = path.join(ROOT, 'scripts', 'test-summary.mjs');
const TEST_SCRIPT = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.test;

/** A vitest JSON report (the jest-compatible fields the script reads). */
const report = (passed: number, failed: number, skipped = 0) => ({
  numTotalTests: passed + failed + skipped,
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: skipped,
  numTodoTests: 0,
  numTotalTestSuites: 2,
  numFailedTestSuites: failed ? 1 : 0,
  success: failed === 0,
  testResults: [],
});

// Each test starts node (or sh and node) a few times: seconds apiece on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'veneer-test-summary-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function summary(json: unknown, ...args: string[]) {
  const file = path.join(tmp, `report-${Math.random().toString(36).slice(2)}.json`);
  if (json !== undefined) writeFileSync(file, JSON.stringify(json));
  return spawnSync(process.execPath, [SUMMARY, file, ...args], { encoding: 'utf8' });
}

describe('scripts/test-summary.mjs', () => {
  it('prints the line and exits 1 for a report with failed tests', () => {
    const run = summary(report(41, 2, 3));
    expect(run.stdout).toBe('41 passed, 2 failed, 3 skipped\n');
    expect(run.status).toBe(1);
  });

  it('exits 0 for a passing report, and with vitest\'s own code when vitest failed on something else', () => {
    expect(summary(report(5, 0))).toMatchObject({ stdout: '5 passed, 0 failed, 0 skipped\n', status: 0 });
    // An unhandled error or a failing hook fails vitest without failing a test.
    const run = summary(report(5, 0), '1');
    expect(run.stdout).toBe('5 passed, 0 failed, 0 skipped\n');
    expect(run.status).toBe(1);
    expect(summary({ ...report(5, 0), success: false }).status).toBe(1);
    expect(summary(report(0, 0)).status).toBe(1);
  });

  it('says so, and fails, when vitest wrote no report', () => {
    const run = summary(undefined, '2');
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/no test report/);
    expect(run.status).toBe(2);
  });
});

describe('npm test', () => {
  it('prints the summary when a test fails, and exits non-zero', () => {
    // package.json's test script in a folder of its own, with stand-ins for tsc and a vitest
    // whose run fails one test: what the script prints and returns, not what the suite does.
    const dir = mkdtempSync(path.join(tmp, 'npm-test-'));
    const bin = path.join(dir, 'bin');
    mkdirSync(bin);
    mkdirSync(path.join(dir, 'scripts'));
    symlinkSync(SUMMARY, path.join(dir, 'scripts', 'test-summary.mjs'));
    writeFileSync(path.join(bin, 'tsc'), '#!/bin/sh\nexit 0\n');
    writeFileSync(
      path.join(bin, 'vitest'),
      '#!/bin/sh\nmkdir -p tests/artifacts\n' +
        `printf '%s' '${JSON.stringify(report(7, 1))}' > tests/artifacts/vitest.json\necho 'FAIL tests/unit/x.test.ts'\nexit 1\n`,
    );
    chmodSync(path.join(bin, 'tsc'), 0o755);
    chmodSync(path.join(bin, 'vitest'), 0o755);
    const run = spawnSync('sh', ['-c', TEST_SCRIPT], { cwd: dir, encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });
    expect(run.stdout).toContain('FAIL tests/unit/x.test.ts');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('7 passed, 1 failed, 0 skipped');
    expect(run.status).not.toBe(0);
    // The same script passes when the tests do.
    writeFileSync(path.join(bin, 'vitest'), '#!/bin/sh\nmkdir -p tests/artifacts\n' + `printf '%s' '${JSON.stringify(report(8, 0))}' > tests/artifacts/vitest.json\n`);
    const passing = spawnSync('sh', ['-c', TEST_SCRIPT], { cwd: dir, encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });
    expect(passing.stdout.trimEnd().split('\n').at(-1)).toBe('8 passed, 0 failed, 0 skipped');
    expect(passing.status).toBe(0);
  });
});
