/**
 * Runs the project's real adapters (src/rewards) on top of a world's real framework Lua, through the server's
 * FrameworkHost. Their calls are recorded like any other; what they answered is added to the scenario's notes.
 */
import type { SelectAdapterOptions } from '../../src/rewards/select';
import type { FrameworkHost, PayoutContext, Reward, RewardAdapter } from '../../src/rewards/types';
import type { ScenarioContext } from './world';

/** Player 1 of the worlds, as the claim flow would describe them. */
export const ALICE: PayoutContext = { source: 1, name: 'Alice', license: 'license:1111', voteId: 'vote-1' };

/**
 * Selects the adapter as the resource does at start (`framework: 'auto'` unless `settings` say otherwise) and runs
 * `action` with it. Each `answer(label, value)` becomes the note `adapter <label>`. A failure to load or select is
 * noted, not thrown, so a half-finished change in src/ cannot stop a recording. `settings.host` replaces the
 * server's FrameworkHost (e.g. one that records the vRP proxy events).
 */
export async function withAdapter(
  ctx: ScenarioContext,
  rewards: Reward[],
  action: (adapter: RewardAdapter, answer: (label: string, value: unknown) => void) => Promise<void>,
  settings: Partial<Pick<SelectAdapterOptions, 'framework' | 'inventory' | 'vrp' | 'rsg'>> & {
    host?: FrameworkHost;
  } = {},
): Promise<void> {
  try {
    const { selectAdapter } = await import('../../src/rewards/select');
    const { host, ...options } = settings;
    const selected = selectAdapter({
      framework: 'auto',
      ...options,
      host: host ?? ctx.server.frameworkHost(),
      rewards,
    });
    if (!selected.ok) {
      ctx.note('adapter problems', selected.problems);
      return;
    }
    ctx.note('adapter framework', selected.framework);
    try {
      await action(selected.adapter, (label, value) => ctx.note(`adapter ${label}`, value));
    } finally {
      selected.adapter.dispose();
    }
  } catch (error) {
    ctx.note('adapter error', error instanceof Error ? error.message : String(error));
  }
}

/** Which adapter calls a scenario makes; they run in this order: startupProblems, isPlayerReady, canReceive, give. */
export interface AdapterSteps {
  startupProblems?: boolean;
  /** Labelled `isPlayerReady <source>`. */
  isPlayerReady?: boolean;
  canReceive?: boolean;
  /** Pays each reward: labelled `give` for one reward, `give <type>` for several. */
  give?: boolean;
}

/** Makes the `steps` calls on `adapter` about `rewards` for `player`, each answer noted under its label. */
export async function adapterSteps(
  adapter: RewardAdapter,
  answer: (label: string, value: unknown) => void,
  rewards: Reward[],
  steps: AdapterSteps,
  player: PayoutContext = ALICE,
): Promise<void> {
  if (steps.startupProblems) answer('startupProblems', await adapter.startupProblems?.(rewards));
  if (steps.isPlayerReady)
    answer(`isPlayerReady ${player.source}`, await adapter.isPlayerReady(player.source));
  if (steps.canReceive) answer('canReceive', await adapter.canReceive(player, rewards));
  if (steps.give)
    for (const reward of rewards)
      answer(rewards.length === 1 ? 'give' : `give ${reward.type}`, await adapter.give(player, reward));
}

/** A scenario `run` that selects the adapter with {@link withAdapter} and makes the `steps` calls. */
export function adapterRun(
  rewards: Reward[],
  steps: AdapterSteps,
  player: PayoutContext = ALICE,
): (ctx: ScenarioContext) => Promise<void> {
  return (ctx) =>
    withAdapter(ctx, rewards, (adapter, answer) => adapterSteps(adapter, answer, rewards, steps, player));
}
