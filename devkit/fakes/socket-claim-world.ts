import { createFetchTransport, type HttpTransport } from '../../src/api/transport';
import type { ClaimFlow } from '../../src/claim/claim-flow';
import { composeResource } from '../../src/compose';
import type { Reward } from '../../src/rewards/types';
import { configFor, createPayingAdapter, type PayingAdapter } from './compose-kit';
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

/** The real client and claim flow over a transport, with the real mock's data behind it. */
export interface ClaimWorld {
  clock: FakeClock;
  mock: MockVoteApi;
  runtime: FakeRuntime;
  adapter: PayingAdapter;
  flow: ClaimFlow;
}

/**
 * Builds the resource through the production composition (polling off) over `transport` to `baseUrl`; `player` (Ana)
 * is online as source 1, as a player already there (the join hook is not run).
 */
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
  const config = configFor({
    apiUrl: baseUrl,
    apiKey: mock.apiKey,
    reward: REWARDS,
    poll: { enabled: false },
  });
  // The timeout may be below config.json's 1 s minimum: the property runs wait for hundreds of lost answers.
  const { flow } = composeResource(
    runtime,
    { ...config, requestTimeoutMs: timeoutMs },
    { adapter, transport },
  );
  runtime.onlinePlayers.set(1, player);
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
