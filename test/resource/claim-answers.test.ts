import { brotliCompressSync, constants } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createVoteApi } from '../../src/api/client';
import { createRateBudget } from '../../src/api/rate-budget';
import type { HttpTransport } from '../../src/api/transport';
import { createFetchTransport, MAX_ANSWER_BYTES } from '../../src/api/transport';
import { type ClaimFlow, createClaimFlow, REWARDED_EVENT } from '../../src/claim/claim-flow';
import { createTranslator } from '../../src/i18n/messages';
import type { Reward, RewardAdapter } from '../../src/rewards/types';
import { createMockVoteApi, type MockVoteApi } from '../fakes/mock-transport';
import {
  forwardToApp,
  type RawHttpServer,
  type RawReply,
  rawAnswer,
  startRawHttpServer,
} from '../fakes/raw-http-server';
import { createFakeClock, createFakeRuntime, type FakeClock, type FakeRuntime } from '../fakes/runtime';

const ANA = { name: 'Ana', license: 'license:aaa' };
const REWARDS: Reward[] = [{ type: 'money', amount: 500 }];
const MISBEHAVING = 'The vote site is misbehaving; nothing was lost, try again later.';
const SERVER_ERROR = 'The vote site is having problems; nothing was lost, try again later.';

interface PayingAdapter extends RewardAdapter {
  paid: string[];
}

const payingAdapter = (): PayingAdapter => {
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
};

interface World {
  clock: FakeClock;
  mock: MockVoteApi;
  runtime: FakeRuntime;
  adapter: PayingAdapter;
  flow: ClaimFlow;
}

const build = (clock: FakeClock, mock: MockVoteApi, transport: HttpTransport, baseUrl: string): World => {
  const runtime = createFakeRuntime({ clock });
  const adapter = payingAdapter();
  const api = createVoteApi({
    baseUrl,
    apiKey: mock.apiKey,
    transport,
    budget: createRateBudget({ now: clock.now }),
    now: clock.now,
    timeoutMs: 5000,
    log: runtime.log,
  });
  const flow = createClaimFlow({
    runtime,
    api,
    adapter,
    rewards: REWARDS,
    translate: createTranslator('en'),
    checkMode: 'unclaimed',
    nameLock: true,
    claimCooldownMs: 10_000,
    command: 'vote',
    voteUrl: 'https://votes.example/servers/1/vote',
    joinDelayMs: 5_000,
  });
  runtime.join(1, ANA);
  return { clock, mock, runtime, adapter, flow };
};

/** The claim flow over the in-process mock (wire faults replace answers). */
const inProcess = (): World => {
  const clock = createFakeClock();
  const mock = createMockVoteApi({ now: clock.now });
  return build(clock, mock, mock, 'https://votes.example');
};

const servers: RawHttpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/**
 * The claim flow over real sockets and the real fetch transport: the raw server forwards to the mock, except that
 * `override` may replace the answer of a path (after letting the mock handle it when `apply` is set).
 */
const overSockets = async () => {
  const clock = createFakeClock();
  const mock = createMockVoteApi({ now: clock.now });
  const overrides = new Map<string, { apply: boolean; reply: () => RawReply; skip: number; left: number }>();
  const server = await startRawHttpServer(async (request) => {
    const path = request.url.split('?')[0] ?? '';
    const override = overrides.get(path);
    if (!override || override.left <= 0) return forwardToApp(mock.app, request);
    if (override.skip > 0) {
      override.skip -= 1;
      return forwardToApp(mock.app, request);
    }
    override.left -= 1;
    if (override.apply) await forwardToApp(mock.app, request);
    return override.reply();
  });
  servers.push(server);
  const world = build(clock, mock, createFetchTransport(fetch), server.baseUrl);
  return {
    ...world,
    /** Replaces the next `times` answers of `path` (default 1), after letting `skip` requests through. */
    override(
      path: string,
      reply: () => RawReply,
      options: { apply?: boolean; times?: number; skip?: number } = {},
    ) {
      overrides.set(path, {
        apply: options.apply ?? false,
        reply,
        skip: options.skip ?? 0,
        left: options.times ?? 1,
      });
    },
  };
};

const oversized = () =>
  rawAnswer(200, [['content-type', 'application/json']], Buffer.alloc(MAX_ANSWER_BYTES + 1, ' '));
const brotliBomb = (() => {
  const body = brotliCompressSync(Buffer.alloc(4 * 1024 * 1024, ' '), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
  });
  return () =>
    rawAnswer(
      200,
      [
        ['content-encoding', 'br'],
        ['content-length', String(body.length)],
      ],
      body,
    );
})();

const lastTold = (w: World) => w.runtime.told.at(-1)?.message;
const journal = (w: World) => w.flow.pending();
const adminLines = (w: World) =>
  w.runtime.logs.filter((l) => l.message.includes('the vote API is misbehaving'));

