import { configDefaults, defineConfig } from 'vitest/config';

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
/** Set by test/run.mjs when the e2e project runs on Node 22: a better-sqlite3 built for that Node's ABI. */
const BETTER_SQLITE3 = process.env.VR_BETTER_SQLITE3;
/** A network of servers on a real MariaDB (started by the project's global setup, `test/network/global-setup.ts`). */
const NETWORK = ['test/network/**/*.test.ts'];
/** Pages driven in Chromium. */
const BROWSER = ['test/browser/**/*.test.{ts,tsx}'];

/**
 * Five layers as vitest projects: `unit` (everything in process, the default home of a new test), `e2e`, `process`,
 * `browser` and `network` (a real MariaDB). `npm test` (test/run.mjs) runs them all; `npm run test:unit` etc. run one (`--project <name>`).
 */
export default defineConfig({
  ...(BETTER_SQLITE3 ? { resolve: { alias: { 'better-sqlite3': BETTER_SQLITE3 } } } : {}),
  test: {
    root: new URL('..', import.meta.url).pathname,
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    restoreMocks: true,
    setupFiles: ['test/fast-check-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...E2E, ...PROCESS, ...BROWSER, ...NETWORK],
        },
      },
      { extends: true, test: { name: 'e2e', include: E2E } },
      { extends: true, test: { name: 'process', include: PROCESS } },
      { extends: true, test: { name: 'browser', include: BROWSER } },
      {
        extends: true,
        test: { name: 'network', include: NETWORK, globalSetup: ['test/network/global-setup.ts'] },
      },
    ],
  },
});
