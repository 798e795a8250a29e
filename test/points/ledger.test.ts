/**
 * The points ledger: each key applied once and bound to its change, never below zero, capped credits recorded, a
 * stored ledger bounded where it is read (an edited balance is unreadable and never spendable), a record that stays
 * the same size whatever the history, keys kept for their promised life (refused as `ledger_full` rather than
 * forgotten early), and a stop at any write that never applies a key twice.
 */
import { describe, expect, it } from 'vitest';
import { createFakeClock, createFakeRuntime, SimulatedCrash } from '../../devkit/fakes/runtime';
import { MAX_POINTS_BALANCE } from '../../src/config/points-schema';
import { createPointsLedger, KEY_KEEP_MS, PRUNE_EVERY_MS } from '../../src/points/ledger';
import { LEDGER_KEEP } from '../../src/points/records';
import type { PointsChange } from '../../src/points/types';

const ANN = 'license:ann';

const setup = (
  options: { cap?: number; live?: (key: string) => boolean; maxCallerKeys?: number } = {},
  kvp?: Map<string, string>,
) => {
  const clock = createFakeClock();
  const runtime = createFakeRuntime({ clock, ...(kvp ? { kvp } : {}) });
  const corrupt: string[] = [];
  const ledger = createPointsLedger({
    kvp: runtime.kvp,
    now: clock.now,
    ...options,
    onCorrupt: (license, detail) => corrupt.push(`${license}: ${detail}`),
  });
  return { clock, runtime, ledger, corrupt };
};

const credit = (key: string, delta: number): PointsChange => ({ key, delta, reason: 'test' });

describe('points ledger: changes', () => {
  it.each([
    {
      name: 'a credit then a debit move the balance by each',
      changes: [credit('vote:1', 10), credit('buy:p1', -4)],
      results: [
        { ok: true, balance: 10, applied: true, credited: 10 },
        { ok: true, balance: 6, applied: true, credited: -4 },
      ],
    },
    {
      name: 'the same key twice changes nothing the second time; with another amount or sign it is a key_conflict',
      changes: [credit('vote:1', 10), credit('vote:1', 10), credit('vote:1', 99), credit('vote:1', -10)],
      results: [
        { ok: true, balance: 10, applied: true, credited: 10 },
        { ok: true, balance: 10, applied: false, credited: 10 },
        { ok: false, code: 'key_conflict', balance: 10 },
        { ok: false, code: 'key_conflict', balance: 10 },
      ],
    },
    {
      name: 'a debit above the balance is refused and not remembered (it may be tried again later)',
      changes: [credit('vote:1', 3), credit('buy:p1', -5), credit('vote:2', 2), credit('buy:p1', -5)],
      results: [
        { ok: true, balance: 3, applied: true, credited: 3 },
        { ok: false, code: 'insufficient_points', balance: 3 },
        { ok: true, balance: 5, applied: true, credited: 2 },
        { ok: true, balance: 0, applied: true, credited: -5 },
      ],
    },
    {
      name: 'amounts that are not whole, zero or beyond the ledger are refused',
      changes: [
        credit('a', 0),
        credit('b', 1.5),
        credit('c', MAX_POINTS_BALANCE + 1),
        credit('d', Number.NaN),
      ],
      results: Array.from({ length: 4 }, () => ({ ok: false, code: 'invalid_amount' })),
    },
    {
      name: 'keys that are empty, too long or hold control characters are refused',
      changes: [credit('', 1), credit('x'.repeat(321), 1), credit('a\nb', 1)],
      results: Array.from({ length: 3 }, () => ({ ok: false, code: 'invalid_key' })),
    },
  ])('$name', ({ changes, results }) => {
    const { ledger } = setup();
    expect(changes.map((change) => ledger.apply(ANN, change))).toEqual(results);
  });

  it('earning above the cap credits up to it and records what was asked; at the cap a credit is remembered as 0', () => {
    const { ledger } = setup({ cap: 10 });
    expect(ledger.apply(ANN, credit('vote:1', 8))).toMatchObject({ balance: 8, credited: 8 });
    expect(ledger.apply(ANN, credit('vote:2', 5))).toMatchObject({ balance: 10, credited: 2 });
    expect(ledger.apply(ANN, credit('vote:3', 5))).toMatchObject({ balance: 10, credited: 0, applied: true });
    // Spent below the cap, the capped key replayed credits nothing: it was applied.
    ledger.apply(ANN, credit('buy:p1', -6));
    expect(ledger.apply(ANN, credit('vote:3', 5))).toMatchObject({ balance: 4, applied: false });
    const read = ledger.read(ANN);
    expect(read.ok && read.entries.map(({ key, delta, asked }) => ({ key, delta, asked }))).toEqual([
      { key: 'vote:1', delta: 8, asked: undefined },
      { key: 'vote:2', delta: 2, asked: 5 },
      { key: 'vote:3', delta: 0, asked: 5 },
      { key: 'buy:p1', delta: -6, asked: undefined },
    ]);
  });

  it('a refund may go beyond the cap: it gives back what was taken', () => {
    const { ledger } = setup({ cap: 10 });
    ledger.apply(ANN, credit('vote:1', 10));
    ledger.apply(ANN, credit('buy:p1', -10));
    ledger.apply(ANN, credit('vote:2', 10));
    expect(ledger.apply(ANN, { ...credit('refund:p1', 10), beyondCap: true })).toMatchObject({ balance: 20 });
  });
});

