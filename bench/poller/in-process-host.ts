import { createFakeClock, createFakeRuntime } from '../../devkit/fakes/runtime';
import { createResource } from '../../src/resource';
import type { PollerHost, PollerHostOptions } from './host';
import type { ResmonMeter } from './resmon';

/**
 * The whole resource (`createResource`, the composition `src/index.ts` starts) in this process, on the fake
 * runtime of `devkit/fakes` with the real fetch: standalone framework, a custom event reward, polling on.
 * With a meter, the runtime's entry points are wrapped so the time spent in the resource's callbacks is counted.
 */
export async function createInProcessHost(
  options: PollerHostOptions & { meter?: ResmonMeter },
): Promise<PollerHost> {
  const clock = createFakeClock(options.start);
  const runtime = createFakeRuntime({ clock, kvp: new Map(Object.entries(options.kvp ?? {})) });
  runtime.fetch = fetch;
  runtime.convars.set('vote_reward_api_key', options.apiKey);
  runtime.files.set(
    'config.json',
    JSON.stringify({
      apiUrl: options.apiUrl,
      voteUrl: 'https://votes.example/servers/1/vote',
      framework: 'standalone',
      reward: { type: 'custom', event: 'bench:rewarded' },
      poll: options.poll ?? {},
    }),
  );
  options.meter?.instrument(runtime);
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
    async status() {
      const from = runtime.logs.length;
      // Verbose: the poller's counters (checks by reason, votes accounted) are only in the long form since 0.4.0.
      runtime.commands.get('votereward')?.handler(0, ['status', 'verbose'], 'votereward status verbose');
      for (let i = 0; i < 50 && !runtime.logs.slice(from).some((l) => l.message.startsWith('  Priority')); ) {
        i += 1;
        await clock.settle();
      }
      return runtime.logs.slice(from).map((l) => l.message);
    },
    // Nothing advances the fake clock after the run, so the resource's timers never fire again.
    close: async () => {},
  };
}
