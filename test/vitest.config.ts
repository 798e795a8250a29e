import { configDefaults, defineConfig, type TestProjectConfiguration } from 'vitest/config';
import LongFirstSequencer from './sequencer';

/** The built bundle in the simulated FXServer (and what replays on it): needs `node build.mjs` first. */
const E2E = [
  'test/e2e/**/*.test.ts',
  'test/upgrade/**/*.test.ts',
  'test/demo/**/*.test.ts',
  'test/resource/bundle.test.ts',
];
/** Tests that spawn processes (tsx, node, build.mjs): seconds per case. */
const PROCESS = [
  'test/mock/cli.test.ts',
  'test/mock/contract.test.ts',
  'test/mock/discord-webhooks.test.ts',
  'test/release/package.test.ts',
];
/**
 * The e2e files `npm test` runs a second time, on Node 22.22.0 (FXServer's, test/run.mjs): those that meet what
 * differs between the host's Node 20 and Node 22 for the bundle. Everything else in the bundle runs the same JavaScript
 * on both (the simulated FXServer's timers are its own virtual clock, KVP and exports are the simulation's code);
 * `node test/run.mjs --node22=all` runs the whole e2e project there.
 */
export const NODE22_FILES = [
  // What differed, pinned: V8's JSON.parse wording, undici's assertion text, Unicode 16 against 17 — and that this
  // pass runs on 22.22.0.
  'test/e2e/node-runtime.test.ts',
  // fetch is undici (another major on each Node): answers cut short, lying Content-Length, compressed bodies past the
  // cap, slow bodies under AbortSignal.timeout, status lines out of range, connections refused or reset.
  'test/e2e/hostile-answers.test.ts',
  // The first contact through fetch, config.json parse errors (V8's messages), time-zone names (ICU's tz data).
  'test/e2e/startup.test.ts',
  // Names through \p{…} classes, NFKC and case folding: ICU 77 (Node 22) against ICU 78 (Node 20).
  'test/e2e/display-names.test.ts',
  'test/e2e/name-lock-folding.test.ts',
  'test/e2e/console-injection.test.ts',
  // Site answers and fetch errors quoting URLs (WHATWG URL, undici's error causes) never show a key.
  'test/e2e/sites-secrets.test.ts',
  // The bundle compiled and loaded by V8 12 (the esbuild target) and FXServer's module set.
  'test/resource/bundle.test.ts',
  // KVP written by older versions read back (JSON, localeCompare ordering over ICU's collation).
  'test/upgrade/data-version.test.ts',
  // The database driver this pass gives the mock (test/node22-sqlite.ts) answers as better-sqlite3 does on the host.
  'test/mock/sqlite-driver.test.ts',
];
/**
 * `npm run test:quick` (test/run.mjs --quick, VR_QUICK set): the inner loop. The unit project less its volume tests
 * (thousands of requests, renders, simulated players or generated cases: they test load and limits, not the logic a
 * change usually touches; together about half the unit layer's test time), plus the e2e core: the bundle starting in
 * the simulated FXServer and a vote claimed and paid through each path.
 */
export const QUICK_SKIP = [
  'test/mock/badge-flood.test.ts', // every badge variant of 20 servers rendered over sockets
  'test/mock/wal.test.ts', // 20,000 votes and 20,000 claims over HTTP into a file database
  'test/mock/rolling-counts.test.ts', // a month of votes, 150 generated cases
  'test/mock/sockets.test.ts', // 50 simultaneous claims over real sockets
  'test/multisite/site-claims.property.test.ts', // 60 generated multi-site worlds
  'test/poll/gate.test.ts', // the poller over up to 1,000 players and simulated hours
  'test/badge/names.property.test.ts', // generated names rendered
];
export const QUICK_E2E = ['test/e2e/startup.test.ts', 'test/e2e/claim-paths.test.ts'];
const QUICK = process.env.VR_QUICK === '1';
/** Set by test/run.mjs for its Node 22 pass: `files` (NODE22_FILES) or `all` (the whole e2e project). */
const NODE22_PASS = process.env.VR_NODE22_PASS;
/** A network of servers on a real MariaDB (started by the project's global setup, `test/network/global-setup.ts`). */
const NETWORK = ['test/network/**/*.test.ts'];
/** Pages driven in Chromium. */
const BROWSER = ['test/browser/**/*.test.{ts,tsx}'];

