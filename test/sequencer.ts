/**
 * The order files start in: the longest first, so that on a two-core machine the last minutes are not one long file
 * running alone while the other core waits. Vitest orders by the durations of the previous run when it has them, and
 * a clean clone has none: it then starts the largest files first, and the slowest files are not the largest (the
 * badge flood and the 20,000-vote write-ahead log are short files that took 14-15 s each, started last in a clean
 * clone and ended the run alone). LONG_FIRST lists the files measured longest in a clean clone's `npm test`
 * (`.test-out/vitest.json`, durations on a 2-core machine); they start first, in this order, and every other file
 * keeps vitest's own order after them.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest files of a clean clone's run, longest first (seconds in the comment, 2-core machine, quiet). */
export const LONG_FIRST = [
  'test/browser/pages-layout.test.ts', // 50
  'test/e2e/programs.test.ts', // 33
  'test/browser/panel-page.test.ts', // 31
  'test/e2e/sites-three.test.ts', // 20
  'test/e2e/shop-kills.test.ts', // 18
  'test/mock/badge-flood.test.ts', // 15
  'test/mock/wal.test.ts', // 14
  'test/multisite/site-claims.property.test.ts', // 13
  'test/e2e/frameworks.test.ts', // 12
  'test/e2e/claim-paths.test.ts', // 10
  'test/e2e/sites-two.test.ts', // 9
  'test/browser/dashboard-layout.test.ts', // 8
  'test/e2e/panel.test.ts', // 8
  'test/network/site-race.test.ts', // 8
  'test/upgrade/upgrade-0.1.0.test.ts', // 8
];

/** Vitest's order, with the files of {@link LONG_FIRST} moved to the front in its order. */
export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = LONG_FIRST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return at < 0 ? LONG_FIRST.length : at;
    };
    // Array.prototype.sort is stable: files outside the list keep vitest's order.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
