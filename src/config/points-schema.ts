/** The settings of vote points (`points`) and of the vote shop (`shop`) in config.json. */

import { LOCALES } from '../i18n/messages';
import * as z from '../runtime/zod';
import { rewardEntry } from './reward-schema';

/** Highest balance a ledger may hold, whatever the cap: a stored balance above it is unreadable, never spendable. */
export const MAX_POINTS_BALANCE = 1_000_000_000;

const commandName = z
  .string()
  .check(z.regex(/^[a-z0-9_-]{1,32}$/, 'a command name of lowercase letters, digits, _ or -'));

/** `points`: what a vote earns and how many points a player may hold. */
export const pointsSchema = z
  .prefault(
    z.strictObject({
      perVote: z
        ._default(z.number().check(z.int(), z.minimum(0), z.maximum(1_000_000)), 0)
        .check(
          z.describe('Points credited per claimed vote, once its rewards are paid; 0 turns vote points off'),
        ),
      cap: z
        .optional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_POINTS_BALANCE)))
        .check(
          z.describe(
            'Highest balance a player can hold; points earned above it are not credited (the ledger says so)',
          ),
        ),
    }),
    {},
  )
  .check(z.describe('Vote points: earned per vote and by "points" rewards, spent in the shop'));

const itemNameText = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

const shopItemSchema = z.strictObject({
  id: z
    .string()
    .check(
      z.regex(/^[a-z0-9_-]{1,32}$/, 'an id of lowercase letters, digits, _ or - (1 to 32)'),
      z.describe('What players type in /voteshop buy <id>; unique, case-insensitive'),
    ),
  name: z
    .union([
      itemNameText,
      z
        .strictObject(
          Object.fromEntries(LOCALES.map((locale) => [locale, z.optional(itemNameText)])) as Record<
            (typeof LOCALES)[number],
            z.ZodMiniOptional<typeof itemNameText>
          >,
        )
        .check(
          z.refine((names) => names.en !== undefined, {
            message: 'a name per language needs "en", the fallback',
          }),
        ),
    ])
    .check(z.describe('Name shown to players: one text, or one per language with "en" as the fallback')),
  cost: z
    .number()
    .check(
      z.int(),
      z.minimum(1),
      z.maximum(MAX_POINTS_BALANCE),
      z.describe('Price in points, a whole number ≥ 1'),
    ),
  rewards: z
    .pipe(
      z.union([rewardEntry, z.array(rewardEntry).check(z.minLength(1), z.maxLength(20))]),
      z.transform((value) => (Array.isArray(value) ? value : [value])),
    )
    .check(z.describe('What the item gives (any reward, a oneOf choice, a chance), drawn once per purchase')),
  limit: z
    .optional(
      z.strictObject({
        count: z
          .number()
          .check(z.int(), z.minimum(1), z.maximum(10_000), z.describe('Purchases per player per period')),
        reset: z
          .enum(['daily', 'weekly', 'monthly', 'never'])
          .check(z.describe('When the count starts again, in timeZone (weeks start on Monday)')),
      }),
    )
    .check(z.describe('Per-player purchase limit')),
  stock: z
    .optional(z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)))
    .check(z.describe('Units for sale to all players together; a refund gives a unit back')),
  permission: z
    .optional(z.string().check(z.regex(/^[\w.:-]{1,100}$/, 'an ACE of letters, digits, _ . : or -')))
    .check(z.describe('ACE a player needs to buy it (IsPlayerAceAllowed)')),
  confirm: z
    ._default(z.boolean(), false)
    .check(z.describe('Needs "/voteshop buy <id> confirm": the buy without it only names the cost')),
});

/** `shop`: items bought with points through the same exactly-once journal as votes. */
export const shopSchema = z
  .prefault(
    z
      .strictObject({
        enabled: z._default(z.boolean(), false).check(z.describe('Offer the vote shop')),
        command: z._default(commandName, 'voteshop').check(z.describe('Chat command of the shop')),
        pointsCommand: z
          ._default(commandName, 'votepoints')
          .check(z.describe('Chat command that shows the balance')),
        menu: z
          ._default(z.boolean(), false)
          .check(z.describe('Serve the optional ox_lib client menu (client script needed)')),
        discord: z
          ._default(z.boolean(), false)
          .check(z.describe('Post each purchase to Discord (when discord is on)')),
        items: z
          ._default(z.array(shopItemSchema).check(z.maxLength(100)), [])
          .check(z.describe('Items for sale')),
      })
      .check(
        z.superRefine((shop, context) => {
          const seen = new Map<string, number>();
          for (const [index, item] of shop.items.entries()) {
            const key = item.id.toLowerCase();
            const first = seen.get(key);
            if (first !== undefined)
              context.addIssue({
                code: 'custom',
                path: ['items', index, 'id'],
                message: `"${item.id}" is already the id of items[${first}] (ids are case-insensitive)`,
              });
            else seen.set(key, index);
          }
          if (shop.enabled && shop.items.length === 0)
            context.addIssue({
              code: 'custom',
              path: ['items'],
              message: 'an enabled shop needs at least one item',
            });
        }),
      ),
    {},
  )
  .check(z.describe('Vote shop: items bought with vote points'));

/** The item's name in `locale`, else in `en`, else its single name. */
export function itemNameIn(
  item: { id: string; name: string | Readonly<Record<string, string | undefined>> },
  locale?: string,
): string {
  if (typeof item.name === 'string') return item.name;
  const names = item.name as Record<string, string | undefined>;
  return (locale !== undefined ? names[locale] : undefined) ?? names.en ?? item.id;
}
