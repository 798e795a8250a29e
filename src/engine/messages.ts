/**
 * Words at the edge: what a player is told about an outcome, and the console lines admins read about a claim.
 * Who asked decides what the player hears: the player (`command`, `join`), an admin, or the background timer.
 */
import {
  HttpError,
  RateBudgetError,
  RateLimitedError,
  ResponseTooLargeError,
  ResponseValidationError,
  UnauthorizedError,
} from '../api/errors';
import type { AwardInfo } from '../domain/types';
import type { MessageKey, MessageVars, Translate } from '../i18n/messages';
import type { PayoutProblem, Reward } from '../rewards/types';
import { describeError } from '../runtime/errors';
import type { JournalEntry, JournalProblem } from './journal';
import { type ClaimResult, type EntryStop, refOf } from './outcome';
import type { AdminNote } from './transitions';

/** Who an outcome is reported to: the player who typed the command, a player who joined, an admin, or nobody. */
export type Audience = 'command' | 'join' | 'admin' | 'background';

/** A console line. */
export interface LogLine {
  level: 'info' | 'warn' | 'error';
  text: string;
}

/** The rewards as the player reads them: `500$ in cash, 2 x bread`. */
export function describeRewards(translate: Translate, rewards: readonly Reward[]): string {
  return rewards
    .map((reward) => {
      switch (reward.type) {
        case 'money':
          return translate('reward_money', { amount: reward.amount });
        case 'bank':
          return translate('reward_bank', { amount: reward.amount });
        case 'gold':
          return translate('reward_gold', { amount: reward.amount });
        case 'item':
          return translate('reward_item', { count: reward.count, item: reward.item });
        case 'points':
          return translate('reward_points', { amount: reward.amount });
        default:
          return translate('reward_custom');
      }
    })
    .join(', ');
}

/** What a player is told about a payout problem (the words `/vote` uses). */
export function problemMessage(problem: PayoutProblem): [MessageKey, MessageVars] {
  if (problem.code === 'inventory_full')
    return ['pending_inventory_full', { item: problem.item, count: problem.count }];
  if (problem.code === 'player_not_loaded') return ['pending_not_loaded', {}];
  if (problem.code === 'outcome_unknown') return ['pending_unconfirmed', {}];
  return [problem.stopped ? 'rewards_paused' : 'pending_framework_error', {}];
}

/** What a player is told about a claim waiting for an admin. */
export const adminWait = (problem: JournalProblem | null): MessageKey =>
  problem === 'outcome_unknown' ? 'pending_unconfirmed' : 'pending_admin';

function apiMessage(error: unknown): [MessageKey, MessageVars] {
  if (error instanceof RateBudgetError) return ['api_busy', { seconds: seconds(error.waitMs) }];
  if (error instanceof RateLimitedError)
    return ['api_rate_limited', { seconds: seconds(error.retryAfterMs ?? 60_000) }];
  if (error instanceof UnauthorizedError) return ['api_unauthorized', {}];
  if (error instanceof ResponseTooLargeError) return ['api_misbehaving', {}];
  if (error instanceof HttpError || error instanceof ResponseValidationError) return ['api_server_error', {}];
  return ['api_unavailable', {}];
}

/** What the player is told about `outcome`, or null when nothing. */
export function playerMessage(
  outcome: ClaimResult,
  audience: Audience,
  context: { translate: Translate; voteUrl: string },
): [MessageKey, MessageVars] | null {
  const asked = audience === 'command' || audience === 'join';
  switch (outcome.code) {
    case 'rewarded': {
      const { entry } = outcome;
      const rewards = describeRewards(context.translate, entry.rewards);
      if (entry.award !== null)
        return entry.rewards.length > 0 ? awardMessage(entry.award, rewards) : ['award_nothing', {}];
      return entry.rewards.length > 0 ? ['rewarded', { rewards }] : ['rewarded_nothing', {}];
    }
    case 'not_claimed':
    case 'dropped':
      return null;
    case 'pending':
      return outcome.stage === 'payout' && audience !== 'background' ? problemMessage(outcome.problem) : null;
    case 'needs_admin':
      if (asked) return [adminWait(outcome.problem), {}];
      if (outcome.parkedBy === 'payout') return ['pending_unconfirmed', {}];
      return outcome.parkedBy === 'resume' && audience === 'admin' ? ['pending_admin', {}] : null;
    case 'uncertain':
      return audience === 'command' ? ['claim_uncertain', {}] : null;
    case 'no_vote':
      if (outcome.auto) return null;
      return [context.voteUrl ? 'no_vote' : 'no_vote_no_link', { name: outcome.player.name }];
    case 'claim_in_progress':
      return outcome.auto ? null : ['claim_in_progress', {}];
    case 'cooldown':
      return ['cooldown', { seconds: seconds(outcome.waitMs) }];
    case 'name_locked':
      return ['name_locked', { name: outcome.player.name }];
    case 'no_license':
    case 'invalid_name':
      return [outcome.code, {}];
    case 'cannot_receive':
      return problemMessage(outcome.problem);
    case 'api_error':
      return apiMessage(outcome.error);
    case 'store_down':
      return ['store_unavailable', {}];
  }
}

