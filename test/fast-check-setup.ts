/**
 * Replays a property test's failure: fast-check prints `{ seed, path }` when a property fails; run the test again
 * with `FC_SEED=<seed> FC_PATH=<path>` (FC_PATH optional) and every `fc.assert` starts from that seed. A property
 * that sets its own `seed` keeps it.
 */
import fc from 'fast-check';

const seed = process.env.FC_SEED;
if (seed !== undefined && seed !== '') {
  const value = Number(seed);
  if (!Number.isInteger(value))
    throw new Error(`FC_SEED must be an integer (fast-check's seed), got "${seed}"`);
  const path = process.env.FC_PATH;
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: value, ...(path ? { path } : {}) });
}
