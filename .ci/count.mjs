// Prints "<label> <passed> <failed>" for one `npm test` run from the vitest and Playwright JSON
// reports. A failing command that produced no report (typecheck, lint, build) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

const [label, exitCode] = process.argv.slice(2);
const name = label.replaceAll(' ', '-');
let passed = 0;
let failed = 0;

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

const unit = read('test-results/unit-results.json');
if (unit) {
  passed += unit.numPassedTests ?? 0;
  failed += unit.numFailedTests ?? 0;
}

const e2e = read('test-results/e2e-results.json');
if (e2e?.stats) {
  passed += e2e.stats.expected ?? 0;
  failed += (e2e.stats.unexpected ?? 0) + (e2e.stats.flaky ?? 0);
}

// A stage that ended without its report (vitest exits 0 when its global setup dies before any
// test runs) counts as one failure: no report is not a pass.
for (const [report, what] of [
  [unit, 'test-results/unit-results.json (unit tests)'],
  [e2e?.stats, 'test-results/e2e-results.json (browser journeys)'],
]) {
  if (report) continue;
  console.error(`ci: no report in ${what}: counted as one failure`);
  failed += 1;
}

if (Number(exitCode) !== 0 && failed === 0) failed = 1;
console.log(`${name} ${passed} ${failed}`);
