/**
 * The payout engine for tests that build one part alone (the programs, a claim flow over one framework): the same
 * `createPayoutEngine` the composition builds, over the test's runtime, with the config's bounds.
 */
import type { VoteApi } from '../../src/api/client';
import { possibleRewardsOf } from '../../src/config/load';
import type { ResourceConfig } from '../../src/config/schema';
import { createEventChannel, type EventChannel } from '../../src/domain/events';
import { createPayoutEngine, type PayoutEngine } from '../../src/engine/payout-engine';
import { createPrograms, type Programs } from '../../src/programs/programs';
import type { RewardAdapter } from '../../src/rewards/types';
import type { Runtime } from '../../src/runtime/runtime';
import { rewardBoundsOf } from '../../src/store/bounds';
import { configFor, createPayingAdapter } from './compose-kit';

/** What a test may set; the rest is the default config, the paying fake adapter and an API that is never reached. */
export interface EngineKitOptions {
  config?: ResourceConfig;
  adapter?: RewardAdapter;
  api?: Pick<VoteApi, 'checkVote'>;
  events?: EventChannel;
  nameLock?: boolean;
  record?: (entry: Parameters<NonNullable<Parameters<typeof createPayoutEngine>[0]['record']>>[0]) => void;
}

const unreachableApi = {
  checkVote: () => Promise.reject(new Error('this test reaches no API')),
} as unknown as Pick<VoteApi, 'checkVote'>;

/** A payout engine over `runtime`, as the composition builds it. */
export function engineFor(
  runtime: Pick<Runtime, 'now' | 'kvp' | 'players' | 'playerLicense' | 'log'>,
  options: EngineKitOptions = {},
): PayoutEngine {
  const config = options.config ?? configFor();
  return createPayoutEngine({
    runtime,
    api: options.api ?? unreachableApi,
    adapter: options.adapter ?? createPayingAdapter(),
    bounds: rewardBoundsOf(possibleRewardsOf(config)),
    events: options.events ?? createEventChannel(),
    nameLock: options.nameLock ?? config.nameLock,
    ...(options.record ? { record: options.record } : {}),
  });
}

/** The programs over a payout engine's journal, as the composition builds them. */
export function programsFor(
  options: Omit<Parameters<typeof createPrograms>[0], 'journal' | 'bounds'> & {
    runtime: Parameters<typeof engineFor>[0];
  },
): Programs {
  const engine = engineFor(options.runtime, { config: options.config, events: options.events });
  return createPrograms({
    ...options,
    journal: engine.journal,
    bounds: rewardBoundsOf(possibleRewardsOf(options.config)),
  });
}
