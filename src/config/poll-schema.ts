/** The `poll` and `reminders` sections of config.json: vote detection and the reminders to vote again. */
import * as z from '../runtime/zod';

/** `poll`: vote detection, the request budget it shares with claims, and the vote broadcast. */
export const pollSchema = z
  .prefault(
    z.strictObject({
      enabled: z
        ._default(z.boolean(), true)
        .check(z.describe('Poll /vote/check to tell players their reward is waiting')),
      maxRequestsPerMinute: z
        ._default(z.number().check(z.int(), z.minimum(1), z.maximum(60)), 60)
        .check(z.describe('Request budget per rolling minute, shared by claims and polling (API limit: 60)')),
      reservePercent: z
        ._default(z.number().check(z.int(), z.minimum(0), z.maximum(90)), 20)
        .check(z.describe('Share of the budget kept for player claims, in percent')),
      linkShownIntervalSeconds: z
        ._default(z.number().check(z.int(), z.minimum(5), z.maximum(600)), 15)
        .check(z.describe('How often a player who was just shown the vote link is checked')),
      linkShownDurationMinutes: z
        ._default(z.number().check(z.int(), z.minimum(1), z.maximum(120)), 10)
        .check(z.describe('For how long a player who was shown the vote link is checked often')),
      joinCheckDelaySeconds: z
        ._default(z.number().check(z.int(), z.minimum(0), z.maximum(600)), 5)
        .check(z.describe('Delay before the first check of a player who just joined')),
      autoClaim: z
        ._default(z.boolean(), false)
        .check(z.describe('Claim and pay as soon as a vote is detected')),
      reminderMinutes: z
        ._default(z.number().check(z.int(), z.minimum(0), z.maximum(1440)), 0)
        .check(
          z.describe(
            'Replaced by the reminders section: N > 0 reads as reminders.enabled true and reminders.repeatMinutes N (a console line says so); 0 leaves reminders as that section says',
          ),
        ),
      siteCooldownMinutes: z
        ._default(z.number().check(z.int(), z.minimum(1), z.maximum(10_080)), 120)
        .check(z.describe('How long the vote site makes a player wait between two votes')),
      broadcast: z
        .prefault(
          z.strictObject({
            enabled: z
              ._default(z.boolean(), false)
              .check(z.describe('Announce how many players voted recently')),
            windowMinutes: z
              ._default(z.number().check(z.int(), z.minimum(1), z.maximum(120)), 5)
              .check(z.describe('Length of the announced window')),
          }),
          {},
        )
        .check(z.describe('Batched announcement of recent votes')),
    }),
    {},
  )
  .check(z.describe('Vote detection (polling) settings'));

const commandName = z
  .string()
  .check(z.regex(/^[a-z0-9_-]{1,32}$/, 'a command name of lowercase letters, digits, _ or -'));

/** `reminders`: when and how often a player is told they can vote again, and the command that turns it off. */
export const remindersSchema = z
  .prefault(
    z.strictObject({
      enabled: z
        ._default(z.boolean(), false)
        .check(z.describe('Remind each player on each site when that site lets them vote again')),
      joinDelaySeconds: z
        ._default(z.number().check(z.int(), z.minimum(0), z.maximum(3600)), 120)
        .check(
          z.describe(
            "Quiet time after a player joins before any reminder (the server's welcome messages pass first)",
          ),
        ),
      repeatMinutes: z
        ._default(z.number().check(z.int(), z.minimum(0), z.maximum(1440)), 0)
        .check(
          z.describe(
            'Remind again every N minutes while the player still has not voted on a site; 0 reminds once each time a site lets them vote',
          ),
        ),
      maxPerHour: z
        ._default(z.number().check(z.int(), z.minimum(1), z.maximum(20)), 2)
        .check(z.describe('Reminders and party nudges one player gets in any hour, at most')),
      partyNudgeVotes: z
        ._default(z.number().check(z.int(), z.minimum(0), z.maximum(1000)), 10)
        .check(
          z.describe(
            'Nudge players who have not voted today once the vote party is this many votes away or closer (once per party); 0 turns the nudge off; needs voteParty.enabled',
          ),
        ),
      command: z
        ._default(commandName, 'votereminders')
        .check(
          z.describe(
            'Chat command a player types to turn their own reminders off or on (kept across restarts)',
          ),
        ),
    }),
    {},
  )
  .check(
    z.describe(
      'Vote reminders that respect the player: per site, after a quiet time, capped, and each player can turn them off',
    ),
  );
