/**
 * The `sites` list of config.json: the listing sites claimed besides this project's own API (`apiUrl`/`apiKey`, always
 * claimed first), each with its key in a server.cfg convar, its vote page, the identity it names players by and its
 * rewards; and the `allSites` bonus. Checked once at start with the care of the rest of the config: an unknown kind
 * named with the known ones, a missing key named by its convar with the `set` line to paste, duplicates.
 */
import * as z from 'zod';
import { SITE_KINDS } from '../sites/registry';
import type { IdentityKind, SiteKind } from '../sites/types';
import { rewardList } from './reward-schema';

/** The sites config.json may name, as `sites[].kind`: every registered one but the seed (that is `apiUrl`). */
export const CONFIG_SITE_KINDS = SITE_KINDS.filter((kind) => kind !== 'seed') as [
  Exclude<SiteKind, 'seed'>,
  ...Exclude<SiteKind, 'seed'>[],
];

/** The identities a site entry may ask for. */
export const IDENTITY_KINDS = ['name', 'steam64', 'discord', 'ip'] as const satisfies readonly IdentityKind[];

/** Most sites one server can list. */
export const MAX_SITES = 8;

const siteId = z.string().regex(/^[a-z0-9_]{1,24}$/, 'a name of 1 to 24 lowercase letters, digits or _');

/** One configured site. */
export const siteEntrySchema = z.strictObject({
  kind: z.enum(CONFIG_SITE_KINDS).describe('Which listing site: its adapter'),
  id: siteId
    .optional()
    .describe(
      'Unique name of this entry (default: the kind with - as _); names the key convar and the history',
    ),
  keyConvar: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,64}$/, 'a convar name of letters, digits or _')
    .optional()
    .describe("Convar in server.cfg that holds this site's key (default vote_reward_site_<id>_key)"),
  voteUrl: z.url({ protocol: /^https?$/ }).describe("Your server's vote page on this site, shown to players"),
  identity: z
    .enum(IDENTITY_KINDS)
    .optional()
    .describe("How the site names the voter, for sites that take several (default: the site's first)"),
  rewards: rewardList.optional().describe('What a vote on this site pays (default: the top-level reward)'),
  baseUrl: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      "The site's API address, only to point at a test emulation or a proxy (default: the documented one)",
    ),
});

/** A configured site as config.json gives it. */
export type SiteEntry = z.output<typeof siteEntrySchema>;

/** The `sites` setting: empty (the default) is today's single-site behaviour exactly. */
export const sitesSchema = z
  .array(siteEntrySchema)
  .max(MAX_SITES)
  .default([])
  .describe("Listing sites claimed besides this project's API (apiUrl); empty claims on that API alone");

/** The `allSites` setting. */
export const allSitesSchema = z
  .strictObject({
    reward: rewardList
      .nullable()
      .default(null)
      .describe(
        'Bonus for a claimed vote on every configured site (apiUrl included) within one day; null turns it off',
      ),
  })
  .prefault({})
  .describe('The "all sites" bonus, in the time zone of timeZone');

/** The entry's unique name: `id`, else its kind with `-` as `_`. */
export function siteIdOf(entry: Pick<SiteEntry, 'kind' | 'id'>): string {
  return entry.id ?? entry.kind.replace(/-/g, '_');
}

/** The convar that holds the entry's key. */
export function siteKeyConvarOf(entry: Pick<SiteEntry, 'kind' | 'id' | 'keyConvar'>): string {
  return entry.keyConvar ?? `vote_reward_site_${siteIdOf(entry)}_key`;
}

/** Name of the seed (this project's API) among the sites: in histories and the all-sites bonus. */
export const SEED_SITE_ID = 'seed';

/** What the check needs to know of a site kind (its registry descriptor). */
export interface SiteFacts {
  label: string;
  identities: readonly IdentityKind[];
  checkKey(key: string): string | null;
}

/**
 * Problems of the `sites` list beyond its schema: duplicate names or convars, a missing or malformed key (named by
 * its convar, with the line to paste), an identity the site does not take. The key itself is never printed.
 */
export function siteProblems(
  sites: readonly SiteEntry[],
  convar: (name: string) => string | null,
  factsOf: (kind: SiteEntry['kind']) => SiteFacts | null,
): string[] {
  const problems: string[] = [];
  const ids = new Map<string, number>();
  const convars = new Map<string, number>();
  for (const [index, entry] of sites.entries()) {
    const at = `sites[${index}]`;
    const id = siteIdOf(entry);
    const facts = factsOf(entry.kind);
    const seen = ids.get(id);
    if (id === SEED_SITE_ID)
      problems.push(`${at}.id: "${SEED_SITE_ID}" names this project's API (apiUrl); choose another`);
    else if (seen !== undefined)
      problems.push(
        `${at}: a second site named "${id}" (sites[${seen}] has it); give one of them another "id"`,
      );
    else ids.set(id, index);
    const name = siteKeyConvarOf(entry);
    const sharing = convars.get(name);
    if (sharing !== undefined && seen === undefined)
      problems.push(
        `${at}.keyConvar: sites[${sharing}] reads its key from ${name} too; each site has its own key`,
      );
    else convars.set(name, index);
    const key = convar(name)?.trim() ?? '';
    const label = facts?.label ?? entry.kind;
    if (key === '')
      problems.push(
        `${at} (${label}): its key is missing; put \`set ${name} "<the key from ${label}>"\` in server.cfg`,
      );
    else {
      const wrong = facts?.checkKey(key) ?? null;
      if (wrong) problems.push(`${name} (set in server.cfg, for ${at}, ${label}): ${wrong}`);
    }
    if (facts && entry.identity !== undefined && !facts.identities.includes(entry.identity))
      problems.push(
        `${at}.identity: ${label} takes ${facts.identities.map((kind) => JSON.stringify(kind)).join(' or ')}, got ${JSON.stringify(entry.identity)}`,
      );
  }
  return problems;
}
