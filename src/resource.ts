import type { ServerInfo } from '../contract/answers';
import { createVoteApi, type VoteApi } from './api/client';
import { NetworkError, TimeoutError, UnauthorizedError } from './api/errors';
import { createNativeTransport } from './api/native-transport';
import { createRateBudget, type RateBudget } from './api/rate-budget';
import { createFetchTransport } from './api/transport';
import { type ClaimFlow, createClaimFlow, refOf } from './claim/claim-flow';
import { ADMIN_COMMAND, formatPlayer, formatTop, runAdminCommand } from './commands/admin';
import { loadConfig, maskKey, possibleRewardsOf, rewardsOf } from './config/load';
import type { ResourceConfig } from './config/schema';
import { upgradeData } from './data-version';
import { announceRewardsOnFiveM, createEventChannel } from './events';
import { registerExports } from './exports';
import { createTranslator, type Translate } from './i18n/messages';
import { createNotifier } from './notify';
import { createVoteDetector, formatPollStatus, type VoteDetector } from './poll/detector';
import { freshHistory } from './programs/history';
import { createVoteParty, formatPartyStatus, type VoteParty } from './programs/party';
import { createPrograms, type Programs } from './programs/programs';
import { createTopVoters, type TopVoters } from './programs/top';
import { selectAdapter } from './rewards/select';
import type { DisposableRewardAdapter, FrameworkName } from './rewards/types';
import { cleanText, LINE_MAX, NAME_MAX } from './runtime/clean-text';
import { describeError } from './runtime/errors';
import type { Runtime } from './runtime/runtime';

/** How long a reload waits for the claim steps in flight. */
const RELOAD_WAIT_MS = 30_000;

/** The running parts, rebuilt on `votereward reload`. */
interface App {
  config: ResourceConfig;
  api: VoteApi;
  budget: RateBudget;
  flow: ClaimFlow;
  adapter: DisposableRewardAdapter;
  framework: FrameworkName;
  detector: VoteDetector | null;
  programs: Programs;
  /** The vote party, when `voteParty.enabled`. */
  party: VoteParty | null;
  /** The month's top voters, when `topVoters.enabled`. */
  top: TopVoters | null;
  translate: Translate;
  stop(): void;
}

/** Outcome of the start-up call to `/server/info`. */
type Connection = { ok: true; info: ServerInfo } | { ok: false; reason: string };

/** The whole resource over a Runtime: start-up, commands, exports, reload. */
export interface VoteRewardResource {
  /** Validates config, selects the adapter, connects, registers commands and exports. Never throws. */
  start(): Promise<void>;
  /** Stops everything and starts again from config.json; returns the lines to print. */
  reload(): Promise<string[]>;
  /** True when claims are served (config valid, adapter found, key accepted). */
  isReady(): boolean;
}

/** Options of {@link createResource}. */
export interface ResourceOptions {
  /** The version this code is; the bundle's own (package.json's, injected by build.mjs) when left out. */
  version?: string;
}

