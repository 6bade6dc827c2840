// Prints vitest's JSON report as the plain closing line CI reads: "N passed, N failed, N skipped",
// whether the tests passed or not.
//   node scripts/test-summary.mjs [report.json] [vitest's exit code]
// Exits with vitest's code when it failed (an unhandled error or a failing hook fails the run
// without failing a test), else 1 when a test failed or none ran.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'tests/artifacts/vitest.json';
const vitestCode = Number(process.argv[3] ?? 0) || 0;

if (!existsSync(file)) {
  console.error(`vitest wrote no test report (${file}); its exit code: ${vitestCode}`);
  process.exit(vitestCode || 1);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
const failed = report.numFailedTests > 0 || report.numTotalTests === 0 || report.success === false;
process.exit(vitestCode || (failed ? 1 : 0));
