import { createKeys, type Keys } from './keys';
import type { Db } from './open-database';
import { createServers, type Servers } from './servers';
import { createSiteStore, type SiteStore } from './sites';
import { createRequireServer, type StoreOptions } from './store-error';
import { createVotes, type Votes } from './votes';
import { createWebhooks, type Webhooks } from './webhooks';

export { type AuthResult, type KeyRecord, type Keys, LAST_USED_WRITE_INTERVAL_MS } from './keys';
export {
  monthKey,
  type RankedServer,
  type ServerFields,
  type ServerInput,
  type ServerRecord,
  type ServerStats,
  type Servers,
} from './servers';
export {
  type SiteIdentityKind,
  type SiteStore,
  type SiteVoteInput,
  type SiteVoteRecord,
  siteIdentityKey,
} from './sites';
export { StoreError, type StoreOptions } from './store-error';
export type { CheckMode, VoteFilter, VoteInput, VoteRecord, VoterRef, Votes } from './votes';
export type { WebhookMessageRecord, WebhookRecord, Webhooks } from './webhooks';

/** Typed access to the mock's data, by what it is about; every method is one or a few prepared statements. */
export interface Store {
  /** The underlying connection (for benchmarks and tests). */
  readonly db: Db;
  /** Servers, ranking and counters. */
  readonly servers: Servers;
  /** API keys and their authentication. */
  readonly keys: Keys;
  /** Votes and the check and claim lookups. */
  readonly votes: Votes;
  /** The Discord-compatible webhook sink: webhooks and the messages they received. */
  readonly webhooks: Webhooks;
  /** The listing-site emulations' keys and votes (`--sites`). */
  readonly sites: SiteStore;
  /** Empties every table. */
  reset(): void;
}

/** Builds the store over an open database (see `openDatabase`). */
export function createStore(db: Db, options: StoreOptions): Store {
  const servers = createServers(db, options);
  const requireServer = createRequireServer((id) => servers.get(id) !== null);
  const { keys, forgetAuthenticated } = createKeys(db, { ...options, requireServer });
  const votes = createVotes(db, { ...options, requireServer });
  const webhooks = createWebhooks(db, options);
  const sites = createSiteStore(db);
  return {
    db,
    servers,
    keys,
    votes,
    webhooks,
    sites,
    reset() {
      forgetAuthenticated();
      db.transaction(() => {
        db.exec(
          'DELETE FROM votes; DELETE FROM server_month_votes; DELETE FROM server_hour_votes; DELETE FROM server_day_votes; DELETE FROM server_block_votes; DELETE FROM api_keys; DELETE FROM servers; DELETE FROM webhook_messages; DELETE FROM webhooks; DELETE FROM site_votes; DELETE FROM site_keys;',
        );
      })();
    },
  };
}
