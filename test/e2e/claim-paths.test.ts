import { afterEach, describe, expect, it } from 'vitest';
import { createE2e, type E2e, type E2ePlayer } from '../../devkit/worlds/e2e-harness';
import type { FaultSpec } from '../../mock-server/middleware/faults';

const THANKS = 'Thanks for voting! You received 500$ in cash.';
const CASH = { reward: { type: 'money', amount: 500 } };

let world: E2e | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

async function esxWorld(config: Record<string, unknown> = {}): Promise<E2e> {
  world = await createE2e({ framework: 'esx', config: { ...CASH, ...config } });
  return world;
}

/** Waits (real time, clock still) until the mock has claimed the player's vote while its answer is held back. */
async function waitForClaim(w: E2e, username: string): Promise<void> {
  await w.advance(100);
  for (let i = 0; i < 400 && w.unclaimed(username).length > 0; i++) await w.realWait(5);
  expect(w.unclaimed(username)).toHaveLength(0);
}

/**
 * The player types /vote; the mock claims the vote at once but holds its answer for 800 ms of real time, and this
 * returns as soon as the claim is in the mock's database (the answer is still on its way).
 */
async function typeVoteWithHeldAnswer(w: E2e, player: E2ePlayer, username: string): Promise<void> {
  await w.fault({ route: '/api/v1/vote/claim', method: 'POST', apply: true, delayMs: 800, times: 1 });
  w.type(player, '/vote');
  await waitForClaim(w, username);
}

const cash = (w: E2e) => w.ledger().map((e) => [e.framework, e.player, e.kind, e.amount]);

