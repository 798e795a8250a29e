/**
 * Claims on several sites through the production composition: each claim model's journal steps, a vote paid once
 * however often /vote is typed and across restarts, the player told per site, and a kill at every KVP write of a
 * vote on each model's site (the crash sweep).
 */
import { describe, expect, it } from 'vitest';
import {
  bootSites,
  createSitesShared,
  fakeSite,
  type SitesShared,
  type SitesWorld,
  siteEntries,
  sitePayouts,
  type WorldSite,
} from '../../devkit/worlds/sites-world';
import { JOURNAL_PREFIX } from '../../src/engine/journal';
import { sitesStatus } from '../../src/multisite/console';
import { SITE_VOTE_PREFIX } from '../../src/store/keys';

const ANA = { name: 'Ana', license: 'license:aaa' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const CTR: WorldSite = { id: 'ctr', kind: 'trackyserver', model: 'claim_then_reward' };
const RTC: WorldSite = { id: 'rtc', kind: 'top-server', model: 'reward_then_claim' };
const CHECK: WorldSite = { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 2 * HOUR };
const MODELS = [CTR, RTC, CHECK];

const boot = (shared: SitesShared, sites: readonly WorldSite[], kvp?: Map<string, string>) =>
  bootSites(shared, { sites: siteEntries(sites), poll: { enabled: false } }, kvp);

const online = (world: SitesWorld) => world.runtime.onlinePlayers.set(1, { ...ANA });

const told = (world: SitesWorld) => world.runtime.told.filter((t) => t.source === 1).map((t) => t.message);

const records = (world: SitesWorld) =>
  [...world.runtime.kvpData.entries()]
    .filter(([key]) => key.startsWith(SITE_VOTE_PREFIX))
    .map(([, value]) => JSON.parse(value) as { step: string });

const openEntries = (world: SitesWorld) =>
  [...world.runtime.kvpData.keys()].filter((key) => key.startsWith(`${JOURNAL_PREFIX}s:`));

describe.each(MODELS)('a vote on a $model site', (site) => {
  it('is paid once however often /vote is typed in its window, and the player hears it per site', async () => {
    const shared = createSitesShared([site]);
    const world = boot(shared, [site]);
    world.running.start();
    online(world);
    shared.sites[site.id]?.vote('Ana', shared.clock.now() - MINUTE);
    await world.running.claimAll(1);
    expect(sitePayouts(shared, site.id)).toHaveLength(1);
    expect(told(world)).toContain(`Site ${site.id}: vote found.`);
    for (let i = 0; i < 3; i += 1) {
      await shared.clock.advance(20 * MINUTE);
      await world.running.claimAll(1);
    }
    expect(sitePayouts(shared, site.id)).toHaveLength(1);
    expect(openEntries(world)).toEqual([]);
    world.running.stop();
  });

  it('is paid once across a restart while the site still answers', async () => {
    const shared = createSitesShared([site]);
    const first = boot(shared, [site]);
    first.running.start();
    online(first);
    shared.sites[site.id]?.vote('Ana', shared.clock.now() - MINUTE);
    await first.running.claimAll(1);
    first.running.stop();
    const second = boot(shared, [site], first.runtime.snapshot());
    second.running.start();
    online(second);
    await shared.clock.advance(16_000);
    await second.running.claimAll(1);
    await shared.clock.advance(10 * MINUTE);
    await second.running.claimAll(1);
    expect(sitePayouts(shared, site.id)).toHaveLength(1);
    second.running.stop();
  });
});

describe('each model journals its own steps', () => {
  it('claim then reward: claiming before the request, opened once claimed, then the entry, then journaled', async () => {
    const shared = createSitesShared([CTR]);
    const world = boot(shared, [CTR]);
    online(world);
    fakeSite(shared, 'ctr').vote('Ana', shared.clock.now() - MINUTE);
    await world.running.claimAll(1);
    const own = world.writes
      .filter((w) => w.includes(' site:vote:ctr:') || w.includes(' claim:s:ctr:'))
      .map((w) => w.split(':')[0]);
    // claiming, opened (the site claimed it), the journal entry, journaled; then the payout's own writes.
    expect(own.slice(0, 4)).toEqual(['set site', 'set site', 'set claim', 'set site']);
    expect(records(world).map((r) => r.step)).toEqual(['journaled']);
    expect(fakeSite(shared, 'ctr').requests).toEqual(['check:Ana', 'claim:Ana']);
  });

  it('reward then claim: "paid, claim owed" before the payout, confirmed after it', async () => {
    const shared = createSitesShared([RTC]);
    const world = boot(shared, [RTC]);
    online(world);
    fakeSite(shared, 'rtc').vote('Ana', shared.clock.now() - MINUTE);
    await world.running.claimAll(1);
    expect(sitePayouts(shared, 'rtc')).toHaveLength(1);
    expect(records(world).map((r) => r.step)).toEqual(['confirmed']);
    expect(fakeSite(shared, 'rtc').requests).toEqual(['check:Ana', 'check:Ana', 'confirm:Ana']);
  });

  it('reward then claim: a claim that keeps failing is retried with backoff and never pays again', async () => {
    const shared = createSitesShared([RTC]);
    const world = boot(shared, [RTC]);
    world.running.start();
    online(world);
    const site = fakeSite(shared, 'rtc');
    site.vote('Ana', shared.clock.now() - MINUTE);
    site.loseNextAnswer = true;
    const realConfirm = (site.adapter as { confirmClaim: (...a: never[]) => unknown }).confirmClaim;
    let refusals = 6;
    (site.adapter as unknown as { confirmClaim: unknown }).confirmClaim = async (...args: never[]) => {
      if (refusals > 0) {
        refusals -= 1;
        site.requests.push('confirm:refused');
        return { kind: 'unreachable', detail: 'down', outcomeUnknown: true };
      }
      return realConfirm(...args);
    };
    await world.running.claimAll(1);
    expect(records(world).map((r) => r.step)).toEqual(['claim_owed']);
    expect(sitesStatus(world.running.sites, false)).toEqual([
      '  Site       rtc: Site rtc, reward then claim, by name; open: 1 claim owed; 0 paid vote(s) remembered',
    ]);
    for (let i = 0; i < 12; i += 1) {
      await shared.clock.advance(10 * MINUTE);
      await world.running.claimAll(1);
    }
    expect(sitePayouts(shared, 'rtc')).toHaveLength(1);
    expect(records(world).map((r) => r.step)).toEqual(['confirmed']);
    const attempts = site.requests.filter((r) => r.startsWith('confirm')).length;
    // 6 refusals, one that claimed but lost its answer, and the repeat (idempotent) that confirms, over two hours:
    // the backoff (30 s doubling) keeps it far below one a minute.
    expect(attempts).toBe(8);
    world.running.stop();
  });

  it('reward then claim: votes the site counts beyond the one paid are paid before the claim consumes them', async () => {
    const shared = createSitesShared([RTC]);
    const world = boot(shared, [RTC]);
    online(world);
    fakeSite(shared, 'rtc').vote('Ana', shared.clock.now() - 2 * MINUTE);
    fakeSite(shared, 'rtc').vote('Ana', shared.clock.now() - MINUTE);
    await world.running.claimAll(1);
    expect((shared.paying?.paid ?? []).filter((p) => p.ref.startsWith('s:rtc:'))).toHaveLength(2);
    expect(records(world).map((r) => r.step)).toEqual(['confirmed']);
  });

  it('check only: the record of the paid vote outlives the window, then goes; a new vote after it pays', async () => {
    const shared = createSitesShared([CHECK]);
    const world = boot(shared, [CHECK]);
    world.running.start();
    online(world);
    fakeSite(shared, 'chk').vote('Ana', shared.clock.now() - MINUTE);
    await world.running.claimAll(1);
    expect(records(world).map((r) => r.step)).toEqual(['journaled']);
    await shared.clock.advance(3 * HOUR);
    expect(records(world)).toEqual([]);
    fakeSite(shared, 'chk').vote('Ana', shared.clock.now() - MINUTE);
    await world.running.claimAll(1);
    expect(sitePayouts(shared, 'chk')).toHaveLength(2);
    world.running.stop();
  });

  it('claim then reward: a lost claim answer is decided by claiming again (it took: paid once)', async () => {
    const shared = createSitesShared([CTR]);
    const world = boot(shared, [CTR]);
    world.running.start();
    online(world);
    fakeSite(shared, 'ctr').vote('Ana', shared.clock.now() - MINUTE);
    fakeSite(shared, 'ctr').loseNextAnswer = true;
    await world.running.claimAll(1);
    expect(told(world)).toContain('Site ctr: your vote is being checked; it will be settled automatically.');
    expect(records(world).map((r) => r.step)).toEqual(['claiming']);
    await shared.clock.advance(20_000);
    expect(sitePayouts(shared, 'ctr')).toHaveLength(1);
    expect(records(world).map((r) => r.step)).toEqual(['journaled']);
    world.running.stop();
  });
});

describe('a site whose vote time changes on every check', () => {
  it('pays once per half window, not on every /vote', async () => {
    const shared = createSitesShared([CHECK]);
    const site = fakeSite(shared, 'chk');
    // A lying site (or a broken clock there): "voted just now", whenever asked.
    (site.adapter as { check: unknown }).check = async () => ({
      kind: 'voted',
      vote: { votedAt: shared.clock.now() - 1000, voteId: null, pending: null, nextVoteInMs: null },
    });
    const world = boot(shared, [CHECK]);
    world.running.start();
    online(world);
    // Four hours of /vote every 10 minutes; the site's window is 2 h, so at most one payout an hour.
    for (let i = 0; i < 24; i += 1) {
      await world.running.claimAll(1);
      await shared.clock.advance(10 * MINUTE);
    }
    expect(sitePayouts(shared, 'chk')).toHaveLength(4);
    expect(
      world.runtime.logs.filter((l) => l.message.includes('a new vote within half its window')),
    ).toHaveLength(1);
    world.running.stop();
  });
});

describe('a lost claim answer the site can no longer decide', () => {
  it('goes to an admin as an open claim (votereward pending), and grant pays it once', async () => {
    const shared = createSitesShared([CTR]);
    const world = boot(shared, [CTR]);
    online(world);
    const site = fakeSite(shared, 'ctr');
    site.vote('Ana', shared.clock.now() - MINUTE);
    site.loseNextAnswer = true;
    await world.running.claimAll(1);
    // The vote leaves the site (its window ends) before the server looks again.
    site.votes.clear();
    world.running.start();
    await shared.clock.advance(20_000);
    const parked = world.running.flow.pending();
    expect(parked.map((entry) => [entry.id.split('#')[1], entry.state, entry.problem])).toEqual([
      ['1', 'needs_admin', 'answer_lost'],
    ]);
    expect(sitePayouts(shared, 'ctr')).toEqual([]);
    await world.running.flow.grant(parked[0]?.id ?? '');
    await shared.clock.advance(20_000);
    await world.running.claimAll(1);
    expect(sitePayouts(shared, 'ctr')).toHaveLength(1);
    expect(records(world).map((r) => r.step)).toEqual(['journaled']);
    world.running.stop();
  });
});

describe('the player hears each site', () => {
  it('names a site down, a site without a vote (with its link), and a missing identity once per session', async () => {
    const shared = createSitesShared([CTR, RTC]);
    const world = bootSites(shared, {
      sites: [
        { kind: 'trackyserver', id: 'ctr', voteUrl: 'https://ctr.example/vote' },
        { kind: 'top-server', id: 'rtc', voteUrl: 'https://rtc.example/vote' },
        { kind: 'serveur-prive', id: 'ip', voteUrl: 'https://ip.example/vote' },
      ],
      poll: { enabled: false },
    });
    world.runtime.onlinePlayers.set(1, { ...ANA, identifiers: ['ip:127.0.0.1'] });
    fakeSite(shared, 'ctr').down = true;
    await world.running.claimAll(1);
    await shared.clock.advance(MINUTE);
    await world.running.claimAll(1);
    const lines = told(world);
    expect(lines).toContain(
      'Site ctr cannot be reached right now; nothing was lost, type /vote again later.',
    );
    expect(lines).toContain('Site rtc: no vote found yet. Vote here: https://rtc.example/vote');
    const ipLines = lines.filter((line) => line.includes('IP address'));
    expect(ipLines).toEqual([
      'serveur-prive.net names voters by their IP address, which this server cannot see: votes there cannot be rewarded here.',
    ]);
    // A new session (the player left and came back) hears it once more.
    world.runtime.drop(1);
    world.runtime.join(1, { ...ANA, identifiers: ['ip:127.0.0.1'] });
    await shared.clock.advance(MINUTE);
    await world.running.claimAll(1);
    expect(told(world).filter((line) => line.includes('IP address'))).toHaveLength(2);
  });
});

describe('the vote history per site', () => {
  const historyOf = (world: SitesWorld) =>
    JSON.parse(world.runtime.kvpData.get('history:license:aaa') ?? 'null') as {
      total: number;
      sites?: Record<string, { total: number; lastDay: string | null }>;
    } | null;

  it('counts votes per site (the seed included) once sites are configured', async () => {
    const shared = createSitesShared([CTR]);
    const world = boot(shared, [CTR]);
    online(world);
    shared.api.addVote('Ana', shared.clock.now() - MINUTE);
    fakeSite(shared, 'ctr').vote('Ana', shared.clock.now() - MINUTE);
    await world.running.claimAll(1);
    expect(historyOf(world)).toMatchObject({
      total: 2,
      sites: { seed: { total: 1, lastDay: '2026-11-21' }, ctr: { total: 1, lastDay: '2026-11-21' } },
    });
  });

  it('without sites, a history is written as before (no per-site field)', async () => {
    const shared = createSitesShared([]);
    const world = boot(shared, []);
    online(world);
    shared.api.addVote('Ana', shared.clock.now() - MINUTE);
    await world.running.claimAll(1);
    const history = historyOf(world);
    expect(history?.total).toBe(1);
    expect(history && 'sites' in history).toBe(false);
  });
});

describe('vote points', () => {
  it('a vote on a site earns the vote points like a vote on the seed, once', async () => {
    const shared = createSitesShared([CTR]);
    const world = bootSites(shared, {
      sites: siteEntries([CTR]),
      poll: { enabled: false },
      points: { perVote: 5 },
    });
    online(world);
    shared.api.addVote('Ana', shared.clock.now() - MINUTE);
    fakeSite(shared, 'ctr').vote('Ana', shared.clock.now() - MINUTE);
    await world.running.claimAll(1);
    await shared.clock.advance(10 * MINUTE);
    await world.running.claimAll(1);
    const read = world.running.points.ledger.read(ANA.license);
    expect(read.ok && read.balance).toBe(10);
  });
});
