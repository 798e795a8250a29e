/**
 * The points exports under random sequences of adds and spends with repeated keys: the balance is always the sum of
 * the amounts of the distinct keys that were accepted, never negative, and a repeated key changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFakeClock, createFakeRuntime } from '../../devkit/fakes/runtime';
import { createPointsExports } from '../../src/points/exports';
import { createPointsLedger } from '../../src/points/ledger';

const op = fc.record({
  kind: fc.constantFrom('add', 'spend'),
  key: fc.constantFrom('k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8'),
  amount: fc.integer({ min: 1, max: 50 }),
  who: fc.constantFrom<unknown>('license:abc', 7, '7'),
});

describe('points exports: idempotency', () => {
  it('balance = sum over distinct accepted keys, never negative; a key seen before changes nothing', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const clock = createFakeClock();
        const runtime = createFakeRuntime({ clock });
        runtime.onlinePlayers.set(7, { name: 'Ana', license: 'license:abc' });
        const ledger = createPointsLedger({ kvp: runtime.kvp, now: clock.now });
        const exportsOf = createPointsExports(runtime, () => ledger);
        const accepted = new Map<string, number>();
        for (const { kind, key, amount, who } of ops) {
          const before = exportsOf.getVotePoints(who);
          const result =
            kind === 'add'
              ? exportsOf.addVotePoints(who, amount, key, 'prop')
              : exportsOf.spendVotePoints(who, amount, key, 'prop');
          const expected = [...accepted.values()].reduce((sum, value) => sum + value, 0);
          if (accepted.has(key)) {
            expect(result).toEqual({ ok: true, balance: expected, applied: false });
          } else if (kind === 'spend' && amount > expected) {
            expect(result).toEqual({ ok: false, code: 'insufficient_points', balance: expected });
          } else {
            accepted.set(key, kind === 'add' ? amount : -amount);
            expect(result).toMatchObject({ ok: true, applied: true });
          }
          const after = exportsOf.getVotePoints(who);
          const sum = [...accepted.values()].reduce((total, value) => total + value, 0);
          expect(after).toEqual({ ok: true, balance: sum });
          expect(sum).toBeGreaterThanOrEqual(0);
          if (accepted.has(key) && result.ok && result.applied === false) expect(after).toEqual(before);
        }
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    { name: 'an unknown player', call: 'add', args: ['steam:1', 5, 'k'], code: 'unknown_player' },
    { name: 'an offline server id', call: 'add', args: [99, 5, 'k'], code: 'unknown_player' },
    { name: 'a fractional amount', call: 'add', args: [7, 1.5, 'k'], code: 'invalid_amount' },
    { name: 'a negative amount', call: 'spend', args: [7, -5, 'k'], code: 'invalid_amount' },
    { name: 'an amount as text', call: 'add', args: [7, '5', 'k'], code: 'invalid_amount' },
    { name: 'no key', call: 'add', args: [7, 5, undefined], code: 'invalid_key' },
    { name: 'an empty key', call: 'spend', args: [7, 5, ''], code: 'invalid_key' },
  ])('$name is refused ($code) and changes nothing', ({ call, args, code }) => {
    const runtime = createFakeRuntime();
    runtime.onlinePlayers.set(7, { name: 'Ana', license: 'license:abc' });
    const ledger = createPointsLedger({ kvp: runtime.kvp, now: runtime.now });
    const exportsOf = createPointsExports(runtime, () => ledger);
    const [who, amount, key] = args;
    const result =
      call === 'add'
        ? exportsOf.addVotePoints(who, amount, key)
        : exportsOf.spendVotePoints(who, amount, key);
    expect(result).toEqual({ ok: false, code });
    expect(runtime.kvp.keys('points:')).toEqual([]);
  });

  it('answers not_ready while the resource is not running', () => {
    const exportsOf = createPointsExports(createFakeRuntime(), () => null);
    expect(exportsOf.getVotePoints(7)).toEqual({ ok: false, code: 'not_ready' });
    expect(exportsOf.addVotePoints(7, 1, 'k')).toEqual({ ok: false, code: 'not_ready' });
  });
});
