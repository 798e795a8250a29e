/**
 * The points exports under random sequences of adds and spends with repeated keys from two resources: the balance is
 * always the sum of the amounts of the distinct keys that were accepted, never negative; a repeated key changes
 * nothing and answers as the first time, or `key_conflict` when its amount or sign differs; each resource has its own
 * keys. Then the contract's edges: a capped add, the key length, keys given before 0.5.0.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFakeClock, createFakeRuntime } from '../../devkit/fakes/runtime';
import { createPointsExports } from '../../src/points/exports';
import { createPointsLedger } from '../../src/points/ledger';
import { upgradePointsLedgers } from '../../src/points/ledger-upgrade';

const op = fc.record({
  kind: fc.constantFrom('add', 'spend'),
  key: fc.constantFrom('k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8'),
  amount: fc.integer({ min: 1, max: 50 }),
  who: fc.constantFrom<unknown>('license:abc', 7, '7'),
  caller: fc.constantFrom('phone', 'hud'),
});

describe('points exports: idempotency', () => {
  it('balance = sum over distinct accepted keys per resource, never negative; a key seen before changes nothing', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const clock = createFakeClock();
        const runtime = createFakeRuntime({ clock });
        runtime.onlinePlayers.set(7, { name: 'Ana', license: 'license:abc' });
        const ledger = createPointsLedger({ kvp: runtime.kvp, now: clock.now });
        const exportsOf = createPointsExports(runtime, () => ledger);
        const accepted = new Map<string, number>();
        for (const { kind, key, amount, who, caller } of ops) {
          runtime.invoker = caller;
          const before = exportsOf.getVotePoints(who);
          const result =
            kind === 'add'
              ? exportsOf.addVotePoints(who, amount, key, 'prop')
              : exportsOf.spendVotePoints(who, amount, key, 'prop');
          const expected = [...accepted.values()].reduce((sum, value) => sum + value, 0);
          const delta = kind === 'add' ? amount : -amount;
          const seen = accepted.get(`${caller}/${key}`);
          if (seen === delta) {
            expect(result).toEqual({ ok: true, balance: expected, applied: false, credited: delta });
          } else if (seen !== undefined) {
            expect(result).toEqual({ ok: false, code: 'key_conflict', balance: expected });
          } else if (kind === 'spend' && amount > expected) {
            expect(result).toEqual({ ok: false, code: 'insufficient_points', balance: expected });
          } else {
            accepted.set(`${caller}/${key}`, delta);
            expect(result).toEqual({ ok: true, applied: true, credited: delta, balance: expected + delta });
          }
          const after = exportsOf.getVotePoints(who);
          const sum = [...accepted.values()].reduce((total, value) => total + value, 0);
          expect(after).toEqual({ ok: true, balance: sum });
          expect(sum).toBeGreaterThanOrEqual(0);
          if (seen !== undefined) expect(after).toEqual(before);
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

  it('a capped add answers what it credited: part of it below the cap, 0 at the cap', () => {
    const runtime = createFakeRuntime();
    const ledger = createPointsLedger({ kvp: runtime.kvp, now: runtime.now, cap: 100 });
    const exportsOf = createPointsExports(runtime, () => ledger);
    expect(exportsOf.addVotePoints('license:abc', 80, 'a')).toEqual({
      ok: true,
      balance: 80,
      applied: true,
      credited: 80,
    });
    expect(exportsOf.addVotePoints('license:abc', 50, 'b')).toEqual({
      ok: true,
      balance: 100,
      applied: true,
      credited: 20,
    });
    expect(exportsOf.addVotePoints('license:abc', 50, 'c')).toEqual({
      ok: true,
      balance: 100,
      applied: true,
      credited: 0,
    });
    expect(exportsOf.addVotePoints('license:abc', 50, 'b')).toEqual({
      ok: true,
      balance: 100,
      applied: false,
      credited: 20,
    });
  });

  it('a caller key of 200 characters is taken whatever the resource name; 201 is invalid_key', () => {
    const runtime = createFakeRuntime();
    runtime.invoker = 'a-resource-with-a-long-name';
    const ledger = createPointsLedger({ kvp: runtime.kvp, now: runtime.now });
    const exportsOf = createPointsExports(runtime, () => ledger);
    expect(exportsOf.addVotePoints('license:abc', 1, 'k'.repeat(200))).toMatchObject({
      ok: true,
      applied: true,
    });
    expect(exportsOf.addVotePoints('license:abc', 1, 'k'.repeat(201))).toEqual({
      ok: false,
      code: 'invalid_key',
    });
  });

  it("a key given before 0.5.0 (`ext:<key>`, no resource) still binds its change after the ledger's migration", () => {
    const runtime = createFakeRuntime();
    runtime.kvp.set(
      'points:license:abc',
      JSON.stringify({
        format: 1,
        license: 'license:abc',
        balance: 100,
        folded: { balance: 0, count: 0 },
        entries: [{ key: 'ext:order-7', delta: 100, reason: 'shop', at: runtime.now() }],
      }),
    );
    upgradePointsLedgers(runtime.kvp);
    runtime.invoker = 'phone';
    const ledger = createPointsLedger({ kvp: runtime.kvp, now: runtime.now });
    const exportsOf = createPointsExports(runtime, () => ledger);
    expect(exportsOf.addVotePoints('license:abc', 100, 'order-7')).toEqual({
      ok: true,
      balance: 100,
      applied: false,
      credited: 100,
    });
    expect(exportsOf.spendVotePoints('license:abc', 100, 'order-7')).toEqual({
      ok: false,
      code: 'key_conflict',
      balance: 100,
    });
    expect(exportsOf.getVotePoints('license:abc')).toEqual({ ok: true, balance: 100 });
  });

  it('answers not_ready while the resource is not running', () => {
    const exportsOf = createPointsExports(createFakeRuntime(), () => null);
    expect(exportsOf.getVotePoints(7)).toEqual({ ok: false, code: 'not_ready' });
    expect(exportsOf.addVotePoints(7, 1, 'k')).toEqual({ ok: false, code: 'not_ready' });
  });
});
