import type { VoteApi } from '../../src/api/client';
import type { RateBudget } from '../../src/api/rate-budget';
import type { ClaimFlow } from '../../src/claim/claim-flow';
import { composeResource } from '../../src/compose';
import type { ResourceConfig } from '../../src/config/schema';
import type { EventChannel, ResourceEvents } from '../../src/domain/events';
import type { VoteParty } from '../../src/programs/party';
import type { Programs } from '../../src/programs/programs';
import type { TopVoters } from '../../src/programs/top';
import { configFor, createPayingAdapter, type PayingAdapter } from '../fakes/compose-kit';
import { createMockVoteApi, type MockVoteApi } from '../fakes/mock-transport';
import { createFakeClock, createFakeRuntime, type FakeClock, type FakeRuntime } from '../fakes/runtime';

export { createPayingAdapter, type PayingAdapter };

/** What survives a restart: the clock, the mock API and the framework (the KVP is passed as a snapshot). */
export interface Shared {
  clock: FakeClock;
  api: MockVoteApi;
  adapter: PayingAdapter;
}

/** One running server: the real claim flow, programs, party and top voters over the fake runtime and the mock. */
export interface ProgramsWorld extends Shared {
  config: ResourceConfig;
  runtime: FakeRuntime;
  budget: RateBudget;
  client: VoteApi;
  events: EventChannel;
  programs: Programs;
  flow: ClaimFlow;
  party: VoteParty | null;
  top: TopVoters | null;
  /** Every event heard, as `[name, payload]`. */
  heard: [keyof ResourceEvents, unknown][];
  /** Stops every timer of this server (as if the process died). */
  stop(): void;
}

/** Creates the shared parts, the clock at `start` (default 2026-11-21 10:00 UTC). */
export function createShared(start?: number, rateLimit?: number): Shared {
  const clock = createFakeClock(start);
  return {
    clock,
    api: createMockVoteApi({ now: clock.now, ...(rateLimit === undefined ? {} : { rateLimit }) }),
    adapter: createPayingAdapter(),
  };
}

/**
 * Boots a server over `shared` through the production composition; `rawConfig` is config.json's content (each vote
 * pays 100 cash unless it names a `reward`); `kvp` is the snapshot of a previous run. Nothing is started.
 */
export function bootWorld(
  shared: Shared,
  rawConfig: Record<string, unknown>,
  options: { kvp?: Map<string, string>; budgetLimit?: number } = {},
): ProgramsWorld {
  const config = configFor({
    reward: { type: 'money', amount: 100 },
    apiKey: shared.api.apiKey,
    ...rawConfig,
  });
  const runtime = createFakeRuntime({ clock: shared.clock, kvp: options.kvp });
  const running = composeResource(runtime, config, {
    adapter: shared.adapter,
    transport: shared.api,
    random: () => 0.5,
    budgetLimit: options.budgetLimit,
  });
  const heard: ProgramsWorld['heard'] = [];
  for (const name of ['partyReached', 'monthDecided', 'awardDecided', 'awarded'] as const)
    running.events.on(name, (payload) => heard.push([name, payload]));
  return {
    ...shared,
    config,
    runtime,
    budget: running.budget,
    client: running.api,
    events: running.events,
    programs: running.programs,
    flow: running.flow,
    party: running.party,
    top: running.top,
    heard,
    stop: running.stop,
  };
}

/** Adds `n` votes of distinct voters to the mock at the current time. */
export function addVotes(api: MockVoteApi, now: number, n: number, prefix = 'Voter'): void {
  for (let i = 0; i < n; i += 1) api.addVote(`${prefix}${api.votes().length + 1}`, now);
}

/** Puts a player online without the join hook (a player already there at start). */
export function online(world: ProgramsWorld, source: number, name: string, license: string): void {
  world.runtime.onlinePlayers.set(source, { name, license });
}

/** What the adapter paid for awards whose id starts with `prefix`, as `ref@source`. */
export function awardPayouts(adapter: PayingAdapter, prefix: string): string[] {
  return adapter.paid.filter((p) => p.ref.startsWith(prefix)).map((p) => `${p.ref}@${p.source}`);
}

/** The messages told to a player. */
export function toldTo(world: ProgramsWorld, source: number): string[] {
  return world.runtime.told.filter((t) => t.source === source).map((t) => t.message);
}
