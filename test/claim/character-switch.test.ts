/**
 * A payout interrupted by a crash is judged after the restart by reading the quantity again. On frameworks with
 * several characters per player the reading is of the character played now: back on another character whose balance
 * equals the journalled reading, the payout read as "not paid" and was paid again (once to each character). The
 * journal now keeps whose reading it was, and a reading of another character leaves the payout to an admin.
 */
import { describe, expect, it } from 'vitest';
import { configFor } from '../../devkit/fakes/compose-kit';
import { createFakeHost } from '../../devkit/fakes/frameworks/host';
import { createFakeQbcore } from '../../devkit/fakes/frameworks/qb';
import { createMockVoteApi } from '../../devkit/fakes/mock-transport';
import { createFakeClock, createFakeRuntime, SimulatedCrash } from '../../devkit/fakes/runtime';
import { composeResource } from '../../src/compose';
import { createQbcoreAdapter } from '../../src/rewards/qbcore';
import type { PayoutContext } from '../../src/rewards/types';
import { JOURNAL_PREFIX } from '../../src/store/keys';

const ctx: PayoutContext = { source: 4, name: 'Ann', license: 'license:qb4', voteId: 'vote-9' };
const CASH = { type: 'money', amount: 500 } as const;

describe('a payout read again after a restart, on a multi-character framework', () => {
  it('journals whose reading it was, and a reading of another character never reads as "not paid"', async () => {
    const fake = createFakeHost();
    const qb = createFakeQbcore(fake);
    const adapter = createQbcoreAdapter({ host: fake.host });
    qb.model.load(4, { citizenid: 'CID-A', license: ctx.license });
    const readings: [number, string | undefined][] = [];
    expect(
      await adapter.give(ctx, CASH, { before: (value, owner) => readings.push([value, owner]) }),
    ).toEqual({
      ok: true,
    });
    expect(readings).toEqual([[0, 'CID-A']]);

    // The same character: the reading moved by the amount, so the payout happened.
    expect(await adapter.confirm?.(ctx, CASH, 0, 'CID-A')).toEqual({ code: 'paid' });
    // Another character with the same balance as the journalled reading: no verdict from it.
    qb.model.drop(4);
    qb.model.load(4, { citizenid: 'CID-B', license: ctx.license });
    expect(await adapter.confirm?.(ctx, CASH, 0, 'CID-A')).toMatchObject({ code: 'unknown' });
    // What the old check concluded from the same reading (no owner journalled): not paid, so pay again.
    expect(await adapter.confirm?.(ctx, CASH, 0)).toEqual({ code: 'not_paid' });
  });

  it('a crash after the paying call, back on another character: held for an admin, paid once', async () => {
    const clock = createFakeClock();
    const api = createMockVoteApi({ now: clock.now });
    const fake = createFakeHost();
    const qb = createFakeQbcore(fake);
    const adapter = createQbcoreAdapter({ host: fake.host });
    const config = configFor({
      apiKey: api.apiKey,
      framework: 'qbcore',
      reward: CASH,
      poll: { enabled: false },
    });
    const player = { name: 'Ann', license: ctx.license };
    qb.model.load(4, { citizenid: 'CID-A', license: ctx.license, name: 'Ann' });
    api.addVote('Ann', clock.now() - 60_000);

    const first = createFakeRuntime({ clock });
    first.onlinePlayers.set(4, player);
    const running = composeResource(first, config, { adapter, transport: api });
    // Dies on the write that would record the reward as given: AddMoney has run, the journal still says "giving".
    let writes = 0;
    const { set } = first.kvp;
    first.kvp.set = (key, value) => {
      if (
        key.startsWith(JOURNAL_PREFIX) &&
        value.includes('"giving":null') &&
        value.includes('"given":[true]')
      )
        throw new SimulatedCrash(`died before write ${writes}`);
      writes += 1;
      set(key, value);
    };
    await running.flow.claim(4).catch(() => undefined);
    expect(qb.money(4, 'cash')).toBe(500);
    const [open] = running.flow.pending();
    expect(open).toMatchObject({ giving: 0, before: 0 });

    // The server comes back; Ann logs in on her second character, who holds no cash either.
    qb.model.drop(4);
    qb.model.load(4, { citizenid: 'CID-B', license: ctx.license, name: 'Ann' });
    const second = createFakeRuntime({ clock, kvp: first.snapshot() });
    second.onlinePlayers.set(4, player);
    const restarted = composeResource(second, config, { adapter, transport: api });
    await restarted.flow.reconcile('claim');
    expect(qb.money(4, 'cash')).toBe(0);
    expect(restarted.flow.pending()).toEqual([expect.objectContaining({ state: 'needs_admin' })]);
  });
});
