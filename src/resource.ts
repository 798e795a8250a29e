import type { ServerInfo } from '../contract/answers';
import { NetworkError, TimeoutError, UnauthorizedError } from './api/errors';
import { chooseAdapterForParts } from './choose-adapter';
import { claimCommands } from './claim/console';
import { testpayCommand } from './claim/testpay';
import { unreachableHint } from './commands/api-reach';
import { inertAnswer, inertSettings } from './commands/inert';
import { statusLines, VERBOSE_WORDS } from './commands/status';

import { composeResource, type Running } from './compose';
import { localeMessagesOf } from './config/language-file';

import { CONFIG_PROBLEMS_TITLE, loadConfig, maskKey, rewardsOf } from './config/load';
import { upgradeData } from './data-version';
import { ADMIN_COMMAND, type AdminCommand, runAdminCommand } from './domain/admin-command';
import type { ClaimLocks } from './engine/locks';
import { registerExports } from './exports';
import { createTranslator, type Translate } from './i18n/messages';
import { type Panel, panelCommandOf } from './panel/panel';
import { panelCommand, panelStatus, startPlayerSurfaces } from './panel/surface';
import { pointsImportStep } from './points/network-import';
import { programsCommands } from './programs/console';
import { historyImportStep, type ImportStep, networkCommands } from './programs/network-import';
import { findFramework } from './rewards/registry';
import { cleanText, LINE_MAX } from './runtime/clean-text';
import { describeError } from './runtime/errors';
import type { Log, Runtime } from './runtime/runtime';
import { shopPlayerLines, shopPlayerOf } from './shop/console';
import {
  type ClosedShop,
  closedShopOf,
  createShopCommandRegistry,
  type ShopSurface,
  shopAdminCommands,
} from './shop/surface';
import { createUpdateCheck } from './update-notice';

/** How long a reload waits for the claim steps in flight. */
const RELOAD_WAIT_MS = 30_000;
/** At most one console line a minute about players typing `/vote` while nothing runs. */
const POINTER_EVERY_MS = 60_000;
/** Where an admin finds why nothing runs. */
const INERT_POINTER =
  'see the "not started" block printed at start-up (or `votereward status`), fix it, then `votereward reload`';

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

/** What `votereward network import` moves, step by step: the vote history, then the points balances. */
const IMPORT_STEPS: readonly ImportStep[] = [historyImportStep, pointsImportStep];

