/**
 * ND_Core end to end: the built bundle in the simulated FXServer, on the ND_Core and ox_inventory fakes calibrated by
 * test/frameworks/transcripts/nd-core.json, against the real mock, with reward programs on (first vote, milestone,
 * vote party). Without a multicharacter resource ND_Core makes a joining player's character active 3 s later.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createE2e, type E2e, type E2ePlayer, inventoryOf } from '../../devkit/worlds/e2e-harness';

let world: E2e | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

const HOUR = 3_600_000;

/** The ledger since `from` as `resource kind name amount`. */
const paid = (w: E2e, from = 0) =>
  w
    .ledger()
    .slice(from)
    .map((e) => `${e.framework} ${e.kind} ${e.name} ${e.amount}`);

/** The player types /vote; waits until `count` payouts more are in the ledger, then lets the flow finish. */
async function voteAndWait(w: E2e, player: E2ePlayer, count: number): Promise<string[]> {
  const before = w.ledger().length;
  const heard = w.messages(player).length;
  w.type(player, '/vote');
  await w.until(() => w.ledger().length >= before + count && w.messages(player).length > heard);
  await w.advance(2000);
  return paid(w, before);
}

describe('ND_Core', () => {
  it('waits for the character ND_Core activates 3 s after joining, then pays the vote, the first-vote bonus, a milestone and a vote party once each', async () => {
    const w = await createE2e({
      framework: 'ndcore',
      config: {
        claimCooldownSeconds: 0,
        poll: { enabled: false },
        reward: [
          { type: 'money', amount: 500 },
          { type: 'item', item: 'water', count: 2 },
        ],
        firstVote: { reward: { type: 'bank', amount: 1000 } },
        milestones: [{ at: 2, reward: { type: 'money', amount: 300 } }],
        voteParty: { enabled: true, every: 3, reward: { type: 'bank', amount: 75 }, announceMinutes: 0 },
      },
    });
    world = w;
    await w.advance(1000);
    expect(w.output().join('\n')).toContain('framework ndcore,');
    await w.vote('Steve', { agoMs: 6 * HOUR });
    await w.vote('Steve', { agoMs: 3 * HOUR });
    const steve = await w.join('Steve', { load: false });

    w.type(steve, '/vote');
    await w.until(() => w.messages(steve).length > 0);
    await w.advance(1000);
    expect(paid(w)).toEqual([]);
    expect(w.messages(steve)).toEqual([
      'Your reward is waiting: it will be given once your character is loaded.',
    ]);
    expect(w.votes('Steve').every((vote) => vote.claimedAt === null)).toBe(true);

    await w.advance(3000);
    expect(w.fakes.nd?.players.get(steve.id)).toMatchObject({ cash: 0, bank: 0 });
    const first = w.messages(steve).length;
    expect(await voteAndWait(w, steve, 3)).toEqual([
      'ND_Core money cash 500',
      'ox_inventory item water 2',
      'ND_Core bank bank 1000',
    ]);
    expect(w.messages(steve).slice(first)).toEqual([
      'Thanks for voting! You received 500$ in cash, 2 x water.',
      'Thanks for your first vote for the server! Bonus: 1000$ in the bank.',
      '3 more vote(s) to the next vote party (0/3 this month).',
    ]);
    expect(await voteAndWait(w, steve, 3)).toEqual([
      'ND_Core money cash 500',
      'ox_inventory item water 2',
      'ND_Core money cash 300',
    ]);
    expect(w.fakes.nd?.players.get(steve.id)).toMatchObject({ cash: 1300, bank: 1000 });
    // ox_inventory's ND bridge keeps the money item equal to the cash.
    expect(inventoryOf(w, steve).items.get('money')).toBe(1300);
    expect(inventoryOf(w, steve).items.get('water')).toBe(4);

    const before = w.ledger().length;
    await w.vote('Fan1', { agoMs: 1000 });
    await w.until(() => w.ledger().length > before, 70_000);
    await w.advance(65_000);
    expect(paid(w, before)).toEqual(['ND_Core bank bank 75']);
    expect(w.messages(steve).at(-1)).toBe(
      'Vote party! The server reached 3 votes this month: you received 75$ in the bank.',
    );

    w.type(steve, '/vote');
    await w.advance(3000);
    expect(w.ledger()).toHaveLength(before + 1);
    expect(w.votes('Steve').every((vote) => vote.claimedAt !== null)).toBe(true);
    expect(w.kvp('claim:')).toEqual({});
  });
});
