#!/usr/bin/env node
// Builds the bundle, runs every vitest project (unit, e2e, process, browser) on the host's Node, then the `node22`
// project on the Node FXServer runs server JS on (22.22.0, test/node22.mjs): the e2e files that exercise what differs
// between the two runtimes (NODE22_FILES in test/vitest.config.ts). It ends with the one line CI reads:
// `tests: N passed, N failed` over both runs. Extra arguments are passed to vitest (file filters, -t, --project unit
// ...); `--node22=skip` leaves out the Node 22 run, `--node22=only` runs only it (`npm run test:e2e:node22`),
// `--node22=all` runs the whole e2e project on Node 22 after the host run. `--quick` (`npm run test:quick`) runs the
// inner loop on the host only: the unit project less its volume tests, and the e2e core (QUICK_* in the config).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureNode22, NODE22_VERSION } from './node22.mjs';

const root = new URL('..', import.meta.url).pathname;
mkdirSync(`${root}.test-out`, { recursive: true });

const quick = process.argv.includes('--quick');
const node22Flag = process.argv.find((arg) => arg.startsWith('--node22='));
const node22Mode = quick
  ? 'skip'
  : (node22Flag?.slice('--node22='.length) ?? process.env.VR_NODE22 ?? 'also');
if (!['also', 'skip', 'only', 'all'].includes(node22Mode)) {
  console.log(`test/run.mjs: --node22 takes also, skip, only or all, not ${node22Mode}`);
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}
const args = process.argv.slice(2).filter((arg) => arg !== node22Flag && arg !== '--quick');

/** The projects named by `--project x` / `--project=x`, or null for all. */
function selectedProjects(list) {
  const named = [];
  list.forEach((arg, i) => {
    if (arg === '--project' && list[i + 1] !== undefined) named.push(list[i + 1]);
    else if (arg.startsWith('--project=')) named.push(arg.slice('--project='.length));
  });
  return named.length > 0 ? named : null;
}

/** Vitest's arguments without any `--project` choice. */
function withoutProjects(list) {
  return list.filter(
    (arg, i) => arg !== '--project' && list[i - 1] !== '--project' && !arg.startsWith('--project='),
  );
}

let passed = 0;
let failed = 0;
let ok = true;

/** One vitest run on `node`; adds its counts. `id` names its report (`host`: the first, `vitest.json`). */
function runVitest(id, label, node, vitestArgs, env = {}) {
  const report = `${root}.test-out/vitest${id === 'host' ? '' : `-${id}`}.json`;
  rmSync(report, { force: true });
  const started = Date.now();
  const vitest = spawnSync(
    node,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--config',
      'test/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...vitestArgs,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  let runPassed = 0;
  let runFailed = 0;
  try {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    runPassed = result.numPassedTests;
    runFailed = result.numFailedTests;
    // A file that fails to load has no failed test of its own; count it so it cannot pass unnoticed.
    for (const file of result.testResults ?? []) {
      if (file.status === 'failed' && file.assertionResults.length === 0) runFailed += 1;
    }
  } catch {
    runFailed += 1;
  }
  if (vitest.status !== 0 && runFailed === 0) runFailed = 1;
  console.log(
    `${label}: ${runPassed} passed, ${runFailed} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  passed += runPassed;
  failed += runFailed;
  if (runFailed > 0 || vitest.status !== 0) ok = false;
}

/** True when `name` is a command on the PATH. */
const hasCommand = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;

/**
 * Debian's Chromium (the browser project) and MariaDB (the network project), installed with apt-get when missing and
 * this runs as root, as `.ci/run` does: `npm test` on a fresh machine of this kind brings what its tests need. Without
 * root the run goes on and those projects say what to install.
 */
function ensureSystemPackages(selected) {
  const wants = (name) => selected === null || selected.includes(name);
  const need = [];
  if (wants('browser') && !hasCommand('chromium')) need.push('chromium');
  if (wants('network') && !hasCommand('mariadbd')) need.push('mariadb-server');
  if (need.length === 0) return;
  if (process.getuid?.() !== 0 || !hasCommand('apt-get')) {
    console.log(
      `== missing Debian packages: ${need.join(', ')} (apt-get install ${need.join(' ')}, as root)`,
    );
    return;
  }
  console.log(`== installing ${need.join(' and ')} for the tests that use them (apt-get)`);
  const install = spawnSync(
    'sh',
    ['-c', `apt-get update -qq && apt-get install -y -qq ${need.join(' ')} >/dev/null`],
    { stdio: 'inherit' },
  );
  if (install.status !== 0) console.log(`== apt-get could not install ${need.join(', ')}`);
}

if (!quick && node22Mode !== 'only') ensureSystemPackages(selectedProjects(args));

const build = spawnSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

if (node22Mode !== 'only') {
  runVitest('host', `Node ${process.versions.node}${quick ? ' (quick)' : ''}`, process.execPath, args, {
    ...(quick ? { VR_QUICK: '1' } : {}),
  });
}

const projects = selectedProjects(args);
if (node22Mode !== 'skip' && (projects === null || projects.includes('e2e'))) {
  console.log(
    `\n== ${node22Mode === 'all' ? 'the whole e2e project' : 'the e2e files that meet what differs'} on Node ${NODE22_VERSION}, the runtime FXServer runs server JS on`,
  );
  let node22;
  try {
    node22 = ensureNode22();
  } catch (error) {
    console.log(`cannot install Node ${NODE22_VERSION}: ${error.message}`);
    node22 = null;
    failed += 1;
    ok = false;
  }
  if (node22?.skipped) {
    console.log(`Node ${NODE22_VERSION} run skipped: ${node22.skipped}`);
  } else if (node22) {
    if (node22.installMs > 1000)
      console.log(`installed into .cache/node22 in ${(node22.installMs / 1000).toFixed(1)} s`);
    runVitest(
      `node${NODE22_VERSION}`,
      `Node ${NODE22_VERSION} (FXServer)`,
      node22.node,
      [...withoutProjects(args), '--project', 'node22', '--passWithNoTests'],
      {
        VR_NODE22_PASS: node22Mode === 'all' ? 'all' : 'files',
        VR_EXPECT_NODE: NODE22_VERSION,
      },
    );
  }
}

console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
