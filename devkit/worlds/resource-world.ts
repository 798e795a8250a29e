/**
 * The whole resource (`createResource`, config.json read from its file, the key from its convar) over the fake runtime,
 * its fetch answered by the real mock in process: the world for tests of start-up, the console and what players hear.
 */
import { createResource } from '../../src/resource';
import { createMockVoteApi, fetchThrough, type MockVoteApi } from '../fakes/mock-transport';
import { createFakeRuntime, type FakeClock, type FakeRuntime } from '../fakes/runtime';

/** The config.json every such world starts from: standalone, a custom event reward, no polling. */
export const BASE_CONFIG = {
  apiUrl: 'https://votes.example',
  framework: 'standalone',
  reward: { type: 'custom', event: 'x:paid' },
  poll: { enabled: false },
};

/** What the world is built from. */
export interface ResourceWorldOptions {
  /** The KVP as the server left it. */
  kvp?: [string, string][];
  /** Keys of config.json over {@link BASE_CONFIG}. */
  config?: Record<string, unknown>;
  /** The version the resource says it is (the data stamp). */
  version?: string;
  clock?: FakeClock;
  /** Resources reported as started (ox_lib, a framework ...). */
  started?: string[];
  /** Called before the resource starts (to seed the KVP or the mock). */
  before?(runtime: FakeRuntime, api: MockVoteApi): void;
}

/** Starts the resource; resolves once `start()` has. */
export async function startResourceWorld(
  options: ResourceWorldOptions = {},
): Promise<{ runtime: FakeRuntime; api: MockVoteApi }> {
  const runtime = createFakeRuntime({ kvp: new Map(options.kvp ?? []), clock: options.clock });
  for (const name of options.started ?? []) runtime.resourceStates.set(name, 'started');
  const api = createMockVoteApi({ now: runtime.now, checkMode: 'unclaimed' });
  runtime.convars.set('vote_reward_api_key', api.apiKey);
  runtime.files.set('config.json', JSON.stringify({ ...BASE_CONFIG, ...options.config }));
  runtime.fetch = fetchThrough(api);
  options.before?.(runtime, api);
  await createResource(runtime, options.version ? { version: options.version } : {}).start();
  return { runtime, api };
}
