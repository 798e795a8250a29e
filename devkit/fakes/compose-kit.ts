/**
 * What every in-process world builds the resource from: a config through the real `loadConfig`, and the one fake
 * adapter that pays. The worlds then call the production composition (`composeResource`) with these injected.
 */
import { loadConfig } from '../../src/config/load';
import type { ResourceConfig } from '../../src/config/schema';
import type { PayoutProblem, PayoutResult, Reward, RewardAdapter } from '../../src/rewards/types';

/** The key `configFor` uses unless told otherwise (the mock's own key is passed by the worlds that use the mock). */
export const TEST_API_KEY = 'live_0123456789abcdef0123456789abcdef';

/** What the worlds' config.json holds beside the test's own fields: a site, a key, a vote page, a 5 s timeout. */
const BASE = {
  apiUrl: 'https://votes.example',
  apiKey: TEST_API_KEY,
  voteUrl: 'https://votes.example/servers/1/vote',
  requestTimeoutMs: 5000,
};

/**
 * A config as the resource would load it from config.json holding `partial` over {@link BASE} (top-level fields
 * replace the base's); throws with the loader's own lines when the file would be refused.
 */
export function configFor(partial: Record<string, unknown> = {}): ResourceConfig {
  const loaded = loadConfig({ text: JSON.stringify({ ...BASE, ...partial }), convar: () => null });
  if (!loaded.ok) throw new Error(`config.json refused:\n${loaded.problems.join('\n')}`);
  return loaded.config;
}

/** A payout the fake adapter made. */
export interface Payout {
  source: number;
  reward: Reward;
  /** The vote id, or the award id, the payout was for. */
  ref: string;
}

/** The one fake adapter that pays at once and remembers what it paid; its knobs make it refuse or fail. */
export interface PayingAdapter extends RewardAdapter {
  /** Every payout, in order (kept across restarts of a world that shares the adapter). */
  paid: Payout[];
  /** Sources whose character is not loaded yet (`isPlayerReady` answers false). */
  notLoaded: Set<number>;
  /** When set, `canReceive` answers this problem. */
  capacityProblem: PayoutProblem | null;
  /** Problems the next `give` calls answer, one each, instead of paying. */
  giveProblems: PayoutProblem[];
  /** When set, every `give` answers this problem (until cleared). */
  refusing: PayoutProblem | null;
  /** How many next `give` calls throw (a Lua error escaping mid-payout). */
  giveThrows: number;
}

/** Creates a {@link PayingAdapter} that stands for `name` (default ESX). */
export function createPayingAdapter(name: RewardAdapter['name'] = 'esx'): PayingAdapter {
  const adapter: PayingAdapter = {
    name,
    paid: [],
    notLoaded: new Set(),
    capacityProblem: null,
    giveProblems: [],
    refusing: null,
    giveThrows: 0,
    isPlayerReady: async (source) => !adapter.notLoaded.has(source),
    canReceive: async () =>
      adapter.capacityProblem ? { ok: false, problem: adapter.capacityProblem } : { ok: true },
    async give(ctx, reward): Promise<PayoutResult> {
      if (adapter.giveThrows > 0) {
        adapter.giveThrows -= 1;
        throw new Error('Lua error');
      }
      const problem = adapter.giveProblems.shift() ?? adapter.refusing;
      if (problem) return { ok: false, problem };
      adapter.paid.push({ source: ctx.source, reward, ref: ctx.voteId });
      return { ok: true };
    },
  };
  return adapter;
}
