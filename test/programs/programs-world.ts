import { createVoteApi, type VoteApi } from '../../src/api/client';
import { createRateBudget, type RateBudget } from '../../src/api/rate-budget';
import { type ClaimFlow, createClaimFlow } from '../../src/claim/claim-flow';
import { configSchema, type ResourceConfig } from '../../src/config/schema';
import { createEventChannel, type EventChannel, type ResourceEvents } from '../../src/events';
import { createTranslator } from '../../src/i18n/messages';
import { createVoteParty, type VoteParty } from '../../src/programs/party';
import { createPrograms, type Programs } from '../../src/programs/programs';
import { createTopVoters, type TopVoters } from '../../src/programs/top';
import type { PayoutResult, Reward, RewardAdapter } from '../../src/rewards/types';
import { claimFlowSettings } from '../fakes/claim-flow-settings';
import { createMockVoteApi, type MockVoteApi } from '../fakes/mock-transport';
import { createFakeClock, createFakeRuntime, type FakeClock, type FakeRuntime } from '../fakes/runtime';

/** An adapter that pays at once and remembers what it paid (kept across restarts of a world). */
export interface PayingAdapter extends RewardAdapter {
  paid: { source: number; reward: Reward; ref: string }[];
  /** Sources whose character is not loaded yet (`isPlayerReady` answers false). */
  notLoaded: Set<number>;
}

/** Creates a {@link PayingAdapter}. */
export function createPayingAdapter(): PayingAdapter {
  const adapter: PayingAdapter = {
    name: 'esx',
    paid: [],
    notLoaded: new Set(),
    isPlayerReady: async (source) => !adapter.notLoaded.has(source),
    canReceive: async () => ({ ok: true }),
    async give(ctx, reward): Promise<PayoutResult> {
      adapter.paid.push({ source: ctx.source, reward, ref: ctx.voteId });
      return { ok: true };
    },
  };
  return adapter;
}

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

/** Boots a server over `shared`; `kvp` is the snapshot of a previous run. Nothing is started. */
export function bootWorld(
  shared: Shared,
  rawConfig: Record<string, unknown>,
  options: { kvp?: Map<string, string>; budgetLimit?: number } = {},
): ProgramsWorld {
  const config = configSchema.parse(rawConfig);
  const runtime = createFakeRuntime({ clock: shared.clock, kvp: options.kvp });
  const budget = createRateBudget({ now: shared.clock.now, limit: options.budgetLimit ?? 60 });
  const client = createVoteApi({
    baseUrl: 'https://votes.example',
    apiKey: shared.api.apiKey,
    transport: shared.api,
    budget,
    now: shared.clock.now,
    timeoutMs: 5000,
  });
  const events = createEventChannel();
  const heard: ProgramsWorld['heard'] = [];
  for (const name of ['partyReached', 'monthDecided', 'awardDecided', 'awarded'] as const)
    events.on(name, (payload) => heard.push([name, payload]));
  const programs = createPrograms({ config, runtime, events, random: () => 0.5 });
  const translate = createTranslator('en');
  const flow = createClaimFlow({
    ...claimFlowSettings(),
    runtime,
    api: client,
    adapter: shared.adapter,
    rewards: [{ type: 'money', amount: 100 }],
    programs,
    events,
  });
  const unjoin = runtime.onPlayerJoining((source) => flow.playerJoined(source));
  const settle = (license: string) => flow.settlePlayer(license);
  const party = config.voteParty.enabled
    ? createVoteParty({
        settings: config.voteParty,
        runtime,
        api: client,
        budget,
        programs,
        events,
        translate,
        command: 'vote',
        settle,
        isLoaded: (source) => shared.adapter.isPlayerReady(source),
      })
    : null;
  const top = config.topVoters.enabled
    ? createTopVoters({
        settings: config.topVoters,
        runtime,
        programs,
        events,
        translate,
        command: 'vote',
        settle,
      })
    : null;
  return {
    ...shared,
    config,
    runtime,
    budget,
    client,
    events,
    programs,
    flow,
    party,
    top,
    heard,
    stop() {
      unjoin();
      party?.stop();
      top?.stop();
      flow.stop();
    },
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
