/**
 * What the network tests that boot in-process servers share: the worlds and pools a test opened (closed after each
 * test), a statement runner on a database, Ana online on a server, and a server's open journal entries.
 */
import { afterEach } from 'vitest';
import type { NetworkWorld } from '../../devkit/network/network-world';
import { createOxMySqlFake, type OxMySqlFake } from '../../devkit/network/oxmysql-fake';
import type { SitesShared } from '../../devkit/worlds/sites-world';
import { JOURNAL_PREFIX } from '../../src/engine/journal';
import type { Sql } from '../../src/network/sql';

/** The player of these tests (the same license on every server; one ESX wallet for the whole network). */
export const ANA = { name: 'Ana', license: 'license:aaa' };

/** Worlds and pools opened by the current test, stopped and closed after it (registers the `afterEach`). */
export function openedPerTest() {
  const worlds: NetworkWorld[] = [];
  const pools: OxMySqlFake[] = [];
  afterEach(async () => {
    for (const world of worlds.splice(0)) {
      world.running.stop();
      await world.oxmysql.close();
    }
    for (const pool of pools.splice(0)) await pool.close();
  });
  return {
    worlds,
    /** A statement runner on `url` through its own oxmysql pool. */
    sqlOf(url: string): Sql {
      const pool = createOxMySqlFake({ connectionString: url });
      pools.push(pool);
      return { query: (statement, params) => pool.api.query(statement, [...params]) };
    },
  };
}

/** Ana online on the server as player 1, her ESX character loaded once for the network. */
export function online(shared: SitesShared, world: NetworkWorld): void {
  world.runtime.onlinePlayers.set(1, { ...ANA });
  if (!shared.esx?.model.players.has(1)) shared.esx?.load(1, 'char1:ana', { money: 0, bank: 0 });
}

/** The journal entries still open on a server. */
export const openEntries = (world: NetworkWorld): string[] =>
  [...world.runtime.kvpData.keys()].filter((key) => key.startsWith(JOURNAL_PREFIX));
