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
  program: z.enum(['milestone', 'streak', 'first', 'party', 'top', 'test', 'shop', 'allsites']),
  value: z.number(),
  month: z.string().nullable(),
  voteRef: z.string().nullable(),
});

const drawRecordSchema = z.object({
  entry: z.number(),
  roll: z.number().nullable(),
  pick: z.number().nullable(),
});

/** A journal entry of the current format, once `migrateEntry` has brought an older one up to it. */
export const journalEntrySchema = z
  .object({
    format: z.literal(3),
    id: z.string().min(1),
    state: z.enum(['claiming', 'unknown', 'claimed', 'needs_admin']),
    name: z.string(),
    license: z.string(),
    votedAt: z.string().nullable(),
    voteId: z.string().nullable(),
    rewards: z.array(storedRewardSchema),
    given: z.array(z.boolean()),
    giving: z.number().int().min(0).nullable(),
    before: z.union([z.number(), z.literal('unrecorded')]).nullable(),
    beforeOwner: z.string().max(200).optional(),
    problem: z.string().nullable(),
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

/** A vote history (`history:<license>`, format 1). */
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

/** A player's reminder opt-out (`reminders:off:<license>`): the license it belongs to and when it was set. */
export const remindersOffSchema = z.object({
  format: z.literal(1),
  license: z.string().min(1),
  at: time,
});
