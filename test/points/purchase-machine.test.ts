/**
 * The purchase machine's table: for each state and event, the state the runner writes and the effect it performs
 * next. The order of a purchase's steps lives here, not in prose (see `src/shop/purchase-machine.ts`).
 */
import { describe, expect, it } from 'vitest';
import type { PurchaseRecord } from '../../src/points/records';
import { type PurchaseEvent, purchaseTransition } from '../../src/shop/purchase-machine';

const record = (state: PurchaseRecord['state']): PurchaseRecord => ({
  format: 1,
  id: 'p1',
  license: 'license:a',
  name: 'Ana',
  item: 'kit',
  cost: 5,
  state,
  period: null,
  stocked: false,
  rewards: [{ type: 'money', amount: 50 }],
  draws: [],
  problem: null,
  at: 1,
  updatedAt: 1,
});

const ALL: PurchaseRecord['state'][] = ['intent', 'delivering', 'done', 'refunding', 'refunded', 'cancelled'];

/** [state, event, state written (same: nothing written), effect]. */
const TABLE: [PurchaseRecord['state'], PurchaseEvent, PurchaseRecord['state'] | 'same', string][] = [
  ['intent', { type: 'placed' }, 'intent', 'count_and_debit'],
  ['intent', { type: 'debited' }, 'same', 'open_delivery'],
  ['intent', { type: 'not_debited', problem: 'insufficient_points' }, 'intent', 'give_back_counts'],
  ['intent', { type: 'counts_given_back' }, 'cancelled', 'stop'],
  ['intent', { type: 'delivery_opened' }, 'delivering', 'deliver'],
  ['intent', { type: 'resumed' }, 'same', 'check_debit'],
  ['delivering', { type: 'delivered' }, 'done', 'announce'],
  ['delivering', { type: 'refund', problem: 'framework_error' }, 'refunding', 'refund_credit'],
  ['delivering', { type: 'resumed' }, 'same', 'check_delivery'],
  ['delivering', { type: 'waits' }, 'same', 'stop'],
  ['refunding', { type: 'refund', problem: 'again' }, 'same', 'refund_credit'],
  ['refunding', { type: 'refund_credited' }, 'same', 'give_back_counts'],
  ['refunding', { type: 'counts_given_back' }, 'refunded', 'stop'],
  ['refunding', { type: 'resumed' }, 'same', 'refund_credit'],
];

describe('the purchase machine', () => {
  it.each(TABLE)('%s + %o → %s, then %s', (state, event, written, effect) => {
    const before = record(state);
    const step = purchaseTransition(before, event);
    if (written === 'same') expect(step.record).toBe(before);
    else expect(step.record).toMatchObject({ state: written });
    expect(step.effect).toEqual({ type: effect });
  });

  it('a settled purchase (done, refunded, cancelled) moves on no event: nothing written, nothing performed', () => {
    const events: PurchaseEvent[] = [
      { type: 'placed' },
      { type: 'debited' },
      { type: 'not_debited', problem: 'x' },
      { type: 'delivery_opened' },
      { type: 'delivered' },
      { type: 'refund', problem: 'x' },
      { type: 'refund_credited' },
      { type: 'counts_given_back' },
      { type: 'resumed' },
    ];
    for (const state of ['done', 'refunded', 'cancelled'] as const)
      for (const event of events) {
        const before = record(state);
        expect(purchaseTransition(before, event), `${state} + ${event.type}`).toEqual({
          record: before,
          effect: { type: 'stop' },
        });
      }
  });

  it('a delivered purchase is never refunded, and a refunded one never delivered', () => {
    for (const state of ALL) {
      const refunded = purchaseTransition(record(state), { type: 'refund', problem: 'x' });
      if (state === 'done') expect(refunded.effect).toEqual({ type: 'stop' });
      const delivered = purchaseTransition(record(state), { type: 'delivered' });
      if (state === 'refunding' || state === 'refunded') expect(delivered.effect).toEqual({ type: 'stop' });
    }
  });
});