function manyEntries(count: number) {
  const entries = Array.from({ length: count }, (_, i) => ({ key: `k${i}`, delta: 1, reason: '', at: 1 }));
  return { balance: count, entries };
}

describe('points ledger: what is read back is evidence', () => {
  const stored = (patch: Record<string, unknown>) =>
    JSON.stringify({
      format: 2,
      license: ANN,
      balance: 5,
      folded: { balance: 0, count: 0 },
      entries: [{ key: 'vote:1', delta: 5, reason: 'vote', at: 1 }],
      callerKeys: 0,
      prune: { next: 0, after: null },
      ...patch,
    });

  it.each([
    { name: 'a balance edited to 1e15', patch: { balance: 1e15, folded: { balance: 1e15 - 5, count: 1 } } },
    { name: 'a balance that is not the checkpoint plus its entries', patch: { balance: 500 } },
    { name: 'a negative balance', patch: { balance: -5, folded: { balance: -10, count: 1 } } },
    { name: "another player's ledger under this key", patch: { license: 'license:bob' } },
    { name: 'more kept entries than the record holds', patch: manyEntries(LEDGER_KEEP + 1) },
    { name: 'a ledger of format 1 the migration could not move', patch: { format: 1 } },
    {
      name: 'a key twice',
      patch: {
        balance: 10,
        entries: [
          { key: 'k', delta: 5, reason: '', at: 1 },
          { key: 'k', delta: 5, reason: '', at: 1 },
        ],
      },
    },
  ])('$name is unreadable: nothing spent, nothing credited, the record left as is', ({ patch }) => {
    const { runtime, ledger, corrupt } = setup();
    const text = stored(patch);
    runtime.kvp.set('points:license:ann', text);
    expect(ledger.read(ANN)).toMatchObject({ ok: false, code: 'ledger_unreadable' });
    expect(ledger.apply(ANN, credit('buy:p1', -1))).toEqual({ ok: false, code: 'ledger_unreadable' });
    expect(ledger.apply(ANN, credit('vote:2', 1))).toEqual({ ok: false, code: 'ledger_unreadable' });
    expect(ledger.has(ANN, 'vote:1')).toBeNull();
    expect(runtime.kvp.get('points:license:ann')).toBe(text);
    expect(corrupt.length).toBeGreaterThan(0);
  });
});

const sizeOf = (runtime: { kvp: { get(key: string): string | null } }) =>
  runtime.kvp.get('points:license:ann')?.length ?? 0;

