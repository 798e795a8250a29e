/**
 * The reward programs that react to a claimed vote: the history, milestones, streaks and the first-vote bonus. Built
 * once per start in `resource.ts`; the vote party and the month's top voters build on its history and awards.
 */

import type { HttpTransport } from '../api/transport';
import type { ClaimPrograms } from '../claim/claim-flow';
import { itemNameIn } from '../config/points-schema';
import type { ResourceConfig } from '../config/schema';
import { SEED_SITE_ID, siteIdOf } from '../config/sites';
import { type Calendar, createCalendar } from '../domain/calendar';
import type { EventChannel } from '../domain/events';
import type { Journal, JournalEntry } from '../engine/journal';
import { type EntryStop, refOf } from '../engine/outcome';
import type { MessageKey, MessageVars, Translate } from '../i18n/messages';
import type { NetworkDecisions } from '../network/decisions-rows';
import type { SharedVotes } from '../network/history-rows';
import type { KvpStore, Runtime } from '../runtime/runtime';
import type { RewardBounds } from '../store/bounds';
import { allSitesAward, tallySite } from './all-sites';
import { type AwardStore, createAwardStore } from './awards';
import {
  createDiscordQueue,
  DISCORD_WEBHOOK_CONVAR,
  type DiscordQueue,
  type DiscordQueueStatus,
  listenForDiscord,
  maskWebhookUrl,
  parseWebhookUrl,
} from './discord';
import { countedAt, createHistoryStore, HISTORY_PREFIX, type HistoryStore } from './history';
import { recordVote, streakDeadline, type VotePrograms } from './rules';
import { createSharedHistory, type SharedHistory } from './shared-history';
import { onceAcrossNetwork } from './shared-once';

/** Lines a program adds after a `/vote`. */
export type AfterVoteLines = (
  source: number,
  license: string,
  outcome: string,
) => [MessageKey, MessageVars][];

/** The programs' shared parts, and the claim flow's hooks. */
export interface Programs extends ClaimPrograms {
  calendar: Calendar;
  history: HistoryStore;
  awards: AwardStore;
  /** The vote programs as configured. */
  rules: VotePrograms;
  /** What the config can pay: every journal over this KVP holds a stored entry beyond it for an admin. */
  bounds: RewardBounds;
  /** Adds lines told after each `/vote` (the vote party's progress); returns a remover. */
  addLines(lines: AfterVoteLines): () => void;
  /** The streak as it stands now (0 once broken) and the ms left before it breaks. */
  streakOf(license: string): { current: number; best: number; msLeft: number | null };
  /** The Discord queue's state for `votereward status`: off, refused (why), or its counters. */
  discord():
    | { state: 'off' }
    | { state: 'refused'; problem: string }
    | ({ state: 'on'; url: string } & DiscordQueueStatus);
  /** Stops the Discord queue's timers and listeners. */
  stop(): void;
  /** In a network, reads the players' histories from the shared rows (false: the store failed); true at once alone. */
  refresh(licenses: readonly string[]): Promise<boolean>;
  /** The network's history and decisions (`set vote_reward_store "oxmysql"`), or null on one server. */
  network: ProgramsNetwork | null;
}

/** What the programs share with the other servers of a network. */
export interface ProgramsNetwork {
  history: SharedHistory;
  decisions: NetworkDecisions;
  /** Runs `act` once across the network for `key`, recording `detail` (see `shared-once.ts`). */
  once(key: string, act: () => void, detail?: string | null): void;
}

/** The shared store the programs read in a network (`NetworkStore`'s parts). */
export interface ProgramsNetworkStore {
  votes: SharedVotes;
  decisions: NetworkDecisions;
  refuses(): string | null;
}

/** The vote programs of a configuration. */
export function voteProgramsOf(config: ResourceConfig): VotePrograms {
  return {
    milestones: config.milestones,
    streaks: { graceDays: config.streaks.graceDays, rewards: config.streaks.rewards },
    firstVote: config.firstVote?.reward ?? null,
  };
}

