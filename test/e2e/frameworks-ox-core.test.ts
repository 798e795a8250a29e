/**
 * ox_core end to end: the built bundle in the simulated FXServer (framework auto-detected) against the real mock, with
 * the ox_core and ox_inventory fakes calibrated on test/frameworks/transcripts/ox-core.json. Cash is the ox_inventory
 * `money` item, bank the character's default account, items ox_inventory's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PayoutEntry } from '../../devkit/fxserver';
import { createE2e, type E2e, type E2ePlayer, inventoryOf } from '../../devkit/worlds/e2e-harness';

const HOUR = 3_600_000;

let world: E2e | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

const REWARDS = {
  money: { type: 'money', amount: 500 },
  bank: { type: 'bank', amount: 750 },
  item: { type: 'item', item: 'bread', count: 3 },
} as const;

const paid = (entries: PayoutEntry[]) => entries.map((e) => [e.framework, e.kind, e.name, e.amount]);

/** The player types /vote and the flow finishes once `count` more payouts are in the ledger. */
async function voteAndWait(w: E2e, player: E2ePlayer, count: number): Promise<string[]> {
  const before = w.ledger().length;
  const heard = w.messages(player).length;
  w.type(player, '/vote');
  await w.until(() => w.ledger().length >= before + count && w.messages(player).length > heard);
  await w.advance(2000);
  return w
    .ledger()
    .slice(before)
    .map((e) => `${e.kind} ${e.amount}`);
}

describe('ox_core', () => {
  it.each([
    ['money', [['ox_core', 'money', 'money', 500]], 'Thanks for voting! You received 500$ in cash.'],
    ['bank', [['ox_core', 'bank', 'bank', 750]], 'Thanks for voting! You received 750$ in the bank.'],
    ['item', [['ox_inventory', 'item', 'bread', 3]], 'Thanks for voting! You received 3 x bread.'],
  ] as const)(
    'pays a %s reward once for one vote, and a second /vote pays nothing',
    async (type, ledger, thanks) => {
      const w = await createE2e({ framework: 'oxcore', config: { reward: REWARDS[type] } });
      world = w;
      await w.vote('Steve');
      const steve = await w.join('Steve');
      w.type(steve, '/vote');
      await w.until(() => w.messages(steve).length > 0);
      await w.advance(1000);

      expect(w.output()).toContainEqual(expect.stringMatching(/framework oxcore/));
      expect(w.messages(steve)).toEqual([thanks]);
      expect(paid(w.ledger())).toEqual(ledger);
      expect(w.ledger().every((e) => e.player === steve.id)).toBe(true);
      if (type === 'money') expect(inventoryOf(w, steve).items.get('money')).toBe(500);
      if (type === 'bank') expect(w.fakes.oxcore?.bank(steve.id)).toBe(750);
      if (type === 'item') expect(inventoryOf(w, steve).items.get('bread')).toBe(3);

      await w.advance(11_000);
      w.type(steve, '/vote');
      await w.until(() => w.messages(steve).length > 1);
      await w.advance(1000);
      expect(w.ledger()).toHaveLength(1);
      expect(w.votes('Steve')[0]?.claimedAt).not.toBeNull();
    },
  );

  it('pays nothing while the player is at character selection, then once the character is active', async () => {
    const w = await createE2e({ framework: 'oxcore', config: { reward: REWARDS.bank } });
    world = w;
    await w.vote('Steve');
    const steve = await w.join('Steve', { load: false });
    w.type(steve, '/vote');
    await w.until(() => w.messages(steve).length > 0);
    await w.advance(1000);
    expect(w.messages(steve)).toEqual([
      'Your reward is waiting: it will be given once your character is loaded.',
    ]);
    expect(w.ledger()).toEqual([]);
    expect(w.votes('Steve')[0]?.claimedAt).toBeNull();

    w.load(steve);
    await w.advance(11_000);
    w.type(steve, '/vote');
    await w.until(() => w.ledger().length > 0);
    await w.advance(1000);
    expect(paid(w.ledger())).toEqual([['ox_core', 'bank', 'bank', 750]]);
    expect(w.fakes.oxcore?.bank(steve.id)).toBe(750);
  });

  it('reward programs run unchanged: first vote bonus, a milestone and a vote party, each paid once', async () => {
    const w = await createE2e({
      framework: 'oxcore',
      config: {
        claimCooldownSeconds: 0,
        poll: { enabled: false },
        reward: { type: 'money', amount: 500 },
        firstVote: { reward: { type: 'bank', amount: 1000 } },
        milestones: [{ at: 2, reward: { type: 'item', item: 'bread', count: 2 } }],
        voteParty: { enabled: true, every: 5, reward: { type: 'bank', amount: 75 }, announceMinutes: 0 },
      },
    });
    world = w;
    await w.vote('Steve', { agoMs: 6 * HOUR });
    await w.vote('Steve', { agoMs: 3 * HOUR });
    const steve = await w.join('Steve');

    expect(await voteAndWait(w, steve, 2)).toEqual(['money 500', 'bank 1000']);
    expect(await voteAndWait(w, steve, 2)).toEqual(['money 500', 'item 2']);
    expect(w.messages(steve).slice(0, 2)).toEqual([
      'Thanks for voting! You received 500$ in cash.',
      'Thanks for your first vote for the server! Bonus: 1000$ in the bank.',
    ]);

    for (let i = 0; i < 3; i++) await w.vote(`Fan${i + 1}`, { agoMs: 1000 });
    const partyFrom = w.messages(steve).length;
    await w.until(() => w.ledger().some((e) => e.kind === 'bank' && e.amount === 75), 70_000);
    await w.advance(65_000);
    expect(w.messages(steve).slice(partyFrom)).toContain(
      'Vote party! The server reached 5 votes this month: you received 75$ in the bank.',
    );

    expect(paid(w.ledger())).toEqual([
      ['ox_core', 'money', 'money', 500],
      ['ox_core', 'bank', 'bank', 1000],
      ['ox_core', 'money', 'money', 500],
      ['ox_inventory', 'item', 'bread', 2],
      ['ox_core', 'bank', 'bank', 75],
    ]);
    expect(inventoryOf(w, steve).items.get('money')).toBe(1000);
    expect(inventoryOf(w, steve).items.get('bread')).toBe(2);
    expect(w.fakes.oxcore?.bank(steve.id)).toBe(1075);
  });
});
