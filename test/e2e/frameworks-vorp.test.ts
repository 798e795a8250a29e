import { afterEach, describe, expect, it } from 'vitest';
import { createE2e, type E2e } from '../../devkit/worlds/e2e-harness';
import { redmFrameworkTest } from './redm-frameworks';

describe('VORP (RedM) end to end', () => {
  redmFrameworkTest('vorp', {
    reward: [{ type: 'money', amount: 500 }, ['vorp_core', 'money', 'money', 500]],
    firstVote: [{ type: 'money', amount: 1000 }, ['vorp_core', 'money', 'money', 1000]],
    milestone: [{ type: 'item', item: 'bread', count: 2 }, ['vorp_inventory', 'item', 'bread', 2]],
    party: [{ type: 'money', amount: 75 }, ['vorp_core', 'money', 'money', 75]],
    startupNotes: ['VORP finds players by their Steam identifier'],
  });

  let world: E2e | null = null;
  afterEach(async () => {
    await world?.close();
    world = null;
  });

  it('a player VORP has no user for (no Steam) is never paid: the vote stays unclaimed, the console says why once', async () => {
    const w = await createE2e({
      framework: 'vorp',
      config: { claimCooldownSeconds: 0, poll: { enabled: false }, reward: { type: 'money', amount: 500 } },
    });
    world = w;
    await w.advance(1000);
    await w.vote('Carol');
    const carol = await w.join('Carol', { noSteam: true, load: false });
    for (let i = 0; i < 2; i++) {
      w.type(carol, '/vote');
      await w.advance(3000);
    }
    expect(w.ledger()).toEqual([]);
    expect(w.unclaimed('Carol')).toHaveLength(1);
    expect(w.output().filter((l) => l.includes(`VORP has no user for player ${carol.id}`))).toHaveLength(1);
    expect(w.messages(carol)).toEqual([
      'Your reward is waiting: it will be given once your character is loaded.',
      'Your reward is waiting: it will be given once your character is loaded.',
    ]);
  });
});
