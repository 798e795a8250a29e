/**
 * A purchase as a pure machine (run by `runSteps`, `src/engine/step-runner.ts`): for a purchase record and what just
 * happened, the record to write and the next effect. The order, each effect after the record that stands for it:
 *
 * - `placed` (the `intent` record written): count the usage and the unit of stock, then debit (`buy:<id>`: the point
 *   of no return);
 * - `debited`: open the delivery (journal entry `a:shop:<id>`, an award the payout engine pays), then `delivering`,
 *   then deliver; `not_debited`: give the counts back, then `cancelled`;
 * - `delivered` (the entry settled): `done`, announced once; `refund` (a definite refusal with nothing given, or an
 *   admin): `refunding`, drop the delivery and credit `refund:<id>`, give the counts back, then `refunded`;
 * - `resumed` (found open at start): `intent` checks the debit in the ledger; `refunding` finishes the refund;
 *   `delivering` whose entry is gone is `done` (the entry leaves only by being paid, or by a refund, which wrote
 *   `refunding` first).
 *
 * Every effect is idempotent (counts by purchase id, ledger keys, the entry's id), so a kill between a record and its
 * effect redoes the effect once. `test/points/purchase-machine.test.ts` holds the table.
 */

import type { PurchaseRecord } from '../points/records';
import type { PurchaseState } from '../points/types';

/** What happened to a purchase. */
export type PurchaseEvent =
  | { type: 'placed' }
  | { type: 'debited' }
  | { type: 'not_debited'; problem: string }
  | { type: 'delivery_opened' }
  | { type: 'delivered' }
  | { type: 'refund'; problem: string }
  | { type: 'refund_credited' }
  | { type: 'counts_given_back' }
  | { type: 'resumed' }
  | { type: 'waits' };

/** The one thing to do next. */
export type PurchaseEffect =
  | { type: 'count_and_debit' }
  | { type: 'check_debit' }
  | { type: 'open_delivery' }
  | { type: 'deliver' }
  | { type: 'check_delivery' }
  | { type: 'refund_credit' }
  | { type: 'give_back_counts' }
  | { type: 'announce' }
  | { type: 'stop' };

const next = (record: PurchaseRecord, effect: PurchaseEffect['type']) =>
  ({ record, effect: { type: effect } }) as {
    record: PurchaseRecord;
    effect: PurchaseEffect;
  };
const moved = (record: PurchaseRecord, state: PurchaseState, problem?: string): PurchaseRecord => ({
  ...record,
  state,
  ...(problem === undefined ? {} : { problem }),
});

/** The purchase machine: pure. */
export function purchaseTransition(
  record: PurchaseRecord,
  event: PurchaseEvent,
): { record: PurchaseRecord; effect: PurchaseEffect } {
  const { state } = record;
  switch (event.type) {
    case 'placed':
      // The intent is written first (a copy, so the runner writes it), then counted and debited.
      return state === 'intent' ? next({ ...record }, 'count_and_debit') : next(record, 'stop');
    case 'debited':
      return state === 'intent' ? next(record, 'open_delivery') : next(record, 'stop');
    case 'not_debited':
      // The counts go back before `cancelled` is written: a kill between gives them back again, never leaks them.
      return state === 'intent'
        ? next({ ...record, problem: event.problem }, 'give_back_counts')
        : next(record, 'stop');
    case 'delivery_opened':
      return state === 'intent' || state === 'delivering'
        ? next(moved(record, 'delivering'), 'deliver')
        : next(record, 'stop');
    case 'delivered':
      return state === 'delivering' ? next(moved(record, 'done'), 'announce') : next(record, 'stop');
    case 'refund':
      if (state === 'delivering') return next(moved(record, 'refunding', event.problem), 'refund_credit');
      return state === 'refunding' ? next(record, 'refund_credit') : next(record, 'stop');
    case 'refund_credited':
      return state === 'refunding' ? next(record, 'give_back_counts') : next(record, 'stop');
    case 'counts_given_back':
      if (state === 'refunding') return next(moved(record, 'refunded'), 'stop');
      return state === 'intent' ? next(moved(record, 'cancelled'), 'stop') : next(record, 'stop');
    case 'resumed':
      if (state === 'intent') return next(record, 'check_debit');
      if (state === 'refunding') return next(record, 'refund_credit');
      return state === 'delivering' ? next(record, 'check_delivery') : next(record, 'stop');
    case 'waits':
      return next(record, 'stop');
  }
}
