import { describe, expect, it } from 'vitest';
import { configFor, createPayingAdapter, type PayingAdapter } from '../../devkit/fakes/compose-kit';
import { createFakeEsx } from '../../devkit/fakes/frameworks/esx';
import { createFakeHost, type FakeHost } from '../../devkit/fakes/frameworks/host';
import { createFakeVrp } from '../../devkit/fakes/frameworks/vrp';
import { createMockVoteApi, type MockVoteApi } from '../../devkit/fakes/mock-transport';
import {
  createFakeClock,
  createFakeRuntime,
  type FakeClock,
  type FakePlayer,
  type FakeRuntime,
} from '../../devkit/fakes/runtime';
import { sweepKills } from '../../devkit/kill-sweep';
import { NetworkError } from '../../src/api/errors';
import { type ClaimFlow, REWARDED_EVENT } from '../../src/claim/claim-flow';
import { composeResource } from '../../src/compose';
import { checkOutcome, pendingView } from '../../src/exports';
import { createEsxAdapter } from '../../src/rewards/esx';
import type { Reward, RewardAdapter } from '../../src/rewards/types';
import { createVrpAdapter } from '../../src/rewards/vrp';

const ANA = { name: 'Ana', license: 'license:aaa' };

interface World<A extends RewardAdapter = PayingAdapter> {
  clock: FakeClock;
  api: MockVoteApi;
  adapter: A;
  runtime: FakeRuntime;
  flow: ClaimFlow;
  linkShown: number[];
  /** Every event heard on the flow's channel, as `name:ref` (ref = vote_id, or source for linkShown). */
  heard: string[];
}

const REWARDS: Reward[] = [
  { type: 'money', amount: 500 },
  { type: 'item', item: 'bread', count: 2 },
];

interface WorldOptions {
  checkMode?: 'unclaimed' | 'last24h';
  rewards?: Reward[];
  voteUrl?: string;
}

/** A server over `shared` built by the production composition (polling off); `kvp` is a previous run's snapshot. */
const boot = <A extends RewardAdapter = PayingAdapter>(
  shared: { clock: FakeClock; api: MockVoteApi; adapter: A },
  kvp?: Map<string, string>,
  options: WorldOptions = {},
): World<A> => {
  const runtime = createFakeRuntime({ clock: shared.clock, kvp });
  const config = configFor({
    apiKey: shared.api.apiKey,
    checkMode: options.checkMode ?? 'unclaimed',
    reward: options.rewards ?? REWARDS,
    voteUrl: options.voteUrl ?? 'https://votes.example/servers/1/vote',
    poll: { enabled: false },
  });
  const { events, flow } = composeResource(runtime, config, {
    adapter: shared.adapter,
    transport: shared.api,
  });
  const linkShown: number[] = [];
  events.on('linkShown', ({ source }) => linkShown.push(source));
  const heard: string[] = [];
  events.on('linkShown', ({ source }) => heard.push(`linkShown:${source}`));
  events.on('claimed', ({ voteId }) => heard.push(`claimed:${voteId}`));
  events.on('rewarded', ({ voteId }) => heard.push(`rewarded:${voteId}`));
  events.on('parked', ({ ref, problem }) => heard.push(`parked:${ref}:${problem}`));
  return { ...shared, runtime, flow, linkShown, heard };
};

const world = (options: WorldOptions = {}): World => {
  const clock = createFakeClock();
  const api = createMockVoteApi({ now: clock.now, checkMode: options.checkMode ?? 'unclaimed' });
  return boot({ clock, api, adapter: createPayingAdapter() }, undefined, options);
};

/** Puts a player online without the join hook: a player already there (only a join test joins through the hook). */
const online = (w: { runtime: FakeRuntime }, source: number, player: FakePlayer) => {
  w.runtime.onlinePlayers.set(source, player);
};

/** The open entries as `getPending()` shows them. */
const viewsOf = (w: { flow: ClaimFlow }) => w.flow.pending().map(pendingView);
const lastTold = (w: World) => w.runtime.told.at(-1)?.message;
const journalKeys = (w: World) => w.runtime.kvp.keys('claim:');

