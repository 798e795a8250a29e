/**
 * The points ledger: each key applied once, never below zero, capped credits recorded, a stored ledger bounded where
 * it is read (an edited balance is unreadable and never spendable), and compaction that never forgets a key that can
 * still be replayed.
 */
import { describe, expect, it } from 'vitest';
import { createFakeClock, createFakeRuntime } from '../../devkit/fakes/runtime';
import { MAX_POINTS_BALANCE } from '../../src/config/points-schema';
import { CALLER_KEY_KEEP_MS, createPointsLedger } from '../../src/points/ledger';
import { LEDGER_KEEP, LEDGER_MAX_ENTRIES } from '../../src/points/records';
import type { PointsChange } from '../../src/points/types';

const ANN = 'license:ann';

const setup = (options: { cap?: number; live?: (key: string) => boolean } = {}) => {
  const clock = createFakeClock();
  const runtime = createFakeRuntime({ clock });
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
      name: 'the same key twice changes nothing the second time, whatever its amount',
      changes: [credit('vote:1', 10), credit('vote:1', 10), credit('vote:1', 99)],
      results: [
        { ok: true, balance: 10, applied: true, credited: 10 },
        { ok: true, balance: 10, applied: false, credited: 0 },
        { ok: true, balance: 10, applied: false, credited: 0 },
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
      changes: [credit('', 1), credit('x'.repeat(201), 1), credit('a\nb', 1)],
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

describe('points ledger: what is read back is evidence', () => {
  const stored = (patch: Record<string, unknown>) =>
    JSON.stringify({
      format: 1,
      license: ANN,
      balance: 5,
      folded: { balance: 0, count: 0 },
      entries: [{ key: 'vote:1', delta: 5, reason: 'vote', at: 1 }],
      ...patch,
    });

  it.each([
    { name: 'a balance edited to 1e15', patch: { balance: 1e15, folded: { balance: 1e15 - 5, count: 1 } } },
    { name: 'a balance that is not the checkpoint plus its entries', patch: { balance: 500 } },
    { name: 'a negative balance', patch: { balance: -5, folded: { balance: -10, count: 1 } } },
    { name: "another player's ledger under this key", patch: { license: 'license:bob' } },
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

describe('points ledger: compaction', () => {
  it('keeps the newest entries and folds the rest into the checkpoint, the balance unchanged', () => {
    const { ledger } = setup();
    for (let i = 0; i < LEDGER_KEEP + 50; i += 1) ledger.apply(ANN, credit(`pay:c${i}#0`, 1));
    const read = ledger.read(ANN);
    expect(read.ok && read.balance).toBe(LEDGER_KEEP + 50);
    expect(read.ok && read.entries.length).toBe(LEDGER_KEEP);
    expect(ledger.has(ANN, 'pay:c0#0')).toBe(false);
    expect(ledger.has(ANN, `pay:c${LEDGER_KEEP + 49}#0`)).toBe(true);
  });

  it('never folds a key that can still replay: a live journal key, a caller key younger than 30 days', async () => {
    const { ledger, clock } = setup({ live: (key) => key === 'pay:open#0' });
    ledger.apply(ANN, credit('pay:open#0', 1));
    ledger.apply(ANN, credit('ext:phone-1', 1));
    for (let i = 0; i < LEDGER_KEEP + 10; i += 1) ledger.apply(ANN, credit(`pay:c${i}#0`, 1));
    expect(ledger.has(ANN, 'pay:open#0')).toBe(true);
    expect(ledger.has(ANN, 'ext:phone-1')).toBe(true);
    // A replay of either changes nothing.
    expect(ledger.apply(ANN, credit('ext:phone-1', 1))).toMatchObject({ applied: false });
    await clock.advance(CALLER_KEY_KEEP_MS + 1);
    ledger.apply(ANN, credit('pay:later#0', 1));
    expect(ledger.has(ANN, 'ext:phone-1')).toBe(false);
    expect(ledger.has(ANN, 'pay:open#0')).toBe(true);
  });

  it(`never grows past ${LEDGER_MAX_ENTRIES} entries, even with caller keys of one day`, () => {
    const { ledger } = setup();
    for (let i = 0; i < LEDGER_MAX_ENTRIES + 20; i += 1) ledger.apply(ANN, credit(`ext:k${i}`, 1));
    const read = ledger.read(ANN);
    expect(read.ok && read.entries.length).toBe(LEDGER_MAX_ENTRIES);
    expect(read.ok && read.balance).toBe(LEDGER_MAX_ENTRIES + 20);
  });
});
