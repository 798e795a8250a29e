import { createVoteApi } from '../../src/api/client';
import { createRateBudget } from '../../src/api/rate-budget';
import { createFetchTransport, type HttpTransport } from '../../src/api/transport';
import { type ClaimFlow, createClaimFlow } from '../../src/claim/claim-flow';
import type { Reward, RewardAdapter } from '../../src/rewards/types';
import { claimFlowSettings } from './claim-flow-settings';
import { createMockVoteApi, type MockVoteApi } from './mock-transport';
import { forwardToApp, type RawHttpServer, type RawReply, startRawHttpServer } from './raw-http-server';
import {
  createFakeClock,
  createFakeRuntime,
  type FakeClock,
  type FakePlayer,
  type FakeRuntime,
} from './runtime';

/** The player every world has online as source 1. */
export const ANA = { name: 'Ana', license: 'license:aaa' };

/** The one reward the worlds pay. */
export const REWARDS: Reward[] = [{ type: 'money', amount: 500 }];

/** An adapter that always pays and records the vote id of each payout. */
export interface PayingAdapter extends RewardAdapter {
  /** Vote ids of the payouts, in order. */
  paid: string[];
}

/** Creates a {@link PayingAdapter}. */
export function createPayingAdapter(): PayingAdapter {
  const adapter: PayingAdapter = {
    name: 'esx',
    paid: [],
    isPlayerReady: async () => true,
    canReceive: async () => ({ ok: true }),
    async give(ctx) {
      adapter.paid.push(ctx.voteId);
      return { ok: true };
    },
  };
  return adapter;
}

/** The real client and claim flow over a transport, with the real mock's data behind it. */
export interface ClaimWorld {
  clock: FakeClock;
  mock: MockVoteApi;
  runtime: FakeRuntime;
  adapter: PayingAdapter;
  flow: ClaimFlow;
}

/** Builds the client (logging to the fake runtime) and the claim flow; `player` (Ana) is online as source 1. */
export function buildClaimWorld(
  clock: FakeClock,
  mock: MockVoteApi,
  transport: HttpTransport,
  baseUrl: string,
  player: FakePlayer = ANA,
  timeoutMs = 5000,
): ClaimWorld {
  const runtime = createFakeRuntime({ clock });
  const adapter = createPayingAdapter();
  const api = createVoteApi({
    baseUrl,
    apiKey: mock.apiKey,
    transport,
    budget: createRateBudget({ now: clock.now }),
    now: clock.now,
    timeoutMs,
    log: runtime.log,
  });
  const flow = createClaimFlow({
    runtime,
    api,
    adapter,
    rewards: REWARDS,
    ...claimFlowSettings(),
  });
  runtime.join(1, player);
  return { clock, mock, runtime, adapter, flow };
}

/** Options of {@link SocketClaimWorld.override}. */
export interface OverrideOptions {
  /** Let the mock handle the request first (the claim happens), then send the replacement. */
  apply?: boolean;
  /** How many answers to replace (default 1). */
  times?: number;
  /** Requests to let through unchanged before replacing. */
  skip?: number;
}

/** The mock behind a raw server on 127.0.0.1, whose answers tests can replace. */
export interface SocketSite {
  clock: FakeClock;
  mock: MockVoteApi;
  server: RawHttpServer;
  /** Replaces answers of `path` (without query) with `reply`. */
  override(path: string, reply: () => RawReply, options?: OverrideOptions): void;
  /** A fresh client and claim flow (own budget, runtime and adapter) over the fetch transport and this site. */
  world(player?: FakePlayer): ClaimWorld;
  /** Closes the server and the mock's database. */
  close(): Promise<void>;
}

/** Options of {@link createSocketSite}. */
export interface SocketSiteOptions {
  /** The mock's per-key limit (default the spec's 60 a minute). */
  rateLimit?: number;
  /** Request timeout of the clients `world()` builds (default 5000 ms). */
  timeoutMs?: number;
}

/** Starts a {@link SocketSite}. */
export async function createSocketSite(options: SocketSiteOptions = {}): Promise<SocketSite> {
  const clock = createFakeClock();
  const mock = createMockVoteApi({ now: clock.now, rateLimit: options.rateLimit ?? 60 });
  const overrides = new Map<string, { apply: boolean; reply: () => RawReply; skip: number; left: number }>();
  const server = await startRawHttpServer(async (request) => {
    const override = overrides.get(request.url.split('?')[0] ?? '');
    if (!override || override.left <= 0) return forwardToApp(mock.app, request);
    if (override.skip > 0) {
      override.skip -= 1;
      return forwardToApp(mock.app, request);
    }
    override.left -= 1;
    if (override.apply) await forwardToApp(mock.app, request);
    return override.reply();
  });
  const transport = createFetchTransport(fetch);
  return {
    clock,
    mock,
    server,
    override(path, reply, overrideOptions = {}) {
      overrides.set(path, {
        apply: overrideOptions.apply ?? false,
        reply,
        skip: overrideOptions.skip ?? 0,
        left: overrideOptions.times ?? 1,
      });
    },
    world: (player) => buildClaimWorld(clock, mock, transport, server.baseUrl, player, options.timeoutMs),
    async close() {
      await server.close();
      mock.close();
    },
  };
}

/** One {@link ClaimWorld} over real sockets: fetch transport → raw server on 127.0.0.1 → the mock app. */
export type SocketClaimWorld = ClaimWorld & Omit<SocketSite, 'world'>;

/** Starts a {@link SocketClaimWorld} with Ana online. */
export async function createSocketClaimWorld(): Promise<SocketClaimWorld> {
  const site = await createSocketSite();
  return { ...site, ...site.world() };
}
