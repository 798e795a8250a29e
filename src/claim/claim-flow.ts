import type { VoteApi } from '../api/client';
import { answerMayBeLost } from '../api/errors';
import type { RequestPriority } from '../api/rate-budget';
import { drawRewards } from '../domain/draw';
import type { EventChannel } from '../domain/events';
import type { RewardSpec } from '../domain/types';
import { type Drive, safely } from '../engine/driver';
import type { JournalEntry } from '../engine/journal';
import { type Audience, adminText, outcomeLines, playerMessage } from '../engine/messages';
import type { NameLock } from '../engine/name-lock';
import {
  type ClaimExport,
  type ClaimResult,
  type EntryStop,
  type Player,
  refOf,
  toClaimExport,
} from '../engine/outcome';
import type { PayoutEngine } from '../engine/payout-engine';
import { claimNameOf } from '../engine/player-name';
import { claimSent } from '../engine/transitions';
import type { MessageKey, MessageVars, Translate } from '../i18n/messages';
import type { RewardAdapter } from '../rewards/types';
import { describeError } from '../runtime/errors';
import type { Runtime } from '../runtime/runtime';
import { type ClaimAdmin, createClaimAdmin } from './admin';

export { REWARDED_EVENT } from '../domain/events';
export type { ClaimExport } from '../engine/outcome';
export { refOf } from '../engine/outcome';
export type { AdminResult } from './admin';

/** What a check without claiming found. */
export type VoteCheck =
  | { ok: true; voted: boolean; votedAt: string | null; username: string }
  | { ok: false; code: string; error?: string };

/** Everything the claim flow is built from. */
export interface ClaimFlowOptions {
  /** The payout engine: the journal, the name lock, the player locks and the driver every money path shares. */
  engine: PayoutEngine;
  runtime: Pick<
    Runtime,
    | 'now'
    | 'kvp'
    | 'players'
    | 'playerName'
    | 'playerLicense'
    | 'tell'
    | 'emit'
    | 'setTimeout'
    | 'setInterval'
    | 'log'
  >;
  api: Pick<VoteApi, 'checkVote' | 'claimVote'>;
  /** The engine's adapter: asked before a claim whether the player can receive the rewards. */
  adapter: RewardAdapter;
  /** The reward entries of one vote; drawn once per claim when they leave anything to chance. */
  rewards: readonly RewardSpec[];
  /** Draws chance and choice (uniform in [0, 1)); Math.random when left out. */
  random?: () => number;
  /** The reward programs: vote history and the awards a vote earns. Without them a vote pays its rewards only. */
  programs?: ClaimPrograms;
  translate: Translate;
  /** `unclaimed` lets a lost answer be decided by checking again; `last24h` does not. */
  checkMode: 'unclaimed' | 'last24h';
  nameLock: boolean;
  claimCooldownMs: number;
  command: string;
  voteUrl: string;
  /** Delay before open claims of a player who joined are looked at. */
  joinDelayMs: number;
  /** How often open claims are retried in the background (ms). */
  reconcileIntervalMs?: number;
  /** Where the flow announces links shown, claims, payouts and parked claims. */
  events: EventChannel;
}

/** What the reward programs add to the claim flow. */
export interface ClaimPrograms {
  /** Writes a claimed vote to the history and decides its awards (idempotent, see the driver's `record`). */
  record(entry: JournalEntry): EntryStop | undefined | Promise<EntryStop | undefined>;
  /** Lines a player hears after a `/vote` (streak, vote party progress), given what it came to. */
  linesAfter(source: number, license: string, outcome: ClaimResult['code']): [MessageKey, MessageVars][];
}

/** The `/vote` claim flow with its durable journal, and the admin operations on its open claims. */
export interface ClaimFlow extends ClaimAdmin {
  /** Claims and pays the player's vote; tells the player the outcome. `auto` skips the cooldown (poller). */
  claim(source: number, options?: { auto?: boolean }): Promise<ClaimExport>;
  /** Checks without claiming. */
  check(source: number): Promise<VoteCheck>;
  /** Settles what a crash or a disconnect left open: at start, and periodically. */
  reconcile(priority?: RequestPriority): Promise<void>;
  /** Looks at the open claims of a player who just joined, after the join delay. */
  playerJoined(source: number): void;
  /**
   * Settles the open entries of a license now (a vote party's or a month's awards just decided), each under the
   * per-player lock, telling the player like a join does. Entries whose lock is held are left to that step.
   */
  settlePlayer(license: string): Promise<void>;
  /** Open journal entries, oldest first. */
  pending(): JournalEntry[];
  /** True when an unpaid reward is owed to this player. */
  hasPending(source: number): boolean;
  /** The name a claim by this player uses, or null. */
  claimName(source: number): string | null;
  readonly names: NameLock;
  /** Resolves once no step holds a player's lock (a reload waits for the steps in flight). */
  idle(): Promise<void>;
  /** Starts the background reconciliation timer. */
  start(): void;
  stop(): void;
}

