import type { ServerInfo, VoteCount } from '../contract/answers';
import type { VoteApi } from './api/client';
import type { ClaimExport, ClaimFlow, VoteCheck } from './claim/claim-flow';
import type { JournalEntry } from './engine/journal';
import { createPointsExports } from './points/exports';
import type { Programs } from './programs/programs';
import { type TopVotersAnswer, topVotersOf } from './programs/top';
import { describeError } from './runtime/errors';
import type { Runtime } from './runtime/runtime';
import type { PointsPart } from './shop/part';

/** Answer of the `check(source)` export. */
export type CheckOutcome =
  | { ok: true; voted: boolean; voted_at: string | null; username: string }
  | { ok: false; code: string; error?: string };

/** A journal entry as the `getPending()` export shows it to other resources. */
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

/** The export's form of a check. */
export function checkOutcome(check: VoteCheck): CheckOutcome {
  if (!check.ok) return check;
  return { ok: true, voted: check.voted, voted_at: check.votedAt, username: check.username };
}

/** The export's form of an open journal entry. */
export function pendingView(entry: JournalEntry): PendingView {
  return {
    id: entry.id,
    vote_id: entry.voteId,
    username: entry.name,
    license: entry.license,
    state: entry.state,
    given: entry.given.filter(Boolean).length,
    total: entry.rewards.length,
    problem: entry.problem,
    created_at: entry.createdAt,
  };
}

/** The parts of the running resource the exports reach; null while the resource is inert. */
export interface ExportTarget {
  flow: ClaimFlow;
  api: VoteApi;
  programs: Pick<Programs, 'history' | 'calendar'>;
  /** Vote points; absent in targets built before points existed (tests' stand-ins). */
  points?: Pick<PointsPart, 'ledger'>;
}

/**
 * Publishes `claim`, `check`, `getPending`, `getServerInfo`, `getVoteCount`, `getTopVoters`, `getVotePoints`,
 * `addVotePoints` and `spendVotePoints` for other resources.
 */
export function registerExports(
  runtime: Pick<Runtime, 'provideExport' | 'log' | 'now' | 'playerLicense' | 'invokingResource'>,
  current: () => ExportTarget | null,
): void {
  const notReady = { code: 'not_ready' } as const;
  const safeCall = async <T>(what: string, call: (target: ExportTarget) => Promise<T>): Promise<T | null> => {
    const target = current();
    if (!target) return null;
    try {
      return await call(target);
    } catch (error) {
      runtime.log.warn(`export ${what} failed: ${describeError(error)}`);
      return null;
    }
  };
  runtime.provideExport(
    'claim',
    async (source: number): Promise<ClaimExport | typeof notReady> =>
      current()?.flow.claim(Number(source)) ?? notReady,
  );
  runtime.provideExport('check', async (source: number): Promise<CheckOutcome> => {
    const target = current();
    return target ? checkOutcome(await target.flow.check(Number(source))) : { ok: false, code: 'not_ready' };
  });
  runtime.provideExport('getPending', (): PendingView[] => current()?.flow.pending().map(pendingView) ?? []);
  runtime.provideExport(
    'getServerInfo',
    (): Promise<ServerInfo | null> =>
      safeCall('getServerInfo', (t) => t.api.getServerInfo({ priority: 'poll' })),
  );
  runtime.provideExport(
    'getVoteCount',
    (): Promise<VoteCount | null> =>
      safeCall('getVoteCount', (t) => t.api.getVoteCount({ priority: 'poll' })),
  );
  runtime.provideExport('getTopVoters', (period?: unknown, n?: unknown): TopVotersAnswer => {
    const target = current();
    if (!target) return { ok: false, code: 'not_ready', error: 'vote-reward is not running' };
    return topVotersOf(target.programs.history, target.programs.calendar, runtime.now(), period, n);
  });
  const points = createPointsExports(runtime, () => current()?.points?.ledger ?? null);
  runtime.provideExport('getVotePoints', (who: unknown) => points.getVotePoints(who));
  runtime.provideExport('addVotePoints', (who: unknown, amount: unknown, key: unknown, reason?: unknown) =>
    points.addVotePoints(who, amount, key, reason),
  );
  runtime.provideExport('spendVotePoints', (who: unknown, amount: unknown, key: unknown, reason?: unknown) =>
    points.spendVotePoints(who, amount, key, reason),
  );
}
