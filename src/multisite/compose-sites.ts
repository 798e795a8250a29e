/**
 * The listing sites' part of the composition: the site claims over the payout engine's journal, their poller and the
 * sweep that resumes what a crash left open. Built by `composeResource` when `config.sites` lists any site.
 */
import type { HttpTransport } from '../api/transport';
import type { ClaimFlow } from '../claim/claim-flow';
import type { ResourceConfig } from '../config/schema';
import type { PayoutEngine } from '../engine/payout-engine';
import type { Translate } from '../i18n/messages';
import { describeError } from '../runtime/errors';
import type { Runtime } from '../runtime/runtime';
import type { SiteAdapter } from '../sites/types';
import { type BudgetSplitOf, buildSites } from './build';
import { createNextVoteAnswers, type NextVoteAnswers, observingAdapter } from './next-vote';
import { createSiteClaims, type SiteClaims } from './site-claims';
import { createSitePoller } from './site-poller';

/** A part of the running resource (the composition's `Part`). */
export interface SitesPart {
  readonly name: string;
  start(): void;
  stop(): void;
}

/** Least time between two background checks of one player on one site. */
const SITE_RECHECK_MS = 120_000;

/** Between two sweeps of the site votes (resume, confirm owed claims, prune). */
const SITE_SWEEP_MS = 15_000;

/** The site claims of `config.sites`, their poller and their part; null when no site is configured. */
export function composeSites(
  config: ResourceConfig,
  runtime: Runtime,
  transport: HttpTransport,
  shared: {
    flow: ClaimFlow;
    journal: PayoutEngine['journal'];
    translate: Translate;
    random?: () => number;
    adapters?: Readonly<Record<string, SiteAdapter>>;
    /** A network's split of each site key's budget across the servers polling it. */
    split?: BudgetSplitOf;
  },
): { claims: SiteClaims; part: SitesPart; answers: NextVoteAnswers } | null {
  if (config.sites.length === 0) return null;
  // Every vote a site answers passes its next-vote time to the answers the next-vote reader weighs.
  const answers = createNextVoteAnswers();
  const built = buildSites(config, runtime, transport, shared.adapters, shared.split).map((site) => ({
    ...site,
    adapter: observingAdapter(site.adapter, site.id, answers, runtime.now),
  }));
  if (built.length === 0) return null;
  runtime.log.info(
    `claims on ${built.map((site) => `${site.adapter.label} (${site.id}, ${site.adapter.claimModel.replace(/_/g, ' ')}, by ${site.adapter.identity})`).join(', ')} after the vote API`,
  );
  const { flow, translate } = shared;
  const claims = createSiteClaims({
    sites: built,
    runtime,
    journal: shared.journal,
    translate,
    command: config.command,
    random: shared.random ?? Math.random,
    settle: (license) => flow.settlePlayer(license),
    allowsName: config.nameLock ? (name, license) => flow.names.allows(name, license) : () => true,
    bindName: config.nameLock ? (name, license) => flow.names.bind(name, license) : () => undefined,
  });
  const poller = config.poll.enabled
    ? createSitePoller({
        sites: built,
        claims,
        runtime,
        tickMs: 2_000,
        recheckMs: SITE_RECHECK_MS,
        autoClaim: config.poll.autoClaim,
        waiting: () => translate('reward_waiting', { command: config.command }),
      })
    : null;
  let stopSweep: (() => void) | null = null;
  const sweep = () =>
    void claims.sweep().catch((error: unknown) => runtime.log.error(`site votes: ${describeError(error)}`));
  return {
    claims,
    answers,
    part: {
      name: 'sites',
      start() {
        sweep();
        stopSweep = runtime.setInterval(sweep, SITE_SWEEP_MS);
        poller?.start();
      },
      stop() {
        poller?.stop();
        stopSweep?.();
        claims.stop();
      },
    },
  };
}
