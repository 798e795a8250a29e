/**
 * A zod schema per stored record of the claim journal and the vote history. They check the shape a reader relies on
 * (a string where a string is added to, a number where one is compared); what the config allows is checked apart, by
 * `bounds.ts`, because it changes with the config while the shape does not.
 *
 * Adding a stored record: declare its key or prefix in `keys.ts` (with a builder; the keys test reads every export
 * there and proves it shadows no other family), its schema here, read it with `readRecord` (an unreadable
 * record is reported and left as is) and write it with `writeRecord`; check that the key and the record agree; a
 * later change of its format is one more step in `data-version.ts` `MIGRATIONS`.
 */
import * as z from 'zod';
import { AWARD_PROGRAM_NAMES } from '../domain/types';

/** A `YYYY-MM` month with a real month number; anything else in a month map is junk. */
export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A stored reward: its type and the fields its adapter reads; amounts are bounded by the config, not here. */
export const storedRewardSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('money'), amount: z.number() }),
  z.object({ type: z.literal('bank'), amount: z.number() }),
  z.object({ type: z.literal('gold'), amount: z.number() }),
  z.object({ type: z.literal('item'), item: z.string(), count: z.number() }),
  z.object({ type: z.literal('points'), amount: z.number() }),
  z.object({ type: z.literal('custom'), command: z.string().optional(), event: z.string().optional() }),
]);

const awardInfoSchema = z.object({
  program: z.enum(AWARD_PROGRAM_NAMES),
  value: z.number(),
  month: z.string().nullable(),
  voteRef: z.string().nullable(),
});

const drawRecordSchema = z.object({
  entry: z.number(),
  roll: z.number().nullable(),
  pick: z.number().nullable(),
});

/**
 * Where a claim stands (the one list; `JournalState` is its type).
 * - `claiming`: written before the claim request; found at start it means the answer was lost.
 * - `unknown`: the answer was lost; decided by checking again.
 * - `claimed`: the API claimed the vote; the rewards not yet `given` are owed.
 * - `needs_admin`: cannot be decided without a person (last24h mode, a crash in the middle of a payout, a
 *   framework that may or may not have paid: problem `outcome_unknown`, or a stored reward the config could not
 *   have produced: problem `reward_out_of_bounds`). Never retried automatically.
 */
export const journalStateSchema = z.enum(['claiming', 'unknown', 'claimed', 'needs_admin']);

/** Why an entry is still open, for admins and for what the player is told (the last four are payout problems). */
export const journalProblemSchema = z.enum([
  'answer_lost',
  'recheck_failed',
  'undecidable_in_last24h_mode',
  'no_remembered_vote',
  'payout_interrupted',
  'granted_by_admin',
  'reward_out_of_bounds',
  'player_not_loaded',
  'inventory_full',
  'framework_error',
  'outcome_unknown',
]);

/**
 * A journal entry of the current format, once `migrateEntry` has brought an older one up to it: the one source of
 * `JournalEntry` (`engine/journal.ts`). Fields:
 * - `id`: local id, known before the API gives a vote_id; `name`, `license`: who claimed, by which name;
 * - `votedAt`: `voted_at` of the vote the claim would take; `voteId`: the API's, null when the answer was lost;
 * - `rewards` owed, as configured when the claim was made, and which were `given`;
 * - `giving`: index of the reward being given now; still set after a restart means "maybe given";
 * - `before`: the balance or count read just before the paying call of `giving` (null before the call; `unrecorded`
 *   when written by 0.1.0 mid-payout), read again after a restart to tell whether that call paid; `beforeOwner`: whose
 *   reading it is when a player has several characters (a reading of another character says nothing);
 * - `problem`: the last one, for admins; `award`: what the entry pays besides a vote, null for votes;
 * - `recorded`: a vote is in the player's history (awards: always true); `draws`: what chance and choice came to;
 * - `approved`: an admin's grant pays the rewards as they stand; `site`: the listing site, when not the seed.
 */