describe('exactly once', () => {
  it('ten /vote typed in the same tick claim one vote and pay once', async () => {
    const w = await esxWorld();
    await w.vote('Steve', { agoMs: 60_000 });
    await w.vote('Steve');
    const steve = await w.join('Steve');

    for (let i = 0; i < 10; i++) w.type(steve, '/vote');
    await w.until(() => w.ledger().length > 0);
    await w.advance(3000);

    expect(cash(w)).toEqual([['es_extended', steve.id, 'money', 500]]);
    expect(w.messages(steve).filter((m) => m === THANKS)).toHaveLength(1);
    expect(w.messages(steve)).toContain('Your vote is already being checked, please wait.');
    expect(w.unclaimed('Steve')).toHaveLength(1);
    expect(w.votes('Steve').filter((v) => v.claimedAt !== null)).toHaveLength(1);
  });

  it('a claim whose answer is lost (claimed on the mock, connection dropped) is paid exactly once', async () => {
    const w = await esxWorld();
    await w.vote('Steve');
    const steve = await w.join('Steve');
    await w.fault({ route: '/api/v1/vote/claim', method: 'POST', apply: true, drop: true, times: 1 });

    w.type(steve, '/vote');
    await w.until(() => w.ledger().length > 0);
    await w.advance(30_000);

    expect(w.votes('Steve')[0]?.claimedAt).not.toBeNull();
    expect(cash(w)).toEqual([['es_extended', steve.id, 'money', 500]]);
    expect(w.ledger()[0]?.reason).toMatch(/^vote-reward /);
    expect(w.messages(steve)).toEqual([THANKS]);
    expect(w.output().some((l) => l.includes('got no usable answer'))).toBe(true);

    await w.advance(11_000);
    w.type(steve, '/vote');
    await w.advance(3000);
    expect(w.ledger()).toHaveLength(1);
  });

  it('a claim that never reaches the mock pays nothing and leaves the vote claimable', async () => {
    const w = await esxWorld();
    await w.vote('Steve');
    const steve = await w.join('Steve');
    await w.fault({ route: '/api/v1/vote/claim', method: 'POST', drop: true, times: 1 });

    w.type(steve, '/vote');
    await w.until(() => w.messages(steve).length > 0);
    await w.advance(30_000);

    expect(w.ledger()).toEqual([]);
    expect(w.unclaimed('Steve')).toHaveLength(1);
    // The poller then sees the vote is still there and says so.
    expect(w.messages(steve)).toEqual([
      'The vote site cannot be reached; nothing was lost, try again later.',
      'Your vote was received: type /vote to get your reward.',
    ]);

    w.type(steve, '/vote');
    await w.until(() => w.ledger().length > 0);
    await w.advance(3000);
    expect(cash(w)).toEqual([['es_extended', steve.id, 'money', 500]]);
    expect(w.unclaimed('Steve')).toHaveLength(0);
  });

  it('a server killed after the mock claimed and before the payout pays once when the player joins again', async () => {
    const w = await esxWorld();
    const vote = await w.vote('Steve');
    const steve = await w.join('Steve');
    // The mock claims, then holds its answer (real time); the whole server dies meanwhile.
    await typeVoteWithHeldAnswer(w, steve, 'Steve');
    w.kill();
    await w.realWait(900);
    expect(w.ledger()).toEqual([]);

    await w.restart();
    await w.advance(2000);
    expect(w.ledger()).toEqual([]);
    const again = await w.join('Steve', { license: steve.license });
    await w.until(() => w.ledger().length > 0);
    await w.advance(30_000);

    expect(cash(w)).toEqual([['es_extended', again.id, 'money', 500]]);
    expect(w.messages(again)).toEqual([THANKS]);
    expect(w.votes('Steve')).toEqual([
      expect.objectContaining({ voteId: vote.voteId, claimedAt: expect.any(Number) }),
    ]);

    await w.restart();
    const third = await w.join('Steve', { license: steve.license });
    await w.advance(30_000);
    expect(w.ledger()).toHaveLength(1);
    expect(w.messages(third)).toEqual([]);
  });

  it('a claimed reward owed to a player who left survives a kill and is paid once on join', async () => {
    const w = await esxWorld();
    await w.vote('Steve');
    const steve = await w.join('Steve');
    await typeVoteWithHeldAnswer(w, steve, 'Steve');
    w.drop(steve);
    await w.realWait(900);
    await w.advance(1000);
    w.kill();

    await w.restart();
    await w.advance(20_000);
    expect(w.ledger()).toEqual([]);
    const again = await w.join('Steve', { license: steve.license });
    await w.until(() => w.ledger().length > 0);
    await w.advance(30_000);
    expect(cash(w)).toEqual([['es_extended', again.id, 'money', 500]]);
  });

  it('a server killed inside the framework payout call, before it paid: the balance read after the restart shows it, so it is paid then, once', async () => {
    const w = await esxWorld();
    await w.vote('Steve');
    const steve = await w.join('Steve');
    w.server.payoutHook = () => 'kill-before';

    w.type(steve, '/vote');
    await w.until(() => w.server.dead).catch(() => undefined);
    expect(w.server.dead).toBe(true);
    expect(w.votes('Steve')[0]?.claimedAt).not.toBeNull();
    expect(w.ledger()).toEqual([]);

    await w.restart();
    const again = await w.join('Steve', { license: steve.license });
    await w.until(() => w.ledger().length > 0);
    await w.advance(30_000);
    expect(cash(w)).toEqual([['es_extended', again.id, 'money', 500]]);
    expect(w.messages(again)).toEqual([THANKS]);
    expect(w.output().some((l) => l.includes('did not happen (still 0); paying it now'))).toBe(true);
    w.console('votereward pending');
    await w.advance(1000);
    expect(w.output().at(-1)).toBe('vote-reward: no open claims');
  });

  it('a server killed right after the framework paid does not pay again: the balance shows it, so it is marked given', async () => {
    const w = await esxWorld();
    await w.vote('Steve');
    const steve = await w.join('Steve');
    w.server.payoutHook = () => 'kill-after';

    w.type(steve, '/vote');
    await w.until(() => w.server.dead).catch(() => undefined);
    expect(w.server.dead).toBe(true);
    expect(cash(w)).toEqual([['es_extended', steve.id, 'money', 500]]);

    await w.restart();
    const again = await w.join('Steve', { license: steve.license });
    await w.advance(30_000);
    expect(w.ledger()).toHaveLength(1);
    expect(w.messages(again)).toEqual([THANKS]);
    expect(w.output().some((l) => l.includes('did happen (read 0 + 500); marked given'))).toBe(true);
    w.console('votereward pending');
    await w.advance(1000);
    expect(w.output().at(-1)).toBe('vote-reward: no open claims');
    await w.advance(30_000);
    expect(w.ledger()).toHaveLength(1);
  });

  it('a player who disconnects between the claim and the payout is paid on the next join, once', async () => {
    const w = await esxWorld();
    await w.vote('Steve');
    const steve = await w.join('Steve');
    // The mock claims the vote, then holds the answer for a while (real time): the player leaves meanwhile.
    await typeVoteWithHeldAnswer(w, steve, 'Steve');
    w.drop(steve);
    await w.realWait(900);
    await w.advance(30_000);

    expect(w.ledger()).toEqual([]);
    w.console('votereward pending');
    await w.advance(100);
    expect(w.output().filter((l) => l.includes('Steve') && l.includes('claimed'))).toHaveLength(1);

    const again = await w.join('Steve', { license: steve.license });
    await w.until(() => w.ledger().length > 0);
    await w.advance(30_000);
    expect(cash(w)).toEqual([['es_extended', again.id, 'money', 500]]);
    expect(w.messages(again)).toEqual([THANKS]);

    w.drop(again);
    const third = await w.join('Steve', { license: steve.license });
    await w.advance(30_000);
    expect(w.ledger()).toHaveLength(1);
    expect(w.messages(third)).toEqual([]);
  });
});

