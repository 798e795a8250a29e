import type { VoteApi } from '../api/client';
import {
  HttpError,
  RateBudgetError,
  RateLimitedError,
  ResponseTooLargeError,
  ResponseValidationError,
  ServerError,
  UnauthorizedError,
} from '../api/errors';
import type { RequestPriority } from '../api/rate-budget';
import type { MessageKey, MessageVars, Translate } from '../i18n/messages';
import type { PayoutContext, PayoutProblem, Reward, RewardAdapter } from '../rewards/types';
import type { Runtime } from '../runtime/runtime';
import { createJournal, type JournalEntry } from './journal';
import { createNameLock, type NameLock } from './name-lock';
import { claimNameOf, nameKey } from './player-name';

/** Server event other resources can listen to: `(source, { vote_id, username, rewards })`. */
export const REWARDED_EVENT = 'vote-reward:rewarded';

/** What a claim ended with; the code doubles as the message key family. */
export type ClaimOutcome =
  | { code: 'rewarded'; voteId: string }
  | { code: 'no_vote' }
  | { code: 'pending'; problem: PayoutProblem['code'] }
  | { code: 'needs_admin' }
  | { code: 'uncertain' }
  | { code: 'claim_in_progress' }
  | { code: 'cooldown'; waitMs: number }
  | { code: 'name_locked' }
  | { code: 'no_license' }
  | { code: 'invalid_name' }
  | { code: 'cannot_receive'; problem: PayoutProblem['code'] }
  | { code: 'api_error'; error: string };

/** Answer of the `check(source)` export. */
export type CheckOutcome =
  | { ok: true; voted: boolean; voted_at: string | null; username: string }
  | { ok: false; code: string; error?: string };

/** A journal entry as admins and the `getPending()` export see it. */
export interface PendingView {
  id: string;
  vote_id: string | null;
  username: string;
  license: string;
  state: JournalEntry['state'];
  given: number;
  total: number;
  problem: string | null;
  created_at: number;
}

/** Result of an admin action, as a readable line. */
export interface AdminResult {
  ok: boolean;
  message: string;
}

/** Everything the claim flow is built from. */
export interface ClaimFlowOptions {
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
  adapter: RewardAdapter;
  rewards: readonly Reward[];
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
  /** Called when a player typed the command without a vote (they were shown the link). */
  onLinkShown?(source: number): void;
}

/** The `/vote` claim flow with its durable journal. */
export interface ClaimFlow {
  /** Claims and pays the player's vote; tells the player the outcome. `auto` skips the cooldown (poller). */
  claim(source: number, options?: { auto?: boolean }): Promise<ClaimOutcome>;
  /** Checks without claiming. */
  check(source: number): Promise<CheckOutcome>;
  /** Settles what a crash or a disconnect left open: at start, and periodically. */
  reconcile(priority?: RequestPriority): Promise<void>;
  /** Looks at the open claims of a player who just joined, after the join delay. */
  playerJoined(source: number): void;
  /** Open journal entries. */
  pending(): PendingView[];
  /** True when an unpaid reward is owed to this player. */
  hasPending(source: number): boolean;
  /** The name a claim by this player uses, or null. */
  claimName(source: number): string | null;
  /** Admin: tries the entry again (decide, or pay if the player is online). */
  retry(ref: string): Promise<AdminResult>;
  /** Admin: declares the entry owed (claimed, not paid) and pays it when the player is online. */
  grant(ref: string): Promise<AdminResult>;
  /** Admin: forgets the entry; nothing more is paid. */
  drop(ref: string): AdminResult;
  /** Admin: removes a name binding. */
  unbind(name: string): AdminResult;
  /** The name lock, for status. */
  readonly names: NameLock;
  /** Starts the background reconciliation timer. */
  start(): void;
  /** Stops timers. */
  stop(): void;
}

interface Identity {
  source: number;
  name: string;
  license: string;
}

