import { createVoteApi, type VoteApi } from './api/client';
import { createNativeTransport } from './api/native-transport';
import { createRateBudget, type RateBudget } from './api/rate-budget';
import { createFetchTransport, type HttpTransport } from './api/transport';
import { type ClaimFlow, createClaimFlow } from './claim/claim-flow';
import { claimStatus } from './claim/console';
import { type ApiReach, type ApiUrlSource, trackReach } from './commands/api-reach';
import { localeMessagesOf } from './config/language-file';
import { possibleRewardsOf, rewardsOf, votePointsOf } from './config/load';
import type { ResourceConfig } from './config/schema';
import { announceRewardsOnFiveM, createEventChannel, type EventChannel } from './domain/events';
import type { ClaimLocks } from './engine/locks';
import { createPayoutEngine, type PayoutEngine } from './engine/payout-engine';

import { createTranslator, type MessageTable, type Translate } from './i18n/messages';

import { composeSites } from './multisite/compose-sites';
import { sitesStatus } from './multisite/console';
import { createNextVoteReader, type NextVoteReader } from './multisite/next-vote';
import type { SiteClaims } from './multisite/site-claims';
import { createNetworkStore, type NetworkStore } from './network/part';
import { withPoints } from './points/paying';
import { composeReminders } from './poll/compose-reminders';
import { pollStatus } from './poll/console';
import { createVoteDetector, type VoteDetector } from './poll/detector';
import { remindersStatus, type VoteReminders } from './poll/reminders';
import { programsStatus } from './programs/console';
import { createVoteParty, type VoteParty } from './programs/party';
import { createPrograms, type Programs } from './programs/programs';
import { sharedStoreOf } from './programs/shared-history';
import { createTopVoters, type TopVoters } from './programs/top';
import type { FrameworkName, RewardAdapter } from './rewards/types';
import { describeError } from './runtime/errors';
import { createNotifier, type Notifier, tellingThrough } from './runtime/notify';
import type { Runtime } from './runtime/runtime';
import { shopStatus } from './shop/console';
import { createNetworkPoints } from './shop/network-points';
import { createPointsPart, createVoteLedger, type PointsPart } from './shop/part';
import type { SiteAdapter } from './sites/types';
import { rewardBoundsOf } from './store/bounds';

/** One piece of the running resource: started in list order, stopped in reverse. */
export interface Part {
  /** What the part is, for messages. */
  readonly name: string;
  start?(): void;
  stop(): void;
  /** The part's lines of `votereward status` (with `verbose`, every figure); none when left out. */
  statusLines?(now: number, verbose: boolean): string[];
}

/** The order in which `votereward status` reads the parts' lines: the vote first, then what grows around it. */
const STATUS_ORDER: readonly string[] = ['claim flow', 'poller', 'programs', 'points', 'sites', 'reminders'];

/** What the composition is given beside the config: the paying adapter, and what tests and benches put in place. */
export interface ComposeOverrides {
  /** The adapter that pays: {@link chooseAdapter}'s in production, a fake in tests. */
  adapter: RewardAdapter;
  /** The framework `adapter` pays through, as status shows it; the adapter's own name when left out. */
  framework?: FrameworkName;
  /** The HTTP transport to the API; the runtime's fetch, or the FXServer native, when left out. */
  transport?: HttpTransport;
  /** Draws chance and choice for the claim flow and the programs; Math.random when left out. */
  random?: () => number;
  /** Requests a minute the budget allows, above what config.json accepts (a bench measures CPU, not pacing). */
  budgetLimit?: number;
  /** Where `config.apiUrl` came from (the loader's answer), for messages that name the setting; `config` when left out. */
  apiUrlSource?: ApiUrlSource;
  /** The payout engine's per-player locks of the start before a reload (see `PayoutEngineOptions.locks`). */
  locks?: ClaimLocks;
  /** `config.locale`'s texts as the resource read them from its file at start; read here when left out. */
  localeMessages?: MessageTable;
  /** Adapters standing in for configured sites, by site id (tests); the registry builds the others. */
  siteAdapters?: Readonly<Record<string, SiteAdapter>>;
}

