import { createResource } from '../../src/resource';
import { createFakeClock, createFakeRuntime } from '../../test/fakes/runtime';
import type { PollerHost } from './host';

/**
 * The whole resource (`createResource`, the composition `src/index.ts` starts) in this process, on the fake
 * runtime of `test/fakes` with the real fetch: standalone framework, a custom event reward, polling on.
 */
export async function createInProcessHost(options: {
  start: number;
  apiUrl: string;
  apiKey: string;
}): Promise<PollerHost> {
  const clock = createFakeClock(options.start);
  const runtime = createFakeRuntime({ clock });
  runtime.fetch = fetch;
  runtime.convars.set('vote_reward_api_key', options.apiKey);
  runtime.files.set(
    'config.json',
    JSON.stringify({
      apiUrl: options.apiUrl,
      voteUrl: 'https://votes.example/servers/1/vote',
      framework: 'standalone',
      reward: { type: 'custom', event: 'bench:rewarded' },
    }),
  );
  const resource = createResource(runtime);
  await resource.start();
  if (!resource.isReady()) {
    throw new Error(`the resource did not start:\n${runtime.logs.map((l) => l.message).join('\n')}`);
  }
  let read = 0;
  return {
    kind: 'in-process',
    now: clock.now,
    join(id, name) {
      runtime.join(id, { name, license: `license:bench${id}` });
    },
    async typeVote(id) {
      runtime.commands.get('vote')?.handler(id, [], 'vote');
      await clock.settle();
    },
    advance: (ms) => clock.advance(ms),
    messagesFor(ids) {
      const wanted = new Set(ids);
      const lines = runtime.told.slice(read).filter((line) => wanted.has(line.source));
      read = runtime.told.length;
      return lines;
    },
    status: () => null,
    // Nothing advances the fake clock after the run, so the resource's timers never fire again.
    close: async () => {},
  };
}
