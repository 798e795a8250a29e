import type { ClaimDriver, Drive } from '../engine/driver';
import type { Journal, JournalEntry } from '../engine/journal';
import type { ClaimLocks } from '../engine/locks';
import { adminText } from '../engine/messages';
import type { NameLock } from '../engine/name-lock';
import { type ClaimResult, type EntryStop, refOf } from '../engine/outcome';

/** Result of an admin action, as a readable line. */
export interface AdminResult {
  ok: boolean;
  message: string;
}

/** What an admin does to open claims and name bindings (`votereward retry|grant|drop|unbind`). */
export interface ClaimAdmin {
  /** Tries the entry again (decide, or pay if the player is online). */
  retry(ref: string): Promise<AdminResult>;
  /** Declares the entry owed (claimed, not paid) and pays it when the player is online. */
  grant(ref: string): Promise<AdminResult>;
  /** Forgets the entry; nothing more is paid. */
  drop(ref: string): AdminResult;
  /** Removes a name binding. */
  unbind(name: string): AdminResult;
}

/** The claim flow's pieces the admin operations drive. */
export interface ClaimAdminDeps {
  journal: Pick<Journal, 'find'>;
  names: NameLock;
  locks: Pick<ClaimLocks, 'holds'>;
  driver: Pick<ClaimDriver, 'run' | 'apply'>;
  /** Runs `body` under the entry's lock with the entry read again; false when another step holds it. */
  locked(entry: JournalEntry, body: (current: JournalEntry) => Promise<void>): Promise<boolean>;
  /** Settles one open entry as far as possible now. */
  settle(entry: JournalEntry, drive: Drive): Promise<EntryStop>;
  /** Prints the outcome's console lines and tells the player found online, if any. */
  report(source: number | null, outcome: ClaimResult): void;
}

/** Creates the admin operations over the flow's journal, locks and driver. */
export function createClaimAdmin(deps: ClaimAdminDeps): ClaimAdmin {
  const { journal, names, locked } = deps;
  return {
    async retry(ref) {
      const entry = journal.find(ref);
      if (!entry) return { ok: false, message: adminText.notFound(ref) };
      if (entry.state === 'needs_admin') return { ok: false, message: adminText.needsDecision(refOf(entry)) };
      let result: AdminResult = { ok: false, message: adminText.busy(refOf(entry)) };
      await locked(entry, async (current) => {
        const drive: Drive = { priority: 'claim', source: null };
        const settled = await deps.settle(current, drive);
        deps.report(drive.source, settled);
        result = {
          ok: settled.code === 'not_claimed' || settled.code === 'rewarded',
          message: adminText.retried(refOf(entry), settled),
        };
      });
      return result;
    },

    async grant(ref) {
      const entry = journal.find(ref);
      if (!entry) return { ok: false, message: adminText.notFound(ref) };
      let result: AdminResult = { ok: false, message: adminText.busy(refOf(entry)) };
      await locked(entry, async (current) => {
        const drive: Drive = { priority: 'claim', source: null };
        const settled = await deps.driver.run(current, { type: 'granted' }, drive);
        deps.report(drive.source, settled);
        result = { ok: true, message: adminText.granted(refOf(entry), settled) };
      });
      return result;
    },

    drop(ref) {
      const entry = journal.find(ref);
      if (!entry) return { ok: false, message: adminText.notFound(ref) };
      // A purchase's delivery leaves only through the shop's refund: a drop would keep the points spent for nothing.
      if (entry.award?.program === 'shop')
        return { ok: false, message: adminText.shopDelivery(refOf(entry), entry.award.voteRef ?? '') };
      if (deps.locks.holds(entry.license)) return { ok: false, message: adminText.busy(refOf(entry)) };
      deps.driver.apply(entry, { type: 'dropped' });
      return { ok: true, message: adminText.dropped(refOf(entry)) };
    },

    unbind(name) {
      const holder = names.holder(name);
      if (!names.unbind(name)) return { ok: false, message: adminText.notBound(name) };
      return { ok: true, message: adminText.unbound(name, holder) };
    },
  };
}