/** Every part of the resource, built from one config over one runtime; nothing runs until `start()`. */
export interface Running {
  config: ResourceConfig;
  api: VoteApi;
  budget: RateBudget;
  transport: HttpTransport;
  /** Whether the API answers, as the requests so far found (the transport above records into it). */
  reach: ApiReach;
  /** Where `config.apiUrl` came from, so messages name the setting to check. */
  apiUrlSource: ApiUrlSource;
  events: EventChannel;
  translate: Translate;
  notifier: Notifier;
  adapter: RewardAdapter;
  framework: FrameworkName;
  programs: Programs;
  /** The one payout engine every money path opens and settles its entries through. */
  engine: PayoutEngine;
  flow: ClaimFlow;
  /** The poller, when `poll.enabled`. */
  detector: VoteDetector | null;
  /** The vote party, when `voteParty.enabled`. */
  party: VoteParty | null;
  /** The month's top voters, when `topVoters.enabled`. */
  top: TopVoters | null;
  /** The vote reminders, when `reminders.enabled`. */
  reminders: VoteReminders | null;
  /** The claims on the listing sites of `config.sites`, when any is configured. */
  sites: SiteClaims | null;
  /** Per player and per site (the seed first): voted or not, and when the player may vote again. */
  nextVotes: NextVoteReader;
  /**
   * Claims on the seed (the claim flow) then on every configured site, as `/vote` does; resolves with true when this
   * claim paid something (a vote rewarded on the seed, or journalled on a site).
   */
  claimAll(source: number): Promise<boolean>;
  /** Vote points (the ledger, always) and the shop (when `shop.enabled`). */
  points: PointsPart;
  /** The shared store of a network of servers (off without `set vote_reward_store "oxmysql"`). */
  network: NetworkStore;
  /** The parts in start order. */
  parts: readonly Part[];
  /** The parts' lines of `votereward status`, in {@link STATUS_ORDER}. */
  statusLines(now: number, verbose: boolean): string[];
  /** Starts every part in order. */
  start(): void;
  /** Stops every part in reverse order; harmless on parts never started. */
  stop(): void;
}

