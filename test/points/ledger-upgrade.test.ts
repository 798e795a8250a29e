/**
 * Migration 3: points ledgers of 0.4.0 (format 1, every key inside the record) move to format 2 (a bounded record,
 * each key stored apart). The balance and every key's binding survive; the step is idempotent and a stop at any of
 * its writes leaves data the next start finishes the same way.
 */
import { describe, expect, it } from 'vitest';
import { createFakeRuntime } from '../../devkit/fakes/runtime';
import { upgradeData } from '../../src/data-version';
import { createPointsLedger } from '../../src/points/ledger';
import { upgradePointsLedgers } from '../../src/points/ledger-upgrade';
import { LEDGER_KEEP } from '../../src/points/records';

const AT = Date.parse('2026-11-21T10:00:00.000Z');

/** A 0.4.0 ledger of `count` entries: caller keys, then a vote's points. */
function v1Ledger(license: string, count: number) {
  const entries = Array.from({ length: count }, (_, i) => ({
    key: i === count - 1 ? 'pay:c1#0' : `ext:k${i}`,
    delta: 2,
    ...(i === 0 ? { asked: 5 } : {}),
    reason: 'test',
    at: AT - i,
  }));
  return JSON.stringify({
    format: 1,
    license,
    balance: 3 + 2 * count,
    folded: { balance: 3, count: 4 },
    entries,
  });
}

const start = () =>
  new Map([
    ['points:license:ann', v1Ledger('license:ann', 30)],
    ['points:license:bob', v1Ledger('license:bob', 3)],
    ['points:license:eve', '{"format":1,"license":"license:eve","balance":-4}'],
    ['history:license:ann', '{"format":1}'],
  ]);

describe('moving points ledgers to format 2', () => {
  it('keeps the balance, stores every key apart with its binding, bounds the record, leaves the unreadable one', () => {
    const runtime = createFakeRuntime({ kvp: start() });
    expect(upgradePointsLedgers(runtime.kvp)).toEqual([
      'points: 2 ledger(s) moved to format 2 (each key stored apart)',
      'points: 1 ledger(s) of format 1 cannot be read; left as is for an admin',
    ]);
    const ledger = createPointsLedger({ kvp: runtime.kvp, now: () => AT });
    const ann = ledger.read('license:ann');
    expect(ann.ok && ann.balance).toBe(63);
    expect(ann.ok && ann.entries.length).toBe(LEDGER_KEEP);
    expect(JSON.parse(runtime.kvp.get('points:license:ann') ?? '{}')).toMatchObject({
      format: 2,
      folded: { balance: 3 + 2 * (30 - LEDGER_KEEP), count: 4 + 30 - LEDGER_KEEP },
      callerKeys: 29,
    });
    expect(runtime.kvp.keys('pointkey:license:ann:')).toHaveLength(30);
    // The oldest key, folded out of the record, still binds: same change → applied before; another → conflict.
    expect(ledger.apply('license:ann', { key: 'ext:k0', delta: 5, reason: '' })).toMatchObject({
      applied: false,
      credited: 2,
    });
    expect(ledger.apply('license:ann', { key: 'ext:k0', delta: 2, reason: '' })).toMatchObject({
      code: 'key_conflict',
    });
    expect(ledger.read('license:bob')).toMatchObject({ ok: true, balance: 9 });
    expect(runtime.kvp.get('points:license:eve')).toBe('{"format":1,"license":"license:eve","balance":-4}');
    const once = Object.fromEntries(runtime.kvpData);
    expect(upgradePointsLedgers(runtime.kvp)).toEqual([
      'points: 1 ledger(s) of format 1 cannot be read; left as is for an admin',
    ]);
    expect(Object.fromEntries(runtime.kvpData)).toEqual(once);
  });

  it('runs from the one list of migrations at start', () => {
    const runtime = createFakeRuntime({ kvp: start() });
    const upgrade = upgradeData(runtime.kvp, '0.5.0');
    expect(upgrade.ok && upgrade.lines).toContain(
      'points: 2 ledger(s) moved to format 2 (each key stored apart)',
    );
    expect(JSON.parse(runtime.kvp.get('points:license:bob') ?? '{}')).toMatchObject({ format: 2 });
  });

  it('is safe to interrupt: a stop at any of its writes leaves data the next start finishes the same way', () => {
    const whole = createFakeRuntime({ kvp: start() });
    upgradePointsLedgers(whole.kvp);
    const done = Object.fromEntries(whole.kvpData);
    const writes = whole.kvpWrites;
    expect(writes).toBe(30 + 1 + 3 + 1);
    for (let at = 1; at <= writes; at += 1) {
      const runtime = createFakeRuntime({ kvp: start() });
      runtime.crashOnKvpWrite(at);
      expect(() => upgradePointsLedgers(runtime.kvp)).toThrow('simulated crash');
      const restarted = createFakeRuntime({ kvp: runtime.snapshot() });
      upgradePointsLedgers(restarted.kvp);
      expect(Object.fromEntries(restarted.kvpData)).toEqual(done);
    }
  });
});
