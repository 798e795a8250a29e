/**
 * The schemas of the vote party's and the month's top voters' stored records, read through `readRecord`
 * (`src/store/record.ts`): a record that does not pass its schema is reported and left as is, never decided again.
 */
import * as z from '../runtime/zod';

const month = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/));
const license = z.string().check(z.minLength(1));

/** A decided party threshold: `party:decision:<month>:<threshold>`. */
export const partyDecisionSchema = z.object({
  format: z.literal(1),
  month,
  threshold: z.number().check(z.int(), z.positive()),
  /** The month's count of the read that decided it. */
  votes: z.number().check(z.int(), z.nonnegative()),
  decidedAt: z.number(),
  /** The `minMonthlyVotes` it was decided with. */
  minMonthlyVotes: z.number().check(z.int(), z.nonnegative()),
  /** The players who share it. */
  players: z.array(z.object({ license, name: z.string() })),
});

/** A decided party threshold. */
export type PartyDecision = z.output<typeof partyDecisionSchema>;

/** A count the party did not trust, waiting for `votereward party confirm|skip`: `party:hold`. */
export const partyHoldSchema = z.object({
  format: z.literal(1),
  month,
  /** The first and last threshold the read would decide. */
  from: z.number().check(z.int(), z.positive()),
  to: z.number().check(z.int(), z.positive()),
  votes: z.number().check(z.int(), z.nonnegative()),
  /** When the read was sent. */
  at: z.number(),
  reason: z.enum(['too_many_thresholds', 'inconsistent', 'too_fast']),
  /** The admin's sentence. */
  why: z.string(),
});

/** A held count. */
export type PartyHold = z.output<typeof partyHoldSchema>;

const topVoter = z.object({
  rank: z.number().check(z.int(), z.positive()),
  license,
  name: z.string(),
  votes: z.number().check(z.int(), z.nonnegative()),
});

/** A decided month of top voters: `top:decision:<month>`. */
export const topDecisionSchema = z.object({
  format: z.literal(1),
  month,
  decidedAt: z.number(),
  /** The ranking at the decision: the top 10, or down to the last configured rank when that is lower. */
  ranking: z.array(topVoter),
  /** The awards it gives: rank, license and award id. */
  awards: z.array(
    z.object({
      rank: z.number().check(z.int(), z.positive()),
      license,
      id: z.string().check(z.minLength(1)),
    }),
  ),
});

/** A decided month of top voters. */
export type TopDecision = z.output<typeof topDecisionSchema>;
