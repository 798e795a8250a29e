import type { CheckMode } from '../../mock-server/db';
import { createVoteApi } from '../../src/api/client';
import { createRateBudget, type RateBudget } from '../../src/api/rate-budget';
import type { ResourceConfig } from '../../src/config/schema';
import { claimNameOf } from '../../src/engine/player-name';
import { createTranslator } from '../../src/i18n/messages';
import {
  createVoteDetector,
  type PollApi,
  type VoteDetector,
  type VoteDetectorOptions,
} from '../../src/poll/detector';
import { configFor } from '../fakes/compose-kit';
import { createMockVoteApi, type Exchange, type MockVoteApi } from '../fakes/mock-transport';
import { createFakeRuntime, type FakeRuntime } from '../fakes/runtime';

/** The detector wired to the real budget and client, a fake runtime and the real mock (60/min per key). */
export interface PollHarness {
  runtime: FakeRuntime;
  budget: RateBudget;
  detector: VoteDetector;
  /** The mock in process: votes, keys and faults are arranged through it. */
  mock: MockVoteApi;
  /** Every request the client sent (send time, path, what came back), claims included. */
  readonly sends: readonly Exchange[];
  /** Names the detector asked `/vote/check` about, in order. */
  readonly checkedNames: readonly string[];
  /** Answers 429 `rate_limited` from the mock's own sliding-window limit (injected 429s not counted). */
  readonly limited: number;
  /** Records a vote on the site at the current time (or `at`). */
  vote(name: string, at?: number): void;
  /** Sends a claim-priority request through the real client, as the claim flow does. */
  claim(name: string): Promise<unknown>;
  pending: Set<number>;
  claimCalls: number[];
}

/** Builds the harness; `poll` overrides the defaults of config.json's `poll` section. */
export function createPollHarness(
  setup: {
    poll?: Partial<ResourceConfig['poll']>;
    detector?: Partial<VoteDetectorOptions>;
    random?: () => number;
    checkMode?: CheckMode;
    /** 'missing': `/vote/count` answers 404 for good, so the detector checks everyone in turn (the fallback). */
    count?: 'ok' | 'missing';
  } = {},
): PollHarness {
  const runtime = createFakeRuntime();
  const defaults = configFor().poll;
  const poll = { ...defaults, ...setup.poll };
  const budget = createRateBudget({
    now: runtime.now,
    limit: poll.maxRequestsPerMinute,
    reserveRatio: poll.reservePercent / 100,
    random: setup.random ?? (() => 0.5),
  });
  const mock = createMockVoteApi({ now: runtime.now, checkMode: setup.checkMode ?? 'unclaimed' });
  const api = createVoteApi({
    baseUrl: 'http://mock',
    apiKey: mock.apiKey,
    transport: mock,
    budget,
    now: runtime.now,
    timeoutMs: 5_000,
  });
  if (setup.count === 'missing') {
    mock.wire({
      path: '/api/v1/vote/count',
      reply: { status: 404, body: '{"error":"not_found","message":"no such route"}' },
      times: Number.POSITIVE_INFINITY,
    });
  }
  const pending = new Set<number>();
  const claimCalls: number[] = [];
  const checkedNames: string[] = [];
  const pollApi: PollApi = {
    checkVote: ((query: { username: string }, opts: Parameters<PollApi['getVoteCount']>[0]) => {
      checkedNames.push(query.username);
      return api.checkVote(query, opts);
    }) as PollApi['checkVote'],
    getVoteCount: (opts) => api.getVoteCount(opts),
  };
  const detector = createVoteDetector({
    runtime,
    api: pollApi,
    budget,
    poll,
    voteUrl: 'https://votes.example/servers/1/vote',
    command: 'vote',
    translate: createTranslator('en'),
    claimName: (source) => claimNameOf(runtime.playerName(source)),
    hasPending: (source) => pending.has(source),
    claim: async (source) => {
      claimCalls.push(source);
    },
    ...setup.detector,
  });
  return {
    runtime,
    budget,
    detector,
    mock,
    sends: mock.exchanges,
    checkedNames,
    get limited() {
      return mock.exchanges.filter((e) => e.status === 429 && e.code === 'rate_limited').length;
    },
    vote(name, at = runtime.now()) {
      mock.addVote(name, at);
    },
    claim: (name) => api.claimVote(name, { priority: 'claim' }),
    pending,
    claimCalls,
  };
}

/** Joins players `Player<first>`..`Player<last>` with server ids first..last. */
export function joinPlayers(runtime: FakeRuntime, first: number, last: number): void {
  for (let id = first; id <= last; id += 1)
    runtime.join(id, { name: `Player${id}`, license: `license:${id}` });
}

/** Largest number of sends in any window of `windowMs` (a window starts at every send). */
export function maxInWindow(times: readonly number[], windowMs: number): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end += 1) {
    while ((times[end] as number) - (times[start] as number) >= windowMs) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}
