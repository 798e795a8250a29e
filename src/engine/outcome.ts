/** What the claim flow's entry points come to, before anyone is told: the words live in `messages.ts`. */
import type { PayoutProblem } from '../rewards/types';
import { describeError } from '../runtime/errors';
import type { JournalEntry, JournalProblem } from './journal';

/** Which step parked an entry for an admin; null when it was already waiting. */
export type ParkedBy = 'payout' | 'resume' | 'recheck' | null;

/** Where one journal entry stopped. */
export type EntryStop =
  | { code: 'rewarded'; entry: JournalEntry; source: number }
  /** The claim did not happen on the API: the entry is gone and the vote is still claimable. */
  | { code: 'not_claimed' }
  /** Still owed: stopped by the payout itself, by an interrupted payout that cannot be read yet, or an offline player. */
  | { code: 'pending'; problem: PayoutProblem; stage: 'payout' | 'resume' | 'offline' }
  | { code: 'needs_admin'; problem: JournalProblem | null; parkedBy: ParkedBy }
  /** Whether the claim happened is not known yet; checked again later. */
  | { code: 'uncertain' }
  /** An admin dropped the entry. */
  | { code: 'dropped' };

/** What a `/vote` (or the `claim` export, or the poller) came to. */
export type ClaimResult =
  | EntryStop
  | { code: 'no_vote'; player: Player; auto: boolean }
  | { code: 'claim_in_progress'; auto: boolean }
  | { code: 'cooldown'; waitMs: number }
  | { code: 'name_locked'; player: Player; holder: string | null }
  | { code: 'no_license' }
  | { code: 'invalid_name' }
  | { code: 'cannot_receive'; player: Player; problem: PayoutProblem }
  | { code: 'api_error'; player: Player; error: unknown }
  /** The shared store (a network of servers) cannot be reached: no claim starts. */
  | { code: 'store_down'; player: Player; cause: string };

/** The player a claim is for: server id, claim name, license. */
export interface Player {
  source: number;
  name: string;
  license: string;
}

/** What a claim ended with, as the `claim` export and the poller see it. */
export type ClaimExport =
  | { code: 'rewarded'; voteId: string }
  | { code: 'no_vote' }
  | { code: 'pending'; problem: PayoutProblem['code'] }
  | { code: 'needs_admin' }
  | { code: 'uncertain' }
  | { code: 'claim_in_progress' }
  | { code: 'cooldown'; waitMs: number }
  | { code: 'name_locked' }
  | { code: 'no_license' }
  | { code: 'invalid_name' }
  | { code: 'cannot_receive'; problem: PayoutProblem['code'] }
  | { code: 'api_error'; error: string }
  | { code: 'store_down' };

/** The reference admins type: the vote_id when known, else the local id. */
export function refOf(entry: Pick<JournalEntry, 'id' | 'voteId'>): string {
  return entry.voteId ?? entry.id;
}

/** The public form of an outcome. */
export function toClaimExport(outcome: ClaimResult): ClaimExport {
  switch (outcome.code) {
    case 'rewarded':
      return { code: 'rewarded', voteId: refOf(outcome.entry) };
    case 'not_claimed':
    case 'dropped':
    case 'no_vote':
      return { code: 'no_vote' };
    case 'pending':
    case 'cannot_receive':
      return { code: outcome.code, problem: outcome.problem.code };
    case 'cooldown':
      return { code: 'cooldown', waitMs: outcome.waitMs };
    case 'api_error':
      return { code: 'api_error', error: describeError(outcome.error, { withName: true }) };
    case 'store_down':
      return { code: 'store_down' };
    default:
      return { code: outcome.code };
  }
}
