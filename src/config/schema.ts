import * as z from 'zod';
import { LOCALES, MESSAGE_KEYS, type MessageKey } from '../i18n/messages';
import { FRAMEWORK_CHOICES, FRAMEWORKS } from '../rewards/registry';
import { RSG_BANKS } from '../rewards/rsg';
import { NOTIFY_CHOICES } from '../runtime/notify';
import { pointsSchema, shopSchema } from './points-schema';
import { itemName, rewardEntry, rewardList } from './reward-schema';
import { allSitesSchema, sitesSchema } from './sites';

export { rewardSchema } from './reward-schema';

/** A vRP member name from config.json (optional: the variant's default applies). */
const memberName = (description: string) => z.string().min(1).max(64).optional().describe(description);

const messageOverrides = z
  .strictObject(
    Object.fromEntries(MESSAGE_KEYS.map((key) => [key, z.string().min(1).max(500).optional()])) as Record<
      MessageKey,
      z.ZodOptional<z.ZodString>
    >,
  )
  .describe('Messages replacing the built-in text, by key');

const pollSchema = z
  .strictObject({
    enabled: z.boolean().default(true).describe('Poll /vote/check to tell players their reward is waiting'),
    maxRequestsPerMinute: z
      .number()
      .int()
      .min(1)
      .max(60)
      .default(60)
      .describe('Request budget per rolling minute, shared by claims and polling (API limit: 60)'),
    reservePercent: z
      .number()
      .int()
      .min(0)
      .max(90)
      .default(20)
      .describe('Share of the budget kept for player claims, in percent'),
    linkShownIntervalSeconds: z
      .number()
      .int()
      .min(5)
      .max(600)
      .default(15)
      .describe('How often a player who was just shown the vote link is checked'),
    linkShownDurationMinutes: z
      .number()
      .int()
      .min(1)
      .max(120)
      .default(10)
      .describe('For how long a player who was shown the vote link is checked often'),
    joinCheckDelaySeconds: z
      .number()
      .int()
      .min(0)
      .max(600)
      .default(5)
      .describe('Delay before the first check of a player who just joined'),
    autoClaim: z.boolean().default(false).describe('Claim and pay as soon as a vote is detected'),
    reminderMinutes: z
      .number()
      .int()
      .min(0)
      .max(1440)
      .default(0)
      .describe(
        'Replaced by the reminders section: N > 0 reads as reminders.enabled true and reminders.repeatMinutes N (a console line says so); 0 leaves reminders as that section says',
      ),
    siteCooldownMinutes: z
      .number()
      .int()
      .min(1)
      .max(10_080)
      .default(120)
      .describe('How long the vote site makes a player wait between two votes'),
    broadcast: z
      .strictObject({
        enabled: z.boolean().default(false).describe('Announce how many players voted recently'),
        windowMinutes: z.number().int().min(1).max(120).default(5).describe('Length of the announced window'),
      })
      .prefault({})
      .describe('Batched announcement of recent votes'),
  })
  .prefault({})
  .describe('Vote detection (polling) settings');

const commandName = z
  .string()
  .regex(/^[a-z0-9_-]{1,32}$/, 'a command name of lowercase letters, digits, _ or -');

/** `reminders`: when and how often a player is told they can vote again, and the command that turns it off. */
export const remindersSchema = z
  .strictObject({
    enabled: z
      .boolean()
      .default(false)
      .describe('Remind each player on each site when that site lets them vote again'),
    joinDelaySeconds: z
      .number()
      .int()
      .min(0)
      .max(3600)
      .default(120)
      .describe(
        "Quiet time after a player joins before any reminder (the server's welcome messages pass first)",
      ),
    repeatMinutes: z
      .number()
      .int()
      .min(0)
      .max(1440)
      .default(0)
      .describe(
        'Remind again every N minutes while the player still has not voted on a site; 0 reminds once each time a site lets them vote',
      ),
    maxPerHour: z
      .number()
      .int()
      .min(1)
      .max(20)
      .default(2)
      .describe('Reminders and party nudges one player gets in any hour, at most'),
    partyNudgeVotes: z
      .number()
      .int()
      .min(0)
      .max(1000)
      .default(10)
      .describe(
        'Nudge players who have not voted today once the vote party is this many votes away or closer (once per party); 0 turns the nudge off; needs voteParty.enabled',
      ),
    command: commandName
      .default('votereminders')
      .describe('Chat command a player types to turn their own reminders off or on (kept across restarts)'),
  })
  .prefault({})
  .describe(
    'Vote reminders that respect the player: per site, after a quiet time, capped, and each player can turn them off',
  );

