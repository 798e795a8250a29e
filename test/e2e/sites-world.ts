/**
 * Helpers of the multi-site end-to-end stories: the built bundle in the simulated FXServer with ESX, against the real
 * mock with its listing-site emulations on (`--sites`), each configured site pointed at its emulation and given a key
 * the test chose (set on the emulation and in the site's convar).
 */

import type { PayoutEntry } from '../../devkit/fxserver/server';
import { createE2e, type E2e, type E2ePlayer } from '../../devkit/worlds/e2e-harness';
import { SITE_EMULATIONS } from '../../mock-server/sites';

/** One configured site of a story. */
export interface StorySite {
  kind: string;
  id: string;
  identity?: string;
  /** Cash one vote on it pays. */
  cash: number;
}

/** The key the story gives a site. */
const keyOf = (site: StorySite) =>
  site.kind === 'topgservers' ? `tgs_story_${site.id}` : `story_key_${site.id}`;

/** Boots the story: the seed pays 500 cash a vote, each site its `cash`, the all-sites bonus `bonus` in the bank. */
export async function createSitesStory(
  sites: readonly StorySite[],
  bonus: number,
  options: { serverAheadMs?: number } = {},
): Promise<E2e> {
  const e2e = await createE2e({
    ...options,
    framework: 'esx',
    sites: true,
    start: false,
    config: {
      reward: { type: 'money', amount: 500 },
      allSites: { reward: { type: 'bank', amount: bonus } },
      poll: { enabled: false },
      claimCooldownSeconds: 0,
    },
    configOf: (mockUrl) => ({
      sites: sites.map((site) => {
        const emulation = SITE_EMULATIONS.find((e) => e.kind === site.kind);
        if (!emulation) throw new Error(`no emulation of ${site.kind}`);
        return {
          kind: site.kind,
          id: site.id,
          voteUrl: `https://${site.kind}.example/vote`,
          baseUrl: `${mockUrl}${emulation.basePath}`,
          ...(site.identity ? { identity: site.identity } : {}),
          rewards: { type: 'money', amount: site.cash },
        };
      }),
    }),
    convars: Object.fromEntries(sites.map((site) => [`vote_reward_site_${site.id}_key`, keyOf(site)])),
  });
  for (const site of sites) await control(e2e, `/__admin/sites/${site.kind}/key`, { key: keyOf(site) });
  e2e.server.start('vote-reward');
  await e2e.started();
  return e2e;
}

/** A POST to the mock's control API. */
export async function control(e2e: E2e, route: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${e2e.mock.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${route} answered ${response.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

/** Casts a vote on a site's emulation, `agoMs` ago. */
export async function castOn(
  e2e: E2e,
  kind: string,
  identityKind: string,
  identity: string,
  agoMs = 60_000,
): Promise<void> {
  await control(e2e, `/__admin/sites/${kind}/votes`, {
    identity_kind: identityKind,
    identity,
    voted_at: e2e.mockNow() - agoMs,
  });
}

/** The votes the emulation of `kind` holds for an identity, with whether each was claimed. */
export async function siteVotes(
  e2e: E2e,
  kind: string,
  identityKind: string,
  identity: string,
): Promise<{ claimed_at: string | null }[]> {
  const query = `identity_kind=${identityKind}&identity=${encodeURIComponent(identity)}`;
  const response = await fetch(`${e2e.mock.url}/__admin/sites/${kind}/votes?${query}`);
  return ((await response.json()) as { votes: { claimed_at: string | null }[] }).votes;
}

/** What the player was paid, as `kind:amount` (cash `money:500`, the bonus `bank:50`), in order. */
export function paid(e2e: E2e, player?: E2ePlayer): string[] {
  return e2e.ledger(player).map((entry: PayoutEntry) => `${entry.name}:${entry.amount}`);
}
