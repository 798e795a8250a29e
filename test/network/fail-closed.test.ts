/**
 * Fail closed without a database to reach: oxmysql not started, or the settings wrong. No claim starts, the player is
 * told to retry, and `votereward status` names the cause (with both settings when they are wrong).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  bootSites,
  createSitesShared,
  type SitesWorld,
  siteEntries,
  type WorldSite,
} from '../../devkit/worlds/sites-world';
import { statusLines } from '../../src/commands/status';

const SITE: WorldSite = { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 2 * 3_600_000 };
const RETRY = 'Votes cannot be claimed right now (the server network is unreachable); try again in a minute.';

let world: SitesWorld | null = null;
afterEach(() => {
  world?.running.stop();
  world = null;
});

function boot(convars: Record<string, string>) {
  const shared = createSitesShared([SITE], { esx: true });
  const booted = bootSites(
    shared,
    { sites: siteEntries([SITE]), poll: { enabled: false }, claimCooldownSeconds: 0 },
    undefined,
    (runtime) => {
      for (const [name, value] of Object.entries(convars)) runtime.convars.set(name, value);
    },
  );
  world = booted;
  booted.running.start();
  booted.runtime.onlinePlayers.set(1, { name: 'Ana', license: 'license:aaa' });
  shared.esx?.load(1, 'char1:ana', { money: 0, bank: 0 });
  shared.sites.chk?.vote('Ana', shared.clock.now() - 60_000);
  shared.api.addVote('Ana', shared.clock.now() - 60_000);
  return { shared, booted };
}

describe('the network store fails closed', () => {
  it('oxmysql not started: nothing is claimed or paid, the player is told to retry, status names oxmysql', async () => {
    const { shared, booted } = boot({ vote_reward_store: 'oxmysql', vote_reward_server_id: 'city-1' });
    await shared.clock.advance(1000);
    await booted.running.claimAll(1);
    expect(booted.runtime.told.map((t) => t.message)).toEqual([RETRY]);
    expect(shared.esx?.balance(1, 'money')).toBe(0);
    expect(shared.api.unclaimed('Ana')).toHaveLength(1);
    const status = (await statusLines(booted.running, shared.clock.now(), false)).join('\n');
    expect(status).toContain('Network    oxmysql, server city-1');
    expect(status).toContain('no new claim starts: the shared tables could not be prepared');
    expect(status).toContain('oxmysql is not started');
  });

  it('settings wrong: the same, and the cause names both settings', async () => {
    const { shared, booted } = boot({ vote_reward_store: 'oxmysql' });
    await shared.clock.advance(1000);
    await booted.running.claimAll(1);
    expect(booted.runtime.told.map((t) => t.message)).toEqual([RETRY]);
    expect(shared.esx?.balance(1, 'money')).toBe(0);
    const status = (await statusLines(booted.running, shared.clock.now(), false)).join('\n');
    expect(status).toContain('Network    off: the settings are wrong');
    expect(status).toMatch(/no new claim starts: .*vote_reward_server_id is not set.*vote_reward_store/);
  });

  it('without the settings nothing changes: the vote is paid as on a single server', async () => {
    const { shared, booted } = boot({});
    await shared.clock.advance(1000);
    await booted.running.claimAll(1);
    expect(shared.esx?.balance(1, 'money')).toBe(200);
    const status = (await statusLines(booted.running, shared.clock.now(), false)).join('\n');
    expect(status).not.toContain('Network');
  });
});
