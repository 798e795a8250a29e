/**
 * The durable steps of a purchase, each one KVP write, and how a purchase a crash left open is finished. The order:
 *
 * 1. `intent` written (item, cost, drawn rewards, limit period, stock);
 * 2. the usage counted (limit), a unit of stock taken;
 * 3. the cost debited, ledger key `buy:<id>`: the point of no return;
 * 4. the delivery written as a journal entry `a:shop:<id>` (an award of program `shop`), paid by the claim driver;
 * 5. `delivering`, then `done` once the journal entry is settled.
 *
 * A refund writes `refunding` first, then drops the journal entry, credits `refund:<id>`, gives back the usage and the
 * unit, and writes `refunded`. Found open at start: an `intent` whose debit is in the ledger goes forward (steps 2-5,
 * each idempotent), one without goes to `cancelled` (counts given back); `refunding` is finished; `delivering` whose
 * journal entry is gone is `done` (the entry leaves only by being paid, or by this module's own refund, which wrote
 * `refunding` first).
 */
import type { Journal, JournalEntry } from '../claim/journal';
import { awardOpened } from '../claim/transitions';
import type { KvpStore } from '../runtime/runtime';
import { PURCHASE_PREFIX, purchaseKey } from '../store/keys';
import { readRecord, writeRecord } from '../store/record';
import type { PointsLedgerApi } from './ledger';
import type { ShopCounters } from './limits';
import { type PurchaseRecord, purchaseRecordSchema } from './records';
import type { PurchaseState, PurchaseView } from './types';

/** The journal id of a purchase's delivery. */
export const deliveryId = (purchaseId: string): string => `a:shop:${purchaseId}`;
/** The ledger key of a purchase's debit. */
export const buyKey = (purchaseId: string): string => `buy:${purchaseId}`;
/** The ledger key of a purchase's refund. */
export const refundKey = (purchaseId: string): string => `refund:${purchaseId}`;

/** How long settled purchases are kept for `votereward player` (60 days). */
export const PURCHASE_KEEP_MS = 60 * 86_400_000;

/** What the steps work with. */
export interface PurchaseDeps {
  kvp: Pick<KvpStore, 'get' | 'set' | 'delete' | 'keys'>;
  now: () => number;
  ledger: PointsLedgerApi;
  counters: ShopCounters;
  journal: Pick<Journal, 'save' | 'remove' | 'stored' | 'settled' | 'get'>;
  /** Hears about a purchase record that cannot be read (left as is). */
  onCorrupt?: (key: string, problem: string) => void;
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

/** Writes the purchase in `state`. */
export function savePurchase(
  deps: PurchaseDeps,
  record: PurchaseRecord,
  state: PurchaseState,
): PurchaseRecord {
  const next = { ...record, state, updatedAt: deps.now() };
  writeRecord(deps.kvp, purchaseKey(record.id), next);
  return next;
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

/** Steps 2-5 from a debited `intent`: counts, the delivery entry, `delivering`. Idempotent. */
export function forward(
  deps: PurchaseDeps,
  record: PurchaseRecord,
): { record: PurchaseRecord; entry: JournalEntry | null } {
  const { counters, journal } = deps;
  if (record.period !== null) counters.count(record.license, record.item, record.period, record.id);
  if (record.stocked) counters.take(record.item, record.id);
  const id = deliveryId(record.id);
  if (!journal.stored(id) && !journal.settled(id)) {
    const info = { program: 'shop' as const, value: record.cost, month: null, voteRef: record.id };
    const spec = { id, license: record.license, name: record.name, info };
    journal.save(awardOpened(spec, { rewards: record.rewards, draws: record.draws }, deps.now()));
  }
  return { record: savePurchase(deps, record, 'delivering'), entry: journal.get(id) ?? null };
}

/** Gives back the counts of a purchase that was never debited (or was refunded). */
function giveBackCounts(deps: PurchaseDeps, record: PurchaseRecord): void {
  if (record.period !== null) deps.counters.uncount(record.license, record.item, record.period, record.id);
  if (record.stocked) deps.counters.giveBack(record.item, record.id);
}

/** An `intent` never debited: `cancelled`, its counts given back. */
export function cancel(deps: PurchaseDeps, record: PurchaseRecord, problem: string): PurchaseRecord {
  giveBackCounts(deps, record);
  return savePurchase(deps, { ...record, problem }, 'cancelled');
}

/** Refunds: `refunding`, the delivery dropped, the cost credited once, the counts given back, `refunded`. */
export function refund(deps: PurchaseDeps, record: PurchaseRecord, problem: string): PurchaseRecord | null {
  const refunding =
    record.state === 'refunding' ? record : savePurchase(deps, { ...record, problem }, 'refunding');
  const id = deliveryId(record.id);
  if (deps.journal.stored(id)) deps.journal.remove(id);
  const credit = deps.ledger.apply(record.license, {
    key: refundKey(record.id),
    delta: record.cost,
    reason: `refund ${record.item}`,
    beyondCap: true,
  });
  // An unreadable ledger keeps the purchase `refunding`: finished at the next start once an admin repaired it.
  if (!credit.ok) return null;
  giveBackCounts(deps, refunding);
  return savePurchase(deps, refunding, 'refunded');
}

/** What finishing the open purchases at start did, for the console. */
export interface Recovered {
  forwarded: string[];
  cancelled: string[];
  refunded: string[];
  done: PurchaseRecord[];
}

/** Finishes what a crash left open (see the module's comment) and prunes settled purchases past the keep time. */
export function recoverPurchases(deps: PurchaseDeps): Recovered {
  const result: Recovered = { forwarded: [], cancelled: [], refunded: [], done: [] };
  const oldest = deps.now() - PURCHASE_KEEP_MS;
  for (const record of allPurchases(deps)) {
    switch (record.state) {
      case 'intent': {
        const debited = deps.ledger.has(record.license, buyKey(record.id));
        if (debited === null) break;
        if (debited) {
          forward(deps, record);
          result.forwarded.push(record.id);
        } else {
          cancel(deps, record, 'stopped before the debit');
          result.cancelled.push(record.id);
        }
        break;
      }
      case 'refunding':
        if (refund(deps, record, record.problem ?? 'refund resumed')) result.refunded.push(record.id);
        break;
      case 'delivering':
        if (!deps.journal.stored(deliveryId(record.id))) result.done.push(savePurchase(deps, record, 'done'));
        break;
      default:
        if (record.updatedAt < oldest) deps.kvp.delete(purchaseKey(record.id));
    }
  }
  return result;
}
