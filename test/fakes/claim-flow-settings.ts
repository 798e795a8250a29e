import type { ClaimFlowOptions } from '../../src/claim/claim-flow';
import { createTranslator } from '../../src/i18n/messages';

/** The claim-flow settings of the in-process worlds and benches: English, `unclaimed` mode, name locks, /vote. */
export function claimFlowSettings(): Omit<ClaimFlowOptions, 'runtime' | 'api' | 'adapter' | 'rewards'> {
  return {
    translate: createTranslator('en'),
    checkMode: 'unclaimed',
    nameLock: true,
    claimCooldownMs: 10_000,
    command: 'vote',
    voteUrl: 'https://votes.example/servers/1/vote',
    joinDelayMs: 5_000,
  };
}
