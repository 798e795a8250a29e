import { LOCALES, MESSAGE_KEYS, type MessageKey } from '../i18n/messages';
import { FRAMEWORK_CHOICES, FRAMEWORKS } from '../rewards/registry';
import { RSG_BANKS } from '../rewards/rsg';
import { NOTIFY_CHOICES } from '../runtime/notify';
import * as z from '../runtime/zod';
import { pointsSchema, shopSchema } from './points-schema';
import { pollSchema, remindersSchema } from './poll-schema';
import { itemName, rewardEntry, rewardList } from './reward-schema';
import { allSitesSchema, sitesSchema } from './sites';

export { remindersSchema } from './poll-schema';
export { rewardSchema } from './reward-schema';

/** A vRP member name from config.json (optional: the variant's default applies). */
const memberName = (description: string) =>
  z.optional(z.string().check(z.minLength(1), z.maxLength(64))).check(z.describe(description));

const messageOverrides = z
  .strictObject(
    Object.fromEntries(
      MESSAGE_KEYS.map((key) => [key, z.optional(z.string().check(z.minLength(1), z.maxLength(500)))]),
    ) as Record<MessageKey, z.ZodMiniOptional<z.ZodMiniString>>,
  )
  .check(z.describe('Messages replacing the built-in text, by key'));

