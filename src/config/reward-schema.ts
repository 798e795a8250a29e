/** The schema of one reward and of reward lists, shared by `reward` and every reward program in config.json. */
import * as z from 'zod';

/** Item names as the frameworks store them (no spaces, no quotes). */
export const itemName = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'an item name of letters, digits, _ . : or -')
  .describe('Item name as known by the inventory (e.g. "bread")');

const positiveAmount = z.number().int().min(1).max(1_000_000_000);

/** Most points one `points` reward can credit. */
export const MAX_POINTS_REWARD = 1_000_000;

/** The fields of each reward type; `extra` adds the draw's own fields (`chance`, `weight`). */
function rewardUnion<Extra extends z.core.$ZodLooseShape>(extra: Extra) {
  return z.discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('money').describe('Cash in hand'),
      amount: positiveAmount.describe('Amount of cash given, a whole number ≥ 1'),
      ...extra,
    }),
    z.strictObject({
      type: z.literal('bank').describe('Bank account money'),
      amount: positiveAmount.describe('Amount put in the bank, a whole number ≥ 1'),
      ...extra,
    }),
    z.strictObject({
      type: z.literal('gold').describe('Gold, the second currency of VORP (RedM); VORP only'),
      amount: positiveAmount.describe('Amount of gold given, a whole number ≥ 1'),
      ...extra,
    }),
    z.strictObject({
      type: z.literal('item').describe('An inventory item'),
      item: itemName,
      count: z.number().int().min(1).max(10_000).default(1).describe('How many items, a whole number ≥ 1'),
      ...extra,
    }),
    z.strictObject({
      type: z.literal('points').describe('Vote points, credited to the ledger (spent in the vote shop)'),
      amount: z.number().int().min(1).max(MAX_POINTS_REWARD).describe('Points credited, a whole number ≥ 1'),
      ...extra,
    }),
    z
      .strictObject({
        type: z.literal('custom').describe('A console command and/or a server event'),
        command: z
          .string()
          .min(1)
          .max(500)
          .optional()
          .describe('Console command template; {source}, {name}, {license}, {vote_id} are filled safely'),
        event: z
          .string()
          .regex(/^[\w:.-]{1,100}$/, 'an event name of letters, digits, _ : . or -')
          .optional()
          .describe('Server event emitted as (source, { vote_id, username, license })'),
        ...extra,
      })
      .refine(
        (reward) =>
          (reward as { command?: string }).command !== undefined ||
          (reward as { event?: string }).event !== undefined,
        {
          message: 'a custom reward needs "command", "event" or both',
        },
      ),
  ]);
}

/**
 * One reward, told apart by `type` so a problem names the inner field. Built on its first use: config.json is read
 * through `rewardEntry`, which builds its own variants, so a start does not pay for this one.
 */
export const rewardSchema = z.lazy(() => rewardUnion({}));

const chance = z
  .number()
  .gt(0)
  .max(100)
  .optional()
  .describe('Chance in percent (up to two decimals) that this entry is given; drawn once per vote or award');

/** A reward entry: a reward or a weighted `oneOf` choice, each with an optional `chance`. */
export const rewardEntry = z.union([
  rewardUnion({ chance }),
  z
    .strictObject({
      oneOf: z
        .array(
          rewardUnion({ weight: z.number().gt(0).max(1_000_000).describe('Relative weight of this option') }),
        )
        .min(1)
        .max(20)
        .describe('Options, one of which is given, picked by weight'),
      chance,
    })
    .describe('One reward picked from a weighted list'),
]);

/** One reward entry or a list of them; always read as a list. */
export const rewardList = z
  .union([rewardEntry, z.array(rewardEntry).min(1).max(20)])
  .transform((value) => (Array.isArray(value) ? value : [value]));
