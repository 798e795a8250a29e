/**
 * Vote points in the built bundle: another resource reads, adds and spends a player's points through the exports (the
 * same key twice changes nothing), and a claimed vote earns `points.perVote` once its reward is paid. The exports'
 * idempotency contract as other resources meet it: keys per calling resource, bound to their change, remembered past
 * a thousand of them, and the amount credited at the cap.
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
      { ok: true, balance: 15, applied: true, credited: 5 },
      { ok: true, balance: 15, applied: false, credited: 5 },
      { ok: true, balance: 3, applied: true, credited: -12 },
      { ok: false, code: 'insufficient_points', balance: 3 },
      { ok: true, balance: 3 },
      { ok: false, code: 'unknown_player' },
    ]);
  }, 60_000);

  it('keys belong to the calling resource and to their change; 1,001 keys later the first still replays; the cap answers what it credited', async () => {
    world = await createE2e({
      framework: 'esx',
      config: {
        claimCooldownSeconds: 0,
        poll: { enabled: false },
        reward: { type: 'money', amount: 500 },
        points: { perVote: 10, cap: 2000 },
      },
    });
    const w = world;
    const ana = await w.join('Ana');
    const answers: Record<string, unknown[]> = { phone: [], hud: [] };
    type PointsApi = Record<
      'getVotePoints' | 'addVotePoints' | 'spendVotePoints',
      (...args: unknown[]) => unknown
    >;
    const callsOf: Record<string, (points: PointsApi) => unknown[]> = {
      phone: (points) => [
        points.addVotePoints(ana.license, 30, 'order-17', 'order'),
        points.spendVotePoints(ana.license, 30, 'order-17', 'refund by mistake'),
        points.addVotePoints(ana.license, 50, 'order-17', 'another amount'),
        points.addVotePoints(ana.license, 1, '1', 'shared key name'),
      ],
      hud: (points) => {
        const first = [points.addVotePoints(ana.license, 1, '1', 'shared key name')];
        for (let i = 0; i < 1001; i += 1) points.addVotePoints(ana.license, 1, `playtime:${i}`, 'a minute');
        return [
          ...first,
          points.getVotePoints(ana.license),
          points.addVotePoints(ana.license, 1, 'playtime:0', 'a minute'),
          points.addVotePoints(ana.license, 5000, 'jackpot', 'over the cap'),
          points.addVotePoints(ana.license, 5000, 'jackpot-2', 'at the cap'),
          points.getVotePoints(ana.license),
        ];
      },
    };
    for (const name of ['phone', 'hud'] as const) {
      w.server.addFakeResource(name, {
        setup(g) {
          g.RegisterCommand(`${name}_points`, () => {
            answers[name]?.push(...(callsOf[name]?.(g.exports['vote-reward'] as PointsApi) ?? []));
          });
        },
      });
      w.server.start(name);
      w.console(`${name}_points`);
      await w.advance(200);
    }
    expect(answers.phone).toEqual([
      { ok: true, balance: 30, applied: true, credited: 30 },
      { ok: false, code: 'key_conflict', balance: 30 },
      { ok: false, code: 'key_conflict', balance: 30 },
      { ok: true, balance: 31, applied: true, credited: 1 },
    ]);
    expect(answers.hud).toEqual([
      { ok: true, balance: 32, applied: true, credited: 1 },
      { ok: true, balance: 1033 },
      { ok: true, balance: 1033, applied: false, credited: 1 },
      { ok: true, balance: 2000, applied: true, credited: 967 },
      { ok: true, balance: 2000, applied: true, credited: 0 },
      { ok: true, balance: 2000 },
    ]);
  }, 120_000);

  it('votereward points takes a license or an online id first and refuses a name several players go by; player finds points-only players', async () => {
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
    const steve = await w.join('Steve', { license: 'license:5555aaaa' });
    await w.vote('Steve');
    w.type(steve, '/vote');
    await w.until(() => w.ledger().length > 0);
    await w.advance(500);
    w.drop(steve);
    const mallory = await w.join('STEVE', { license: 'license:6666bbbb' });
    const lines = async (line: string) => {
      const before = w.output().length;
      w.console(line);
      await w.advance(200);
      return w.output().slice(before);
    };
    const ambiguous = await lines('votereward points Steve +500 compensation');
    expect(ambiguous.join('\n')).toContain('"Steve" names 2 players');
    expect(ambiguous.some((l) => l.includes('license:5555aaaa'))).toBe(true);
    expect(ambiguous.some((l) => l.includes('license:6666bbbb'))).toBe(true);
    // Another player online under Steve's license as a name takes nothing of it.
    await w.join('license:5555aaaa', { license: 'license:8888dddd' });
    const byLicense = await lines('votereward points license:5555aaaa +500 compensation');
    expect(byLicense.join('\n')).toContain('Steve (license:5555aaaa): +500');
    const byId = await lines(`votereward points ${mallory.id} +5 online prize`);
    expect(byId.join('\n')).toContain('STEVE (license:6666bbbb): +5');
    // A points-only player (credited by another resource, never voted) is found by their license.
    w.server.addFakeResource('phone', {
      setup(g) {
        g.RegisterCommand('phone_gift', () => {
          (g.exports['vote-reward'] as Record<string, (...args: unknown[]) => unknown>).addVotePoints?.(
            'license:7777cccc',
            40,
            'gift-1',
            'welcome',
          );
        });
      },
    });
    w.server.start('phone');
    w.console('phone_gift');
    await w.advance(200);
    const player = await lines('votereward player license:7777cccc');
    expect(player.join('\n')).toContain('vote-reward player license:7777cccc (license:7777cccc)');
    expect(player.join('\n')).toMatch(/Points\s+40/);
    const balances = await lines('votereward points license:5555aaaa');
    expect(balances.join('\n')).toContain('balance 510');
    const mallorys = await lines('votereward points license:6666bbbb');
    expect(mallorys.join('\n')).toContain('balance 5');
    const named = await lines('votereward points license:8888dddd');
    expect(named.join('\n')).toContain('balance 0');
  }, 60_000);
});