/** One failure scenario: the fault installed on every /api/v1 route, the player's message, the wait before retrying. */
interface FailureCase {
  what: string;
  fault: FaultSpec;
  message: string;
  waitAfterMs: number;
}

const FAILURES: FailureCase[] = [
  {
    what: 'answers 500',
    fault: { route: '/api/v1/*', status: 500 },
    message: 'The vote site is having problems; nothing was lost, try again later.',
    waitAfterMs: 11_000,
  },
  {
    what: 'answers 503 with Retry-After',
    fault: { route: '/api/v1/*', status: 503, retryAfter: 20 },
    message: 'The vote site is having problems; nothing was lost, try again later.',
    waitAfterMs: 21_000,
  },
  {
    what: 'answers 429 with Retry-After',
    fault: { route: '/api/v1/*', status: 429, retryAfter: 30 },
    message: 'Too many requests to the vote site; try again in 30 s.',
    waitAfterMs: 31_000,
  },
  {
    what: 'hangs past the request timeout',
    fault: { route: '/api/v1/*', delayMs: 1500, drop: true },
    message: 'The vote site cannot be reached; nothing was lost, try again later.',
    waitAfterMs: 11_000,
  },
];

// FXServer's native HTTP gives no headers for a status >= 400, so Retry-After cannot be read on that path.
const NATIVE_FAILURES: FailureCase[] = FAILURES.map((c) =>
  c.fault.status === 429
    ? { ...c, message: 'Too many requests to the vote site; try again in 60 s.', waitAfterMs: 61_000 }
    : c,
);

/** Fails the player's /vote with the fault, checks nothing moved, then clears it and checks the vote is paid. */
async function failThenRecover(w: E2e, { fault, message, waitAfterMs }: FailureCase): Promise<void> {
  await w.vote('Steve');
  const steve = await w.join('Steve');
  await w.fault(fault);

  w.type(steve, '/vote');
  await w.until(() => w.messages(steve).length > 0);
  await w.advance(2000);

  expect(w.messages(steve)).toEqual([message]);
  expect(w.ledger()).toEqual([]);
  expect(w.unclaimed('Steve')).toHaveLength(1);
  expect(w.output().some((l) => l.includes('/vote by Steve'))).toBe(true);

  await w.clearFaults();
  // A held request stays open on the mock until its delay ends (real time).
  if (fault.delayMs) await w.realWait(fault.delayMs + 100);
  await w.advance(waitAfterMs);
  w.type(steve, '/vote');
  await w.until(() => w.ledger().length > 0);
  await w.advance(2000);
  expect(cash(w)).toEqual([['es_extended', steve.id, 'money', 500]]);
  expect(w.messages(steve).at(-1)).toBe(THANKS);
  expect(w.unclaimed('Steve')).toHaveLength(0);
}

describe('the API failing', () => {
  it.each(FAILURES)(
    'when the mock $what: no payout, a clear message, the vote still claimable',
    async (c) => {
      await failThenRecover(await esxWorld({ poll: { enabled: false } }), c);
    },
  );

  it.each(NATIVE_FAILURES)(
    'Node 16 native HTTP: when the mock $what: no payout, a clear message, the vote still claimable',
    async (c) => {
      world = await createE2e({
        framework: 'esx',
        profile: 'node16',
        config: { ...CASH, poll: { enabled: false } },
      });
      await failThenRecover(world, c);
    },
  );

  it.each(['node22', 'node16'] as const)(
    '%s: when the mock is down: no payout, a clear message, paid once it is back',
    async (profile) => {
      world = await createE2e({ framework: 'esx', profile, config: { ...CASH, poll: { enabled: false } } });
      const w = world;
      await w.vote('Steve');
      const steve = await w.join('Steve');
      await w.mockDown();

      w.type(steve, '/vote');
      await w.until(() => w.messages(steve).length > 0);
      expect(w.messages(steve)).toEqual([
        'The vote site cannot be reached; nothing was lost, try again later.',
      ]);
      expect(w.ledger()).toEqual([]);
      expect(w.unclaimed('Steve')).toHaveLength(1);

      await w.mockUp();
      await w.advance(11_000);
      w.type(steve, '/vote');
      await w.until(() => w.ledger().length > 0);
      await w.advance(2000);
      expect(cash(w)).toEqual([['es_extended', steve.id, 'money', 500]]);
      expect(w.unclaimed('Steve')).toHaveLength(0);
    },
  );
});
