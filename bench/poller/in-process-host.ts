import { createVoteApi } from '../../src/api/client';
import { createRateBudget } from '../../src/api/rate-budget';
import { createFetchTransport } from '../../src/api/transport';
import { claimNameOf } from '../../src/claim/player-name';
import { configSchema } from '../../src/config/schema';
import { createTranslator } from '../../src/i18n/messages';
import { createVoteDetector, type PollStatus } from '../../src/poll/detector';
import { createFakeClock, createFakeRuntime } from '../../test/fakes/runtime';
import type { PollerHost } from './host';

/**
 * The detector in this process with the real budget, client and fetch transport, on C1's fake runtime.
 * `/vote` is played as the claim flow does it: a check, then a claim or the vote link.
 */
export function createInProcessHost(options: { start: number; apiUrl: string; apiKey: string }): PollerHost {
  const clock = createFakeClock(options.start);
  const runtime = createFakeRuntime({ clock });
  const config = configSchema.parse({ voteUrl: 'https://votes.example/servers/1/vote' });
  const translate = createTranslator('en');
  const budget = createRateBudget({
    now: clock.now,
    limit: config.poll.maxRequestsPerMinute,
    reserveRatio: config.poll.reservePercent / 100,
  });
  const api = createVoteApi({
    baseUrl: options.apiUrl,
    apiKey: options.apiKey,
    transport: createFetchTransport(fetch),
    budget,
    now: clock.now,
    timeoutMs: config.requestTimeoutMs,
  });
  const claimName = (source: number) => claimNameOf(runtime.playerName(source));
  const detector = createVoteDetector({
    runtime,
    api,
    budget,
    poll: config.poll,
    voteUrl: config.voteUrl,
    command: config.command,
    translate,
    claimName,
  });
  detector.start();
  let read = 0;
  return {
    kind: 'in-process',
    now: clock.now,
    join(id, name) {
      runtime.join(id, { name, license: `license:bench${id}` });
    },
    async typeVote(id) {
      const name = claimName(id);
      if (name === null) return;
      try {
        const check = await api.checkVote({ username: name }, { priority: 'claim' });
        if (!check.voted) {
          runtime.tell(id, translate('no_vote', { name, url: config.voteUrl, command: config.command }));
          detector.linkShown(id);
          return;
        }
        const claim = await api.claimVote(name, { priority: 'claim' });
        if (claim.claimed) detector.claimed(id);
      } catch (error) {
        runtime.log.warn(`bench: /vote of ${name} failed: ${String(error)}`);
      }
    },
    advance: (ms) => clock.advance(ms),
    drainMessages() {
      const lines = runtime.told.slice(read);
      read = runtime.told.length;
      return lines;
    },
    status: (): PollStatus => detector.status(),
    async close() {
      detector.stop();
    },
  };
}
