/**
 * A server of a network: the sites world (the production composition over the fake runtime, the real engine, the real
 * site steps, ESX) with the two network convars set and oxmysql's exports served by the devkit fake over a real
 * MariaDB (its own mysql2 pool, as each FXServer has its own oxmysql).
 */
import {
  bootSites,
  type SitesShared,
  type SitesWorld,
  siteEntries,
  type WorldSite,
} from '../worlds/sites-world';
import { createOxMySqlFake, type OxMySqlFake } from './oxmysql-fake';

/** A network server. */
export interface NetworkWorld extends SitesWorld {
  readonly oxmysql: OxMySqlFake;
}

/** How a network server is set up. */
export interface NetworkServerOptions {
  /** The shared database (`mysql_connection_string`). */
  url: string;
  /** `vote_reward_server_id`. */
  serverId: string;
  /** `vote_reward_network_lease` in seconds (default 60). */
  leaseSeconds?: number;
  /** The oxmysql of a server that outlives a restart of vote-reward alone; a fresh one when left out. */
  oxmysql?: OxMySqlFake;
  /** Extra config.json fields. */
  config?: Record<string, unknown>;
  /** Extra convars (`vote_reward_discord_webhook`). */
  convars?: Record<string, string>;
}

/** Boots one network server over `shared` for `site` (nothing started); `kvp` is what a restart reads. */
export function bootNetworkServer(
  shared: SitesShared,
  site: WorldSite,
  options: NetworkServerOptions,
  kvp?: Map<string, string>,
): NetworkWorld {
  const oxmysql = options.oxmysql ?? createOxMySqlFake({ connectionString: options.url, retryMs: 200 });
  const world = bootSites(
    shared,
    {
      sites: siteEntries([site]),
      poll: { enabled: false },
      claimCooldownSeconds: 0,
      ...(options.config ?? {}),
    },
    kvp,
    (runtime) => {
      runtime.convars.set('vote_reward_store', 'oxmysql');
      runtime.convars.set('vote_reward_server_id', options.serverId);
      if (options.leaseSeconds !== undefined)
        runtime.convars.set('vote_reward_network_lease', String(options.leaseSeconds));
      for (const [name, value] of Object.entries(options.convars ?? {})) runtime.convars.set(name, value);
      runtime.resourceStates.set('oxmysql', 'started');
      runtime.exportsOf = (resource) => {
        if (resource !== 'oxmysql') throw new Error(`No such export in resource ${resource}`);
        return {
          query_async: (sql: unknown, params: unknown) =>
            oxmysql.api.query(sql as string, params as unknown[]),
        };
      };
    },
  );
  return { ...world, oxmysql };
}

/** Starts the server and waits (real time, the database's) until its shared store is ready or `limitMs` passed. */
export async function startNetworkServer(world: NetworkWorld, limitMs = 30_000): Promise<void> {
  world.running.start();
  const started = Date.now();
  while (world.running.network.refuses() !== null) {
    if (Date.now() - started > limitMs)
      throw new Error(`the shared store did not get ready: ${world.running.network.refuses()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
