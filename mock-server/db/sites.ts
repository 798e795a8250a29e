import { randomUUID } from 'node:crypto';
import type { Db } from './open-database';
import { usernameKey } from './username';

/** How an emulated site names a voter. */
export type SiteIdentityKind = 'name' | 'steam64' | 'discord' | 'ip';

/** A vote cast on an emulated listing site. */
export interface SiteVoteRecord {
  /** The emulation's vote id (a UUID). */
  voteId: string;
  /** The site's kind, e.g. `trackyserver`. */
  site: string;
  /** How the voter is named. */
  identityKind: SiteIdentityKind;
  /** The identity as cast. */
  identity: string;
  /** The name shown with the vote (serveur-prive's `username`), when there is one. */
  username: string | null;
  /** When, ms. */
  votedAt: number;
  /** When the site recorded a claim, ms; null before (and always on sites without a claim). */
  claimedAt: number | null;
}

/** What a vote is cast with. */
export interface SiteVoteInput {
  site: string;
  identityKind: SiteIdentityKind;
  identity: string;
  username?: string | null;
  votedAt: number;
}

/** The emulated sites' keys and votes. */
export interface SiteStore {
  /** The site's key, made with `make` the first time it is asked for (then kept in the database). */
  key(site: string, make: () => string): string;
  /** Replaces the site's key (the old one is then refused). */
  setKey(site: string, key: string): void;
  /** Records a vote. */
  cast(input: SiteVoteInput): SiteVoteRecord;
  /** The newest vote of an identity cast after `since` (ms, exclusive), or null. */
  newest(site: string, kind: SiteIdentityKind, identity: string, since: number): SiteVoteRecord | null;
  /** Unclaimed votes of an identity cast after `since`, oldest first. */
  pending(site: string, kind: SiteIdentityKind, identity: string, since: number): SiteVoteRecord[];
  /** Marks one vote claimed if it was not; true when this call claimed it. */
  claim(voteId: string, at: number): boolean;
  /** Votes of a site, newest first (at most `limit`), of one identity when given. */
  list(site: string, filter?: { kind: SiteIdentityKind; identity: string }, limit?: number): SiteVoteRecord[];
  /** Votes per site. */
  counts(): Record<string, number>;
}

interface Row {
  vote_id: string;
  site: string;
  identity_kind: SiteIdentityKind;
  identity: string;
  username: string | null;
  voted_at: number;
  claimed_at: number | null;
}

const toRecord = (row: Row): SiteVoteRecord => ({
  voteId: row.vote_id,
  site: row.site,
  identityKind: row.identity_kind,
  identity: row.identity,
  username: row.username,
  votedAt: row.voted_at,
  claimedAt: row.claimed_at,
});

/** What a site matches an identity on: a name folded like the API's username key, an IPv6 in lower case. */
export function siteIdentityKey(kind: SiteIdentityKind, identity: string): string {
  if (kind === 'name') return usernameKey(identity);
  return kind === 'ip' ? identity.toLowerCase() : identity;
}

/** Builds the site store over the mock's database (tables of migration 6). */
export function createSiteStore(db: Db): SiteStore {
  const getKey = db.prepare<[string], { key: string }>('SELECT key FROM site_keys WHERE site = ?');
  const putKey = db.prepare(
    'INSERT INTO site_keys (site, key) VALUES (?, ?) ON CONFLICT (site) DO UPDATE SET key = excluded.key',
  );
  const insert = db.prepare<[string, string, string, string, string, string | null, number], Row>(
    `INSERT INTO site_votes (vote_id, site, identity_kind, identity, identity_key, username, voted_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING vote_id, site, identity_kind, identity, username, voted_at, claimed_at`,
  );
  const columns = 'vote_id, site, identity_kind, identity, username, voted_at, claimed_at';
  const newest = db.prepare<[string, string, string, number], Row>(
    `SELECT ${columns} FROM site_votes WHERE site = ? AND identity_kind = ? AND identity_key = ? AND voted_at > ?
     ORDER BY voted_at DESC, id DESC LIMIT 1`,
  );
  const pending = db.prepare<[string, string, string, number], Row>(
    `SELECT ${columns} FROM site_votes WHERE site = ? AND identity_kind = ? AND identity_key = ? AND voted_at > ?
     AND claimed_at IS NULL ORDER BY voted_at, id LIMIT 1000`,
  );
  const claim = db.prepare('UPDATE site_votes SET claimed_at = ? WHERE vote_id = ? AND claimed_at IS NULL');
  const listAll = db.prepare<[string, number], Row>(
    `SELECT ${columns} FROM site_votes WHERE site = ? ORDER BY voted_at DESC, id DESC LIMIT ?`,
  );
  const listOne = db.prepare<[string, string, string, number], Row>(
    `SELECT ${columns} FROM site_votes WHERE site = ? AND identity_kind = ? AND identity_key = ?
     ORDER BY voted_at DESC, id DESC LIMIT ?`,
  );
  const counts = db.prepare<[], { site: string; n: number }>(
    'SELECT site, count(*) AS n FROM site_votes GROUP BY site',
  );
  return {
    key(site, make) {
      const found = getKey.get(site);
      if (found) return found.key;
      const key = make();
      putKey.run(site, key);
      return key;
    },
    setKey(site, key) {
      putKey.run(site, key);
    },
    cast(input) {
      const key = siteIdentityKey(input.identityKind, input.identity);
      const rows = insert.all(
        randomUUID(),
        input.site,
        input.identityKind,
        input.identity,
        key,
        input.username ?? null,
        input.votedAt,
      );
      return toRecord(rows[0] as Row);
    },
    newest(site, kind, identity, since) {
      const row = newest.get(site, kind, siteIdentityKey(kind, identity), since);
      return row ? toRecord(row) : null;
    },
    pending: (site, kind, identity, since) =>
      pending.all(site, kind, siteIdentityKey(kind, identity), since).map(toRecord),
    claim: (voteId, at) => claim.run(at, voteId).changes === 1,
    list(site, filter, limit = 1000) {
      const rows = filter
        ? listOne.all(site, filter.kind, siteIdentityKey(filter.kind, filter.identity), limit)
        : listAll.all(site, limit);
      return rows.map(toRecord);
    },
    counts: () => Object.fromEntries(counts.all().map((row) => [row.site, row.n])),
  };
}
