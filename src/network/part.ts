/**
 * The network store as a part of the running resource: reads the two settings, reaches the database through oxmysql,
 * creates or migrates the tables at start, builds the engine's gate, and says whether new claims may start (fail
 * closed: the database unreachable, its tables missing, the settings wrong). Off (KVP, one server) without the settings.
 */
import type { Journal } from '../engine/journal';
import type { Runtime } from '../runtime/runtime';
import { createNetworkClaims, type NetworkClaims } from './claims';
import { type NetworkConfig, readNetworkConfig, SERVER_ID_CONVAR, STORE_CONVAR } from './config';
import { createNetworkDecisions, type NetworkDecisions } from './decisions-rows';
import { createNetworkGate, type NetworkGate } from './gate';
import { createSharedVotes, type SharedVotes } from './history-rows';
import { migrate } from './schema';
import { type BudgetSplit, createBudgetSplit, HEARTBEAT_MS } from './servers-split';
import { classify, createOxMySqlClient, type Sql } from './sql';

/** The deadline of one statement: oxmysql itself never gives up on a call while the database is down. */
export const STATEMENT_DEADLINE_MS = 10_000;
/** How often the start-up migration is tried again while the database is unreachable. */
export const RETRY_MS = 15_000;
/** How often a failed store is probed until it answers again (then claims start again). */
export const PROBE_MS = 5_000;

/** The running network store (null parts when off). */
export interface NetworkStore {
  readonly config: NetworkConfig;
  /** The engine's hook; null when the store is off (KVP). */
  readonly gate: NetworkGate | null;
  /** The protocol (tests, admin commands); null when off. */
  readonly claims: NetworkClaims | null;
  /** The shared vote history (`vote_reward_votes`); null when off or the settings are wrong. */
  readonly votes: SharedVotes | null;
  /** The once-per-network decisions (`vote_reward_decisions`); null when off or the settings are wrong. */
  readonly decisions: NetworkDecisions | null;
  /** Each polled key's budget split across the servers polling it; null when off. */
  readonly split: BudgetSplit | null;
  /** Why no new claim may start now, or null when it may. */
  refuses(): string | null;
  /** The status lines. */
  statusLines(): string[];
  /** Round trips made so far (the bench). */
  readonly roundTrips: number;
  /** The statements of this server (counted), for the other shared tables; null when off. */
  readonly sql: Sql | null;
  /** Reports a failure of a statement made through {@link NetworkStore.sql} (new claims refused until it answers). */
  failed(cause: string): void;
  /** Reports a statement that succeeded. */
  succeeded(): void;
  start(): void;
  stop(): void;
}

/** Options of the store; `sql` stands in for oxmysql in unit tests. */
export interface NetworkStoreOptions {
  runtime: Pick<Runtime, 'convar' | 'exportsOf' | 'setTimeout' | 'log' | 'resourceState' | 'now'>;
  /** The engine's journal, once built (recovery reads which entries are still open). */
  journal(): Journal | null;
  sql?: Sql;
  /** The split's timings (tests): heartbeat, timeout of a silent server, the budgets' span. */
  split?: { heartbeatMs?: number; timeoutMs?: number; spanMs?: number };
}