/** Creates the resource. Nothing happens until `start()`. */
export function createResource(runtime: Runtime, options: ResourceOptions = {}): VoteRewardResource {
  const log = runtime.log;
  // build.mjs replaces process.env.VOTE_REWARD_VERSION with package.json's version; 'dev' when run from source.
  const version = options.version ?? process.env.VOTE_REWARD_VERSION ?? 'dev';
  let app: Running | null = null;
  /**
   * The payout engine's per-player locks, taken from the first engine built and handed to every later one, so a step
   * the engine before a reload still runs keeps its player locked, and `idle` hears every release.
   */
  let claimLocks: ClaimLocks | undefined;
  /** The parts being started while their first `/server/info` is in flight, so players get a "starting" answer. */
  let starting: Running | null = null;
  const registerOnce = commandRegistry(runtime);
  /** The shop's commands, suggestions and menu over the running app (null while nothing runs). */
  let surface: ShopSurface | null = null;
  let panel: Panel | null = null; // the player panel (null while nothing runs or the convar turns it off)
  let started = false;
  const printBlock = (title: string, lines: readonly string[]) => printProblems(log, title, lines);

  /** What `/vote` answers while nothing runs: the configured command and language as far as they could be read. */
  let inert: { command: string; translate: Translate } = inertAnswer(inertSettings(null));
  let lastPointerAt = Number.NEGATIVE_INFINITY;

  /** A player typed the claim command while nothing runs: answered in the server's language, admins pointed. */
  const answerInert = (source: number, name: string) => {
    runtime.tell(source, inert.translate('not_ready'));
    const now = runtime.now();
    if (now - lastPointerAt < POINTER_EVERY_MS) return;
    lastPointerAt = now;
    log.warn(
      `${cleanText(runtime.playerName(source) ?? `player #${source}`)} typed /${name}, but vote rewards are not running: ${INERT_POINTER}`,
    );
  };

  const registerVoteCommand = (name: string) =>
    registerOnce(name, (source) => {
      const current = app;
      if (source <= 0) {
        log.info(
          current
            ? `/${name} is for players; admins use \`${ADMIN_COMMAND}\``
            : `/${name}: vote rewards are not running; ${INERT_POINTER}`,
        );
        return;
      }
      if (current) {
        void current.claimAll(source).then((paid) => !paid && app === current && panel?.open(source));
        return;
      }
      if (starting)
        runtime.tell(source, starting.translate('starting', { command: starting.config.command }));
      else answerInert(source, name);
    });

  /** `/votetop` (its configured name): answered by the running app while its top voters are on. */
  const registerTopCommand = (name: string) =>
    registerOnce(name, (source) => {
      const current = app;
      if (source <= 0 || !current?.top || current.config.topVoters.command !== name) return;
      for (const line of current.top.lines(source)) runtime.tell(source, line);
    });

  /** `/<command>link`: answered by the running app's poller while polling is on. */
  const registerLinkCommand = (name: string) =>
    registerOnce(name, (source) => {
      const current = app;
      if (source <= 0 || !current?.detector || `${current.config.command}link` !== name) return;
      current.detector.showLink(source);
    });

  /** `/votereminders` (its configured name): answered by the running app while its reminders are on. */
  const registerRemindersCommand = (name: string) =>
    registerOnce(name, (source, args) => {
      const current = app;
      if (source <= 0 || !current?.reminders || current.config.reminders.command !== name) return;
      current.reminders.command(source, args);
    });

  const checkForUpdateOnce = createUpdateCheck({ convar: runtime.convar, log, version });
  /** The shop command of a config.json whose shop was turned off for a problem (it answers "closed"). */
  let closedShop: ClosedShop | null = null;
  const answerNotReady = (source: number) => runtime.tell(source, inert.translate('not_ready'));
  const registerShopCommands = createShopCommandRegistry(runtime, () => surface, answerNotReady);

  /** Loads config.json, chooses the adapter and composes the parts; null (after printing why) when it cannot. */
  const build = async (): Promise<Running | null> => {
    const text = runtime.loadResourceFile('config.json');
    const loaded = loadConfig({ text, convar: runtime.convar }, { optionalPrograms: true });
    if (!loaded.ok) {
      inert = inertAnswer(inertSettings(text), runtime.loadResourceFile);
      printBlock(loaded.title ?? CONFIG_PROBLEMS_TITLE, loaded.problems);
      return null;
    }
    for (const line of loaded.warnings ?? []) log.warn(line);
    const { command, locale, messages } = loaded.config;
    const builtIn = localeMessagesOf(locale, runtime); // the language's file, read once a start
    inert = { command, translate: createTranslator(locale, messages, builtIn) };
    const chosen = await chooseAdapterForParts(runtime, loaded.config);
    if (!chosen.ok) {
      printBlock('not started, the framework cannot pay the configured rewards:', chosen.problems);
      return null;
    }
    const config = chosen.config;
    const off = [...(loaded.disabled ?? []), ...chosen.disabled];
    for (const program of off) printProgramOff(log, program.program, program.problems, program.items);
    closedShop = off.some((program) => program.program === 'shop') ? closedShopOf(text) : null;
    const running = composeResource(runtime, config, {
      adapter: chosen.adapter,
      framework: chosen.framework,
      ...(claimLocks ? { locks: claimLocks } : {}),
      apiUrlSource: loaded.apiUrlSource,
      localeMessages: builtIn,
    });
    claimLocks = running.engine.locks;
    log.info(
      `version ${version}, framework ${chosen.framework}, ${rewardsOf(config).length} reward(s), API ${running.api.baseUrl} over ${running.transport.kind}, key ${maskKey(config.apiKey)}`,
    );
    for (const note of findFramework(chosen.framework)?.startupNotes ?? []) log.info(note);
    return running;
  };

  const boot = async (): Promise<string[]> => {
    const candidate = await build();
    if (!candidate) {
      registerVoteCommand(inert.command);
      return ['vote-reward: not started (see the block above)'];
    }
    registerVoteCommand(candidate.config.command);
    if (candidate.top) registerTopCommand(candidate.config.topVoters.command);
    if (candidate.detector) registerLinkCommand(`${candidate.config.command}link`);
    if (candidate.reminders) registerRemindersCommand(candidate.config.reminders.command);
    starting = candidate;
    const connection = await connect(candidate, log).finally(() => {
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
    candidate.start();
    checkForUpdateOnce(candidate.transport, candidate.config.requestTimeoutMs);
    registerShopCommands(candidate.config, closedShop);
    ({ surface, panel } = startPlayerSurfaces(runtime, candidate));
    const menu = panelCommandOf(candidate.config.command);
    if (panel)
      registerOnce(
        menu,
        panelCommand(menu, runtime, () => app && { running: app, panel }, answerNotReady),
      );
    void candidate.flow.reconcile('claim').catch((error: unknown) => {
      log.error(`reconciliation at start failed: ${describeError(error)}`);
    });
    return [
      connection.ok
        ? `vote-reward: running, connected to ${cleanText(connection.info.name)}`
        : 'vote-reward: running (API not reached yet)',
    ];
  };

  /** Resolves with true once `promise` does, or with false after `ms`. */
  const settled = (promise: Promise<void>, ms: number) => settledWithin(runtime, promise, ms);

  const reload = async (): Promise<string[]> => {
    const old = app;
    panel?.stop();
    panel = null;
    surface?.stop();
    surface = null;
    old?.stop();
    app = null;
    log.info('reloading config.json');
    // A claim step still in flight finishes before the new flow reads the journal and the histories; the shared locks
    // keep its player's entries from the new flow if it outlasts the wait.
    if (old) await settled(old.engine.locks.idle(), RELOAD_WAIT_MS);
    return boot();
  };

  /** The `votereward` table: the resource's own rows (status, reload) around the features' rows. */
  const commands: AdminCommand[] = [
    {
      name: 'status',
      args: '[verbose]',
      help: 'API, server, framework, open claims, polling, programs; `verbose` (or -v) for every figure',
      run: async (args) => {
        const current = app;
        if (!current)
          return ['vote-reward: inert (see the start-up block); fix the problem then `votereward reload`'];
        const verbose = args.some((word) => VERBOSE_WORDS.includes(word.toLowerCase()));
        return [...(await statusLines(current, runtime.now(), verbose)), ...panelStatus(panel, verbose)];
      },
    },
    ...claimCommands(() => app?.flow ?? null, runtime.now),
    { name: 'reload', help: 'reload config.json', run: reload },
    testpayCommand(() => app, runtime),
    ...programsCommands(
      () => app,
      runtime.now,
      (license) => shopPlayerLines(surface?.console ?? null, license),
      (ref) => shopPlayerOf(surface?.console ?? null, ref),
    ),
    ...shopAdminCommands(() => surface, runtime.now),
    ...networkCommands(() => app, runtime, IMPORT_STEPS),
  ];

  const runAdmin = (source: number, args: string[]) => {
    void runAdminCommand(commands, args).then(
      (lines) => {
        for (const line of lines) {
          log.plain.info(line);
          if (source > 0) runtime.tell(source, cleanText(line, LINE_MAX));
        }
      },
      (error: unknown) => log.error(`${ADMIN_COMMAND} failed: ${describeError(error)}`),
    );
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
        runtime.registerCommand(ADMIN_COMMAND, runAdmin, true);
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

/** Prints a start-up refusal: a rule, the title, one line a problem, how to retry, a rule. */
function printProblems(log: Log, title: string, lines: readonly string[]): void {
  const rule = '-'.repeat(72);
  log.plain.error(rule);
  log.error(title);
  for (const line of lines) log.plain.error(`  - ${line}`);
  log.plain.error('Fix config.json or server.cfg, then run `votereward reload` (or `ensure vote-reward`).');
  log.plain.error(rule);
}

/** A reward program turned off at start: the rest of the resource runs and the vote's own reward still pays. */
function printProgramOff(
  log: Log,
  program: string,
  problems: readonly string[],
  items?: readonly string[],
): void {
  log.warn(
    items
      ? `${program} item(s) ${items.map((id) => `"${id}"`).join(', ')} off: the framework cannot pay them; the other items are on sale:`
      : `${program} is off: its settings have problems; the vote's reward and the other programs still pay:`,
  );
  for (const line of problems) log.plain.warn(`  - ${line}`);
  log.plain.warn(`Fix ${program} in config.json, then run \`votereward reload\`.`);
}

/** The start-up call to `/server/info`: connected, the key refused, or not reached yet (claims are tried anyway). */
async function connect(running: Running, log: Log): Promise<Connection> {
  const { api } = running;
  try {
    const info = await api.getServerInfo({ priority: 'claim' });
    log.info(`connected to ${cleanText(info.name)} (#${info.rank}, ${info.votes_total} votes)`);
    return { ok: true, info };
  } catch (error) {
    if (error instanceof UnauthorizedError) {
      return { ok: false, reason: 'unauthorized' };
    }
    const detail = describeError(error);
    // Network and timeout errors already name the URL, and mean nothing answered there: name the setting to check.
    const unanswered = error instanceof NetworkError || error instanceof TimeoutError;
    const reason = unanswered ? detail : `${api.baseUrl}/api/v1/server/info: ${detail}`;
    const hint = unanswered ? `; ${unreachableHint(api.baseUrl, running.apiUrlSource)}` : '';
    log.warn(`cannot reach the vote API yet (${reason}); claims will be tried anyway${hint}`);
    return { ok: false, reason };
  }
}

/** Resolves with true once `promise` does, or with false after `ms` (a reload waiting for the steps in flight). */
function settledWithin(runtime: Runtime, promise: Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const cancel = runtime.setTimeout(() => {
      runtime.log.warn(
        `reload: a claim step still runs after ${ms / 1000} s; its player's claims are left to it`,
      );
      resolve(false);
    }, ms);
    void promise.then(() => {
      cancel();
      resolve(true);
    });
  });
}

/**
 * Registers a player command once per name for the resource's lifetime (FiveM cannot take a command back, so a name
 * registered stays answered, and registering it again on every reload would only stack handlers).
 */
function commandRegistry(
  runtime: Runtime,
): (name: string, handler: (source: number, args: string[]) => void) => void {
  const registered = new Set<string>();
  return (name, handler) => {
    if (registered.has(name)) return;
    registered.add(name);
    runtime.registerCommand(name, (source, args) => handler(source, args), false);
  };
}
