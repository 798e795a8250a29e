/**
 * The reminders' part of the composition: the reminders over the next-vote reader, the claim flow (a reward waiting),
 * the poller (told, reminded), the vote party (the nudge) and the vote histories (voted today). Built by
 * `composeResource` when `reminders.enabled`.
 */
import type { ClaimFlow } from '../claim/claim-flow';
import type { ResourceConfig } from '../config/schema';
import { SEED_SITE_ID } from '../config/sites';
import type { EventChannel } from '../domain/events';
import type { Translate } from '../i18n/messages';
import type { NextVoteReader } from '../multisite/next-vote';
import type { VoteParty } from '../programs/party';
import type { Programs } from '../programs/programs';
import type { Runtime } from '../runtime/runtime';
import type { VoteDetector } from './detector';
import { createVoteReminders, type VoteReminders } from './reminders';

/**
 * The reminders over the next-vote reader. The seed (this project's API) is reminded of only while the poller runs,
 * since its claims are what records the seed's last vote, and only with a vote page to show.
 */
export function composeReminders(
  config: ResourceConfig,
  runtime: Runtime,
  parts: {
    nextVotes: NextVoteReader;
    flow: ClaimFlow;
    detector: VoteDetector | null;
    party: VoteParty | null;
    programs: Programs;
    translate: Translate;
    events: EventChannel;
  },
): VoteReminders {
  const { flow, detector, party, programs } = parts;
  const seedOff = !config.poll.enabled || config.voteUrl === '';
  if (seedOff)
    runtime.log.info(
      `reminders: the vote API's own site is not reminded of (${config.poll.enabled ? 'voteUrl is empty' : 'poll.enabled is false, and the poller records its claims'}); the other sites are`,
    );
  return createVoteReminders({
    runtime,
    settings: config.reminders,
    translate: parts.translate,
    sites: parts.nextVotes,
    skip: seedOff ? [SEED_SITE_ID] : [],
    waiting: (source) => flow.hasPending(source) || (detector?.isTold(source) ?? false),
    votedToday(license, now) {
      const last = programs.history.get(license).lastVoteAt;
      return last !== null && programs.calendar.dayOf(last) === programs.calendar.dayOf(now);
    },
    ...(party
      ? {
          party() {
            const status = party.status();
            return status.votes === null
              ? null
              : { left: status.nextThreshold - status.votes, goal: status.nextThreshold };
          },
        }
      : {}),
    ...(detector ? { reminded: (source: number) => detector.reminded(source) } : {}),
    events: parts.events,
  });
}
