/**
 * A framework stopped while players play (issue 37): every framework alike, the console names the stopped resource
 * once, a player who types /vote is told rewards are paused (not "once your character is loaded"), nothing is paid
 * and the vote stays unclaimed; started again, the console says so and the same /vote pays.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createE2e, type E2e } from '../../devkit/worlds/e2e-harness';

const CORES = {
  esx: 'es_extended',
  qbcore: 'qb-core',
  qbox: 'qbx_core',
  oxcore: 'ox_core',
  ndcore: 'ND_Core',
  vrp: 'vrp',
  vorp: 'vorp_core',
  rsg: 'rsg-core',
} as const;

const PAUSED =
  'Vote rewards are paused: the server’s framework is stopped. Your reward is waiting and will be given once it is back.';

describe('a framework stopped while players play', () => {
  let world: E2e | null = null;
  afterEach(async () => {
    await world?.close();
    world = null;
  });

  it.each(Object.entries(CORES))(
    '%s: named once in the console, players told rewards are paused, paid once it is back',
    async (framework, resource) => {
      const w = await createE2e({
        framework: framework as keyof typeof CORES,
        config: { claimCooldownSeconds: 0, poll: { enabled: false }, reward: { type: 'money', amount: 5 } },
      });
      world = w;
      await w.advance(1000);
      const steve = await w.join('Steve');
      await w.advance(4000);
      await w.vote('Steve');
      const from = w.output().length;
      w.console(`stop ${resource}`);
      await w.advance(1000);
      for (let i = 0; i < 2; i++) {
        w.type(steve, '/vote');
        await w.advance(3000);
      }
      const named = w.output().slice(from);
      expect(named).toHaveLength(1);
      expect(named[0]).toMatch(
        new RegExp(
          `^vote-reward: .* \\(${resource}\\) is stopped: rewards are paused until it is started again`,
        ),
      );
      expect(w.messages(steve)).toEqual([PAUSED, PAUSED]);
      expect(w.ledger()).toEqual([]);
      expect(w.unclaimed('Steve')).toHaveLength(1);

      w.console(`start ${resource}`);
      await w.advance(1000);
      expect(w.output().slice(from + 1)).toEqual([
        expect.stringMatching(new RegExp(`\\(${resource}\\) is started again: rewards resume$`)),
      ]);
      w.load(steve);
      await w.advance(4000);
      w.type(steve, '/vote');
      await w.until(() => w.ledger().length > 0);
      expect(w.ledger().map((e) => [e.kind, e.amount])).toEqual([[expect.any(String), 5]]);
      expect(w.unclaimed('Steve')).toEqual([]);
    },
  );

  it('a vote-shop purchase while ESX is stopped takes no points and does not blame the inventory', async () => {
    const w = await createE2e({
      framework: 'esx',
      config: {
        claimCooldownSeconds: 0,
        poll: { enabled: false },
        reward: { type: 'money', amount: 5 },
        points: { perVote: 100 },
        shop: {
          enabled: true,
          items: [
            { id: 'bread', name: 'Bread x2', cost: 30, rewards: { type: 'item', item: 'bread', count: 2 } },
          ],
        },
      },
    });
    world = w;
    await w.vote('Steve');
    const steve = await w.join('Steve');
    w.type(steve, '/vote');
    await w.until(() => w.messages(steve).length > 0);
    await w.advance(2000);
    w.console('stop es_extended');
    await w.advance(1000);
    const from = w.messages(steve).length;
    w.type(steve, '/voteshop buy bread');
    await w.advance(6000);
    w.type(steve, '/votepoints');
    await w.advance(6000);
    expect(w.messages(steve).slice(from)).toEqual([
      'The vote shop cannot sell Bread x2 right now; no points were taken. Try again later.',
      'You have 100 vote point(s).',
      'Spend them in the vote shop: /voteshop',
    ]);
    expect(w.ledger().filter((e) => e.kind === 'item')).toEqual([]);
  });
});
