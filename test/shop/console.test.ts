import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/domain/admin-command';
import type { PointsChange, PointsEntry, PurchaseAdminResult, PurchaseView } from '../../src/points/types';
import {
  parsePointsArgs,
  type ShopConsoleTarget,
  shopConsoleCommands,
  shopPlayerLines,
} from '../../src/shop/console';

const ANA = { license: 'license:a', name: 'Ana' };
const AT = Date.parse('2026-11-21T10:00:00.000Z');

/** A ledger that applies each key once, as the core's does. */
const setup = () => {
  let balance = 40;
  const entries: PointsEntry[] = [{ key: 'vote:v1', delta: 40, reason: 'vote', at: AT }];
  const applied: PointsChange[] = [];
  const decisions: string[] = [];
  const purchase: PurchaseView = {
    id: 'p-1',
    license: ANA.license,
    name: 'Ana',
    item: 'vip7',
    cost: 150,
    state: 'delivering',
    ref: 'a:shop:p-1',
    at: AT,
  };
  const target: ShopConsoleTarget = {
    find: (ref) =>
      ref.toLowerCase() === 'ana' || ref === ANA.license
        ? { ok: true, player: ANA }
        : { ok: false, code: 'not_found' },
    points: {
      read: () => ({ ok: true, license: ANA.license, balance, entries }),
      apply(_license, change) {
        applied.push(change);
        if (entries.some((e) => e.key === change.key))
          return { ok: true, balance, applied: false, credited: 0 };
        if (balance + change.delta < 0) return { ok: false, code: 'insufficient_points', balance };
        balance += change.delta;
        entries.push({ key: change.key, delta: change.delta, reason: change.reason, at: AT });
        return { ok: true, balance, applied: true, credited: change.delta };
      },
    },
    shop: {
      purchases: () => [purchase],
      async refund(id): Promise<PurchaseAdminResult> {
        decisions.push(`refund ${id}`);
        return id === 'p-1' ? { ok: true, code: 'refunded', purchase } : { ok: false, code: 'not_found' };
      },
      async grant(id): Promise<PurchaseAdminResult> {
        decisions.push(`grant ${id}`);
        return { ok: false, code: 'not_held' };
      },
    },
  };
  let op = 0;
  const rows = shopConsoleCommands(
    () => target,
    () => `op${++op}`,
  );
  const run = (line: string) => runAdminCommand(rows, line.split(' '));
  return { target, applied, decisions, run };
};

describe('parsePointsArgs', () => {
  it.each<[string, ReturnType<typeof parsePointsArgs>]>([
    ['Ana', { ok: true, who: 'Ana', change: null }],
    ['Big Ana +25 event prize', { ok: true, who: 'Big Ana', change: { delta: 25, reason: 'event prize' } }],
    [
      'Ana -10 refund of a mistake',
      { ok: true, who: 'Ana', change: { delta: -10, reason: 'refund of a mistake' } },
    ],
    ['Ana +25', { ok: false, problem: 'say why after the amount (`+25 event prize`)' }],
    ['Ana +0 nothing', { ok: false, problem: 'the change must be from 1 to 1000000 points, with + or -' }],
    ['Ana +1000001 typo', { ok: false, problem: 'the change must be from 1 to 1000000 points, with + or -' }],
  ])('%s', (line, expected) => {
    expect(parsePointsArgs(line.split(' '))).toEqual(expected);
  });
});

describe('votereward points', () => {
  it('shows the balance and the entries', async () => {
    const world = setup();
    expect(await world.run('points Ana')).toEqual([
      'vote-reward points Ana (license:a): balance 40',
      '  2026-11-21 10:00 UTC       +40  vote                      vote:v1',
    ]);
  });

  it('adjusts once per command, each with its own operation id, and refuses to go below 0', async () => {
    const world = setup();
    expect(await world.run('points Ana +25 event prize')).toEqual([
      'vote-reward points Ana (license:a): +25, balance 65; operation admin:op1',
    ]);
    expect(await world.run('points Ana -100 oops')).toEqual([
      'votereward points: nothing changed for Ana (license:a): insufficient_points (balance 65)',
    ]);
    expect(world.applied.map((change) => change.key)).toEqual(['admin:op1', 'admin:op2']);
    expect(world.applied[0]?.reason).toBe('admin: event prize');
  });

  it('names a player it cannot find, and changes nothing', async () => {
    const world = setup();
    expect(await world.run('points Bob +5 gift')).toEqual([
      'votereward points: no player "Bob" online, in the vote history, the points or the purchases',
    ]);
    expect(world.applied).toEqual([]);
  });

  it('answers a bad amount with the problem and the usage, changing nothing', async () => {
    const world = setup();
    const lines = await world.run('points Ana +5');
    expect(lines[0]).toBe('votereward points: say why after the amount (`+25 event prize`)');
    expect(world.applied).toEqual([]);
  });
});

describe('votereward purchase', () => {
  it.each<[string, string]>([
    ['purchase refund p-1', 'vote-reward: purchase p-1 refunded: 150 point(s) back to Ana'],
    [
      'purchase refund p-9',
      'votereward purchase refund p-9: no such purchase (see `votereward player <who>` for the ids)',
    ],
    ['purchase grant p-1', 'votereward purchase grant p-1: it is not waiting for an admin, nothing to grant'],
  ])('%s', async (line, answer) => {
    const world = setup();
    expect((await world.run(line))[0]).toBe(answer);
  });

  it('asks for the id', async () => {
    const world = setup();
    expect((await world.run('purchase refund'))[0]).toBe('votereward purchase refund: missing <purchase_id>');
    expect(world.decisions).toEqual([]);
  });
});

describe('votereward player: the shop lines', () => {
  it('shows the balance and each purchase with its state', () => {
    const world = setup();
    expect(shopPlayerLines(world.target, ANA.license)).toEqual([
      '  Points     40',
      '  Purchases  1 kept, 1 open',
      '    p-1                           vip7                 150 pts  delivering  2026-11-21 10:00 UTC',
    ]);
  });
});