/** What a player hears when an award is paid. */
function awardMessage(award: AwardInfo, rewards: string): [MessageKey, MessageVars] {
  switch (award.program) {
    case 'first':
      return ['award_first', { rewards }];
    case 'milestone':
      return ['award_milestone', { rewards, votes: award.value }];
    case 'streak':
      return ['award_streak', { rewards, days: award.value }];
    case 'party':
      return ['award_party', { rewards, votes: award.value }];
    case 'top':
      return ['award_top', { rewards, rank: award.value, month: award.month ?? '' }];
    case 'test':
      return ['award_test', { rewards }];
    case 'allsites':
      return ['award_all_sites', { rewards }];
    case 'shop':
      return ['award_shop', { rewards }];
  }
}

/** Console lines about an outcome of `/command`. */
export function outcomeLines(outcome: ClaimResult, command: string): LogLine[] {
  switch (outcome.code) {
    case 'rewarded': {
      const { entry } = outcome;
      const what = entry.award === null ? `vote ${refOf(entry)}` : `award ${entry.id}`;
      return [{ level: 'info', text: `${entry.name} (${entry.license}) rewarded for ${what}` }];
    }
    case 'name_locked':
      return [
        {
          level: 'warn',
          text: `${outcome.player.license} tried to claim as "${outcome.player.name}", which is bound to ${outcome.holder}`,
        },
      ];
    case 'cannot_receive':
      // A stopped framework is named once by the adapter (rewards/paused.ts), not at every /vote.
      return outcome.problem.code === 'framework_error' && !outcome.problem.stopped
        ? [
            {
              level: 'warn',
              text: `${outcome.player.name} (${outcome.player.license}) cannot be paid now, so the vote was not claimed: ${outcome.problem.detail}`,
            },
          ]
        : [];
    case 'api_error': {
      const { player, error } = outcome;
      const lines: LogLine[] = [
        {
          level: 'warn',
          text: `/${command} by ${player.name} (#${player.source}): ${describeError(error, { withName: true })}`,
        },
      ];
      if (error instanceof UnauthorizedError) {
        lines.push({
          level: 'error',
          text: 'the API answered 401: the API key is wrong or revoked. Players cannot claim.',
        });
      }
      return lines;
    }
    default:
      return [];
  }
}

/** The purchase a shop delivery entry delivers, or null for any other entry. */
function purchaseOf(entry: JournalEntry): string | null {
  return entry.award?.program === 'shop' ? entry.award.voteRef : null;
}

/** How an admin decides a held shop delivery: as the purchase it is, never as a claim (a drop keeps the points). */
const purchaseDecision = (purchase: string) =>
  `\`votereward purchase grant ${purchase}\` (it was delivered) or \`votereward purchase refund ${purchase}\` (the points come back)`;

