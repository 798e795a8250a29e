import { createMockVoteApi } from '../fakes/mock-transport';
import type { FakeClock } from '../fakes/runtime';
import { createFakeClock } from '../fakes/runtime';
import { createPayingAdapter, type Shared } from './programs-world';

/** Shared parts whose server clock can be set wrong: the mock API (and the timers) keep the true time. */
export interface SkewedShared extends Shared {
  /** The true time. */
  truth: FakeClock;
  /** Sets the server clock `ms` away from the true time (0: right again). */
  skew(ms: number): void;
}

/** Creates shared parts at `start` (true time) with a server clock that can jump. */
export function createSkewedShared(start: number): SkewedShared {
  const truth = createFakeClock(start);
  let offset = 0;
  const clock: FakeClock = { ...truth, now: () => truth.now() + offset };
  return {
    truth,
    clock,
    api: createMockVoteApi({ now: truth.now }),
    adapter: createPayingAdapter(),
    skew(ms) {
      offset = ms;
    },
  };
}