/** Creates the claim flow. Nothing starts until `start()`. */
export function createClaimFlow(options: ClaimFlowOptions): ClaimFlow {
  const { runtime, api, adapter, translate } = options;
  const { engine } = options;
  const { journal, names, locks, say } = engine;
  const lastAttempt = new Map<string, number>();
  const stops: (() => void)[] = [];
  const recheckable = options.checkMode === 'unclaimed';
  const { events } = options;

  /** Words at the edge: the console lines and the player's message for `outcome`. */
  const report = (source: number | null, outcome: ClaimResult, audience: Audience): ClaimResult => {
    for (const line of outcomeLines(outcome, options.command)) say(line);
    const message = source === null ? null : playerMessage(outcome, audience, options);
    if (source !== null && message) {
      const [key, vars] = message;
      runtime.tell(source, translate(key, { command: options.command, url: options.voteUrl, ...vars }));
    }
    return outcome;
  };

  const { run } = engine;
  const random = options.random ?? Math.random;

  /** Settles one open entry as far as possible now. */
  const settle = (entry: JournalEntry, drive: Drive): Promise<EntryStop> =>
    run(entry, { type: 'reopened', recheckable }, drive);

  const claimLocked = async (player: Player, auto: boolean): Promise<ClaimResult> => {
    const { source, name, license } = player;
    // A network of servers whose shared store cannot be reached: nothing new starts (fail closed).
    const closed = engine.closed();
    if (closed !== null) return { code: 'store_down', player, cause: closed };
    if (options.nameLock && !names.allows(name, license)) {
      return { code: 'name_locked', player, holder: names.holder(name) };
    }
    for (const entry of engine.openOf(license)) {
      // Awards owed are paid after the claim (settleAwards): they must not stand in for a new vote. An award whose
      // payout a crash interrupted is read again first, before a new payout moves the same balance.
      if (entry.award !== null && entry.giving === null) continue;
      const settled = await settle(entry, { priority: 'claim', source: null });
      if (settled.code !== 'not_claimed') return settled;
    }

    let check: { voted: boolean; votedAt: string | null };
    try {
      check = await api.checkVote({ username: name }, { priority: 'claim' });
    } catch (error) {
      return { code: 'api_error', player, error };
    }
    if (!check.voted) return { code: 'no_vote', player, auto };

    // Drawn once, before the precheck, and journalled with the claim: a retry pays this pick, never a new draw.
    const drawn = drawRewards(options.rewards, random);
    const precheck = await safely(
      async () => {
        if (!(await adapter.isPlayerReady(source)))
          return { ok: false as const, problem: { code: 'player_not_loaded' as const } };
        return adapter.canReceive({ source, name, license, voteId: '' }, drawn.rewards);
      },
      (detail) => ({ ok: false as const, problem: { code: 'framework_error' as const, detail } }),
    );
    if (!precheck.ok) return { code: 'cannot_receive', player, problem: precheck.problem };

    const entry = claimSent({
      id: journal.newId(),
      name,
      license,
      votedAt: check.votedAt,
      rewards: drawn.rewards,
      draws: drawn.draws,
      now: runtime.now(),
    });
    journal.save(entry);

    const drive: Drive = { priority: 'claim', source };
    let answer: Awaited<ReturnType<VoteApi['claimVote']>>;
    try {
      answer = await api.claimVote(name, { priority: 'claim' });
    } catch (error) {
      if (!answerMayBeLost(error)) {
        await run(entry, { type: 'claim_not_made' }, drive);
        return { code: 'api_error', player, error };
      }
      const detail = describeError(error, { withName: true });
      const settled = await run(entry, { type: 'answer_lost', recheckable, detail }, drive);
      return settled.code === 'not_claimed' ? { code: 'api_error', player, error } : settled;
    }
    if (!answer.claimed) {
      await run(entry, { type: 'claim_not_made' }, drive);
      return { code: 'no_vote', player, auto };
    }
    return run(entry, { type: 'claim_answered', voteId: answer.voteId }, drive);
  };

  const { waitsForReading } = engine;

  /** Pays the open awards of a player whose lock the caller holds (after a vote that may have earned some). */
  const settleAwards = async (license: string, source: number): Promise<void> => {
    for (const entry of engine.openOf(license)) {
      if (entry.award === null || entry.state === 'needs_admin') continue;
      if (waitsForReading(entry)) continue;
      try {
        report(source, await settle(entry, { priority: 'claim', source }), 'command');
      } catch (error) {
        say({ level: 'error', text: adminText.failed(`paying ${refOf(entry)}`, error) });
      }
    }
  };

  const { locked } = engine;

  /** Settles a license's open entries one by one under their lock; `source` hears the outcomes like a join. */
  const settleOpen = async (license: string, source: number | null, when: string): Promise<void> => {
    for (const entry of engine.openOf(license)) {
      if (waitsForReading(entry)) continue;
      try {
        await locked(entry, async (current) => {
          report(source, await settle(current, { priority: 'claim', source: null }), 'join');
        });
      } catch (error) {
        say({ level: 'error', text: adminText.failed(`reconciling ${refOf(entry)} ${when}`, error) });
      }
    }
  };

  const admin = createClaimAdmin({
    journal,
    names,
    locks,
    driver: engine,
    locked,
    settle,
    report: (source, outcome) => report(source, outcome, 'admin'),
  });

  const flow: ClaimFlow = {
    ...admin,
    names,
    async claim(source, claimOptions = {}) {
      const auto = claimOptions.auto === true;
      const player = identifyPlayer(runtime, source);
      if (!('license' in player)) return toClaimExport(report(source, player, 'command'));
      const unlock = locks.tryLock(player.name, player.license);
      if (!unlock) return toClaimExport(report(source, { code: 'claim_in_progress', auto }, 'command'));
      try {
        if (!auto) {
          const since = runtime.now() - (lastAttempt.get(player.license) ?? Number.NEGATIVE_INFINITY);
          if (since < options.claimCooldownMs) {
            const waitMs = options.claimCooldownMs - since;
            return toClaimExport(report(source, { code: 'cooldown', waitMs }, 'command'));
          }
          lastAttempt.set(player.license, runtime.now());
        }
        const outcome = report(source, await claimLocked(player, auto), 'command');
        if (outcome.code === 'no_vote' && !auto) events.emit('linkShown', { source });
        await settleAwards(player.license, source);
        for (const [key, vars] of options.programs?.linesAfter(source, player.license, outcome.code) ?? []) {
          runtime.tell(source, translate(key, { command: options.command, url: options.voteUrl, ...vars }));
        }
        return toClaimExport(outcome);
      } catch (error) {
        say({ level: 'error', text: adminText.failed(`/${options.command} by ${player.name}`, error) });
        return toClaimExport(report(source, { code: 'uncertain' }, 'command'));
      } finally {
        unlock();
      }
    },

    async check(source) {
      const player = identifyPlayer(runtime, source);
      if (!('license' in player)) return { ok: false, code: player.code };
      try {
        const result = await api.checkVote({ username: player.name }, { priority: 'claim' });
        return { ok: true, voted: result.voted, votedAt: result.votedAt, username: result.username };
      } catch (error) {
        return { ok: false, code: 'api_error', error: describeError(error, { withName: true }) };
      }
    },

    async reconcile(priority = 'poll') {
      for (const entry of engine.open()) {
        if (entry.state === 'needs_admin' || waitsForReading(entry)) continue;
        try {
          await locked(entry, async (current) => {
            if (current.state === 'needs_admin') return;
            const drive: Drive = { priority, source: null };
            // The driver finds the player online while it settles: read the source after it, so a payout is told.
            const settled = await settle(current, drive);
            report(drive.source, settled, 'background');
          });
        } catch (error) {
          say({ level: 'error', text: adminText.failed(`reconciling ${refOf(entry)}`, error) });
        }
      }
    },

    playerJoined(source) {
      runtime.setTimeout(() => {
        const license = runtime.playerLicense(source);
        if (!license) return;
        void settleOpen(license, source, 'on join');
      }, options.joinDelayMs);
    },

    async settlePlayer(license) {
      const source = runtime.players().find((s) => runtime.playerLicense(s) === license) ?? null;
      await settleOpen(license, source, 'now');
    },

    pending: () => journal.all(),

    hasPending(source) {
      const license = runtime.playerLicense(source);
      return license !== null && engine.hasOpen(license);
    },

    claimName: (source) => claimNameOf(runtime.playerName(source)),

    idle: locks.idle,

    start() {
      const interval = options.reconcileIntervalMs ?? 15_000;
      stops.push(runtime.setInterval(() => void flow.reconcile('poll'), interval));
    },

    stop() {
      for (const stop of stops.splice(0)) stop();
    },
  };
  return flow;
}

/** The player behind `source` as a claim names them, or why they cannot claim. */
function identifyPlayer(
  runtime: Pick<Runtime, 'playerLicense' | 'playerName'>,
  source: number,
): Player | ClaimResult {
  const license = runtime.playerLicense(source);
  if (!license) return { code: 'no_license' };
  const name = claimNameOf(runtime.playerName(source));
  if (!name) return { code: 'invalid_name' };
  return { source, name, license };
}
