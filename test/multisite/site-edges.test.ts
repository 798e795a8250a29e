/**
 * Listing-site claims at their edges, in process over the production composition (the sites world): a name site's
 * claim binds the name like a seed claim; a site without vote times counts each real vote; sites are asked at once;
 * the poller stays quiet about a vote a running `/vote` holds.
 */
import { describe, expect, it } from 'vitest';
import {
  bootSites,
  createSitesShared,
  fakeSite,
  type SitesWorld,
  siteEntries,
  sitePayouts,
  type WorldSite,
} from '../../devkit/worlds/sites-world';

const HOUR = 3_600_000;

const world = (sites: WorldSite[]): SitesWorld => {
  const shared = createSitesShared(sites);
  const w = bootSites(shared, { sites: siteEntries(sites), poll: { enabled: false } });
  w.running.start();
  return w;
};

describe('a claim on a site that names voters by name', () => {
  it("binds the name: another license joining under it later claims nothing of that name's next vote", async () => {
    const site: WorldSite = {
      id: 'ts',
      kind: 'top-serveurs',
      model: 'claim_then_reward',
      windowMs: 2 * HOUR,
    };
    const w = world([site]);
    w.runtime.onlinePlayers.set(1, { name: 'Vic', license: 'license:vic' });
    fakeSite(w, 'ts').vote('Vic', w.clock.now() - 60_000);
    await w.running.claimAll(1);
    expect(sitePayouts(w, 'ts')).toHaveLength(1);
    w.runtime.onlinePlayers.delete(1);
    await w.clock.advance(3 * HOUR);
    fakeSite(w, 'ts').vote('Vic', w.clock.now() - 60_000);
    w.runtime.onlinePlayers.set(2, { name: 'Vic', license: 'license:mallory' });
    await w.running.claimAll(2);
    await w.clock.settle();
    expect(sitePayouts(w, 'ts').filter((payout) => payout.endsWith('@2'))).toEqual([]);
    expect(w.running.flow.names.holder('Vic')).toBe('license:vic');
  });
});

describe('a site that gives no vote time', () => {
  it('counts each real vote: three votes on three days are three history votes, each paid once', async () => {
    const site: WorldSite = {
      id: 'ts',
      kind: 'top-serveurs',
      model: 'claim_then_reward',
      windowMs: 2 * HOUR,
      withoutVoteTime: true,
    };
    const w = world([site]);
    w.runtime.onlinePlayers.set(1, { name: 'Ann', license: 'license:ann' });
    for (let day = 0; day < 3; day += 1) {
      fakeSite(w, 'ts').vote('Ann', w.clock.now() - 60_000);
      await w.running.claimAll(1);
      await w.running.claimAll(1);
      await w.clock.advance(25 * HOUR);
    }
    const payouts = sitePayouts(w, 'ts');
    expect(payouts).toHaveLength(3);
    expect(new Set(payouts).size).toBe(3);
    const history = JSON.parse(w.runtime.kvp.get('history:license:ann') ?? 'null') as { total: number };
    expect(history.total).toBe(3);
  });
});

describe('several sites in one /vote', () => {
  const SITES: WorldSite[] = [
    { id: 'a', kind: 'serveur-prive', model: 'check_only' },
    { id: 'b', kind: 'top-serveurs', model: 'claim_then_reward' },
  ];

  it('are asked at once: two sites hanging 10 s hold /vote about 10 s, not 20', async () => {
    const w = world(SITES);
    w.runtime.onlinePlayers.set(1, { name: 'Ann', license: 'license:ann' });
    fakeSite(w, 'a').hangMs = 10_000;
    fakeSite(w, 'b').hangMs = 10_000;
    let done = false;
    void w.running.claimAll(1).then(() => {
      done = true;
    });
    await w.clock.advance(11_000);
    expect(done).toBe(true);
  });

  it('the poller does not ask a site about a vote a running /vote holds', async () => {
    const w = world(SITES);
    w.runtime.onlinePlayers.set(1, { name: 'Ann', license: 'license:ann' });
    const a = fakeSite(w, 'a');
    a.vote('Ann', w.clock.now() - 60_000);
    a.hangMs = 5_000;
    const claiming = w.running.claimAll(1);
    await w.clock.settle();
    const sent = a.requests.length;
    const sites = w.running.sites;
    const siteA = sites?.sites.find((site) => site.id === 'a');
    if (!sites || !siteA) throw new Error('site a is not configured');
    expect(await sites.look(siteA, 1)).toBe(false);
    expect(a.requests.length).toBe(sent);
    await w.clock.advance(6_000);
    await claiming;
    expect(sitePayouts(w, 'a')).toHaveLength(1);
  });
});