describe('points ledger: storage that does not grow', () => {
  it('keeps the newest entries and folds the rest into the checkpoint, each key still found', () => {
    const { ledger } = setup();
    for (let i = 0; i < LEDGER_KEEP + 50; i += 1) ledger.apply(ANN, credit(`pay:c${i}#0`, 1));
    const read = ledger.read(ANN);
    expect(read.ok && read.balance).toBe(LEDGER_KEEP + 50);
    expect(read.ok && read.entries.length).toBe(LEDGER_KEEP);
    expect(ledger.has(ANN, 'pay:c0#0')).toBe(true);
    expect(ledger.apply(ANN, credit('pay:c0#0', 1))).toMatchObject({
      applied: false,
      balance: LEDGER_KEEP + 50,
    });
  });

  it('the record a change rewrites is as large at 1,000 keys as at 30, and key 0 still replays as applied', () => {
    const { runtime, ledger } = setup();
    const sizes: number[] = [];
    for (let i = 0; i < 1001; i += 1) {
      ledger.apply(ANN, credit(`res:phone:playtime:${i}`, 1));
      if (i === 29 || i === 1000) sizes.push(sizeOf(runtime));
    }
    // Only the longer numbers of the newest keys differ (`playtime:1000` against `playtime:29`).
    expect(sizes[1]).toBeLessThan((sizes[0] ?? 0) * 1.1);
    expect(ledger.apply(ANN, credit('res:phone:playtime:0', 1))).toEqual({
      ok: true,
      balance: 1001,
      applied: false,
      credited: 1,
    });
    expect(ledger.read(ANN)).toMatchObject({ balance: 1001 });
  });

  it('a key is kept 30 days and while it can replay; a later pass deletes it, one day at most after', async () => {
    const { runtime, ledger, clock } = setup({ live: (key) => key === 'pay:open#0' });
    ledger.apply(ANN, credit('pay:open#0', 1));
    ledger.apply(ANN, credit('res:phone:1', 1));
    await clock.advance(KEY_KEEP_MS - 60_000);
    for (let i = 0; i < LEDGER_KEEP; i += 1) ledger.apply(ANN, credit(`pay:c${i}#0`, 1));
    expect(ledger.has(ANN, 'res:phone:1')).toBe(true);
    expect(ledger.apply(ANN, credit('res:phone:1', 1))).toMatchObject({ applied: false });
    await clock.advance(PRUNE_EVERY_MS + 60_000);
    ledger.apply(ANN, credit('pay:later#0', 1));
    expect(ledger.has(ANN, 'res:phone:1')).toBe(false);
    expect(runtime.kvp.get('pointkey:license:ann:res:phone:1')).toBeNull();
    expect(ledger.has(ANN, 'pay:open#0')).toBe(true);
    expect(ledger.read(ANN)).toMatchObject({ balance: LEDGER_KEEP + 3 });
  });

  it('past its caller-key limit it refuses a new caller key (ledger_full) and forgets none younger than 30 days', async () => {
    const { ledger, clock } = setup({ maxCallerKeys: 5 });
    for (let i = 0; i < 5; i += 1)
      expect(ledger.apply(ANN, credit(`res:phone:${i}`, 1))).toMatchObject({ applied: true });
    expect(ledger.apply(ANN, credit('res:phone:5', 1))).toEqual({
      ok: false,
      code: 'ledger_full',
      balance: 5,
    });
    expect(ledger.apply(ANN, credit('res:hud:0', 1))).toMatchObject({ code: 'ledger_full' });
    // The resource's own keys are not caller keys: a vote's points still credit.
    expect(ledger.apply(ANN, credit('pay:v1#0', 10))).toMatchObject({ applied: true, balance: 15 });
    for (let i = 0; i < 5; i += 1)
      expect(ledger.apply(ANN, credit(`res:phone:${i}`, 1))).toMatchObject({ applied: false, balance: 15 });
    await clock.advance(KEY_KEEP_MS + PRUNE_EVERY_MS);
    for (let i = 0; i < LEDGER_KEEP; i += 1) ledger.apply(ANN, credit(`pay:c${i}#0`, 1));
    await clock.advance(PRUNE_EVERY_MS);
    expect(ledger.apply(ANN, credit('res:phone:5', 1))).toMatchObject({ applied: true });
  });

  it('a stop at any write of a change applies the key once: retried, it answers applied or applies it', () => {
    const base = setup();
    for (let i = 0; i < LEDGER_KEEP + 3; i += 1) base.ledger.apply(ANN, credit(`res:phone:${i}`, 1));
    const before = base.runtime.snapshot();
    const change = credit('res:phone:new', 7);
    let killed = 0;
    for (let at = 1; ; at += 1) {
      const { runtime, ledger } = setup({}, before);
      runtime.crashOnKvpWrite(at);
      let crashed = false;
      try {
        ledger.apply(ANN, change);
      } catch (error) {
        if (!(error instanceof SimulatedCrash)) throw error;
        crashed = true;
      }
      if (!crashed) break;
      killed += 1;
      const restarted = setup({}, runtime.snapshot());
      restarted.ledger.apply(ANN, change);
      restarted.ledger.apply(ANN, change);
      expect(restarted.ledger.read(ANN)).toMatchObject({ balance: LEDGER_KEEP + 3 + 7 });
      // Pushed out of the kept entries, the key is still known by its own record.
      for (let i = 0; i < LEDGER_KEEP; i += 1) restarted.ledger.apply(ANN, credit(`pay:p${i}#0`, 1));
      expect(restarted.ledger.apply(ANN, change)).toMatchObject({ applied: false, credited: 7 });
      expect(restarted.ledger.read(ANN)).toMatchObject({ balance: 2 * LEDGER_KEEP + 3 + 7 });
    }
    expect(killed).toBeGreaterThanOrEqual(2);
  });
});
