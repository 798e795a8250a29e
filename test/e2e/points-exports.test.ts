/**
 * Vote points in the built bundle: another resource reads, adds and spends a player's points through the exports (the
 * same key twice changes nothing), and a claimed vote earns `points.perVote` once its reward is paid.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createE2e, type E2e } from '../../devkit/worlds/e2e-harness';

let world: E2e | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

describe('vote points exports (built bundle)', () => {
  it('a vote earns perVote points; another resource adds and spends with its own keys, each applied once', async () => {
    world = await createE2e({
      framework: 'esx',
      config: {
        claimCooldownSeconds: 0,
        poll: { enabled: false },
        reward: { type: 'money', amount: 500 },
        points: { perVote: 10 },
      },
    });
    const w = world;
    const ana = await w.join('Ana');
    await w.vote('Ana');
    const paid = w.ledger().length;
    w.type(ana, '/vote');
    await w.until(() => w.ledger().length > paid);
    await w.advance(500);
    const answers: unknown[] = [];
    w.server.addFakeResource('phone', {
      setup(g) {
        g.RegisterCommand('phone_points', () => {
          const points = g.exports['vote-reward'];
          answers.push(
            points.getVotePoints(ana.license),
            points.addVotePoints(ana.id, 5, 'gift-1', 'birthday'),
            points.addVotePoints(ana.id, 5, 'gift-1', 'birthday'),
            points.spendVotePoints(ana.license, 12, 'order-1', 'phone case'),
            points.spendVotePoints(ana.license, 12, 'order-2', 'phone case'),
            points.getVotePoints(String(ana.id)),
            points.getVotePoints('steam:110000100000001'),
          );
        });
      },
    });
    w.server.start('phone');
    w.console('phone_points');
    await w.advance(200);
    expect(answers).toEqual([
      { ok: true, balance: 10 },
      { ok: true, balance: 15, applied: true },
      { ok: true, balance: 15, applied: false },
      { ok: true, balance: 3, applied: true },
      { ok: false, code: 'insufficient_points', balance: 3 },
      { ok: true, balance: 3 },
      { ok: false, code: 'unknown_player' },
    ]);
  }, 60_000);
});