export const journalEntrySchema = z
  .object({
    format: z.literal(3),
    id: z.string().min(1),
    state: journalStateSchema,
    name: z.string(),
    license: z.string(),
    votedAt: z.string().nullable(),
    voteId: z.string().nullable(),
    rewards: z.array(storedRewardSchema),
    given: z.array(z.boolean()),
    giving: z.number().int().min(0).nullable(),
    before: z.union([z.number(), z.literal('unrecorded')]).nullable(),
    beforeOwner: z.string().max(200).optional(),
    problem: journalProblemSchema.nullable(),
    award: awardInfoSchema.nullable(),
    recorded: z.boolean(),
    draws: z.array(drawRecordSchema),
    approved: z.literal(true).optional(),
    site: z.string().min(1).max(24).optional(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .refine((entry) => entry.given.length === entry.rewards.length, {
    message: 'given does not match rewards',
    path: ['given'],
  });

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const time = z.number().finite();
const dayOrNull = z.string().regex(DAY).nullable();

/** Keeps the entries of a month map whose key is a real month; junk keys (`9999-99`, `zz`) are dropped. */
function monthsOnly<T extends z.ZodType>(value: T) {
  return z
    .object({})
    .catchall(z.unknown())
    .transform((map) => Object.fromEntries(Object.entries(map).filter(([month]) => MONTH.test(month))))
    .pipe(z.object({}).catchall(value));
}

/**
 * A vote history (`history:<license>`, format 1), the one source of `VoteHistory`: the last name seen on a claim, the
 * votes ever (`total`), per month (`YYYY-MM` in the time zone, the last `HISTORY_MONTHS`) and when each kept month's
 * last vote was recorded (ties go to who got there first), the last vote's time, the streak (current, best, the day it
 * was last extended and the day it started), the refs of the last votes (`recent`: recording one twice does nothing)
 * and the votes per listing site (`seed` for this project's API; absent in histories written by 0.4.0).
 */
export const voteHistorySchema = z.object({
  format: z.literal(1),
  license: z.string().min(1),
  name: z.string(),
  total: count,
  months: monthsOnly(count),
  monthReachedAt: monthsOnly(time),
  lastVoteAt: time.nullable(),
  streak: z.object({ current: count, best: count, lastDay: dayOrNull, startDay: dayOrNull }),
  recent: z.array(z.string()),
  sites: z.record(z.string().min(1).max(24), z.object({ total: count, lastDay: dayOrNull })).optional(),
});

/** What the resource did about one vote on a site other than the seed (`site:vote:…`, see `SITE_VOTE_PREFIX`). */
export const siteVoteSchema = z.object({
  format: z.literal(1),
  site: z.string().min(1).max(24),
  identity: z.string().min(1),
  license: z.string().min(1),
  name: z.string(),
  votedAt: time.nullable(),
  model: z.enum(['claim_then_reward', 'reward_then_claim', 'check_only']),
  step: z.enum(['claiming', 'opened', 'journaled', 'claim_owed', 'confirmed', 'needs_admin']),
  entryId: z.string().min(1),
  /** Votes paid under the record (a reward-then-claim site's pending votes), in `batches` journal entries. */
  votes: z.number().int().min(1).max(10),
  batches: z.number().int().min(1).max(10),
  /** Votes the last batch pays. */
  batchVotes: z.number().int().min(1).max(10),
  attempts: count,
  nextAttemptAt: time,
  keepUntil: time,
  createdAt: time,
});

/**
 * A player's reminders (`reminders:<license>`): whether they turned them off, the times of the lines sent within the
 * last hour, per site the earliest time it may be reminded of again (null: once the player has voted there again), and
 * the vote-party threshold they were nudged for.
 */
export const reminderRecordSchema = z.object({
  format: z.literal(1),
  license: z.string().min(1),
  off: z.boolean(),
  sent: z.array(time).max(50),
  reminded: z.record(z.string().min(1).max(24), time.nullable()),
  nudgedFor: z.number().int().nullable(),
});

/** A player's vote history as read: {@link voteHistorySchema}'s output. */
export type VoteHistory = z.output<typeof voteHistorySchema>;
