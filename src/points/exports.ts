/**
 * The points exports for other resources (a phone app, a HUD, a web shop): read a balance, add or spend points with an
 * idempotency key the caller supplies. The caller's key is stored as `ext:<key>`, apart from the resource's own keys,
 * and remembered at least 30 days (`CALLER_KEY_KEEP_MS`): the same key again changes nothing and answers the balance.
 * Every answer is a value; bad input is named by its code and changes nothing.
 */
import type { Runtime } from '../runtime/runtime';
import { keyProblem, type PointsLedgerApi } from './ledger';

/** What the exports answer. */
export type PointsExportResult =
  | { ok: true; balance: number; applied?: boolean }
  | {
      ok: false;
      code:
        | 'not_ready'
        | 'unknown_player'
        | 'invalid_amount'
        | 'invalid_key'
        | 'insufficient_points'
        | 'ledger_unreadable';
      balance?: number;
    };

/** The three exports, over the ledger of the running resource (null while it is not running). */
export interface PointsExports {
  getVotePoints(who: unknown): PointsExportResult;
  addVotePoints(who: unknown, amount: unknown, key: unknown, reason?: unknown): PointsExportResult;
  spendVotePoints(who: unknown, amount: unknown, key: unknown, reason?: unknown): PointsExportResult;
}

/** The license `who` names: a `license:` identifier, or the server id of an online player (a number or digits). */
export function licenseOf(runtime: Pick<Runtime, 'playerLicense'>, who: unknown): string | null {
  if (typeof who === 'string' && /^license:[A-Za-z0-9]{1,100}$/.test(who)) return who;
  const source =
    typeof who === 'number' ? who : typeof who === 'string' && /^\d{1,6}$/.test(who) ? Number(who) : NaN;
  return Number.isSafeInteger(source) && source > 0 ? runtime.playerLicense(source) : null;
}

/** Creates the exports; `ledger()` is the running resource's ledger, or null. */
export function createPointsExports(
  runtime: Pick<Runtime, 'playerLicense'>,
  ledger: () => PointsLedgerApi | null,
): PointsExports {
  const change = (
    who: unknown,
    amount: unknown,
    key: unknown,
    reason: unknown,
    sign: 1 | -1,
  ): PointsExportResult => {
    const current = ledger();
    if (!current) return { ok: false, code: 'not_ready' };
    const license = licenseOf(runtime, who);
    if (!license) return { ok: false, code: 'unknown_player' };
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1)
      return { ok: false, code: 'invalid_amount' };
    if (keyProblem(key) !== null) return { ok: false, code: 'invalid_key' };
    const text =
      typeof reason === 'string' ? reason : sign > 0 ? 'added by a resource' : 'spent by a resource';
    const result = current.apply(license, {
      key: `ext:${key as string}`,
      delta: sign * amount,
      reason: text,
    });
    if (!result.ok) {
      const code = result.code === 'unknown_player' ? 'unknown_player' : result.code;
      return { ok: false, code, ...(result.balance === undefined ? {} : { balance: result.balance }) };
    }
    return { ok: true, balance: result.balance, applied: result.applied };
  };
  return {
    getVotePoints(who) {
      const current = ledger();
      if (!current) return { ok: false, code: 'not_ready' };
      const license = licenseOf(runtime, who);
      if (!license) return { ok: false, code: 'unknown_player' };
      const read = current.read(license);
      return read.ok ? { ok: true, balance: read.balance } : { ok: false, code: 'ledger_unreadable' };
    },
    addVotePoints: (who, amount, key, reason) => change(who, amount, key, reason, 1),
    spendVotePoints: (who, amount, key, reason) => change(who, amount, key, reason, -1),
  };
}