describe('claim flow: /vote', () => {
  it('checks, claims, pays every reward once, tells the player and emits vote-reward:rewarded', async () => {
    const w = world();
    const vote = w.api.addVote('Ana', w.clock.now() - 60_000);
    online(w, 1, ANA);
    const outcome = await w.flow.claim(1);
    expect(outcome).toEqual({ code: 'rewarded', voteId: vote.voteId });
    expect(w.adapter.paid).toEqual([
      { source: 1, reward: REWARDS[0], ref: vote.voteId },
      { source: 1, reward: REWARDS[1], ref: vote.voteId },
    ]);
    expect(lastTold(w)).toBe('Thanks for voting! You received 500$ in cash, 2 x bread.');
    expect(w.runtime.emitted).toEqual([
      { event: REWARDED_EVENT, args: [1, { vote_id: vote.voteId, username: 'Ana', rewards: REWARDS }] },
    ]);
    expect(journalKeys(w)).toEqual([]);
    expect(w.flow.names.holder('ANA')).toBe('license:aaa');
  });

  it('pays once when /vote is typed ten times at once', async () => {
    const w = world();
    w.api.addVote('Ana', w.clock.now() - 60_000);
    online(w, 1, ANA);
    w.api.hold();
    const outcomes = Array.from({ length: 10 }, () => w.flow.claim(1));
    await w.clock.settle();
    w.api.release();
    const codes = (await Promise.all(outcomes)).map((o) => o.code);
    expect(codes.filter((c) => c === 'rewarded')).toHaveLength(1);
    expect(codes.filter((c) => c === 'claim_in_progress')).toHaveLength(9);
    expect(w.adapter.paid).toHaveLength(2);
    expect(w.api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('enforces the per-player cooldown, then finds no second vote', async () => {
    const w = world();
    w.api.addVote('Ana', w.clock.now() - 60_000);
    online(w, 1, ANA);
    await w.flow.claim(1);
    expect(await w.flow.claim(1)).toMatchObject({ code: 'cooldown', waitMs: 10_000 });
    expect(lastTold(w)).toBe('Please wait 10 s before typing /vote again.');
    await w.clock.advance(10_000);
    expect(await w.flow.claim(1)).toEqual({ code: 'no_vote' });
    expect(w.adapter.paid).toHaveLength(2);
  });

  it('tells a player without a vote where to vote and hands them to the poller', async () => {
    const w = world();
    online(w, 7, { name: '^1Ana^7 ', license: 'license:aaa' });
    expect(await w.flow.claim(7)).toEqual({ code: 'no_vote' });
    expect(lastTold(w)).toBe(
      'No vote found for "Ana". Vote here: https://votes.example/servers/1/vote then type /vote again.',
    );
    expect(w.linkShown).toEqual([7]);
    expect(w.api.requests[0]?.url).toContain('username=Ana');
  });

  it('claims with the cleaned in-game name only', async () => {
    const w = world();
    w.api.addVote('Ana', w.clock.now() - 60_000);
    online(w, 3, { name: ' ^2Ana^0', license: 'license:aaa' });
    expect((await w.flow.claim(3)).code).toBe('rewarded');
    expect(w.api.requests.find((r) => r.method === 'POST')?.body).toBe('{"username":"Ana"}');
  });

  it.each([
    [
      { name: 'Ana', license: null },
      'no_license',
      'Your license could not be read; reconnect and try again.',
    ],
    [
      { name: '^1^2 ', license: 'license:x' },
      'invalid_name',
      'Your in-game name is empty once colour codes are removed; set a name and vote with it.',
    ],
  ])('refuses %j with %s and sends nothing', async (player, code, message) => {
    const w = world();
    online(w, 1, player);
    expect((await w.flow.claim(1)).code).toBe(code);
    expect(lastTold(w)).toBe(message);
    expect(w.api.requests).toHaveLength(0);
  });

  it('refuses a second license using a bound name, and lets it claim after an admin unbinds', async () => {
    const w = world();
    w.api.addVote('Ana', w.clock.now() - 60_000);
    online(w, 1, ANA);
    await w.flow.claim(1);
    w.api.addVote('ana', w.clock.now());
    online(w, 2, { name: 'ANA', license: 'license:bbb' });
    expect(await w.flow.claim(2)).toEqual({ code: 'name_locked' });
    expect(lastTold(w)).toBe(
      'The name "ANA" is already bound to another player, so its votes cannot be claimed here.',
    );
    expect(w.api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(w.flow.unbind('ana')).toEqual({
      ok: true,
      message: 'the name "ana" is no longer bound to license:aaa',
    });
    await w.clock.advance(10_000);
    expect((await w.flow.claim(2)).code).toBe('rewarded');
    expect(w.flow.names.holder('Ana')).toBe('license:bbb');
  });

  it.each([
    [
      { status: 401 },
      'Votes cannot be checked right now (server configuration problem). An admin has been told.',
    ],
    [{ status: 429, retry_after: 42 }, 'Too many requests to the vote site; try again in 42 s.'],
    [{ status: 500 }, 'The vote site is having problems; nothing was lost, try again later.'],
    [{ status: 503 }, 'The vote site is having problems; nothing was lost, try again later.'],
    [{ fail: 'timeout' as const }, 'The vote site cannot be reached; nothing was lost, try again later.'],
    [{ fail: 'network' as const }, 'The vote site cannot be reached; nothing was lost, try again later.'],
  ])(
    'on a check failure %j: tells the player, logs for the admin, pays nothing, loses nothing',
    async (fault, message) => {
      const w = world();
      w.api.addVote('Ana', w.clock.now() - 60_000);
      online(w, 1, ANA);
      await w.api.breakNext('/api/v1/vote/check', fault);
      expect((await w.flow.claim(1)).code).toBe('api_error');
      expect(lastTold(w)).toBe(message);
      expect(w.runtime.logs.some((l) => l.message.includes('/vote by Ana (#1)'))).toBe(true);
      expect(w.adapter.paid).toEqual([]);
      expect(w.api.unclaimed('Ana')).toHaveLength(1);
      expect(journalKeys(w)).toEqual([]);
    },
  );

  it.each([[{ status: 401 }], [{ status: 429, retry_after: 5 }], [{ status: 400 }]])(
    'on a definite claim refusal %j: nothing paid, journal cleared, vote still claimable',
    async (fault) => {
      const w = world();
      w.api.addVote('Ana', w.clock.now() - 60_000);
      online(w, 1, ANA);
      await w.api.breakNext('/api/v1/vote/claim', fault);
      expect((await w.flow.claim(1)).code).toBe('api_error');
      expect(w.adapter.paid).toEqual([]);
      expect(journalKeys(w)).toEqual([]);
      expect(w.api.unclaimed('Ana')).toHaveLength(1);
    },
  );

  it('tells the player the site is busy when the local budget has no slot, without sending', async () => {
    const w = world();
    online(w, 1, ANA);
    await w.api.breakNext('/api/v1/vote/check', { status: 429, retry_after: 30 });
    await w.flow.claim(1);
    await w.clock.advance(10_000);
    const sent = w.api.requests.length;
    expect((await w.flow.claim(1)).code).toBe('api_error');
    expect(lastTold(w)).toBe('The vote site is busy; try again in 20 s.');
    expect(w.api.requests).toHaveLength(sent);
  });

  it.each([
    [
      'the claim happened but its answer was lost',
      { fail: 'network' as const, apply: true },
      'rewarded',
      2,
      0,
    ],
    ['the answer timed out after the claim', { fail: 'timeout' as const, apply: true }, 'rewarded', 2, 0],
    ['a 500 after the claim was applied', { status: 500, apply: true }, 'rewarded', 2, 0],
    ['a malformed 200', { reply: '{"success":true}', apply: true }, 'rewarded', 2, 0],
    ['the claim never reached the API', { fail: 'network' as const }, 'api_error', 0, 1],
    ['a 500 without a claim', { status: 500 }, 'api_error', 0, 1],
  ])('decides by checking again when %s', async (_label, fault, code, paid, unclaimed) => {
    const w = world();
    w.api.addVote('Ana', w.clock.now() - 60_000);
    w.api.addVote('Ana', w.clock.now() - 30_000);
    online(w, 1, ANA);
    await w.api.breakNext('/api/v1/vote/claim', fault);
    expect((await w.flow.claim(1)).code).toBe(code);
    expect(w.adapter.paid).toHaveLength(paid);
    expect(w.api.unclaimed('Ana')).toHaveLength(unclaimed + 1);
    expect(journalKeys(w)).toEqual([]);
  });

  it('keeps an undecided claim when the re-check fails too, and settles it in the background later', async () => {
    const w = world();
    w.api.addVote('Ana', w.clock.now() - 60_000);
    online(w, 1, ANA);
    await w.api.breakNext('/api/v1/vote/claim', { fail: 'network', apply: true });
    const original = w.api.request.bind(w.api);
    let checks = 0;
    w.api.request = async (request) => {
      if (request.url.includes('/vote/check') && ++checks === 2) throw new NetworkError(request.url, 'down');
      return original(request);
    };
    expect((await w.flow.claim(1)).code).toBe('uncertain');
    expect(lastTold(w)).toBe('We could not confirm your claim yet; it will be checked again automatically.');
    expect(viewsOf(w)).toMatchObject([{ state: 'unknown', username: 'Ana', problem: 'recheck_failed' }]);
    expect(w.flow.hasPending(1)).toBe(true);
    w.flow.start();
    await w.clock.advance(15_000);
    w.flow.stop();
    expect(w.adapter.paid).toHaveLength(2);
    expect(viewsOf(w)).toEqual([]);
  });

  it('never guesses in last24h mode: a lost answer waits for an admin, who can grant it', async () => {
    const w = world({ checkMode: 'last24h' });
    w.api.addVote('Ana', w.clock.now() - 60_000);
    online(w, 1, ANA);
    await w.api.breakNext('/api/v1/vote/claim', { fail: 'timeout', apply: true });
    expect((await w.flow.claim(1)).code).toBe('needs_admin');
    expect(lastTold(w)).toBe('Your previous claim needs an admin check before it can be paid.');
    const [entry] = viewsOf(w);
    expect(entry).toMatchObject({
      state: 'needs_admin',
      vote_id: null,
      problem: 'undecidable_in_last24h_mode',
    });
    expect(await w.flow.retry(entry?.id ?? '')).toMatchObject({ ok: false });
    expect(await w.flow.grant(entry?.id ?? '')).toEqual({ ok: true, message: `${entry?.id} granted: paid` });
    expect(w.adapter.paid).toHaveLength(2);
  });

  it('lets an admin drop an undecided claim; nothing is paid for it', async () => {
    const w = world({ checkMode: 'last24h' });
    w.api.addVote('Ana', w.clock.now() - 60_000);
    online(w, 1, ANA);
    await w.api.breakNext('/api/v1/vote/claim', { fail: 'timeout', apply: true });
    await w.flow.claim(1);
    const id = viewsOf(w)[0]?.id ?? '';
    expect(w.flow.drop(id)).toEqual({ ok: true, message: `${id} dropped; nothing more will be paid for it` });
    expect(w.flow.drop(id)).toEqual({
      ok: false,
      message: `no open claim "${id}" (see \`votereward pending\`)`,
    });
    await w.flow.reconcile();
    expect(w.adapter.paid).toEqual([]);
  });

  it('does not claim when the inventory cannot take the item, and says so', async () => {
    const w = world();
    w.api.addVote('Ana', w.clock.now() - 60_000);
    online(w, 1, ANA);
    w.adapter.capacityProblem = { code: 'inventory_full', item: 'bread', count: 2 };
    expect(await w.flow.claim(1)).toEqual({ code: 'cannot_receive', problem: 'inventory_full' });
    expect(lastTold(w)).toBe('Your reward is waiting: make room for 2 x bread and type /vote again.');
    expect(w.api.unclaimed('Ana')).toHaveLength(1);
  });

  it('a misspelt item (ESX >= 1.11 answers canCarryItem false) is told to the admin, not to the player as "make room"', async () => {
    const clock = createFakeClock();
    const api = createMockVoteApi({ now: clock.now });
    const fake = createFakeHost();
    const esx = createFakeEsx(fake);
    const w = boot({ clock, api, adapter: createEsxAdapter({ host: fake.host }) }, undefined, {
      rewards: [{ type: 'item', item: 'breadd', count: 1 }],
    });
    api.addVote('Ana', clock.now() - 60_000);
    online(w, 1, ANA);
    esx.load(1);
    expect(await w.flow.claim(1)).toEqual({ code: 'cannot_receive', problem: 'framework_error' });
    expect(w.runtime.told.at(-1)?.message).not.toContain('make room');
    expect(w.runtime.logs.filter((l) => l.level === 'warn').map((l) => l.message)).toEqual([
      'vote-reward: Ana (license:aaa) cannot be paid now, so the vote was not claimed: the item "breadd" does not exist in ESX (ESX.Items): fix the reward in config.json',
    ]);
    expect(api.unclaimed('Ana')).toHaveLength(1);
  });

  it('keeps a claimed reward pending when the payout is refused, and pays the rest on the next /vote without a new claim', async () => {
    const w = world();
    w.api.addVote('Ana', w.clock.now() - 60_000);
    w.api.addVote('Ana', w.clock.now() - 30_000);
    online(w, 1, ANA);
    const original = w.adapter.give.bind(w.adapter);
    let gives = 0;
    w.adapter.give = async (ctx, reward) => {
      gives += 1;
      if (gives === 2) return { ok: false, problem: { code: 'inventory_full', item: 'bread', count: 2 } };
      return original(ctx, reward);
    };
    expect(await w.flow.claim(1)).toEqual({ code: 'pending', problem: 'inventory_full' });
    expect(w.adapter.paid.map((p) => p.reward.type)).toEqual(['money']);
    expect(viewsOf(w)).toMatchObject([{ state: 'claimed', given: 1, total: 2, problem: 'inventory_full' }]);
    await w.clock.advance(10_000);
    expect((await w.flow.claim(1)).code).toBe('rewarded');
    expect(w.adapter.paid.map((p) => p.reward.type)).toEqual(['money', 'item']);
    expect(w.api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(w.api.unclaimed('Ana')).toHaveLength(1);
  });

  it('keeps a reward the framework refused before acting owed, and pays it on retry', async () => {
    const w = world({ rewards: [{ type: 'bank', amount: 100 }] });
    w.api.addVote('Ana', w.clock.now() - 60_000);
    online(w, 1, ANA);
    w.adapter.giveProblems.push({ code: 'framework_error', detail: 'qbx_core has no export AddMoney' });
    expect(await w.flow.claim(1)).toEqual({ code: 'pending', problem: 'framework_error' });
    expect(lastTold(w)).toBe('Your reward is waiting: it could not be given yet, an admin has been told.');
    const voteId = viewsOf(w)[0]?.vote_id ?? '';
    expect(await w.flow.retry(voteId)).toEqual({ ok: true, message: `${voteId}: paid` });
    expect(w.adapter.paid).toHaveLength(1);
  });

  it.each([
    ['an adapter that reports outcome_unknown', 'report'],
    ['an adapter that throws mid-payout', 'throw'],
  ])('parks a payout through %s for an admin instead of retrying it', async (_label, how) => {
    const w = world({ rewards: [{ type: 'bank', amount: 100 }] });
    w.api.addVote('Ana', w.clock.now() - 60_000);
    online(w, 1, ANA);
    if (how === 'throw') w.adapter.giveThrows = 1;
    else w.adapter.giveProblems.push({ code: 'outcome_unknown', detail: 'vRP.giveBankMoney gave no answer' });
    expect(await w.flow.claim(1)).toEqual({ code: 'needs_admin' });
    expect(lastTold(w)).toBe(
      'Your reward could not be confirmed: the server did not say whether it was given. An admin must check and confirm it; nothing is lost and nothing more is paid until then.',
    );
    const voteId = viewsOf(w)[0]?.vote_id ?? '';
    expect(viewsOf(w)).toMatchObject([{ state: 'needs_admin', problem: 'outcome_unknown', given: 0 }]);
    expect(await w.flow.retry(voteId)).toMatchObject({ ok: false });
    await w.flow.reconcile();
    expect(w.adapter.paid).toEqual([]);
    expect(await w.flow.grant(voteId)).toEqual({ ok: true, message: `${voteId} granted: paid` });
    expect(w.heard).toEqual([
      `claimed:${voteId}`,
      `parked:${voteId}:outcome_unknown`,
      `claimed:${voteId}`,
      `rewarded:${voteId}`,
    ]);
    expect(w.adapter.paid).toHaveLength(1);
  });

  it('pays a player who disconnected before the payout when they join again and are loaded', async () => {
    const w = world({ rewards: [{ type: 'money', amount: 5 }] });
    w.api.addVote('Ana', w.clock.now() - 60_000);
    online(w, 1, ANA);
    w.adapter.giveProblems.push({ code: 'player_not_loaded' });
    expect((await w.flow.claim(1)).code).toBe('pending');
    w.runtime.drop(1);
    await w.flow.reconcile();
    expect(w.adapter.paid).toEqual([]);
    w.runtime.join(9, ANA);
    w.adapter.notLoaded.add(9);
    await w.clock.advance(5_000);
    expect(w.adapter.paid).toEqual([]);
    w.adapter.notLoaded.delete(9);
    await w.flow.reconcile();
    expect(w.adapter.paid).toMatchObject([{ source: 9 }]);
    expect(viewsOf(w)).toEqual([]);
  });

  it('check(source) reports the vote without claiming it', async () => {
    const w = world();
    const at = w.clock.now() - 60_000;
    w.api.addVote('Ana', at);
    online(w, 1, ANA);
    expect(checkOutcome(await w.flow.check(1))).toEqual({
      ok: true,
      voted: true,
      voted_at: new Date(at).toISOString(),
      username: 'Ana',
    });
    expect(await w.flow.check(99)).toEqual({ ok: false, code: 'no_license' });
    expect(w.api.unclaimed('Ana')).toHaveLength(1);
  });

  it('auto claims (poller) skip the cooldown and stay silent when there is no vote', async () => {
    const w = world();
    online(w, 1, ANA);
    expect(await w.flow.claim(1, { auto: true })).toEqual({ code: 'no_vote' });
    expect(await w.flow.claim(1, { auto: true })).toEqual({ code: 'no_vote' });
    expect(w.runtime.told).toEqual([]);
  });
});

describe('claim flow: a crash at every journal write pays exactly once after restart', () => {
  // Writes of a successful two-reward claim in the composed resource: 1 claiming, 2 claimed, 3 name bound, 4 the
  // player's vote history, 5 vote marked recorded, 6 giving #1, 7 given #1, 8 giving #2, 9 given #2, 10 entry removed.
  /** What each kill leaves after the restart: rewards paid in all, and what stays open for an admin. */
  const AFTER: [label: string, paidAfter: number, leftover: 'none' | 'needs_admin'][] = [
    ['before the claim was recorded', 2, 'none'],
    ['after the claim, before its answer was recorded', 2, 'none'],
    ['before the name was bound', 2, 'none'],
    ['before the vote history was written', 2, 'none'],
    ['after the history, before the vote was marked recorded', 2, 'none'],
    ['before the first reward', 2, 'none'],
    ['after the first reward, before it was recorded', 1, 'needs_admin'],
    ['between the two rewards', 2, 'none'],
    ['after the second reward, before it was recorded', 2, 'needs_admin'],
    ['after both rewards, before the entry was removed', 2, 'none'],
  ];

  it('every kill: each reward paid at most once, the vote claimed once, an undecidable payout held', async () => {
    const { writes } = await sweepKills({
      async run(killAt) {
        const first = world();
        first.api.addVote('Ana', first.clock.now() - 60_000);
        online(first, 1, ANA);
        const from = first.runtime.kvpWrites;
        if (killAt !== null) first.runtime.crashOnKvpWrite(killAt);
        await first.flow.claim(1);
        const count = first.runtime.kvpWrites - from;
        return { first, count, crashed: killAt !== null && count >= killAt };
      },
      writesOf: ({ count }) => Array.from({ length: count }, (_, i) => `write ${i + 1}`),
      killed: ({ crashed }) => crashed,
      async recover({ first }, { n }) {
        const [, paidAfter, leftover] = AFTER[n - 1] ?? ['?', -1, 'none'];
        const second = boot(
          { clock: first.clock, api: first.api, adapter: first.adapter },
          first.runtime.snapshot(),
        );
        await second.flow.reconcile('claim');
        second.runtime.join(4, ANA);
        await second.clock.advance(10_000);
        await second.flow.claim(4);
        expect(first.adapter.paid).toHaveLength(paidAfter);
        expect(new Set(first.adapter.paid.map((p) => p.reward.type)).size).toBe(paidAfter);
        expect(first.api.votes().filter((v) => v.claimedAt !== null)).toHaveLength(1);
        const pending = viewsOf(second);
        if (leftover === 'none') expect(pending).toEqual([]);
        else expect(pending).toMatchObject([{ state: 'needs_admin', problem: 'payout_interrupted' }]);
      },
    });
    expect(writes).toHaveLength(AFTER.length);
  });

  it('pays a reward owed from before a restart as soon as reconciliation finds the player online', async () => {
    const first = world();
    first.api.addVote('Ana', first.clock.now() - 60_000);
    online(first, 1, ANA);
    first.runtime.crashOnKvpWrite(3);
    await first.flow.claim(1);
    const second = boot(
      { clock: first.clock, api: first.api, adapter: first.adapter },
      first.runtime.snapshot(),
    );
    online(second, 1, ANA);
    await second.flow.reconcile();
    expect(first.adapter.paid).toHaveLength(2);
    expect(second.runtime.emitted.map((e) => e.event)).toEqual([REWARDED_EVENT]);
  });
});

describe('claim flow: a vRP payout still running at its timeout (outcome unknown) waits for an admin', () => {
  const RUI = { name: 'Rui', license: 'license:rui' };
  const TIMEOUT_MS = 5_000;
  const PAYING = ['giveMoney', 'giveBankMoney', 'giveInventoryItem'];
  const rewards: Reward[] = [
    { type: 'money', amount: 500 },
    { type: 'bank', amount: 100 },
  ];

  /**
   * vRP starts `member` but only runs it well after the proxy timeout (it yielded on SQL first), so when the
   * adapter gives up the bank has not moved yet: nothing can tell whether it will.
   */
  const loseAnswersOf = (fake: FakeHost, member: string) => {
    const emit = fake.host.emit;
    const state = { on: true };
    fake.host.emit = (event, ...args) => {
      if (event === 'vRP:proxy' && state.on && args[0] === member) {
        fake.host.setTimeout(() => emit(event, ...args), TIMEOUT_MS * 2);
        return;
      }
      emit(event, ...args);
    };
    return state;
  };

  const setup = () => {
    const clock = createFakeClock();
    const api = createMockVoteApi({ now: clock.now });
    const fake = createFakeHost();
    const vrp = createFakeVrp(fake);
    const adapter = createVrpAdapter({ host: fake.host, timeoutMs: TIMEOUT_MS });
    const w = boot({ clock, api, adapter }, undefined, { rewards });
    const vote = api.addVote('Rui', clock.now() - 60_000);
    online(w, 1, RUI);
    vrp.join(1, 10);
    const losing = loseAnswersOf(fake, 'giveBankMoney');
    const payingCalls = () => vrp.calls.filter((c) => PAYING.includes(c.member));
    return { w, fake, vrp, vote, losing, payingCalls };
  };

  /** Runs a claim while moving both clocks, so the vRP proxy timer can fire. */
  const claimThroughTimeout = async (w: World<RewardAdapter>, fake: FakeHost, source: number) => {
    let done = false;
    const outcome = w.flow.claim(source).finally(() => {
      done = true;
    });
    for (let i = 0; i < 20 && !done; i += 1) {
      await w.clock.settle();
      fake.advance(TIMEOUT_MS / 4);
    }
    return outcome;
  };

  const timedOut = async () => {
    const s = setup();
    expect(await claimThroughTimeout(s.w, s.fake, 1)).toEqual({ code: 'needs_admin' });
    s.fake.advance(TIMEOUT_MS * 2);
    return s;
  };

  it('parks the claim with an admin line naming the vote, player, reward and the grant/drop commands', async () => {
    const { w, vrp, vote, payingCalls } = await timedOut();
    expect(vrp.user(10)).toMatchObject({ wallet: 500, bank: 100 });
    expect(payingCalls().map((c) => c.member)).toEqual(['giveMoney', 'giveBankMoney']);
    expect(viewsOf(w)).toMatchObject([
      { vote_id: vote.voteId, state: 'needs_admin', problem: 'outcome_unknown', given: 1, total: 2 },
    ]);
    const line = w.runtime.logs.find((l) => l.level === 'error')?.message ?? '';
    for (const part of [
      `vote ${vote.voteId} of Rui (license:rui)`,
      'reward #2 of 2 (bank 100)',
      'vRP.giveBankMoney gave no answer within 5000 ms',
      `votereward grant ${vote.voteId}`,
      `votereward drop ${vote.voteId}`,
    ]) {
      expect(line).toContain(part);
    }
    expect(w.runtime.told.at(-1)).toEqual({
      source: 1,
      message:
        'Your reward could not be confirmed: the server did not say whether it was given. An admin must check and confirm it; nothing is lost and nothing more is paid until then.',
    });
    expect(w.runtime.emitted).toEqual([]);
  });

  it('makes zero automatic retries across /vote x3, background reconciliation, a rejoin and a restart', async () => {
    const { w, fake, vrp, vote, losing, payingCalls } = await timedOut();
    // From here vRP answers everything: any retry would reach giveBankMoney and be counted.
    losing.on = false;
    for (let i = 0; i < 3; i += 1) {
      await w.clock.advance(10_000);
      expect(await claimThroughTimeout(w, fake, 1)).toEqual({ code: 'needs_admin' });
      expect(w.runtime.told.at(-1)?.message).toContain('An admin must check and confirm it');
    }
    await w.flow.reconcile();
    await w.flow.reconcile('claim');

    w.runtime.drop(1);
    w.runtime.join(2, RUI);
    vrp.join(2, 10);
    await w.clock.advance(5_000);
    expect(w.runtime.told.at(-1)).toMatchObject({ source: 2 });
    expect(w.runtime.told.at(-1)?.message).toContain('An admin must check and confirm it');

    const restarted = boot({ clock: w.clock, api: w.api, adapter: w.adapter }, w.runtime.snapshot(), {
      rewards,
    });
    await restarted.flow.reconcile('claim');
    restarted.runtime.join(3, RUI);
    vrp.join(3, 10);
    restarted.flow.start();
    await restarted.clock.advance(60_000);
    expect(await claimThroughTimeout(restarted, fake, 3)).toEqual({ code: 'needs_admin' });
    restarted.flow.stop();

    expect(payingCalls().map((c) => c.member)).toEqual(['giveMoney', 'giveBankMoney']);
    expect(w.api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(viewsOf(restarted)).toMatchObject([
      { vote_id: vote.voteId, state: 'needs_admin', problem: 'outcome_unknown' },
    ]);
  });

  it('grant pays the unconfirmed reward once (and only it), then the claim is settled', async () => {
    const { w, vrp, vote, losing, payingCalls } = await timedOut();
    losing.on = false;
    expect(await w.flow.grant(vote.voteId)).toEqual({ ok: true, message: `${vote.voteId} granted: paid` });
    expect(payingCalls().map((c) => c.member)).toEqual(['giveMoney', 'giveBankMoney', 'giveBankMoney']);
    expect(vrp.user(10)).toMatchObject({ wallet: 500, bank: 200 });
    expect(viewsOf(w)).toEqual([]);
    expect(w.runtime.emitted.map((e) => e.event)).toEqual([REWARDED_EVENT]);
    await w.flow.reconcile();
    await w.clock.advance(10_000);
    expect((await w.flow.claim(1)).code).toBe('no_vote');
    expect(payingCalls()).toHaveLength(3);
  });

  it('drop pays nothing more, now or later', async () => {
    const { w, vrp, vote, losing, payingCalls } = await timedOut();
    losing.on = false;
    expect(w.flow.drop(vote.voteId)).toEqual({
      ok: true,
      message: `${vote.voteId} dropped; nothing more will be paid for it`,
    });
    await w.flow.reconcile();
    await w.clock.advance(10_000);
    expect((await w.flow.claim(1)).code).toBe('no_vote');
    expect(payingCalls().map((c) => c.member)).toEqual(['giveMoney', 'giveBankMoney']);
    expect(vrp.user(10)).toMatchObject({ wallet: 500, bank: 100 });
    expect(viewsOf(w)).toEqual([]);
  });
});

describe('claim flow on ESX with ox_inventory installed but stopped (addAccountMoney credits, then raises)', () => {
  const ROY = { name: 'Roy', license: 'license:roy' };

  it('pays one credit in ten minutes of reconciliation, rejoins and /vote spam', async () => {
    const clock = createFakeClock();
    const api = createMockVoteApi({ now: clock.now });
    const fake = createFakeHost();
    const esx = createFakeEsx(fake, { oxInventory: 'stopped' });
    const adapter = createEsxAdapter({ host: fake.host });
    const w = boot({ clock, api, adapter }, undefined, { rewards: [{ type: 'bank', amount: 750 }] });
    api.addVote('Roy', clock.now() - 60_000);
    online(w, 1, ROY);
    esx.load(1, 'char1:roy', { bank: 1000 });

    expect((await w.flow.claim(1)).code).toBe('rewarded');
    w.flow.start();
    for (let minute = 0; minute < 10; minute += 1) {
      await w.clock.advance(30_000);
      expect(['no_vote', 'cooldown']).toContain((await w.flow.claim(1)).code);
      w.runtime.drop(1);
      w.runtime.join(1, ROY);
      await w.clock.advance(30_000);
    }
    w.flow.stop();

    expect(esx.balance(1, 'bank')).toBe(1750);
    expect(esx.calls.filter((c) => c.method === 'addAccountMoney')).toHaveLength(1);
    expect(viewsOf(w)).toEqual([]);
  });
});

describe('claim flow: a payout interrupted by a restart is settled by reading the balance again', () => {
  const ROY = { name: 'Roy', license: 'license:roy' };
  // Writes of a verified one-reward claim: 1 claiming, 2 claimed, 3 name bound, 4 the vote history, 5 vote recorded,
  // 6 giving #1, 7 the balance read before the call, 8 given #1 (after the call), 9 entry removed.
  const crashed = async (write: number) => {
    const clock = createFakeClock();
    const api = createMockVoteApi({ now: clock.now });
    const fake = createFakeHost();
    const esx = createFakeEsx(fake);
    const adapter = createEsxAdapter({ host: fake.host });
    const first = boot({ clock, api, adapter }, undefined, { rewards: [{ type: 'bank', amount: 750 }] });
    api.addVote('Roy', clock.now() - 60_000);
    online(first, 1, ROY);
    esx.load(1, 'char1:roy', { bank: 1000 });
    first.runtime.crashOnKvpWrite(write);
    await first.flow.claim(1);
    const restart = () => {
      const second = boot({ clock, api, adapter }, first.runtime.snapshot(), {
        rewards: [{ type: 'bank', amount: 750 }],
      });
      online(second, 1, ROY);
      return second;
    };
    return { esx, restart, api };
  };

  it.each([
    {
      label: 'before the reading was journalled: the call never started, so it is paid now',
      write: 7,
      bank: 1750,
    },
    {
      label: 'after the call: the bank shows +750, so it is marked given, not paid again',
      write: 8,
      bank: 1750,
    },
  ])('crash $label', async ({ write, bank }) => {
    const { esx, restart } = await crashed(write);
    const second = restart();
    await second.flow.reconcile('claim');
    expect(esx.balance(1, 'bank')).toBe(bank);
    expect(esx.calls.filter((c) => c.method === 'addAccountMoney')).toHaveLength(1);
    expect(viewsOf(second)).toEqual([]);
    expect(second.runtime.emitted.map((e) => e.event)).toEqual([REWARDED_EVENT]);
  });

  it('the credit was lost with the crash (the bank still reads as before): paid again automatically, once', async () => {
    const { esx, restart } = await crashed(8);
    esx.setBalance(1, 'bank', 1000);
    const second = restart();
    await second.flow.reconcile('claim');
    await second.flow.reconcile('claim');
    expect(esx.balance(1, 'bank')).toBe(1750);
    expect(esx.calls.filter((c) => c.method === 'addAccountMoney')).toHaveLength(2);
    expect(viewsOf(second)).toEqual([]);
  });

  it('the bank moved by something else since: an admin decides, nothing is paid', async () => {
    const { esx, restart } = await crashed(8);
    esx.setBalance(1, 'bank', 1600);
    const second = restart();
    await second.flow.reconcile('claim');
    expect(esx.calls.filter((c) => c.method === 'addAccountMoney')).toHaveLength(1);
    expect(viewsOf(second)).toMatchObject([{ state: 'needs_admin', problem: 'payout_interrupted' }]);
    const line = second.runtime.logs.find((l) => l.level === 'error')?.message ?? '';
    expect(line).toContain('went from 1000 to 1600 since the interrupted payout');
  });

  it('an entry written by 0.1.0 (no reading) that was interrupted still waits for an admin', async () => {
    const { esx, restart } = await crashed(8);
    const second = restart();
    const [key] = second.runtime.kvp.keys('claim:');
    const entry = JSON.parse(second.runtime.kvp.get(key ?? '') ?? '{}') as Record<string, unknown>;
    delete entry.before;
    second.runtime.kvp.set(key ?? '', JSON.stringify(entry));
    await second.flow.reconcile('claim');
    expect(esx.calls.filter((c) => c.method === 'addAccountMoney')).toHaveLength(1);
    expect(viewsOf(second)).toMatchObject([{ state: 'needs_admin', problem: 'payout_interrupted' }]);
  });
});
