// Prints vitest's JSON report as the plain closing line CI reads: "N passed, N failed, N skipped".
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2] ?? 'tests/artifacts/vitest.json', 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
process.exit(report.numFailedTests > 0 || report.numTotalTests === 0 ? 1 : 0);