/** Builds the store from the convars. */
export function createNetworkStore(options: NetworkStoreOptions): NetworkStore {
  const { runtime } = options;
  const config = readNetworkConfig((name) => runtime.convar(name));
  let roundTrips = 0;
  if (config.mode === 'kvp')
    return {
      config,
      gate: null,
      claims: null,
      votes: null,
      decisions: null,
      split: null,
      refuses: () => null,
      statusLines: () => [],
      get roundTrips() {
        return roundTrips;
      },
      sql: null,
      failed: () => undefined,
      succeeded: () => undefined,
      start: () => undefined,
      stop: () => undefined,
    };

  let cause: string | null = config.mode === 'invalid' ? config.error : 'the shared tables are not ready yet';
  let ready = false;
  let version: number | null = null;
  let stopped = false;
  let cancelRetry: (() => void) | null = null;
  const serverId = config.mode === 'oxmysql' ? config.serverId : '';

  const sql: Sql = options.sql ?? {
    query: (statement, params) => {
      if (runtime.resourceState('oxmysql') !== 'started')
        return Promise.reject(
          new Error(
            `oxmysql is not started (${STORE_CONVAR} is "oxmysql"): ensure oxmysql before vote-reward`,
          ),
        );
      return createOxMySqlClient({
        exports: () => runtime.exportsOf('oxmysql'),
        setTimeout: (fn, ms) => runtime.setTimeout(fn, ms),
        deadlineMs: STATEMENT_DEADLINE_MS,
      }).query(statement, params);
    },
  };
  const counted: Sql = {
    query(statement, params) {
      roundTrips += 1;
      return sql.query(statement, params);
    },
  };

  const claims = config.mode === 'oxmysql' ? createNetworkClaims(counted, serverId, config.leaseMs) : null;
  const split =
    config.mode === 'oxmysql'
      ? createBudgetSplit({ sql: counted, serverId, now: () => runtime.now(), ...options.split })
      : null;
  const heartbeatMs = options.split?.heartbeatMs ?? HEARTBEAT_MS;
  let beating: (() => void) | null = null;
  /** Announces this server every heartbeat; a failed beat is a store failure (its budgets hold polling past the timeout). */
  const heartbeat = () => {
    beating = null;
    if (stopped || split === null) return;
    void split.beat().then(
      () => succeeded(),
      (error: unknown) => failed(classify(error).message),
    );
    beating = runtime.setTimeout(heartbeat, heartbeatMs);
  };
  let probing: (() => void) | null = null;
  const failed = (why: string) => {
    if (cause === null)
      runtime.log.error(`the shared store failed; no new claim starts until it answers: ${why}`);
    cause = `the shared store (${STORE_CONVAR} "oxmysql") failed: ${why}`;
    if (ready && probing === null && !stopped) probing = runtime.setTimeout(probe, PROBE_MS);
  };
  /** Asks the database again (writing what it missed first) until it answers. */
  const probe = () => {
    probing = null;
    if (stopped) return;
    void (async () => {
      try {
        await gate?.flush();
        await counted.query('SELECT 1 AS ok', []);
        succeeded();
      } catch (error) {
        failed(error instanceof Error ? error.message : String(error));
      }
    })();
  };
  const succeeded = () => {
    if (!ready) return;
    if (cause !== null) runtime.log.info('the shared store answers again; claims start again');
    cause = null;
  };
  // The history and the decisions report their failures as the gate does: status names the cause, claims wait.
  const reporting: Sql = {
    async query(statement, params) {
      try {
        const result = await counted.query(statement, params);
        succeeded();
        return result;
      } catch (error) {
        const failure = classify(error);
        if (failure.kind !== 'duplicate') failed(failure.message);
        throw failure;
      }
    },
  };
  const votes = config.mode === 'oxmysql' ? createSharedVotes(reporting, serverId) : null;
  const decisions = config.mode === 'oxmysql' ? createNetworkDecisions(reporting, serverId) : null;
  const gate =
    claims === null
      ? null
      : createNetworkGate({
          claims,
          failed,
          succeeded,
          refuses: () => cause,
        });

  /** Settles this server's `paying` rows whose entries left the local journal (a crash between the two writes). */
  const recover = async () => {
    const journal = options.journal();
    if (claims === null || journal === null) return;
    for (const key of await claims.mine('paying')) {
      if (journal.stored(key)) continue;
      const row = await claims.read(key);
      if (row === null || row.owner !== serverId || row.state !== 'paying') continue;
      await claims.advance(row, journal.settled(key) ? 'paid' : 'needs_admin');
    }
  };

  const prepare = async () => {
    if (stopped || config.mode !== 'oxmysql') return;
    try {
      version = await migrate(counted);
      await recover();
      await split?.beat();
      ready = true;
      if (beating === null) beating = runtime.setTimeout(heartbeat, heartbeatMs);
      cause = null;
      runtime.log.info(`shared store ready: server ${serverId}, tables at schema ${version}`);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      cause = `the shared tables could not be prepared (${STORE_CONVAR} "oxmysql", ${SERVER_ID_CONVAR} "${serverId}"): ${why}`;
      runtime.log.error(`${cause}; trying again in ${RETRY_MS / 1000} s, no claim starts until then`);
      cancelRetry = runtime.setTimeout(() => void prepare(), RETRY_MS);
    }
  };

  // Wrong settings: nothing shared may be paid (another server may pay it); every gated entry waits.
  const closed: NetworkGate = {
    enter: async () => ({
      go: false,
      stop: {
        code: 'pending',
        problem: { code: 'framework_error', detail: cause ?? 'the shared store is off' },
        stage: 'resume',
      },
      settledElsewhere: false,
    }),
    leave: async () => undefined,
    refuses: () => cause,
    flush: async () => undefined,
  };

  return {
    config,
    gate: gate ?? closed,
    claims,
    votes,
    decisions,
    split,
    refuses: () => cause,
    statusLines() {
      const head =
        config.mode === 'invalid'
          ? 'off: the settings are wrong'
          : `oxmysql, server ${serverId}${version === null ? '' : `, schema ${version}`}`;
      const lines = [`  Network    ${head}`];
      const shares = split?.describe();
      if (shares) lines.push(`             budgets split with the other servers: ${shares}`);
      if (cause !== null) lines.push(`             no new claim starts: ${cause}`);
      return lines;
    },
    get roundTrips() {
      return roundTrips;
    },
    sql: config.mode === 'oxmysql' ? counted : null,
    failed,
    succeeded,
    start() {
      if (config.mode === 'invalid') {
        runtime.log.error(`${config.error}; no claim starts until this is fixed`);
        return;
      }
      void prepare();
    },
    stop() {
      stopped = true;
      cancelRetry?.();
      probing?.();
      beating?.();
    },
  };
}
