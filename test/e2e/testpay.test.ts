import { afterEach, describe, expect, it } from 'vitest';
import { createE2e, type E2e } from '../../devkit/worlds/e2e-harness';

let world: E2e | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

describe('votereward testpay on the built bundle', () => {
  it('pays an online ESX player the configured rewards once, marked as a test, and survives a restart unpaid twice', async () => {
    const w = await createE2e({
      framework: 'esx',
      config: { reward: { type: 'money', amount: 500 }, poll: { enabled: false } },
    });
    world = w;
    const steve = await w.join('Steve');

    w.console(`votereward testpay ${steve.id}`);
    await w.until(() => w.output().some((l) => l.startsWith('votereward testpay: TEST paid')));

    expect(w.ledger().map((e) => [e.player, e.kind, e.name, e.amount])).toEqual([
      [steve.id, 'money', 'money', 500],
    ]);
    expect(w.messages(steve)).toEqual([
      'Test of the vote rewards by an admin (not a vote): you received 500$ in cash.',
    ]);
    const paid = w.output().find((l) => l.startsWith('votereward testpay: TEST paid')) ?? '';
    expect(paid).toMatch(
      /^votereward testpay: TEST paid Steve \(#\d+\): 500\$ in cash \(award a:test:\d+:license:[^)]+\)$/,
    );
    expect(
      w
        .output()
        .some((l) => l.startsWith('vote-reward: TEST payout (votereward testpay, not a vote): Steve')),
    ).toBe(true);
    expect(w.kvp('claim:')).toEqual({});
    expect(w.rewardedEvents()).toEqual([]);

    w.kill();
    await w.restart();
    await w.join('Steve');
    await w.advance(20_000);
    expect(w.ledger()).toHaveLength(1);
  });

  it('refuses a player id that is not online', async () => {
    const w = await createE2e({ framework: 'esx', config: { poll: { enabled: false } } });
    world = w;
    w.console('votereward testpay 42');
    await w.advance(500);
    expect(w.output().at(-1)).toBe('votereward testpay: player 42 is not online; nothing paid');
    expect(w.ledger()).toEqual([]);
  });
});
