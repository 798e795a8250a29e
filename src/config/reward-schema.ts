/** The schema of one reward and of reward lists, shared by `reward` and every reward program in config.json. */
import * as z from '../runtime/zod';

/** Item names as the frameworks store them (no spaces, no quotes). */
export const itemName = z
  .string()
  .check(
    z.regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'an item name of letters, digits, _ . : or -'),
    z.describe('Item name as known by the inventory (e.g. "bread")'),
  );

const positiveAmount = z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000_000));

/** Most points one `points` reward can credit. */
export const MAX_POINTS_REWARD = 1_000_000;

/** The fields of each reward type; `extra` adds the draw's own fields (`chance`, `weight`). */
function rewardUnion<Extra extends z.core.$ZodLooseShape>(extra: Extra) {
  return z.discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('money').check(z.describe('Cash in hand')),
      amount: positiveAmount.check(z.describe('Amount of cash given, a whole number ≥ 1')),
      ...extra,
    }),
    z.strictObject({
      type: z.literal('bank').check(z.describe('Bank account money')),
      amount: positiveAmount.check(z.describe('Amount put in the bank, a whole number ≥ 1')),
      ...extra,
    }),
    z.strictObject({
      type: z.literal('gold').check(z.describe('Gold, the second currency of VORP (RedM); VORP only')),
      amount: positiveAmount.check(z.describe('Amount of gold given, a whole number ≥ 1')),
      ...extra,
    }),
    z.strictObject({
      type: z.literal('item').check(z.describe('An inventory item')),
      item: itemName,
      count: z
        ._default(z.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1)
        .check(z.describe('How many items, a whole number ≥ 1')),
      ...extra,
    }),
    z.strictObject({
      type: z
        .literal('points')
        .check(z.describe('Vote points, credited to the ledger (spent in the vote shop)')),
      amount: z
        .number()
        .check(
          z.int(),
          z.minimum(1),
          z.maximum(MAX_POINTS_REWARD),
          z.describe('Points credited, a whole number ≥ 1'),
        ),
      ...extra,
    }),
    z
      .strictObject({
        type: z.literal('custom').check(z.describe('A console command and/or a server event')),
        command: z
          .optional(z.string().check(z.minLength(1), z.maxLength(500)))
          .check(
            z.describe('Console command template; {source}, {name}, {license}, {vote_id} are filled safely'),
          ),
        event: z
          .optional(
            z.string().check(z.regex(/^[\w:.-]{1,100}$/, 'an event name of letters, digits, _ : . or -')),
          )
          .check(z.describe('Server event emitted as (source, { vote_id, username, license })')),
        ...extra,
      })
      .check(
        z.refine(
          (reward) =>
            (reward as { command?: string }).command !== undefined ||
            (reward as { event?: string }).event !== undefined,
          {
            message: 'a custom reward needs "command", "event" or both',
          },
        ),
      ),
  ]);
}

/**
 * One reward, told apart by `type` so a problem names the inner field. Built on its first use: config.json is read
 * through `rewardEntry`, which builds its own variants, so a start does not pay for this one.
 */
export const rewardSchema = z.lazy(() => rewardUnion({}));

const chance = z
  .optional(z.number().check(z.gt(0), z.maximum(100)))
  .check(
    z.describe(
      'Chance in percent (up to two decimals) that this entry is given; drawn once per vote or award',
    ),
  );

/** A reward entry: a reward or a weighted `oneOf` choice, each with an optional `chance`. */
export const rewardEntry = z.union([
  rewardUnion({ chance }),
  z
    .strictObject({
      oneOf: z
        .array(
          rewardUnion({
            weight: z
              .number()
              .check(z.gt(0), z.maximum(1_000_000), z.describe('Relative weight of this option')),
          }),
        )
        .check(
          z.minLength(1),
          z.maxLength(20),
          z.describe('Options, one of which is given, picked by weight'),
        ),
      chance,
    })
    .check(z.describe('One reward picked from a weighted list')),
]);

/** One reward entry or a list of them; always read as a list. */
export const rewardList = z.pipe(
  z.union([rewardEntry, z.array(rewardEntry).check(z.minLength(1), z.maxLength(20))]),
  z.transform((value) => (Array.isArray(value) ? value : [value])),
);