describe('claim answers checked against the contract (200, success true, vote_id a UUID)', () => {
  it.each([
    ['the claim was applied before the answer (the vote is gone)', true],
    ['the claim was not applied (the vote is still there)', false],
  ])(
    'a claim answered 200 {"success": false} is a refusal: nothing paid, journal cleared, player told (%s)',
    async (_what, apply) => {
      const w = inProcess();
      w.mock.addVote('Ana', w.clock.now() - 60_000);
      w.mock.wire({ path: '/api/v1/vote/claim', apply, reply: { status: 200, body: '{"success":false}' } });
      expect(await w.flow.claim(1)).toMatchObject({ code: 'api_error' });
      expect(w.adapter.paid).toEqual([]);
      expect(journal(w)).toEqual([]);
      expect(lastTold(w)).toBe(SERVER_ERROR);
      expect(w.mock.unclaimed('Ana')).toHaveLength(apply ? 0 : 1);
    },
  );

  it.each([
    ['a newline and a forged console line', 'x\n[script:vote-reward] vote-reward: FORGED line'],
    ['an ANSI escape', '\u001b[2Jcleared'],
    ['a plain word', 'vote-1'],
    ['a UUID with a trailing newline', '0b7e5b8a-1b2c-4d3e-8f90-123456789abc\n'],
  ])(
    'a claim answered success:true with a vote_id that is not a UUID (%s) is an unusable answer: decided by checking again, paid once, the id used nowhere',
    async (_what, voteId) => {
      const w = inProcess();
      const vote = w.mock.addVote('Ana', w.clock.now() - 60_000);
      w.mock.wire({
        path: '/api/v1/vote/claim',
        apply: true,
        reply: { status: 200, body: JSON.stringify({ success: true, vote_id: voteId }) },
      });
      expect((await w.flow.claim(1)).code).toBe('rewarded');
      expect(w.adapter.paid).toHaveLength(1);
      expect(w.adapter.paid[0]).not.toBe(voteId);
      expect(w.mock.unclaimed('Ana')).toEqual([]);
      expect(vote.voteId).not.toBe(voteId);
      const rewarded = w.runtime.emitted.filter((e) => e.event === REWARDED_EVENT);
      expect(JSON.stringify(rewarded)).not.toContain(JSON.stringify(voteId).slice(1, -1));
      expect(w.runtime.logs.some((l) => l.message.includes(voteId))).toBe(false);
    },
  );
});

describe('claim flow over real sockets: answers refused for their size', () => {
  it.each([
    ['a plain body over the cap', oversized],
    ['a brotli bomb', brotliBomb],
  ])(
    'a claim answer refused (%s) after the claim happened counts as lost: checked again, paid exactly once',
    async (_what, reply) => {
      const w = await overSockets();
      w.mock.addVote('Ana', w.clock.now() - 60_000);
      w.override('/api/v1/vote/claim', reply, { apply: true });
      expect((await w.flow.claim(1)).code).toBe('rewarded');
      expect(w.adapter.paid).toHaveLength(1);
      expect(journal(w)).toEqual([]);
      expect(adminLines(w)).toHaveLength(1);
    },
  );

  it('a claim answer refused before the claim happened: nothing paid, vote still claimable, player told the site misbehaves', async () => {
    const w = await overSockets();
    w.mock.addVote('Ana', w.clock.now() - 60_000);
    w.override('/api/v1/vote/claim', brotliBomb);
    expect((await w.flow.claim(1)).code).toBe('api_error');
    expect(w.adapter.paid).toEqual([]);
    expect(journal(w)).toEqual([]);
    expect(w.mock.unclaimed('Ana')).toHaveLength(1);
    expect(lastTold(w)).toBe(MISBEHAVING);
  });

  it('keeps the claim open and undecided when the re-check is refused too; a later reconcile pays it once', async () => {
    const w = await overSockets();
    w.mock.addVote('Ana', w.clock.now() - 60_000);
    w.override('/api/v1/vote/claim', oversized, { apply: true });
    w.override('/api/v1/vote/check', oversized, { skip: 1 });
    expect((await w.flow.claim(1)).code).toBe('uncertain');
    expect(w.adapter.paid).toEqual([]);
    expect(journal(w)).toMatchObject([{ state: 'unknown', problem: 'recheck_failed' }]);
    expect(lastTold(w)).toBe('We could not confirm your claim yet; it will be checked again automatically.');
    // The rate budget backs off after transport errors.
    await w.clock.advance(30_000);
    await w.flow.reconcile('poll');
    expect(w.adapter.paid).toHaveLength(1);
    expect(journal(w)).toEqual([]);
  });

  it('tells every player the site misbehaves but writes one admin line for the whole episode', async () => {
    const w = await overSockets();
    w.mock.addVote('Ana', w.clock.now() - 60_000);
    w.override('/api/v1/vote/check', oversized, { times: 3 });
    for (let i = 0; i < 3; i += 1) {
      expect((await w.flow.claim(1)).code).toBe('api_error');
      expect(lastTold(w)).toBe(MISBEHAVING);
      await w.clock.advance(10_000);
    }
    expect(adminLines(w)).toHaveLength(1);
    expect(w.adapter.paid).toEqual([]);
    expect((await w.flow.claim(1)).code).toBe('rewarded');
    expect(w.adapter.paid).toHaveLength(1);
  });
});
