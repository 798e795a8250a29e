/**
 * The points ledger's key grammar, in one place: every change to a balance carries one of these idempotency keys, and
 * the ledger applies a key once. `ledgerKeyOf` is the one parser (the keys test builds each kind and reads it back).
 * - `pay:<journal entry id>#<reward index>`: a `points` reward of a vote or an award (`paying.ts`);
 * - `buy:<purchase id>` and `refund:<purchase id>`: a shop purchase's debit and its refund;
 * - `admin:<op>`: an admin's adjustment (`votereward points`);
 * - `res:<calling resource>:<key>`: a key another resource gave the exports; `ext:<key>` is such a key from before the
 *   exports namespaced keys by resource (0.4.0), still honoured.
 */

/** The ledger key of reward `index` of journal entry `entryId`. */
export const payKey = (entryId: string, index: number): string => `pay:${entryId}#${index}`;

/** The debit of purchase `purchaseId`. */
export const buyKey = (purchaseId: string): string => `buy:${purchaseId}`;

/** The refund of purchase `purchaseId`. */
export const refundKey = (purchaseId: string): string => `refund:${purchaseId}`;

/** An admin's adjustment `op`. */
export const adminKey = (op: string): string => `admin:${op}`;

/** A key `key` given to the exports by resource `resource`. */
export const callerKey = (resource: string, key: string): string => `res:${resource}:${key}`;

/** A key `key` as the exports stored it before keys were namespaced by resource. */
export const legacyCallerKey = (key: string): string => `ext:${key}`;

/** What a ledger key stands for; `other` for a key of no known kind (kept and applied once all the same). */
export type LedgerKey =
  | { kind: 'pay'; entryId: string; index: number }
  | { kind: 'buy' | 'refund'; purchaseId: string }
  | { kind: 'admin'; op: string }
  | { kind: 'caller'; resource: string | null; key: string }
  | { kind: 'other' };

const PAY = /^pay:(.+)#(\d+)$/;
const PURCHASE = /^(buy|refund):(.+)$/;
const CALLER = /^res:([^:]*):(.*)$/s;

/** The one parser of the grammar above. */
export function ledgerKeyOf(key: string): LedgerKey {
  const pay = PAY.exec(key);
  if (pay) return { kind: 'pay', entryId: pay[1] as string, index: Number(pay[2]) };
  const purchase = PURCHASE.exec(key);
  if (purchase) return { kind: purchase[1] as 'buy' | 'refund', purchaseId: purchase[2] as string };
  if (key.startsWith('admin:')) return { kind: 'admin', op: key.slice('admin:'.length) };
  const caller = CALLER.exec(key);
  if (caller) return { kind: 'caller', resource: caller[1] as string, key: caller[2] as string };
  if (key.startsWith('ext:')) return { kind: 'caller', resource: null, key: key.slice('ext:'.length) };
  return { kind: 'other' };
}

/** True for keys given by callers (the exports, and the older `ext:` keys): counted against the per-player cap. */
export const isCallerKey = (key: string): boolean => ledgerKeyOf(key).kind === 'caller';

/** The journal entry id a `pay:` key names, or null for any other key. */
export function entryOfKey(key: string): string | null {
  const parsed = ledgerKeyOf(key);
  return parsed.kind === 'pay' ? parsed.entryId : null;
}
