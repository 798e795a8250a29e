import { createVoteApi } from '../../src/api/client';
import { createRateBudget } from '../../src/api/rate-budget';
import { createFetchTransport } from '../../src/api/transport';
import { createClaimFlow } from '../../src/claim/claim-flow';
import { configSchema } from '../../src/config/schema';
import { createTranslator } from '../../src/i18n/messages';
import { createVoteDetector, type PollStatus, type VoteDetector } from '../../src/poll/detector';
import { createStandaloneAdapter } from '../../src/rewards/standalone';
import { createFakeClock, createFakeRuntime } from '../../test/fakes/runtime';
import type { PollerHost } from './host';

/**
 * The detector and the claim flow in this process, wired as `src/index.ts` wires them, with the real budget,
 * client and fetch transport, on the fake runtime of `test/fakes` (standalone adapter, a custom event reward).
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
  let detector: VoteDetector | null = null;
  const flow = createClaimFlow({
    runtime,
    api,
    adapter: createStandaloneAdapter({ host: runtime }),
    rewards: [{ type: 'custom', event: 'bench:rewarded' }],
    translate,
    checkMode: config.checkMode,
    nameLock: config.nameLock,
    claimCooldownMs: config.claimCooldownSeconds * 1_000,
    command: config.command,
    voteUrl: config.voteUrl,
    joinDelayMs: config.poll.joinCheckDelaySeconds * 1_000,
    onLinkShown: (source) => detector?.linkShown(source),
  });
  detector = createVoteDetector({
    runtime,
    api,
    budget,
    poll: config.poll,
    voteUrl: config.voteUrl,
    command: config.command,
    translate,
    claimName: (source) => flow.claimName(source),
    hasPending: (source) => flow.hasPending(source),
    claim: (source) => flow.claim(source, { auto: true }),
  });
  flow.start();
  detector.start();
  let read = 0;
  return {
    kind: 'in-process',
    now: clock.now,
    join(id, name) {
      runtime.join(id, { name, license: `license:bench${id}` });
      flow.playerJoined(id);
    },
    async typeVote(id) {
      await flow.claim(id);
    },
    advance: (ms) => clock.advance(ms),
    messagesFor(ids) {
      const wanted = new Set(ids);
      const lines = runtime.told.slice(read).filter((line) => wanted.has(line.source));
      read = runtime.told.length;
      return lines;
    },
    status: (): PollStatus => (detector as VoteDetector).status(),
    async close() {
      detector?.stop();
      flow.stop();
    },
  };
}
