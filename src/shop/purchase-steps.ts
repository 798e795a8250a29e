/**
 * The effects of the purchase machine (`purchase-machine.ts`, which holds the order) and its one writer, run by the
 * step runner; reading purchases for admins; finishing the purchases a crash left open.
 */

import type { Journal, JournalEntry } from '../engine/journal';
import type { EntryStop } from '../engine/outcome';
import { runSteps } from '../engine/step-runner';
import { awardOpened } from '../engine/transitions';
import { StoreError } from '../network/sql';
import { after, type PointsBook } from '../points/book';
import { buyKey, refundKey } from '../points/keys';
import { type PurchaseRecord, purchaseRecordSchema } from '../points/records';
import type { PurchaseView } from '../points/types';
import type { KvpStore } from '../runtime/runtime';
import { PURCHASE_PREFIX, purchaseKey } from '../store/keys';
import { readRecord, writeRecord } from '../store/record';
import type { ShopCounters } from './limits';
import { type PurchaseEffect, type PurchaseEvent, purchaseTransition } from './purchase-machine';

/** The journal id of a purchase's delivery. */
export const deliveryId = (purchaseId: string): string => `a:shop:${purchaseId}`;

/** How long settled purchases are kept for `votereward player` (60 days). */
export const PURCHASE_KEEP_MS = 60 * 86_400_000;

/** What the steps work with. */
export interface PurchaseDeps {
  kvp: Pick<KvpStore, 'get' | 'set' | 'delete' | 'keys'>;
  now: () => number;
  ledger: PointsBook;
  counters: ShopCounters;
  /** In a network: the stock and limits decided in the database (`counters` then only shows them). */
  shared?: SharedCounters;
  journal: Pick<Journal, 'save' | 'remove' | 'stored' | 'settled' | 'get'>;
  /** Hears about a purchase record that cannot be read (left as is). */
  onCorrupt?: (key: string, problem: string) => void;
}

/** The stock and per-player limits of a network, decided in the shared database (`shared-counters.ts`). */
export interface SharedCounters {
  /** Takes the purchase's unit of stock and of its limit, once per purchase; throws a `StoreError` when down. */
  take(record: PurchaseRecord): Promise<'ok' | 'limit_reached' | 'out_of_stock'>;
  /** Gives them back, once; throws a `StoreError` when down. */
  giveBack(record: PurchaseRecord): Promise<void>;
}

/** Reads a purchase; null when missing or unreadable (reported). */
export function readPurchase(
  deps: Pick<PurchaseDeps, 'kvp' | 'onCorrupt'>,
  id: string,
): PurchaseRecord | null {
  const found = readRecord(deps.kvp, purchaseKey(id), purchaseRecordSchema);
  if (found.state === 'missing') return null;
  if (found.state === 'unreadable' || found.value.id !== id) {
    deps.onCorrupt?.(
      purchaseKey(id),
      found.state === 'unreadable' ? found.problem : 'it holds another purchase',
    );
    return null;
  }
  return found.value;
}

/** Every readable purchase, oldest first. */
export function allPurchases(deps: PurchaseDeps): PurchaseRecord[] {
  return deps.kvp
    .keys(PURCHASE_PREFIX)
    .map((key) => readPurchase(deps, key.slice(PURCHASE_PREFIX.length)))
    .filter((record): record is PurchaseRecord => record !== null)
    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
}

/** A purchase as admins see it. */
export function viewOf(record: PurchaseRecord): PurchaseView {
  const { id, license, name, item, cost, state, at } = record;
  return { id, license, name, item, cost, state, ref: deliveryId(id), at };
}

/** What one run of the purchase machine came to, beyond its record (for the buyer's answer and the console). */
export interface PurchaseRun {
  /** Where the delivery stopped, when it was run. */
  stop: EntryStop | null;
  /** The debit's refusal code, when the debit was refused. */
  debitRefused: string | null;
  /** True when the refund could not be credited (the ledger cannot be read): the purchase stays `refunding`. */
  refundStuck: boolean;
  /** Why the shared store stopped the run (a network's database failed); the purchase is finished later. */
  storeDown: string | null;
}