/** The schema of `config.json`: the public contract, with every default. */
export const configSchema = z
  .strictObject({
    $schema: z.string().optional().describe('Path of the JSON schema, for editors'),
    apiUrl: z.string().trim().default('').describe('Base URL of the vote site; /api/v1/... is appended'),
    apiKey: z.string().trim().default('').describe('API key; the convar vote_reward_api_key wins over it'),
    voteUrl: z
      .union([z.literal(''), z.url({ protocol: /^https?$/ })])
      .default('')
      .describe('Vote page shown to players who have not voted'),
    locale: z.enum(LOCALES).default('en').describe('Language of player messages'),
    framework: z
      .enum(FRAMEWORK_CHOICES)
      .default('auto')
      .describe(
        `Framework that pays rewards; auto detects ${FRAMEWORKS.map((framework) => framework.resource).join(', ')}`,
      ),
    command: z
      .string()
      .regex(/^[a-z0-9_-]{1,32}$/, 'a command name of lowercase letters, digits, _ or -')
      .default('vote')
      .describe('Chat command players type to claim'),
    vrp: z
      .strictObject({
        variant: z
          .enum(['vrp1', 'vrp2', 'creative'])
          .default('vrp1')
          .describe(
            'Which vRP the server runs: vrp1 (vRP 1 / vRPex), vrp2 (custom rewards only) or creative',
          ),
        cashItem: itemName
          .default('dollar')
          .describe('Creative only: the item that is cash in hand (dollar, dollars, ... per base)'),
        members: z
          .strictObject({
            userId: memberName('Source to user id (getUserId / Passport)'),
            giveMoney: memberName('Pays cash (giveMoney / GenerateItem)'),
            giveBank: memberName('Pays bank (giveBankMoney / GiveBank)'),
            giveItem: memberName('Gives items (giveInventoryItem / GenerateItem)'),
            getMoney: memberName('Reads cash (getMoney / ItemAmount)'),
            getBank: memberName('Reads bank (getBankMoney / GetBank)'),
            itemAmount: memberName('Reads an item count (getInventoryItemAmount / ItemAmount)'),
          })
          .default({})
          .describe("Names of vRP members that differ from the variant's defaults"),
      })
      .prefault({})
      .describe('vRP settings, used when the framework is vrp'),
    rsg: z
      .strictObject({
        bank: z
          .enum(RSG_BANKS)
          .default('bank')
          .describe(`Which RSG bank money type bank rewards pay: ${RSG_BANKS.join(', ')}`),
      })
      .prefault({})
      .describe('RSG Core settings, used when the framework is rsg'),
    notify: z
      .enum(NOTIFY_CHOICES)
      .default('chat')
      .describe(
        'Where players read messages: chat or ox_lib (also Qbox and RSG), esx, qbcore, vorp notifications',
      ),
    checkMode: z
      .enum(['unclaimed', 'last24h'])
      .default('unclaimed')
      .describe('Which /vote/check variant the site runs'),
    reward: z
      .union([rewardEntry, z.array(rewardEntry).min(1).max(20)])
      .default({ type: 'money', amount: 500 })
      .describe(
        'One reward or a list of rewards given per vote (entries may carry a chance or be a oneOf choice)',
      ),
    timeZone: z
      .string()
      .min(1)
      .max(64)
      .default('UTC')
      .describe(
        'Time zone of streak days and of the months of the vote history: an IANA name ("Europe/Paris"), UTC or ±HH:MM; an abbreviation such as EST gets a warning',
      ),
    firstVote: z
      .strictObject({ reward: rewardList.describe("Reward of a player's first vote claimed here") })
      .nullable()
      .default(null)
      .describe('Bonus for the first vote this resource claims for a player; null turns it off'),
    milestones: z
      .array(
        z.union([
          z.strictObject({
            at: z.number().int().min(1).max(100_000).describe('Total of claimed votes that earns the reward'),
            reward: rewardList,
          }),
          z.strictObject({
            every: z.number().int().min(1).max(100_000).describe('The reward comes on every N-th vote'),
            reward: rewardList,
          }),
        ]),
      )
      .max(50)
      .default([])
      .describe(
        'Rewards at a total of votes (at) or on every N-th vote (every); several may fire on one vote',
      ),
    streaks: z
      .strictObject({
        graceDays: z
          .number()
          .int()
          .min(0)
          .max(7)
          .default(0)
          .describe('Days a player may miss without breaking the streak'),
        rewards: z
          .array(
            z.strictObject({
              days: z.number().int().min(2).max(3650).describe('Streak length in days that earns the reward'),
              reward: rewardList,
            }),
          )
          .max(50)
          .default([])
          .describe('Rewards at streak lengths; empty turns streak rewards off'),
        tellPlayers: z
          .boolean()
          .default(true)
          .describe(
            'Tell players their streak and the time left to keep it after each vote, when streak rewards are on',
          ),
      })
      .prefault({})
      .describe('Consecutive days with at least one claimed vote'),
    voteParty: z
      .strictObject({
        enabled: z.boolean().default(false).describe('Reward online players every N votes of the month'),
        every: z
          .number()
          .int()
          .min(1)
          .max(1_000_000)
          .default(50)
          .describe('Votes of the month between two parties'),
        reward: rewardList
          .default([{ type: 'money', amount: 1000 }])
          .describe('What each player gets at a party'),
        minMonthlyVotes: z
          .number()
          .int()
          .min(0)
          .max(1000)
          .default(0)
          .describe(
            'Votes claimed this month a player needs to share a party; 0 = every loaded online player',
          ),
        announceMinutes: z
          .number()
          .int()
          .min(0)
          .max(1440)
          .default(30)
          .describe('Announce the votes left to the next party every N minutes; 0 turns it off'),
        maxThresholdsPerRead: z
          .number()
          .int()
          .min(1)
          .max(100)
          .default(3)
          .describe(
            'Parties one count may decide at once; a count that would decide more is held until an admin runs votereward party confirm or skip',
          ),
      })
      .prefault({})
      .describe("A server-wide goal from the API's vote count"),
    topVoters: z
      .strictObject({
        enabled: z.boolean().default(false).describe('Offer the top-voters command and month-end awards'),
        command: z
          .string()
          .regex(/^[a-z0-9_-]{1,32}$/, 'a command name of lowercase letters, digits, _ or -')
          .default('votetop')
          .describe("Chat command that shows the month's top 10 and the player's rank"),
        awards: z
          .array(
            z.strictObject({
              rank: z.number().int().min(1).max(100).describe('Rank in the month (1 = most votes)'),
              reward: rewardList,
            }),
          )
          .max(100)
          .default([])
          .describe('Prizes decided once at the month change, paid on the next join to players offline then'),
      })
      .prefault({})
      .describe("Month's top voters from the votes this resource claimed"),
    discord: z
      .strictObject({
        enabled: z
          .boolean()
          .default(false)
          .describe('Post to the Discord webhook set in the convar vote_reward_discord_webhook'),
        vote: z.boolean().default(true).describe('Post each claimed vote'),
        milestone: z.boolean().default(true).describe('Post milestones reached'),
        streak: z.boolean().default(true).describe('Post streak awards'),
        party: z.boolean().default(true).describe('Post vote parties'),
        winners: z.boolean().default(true).describe("Post the month's top voters"),
        batchSeconds: z
          .number()
          .int()
          .min(0)
          .max(60)
          .default(2)
          .describe('Posts within this many seconds are sent as one message'),
      })
      .prefault({})
      .describe('Discord messages about votes and awards'),
    points: pointsSchema,
    shop: shopSchema,
    messages: z
      .strictObject(
        Object.fromEntries(LOCALES.map((locale) => [locale, messageOverrides.optional()])) as Record<
          (typeof LOCALES)[number],
          z.ZodOptional<typeof messageOverrides>
        >,
      )
      .default({})
      .describe('Per-language message overrides'),
    poll: pollSchema,
    reminders: remindersSchema,
    sites: sitesSchema,
    allSites: allSitesSchema,
    nameLock: z.boolean().default(true).describe('Bind a name to the first license that claims with it'),
    claimCooldownSeconds: z
      .number()
      .int()
      .min(0)
      .max(3600)
      .default(10)
      .describe('Per-player wait between two /vote commands'),
    requestTimeoutMs: z
      .number()
      .int()
      .min(1000)
      .max(60_000)
      .default(10_000)
      .describe('Timeout of one API request, in milliseconds'),
  })
  .describe('vote-reward configuration');

/** The validated configuration, defaults applied. */
export type ResourceConfig = z.output<typeof configSchema>;

/** The JSON schema written next to config.json for editor completion. */
export function configJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(configSchema, { io: 'input', target: 'draft-7' }) as Record<string, unknown>;
}