/** Creates the programs over the journal the claim flow uses. */
export function createPrograms(options: {
  config: ResourceConfig;
  runtime: Pick<Runtime, 'now' | 'log' | 'convar' | 'setTimeout'> & { kvp: KvpStore };
  events: EventChannel;
  /** Where Discord posts go; without it Discord stays off. */
  transport?: HttpTransport;
  /** Player-message translator, for the Discord posts (in the server's locale). */
  translate?: Translate;
  random?: () => number;
  /** The payout engine's journal: awards are entries in it. */
  journal: Journal;
  /** What the config can pay (`rewardBoundsOf(possibleRewardsOf(config))`), shown to the programs that read it. */
  bounds: RewardBounds;
  /** The shared store of a network of servers; one server's KVP when left out. */
  network?: ProgramsNetworkStore | null;
}): Programs {
  const { config, runtime, events } = options;
  const calendar = createCalendar(config.timeZone);
  const rules = voteProgramsOf(config);
  const siteIds = config.sites.length > 0 ? [SEED_SITE_ID, ...config.sites.map(siteIdOf)] : [];
  const store = options.network ?? null;
  const shared = store
    ? createSharedHistory({
        votes: store.votes,
        refuses: store.refuses,
        rules,
        calendar,
        siteIds,
        now: runtime.now,
      })
    : null;
  const network: ProgramsNetwork | null =
    store && shared
      ? {
          history: shared,
          decisions: store.decisions,
          once: onceAcrossNetwork({ ...store, runtime }),
        }
      : null;
  const history =
    shared?.store ??
    createHistoryStore({
      kvp: runtime.kvp,
      calendar,
      onCorrupt: (key) => runtime.log.error(`vote history ${key} is unreadable; left as is`),
    });
  const { journal, bounds } = options;
  // One read of every open entry at start, before the claim flow reconciles: an entry whose stored rewards the config
  // could not have produced is held (written back as needs_admin) before any path can pay it.
  journal.all();
  const awards = createAwardStore({
    journal,
    now: runtime.now,
    random: options.random ?? Math.random,
    events,
  });
  /** The site's tally in the recorded history, and the all-sites bonus it may complete (before other awards pay). */
  const withSites = (
    recorded: ReturnType<typeof recordVote>,
    vote: { site: string; day: string; ref: string },
  ): ReturnType<typeof recordVote> => {
    if (siteIds.length === 0 && vote.site === SEED_SITE_ID) return recorded;
    const history = tallySite(recorded.history, vote.site, vote.day);
    const bonus = allSitesAward({
      history,
      sites: siteIds,
      day: vote.day,
      reward: config.allSites.reward,
      ref: vote.ref,
    });
    return { history, awards: bonus ? [...recorded.awards, bonus] : recorded.awards };
  };
  const extraLines = new Set<AfterVoteLines>();
  const discord = startDiscord(options, calendar, network);

  const streakOf = (license: string) => {
    const { streak } = history.get(license);
    const deadline = streakDeadline(streak, rules.streaks.graceDays, calendar);
    const msLeft = deadline === null ? null : deadline - runtime.now();
    const broken = msLeft === null || msLeft <= 0;
    return { current: broken ? 0 : streak.current, best: streak.best, msLeft: broken ? null : msLeft };
  };

  /** Records a vote whose history before it is in `history` (the KVP, or the network's cache refreshed just now). */
  const recordNow = (entry: JournalEntry) => {
    const ref = refOf(entry);
    if (history.unreadable(entry.license)) {
      // Counting from a fresh history would decide the first vote and the milestones again: the vote is paid, not
      // counted, and the admin hears why each time.
      runtime.log.error(
        `vote ${ref} of ${entry.name} is not counted in the vote history: ${HISTORY_PREFIX}${entry.license} is unreadable (left as is; delete it to start the player's history over)`,
      );
      return;
    }
    const before = history.get(entry.license);
    if (before.recent.includes(ref)) return;
    // The claim's own time, not now: a vote recorded after a restart past midnight or a month's end still counts
    // for the day and the month it was claimed in; never before the player's last vote (a clock set back).
    const at = countedAt(before, entry.createdAt);
    const recorded = withSites(recordVote(before, { ref, name: entry.name, at }, rules, calendar), {
      site: entry.site ?? SEED_SITE_ID,
      day: calendar.dayOf(at),
      ref,
    });
    // Awards first, then the history that names the vote: a crash in between decides the same awards again (same
    // ids, already open or marked done), a crash after it finds the vote in `recent` and decides nothing.
    const created = recorded.awards.filter(
      (award) => awards.create(award, { announce: false }) === 'created',
    );
    history.put(recorded.history);
    // The vote is announced before the awards it earned, so listeners (Discord) tell them in that order.
    events.emit('voteRecorded', {
      ref,
      license: entry.license,
      name: entry.name,
      at,
      history: recorded.history,
      awards: created.map((award) => award.id),
    });
    for (const award of created)
      events.emit('awardDecided', {
        id: award.id,
        license: award.license,
        name: award.name,
        info: award.info,
      });
  };

  return {
    calendar,
    history,
    awards,
    bounds,
    rules,
    streakOf,
    network,
    record(entry: JournalEntry): EntryStop | undefined | Promise<EntryStop | undefined> {
      if (!shared) {
        recordNow(entry);
        return undefined;
      }
      // A network: the vote is counted in the shared rows first, and decided from the network's history before it.
      return shared.count(entry).then((stop) => {
        if (stop) return stop;
        recordNow(entry);
        return undefined;
      });
    },
    refresh: (licenses) => (shared ? shared.refresh(licenses) : Promise.resolve(true)),
    linesAfter(source, license, outcome) {
      const lines: [MessageKey, MessageVars][] = [];
      if (outcome === 'rewarded' && rules.streaks.rewards.length > 0 && config.streaks.tellPlayers) {
        const streak = streakOf(license);
        if (streak.current > 0 && streak.msLeft !== null) {
          lines.push([
            'streak_status',
            {
              days: streak.current,
              best: streak.best,
              hours: Math.max(1, Math.floor(streak.msLeft / 3_600_000)),
            },
          ]);
        }
      }
      for (const more of extraLines) lines.push(...more(source, license, outcome));
      return lines;
    },
    addLines(lines) {
      extraLines.add(lines);
      return () => extraLines.delete(lines);
    },
    discord: () =>
      discord.state === 'on' ? { state: 'on', url: discord.url, ...discord.queue.status() } : discord,
    stop() {
      if (discord.state === 'on') {
        discord.unlisten();
        discord.queue.stop();
      }
    },
  };
}