/** What the machine's effects work with, beyond the steps' dependencies. */
export interface PurchaseEffects {
  /**
   * Runs the delivery entry through the payout engine. Absent at start-up recovery: an opened delivery then waits for
   * the engine's reconciliation (the buyer's join, the timer), like any award.
   */
  deliver?(entry: JournalEntry): Promise<EntryStop>;
  /** The buyer's own run: a definite refusal with nothing given refunds at once (a retry after a restart never does). */
  refundsRefusal: boolean;
  /** Announces a purchase done (the `purchased` event). */
  announce(record: PurchaseRecord): void;
}

/** Gives back the counts of a purchase that was never debited (or was refunded). Idempotent. */
function giveBackCounts(deps: PurchaseDeps, record: PurchaseRecord): void | Promise<void> {
  if (deps.shared) return deps.shared.giveBack(record);
  if (record.period !== null) deps.counters.uncount(record.license, record.item, record.period, record.id);
  if (record.stocked) deps.counters.giveBack(record.item, record.id);
}

/** The machine of one run: pure transitions, the only writer of purchase records, and the effects. */
function machineOf(deps: PurchaseDeps, effects: PurchaseEffects, run: PurchaseRun) {
  const { counters, journal, ledger } = deps;
  /** A network's database failed: the run stops where its record stands (resumed later, never done twice). */
  const down = (error: unknown): null => {
    if (!(error instanceof StoreError)) throw error;
    run.storeDown = error.message;
    return null;
  };
  /** Runs an effect, a failure of the shared store stopping the run. */
  const guarded = (
    work: () => PurchaseEvent | null | Promise<PurchaseEvent | null>,
  ): PurchaseEvent | null | Promise<PurchaseEvent | null> => {
    try {
      const value = work();
      return value instanceof Promise ? value.catch(down) : value;
    } catch (error) {
      return down(error);
    }
  };
  const debit = (record: PurchaseRecord) =>
    after(
      ledger.apply(record.license, {
        key: buyKey(record.id),
        delta: -record.cost,
        reason: `shop ${record.item}`,
      }),
      (result): PurchaseEvent => {
        if (result.ok) return { type: 'debited' };
        run.debitRefused = result.code;
        return { type: 'not_debited', problem: result.code };
      },
    );
  const count = (record: PurchaseRecord) => {
    if (deps.shared) return;
    if (record.period !== null) counters.count(record.license, record.item, record.period, record.id);
    if (record.stocked) counters.take(record.item, record.id);
  };
  const deliverNow = async (
    deliver: NonNullable<PurchaseEffects['deliver']>,
    entry: JournalEntry,
    record: PurchaseRecord,
  ): Promise<PurchaseEvent | null> => {
    const stop = await deliver(entry);
    run.stop = stop;
    // Paid: the engine's `awarded` may have finished the purchase already (a delivery paid by any run ends there).
    if (stop.code === 'rewarded')
      return readPurchase(deps, record.id)?.state === 'delivering' ? { type: 'delivered' } : null;
    if (!effects.refundsRefusal || stop.code !== 'pending' || stop.stage !== 'payout') return null;
    const definite = stop.problem.code === 'inventory_full' || stop.problem.code === 'framework_error';
    const after = journal.get(entry.id);
    const nothingGiven = after !== undefined && after.giving === null && after.given.every((given) => !given);
    return definite && nothingGiven ? { type: 'refund', problem: stop.problem.code } : null;
  };
  const perform = (
    effect: PurchaseEffect,
    record: PurchaseRecord,
  ): PurchaseEvent | null | Promise<PurchaseEvent | null> => {
    switch (effect.type) {
      case 'count_and_debit': {
        const { shared } = deps;
        if (!shared) {
          count(record);
          return debit(record);
        }
        // A network: the unit of stock and of the limit are taken in the database first (a refusal debits nothing).
        return guarded(async () => {
          const taken = await shared.take(record);
          if (taken !== 'ok') {
            run.debitRefused = taken;
            return { type: 'not_debited', problem: taken };
          }
          return debit(record);
        });
      }
      case 'check_debit': {
        // A network: the debit's outcome may be unknown (the database went away mid-INSERT): settled for good.
        const debited = ledger.settle
          ? guarded(() =>
              after(ledger.settle?.(record.license, buyKey(record.id)) ?? null, (known) =>
                eventOfDebit(known),
              ),
            )
          : eventOfDebit(ledger.has(record.license, buyKey(record.id)) as boolean | null);
        return debited;
      }
      case 'open_delivery': {
        // Counted again (idempotent): a kill after the debit may have come before the counts of a resumed intent.
        count(record);
        const id = deliveryId(record.id);
        if (!journal.stored(id) && !journal.settled(id)) {
          const info = { program: 'shop' as const, value: record.cost, month: null, voteRef: record.id };
          const spec = { id, license: record.license, name: record.name, info };
          journal.save(awardOpened(spec, { rewards: record.rewards, draws: record.draws }, deps.now()));
        }
        return { type: 'delivery_opened' };
      }
      case 'deliver': {
        const entry = journal.get(deliveryId(record.id));
        if (!entry) return journal.stored(deliveryId(record.id)) ? null : { type: 'delivered' };
        if (!effects.deliver) return null;
        return deliverNow(effects.deliver, entry, record);
      }
      case 'check_delivery':
        return journal.stored(deliveryId(record.id)) ? null : { type: 'delivered' };
      case 'refund_credit': {
        const id = deliveryId(record.id);
        if (journal.stored(id)) journal.remove(id);
        const credited = (credit: Awaited<ReturnType<PointsBook['apply']>>): PurchaseEvent | null => {
          // An unreadable ledger keeps the purchase `refunding`: finished at the next start once an admin repaired it.
          if (credit.ok) return { type: 'refund_credited' };
          run.refundStuck = true;
          return null;
        };
        return guarded(() =>
          after(
            ledger.apply(record.license, {
              key: refundKey(record.id),
              delta: record.cost,
              reason: `refund ${record.item}`,
              beyondCap: true,
            }),
            credited,
          ),
        );
      }
      case 'give_back_counts':
        return guarded(() =>
          after(giveBackCounts(deps, record), (): PurchaseEvent => ({ type: 'counts_given_back' })),
        );
      case 'announce':
        effects.announce(record);
        return null;
      case 'stop':
        return null;
    }
  };
  return {
    transition: purchaseTransition,
    write: (record: PurchaseRecord | null, previous: PurchaseRecord) => {
      // The machine never removes a purchase (settled ones are pruned at start, past their keep time).
      const written = { ...(record ?? previous), updatedAt: deps.now() };
      writeRecord(deps.kvp, purchaseKey(written.id), written);
      return written;
    },
    perform,
  };
}