/** Creates the resource. Nothing happens until `start()`. */
export function createResource(runtime: Runtime, options: ResourceOptions = {}): VoteRewardResource {
  const log = runtime.log;
  // build.mjs replaces process.env.VOTE_REWARD_VERSION with package.json's version; 'dev' when run from source.
  const version = options.version ?? process.env.VOTE_REWARD_VERSION ?? 'dev';
  let app: App | null = null;
  /** The claim flows' per-player locks, kept across reloads (see `ClaimFlowOptions.locks`). */
  const claimLocks = new Set<string>();
  /** The app being started while its first `/server/info` is in flight, so players get a "starting" answer. */
  let starting: App | null = null;
  let connection: Connection | null = null;
  let registeredCommand: string | null = null;
  const registeredTopCommands = new Set<string>();
  let started = false;

  const printBlock = (title: string, lines: readonly string[]) => {
    const rule = '-'.repeat(72);
    log.plain.error(rule);
    log.error(title);
    for (const line of lines) log.plain.error(`  - ${line}`);
    log.plain.error('Fix config.json or server.cfg, then run `votereward reload` (or `ensure vote-reward`).');
    log.plain.error(rule);
  };

  const registerVoteCommand = (name: string) => {
    if (registeredCommand === name) return;
    registeredCommand = name;
    runtime.registerCommand(
      name,
      (source) => {
        if (source <= 0) {
          log.info(`/${name} is for players; admins use \`${ADMIN_COMMAND}\``);
          return;
        }
        const current = app;
        if (!current) {
          runtime.tell(
            source,
            starting
              ? starting.translate('starting', { command: starting.config.command })
              : createTranslator('en')('not_ready'),
          );
          return;
        }
        void current.flow.claim(source);
      },
      false,
    );
  };

  /** `/votetop` (its configured name): answered by the running app while its top voters are on. */
  const registerTopCommand = (name: string) => {
    if (registeredTopCommands.has(name)) return;
    registeredTopCommands.add(name);
    runtime.registerCommand(
      name,
      (source) => {
        const current = app;
        if (source <= 0 || !current?.top || current.config.topVoters.command !== name) return;
        for (const line of current.top.lines(source)) runtime.tell(source, line);
      },
      false,
    );
  };

  const connect = async (current: App): Promise<Connection> => {
    try {
      const info = await current.api.getServerInfo({ priority: 'claim' });
      log.info(`connected to ${cleanText(info.name)} (#${info.rank}, ${info.votes_total} votes)`);
      return { ok: true, info };
    } catch (error) {
      if (error instanceof UnauthorizedError) {
        return { ok: false, reason: 'unauthorized' };
      }
      const detail = describeError(error);
      // Network and timeout errors already name the URL; others (HTTP status, bad body) do not.
      const reason =
        error instanceof NetworkError || error instanceof TimeoutError
          ? detail
          : `${current.api.baseUrl}/api/v1/server/info: ${detail}`;
      log.warn(`cannot reach the vote API yet (${reason}); claims will be tried anyway`);
      return { ok: false, reason };
    }
  };

  const build = async (): Promise<App | null> => {
    const loaded = loadConfig({ text: runtime.loadResourceFile('config.json'), convar: runtime.convar });
    if (!loaded.ok) {
      printBlock('not started, config.json has problems:', loaded.problems);
      return null;
    }
    const config = loaded.config;
    const rewards = possibleRewardsOf(config);
    const selected = selectAdapter({ framework: config.framework, host: runtime, rewards, vrp: config.vrp });
    if (!selected.ok) {
      printBlock('not started, the framework cannot pay the configured rewards:', selected.problems);
      return null;
    }
    const startupProblems = (await selected.adapter.startupProblems?.(rewards)) ?? [];
    if (startupProblems.length > 0) {
      selected.adapter.dispose();
      printBlock('not started, the framework cannot pay the configured rewards:', startupProblems);
      return null;
    }
    const transport = runtime.fetch ? createFetchTransport(runtime.fetch) : createNativeTransport(runtime);
    const budget = createRateBudget({
      limit: config.poll.maxRequestsPerMinute,
      reserveRatio: config.poll.reservePercent / 100,
      now: runtime.now,
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
    const translate = createTranslator(config.locale, config.messages);
    const notifier = createNotifier(config.notify, runtime);
    if (notifier.problem) log.warn(notifier.problem);
    else if (notifier.mode !== 'chat') log.info(`player messages shown as ${notifier.mode} notifications`);
    // Claims, reminders and the vote link reach players through the notifier; everything else sees the runtime as is.
    const players: Runtime = Object.assign(Object.create(runtime) as Runtime, { tell: notifier.tell });
    const events = createEventChannel((name, error) =>
      log.error(`a listener of ${String(name)} failed: ${describeError(error)}`),
    );
    const unannounce = announceRewardsOnFiveM(events, runtime);
    let detector: VoteDetector | null = null;
    const programs = createPrograms({ config, runtime, events, transport, translate });
    const flow = createClaimFlow({
      runtime: players,
      api,
      adapter: selected.adapter,
      rewards: rewardsOf(config),
      programs,
      translate,
      checkMode: config.checkMode,
      nameLock: config.nameLock,
      claimCooldownMs: config.claimCooldownSeconds * 1000,
      command: config.command,
      voteUrl: config.voteUrl,
      joinDelayMs: config.poll.joinCheckDelaySeconds * 1000,
      events,
      locks: claimLocks,
    });
    const settle = (license: string) => flow.settlePlayer(license);
    const party = config.voteParty.enabled
      ? createVoteParty({
          settings: config.voteParty,
          runtime: players,
          api,
          budget,
          programs,
          events,
          translate,
          command: config.command,
          settle,
          isLoaded: (source) => selected.adapter.isPlayerReady(source),
        })
      : null;
    const top = config.topVoters.enabled
      ? createTopVoters({
          settings: config.topVoters,
          runtime: players,
          programs,
          events,
          translate,
          command: config.command,
          settle,
        })
      : null;
    if (config.poll.enabled) {
      detector = createVoteDetector({
        runtime: players,
        api,
        budget,
        poll: config.poll,
        voteUrl: config.voteUrl,
        command: config.command,
        translate,
        claimName: flow.claimName,
        hasPending: flow.hasPending,
        claim: (source) => flow.claim(source, { auto: true }),
        events,
      });
    }
    const unsubscribe = runtime.onPlayerJoining((source) => flow.playerJoined(source));
    log.info(
      `version ${version}, framework ${selected.framework}, ${rewards.length} reward(s), API ${api.baseUrl} over ${transport.kind}, key ${maskKey(config.apiKey)}`,
    );
    return {
      config,
      api,
      budget,
      flow,
      adapter: selected.adapter,
      framework: selected.framework,
      detector,
      programs,
      party,
      top,
      translate,
      stop() {
        unsubscribe();
        unannounce();
        party?.stop();
        top?.stop();
        programs.stop();
        flow.stop();
        detector?.stop();
        selected.adapter.dispose();
      },
    };
  };

  const boot = async (): Promise<string[]> => {
    const candidate = await build();
    if (!candidate) return ['vote-reward: not started (see the block above)'];
    registerVoteCommand(candidate.config.command);
    if (candidate.top) registerTopCommand(candidate.config.topVoters.command);
    starting = candidate;
    connection = await connect(candidate).finally(() => {
      starting = null;
    });
    if (!connection.ok && connection.reason === 'unauthorized') {
      candidate.stop();
      printBlock('not started, the API refused the key (401):', [
        `the key ${maskKey(candidate.config.apiKey)} is wrong or revoked; create a new one in the site's Integrations page and set vote_reward_api_key`,
      ]);
      return ['vote-reward: not started, the API key was refused'];
    }
    app = candidate;
    candidate.flow.start();
    candidate.detector?.start();
    candidate.top?.start();
    candidate.party?.start();
    void candidate.flow.reconcile('claim').catch((error: unknown) => {
      log.error(`reconciliation at start failed: ${describeError(error)}`);
    });
    return [
      connection.ok
        ? `vote-reward: running, connected to ${cleanText(connection.info.name)}`
        : 'vote-reward: running (API not reached yet)',
    ];
  };

  const status = async (): Promise<string[]> => {
    const current = app;
    if (!current)
      return ['vote-reward: inert (see the start-up block); fix the problem then `votereward reload`'];
    try {
      const info = await current.api.getServerInfo({ priority: 'poll' });
      connection = { ok: true, info };
    } catch (error) {
      connection = {
        ok: false,
        reason:
          error instanceof UnauthorizedError ? 'the key is wrong or revoked (401)' : describeError(error),
      };
    }
    const budget = current.budget.snapshot();
    const now = runtime.now();
    const pending = current.flow.pending();
    const waiting = pending.filter((entry) => entry.state === 'needs_admin').length;
    const pauses = [
      budget.pausedUntil ? `paused ${Math.ceil((budget.pausedUntil - now) / 1000)} s after a 429` : '',
      budget.backoffUntil ? `polling backs off ${Math.ceil((budget.backoffUntil - now) / 1000)} s` : '',
    ].filter(Boolean);
    const lines = [
      'vote-reward status',
      `  API        ${current.api.baseUrl} over ${current.api.transport}: ${connection.ok ? 'reachable, key valid' : connection.reason}`,
      `  Key        ${maskKey(current.config.apiKey)}`,
      `  Server     ${connection.ok ? `${cleanText(connection.info.name)} (#${connection.info.rank}, ${connection.info.votes_total} votes)` : 'unknown'}`,
      `  Framework  ${current.framework}`,
      `  Budget     ${budget.usedInWindow}/${budget.limit} in the last minute (${budget.reserved} kept for claims); sent ${budget.sent.claim} claim, ${budget.sent.poll} poll requests; 429s: ${budget.rateLimited}${pauses.length ? `; ${pauses.join(', ')}` : ''}`,
      `  Pending    ${pending.length} open claim(s)${waiting ? `, ${waiting} waiting for an admin (votereward pending)` : ''}`,
      `  Names      ${current.flow.names.count()} bound (name lock ${current.config.nameLock ? 'on' : 'off'})`,
    ];
    if (current.detector)
      lines.push(...formatPollStatus(current.detector.status(), now).map((line) => `  ${line}`));
    else lines.push('  Polling    off');
    const party = current.party?.status();
    lines.push(
      party
        ? `  Party      ${party.votes ?? '?'}/${party.nextThreshold} votes this month (${party.month} UTC); last paid ${party.lastDecided || 'none'}`
        : '  Party      off',
    );
    if (current.top) {
      const month = current.programs.calendar.monthOf(now);
      const leader = current.programs.history.top(month, 1)[0];
      const last = current.top.decision(current.programs.calendar.previousMonth(month));
      lines.push(
        `  Top        ${month}: ${leader ? `#1 ${cleanText(leader.name, NAME_MAX)} with ${leader.votes} vote(s)` : 'no votes yet'}; ${last ? `${last.month} decided (${last.awards.length} award(s))` : 'last month not decided'}`,
      );
    } else lines.push('  Top        off');
    lines.push(`  History    ${current.programs.history.count()} player(s) with votes claimed here`);
    const discord = current.programs.discord();
    lines.push(
      discord.state === 'on'
        ? `  Discord    ${discord.url}: ${discord.sent} sent, ${discord.queued} queued, ${discord.dropped} dropped${discord.pausedUntil && discord.pausedUntil > now ? `; paused ${Math.ceil((discord.pausedUntil - now) / 1000)} s` : ''}${discord.lastError ? `; last problem: ${discord.lastError}` : ''}`
        : discord.state === 'refused'
          ? `  Discord    off: ${discord.problem}`
          : '  Discord    off',
    );
    return lines;
  };

  const pendingLines = (): string[] => {
    const current = app;
    if (!current) return ['vote-reward: inert'];
    const entries = current.flow.pending();
    if (entries.length === 0) return ['vote-reward: no open claims'];
    const now = runtime.now();
    return [
      `vote-reward: ${entries.length} open claim(s)`,
      ...entries.map(
        (entry) =>
          `  ${cleanText(refOf(entry)).padEnd(36)}  ${cleanText(entry.name, NAME_MAX).padEnd(20)}  ${entry.state.padEnd(11)}  ${entry.given.filter(Boolean).length}/${entry.rewards.length} given  ${entry.problem ?? ''}  ${Math.round((now - entry.createdAt) / 60_000)} min ago`,
      ),
    ];
  };

  /** Resolves with true once `promise` does, or with false after `ms`. */
  const settled = (promise: Promise<void>, ms: number): Promise<boolean> =>
    new Promise((resolve) => {
      const cancel = runtime.setTimeout(() => {
        log.warn(`reload: a claim step still runs after ${ms / 1000} s; its player's claims are left to it`);
        resolve(false);
      }, ms);
      void promise.then(() => {
        cancel();
        resolve(true);
      });
    });

  const withApp = <T>(fallback: T, fn: (current: App) => T): T => (app ? fn(app) : fallback);

  const playerLines = (ref: string): string[] =>
    withApp(['vote-reward: inert'], (current) => {
      const { programs } = current;
      const lower = ref.toLowerCase();
      // A player who shared a party without a vote claimed here has awards but no history.
      const owed = current.flow
        .pending()
        .find((e) => e.award !== null && (e.license === ref || e.name.toLowerCase() === lower));
      const history = programs.history.find(ref) ?? (owed ? freshHistory(owed.license, owed.name) : null);
      if (!history)
        return [`${ADMIN_COMMAND} player: no vote history or open award for "${cleanText(ref, NAME_MAX)}"`];
      const now = runtime.now();
      const month = programs.calendar.monthOf(now);
      return formatPlayer(
        {
          history,
          month,
          rank: programs.history.rankOf(history.license, month),
          streak: programs.streakOf(history.license),
          awards: current.flow.pending().filter((e) => e.award !== null && e.license === history.license),
        },
        now,
      );
    });

  const partyLines = (): string[] =>
    withApp(['vote-reward: inert'], (current) =>
      current.party
        ? formatPartyStatus(current.party.status(), runtime.now())
        : ['vote-reward: the vote party is off (voteParty.enabled in config.json)'],
    );

  const topLines = (month: string | null): string[] =>
    withApp(['vote-reward: inert'], (current) => {
      const { calendar, history } = current.programs;
      const shown = month ?? calendar.monthOf(runtime.now());
      const decision = current.top?.decision(shown) ?? null;
      const depth = Math.max(10, decision?.ranking.length ?? 0);
      return formatTop(shown, calendar.zone, history.top(shown, depth), decision);
    });
  const inert = { ok: false, message: 'the resource is inert' };

  const reload = async (): Promise<string[]> => {
    const old = app;
    old?.stop();
    app = null;
    connection = null;
    log.info('reloading config.json');
    // A claim step still in flight finishes before the new flow reads the journal and the histories; the shared locks
    // keep its player's entries from the new flow if it outlasts the wait.
    if (old) await settled(old.flow.idle(), RELOAD_WAIT_MS);
    return boot();
  };

  return {
    async start() {
      if (started) return;
      started = true;
      try {
        const data = upgradeData(runtime.kvp, version);
        if (!data.ok) {
          const rule = '-'.repeat(72);
          log.plain.error(rule);
          log.plain.error(
            `vote-reward ${version}: not started, the data on this server is not for this version:`,
          );
          for (const line of data.problems) log.plain.error(`  - ${line}`);
          log.plain.error(rule);
          return;
        }
        for (const line of data.lines) log.plain.info(line);
        runtime.registerCommand(
          ADMIN_COMMAND,
          (source, args) => {
            void runAdminCommand(
              {
                status,
                pending: pendingLines,
                retry: (ref) => withApp(Promise.resolve(inert), (current) => current.flow.retry(ref)),
                grant: (ref) => withApp(Promise.resolve(inert), (current) => current.flow.grant(ref)),
                drop: (ref) => withApp(inert, (current) => current.flow.drop(ref)),
                unbind: (name) => withApp(inert, (current) => current.flow.unbind(name)),
                reload,
                player: playerLines,
                party: partyLines,
                top: topLines,
              },
              args,
            ).then(
              (lines) => {
                for (const line of lines) {
                  log.plain.info(line);
                  if (source > 0) runtime.tell(source, cleanText(line, LINE_MAX));
                }
              },
              (error: unknown) => log.error(`${ADMIN_COMMAND} failed: ${describeError(error)}`),
            );
          },
          true,
        );
        registerExports(runtime, () => app);
        await boot();
      } catch (error) {
        log.error(
          `start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
      }
    },
    reload,
    isReady: () => app !== null,
  };
}
