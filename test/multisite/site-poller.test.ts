/**
 * The site poller through the production composition: checks spread over the sites, each within its own budget (a
 * strict site never slows another), a vote seen told once (or claimed with `poll.autoClaim`), paid once.
 */
import { describe, expect, it } from 'vitest';
import { createFakeSite } from '../../devkit/fakes/fake-sites';
import {
  bootSites,
  createSitesShared,
  fakeSite,
  type SitesWorld,
  siteEntries,
  sitePayouts,
  type WorldSite,
} from '../../devkit/worlds/sites-world';

const MINUTE = 60_000;
const STRICT: WorldSite = { id: 'strict', kind: 'trackyserver', model: 'claim_then_reward', perMinute: 10 };
const LOOSE: WorldSite = { id: 'loose', kind: 'serveur-prive', model: 'check_only', perMinute: 120 };
const SITES = [STRICT, LOOSE];

const boot = (shared: ReturnType<typeof createSitesShared>, autoClaim: boolean) =>
  bootSites(shared, { sites: siteEntries(SITES), poll: { enabled: true, autoClaim } });

const join = (world: SitesWorld, players: number) => {
  for (let source = 1; source <= players; source += 1)
    world.runtime.onlinePlayers.set(source, { name: `P${source}`, license: `license:${source}` });
};

/** The most requests a site sent in any 60 s. */
const busiestMinute = (times: readonly number[]) =>
  Math.max(0, ...times.map((at) => times.filter((t) => t >= at && t < at + MINUTE).length));

describe('the site poller', () => {
  it('checks each site within its own budget, the strict one never holding the other', async () => {
    const shared = createSitesShared(SITES);
    const world = boot(shared, false);
    join(world, 100);
    world.running.start();
    await shared.clock.advance(5 * MINUTE);
    world.running.stop();
    const strict = fakeSite(shared, 'strict').sentAt;
    const loose = fakeSite(shared, 'loose').sentAt;
    // 70% of each site's limit is for polling (the rest for /vote).
    expect(busiestMinute(strict)).toBeLessThanOrEqual(7);
    expect(busiestMinute(loose)).toBeLessThanOrEqual(84);
    expect(strict.length).toBeGreaterThanOrEqual(30);
    // 100 players, each checked at most once per 2 minutes on a site: the loose site polls far more than the strict.
    expect(loose.length).toBeGreaterThan(200);
    expect(loose.length).toBeLessThanOrEqual(300);
  });

  it('tells a player once that a vote waits, and /vote pays it once', async () => {
    const shared = createSitesShared(SITES);
    const world = boot(shared, false);
    join(world, 1);
    fakeSite(shared, 'loose').vote('P1', shared.clock.now() - MINUTE);
    world.running.start();
    await shared.clock.advance(10 * MINUTE);
    const waiting = world.runtime.told.filter((t) => t.message.includes('type /vote to get your reward'));
    expect(waiting).toHaveLength(1);
    expect(sitePayouts(shared, 'loose')).toEqual([]);
    await world.running.claimAll(1);
    await shared.clock.advance(10 * MINUTE);
    expect(sitePayouts(shared, 'loose')).toHaveLength(1);
    world.running.stop();
  });

  it("does not tell a player a vote waits once it is paid, where the site's check still shows it", async () => {
    const shared = createSitesShared(SITES);
    // As Top-Serveurs' check: "voted" for a claimed vote too.
    shared.sites.strict = createFakeSite({
      model: 'claim_then_reward',
      now: shared.clock.now,
      label: 'Site strict',
      checkIgnoresClaims: true,
    });
    const world = boot(shared, false);
    join(world, 1);
    fakeSite(shared, 'strict').vote('P1', shared.clock.now() - MINUTE);
    await world.running.claimAll(1);
    expect(sitePayouts(shared, 'strict')).toHaveLength(1);
    world.running.start();
    await shared.clock.advance(10 * MINUTE);
    const checks = fakeSite(shared, 'strict').requests.filter((r) => r.startsWith('check'));
    expect(checks.length).toBeGreaterThan(2);
    expect(world.runtime.told.filter((t) => t.message.includes('type /vote to get your reward'))).toEqual([]);
    world.running.stop();
  });

  it('with autoClaim, claims a vote it sees and pays it once', async () => {
    const shared = createSitesShared(SITES);
    const world = boot(shared, true);
    join(world, 1);
    fakeSite(shared, 'strict').vote('P1', shared.clock.now() - MINUTE);
    world.running.start();
    await shared.clock.advance(10 * MINUTE);
    expect(sitePayouts(shared, 'strict')).toHaveLength(1);
    world.running.stop();
  });
});