/** The event of a debit read back: null (cannot be read now) stops the run. */
function eventOfDebit(debited: boolean | null): PurchaseEvent | null {
  if (debited === null) return null;
  return debited ? { type: 'debited' } : { type: 'not_debited', problem: 'stopped before the debit' };
}

/** Runs `event` on a purchase through the one step runner; answers the record and what the run came to. */
export async function runPurchase(
  deps: PurchaseDeps,
  effects: PurchaseEffects,
  record: PurchaseRecord,
  event: PurchaseEvent,
): Promise<{ record: PurchaseRecord } & PurchaseRun> {
  const run: PurchaseRun = { stop: null, debitRefused: null, refundStuck: false, storeDown: null };
  const after = await runSteps(machineOf(deps, effects, run), record, event);
  return { record: after ?? record, ...run };
}

/**
 * Runs a purchase with no delivery (`effects.deliver` absent): to its end now on one server (every effect synchronous),
 * as a promise in a network (the ledger's and the counters' effects wait for the database).
 */
function runPurchaseNow(
  deps: PurchaseDeps,
  effects: PurchaseEffects,
  record: PurchaseRecord,
  event: PurchaseEvent,
): PurchaseRecord | Promise<PurchaseRecord> {
  const run = { stop: null, debitRefused: null, refundStuck: false, storeDown: null };
  const ended = runSteps(machineOf(deps, { ...effects, deliver: undefined }, run), record, event);
  if (ended instanceof Promise && !deps.shared && !deps.ledger.fresh)
    throw new Error('a purchase run without a delivery waited for something');
  return after(ended, (value) => value ?? record);
}

