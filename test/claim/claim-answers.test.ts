import { brotliCompressSync, constants } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockVoteApi } from '../../devkit/fakes/mock-transport';
import { rawAnswer } from '../../devkit/fakes/raw-http-server';
import { createFakeClock } from '../../devkit/fakes/runtime';
import {
  buildClaimWorld,
  type ClaimWorld,
  createSocketClaimWorld,
  type SocketClaimWorld,
} from '../../devkit/fakes/socket-claim-world';
import { MAX_ANSWER_BYTES } from '../../src/api/transport';
import { REWARDED_EVENT } from '../../src/claim/claim-flow';

const MISBEHAVING = 'The vote site is misbehaving; nothing was lost, try again later.';
const SERVER_ERROR = 'The vote site is having problems; nothing was lost, try again later.';

/** The claim flow over the in-process mock (wire faults replace answers). */
const inProcess = (): ClaimWorld => {
  const clock = createFakeClock();
  const mock = createMockVoteApi({ now: clock.now });
  return buildClaimWorld(clock, mock, mock, 'https://votes.example');
};

const worlds: SocketClaimWorld[] = [];
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((world) => world.close()));
});

/** The claim flow over real sockets and the real fetch transport, answers replaced with `override`. */
const overSockets = async () => {
  const world = await createSocketClaimWorld();
  worlds.push(world);
  return world;
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

const lastTold = (w: ClaimWorld) => w.runtime.told.at(-1)?.message;
const journal = (w: ClaimWorld) => w.flow.pending();
const adminLines = (w: ClaimWorld) =>
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
      expect(w.adapter.paid[0]?.ref).not.toBe(voteId);
      expect(w.mock.unclaimed('Ana')).toEqual([]);
      expect(vote.voteId).not.toBe(voteId);
      const rewarded = w.runtime.emitted.filter((e) => e.event === REWARDED_EVENT);
      expect(JSON.stringify(rewarded)).not.toContain(JSON.stringify(voteId).slice(1, -1));
      expect(w.runtime.logs.some((l) => l.message.includes(voteId))).toBe(false);
    },
  );

  it.each([201, 202, 204])(
    'a claim answered %i (a 2xx other than 200) is unusable, not a refusal: checked again, paid once when the vote is gone',
    async (status) => {
      const w = inProcess();
      w.mock.addVote('Ana', w.clock.now() - 60_000);
      w.mock.wire({
        path: '/api/v1/vote/claim',
        apply: true,
        reply: { status, body: '{"success":true,"vote_id":"0b7e5b8a-1b2c-4d3e-8f90-123456789abc"}' },
      });
      expect((await w.flow.claim(1)).code).toBe('rewarded');
      expect(w.adapter.paid).toHaveLength(1);
      expect(journal(w)).toEqual([]);
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
