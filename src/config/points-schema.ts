/** The settings of vote points (`points`) and of the vote shop (`shop`) in config.json. */
import * as z from 'zod';
import { LOCALES } from '../i18n/messages';
import { rewardEntry } from './reward-schema';

/** Highest balance a ledger may hold, whatever the cap: a stored balance above it is unreadable, never spendable. */
export const MAX_POINTS_BALANCE = 1_000_000_000;

const commandName = z
  .string()
  .regex(/^[a-z0-9_-]{1,32}$/, 'a command name of lowercase letters, digits, _ or -');

/** `points`: what a vote earns and how many points a player may hold. */
export const pointsSchema = z
  .strictObject({
    perVote: z
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .default(0)
      .describe('Points credited per claimed vote, once its rewards are paid; 0 turns vote points off'),
    cap: z
      .number()
      .int()
      .min(1)
      .max(MAX_POINTS_BALANCE)
      .optional()
      .describe(
        'Highest balance a player can hold; points earned above it are not credited (the ledger says so)',
      ),
  })
  .prefault({})
  .describe('Vote points: earned per vote and by "points" rewards, spent in the shop');

const itemNameText = z.string().trim().min(1).max(64);

const shopItemSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/, 'an id of lowercase letters, digits, _ or - (1 to 32)')
    .describe('What players type in /voteshop buy <id>; unique, case-insensitive'),
  name: z
    .union([
      itemNameText,
      z
        .strictObject(
          Object.fromEntries(LOCALES.map((locale) => [locale, itemNameText.optional()])) as Record<
            (typeof LOCALES)[number],
            z.ZodOptional<typeof itemNameText>
          >,
        )
        .refine((names) => names.en !== undefined, {
          message: 'a name per language needs "en", the fallback',
        }),
    ])
    .describe('Name shown to players: one text, or one per language with "en" as the fallback'),
  cost: z.number().int().min(1).max(MAX_POINTS_BALANCE).describe('Price in points, a whole number ≥ 1'),
  rewards: z
    .union([rewardEntry, z.array(rewardEntry).min(1).max(20)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .describe('What the item gives (any reward, a oneOf choice, a chance), drawn once per purchase'),
  limit: z
    .strictObject({
      count: z.number().int().min(1).max(10_000).describe('Purchases per player per period'),
      reset: z
        .enum(['daily', 'weekly', 'monthly', 'never'])
        .describe('When the count starts again, in timeZone (weeks start on Monday)'),
    })
    .optional()
    .describe('Per-player purchase limit'),
  stock: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .optional()
    .describe('Units for sale to all players together; a refund gives a unit back'),
  permission: z
    .string()
    .regex(/^[\w.:-]{1,100}$/, 'an ACE of letters, digits, _ . : or -')
    .optional()
    .describe('ACE a player needs to buy it (IsPlayerAceAllowed)'),
  confirm: z
    .boolean()
    .default(false)
    .describe('Needs "/voteshop buy <id> confirm": the buy without it only names the cost'),
});

/** `shop`: items bought with points through the same exactly-once journal as votes. */
export const shopSchema = z
  .strictObject({
    enabled: z.boolean().default(false).describe('Offer the vote shop'),
    command: commandName.default('voteshop').describe('Chat command of the shop'),
    pointsCommand: commandName.default('votepoints').describe('Chat command that shows the balance'),
    menu: z.boolean().default(false).describe('Serve the optional ox_lib client menu (client script needed)'),
    discord: z.boolean().default(false).describe('Post each purchase to Discord (when discord is on)'),
    items: z.array(shopItemSchema).max(100).default([]).describe('Items for sale'),
  })
  .superRefine((shop, context) => {
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
  })
  .prefault({})
  .describe('Vote shop: items bought with vote points');

/** The item's name in `locale`, else in `en`, else its single name. */
export function itemNameIn(
  item: { id: string; name: string | Readonly<Record<string, string | undefined>> },
  locale?: string,
): string {
  if (typeof item.name === 'string') return item.name;
  const names = item.name as Record<string, string | undefined>;
  return (locale !== undefined ? names[locale] : undefined) ?? names.en ?? item.id;
}