/** What finishing the open purchases at start did, for the console. */
export interface Recovered {
  forwarded: string[];
  cancelled: string[];
  refunded: string[];
  done: PurchaseRecord[];
  /** Left `intent` or `refunding` (a network's store failed): `resume` finishes them. */
  open: string[];
}

/**
 * Finishes what a crash left open (see `purchase-machine.ts`) and prunes settled purchases past the keep time. At once:
 * no delivery runs here (the engine's reconciliation pays opened deliveries), so every effect is synchronous.
 */
export function recoverPurchases(
  deps: PurchaseDeps,
  effects: PurchaseEffects,
  only?: (record: PurchaseRecord) => boolean,
): Recovered | Promise<Recovered> {
  const result: Recovered = { forwarded: [], cancelled: [], refunded: [], done: [], open: [] };
  const oldest = deps.now() - PURCHASE_KEEP_MS;
  const open: PurchaseRecord[] = [];
  for (const record of allPurchases(deps)) {
    if (record.state === 'done' || record.state === 'refunded' || record.state === 'cancelled') {
      if (record.updatedAt < oldest) deps.kvp.delete(purchaseKey(record.id));
      continue;
    }
    if (only === undefined || only(record)) open.push(record);
  }
  const note = (record: PurchaseRecord, ended: PurchaseRecord) => {
    if (record.state === 'intent' && ended.state === 'delivering') result.forwarded.push(record.id);
    else if (ended.state === 'cancelled') result.cancelled.push(record.id);
    else if (ended.state === 'refunded') result.refunded.push(record.id);
    else if (record.state === 'delivering' && ended.state === 'done') result.done.push(ended);
    else if (ended.state === 'intent' || ended.state === 'refunding') result.open.push(ended.id);
  };
  // One after the other: synchronous on one server (all at once), awaited in a network.
  const next = (index: number): Recovered | Promise<Recovered> => {
    const record = open[index];
    if (record === undefined) return result;
    return after(runPurchaseNow(deps, effects, record, { type: 'resumed' }), (ended) => {
      note(record, ended);
      return next(index + 1);
    });
  };
  return next(0);
}

/**
 * In a network: finishes the purchases in `waiting` (left `intent` or `refunding` by the shared store's failure), each
 * under its player's lock (a purchase whose player is busy waits for the next pass); those settled leave `waiting`.
 * Only those are read: a pass costs nothing while the database answers.
 */
export async function resumeWaiting(
  deps: PurchaseDeps,
  effects: PurchaseEffects,
  underLock: <T>(record: PurchaseRecord, body: () => Promise<T>) => Promise<T | undefined>,
  waiting: Set<string>,
): Promise<Recovered> {
  const result: Recovered = { forwarded: [], cancelled: [], refunded: [], done: [], open: [] };
  const open = (record: PurchaseRecord | null): boolean =>
    record?.state === 'intent' || record?.state === 'refunding';
  for (const id of [...waiting]) {
    const record = readPurchase(deps, id);
    if (record === null || !open(record)) {
      waiting.delete(id);
      continue;
    }
    const ran = await underLock(record, async () => {
      const current = readPurchase(deps, id);
      if (current === null || !open(current)) return null;
      return await runPurchase(deps, effects, current, { type: 'resumed' });
    });
    if (ran === undefined) continue;
    const ended = ran?.record ?? null;
    if (open(ended)) continue;
    waiting.delete(id);
    if (ran === null || ended === null) continue;
    if (ended.state === 'delivering') result.forwarded.push(id);
    else if (ended.state === 'cancelled') result.cancelled.push(id);
    else if (ended.state === 'refunded') result.refunded.push(id);
  }
  return result;
}