/** The console line of a step of the claim `entry`. */
export function noteLine(note: AdminNote, entry: JournalEntry): LogLine {
  const ref = refOf(entry);
  const purchase = purchaseOf(entry);
  const decide = (index: number) =>
    purchase !== null
      ? purchaseDecision(purchase)
      : `\`votereward grant ${ref}\` (gives reward #${index + 1} again and any reward not yet given) or \`votereward drop ${ref}\` (gives nothing more)`;
  switch (note.type) {
    case 'answer_lost':
      return {
        level: 'warn',
        text: `the claim ${entry.id} of ${entry.name} got no usable answer (${note.detail}); checking again`,
      };
    case 'parked_undecidable':
      return {
        level: 'error',
        text: `the claim ${ref} of ${entry.name} lost its answer and cannot be decided automatically (${note.problem}). \`votereward grant ${ref}\` if the vote was claimed on the site, else \`votereward drop ${ref}\`.`,
      };
    case 'recheck_failed':
      return { level: 'warn', text: `could not re-check the claim ${ref} of ${entry.name}: ${note.detail}` };
    case 'not_claimed':
      return {
        level: 'info',
        text: `the claim ${ref} of ${entry.name} did not happen; the vote is still claimable`,
      };
    case 'claimed_after_loss':
      return {
        level: 'info',
        text: `the claim ${ref} of ${entry.name} happened (its answer was lost); reward owed`,
      };
    case 'not_given_yet':
      return { level: 'warn', text: `reward for ${ref} (${entry.name}) not given yet: ${note.detail}` };
    case 'parked_unknown': {
      const reward = entry.rewards[note.index];
      const given = entry.given.filter(Boolean).length;
      return {
        level: 'error',
        text: `${purchase !== null ? `purchase ${purchase}` : `vote ${ref}`} of ${entry.name} (${entry.license}): reward #${note.index + 1} of ${entry.rewards.length} (${reward ? rewardForAdmin(reward) : 'unknown'}) may or may not have been given (${note.detail}); ${given} other reward(s) given. It is not retried automatically: check in game, then decide with ${decide(note.index)}.`,
      };
    }
    case 'parked_interrupted':
      return {
        level: 'error',
        text: `the payout of ${purchase !== null ? `purchase ${purchase}` : ref} (${entry.name}) was interrupted; reward #${note.index + 1} may or may not have been given (${note.detail}). Check, then ${purchase !== null ? purchaseDecision(purchase) : `\`votereward grant ${ref}\` to give it again or \`votereward drop ${ref}\``}.`,
      };
    case 'resumed':
      return {
        level: 'info',
        text: `the interrupted payout of reward #${note.index + 1} of ${ref} (${entry.name}) ${note.detail}`,
      };
    case 'unreadable':
      return {
        level: 'warn',
        text: `cannot tell yet whether reward #${note.index + 1} of ${ref} (${entry.name}) was paid before the restart: ${note.detail}`,
      };
    case 'granted':
      return { level: 'info', text: `an admin granted ${ref} (${entry.name})` };
    case 'dropped':
      return {
        level: 'info',
        text: `an admin dropped ${ref} (${entry.name}); nothing more will be paid for it`,
      };
  }
}

/** The console line of an entry held because a reward it owes is one the config could not have produced. */
export function heldEntryText(entry: JournalEntry, detail: string): string {
  const ref = refOf(entry);
  const purchase = purchaseOf(entry);
  const decide =
    purchase !== null
      ? purchaseDecision(purchase)
      : `\`votereward grant ${ref}\` pays it as stored, \`votereward drop ${ref}\` gives nothing more`;
  return `${ref} of ${entry.name} (${entry.license}) is held, not paid: stored ${detail}, beyond the config (reward_out_of_bounds). ${decide}.`;
}

/** What an admin action did to a claim, in a few words. */
export function settledText(settled: EntryStop): string {
  switch (settled.code) {
    case 'not_claimed':
      return 'the claim did not happen; the vote is still claimable';
    case 'rewarded':
      return 'paid';
    case 'pending':
      return `still owed (${settled.problem.code === 'player_not_loaded' ? 'player offline or not loaded' : settled.problem.code})`;
    case 'needs_admin':
      return 'needs an admin decision (grant or drop)';
    case 'uncertain':
      return 'still undecided (the API could not be reached)';
    case 'dropped':
      return 'dropped; nothing more will be paid for it';
  }
}

/** Admin answers that are not about an outcome. */
export const adminText = {
  notFound: (ref: string) => `no open claim "${ref}" (see \`votereward pending\`)`,
  busy: (ref: string) => `${ref} is being processed right now; try again`,
  needsDecision: (ref: string) =>
    `${ref} needs a decision: \`votereward grant ${ref}\` or \`votereward drop ${ref}\``,
  granted: (ref: string, settled: EntryStop) => `${ref} granted: ${settledText(settled)}`,
  retried: (ref: string, settled: EntryStop) => `${ref}: ${settledText(settled)}`,
  dropped: (ref: string) => `${ref} dropped; nothing more will be paid for it`,
  shopDelivery: (ref: string, purchase: string) =>
    `${ref} delivers vote-shop purchase ${purchase}: decide it with \`votereward purchase refund ${purchase}\` (the points come back) or \`votereward purchase grant ${purchase}\` (it was delivered); a drop would keep the points spent for nothing`,
  notBound: (name: string) => `the name "${name}" is not bound`,
  unbound: (name: string, holder: string | null) => `the name "${name}" is no longer bound to ${holder}`,
  unreadableEntry: (key: string, detail: string) =>
    `journal entry ${key} is unreadable (${detail}); left as is`,
  failed: (what: string, error: unknown) => `${what} failed: ${describeError(error, { withName: true })}`,
};

function rewardForAdmin(reward: Reward): string {
  switch (reward.type) {
    case 'money':
    case 'bank':
    case 'gold':
      return `${reward.type} ${reward.amount}`;
    case 'item':
      return `item ${reward.count} x ${reward.item}`;
    case 'points':
      return `points ${reward.amount}`;
    default:
      return `custom${reward.command ? ` command "${reward.command}"` : ''}${reward.event ? ` event ${reward.event}` : ''}`;
  }
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