/**
 * Files share one module graph per worker (`isolate: false`): each file builds its own worlds (`createE2e`: a fresh
 * mock and database, a fresh simulated server, a fresh vm context per resource; the unit layer's harnesses likewise),
 * so the harness, the mock, hono and zod are imported once per worker instead of once per file. Measured on the unit
 * layer: half its CPU (about 106 s against 225 s on this 2-core machine). What a file changes globally is undone
 * between files: spies by `restoreMocks`, stubbed globals by the files that stub them, and the `Request`/`Response`
 * that @hono/node-server swaps in by `test/globals-setup.ts`. The unit layer passed whole in shuffled file orders
 * (`--sequence.shuffle.files`, seeds 11 and 23) before this was set.
 */
const SHARED_MODULES = { isolate: false };

const UNIT = {
  name: 'unit',
  include: ['test/**/*.test.{ts,tsx}'],
  exclude: [...configDefaults.exclude, ...E2E, ...PROCESS, ...BROWSER, ...NETWORK],
  ...SHARED_MODULES,
};

/** The projects of this run: the five layers, the quick loop's two, or the Node 22 pass's one. */
function projects(): TestProjectConfiguration[] {
  if (QUICK)
    return [
      { extends: true, test: { ...UNIT, exclude: [...UNIT.exclude, ...QUICK_SKIP] } },
      { extends: true, test: { name: 'e2e', include: QUICK_E2E, ...SHARED_MODULES } },
    ];
  if (NODE22_PASS)
    return [
      {
        extends: true,
        test: {
          name: 'node22',
          include: NODE22_PASS === 'all' ? [...E2E, 'test/mock/sqlite-driver.test.ts'] : NODE22_FILES,
          ...SHARED_MODULES,
        },
      },
    ];
  return [
    { extends: true, test: UNIT },
    { extends: true, test: { name: 'e2e', include: E2E, ...SHARED_MODULES } },
    { extends: true, test: { name: 'process', include: PROCESS } },
    { extends: true, test: { name: 'browser', include: BROWSER } },
    {
      extends: true,
      test: { name: 'network', include: NETWORK, globalSetup: ['test/network/global-setup.ts'] },
    },
  ];
}

/**
 * Five layers as vitest projects: `unit` (everything in process, the default home of a new test), `e2e`, `process`,
 * `browser` and `network` (a real MariaDB). `npm test` (test/run.mjs) runs them all; `npm run test:unit` etc. run one (`--project <name>`).
 */
export default defineConfig({
  // node_modules' better-sqlite3 is built for the host's Node; on Node 22 the mock runs on node:sqlite.
  ...(NODE22_PASS
    ? { resolve: { alias: { 'better-sqlite3': new URL('./node22-sqlite.ts', import.meta.url).pathname } } }
    : {}),
  test: {
    root: new URL('..', import.meta.url).pathname,
    pool: 'forks',
    // One worker per core. Vitest's own default is one fewer, which on a 2-core machine runs every file in turn on
    // one core while the other idles; the tests wait on loopback I/O, child processes and Chromium often enough that
    // a worker per core keeps both busy.
    maxWorkers: '100%',
    // A bound for a hung test, not a speed check: with a worker per core on a shared machine a volume test that
    // takes 10 s alone (the badge flood, the kill sweeps) has taken over 30 s under load.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    restoreMocks: true,
    setupFiles: ['test/fast-check-setup.ts', 'test/globals-setup.ts'],
    // The longest files start first (test/sequencer.ts): a clean clone has no durations for vitest to order by.
    sequence: { sequencer: LongFirstSequencer },
    projects: projects(),
  },
});