/** The schema of `config.json`: the public contract, with every default. */
export const configSchema = z
  .strictObject({
    $schema: z.optional(z.string()).check(z.describe('Path of the JSON schema, for editors')),
    apiUrl: z
      ._default(z.string().check(z.trim()), '')
      .check(z.describe('Base URL of the vote site; /api/v1/... is appended')),
    apiKey: z
      ._default(z.string().check(z.trim()), '')
      .check(z.describe('API key; the convar vote_reward_api_key wins over it')),
    voteUrl: z
      ._default(z.union([z.literal(''), z.url({ protocol: /^https?$/ })]), '')
      .check(z.describe('Vote page shown to players who have not voted')),
    locale: z._default(z.enum(LOCALES), 'en').check(z.describe('Language of player messages')),
    framework: z
      ._default(z.enum(FRAMEWORK_CHOICES), 'auto')
      .check(
        z.describe(
          `Framework that pays rewards; auto detects ${FRAMEWORKS.map((framework) => framework.resource).join(', ')}`,
        ),
      ),
    command: z
      ._default(
        z
          .string()
          .check(z.regex(/^[a-z0-9_-]{1,32}$/, 'a command name of lowercase letters, digits, _ or -')),
        'vote',
      )
      .check(z.describe('Chat command players type to claim')),
    vrp: z
      .prefault(
        z.strictObject({
          variant: z
            ._default(z.enum(['vrp1', 'vrp2', 'creative']), 'vrp1')
            .check(
              z.describe(
                'Which vRP the server runs: vrp1 (vRP 1 / vRPex), vrp2 (custom rewards only) or creative',
              ),
            ),
          cashItem: z
            ._default(itemName, 'dollar')
            .check(
              z.describe('Creative only: the item that is cash in hand (dollar, dollars, ... per base)'),
            ),
          members: z
            ._default(
              z.strictObject({
                userId: memberName('Source to user id (getUserId / Passport)'),
                giveMoney: memberName('Pays cash (giveMoney / GenerateItem)'),
                giveBank: memberName('Pays bank (giveBankMoney / GiveBank)'),
                giveItem: memberName('Gives items (giveInventoryItem / GenerateItem)'),
                getMoney: memberName('Reads cash (getMoney / ItemAmount)'),
                getBank: memberName('Reads bank (getBankMoney / GetBank)'),
                itemAmount: memberName('Reads an item count (getInventoryItemAmount / ItemAmount)'),
              }),
              {},
            )
            .check(z.describe("Names of vRP members that differ from the variant's defaults")),
        }),
        {},
      )
      .check(z.describe('vRP settings, used when the framework is vrp')),
    rsg: z
      .prefault(
        z.strictObject({
          bank: z
            ._default(z.enum(RSG_BANKS), 'bank')
            .check(z.describe(`Which RSG bank money type bank rewards pay: ${RSG_BANKS.join(', ')}`)),
        }),
        {},
      )
      .check(z.describe('RSG Core settings, used when the framework is rsg')),
    notify: z
      ._default(z.enum(NOTIFY_CHOICES), 'chat')
      .check(
        z.describe(
          'Where players read messages: chat or ox_lib (also Qbox and RSG), esx, qbcore, vorp notifications',
        ),
      ),
    checkMode: z
      ._default(z.enum(['unclaimed', 'last24h']), 'unclaimed')
      .check(z.describe('Which /vote/check variant the site runs')),
    reward: z
      ._default(z.union([rewardEntry, z.array(rewardEntry).check(z.minLength(1), z.maxLength(20))]), {
        type: 'money',
        amount: 500,
      })
      .check(
        z.describe(
          'One reward or a list of rewards given per vote (entries may carry a chance or be a oneOf choice)',
        ),
      ),
    timeZone: z
      ._default(z.string().check(z.minLength(1), z.maxLength(64)), 'UTC')
      .check(
        z.describe(
          'Time zone of streak days and of the months of the vote history: an IANA name ("Europe/Paris"), UTC or ±HH:MM; an abbreviation such as EST gets a warning',
        ),
      ),
    firstVote: z
      ._default(
        z.nullable(
          z.strictObject({
            reward: rewardList.check(z.describe("Reward of a player's first vote claimed here")),
          }),
        ),
        null,
      )
      .check(z.describe('Bonus for the first vote this resource claims for a player; null turns it off')),
    milestones: z
      ._default(
        z
          .array(
            z.union([
              z.strictObject({
                at: z
                  .number()
                  .check(
                    z.int(),
                    z.minimum(1),
                    z.maximum(100_000),
                    z.describe('Total of claimed votes that earns the reward'),
                  ),
                reward: rewardList,
              }),
              z.strictObject({
                every: z
                  .number()
                  .check(
                    z.int(),
                    z.minimum(1),
                    z.maximum(100_000),
                    z.describe('The reward comes on every N-th vote'),
                  ),
                reward: rewardList,
              }),
            ]),
          )
          .check(z.maxLength(50)),
        [],
      )
      .check(
        z.describe(
          'Rewards at a total of votes (at) or on every N-th vote (every); several may fire on one vote',
        ),
      ),
    streaks: z
      .prefault(
        z.strictObject({
          graceDays: z
            ._default(z.number().check(z.int(), z.minimum(0), z.maximum(7)), 0)
            .check(z.describe('Days a player may miss without breaking the streak')),
          rewards: z
            ._default(
              z
                .array(
                  z.strictObject({
                    days: z
                      .number()
                      .check(
                        z.int(),
                        z.minimum(2),
                        z.maximum(3650),
                        z.describe('Streak length in days that earns the reward'),
                      ),
                    reward: rewardList,
                  }),
                )
                .check(z.maxLength(50)),
              [],
            )
            .check(z.describe('Rewards at streak lengths; empty turns streak rewards off')),
          tellPlayers: z
            ._default(z.boolean(), true)
            .check(
              z.describe(
                'Tell players their streak and the time left to keep it after each vote, when streak rewards are on',
              ),
            ),
        }),
        {},
      )
      .check(z.describe('Consecutive days with at least one claimed vote')),
    voteParty: z
      .prefault(
        z.strictObject({
          enabled: z
            ._default(z.boolean(), false)
            .check(z.describe('Reward online players every N votes of the month')),
          every: z
            ._default(z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)), 50)
            .check(z.describe('Votes of the month between two parties')),
          reward: z
            ._default(rewardList, [{ type: 'money', amount: 1000 }])
            .check(z.describe('What each player gets at a party')),
          minMonthlyVotes: z
            ._default(z.number().check(z.int(), z.minimum(0), z.maximum(1000)), 0)
            .check(
              z.describe(
                'Votes claimed this month a player needs to share a party; 0 = every loaded online player',
              ),
            ),
          announceMinutes: z
            ._default(z.number().check(z.int(), z.minimum(0), z.maximum(1440)), 30)
            .check(z.describe('Announce the votes left to the next party every N minutes; 0 turns it off')),
          maxThresholdsPerRead: z
            ._default(z.number().check(z.int(), z.minimum(1), z.maximum(100)), 3)
            .check(
              z.describe(
                'Parties one count may decide at once; a count that would decide more is held until an admin runs votereward party confirm or skip',
              ),
            ),
        }),
        {},
      )
      .check(z.describe("A server-wide goal from the API's vote count")),
    topVoters: z
      .prefault(
        z.strictObject({
          enabled: z
            ._default(z.boolean(), false)
            .check(z.describe('Offer the top-voters command and month-end awards')),
          command: z
            ._default(
              z
                .string()
                .check(z.regex(/^[a-z0-9_-]{1,32}$/, 'a command name of lowercase letters, digits, _ or -')),
              'votetop',
            )
            .check(z.describe("Chat command that shows the month's top 10 and the player's rank")),
          awards: z
            ._default(
              z
                .array(
                  z.strictObject({
                    rank: z
                      .number()
                      .check(
                        z.int(),
                        z.minimum(1),
                        z.maximum(100),
                        z.describe('Rank in the month (1 = most votes)'),
                      ),
                    reward: rewardList,
                  }),
                )
                .check(z.maxLength(100)),
              [],
            )
            .check(
              z.describe(
                'Prizes decided once at the month change, paid on the next join to players offline then',
              ),
            ),
        }),
        {},
      )
      .check(z.describe("Month's top voters from the votes this resource claimed")),
    discord: z
      .prefault(
        z.strictObject({
          enabled: z
            ._default(z.boolean(), false)
            .check(z.describe('Post to the Discord webhook set in the convar vote_reward_discord_webhook')),
          vote: z._default(z.boolean(), true).check(z.describe('Post each claimed vote')),
          milestone: z._default(z.boolean(), true).check(z.describe('Post milestones reached')),
          streak: z._default(z.boolean(), true).check(z.describe('Post streak awards')),
          party: z._default(z.boolean(), true).check(z.describe('Post vote parties')),
          winners: z._default(z.boolean(), true).check(z.describe("Post the month's top voters")),
          batchSeconds: z
            ._default(z.number().check(z.int(), z.minimum(0), z.maximum(60)), 2)
            .check(z.describe('Posts within this many seconds are sent as one message')),
        }),
        {},
      )
      .check(z.describe('Discord messages about votes and awards')),
    points: pointsSchema,
    shop: shopSchema,
    messages: z
      ._default(
        z.strictObject(
          Object.fromEntries(LOCALES.map((locale) => [locale, z.optional(messageOverrides)])) as Record<
            (typeof LOCALES)[number],
            z.ZodMiniOptional<typeof messageOverrides>
          >,
        ),
        {},
      )
      .check(z.describe('Per-language message overrides')),
    poll: pollSchema,
    reminders: remindersSchema,
    sites: sitesSchema,
    allSites: allSitesSchema,
    nameLock: z
      ._default(z.boolean(), true)
      .check(z.describe('Bind a name to the first license that claims with it')),
    claimCooldownSeconds: z
      ._default(z.number().check(z.int(), z.minimum(0), z.maximum(3600)), 10)
      .check(z.describe('Per-player wait between two /vote commands')),
    requestTimeoutMs: z
      ._default(z.number().check(z.int(), z.minimum(1000), z.maximum(60_000)), 10_000)
      .check(z.describe('Timeout of one API request, in milliseconds')),
  })
  .check(z.describe('vote-reward configuration'));

/** The validated configuration, defaults applied. */
export type ResourceConfig = z.output<typeof configSchema>;

/** The JSON schema of config.json (build time: the bundle drops it, `build.mjs` refuses JSON-Schema code in it). */
export { configJsonSchema } from './json-schema';
