/**
 * The one payout engine: every money path (a seed claim, a site vote, a shop purchase, a program's award, an admin's
 * grant or testpay) opens its journal entries and settles them here. It owns
 * - the only journal over the KVP (one policy for unreadable and held entries, one in-memory index of open entries
 *   by license, so a player's `/vote` and a poll pick touch only that player's entries);
 * - the only name lock;
 * - the per-player locks (one lock set per resource lifetime, kept across reloads, which also owns its idle waiters);
 * - the only driver, which writes each step before its effect and applies the paying-order rule: an interrupted
 *   payout of a player is read again before anything else pays that player (see `createClaimDriver`).
 * Built once per start in `compose.ts`; nothing else builds a journal, a driver, a name lock or locks.
 */
import type { VoteApi } from '../api/client';
import type { EventChannel } from '../domain/events';
import type { NetworkGate } from '../network/gate';
import type { RewardAdapter } from '../rewards/types';
import type { Runtime } from '../runtime/runtime';
import type { RewardBounds } from '../store/bounds';
import { type ClaimDriver, createClaimDriver, type Drive } from './driver';
import { createJournal, type Journal, type JournalEntry } from './journal';
import { type ClaimLocks, createClaimLocks, underLock } from './locks';
import { adminText, heldEntryText, type LogLine } from './messages';
import { createNameLock, type NameLock } from './name-lock';
import type { EntryStop } from './outcome';
import type { ClaimEvent } from './transitions';

/** What the engine is built from. */
export interface PayoutEngineOptions {
  runtime: Pick<Runtime, 'now' | 'kvp' | 'players' | 'playerLicense' | 'log'>;
  api: Pick<VoteApi, 'checkVote'>;
  /** The adapter every payout goes through (the framework's, with points rewards credited to the ledger). */
  adapter: RewardAdapter;
  /** What the config can pay: a stored entry beyond it is held for an admin, never paid. */
  bounds: RewardBounds;
  events: EventChannel;
  /** Whether a claimed name is bound to its license (config `nameLock`). */
  nameLock: boolean;
  /**
   * The per-player locks of the engine this one replaces (a reload): a step the old engine still runs keeps its
   * player locked for the new one. A fresh lock set when left out (the first start, tests).
   */
  locks?: ClaimLocks;
  /** Writes a claimed vote to the player's history and decides its awards (the programs); idempotent. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a recorder on one server returns nothing
  record?(entry: JournalEntry): void | EntryStop | Promise<EntryStop | undefined>;
  /**
   * The network gate (`set vote_reward_store "oxmysql"`): before an entry's run this server must own it in the shared
   * store; after the run the shared row follows where the entry stopped. Left out: one server, as before.
   */
  network?: NetworkGate;
}

/** The running engine. */
export interface PayoutEngine {
  readonly journal: Journal;
  readonly names: NameLock;
  readonly locks: ClaimLocks;
  /** Applies `event` to `entry` and drives it until it stops: the only way an entry is paid. */
  run(entry: JournalEntry, event: ClaimEvent, drive: Drive): Promise<EntryStop>;
  /** Applies an event whose effect calls nothing (an admin's drop): saves and notes it. */
  apply: ClaimDriver['apply'];
  /** Runs `body` under the entry's player lock with the entry read again under it; false when the lock is held. */
  locked(entry: JournalEntry, body: (current: JournalEntry) => Promise<void>): Promise<boolean>;
  /** Every readable open entry in paying order (a full scan: the background reconciliation's list). */
  open(): JournalEntry[];
  /** The open entries of a license in paying order (interrupted payouts first, then votes, then awards). */
  openOf(license: string): JournalEntry[];
  /** True when an entry is open for this license (no entry is read: the index answers). */
  hasOpen(license: string): boolean;
  /** True while another payout of the award's player waits to be read again: the award is paid after it. */
  waitsForReading(entry: JournalEntry): boolean;
  /** Prints a line the way the engine's own notes are printed. */
  say(line: LogLine): void;
  /** Why no new claim may start (a network's shared store unreachable, see `network`), or null. */
  closed(): string | null;
}

/** Builds the engine. Nothing is paid until a caller runs an entry. */
export function createPayoutEngine(options: PayoutEngineOptions): PayoutEngine {
  const { runtime } = options;
  const say = (line: LogLine) => runtime.log[line.level](line.text);
  const journal = createJournal({
    kvp: runtime.kvp,
    now: runtime.now,
    bounds: options.bounds,
    onCorrupt: (key, detail) => say({ level: 'error', text: adminText.unreadableEntry(key, detail) }),
    onHeld: (entry, detail) => say({ level: 'error', text: heldEntryText(entry, detail) }),
  });
  const names = createNameLock(runtime.kvp);
  const locks = options.locks ?? createClaimLocks();
  const driver = createClaimDriver({
    runtime,
    api: options.api,
    adapter: options.adapter,
    journal,
    names,
    events: options.events,
    nameLock: options.nameLock,
    say,
    record: options.record,
  });
  const waitsForReading = (entry: JournalEntry) =>
    entry.award !== null &&
    journal
      .openOf(entry.license)
      .some((other) => other.id !== entry.id && other.giving !== null && other.state !== 'needs_admin');
  const gate = options.network;
  const run: PayoutEngine['run'] = !gate
    ? driver.run
    : async (entry, event, drive) => {
        const verdict = await gate.enter(entry);
        if (!verdict.go) {
          // Paid (or closed) by the server that owns it: settle the local copy without paying (its done-mark kept).
          if (verdict.settledElsewhere && journal.stored(entry.id)) journal.remove(entry.id);
          return verdict.stop;
        }
        const stop = await driver.run(entry, event, drive);
        await gate.leave(entry, stop, journal.stored(entry.id));
        return stop;
      };
  return {
    journal,
    names,
    locks,
    run,
    apply: driver.apply,
    locked: (entry, body) => underLock(locks, journal, entry, body),
    open: () => payingOrder(journal.all()),
    openOf: (license) => payingOrder(journal.openOf(license)),
    hasOpen: (license) => journal.hasOpen(license),
    waitsForReading,
    say,
    closed: () => gate?.refuses() ?? null,
  };
}

/**
 * Entries in the order they may be paid: payouts interrupted before they were read again first, then votes, then
 * awards. Paying anything else to the player first would move the balance an interrupted payout is read against.
 */
function payingOrder(entries: readonly JournalEntry[]): JournalEntry[] {
  const rank = (entry: JournalEntry) => (entry.giving !== null ? 0 : entry.award === null ? 1 : 2);
  return [...entries].sort((a, b) => rank(a) - rank(b));
}
