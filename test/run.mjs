#!/usr/bin/env node
// Builds the bundle, runs every vitest project (unit, e2e, process, browser) and ends with the one line CI reads:
// `tests: N passed, N failed`. Extra arguments are passed to vitest (file filters, -t, --project unit ...).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const report = `${root}.test-out/vitest.json`;
mkdirSync(`${root}.test-out`, { recursive: true });
rmSync(report, { force: true });

const build = spawnSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

const vitest = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--config',
    'test/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);

let passed = 0;
let failed = 0;
try {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.numPassedTests;
  failed = result.numFailedTests;
  // A file that fails to load has no failed test of its own; count it so it cannot pass unnoticed.
  for (const file of result.testResults ?? []) {
    if (file.status === 'failed' && file.assertionResults.length === 0) failed += 1;
  }
} catch {
  failed += 1;
}
if (vitest.status !== 0 && failed === 0) failed = 1;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && vitest.status === 0 ? 0 : 1);
