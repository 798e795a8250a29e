/**
 * The points exports for other resources (a phone app, a HUD, a web shop): read a balance, add or spend points with an
 * idempotency key the caller supplies. The contract (documented for owners in docs/owner/README.md):
 * - a key belongs to the calling resource (`GetInvokingResource`): it is stored as `res:<resource>:<key>`, so two
 *   resources never share keys;
 * - a key is bound to its change: the same key with the same amount and sign answers `applied: false` and the
 *   balance, changing nothing; with another amount or sign it answers `key_conflict`, changing nothing;
 * - a key is remembered at least 30 days (`KEY_KEEP_MS`); a player with `MAX_CALLER_KEYS` keys stored in that time
 *   gets `ledger_full` (nothing changes) rather than a key forgotten early;
 * - `credited` is what the balance moved by: an add at the cap credits less (0 at the cap), a spend is negative.
 * Every answer is a value; bad input is named by its code and changes nothing.
 *
 * In a network (`set vote_reward_store "oxmysql"`) the balance is the shared chain's: the three exports then answer a
 * promise (Lua: `Citizen.Await(exports['vote-reward']:spendVotePoints(...))`), and `store_unavailable` while the shared
 * database does not answer (a spend may then be retried with the same key: it goes in once).
 */
import type { Runtime } from '../runtime/runtime';
import { after, type PointsBook } from './book';
import { callerKey, legacyCallerKey } from './keys';
import { type KeyLookup, keyProblem } from './ledger';
import { MAX_KEY_LENGTH } from './records';

/** Why an export changed nothing. */
export type PointsExportFailure =
  | 'not_ready'
  | 'unknown_player'
  | 'invalid_amount'
  | 'invalid_key'
  | 'insufficient_points'
  | 'key_conflict'
  | 'ledger_full'
  | 'ledger_unreadable'
  /** A network's shared database does not answer (nothing is known to have changed; retry with the same key). */
  | 'store_unavailable';

/** What the exports answer (`getVotePoints` answers `{ ok: true, balance }`). */
export type PointsExportResult =
  | { ok: true; balance: number; applied?: boolean; credited?: number }
  | { ok: false; code: PointsExportFailure; balance?: number };

/** The three exports, over the ledger of the running resource (null while it is not running). */
export interface PointsExports {
  getVotePoints(who: unknown): Answer;
  addVotePoints(who: unknown, amount: unknown, key: unknown, reason?: unknown): Answer;
  spendVotePoints(who: unknown, amount: unknown, key: unknown, reason?: unknown): Answer;
}

/** An answer: at once on one server, a promise in a network. */
type Answer = PointsExportResult | Promise<PointsExportResult>;

/** A network's store failure as the exports answer it. */
const unavailable = (): PointsExportResult => ({ ok: false, code: 'store_unavailable' });

/** The namespace of callers `GetInvokingResource` cannot name. */
const UNKNOWN_CALLER = '~';
/** Longest resource name kept in a key's namespace. */
const RESOURCE_NAME_MAX = 100;

/** The ledger key of caller `resource`'s key `key`. */
export function keyOfCaller(resource: string | null, key: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters never reach a stored key.
  const name = (resource ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, RESOURCE_NAME_MAX);
  return callerKey(name === '' ? UNKNOWN_CALLER : name, key);
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
  runtime: Pick<Runtime, 'playerLicense' | 'invokingResource'>,
  ledger: () => PointsBook | null,
): PointsExports {
  const change = (who: unknown, amount: unknown, key: unknown, reason: unknown, sign: 1 | -1): Answer => {
    const current = ledger();
    if (!current) return { ok: false, code: 'not_ready' };
    const license = licenseOf(runtime, who);
    if (!license) return { ok: false, code: 'unknown_player' };
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1)
      return { ok: false, code: 'invalid_amount' };
    if (keyProblem(key, MAX_KEY_LENGTH) !== null) return { ok: false, code: 'invalid_key' };
    const delta = sign * amount;
    // Read before anything else: GetInvokingResource names the caller only while its call runs.
    const stored = keyOfCaller(runtime.invokingResource?.() ?? null, key as string);
    const text =
      typeof reason === 'string' ? reason : sign > 0 ? 'added by a resource' : 'spent by a resource';
    const answer = (result: Awaited<ReturnType<PointsBook['apply']>>): PointsExportResult => {
      if (!result.ok)
        return {
          ok: false,
          code: result.code,
          ...(result.balance === undefined ? {} : { balance: result.balance }),
        };
      return { ok: true, balance: result.balance, applied: result.applied, credited: result.credited };
    };
    if (current.fresh) {
      // A network: keys before 0.5.0 (`ext:`) live only in a server's KVP; the shared chain starts with `res:` keys.
      if ((current.refuses?.() ?? null) !== null) return unavailable();
      return Promise.resolve()
        .then(() => current.apply(license, { key: stored, delta, reason: text }))
        .then(answer, unavailable);
    }
    // A key given before 0.5.0 was stored without its resource (`ext:<key>`): it still binds its change.
    // One server: the KVP ledger answers at once.
    const legacy = current.lookup(license, legacyCallerKey(key as string)) as KeyLookup;
    if (legacy.state === 'unreadable') return { ok: false, code: 'ledger_unreadable' };
    if (legacy.state === 'found') {
      const read = current.read(license);
      if (!read.ok) return { ok: false, code: 'ledger_unreadable' };
      if (legacy.asked !== delta) return { ok: false, code: 'key_conflict', balance: read.balance };
      return { ok: true, balance: read.balance, applied: false, credited: legacy.delta };
    }
    return after(current.apply(license, { key: stored, delta, reason: text }), answer);
  };
  return {
    getVotePoints(who) {
      const current = ledger();
      if (!current) return { ok: false, code: 'not_ready' };
      const license = licenseOf(runtime, who);
      if (!license) return { ok: false, code: 'unknown_player' };
      if (current.fresh)
        return current
          .fresh(license)
          .then(
            (read): PointsExportResult =>
              read.ok ? { ok: true, balance: read.balance } : { ok: false, code: 'ledger_unreadable' },
            unavailable,
          );
      const read = current.read(license);
      return read.ok ? { ok: true, balance: read.balance } : { ok: false, code: 'ledger_unreadable' };
    },
    addVotePoints: (who, amount, key, reason) => change(who, amount, key, reason, 1),
    spendVotePoints: (who, amount, key, reason) => change(who, amount, key, reason, -1),
  };
}
