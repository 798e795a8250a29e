import { defineConfig } from 'vitest/config';

/** One vitest run covers every layer: unit, integration (in-process app), e2e (built bundle in the simulated FXServer) and browser. */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/**/*.test.{ts,tsx}'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    restoreMocks: true,
  },
});
