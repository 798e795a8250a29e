/**
 * The crash sweep of each claim model: a vote on the site is claimed with a kill at every KVP write in turn, the
 * server restarts over what the KVP held, and the player keeps typing /vote while the site keeps answering. Every
 * case pays the vote exactly once and leaves nothing open (a reward-then-claim vote ends confirmed at the site).
 */
import { describe, expect, it } from 'vitest';
import { sweepKills } from '../../devkit/kill-sweep';
import {
  bootSites,
  createSitesShared,
  type SitesWorld,
  siteEntries,
  type WorldSite,
} from '../../devkit/worlds/sites-world';
import { JOURNAL_PREFIX } from '../../src/engine/journal';
import { SITE_VOTE_PREFIX } from '../../src/store/keys';

const ANA = { name: 'Ana', license: 'license:aaa' };
const MINUTE = 60_000;

const MODELS: WorldSite[] = [
  { id: 'ctr', kind: 'trackyserver', model: 'claim_then_reward' },
  { id: 'rtc', kind: 'top-server', model: 'reward_then_claim' },
  { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 2 * 3_600_000 },
];

/**
 * The writes of a clean claim per model; the payout's four entry writes are: recorded, giving, read before, given;
 * then the done-mark that outlives the entry (the same vote shown again is never paid again), then the entry goes.
 */
const PAYOUT = [
  'set history',
  'set entry',
  'set entry',
  'set entry',
  'set entry',
  'set done-mark',
  'delete entry',
];
const CLEAN_WRITES: Record<string, string[]> = {
  // claiming, opened (the site claimed), the entry, journaled (kept for the site's window); the payout.
  claim_then_reward: ['set record', 'set record', 'set entry', 'set record', 'set name lock', ...PAYOUT],
  // opened, the entry, claim owed; the payout; confirmed at the site.
  reward_then_claim: ['set record', 'set entry', 'set record', 'set name lock', ...PAYOUT, 'set record'],
  // opened, the entry, journaled (kept for the site's window); the payout.
  check_only: ['set record', 'set entry', 'set record', 'set name lock', ...PAYOUT],
};

const boot = (shared: ReturnType<typeof createSitesShared>, site: WorldSite, kvp?: Map<string, string>) =>
  bootSites(shared, { sites: siteEntries([site]), poll: { enabled: false } }, kvp);

/** Ana online with her ESX character loaded (once: her wallet outlives restarts). */
const online = (world: SitesWorld) => {
  world.runtime.onlinePlayers.set(1, { ...ANA });
  if (!world.esx?.model.players.has(1)) world.esx?.load(1, 'char1:ana', { money: 0, bank: 0 });
};

/** Cash Ana holds: 100 a paid vote. */
const cash = (world: SitesWorld) => world.esx?.balance(1, 'money') ?? 0;

/** Votes, then claims with a kill at write `crashAt` (none when null); answers the world and the writes it made. */
async function firstRun(site: WorldSite, crashAt: number | null) {
  const shared = createSitesShared([site], { esx: true });
  const world = boot(shared, site);
  world.running.start();
  online(world);
  shared.sites[site.id]?.vote('Ana', shared.clock.now() - MINUTE);
  await shared.clock.advance(1000);
  const from = world.writes.length;
  if (crashAt !== null) world.crashAt(crashAt);
  await world.running.claimAll(1).catch(() => undefined);
  await shared.clock.settle();
  world.running.stop();
  return { shared, world, writes: world.writes.slice(from) };
}

const stateOf = (world: SitesWorld) => {
  const steps = [...world.runtime.kvpData.entries()]
    .filter(([key]) => key.startsWith(SITE_VOTE_PREFIX))
    .map(([, value]) => (JSON.parse(value) as { step: string }).step);
  const open = [...world.runtime.kvpData.keys()].filter((key) => key.startsWith(JOURNAL_PREFIX));
  return { steps, open };
};

describe.each(MODELS)('a kill at every KVP write of a vote on a $model site', (site) => {
  it('the clean run pays once and names its writes', async () => {
    const { world, writes } = await firstRun(site, null);
    expect(cash(world)).toBe(100);
    const named = writes.map((write) =>
      write
        .replace(/ site:vote:.*/, ' record')
        .replace(/ claim:s:.*/, ' entry')
        .replace(/ award-done:s:.*/, ' done-mark')
        .replace(/ namelock:.*/, ' name lock')
        .replace(/ history:.*/, ' history'),
    );
    expect(named).toEqual(CLEAN_WRITES[site.model]);
  });

  it('every kill: restarted, the vote is paid exactly once and nothing stays open', async () => {
    await sweepKills({
      run: (killAt) => firstRun(site, killAt),
      writesOf: (run) => run.writes,
      killed: (run) => run.world.dead(),
      async recover({ shared, world }) {
        const second = boot(shared, site, world.runtime.snapshot());
        second.running.start();
        online(second);
        await shared.clock.advance(20_000);
        for (let i = 0; i < 3; i += 1) {
          await second.running.claimAll(1);
          await shared.clock.advance(20 * MINUTE);
        }
        expect(cash(second)).toBe(100);
        const { steps, open } = stateOf(second);
        expect(open).toEqual([]);
        expect(steps).toEqual(site.model === 'reward_then_claim' ? ['confirmed'] : ['journaled']);
        if (site.model === 'reward_then_claim')
          expect(shared.sites[site.id]?.votes.get('Ana')?.every((vote) => vote.claimed)).toBe(true);
        second.running.stop();
      },
    });
  });
});