type DiscordState =
  | { state: 'off' }
  | { state: 'refused'; problem: string }
  | { state: 'on'; url: string; queue: DiscordQueue; unlisten: () => void };

/** Starts the Discord queue when `discord.enabled` and the convar holds a webhook address. */
function startDiscord(
  options: Parameters<typeof createPrograms>[0],
  calendar: Calendar,
  network: ProgramsNetwork | null,
): DiscordState {
  const { config, runtime, transport, translate } = options;
  if (!config.discord.enabled || !transport || !translate) return { state: 'off' };
  const text = runtime.convar(DISCORD_WEBHOOK_CONVAR)?.trim() ?? '';
  const parsed = text === '' ? null : parseWebhookUrl(text);
  if (!parsed?.ok) {
    const problem = parsed
      ? `${DISCORD_WEBHOOK_CONVAR}: ${parsed.problem}`
      : `discord.enabled is true but the convar ${DISCORD_WEBHOOK_CONVAR} is not set; put \`set ${DISCORD_WEBHOOK_CONVAR} "https://discord.com/api/webhooks/..."\` in server.cfg`;
    runtime.log.warn(`Discord posts off: ${problem}`);
    return { state: 'refused', problem };
  }
  const queue = createDiscordQueue({
    url: parsed.url,
    transport,
    kvp: runtime.kvp,
    now: runtime.now,
    setTimeout: runtime.setTimeout,
    log: runtime.log,
    batchWindowMs: config.discord.batchSeconds * 1000,
  });
  const { discord } = config;
  // In a network each post is decided once (`discord:<id>`): only the server that decides it posts.
  const posting = network
    ? {
        post: (post: { id: string; text: string }) =>
          network.once(`discord:${post.id}`, () => queue.post(post)),
      }
    : queue;
  const unlisten = listenForDiscord(
    options.events,
    posting,
    translate,
    {
      vote: discord.vote,
      milestone: discord.milestone,
      streak: discord.streak,
      party: discord.party,
      winners: discord.winners,
      purchase:
        config.shop.enabled && config.shop.discord ? { itemName: (id) => shopItemName(config, id) } : null,
    },
    calendar.monthOf,
  );
  const url = maskWebhookUrl(parsed.url);
  runtime.log.info(`Discord posts to ${url}`);
  return { state: 'on', url, queue, unlisten };
}

/** The name of a shop item in the server's language, for Discord; the id when the config no longer has it. */
function shopItemName(config: Parameters<typeof createPrograms>[0]['config'], id: string): string {
  const item = config.shop.items.find((candidate) => candidate.id === id);
  return item ? itemNameIn(item, config.locale) : id;
}