/** Builds every part from `config` over `runtime`, paying through `overrides.adapter`, with the other overrides. */
export function composeResource(
  runtime: Runtime,
  config: ResourceConfig,
  overrides: ComposeOverrides,
): Running {
  const log = runtime.log;
  const { adapter } = overrides;
  const framework = overrides.framework ?? adapter.name;
  const base =
    overrides.transport ??
    (runtime.fetch ? createFetchTransport(runtime.fetch) : createNativeTransport(runtime));
  const reach = trackReach(base, runtime.now);
  const transport = reach.transport;
  const apiUrlSource = overrides.apiUrlSource ?? 'config';
  // A network of servers (opt-in): the engine owns each shared entry in the database before paying it; each key's
  // request budget is split across the servers polling it.
  let engine: PayoutEngine | null = null;
  const network = createNetworkStore({ runtime, journal: () => engine?.journal ?? null });
  const limit = overrides.budgetLimit ?? config.poll.maxRequestsPerMinute;
  const share = network.split?.track('vote API', `api\n${config.apiUrl}\n${config.apiKey}`, limit);
  const budget = createRateBudget({
    limit,
    reserveRatio: config.poll.reservePercent / 100,
    now: runtime.now,
    ...(share ? { share } : {}),
  });
  const api = createVoteApi({
    baseUrl: config.apiUrl,
    apiKey: config.apiKey,
    transport,
    budget,
    now: runtime.now,
    timeoutMs: config.requestTimeoutMs,
    log,
  });
  const builtIn = overrides.localeMessages ?? localeMessagesOf(config.locale, runtime);
  const translate = createTranslator(config.locale, config.messages, builtIn);
  const notifier = createNotifier(config.notify, runtime);
  if (notifier.problem) log.warn(notifier.problem);
  else if (notifier.mode !== 'chat') log.info(`player messages shown as ${notifier.mode} notifications`);
  // Claims, reminders and the vote link reach players through the notifier; everything else sees the runtime as is.
  const players = tellingThrough(runtime, notifier.tell);
  const events = createEventChannel((name, error) =>
    log.error(`a listener of ${String(name)} failed: ${describeError(error)}`),
  );
  const unannounce = announceRewardsOnFiveM(events, runtime);
  const random = overrides.random;
  const bounds = rewardBoundsOf(possibleRewardsOf(config));
  // The ledger comes before the engine (the engine's adapter credits points rewards to it) and asks the engine's
  // journal which keys can still be replayed; until the engine exists every key is live.
  // In a network, points, stock and limits are the network's (the shared chain; `src/shop/network-points.ts`).
  const netPoints =
    network.config.mode === 'kvp' ? null : createNetworkPoints(network, config, events, runtime);
  const ledger =
    netPoints?.book ??
    createVoteLedger({ runtime, config, events, entryStored: (id) => engine?.journal.stored(id) ?? true });
  // Points rewards (and the vote's own points, paid last) are credited to the ledger, the rest by the framework.
  const paying = withPoints(adapter, ledger);
  let programs: Programs | null = null;
  // The one engine: one journal, one name lock, one lock set (kept across reloads), one driver for every money path.
  const payouts = createPayoutEngine({
    runtime,
    api,
    adapter: paying,
    bounds,
    events,
    nameLock: config.nameLock,
    ...(overrides.locks ? { locks: overrides.locks } : {}),
    record: (entry) => programs?.record(entry),
    ...(network.gate ? { network: network.gate } : {}),
  });
  engine = payouts;
  // Discord posts go around the API's reach record: a webhook that fails says nothing about the vote API.
  const built = createPrograms({
    config,
    runtime,
    events,
    transport: base,
    translate,
    random,
    journal: payouts.journal,
    bounds,
    network: sharedStoreOf(network),
  });
  programs = built;
  const points = createPointsPart({
    runtime,
    config,
    adapter: paying,
    ledger,
    engine: payouts,
    events,
    random,
    ...(netPoints ? { network: netPoints.counters, chain: netPoints.chain } : {}),
  });
  const flow = createClaimFlow({
    engine: payouts,
    runtime: players,
    api,
    adapter: paying,
    rewards: [...rewardsOf(config), ...votePointsOf(config)],
    random,
    programs: built,
    translate,
    checkMode: config.checkMode,
    nameLock: config.nameLock,
    claimCooldownMs: config.claimCooldownSeconds * 1000,
    command: config.command,
    voteUrl: config.voteUrl,
    joinDelayMs: config.poll.joinCheckDelaySeconds * 1000,
    events,
  });
  const settle = (license: string) => flow.settlePlayer(license);
  const shared = { runtime: players, programs: built, events, translate, command: config.command, settle };
  const party = config.voteParty.enabled
    ? createVoteParty({
        ...shared,
        settings: config.voteParty,
        api,
        budget,
        isLoaded: (source) => adapter.isPlayerReady(source),
      })
    : null;
  const top = config.topVoters.enabled
    ? createTopVoters({
        ...shared,
        settings: config.topVoters,
        counts: config.poll.enabled || config.voteParty.enabled,
      })
    : null;
  const detector = config.poll.enabled
    ? createVoteDetector({
        runtime: players,
        api,
        budget,
        poll: config.poll,
        voteUrl: config.voteUrl,
        command: config.command,
        translate,
        claimName: flow.claimName,
        hasPending: flow.hasPending,
        claim: async (source) => {
          const outcome = await flow.claim(source, { auto: true });
          return outcome.code === 'cannot_receive' && outcome.problem === 'player_not_loaded'
            ? 'not_loaded'
            : 'done';
        },
        events,
      })
    : null;
  // Joins are heard from the moment the flow exists: a player joining while the first /server/info is in flight
  // still has their open claims looked at.
  const unjoin = runtime.onPlayerJoining((source) => flow.playerJoined(source));
  const sites = composeSites(config, players, base, {
    flow,
    journal: payouts.journal,
    translate,
    random,
    adapters: overrides.siteAdapters,
    ...(network.split ? { split: network.split } : {}),
  });
  const siteClaims = sites?.claims ?? null;
  const parts: Part[] = [
    { name: 'adapter', stop: () => (adapter as Partial<{ dispose(): void }>).dispose?.() },
    { name: 'announcements', stop: unannounce },
    { name: 'joins', stop: unjoin },
    {
      name: 'programs',
      stop: () => built.stop(),
      statusLines: (now, verbose) => programsStatus({ programs: built, flow, party, top }, now, verbose),
    },
    {
      name: 'points',
      start: () => points.start(),
      stop: () => points.stop(),
      statusLines: (_now, verbose) => shopStatus(config, verbose),
    },
    {
      name: 'claim flow',
      start: () => flow.start(),
      stop: () => flow.stop(),
      statusLines: (_now, verbose) => claimStatus(flow, config.nameLock, verbose),
    },
    {
      name: 'poller',
      start: () => detector?.start(),
      stop: () => detector?.stop(),
      statusLines: (now, verbose) => pollStatus(detector, budget.snapshot(), now, verbose),
    },
  ];
  // Without `set vote_reward_store` nothing changes: no part, no table, no round trip.
  if (network.config.mode !== 'kvp')
    parts.unshift({ name: 'network', start: () => network.start(), stop: () => network.stop() });
  if (top) parts.push({ name: 'top voters', start: () => top.start(), stop: () => top.stop() });
  if (party) parts.push({ name: 'vote party', start: () => party.start(), stop: () => party.stop() });
  if (sites) parts.push({ ...sites.part, statusLines: (_now, verbose) => sitesStatus(siteClaims, verbose) });
  const nextVotes = createNextVoteReader({
    runtime,
    sites: siteClaims?.sites ?? [],
    seed: { voteUrl: config.voteUrl, windowMs: config.poll.siteCooldownMinutes * 60_000 },
    ...(sites ? { answers: sites.answers } : {}),
    claimName: flow.claimName,
  });
  const reminders = config.reminders.enabled
    ? composeReminders(config, players, {
        nextVotes,
        flow,
        detector,
        party,
        programs: built,
        translate,
        events,
      })
    : null;
  if (reminders)
    parts.push({
      name: 'reminders',
      start: () => reminders.start(),
      stop: () => reminders.stop(),
      statusLines: () => remindersStatus(reminders, config.reminders),
    });
  return {
    config,
    api,
    budget,
    transport,
    reach,
    apiUrlSource,
    events,
    translate,
    notifier,
    adapter,
    framework,
    programs: built,
    engine: payouts,
    flow,
    detector,
    party,
    top,
    sites: siteClaims,
    nextVotes,
    reminders,
    async claimAll(source) {
      const seed = await flow.claim(source);
      const paid = seed.code === 'rewarded';
      // A /vote refused as a whole (too soon, already running) asks no site either.
      if (
        !siteClaims ||
        seed.code === 'cooldown' ||
        seed.code === 'claim_in_progress' ||
        seed.code === 'store_down'
      )
        return paid;
      const results = await siteClaims.claimAll(source);
      return paid || results.some((result) => result.code === 'paid');
    },
    points,
    network,
    parts,
    statusLines(now, verbose) {
      return STATUS_ORDER.flatMap(
        (name) => parts.find((part) => part.name === name)?.statusLines?.(now, verbose) ?? [],
      );
    },
    start() {
      for (const part of parts) part.start?.();
    },
    stop() {
      for (const part of [...parts].reverse()) part.stop();
    },
  };
}
