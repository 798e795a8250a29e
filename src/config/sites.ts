/**
 * The `sites` list of config.json: the listing sites claimed besides this project's own API (`apiUrl`/`apiKey`, always
 * claimed first), each with its key in a server.cfg convar, its vote page, the identity it names players by and its
 * rewards; and the `allSites` bonus. Checked once at start with the care of the rest of the config: an unknown kind
 * named with the known ones, a missing key named by its convar with the `set` line to paste, duplicates.
 */
import * as z from 'zod';
import { SITE_KINDS } from '../sites/registry';
import { DEFAULT_SITE_TIMEOUT_MS, type IdentityKind } from '../sites/types';
import { rewardList } from './reward-schema';

/** The sites config.json may name, as `sites[].kind`: every registered one (this project's API is `apiUrl`). */
export const CONFIG_SITE_KINDS = SITE_KINDS;

/** The identities a site entry may ask for. */
export const IDENTITY_KINDS = ['name', 'steam64', 'discord', 'ip'] as const satisfies readonly IdentityKind[];

/** Most sites one server can list. */
export const MAX_SITES = 8;

const siteId = z.string().regex(/^[a-z0-9_]{1,24}$/, 'a name of 1 to 24 lowercase letters, digits or _');

/**
 * The resource's own convars that hold something other than a site key: a site's `keyConvar` naming one of them
 * would send that secret to the site's address.
 */
const NOT_SITE_KEYS = ['vote_reward_api_key', 'vote_reward_api_url', 'vote_reward_discord_webhook'];

/**
 * A site's key convar: one of this resource's family (`vote_reward_…`), so a shared config cannot make the resource
 * send another resource's or the server's secret (`rcon_password`, `sv_licenseKey`) to a site's address.
 */
const keyConvarSchema = z
  .string()
  .regex(/^vote_reward_[A-Za-z0-9_]{1,52}$/, {
    message:
      "a convar of this resource's own family: vote_reward_ then letters, digits or _ (e.g. vote_reward_site_<id>_key); the key is sent to the site, so no other convar is read",
    abort: true,
  })
  .refine((name) => !NOT_SITE_KEYS.includes(name.toLowerCase()), {
    message: 'names a convar of this resource that holds another secret; give the site its own key convar',
  });

/** Shortest and longest timeout of one site request, in ms. */
export const SITE_TIMEOUT_RANGE_MS = [500, 60_000] as const;

/** One configured site. */
export const siteEntrySchema = z.strictObject({
  kind: z.enum(CONFIG_SITE_KINDS).describe('Which listing site: its adapter'),
  id: siteId
    .optional()
    .describe(
      'Unique name of this entry (default: the kind with - as _); names the key convar and the history',
    ),
  keyConvar: keyConvarSchema
    .optional()
    .describe(
      "Convar in server.cfg that holds this site's key (default vote_reward_site_<id>_key); only vote_reward_ convars",
    ),
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
  timeoutMs: z
    .number()
    .int()
    .min(SITE_TIMEOUT_RANGE_MS[0])
    .max(SITE_TIMEOUT_RANGE_MS[1])
    .optional()
    .describe(`Timeout of one request to this site, in milliseconds (default ${DEFAULT_SITE_TIMEOUT_MS})`),
  voteWindowHours: z
    .number()
    .min(1)
    .max(168)
    .optional()
    .describe(
      'How long one vote on this site lasts, in hours, for sites that publish none (top-server, top-serveurs, topgservers; default: the guess in docs/sites.md)',
    ),
  requestsPerMinute: z
    .number()
    .int()
    .min(1)
    .max(600)
    .optional()
    .describe(
      "Requests this resource sends the site per minute at most (default: the site's limit in docs/sites.md; never above a published one)",
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
 * Problems of the `sites` list beyond its schema that refuse the config: duplicate names or convars, an identity the
 * site does not take. A site's key is checked by {@link siteKeyProblem} when the site is built: a key problem turns
 * that site off, never the resource.
 */
export function siteProblems(
  sites: readonly SiteEntry[],
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
    const label = facts?.label ?? entry.kind;
    if (facts && entry.identity !== undefined && !facts.identities.includes(entry.identity))
      problems.push(
        `${at}.identity: ${label} takes ${facts.identities.map((kind) => JSON.stringify(kind)).join(' or ')}, got ${JSON.stringify(entry.identity)}`,
      );
  }
  return problems;
}

/**
 * What is wrong with the key of a site entry, named by its convar with the line to paste, or null when it is usable.
 * The key itself is never printed.
 */
export function siteKeyProblem(
  entry: SiteEntry,
  convar: (name: string) => string | null,
  facts: SiteFacts | null,
): string | null {
  const name = siteKeyConvarOf(entry);
  const key = convar(name)?.trim() ?? '';
  const label = facts?.label ?? entry.kind;
  if (key === '') return `its key is missing; put \`set ${name} "<the key from ${label}>"\` in server.cfg`;
  const wrong = facts?.checkKey(key) ?? null;
  return wrong ? `${name} (set in server.cfg): ${wrong}` : null;
}