/** Creates the claim flow. Nothing starts until `start()`. */
export function createClaimFlow(options: ClaimFlowOptions): ClaimFlow {
  const { runtime, api, adapter, translate } = options;
  const log = runtime.log;
  const journal = createJournal({
    kvp: runtime.kvp,
    now: runtime.now,
    onCorrupt: (key, detail) =>
      log.error(`vote-reward: journal entry ${key} is unreadable (${detail}); left as is`),
  });
  const names = createNameLock(runtime.kvp);
  const busy = new Set<string>();
  const lastAttempt = new Map<string, number>();
  const stops: (() => void)[] = [];

  const tell = (source: number, key: MessageKey, vars: MessageVars = {}) =>
    runtime.tell(source, translate(key, { command: options.command, url: options.voteUrl, ...vars }));

  const describeRewards = (rewards: readonly Reward[]) =>
    rewards
      .map((reward) => {
        switch (reward.type) {
          case 'money':
            return translate('reward_money', { amount: reward.amount });
          case 'bank':
            return translate('reward_bank', { amount: reward.amount });
          case 'item':
            return translate('reward_item', { count: reward.count, item: reward.item });
          default:
            return translate('reward_custom');
        }
      })
      .join(', ');

  const identify = (source: number): Identity | ClaimOutcome => {
    const license = runtime.playerLicense(source);
    if (!license) return { code: 'no_license' };
    const name = claimNameOf(runtime.playerName(source));
    if (!name) return { code: 'invalid_name' };
    return { source, name, license };
  };

  const lockKeys = (name: string, license: string) => [`license:${license}`, `name:${nameKey(name)}`];
  const tryLock = (name: string, license: string): (() => void) | null => {
    const keys = lockKeys(name, license);
    if (keys.some((key) => busy.has(key))) return null;
    for (const key of keys) busy.add(key);
    return () => {
      for (const key of keys) busy.delete(key);
    };
  };

  const onlineSourceOf = (license: string): number | null =>
    runtime.players().find((source) => runtime.playerLicense(source) === license) ?? null;

  const openEntriesOf = (identity: { name: string; license: string }) =>
    journal
      .all()
      .filter(
        (entry) => entry.license === identity.license || nameKey(entry.name) === nameKey(identity.name),
      );

  const problemMessage = (problem: PayoutProblem): [MessageKey, MessageVars] => {
    if (problem.code === 'inventory_full')
      return ['pending_inventory_full', { item: problem.item, count: problem.count }];
    if (problem.code === 'player_not_loaded') return ['pending_not_loaded', {}];
    if (problem.code === 'outcome_unknown') return ['pending_unconfirmed', {}];
    return ['pending_framework_error', {}];
  };

  /** What a player with an entry waiting for an admin is told. */
  const adminWaitMessage = (entry: JournalEntry): MessageKey =>
    entry.problem === 'outcome_unknown' ? 'pending_unconfirmed' : 'pending_admin';

  /**
   * The framework may or may not have paid reward `index`: park the entry for an admin. Retrying could pay twice
   * and dropping could lose the reward, so neither happens automatically.
   */
  const awaitAdmin = (entry: JournalEntry, index: number, source: number, detail: string): ClaimOutcome => {
    entry.state = 'needs_admin';
    entry.giving = index;
    entry.problem = 'outcome_unknown';
    journal.save(entry);
    const reward = entry.rewards[index];
    const given = entry.given.filter(Boolean).length;
    log.error(
      `vote-reward: vote ${refOf(entry)} of ${entry.name} (${entry.license}): reward #${index + 1} of ${entry.rewards.length} (${reward ? describeForAdmin(reward) : 'unknown'}) may or may not have been given (${detail}); ${given} other reward(s) given. It is not retried automatically: check in game, then decide with \`votereward grant ${refOf(entry)}\` (gives reward #${index + 1} again and any reward not yet given) or \`votereward drop ${refOf(entry)}\` (gives nothing more).`,
    );
    tell(source, 'pending_unconfirmed');
    return { code: 'needs_admin' };
  };

  /**
   * A payout cut short by a restart: the reading journalled before its call, read again now, says whether it
   * happened. Returns null when the entry can go on (reward done, or safe to pay), else what the claim waits for.
   */
  const resumeInterrupted = async (
    entry: JournalEntry,
    context: PayoutContext,
    quiet: boolean,
  ): Promise<ClaimOutcome | null> => {
    const index = entry.giving;
    if (index === null) return null;
    const reward = entry.rewards[index];
    const park = (detail: string): ClaimOutcome => {
      entry.state = 'needs_admin';
      entry.problem = 'payout_interrupted';
      journal.save(entry);
      log.error(
        `vote-reward: the payout of ${refOf(entry)} (${entry.name}) was interrupted; reward #${index + 1} may or may not have been given (${detail}). Check, then \`votereward grant ${refOf(entry)}\` to give it again or \`votereward drop ${refOf(entry)}\`.`,
      );
      if (!quiet) tell(context.source, 'pending_admin');
      return { code: 'needs_admin' };
    };
    const resume = (given: boolean, detail: string): null => {
      entry.given[index] = given || entry.given[index] === true;
      entry.giving = null;
      entry.before = null;
      journal.save(entry);
      log.info(
        `vote-reward: the interrupted payout of reward #${index + 1} of ${refOf(entry)} (${entry.name}) ${detail}`,
      );
      return null;
    };
    const verified = reward !== undefined && adapter.verifies?.(reward) === true;
    // Entries written before readings existed have no `before` at all: nothing tells what happened.
    if (!verified || entry.before === undefined) return park('nothing was read before the call');
    // The reading is journalled before the paying call starts: without it, the call never started.
    if (entry.before === null) return resume(false, 'had not started; paying it now');
    if (!adapter.confirm) return park('the framework cannot be read');
    if (!(await safely(() => adapter.isPlayerReady(context.source), false))) {
      return { code: 'pending', problem: 'player_not_loaded' };
    }
    const before = entry.before;
    const confirmation = await safely(
      () => adapter.confirm?.(context, reward, before) ?? Promise.resolve(undefined),
      (detail) => ({ code: 'unreadable' as const, detail }),
    );
    if (confirmation === undefined) return park('the framework cannot be read');
    switch (confirmation.code) {
      case 'paid':
        return resume(true, `did happen (read ${before} + ${amountOf(reward)}); marked given`);
      case 'not_paid':
        return resume(false, `did not happen (still ${before}); paying it now`);
      case 'unreadable':
        log.warn(
          `vote-reward: cannot tell yet whether reward #${index + 1} of ${refOf(entry)} (${entry.name}) was paid before the restart: ${confirmation.detail}`,
        );
        return { code: 'pending', problem: 'framework_error' };
      default:
        return park(confirmation.detail);
    }
  };

  /** Pays what `entry` still owes to the online player `source`. */
  const pay = async (entry: JournalEntry, source: number, quiet: boolean): Promise<ClaimOutcome> => {
    if (entry.state !== 'claimed')
      return { code: entry.state === 'needs_admin' ? 'needs_admin' : 'uncertain' };
    const context: PayoutContext = {
      source,
      name: entry.name,
      license: entry.license,
      voteId: entry.voteId ?? entry.id,
    };
    const waiting = await resumeInterrupted(entry, context, quiet);
    if (waiting) return waiting;
    const owed = entry.rewards.filter((_, index) => !entry.given[index]);
    const fail = (problem: PayoutProblem): ClaimOutcome => {
      if (entry.problem !== problem.code) {
        entry.problem = problem.code;
        journal.save(entry);
      }
      if (problem.code === 'framework_error') {
        log.warn(`vote-reward: reward for ${refOf(entry)} (${entry.name}) not given yet: ${problem.detail}`);
      }
      if (!quiet) {
        const [key, vars] = problemMessage(problem);
        tell(source, key, vars);
      }
      return { code: 'pending', problem: problem.code };
    };
    if (!(await safely(() => adapter.isPlayerReady(source), false)))
      return fail({ code: 'player_not_loaded' });
    const capacity = await safely(
      () => adapter.canReceive(context, owed),
      (detail) => ({ ok: false as const, problem: { code: 'framework_error' as const, detail } }),
    );
    if (!capacity.ok) return fail(capacity.problem);
    for (let index = 0; index < entry.rewards.length; index += 1) {
      const reward = entry.rewards[index];
      if (entry.given[index] || !reward) continue;
      entry.giving = index;
      entry.before = null;
      journal.save(entry);
      let journalFailure: { error: unknown } | null = null;
      const hooks = {
        before(value: number) {
          entry.before = value;
          try {
            journal.save(entry);
          } catch (error) {
            journalFailure = { error };
            throw error;
          }
        },
      };
      // Adapters return every expected failure as a value: a throw escaped mid-payout, so it may have paid.
      const result = await safely(
        () => adapter.give(context, reward, hooks),
        (detail) => ({
          ok: false as const,
          problem: { code: 'outcome_unknown' as const, detail: `the adapter threw: ${detail}` },
        }),
      );
      // The reading could not be journalled, so nothing was paid: fail like any other journal write.
      if (journalFailure) throw (journalFailure as { error: unknown }).error;
      if (!result.ok && result.problem.code === 'outcome_unknown') {
        return awaitAdmin(entry, index, source, result.problem.detail);
      }
      entry.giving = null;
      entry.before = null;
      if (result.ok) {
        entry.given[index] = true;
        entry.problem = null;
        journal.save(entry);
      } else {
        entry.problem = null;
        return fail(result.problem);
      }
    }
    journal.remove(entry.id);
    const voteId = entry.voteId ?? entry.id;
    log.info(`vote-reward: ${entry.name} (${entry.license}) rewarded for vote ${voteId}`);
    runtime.emit(REWARDED_EVENT, source, { vote_id: voteId, username: entry.name, rewards: entry.rewards });
    tell(source, 'rewarded', { rewards: describeRewards(entry.rewards) });
    return { code: 'rewarded', voteId };
  };

  /** Decides a claim whose answer was lost, by checking which vote is now the oldest unclaimed one. */
  const decide = async (
    entry: JournalEntry,
    priority: RequestPriority,
  ): Promise<'claimed' | 'not_claimed' | 'undecided'> => {
    if (options.checkMode !== 'unclaimed' || entry.votedAt === null) {
      if (entry.state !== 'needs_admin') {
        entry.state = 'needs_admin';
        entry.problem =
          options.checkMode !== 'unclaimed' ? 'undecidable_in_last24h_mode' : 'no_remembered_vote';
        journal.save(entry);
        log.error(
          `vote-reward: the claim ${refOf(entry)} of ${entry.name} lost its answer and cannot be decided automatically (${entry.problem}). \`votereward grant ${refOf(entry)}\` if the vote was claimed on the site, else \`votereward drop ${refOf(entry)}\`.`,
        );
      }
      return 'undecided';
    }
    let voted: boolean;
    let votedAt: string | null;
    try {
      ({ voted, votedAt } = await api.checkVote({ username: entry.name }, { priority }));
    } catch (error) {
      if (entry.problem !== 'recheck_failed') {
        entry.problem = 'recheck_failed';
        journal.save(entry);
      }
      log.warn(
        `vote-reward: could not re-check the claim ${refOf(entry)} of ${entry.name}: ${describe(error)}`,
      );
      return 'undecided';
    }
    if (voted && votedAt !== null && sameInstant(votedAt, entry.votedAt)) {
      journal.remove(entry.id);
      log.info(
        `vote-reward: the claim ${refOf(entry)} of ${entry.name} did not happen; the vote is still claimable`,
      );
      return 'not_claimed';
    }
    entry.state = 'claimed';
    entry.problem = null;
    journal.save(entry);
    if (options.nameLock) names.bind(entry.name, entry.license);
    log.info(
      `vote-reward: the claim ${refOf(entry)} of ${entry.name} happened (its answer was lost); reward owed`,
    );
    return 'claimed';
  };

  /** Settles one open entry as far as possible now. */
  const settle = async (
    entry: JournalEntry,
    priority: RequestPriority,
    quiet: boolean,
  ): Promise<ClaimOutcome | null> => {
    if (entry.state === 'claiming') {
      entry.state = 'unknown';
      journal.save(entry);
    }
    if (entry.state === 'unknown') {
      const decision = await decide(entry, priority);
      if (decision === 'not_claimed') return null;
      if (decision === 'undecided')
        return { code: stateOf(entry) === 'needs_admin' ? 'needs_admin' : 'uncertain' };
    }
    if (entry.state === 'needs_admin') return { code: 'needs_admin' };
    const source = onlineSourceOf(entry.license);
    if (source === null) return { code: 'pending', problem: 'player_not_loaded' };
    return pay(entry, source, quiet);
  };

  /** Settles an entry of a player who is online, telling them once why it waits for an admin if it does. */
  const settleForPlayer = async (entry: JournalEntry, source: number): Promise<ClaimOutcome | null> => {
    const wasWaiting = entry.state === 'needs_admin';
    const outcome = await settle(entry, 'claim', false);
    // A payout parked just now has told the player already.
    const parkedNow =
      !wasWaiting && (entry.problem === 'payout_interrupted' || entry.problem === 'outcome_unknown');
    if (outcome?.code === 'needs_admin' && !parkedNow) tell(source, adminWaitMessage(entry));
    return outcome;
  };

  const apiFailure = (identity: Identity, error: unknown): ClaimOutcome => {
    log.warn(
      `vote-reward: /${options.command} by ${identity.name} (#${identity.source}): ${describe(error)}`,
    );
    if (error instanceof RateBudgetError)
      tell(identity.source, 'api_busy', { seconds: seconds(error.waitMs) });
    else if (error instanceof RateLimitedError) {
      tell(identity.source, 'api_rate_limited', { seconds: seconds(error.retryAfterMs ?? 60_000) });
    } else if (error instanceof UnauthorizedError) {
      log.error('vote-reward: the API answered 401: the API key is wrong or revoked. Players cannot claim.');
      tell(identity.source, 'api_unauthorized');
    } else if (error instanceof ResponseTooLargeError) tell(identity.source, 'api_misbehaving');
    else if (error instanceof HttpError || error instanceof ResponseValidationError) {
      tell(identity.source, 'api_server_error');
    } else tell(identity.source, 'api_unavailable');
    return { code: 'api_error', error: describe(error) };
  };

  const claimLocked = async (identity: Identity, auto: boolean): Promise<ClaimOutcome> => {
    const { source, name, license } = identity;
    if (options.nameLock && !names.allows(name, license)) {
      log.warn(
        `vote-reward: ${license} tried to claim as "${name}", which is bound to ${names.holder(name)}`,
      );
      tell(source, 'name_locked', { name });
      return { code: 'name_locked' };
    }
    for (const entry of openEntriesOf(identity)) {
      if (entry.license !== license) continue;
      const outcome = await settleForPlayer(entry, source);
      if (outcome === null) continue;
      if (outcome.code === 'uncertain') tell(source, 'claim_uncertain');
      return outcome;
    }

    let check: { voted: boolean; votedAt: string | null };
    try {
      check = await api.checkVote({ username: name }, { priority: 'claim' });
    } catch (error) {
      return apiFailure(identity, error);
    }
    if (!check.voted) {
      if (!auto) {
        tell(source, options.voteUrl ? 'no_vote' : 'no_vote_no_link', { name });
        options.onLinkShown?.(source);
      }
      return { code: 'no_vote' };
    }

    const precheck = await safely(
      async () => {
        if (!(await adapter.isPlayerReady(source)))
          return { ok: false as const, problem: { code: 'player_not_loaded' as const } };
        return adapter.canReceive({ source, name, license, voteId: '' }, options.rewards);
      },
      (detail) => ({ ok: false as const, problem: { code: 'framework_error' as const, detail } }),
    );
    if (!precheck.ok) {
      if (precheck.problem.code === 'framework_error') {
        log.warn(
          `vote-reward: ${name} (${license}) cannot be paid now, so the vote was not claimed: ${precheck.problem.detail}`,
        );
      }
      const [key, vars] = problemMessage(precheck.problem);
      tell(source, key, vars);
      return { code: 'cannot_receive', problem: precheck.problem.code };
    }

    const now = runtime.now();
    const entry: JournalEntry = {
      id: journal.newId(),
      state: 'claiming',
      name,
      license,
      votedAt: check.votedAt,
      voteId: null,
      rewards: options.rewards.map((reward) => ({ ...reward })),
      given: options.rewards.map(() => false),
      giving: null,
      before: null,
      problem: null,
      createdAt: now,
      updatedAt: now,
    };
    journal.save(entry);

    let result: Awaited<ReturnType<VoteApi['claimVote']>>;
    try {
      result = await api.claimVote(name, { priority: 'claim' });
    } catch (error) {
      if (!answerMayBeLost(error)) {
        journal.remove(entry.id);
        return apiFailure(identity, error);
      }
      entry.state = 'unknown';
      entry.problem = 'answer_lost';
      journal.save(entry);
      log.warn(
        `vote-reward: the claim ${entry.id} of ${name} got no usable answer (${describe(error)}); checking again`,
      );
      const decision = await decide(entry, 'claim');
      if (decision === 'not_claimed') return apiFailure(identity, error);
      if (decision === 'undecided') {
        const needsAdmin = stateOf(entry) === 'needs_admin';
        tell(source, needsAdmin ? 'pending_admin' : 'claim_uncertain');
        return { code: needsAdmin ? 'needs_admin' : 'uncertain' };
      }
      return pay(entry, source, false);
    }
    if (!result.claimed) {
      journal.remove(entry.id);
      if (!auto) {
        tell(source, options.voteUrl ? 'no_vote' : 'no_vote_no_link', { name });
        options.onLinkShown?.(source);
      }
      return { code: 'no_vote' };
    }
    entry.state = 'claimed';
    entry.voteId = result.voteId;
    journal.save(entry);
    if (options.nameLock) names.bind(name, license);
    return pay(entry, source, false);
  };

  const flow: ClaimFlow = {
    names,
    async claim(source, claimOptions = {}) {
      const identity = identify(source);
      if (!('license' in identity)) {
        tell(source, identity.code === 'no_license' ? 'no_license' : 'invalid_name');
        return identity;
      }
      const auto = claimOptions.auto === true;
      const unlock = tryLock(identity.name, identity.license);
      if (!unlock) {
        if (!auto) tell(source, 'claim_in_progress');
        return { code: 'claim_in_progress' };
      }
      try {
        if (!auto) {
          const since = runtime.now() - (lastAttempt.get(identity.license) ?? Number.NEGATIVE_INFINITY);
          if (since < options.claimCooldownMs) {
            const waitMs = options.claimCooldownMs - since;
            tell(source, 'cooldown', { seconds: seconds(waitMs) });
            return { code: 'cooldown', waitMs };
          }
          lastAttempt.set(identity.license, runtime.now());
        }
        return await claimLocked(identity, auto);
      } catch (error) {
        log.error(`vote-reward: /${options.command} by ${identity.name} failed: ${describe(error)}`);
        tell(source, 'claim_uncertain');
        return { code: 'uncertain' };
      } finally {
        unlock();
      }
    },

    async check(source) {
      const identity = identify(source);
      if (!('license' in identity)) return { ok: false, code: identity.code };
      try {
        const result = await api.checkVote({ username: identity.name }, { priority: 'claim' });
        return { ok: true, voted: result.voted, voted_at: result.votedAt, username: result.username };
      } catch (error) {
        return { ok: false, code: 'api_error', error: describe(error) };
      }
    },

    async reconcile(priority = 'poll') {
      for (const entry of journal.all()) {
        if (entry.state === 'needs_admin') continue;
        const unlock = tryLock(entry.name, entry.license);
        if (!unlock) continue;
        try {
          await settle(entry, priority, true);
        } catch (error) {
          log.error(`vote-reward: reconciling ${refOf(entry)} failed: ${describe(error)}`);
        } finally {
          unlock();
        }
      }
    },

    playerJoined(source) {
      runtime.setTimeout(() => {
        const license = runtime.playerLicense(source);
        if (!license) return;
        void (async () => {
          for (const entry of journal.all().filter((e) => e.license === license)) {
            const unlock = tryLock(entry.name, entry.license);
            if (!unlock) continue;
            try {
              await settleForPlayer(entry, source);
            } catch (error) {
              log.error(`vote-reward: reconciling ${refOf(entry)} on join failed: ${describe(error)}`);
            } finally {
              unlock();
            }
          }
        })();
      }, options.joinDelayMs);
    },

    pending: () =>
      journal.all().map((entry) => ({
        id: entry.id,
        vote_id: entry.voteId,
        username: entry.name,
        license: entry.license,
        state: entry.state,
        given: entry.given.filter(Boolean).length,
        total: entry.rewards.length,
        problem: entry.problem,
        created_at: entry.createdAt,
      })),

    hasPending(source) {
      const license = runtime.playerLicense(source);
      return license !== null && journal.all().some((entry) => entry.license === license);
    },

    claimName: (source) => claimNameOf(runtime.playerName(source)),

    async retry(ref) {
      const entry = journal.find(ref);
      if (!entry) return { ok: false, message: `no open claim "${ref}" (see \`votereward pending\`)` };
      if (entry.state === 'needs_admin') {
        return {
          ok: false,
          message: `${refOf(entry)} needs a decision: \`votereward grant ${refOf(entry)}\` or \`votereward drop ${refOf(entry)}\``,
        };
      }
      const unlock = tryLock(entry.name, entry.license);
      if (!unlock) return { ok: false, message: `${refOf(entry)} is being processed right now; try again` };
      try {
        const outcome = await settle(entry, 'claim', false);
        return {
          ok: outcome === null || outcome.code === 'rewarded',
          message: `${refOf(entry)}: ${outcomeText(outcome)}`,
        };
      } finally {
        unlock();
      }
    },

    async grant(ref) {
      const entry = journal.find(ref);
      if (!entry) return { ok: false, message: `no open claim "${ref}" (see \`votereward pending\`)` };
      const unlock = tryLock(entry.name, entry.license);
      if (!unlock) return { ok: false, message: `${refOf(entry)} is being processed right now; try again` };
      try {
        entry.state = 'claimed';
        entry.giving = null;
        entry.before = null;
        entry.problem = 'granted_by_admin';
        journal.save(entry);
        if (options.nameLock) names.bind(entry.name, entry.license);
        log.info(`vote-reward: an admin granted ${refOf(entry)} (${entry.name})`);
        const outcome = await settle(entry, 'claim', false);
        return { ok: true, message: `${refOf(entry)} granted: ${outcomeText(outcome)}` };
      } finally {
        unlock();
      }
    },

    drop(ref) {
      const entry = journal.find(ref);
      if (!entry) return { ok: false, message: `no open claim "${ref}" (see \`votereward pending\`)` };
      if (busy.has(`license:${entry.license}`)) {
        return { ok: false, message: `${refOf(entry)} is being processed right now; try again` };
      }
      journal.remove(entry.id);
      log.info(
        `vote-reward: an admin dropped ${refOf(entry)} (${entry.name}); nothing more will be paid for it`,
      );
      return { ok: true, message: `${refOf(entry)} dropped; nothing more will be paid for it` };
    },

    unbind(name) {
      const holder = names.holder(name);
      if (!names.unbind(name)) return { ok: false, message: `the name "${name}" is not bound` };
      return { ok: true, message: `the name "${name}" is no longer bound to ${holder}` };
    },

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

/** The reference admins type: the vote_id when known, else the local id. */
export function refOf(entry: Pick<JournalEntry, 'id' | 'voteId'>): string {
  return entry.voteId ?? entry.id;
}

/** Reads the state afresh: helpers called in between may have moved it. */
function stateOf(entry: JournalEntry): JournalEntry['state'] {
  return entry.state;
}

function amountOf(reward: Reward): number {
  if (reward.type === 'money' || reward.type === 'bank') return reward.amount;
  return reward.type === 'item' ? reward.count : 0;
}

function describeForAdmin(reward: Reward): string {
  switch (reward.type) {
    case 'money':
    case 'bank':
      return `${reward.type} ${reward.amount}`;
    case 'item':
      return `item ${reward.count} x ${reward.item}`;
    default:
      return `custom${reward.command ? ` command "${reward.command}"` : ''}${reward.event ? ` event ${reward.event}` : ''}`;
  }
}

function outcomeText(outcome: ClaimOutcome | null): string {
  if (outcome === null) return 'the claim did not happen; the vote is still claimable';
  switch (outcome.code) {
    case 'rewarded':
      return 'paid';
    case 'pending':
      return `still owed (${outcome.problem === 'player_not_loaded' ? 'player offline or not loaded' : outcome.problem})`;
    case 'needs_admin':
      return 'needs an admin decision (grant or drop)';
    case 'uncertain':
      return 'still undecided (the API could not be reached)';
    default:
      return outcome.code;
  }
}

/** Errors after which the claim may have happened on the API side. */
function answerMayBeLost(error: unknown): boolean {
  if (
    error instanceof RateBudgetError ||
    error instanceof RateLimitedError ||
    error instanceof UnauthorizedError
  ) {
    return false;
  }
  if (error instanceof HttpError) return error instanceof ServerError;
  return true;
}

function sameInstant(a: string, b: string): boolean {
  const left = Date.parse(a);
  const right = Date.parse(b);
  return Number.isNaN(left) || Number.isNaN(right) ? a === b : left === right;
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

async function safely<T>(fn: () => Promise<T>, fallback: T | ((detail: string) => T)): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    return typeof fallback === 'function' ? (fallback as (detail: string) => T)(describe(error)) : fallback;
  }
}
