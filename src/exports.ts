import type { VoteApi } from './api/client';
import type { ServerInfo, VoteCount } from './api/schemas';
import type { CheckOutcome, ClaimFlow, ClaimOutcome, PendingView } from './claim/claim-flow';
import { describeError } from './runtime/errors';
import type { Runtime } from './runtime/runtime';

/** The parts of the running resource the exports reach; null while the resource is inert. */
export interface ExportTarget {
  flow: ClaimFlow;
  api: VoteApi;
}

/** Publishes `claim`, `check`, `getPending`, `getServerInfo` and `getVoteCount` for other resources. */
export function registerExports(
  runtime: Pick<Runtime, 'provideExport' | 'log'>,
  current: () => ExportTarget | null,
): void {
  const notReady = { code: 'not_ready' } as const;
  const safeCall = async <T>(what: string, call: (target: ExportTarget) => Promise<T>): Promise<T | null> => {
    const target = current();
    if (!target) return null;
    try {
      return await call(target);
    } catch (error) {
      runtime.log.warn(`vote-reward: export ${what} failed: ${describeError(error)}`);
      return null;
    }
  };
  runtime.provideExport(
    'claim',
    async (source: number): Promise<ClaimOutcome | typeof notReady> =>
      current()?.flow.claim(Number(source)) ?? notReady,
  );
  runtime.provideExport(
    'check',
    async (source: number): Promise<CheckOutcome> =>
      current()?.flow.check(Number(source)) ?? { ok: false, code: 'not_ready' },
  );
  runtime.provideExport('getPending', (): PendingView[] => current()?.flow.pending() ?? []);
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
}
