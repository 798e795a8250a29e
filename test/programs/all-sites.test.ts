/** Votes per site in a history, and the "all sites" bonus decided from them. */
import { describe, expect, it } from 'vitest';
import type { VoteHistory } from '../../src/domain/types';
import { allSitesAward, boundSites, HISTORY_SITES, tallySite } from '../../src/programs/all-sites';
import { freshHistory } from '../../src/programs/history';

const SITES = ['seed', 'tracky', 'topg'];
const BONUS = [{ type: 'bank' as const, amount: 1000 }];

const voted = (days: Record<string, string>): VoteHistory =>
  Object.entries(days).reduce(
    (history, [site, day]) => tallySite(history, site, day),
    freshHistory('license:a', 'Ana'),
  );

describe('tallySite', () => {
  it('counts votes per site and keeps the last day, never moving it back', () => {
    let history = tallySite(freshHistory('license:a', 'Ana'), 'tracky', '2026-11-21');
    history = tallySite(history, 'tracky', '2026-11-20');
    expect(history.sites).toEqual({ tracky: { total: 2, lastDay: '2026-11-21' } });
  });

  it(`keeps the ${HISTORY_SITES} sites voted on last`, () => {
    const sites = Object.fromEntries(
      Array.from({ length: HISTORY_SITES + 2 }, (_, i) => [
        `s${i}`,
        { total: 1, lastDay: `2026-11-${10 + i}` },
      ]),
    );
    const kept = boundSites(sites) ?? {};
    expect(Object.keys(kept)).toHaveLength(HISTORY_SITES);
    expect(kept.s0).toBeUndefined();
    expect(kept[`s${HISTORY_SITES + 1}`]).toBeDefined();
  });
});

describe('allSitesAward', () => {
  it.each([
    { what: 'every site today', days: { seed: 'D', tracky: 'D', topg: 'D' }, reward: BONUS, awarded: true },
    {
      what: 'one site yesterday',
      days: { seed: 'D', tracky: 'Y', topg: 'D' },
      reward: BONUS,
      awarded: false,
    },
    { what: 'one site never', days: { seed: 'D', tracky: 'D' }, reward: BONUS, awarded: false },
    {
      what: 'no bonus configured',
      days: { seed: 'D', tracky: 'D', topg: 'D' },
      reward: null,
      awarded: false,
    },
  ])('$what: awarded $awarded', ({ days, reward, awarded }) => {
    const named = Object.fromEntries(
      Object.entries(days).map(([site, day]) => [site, day === 'D' ? '2026-11-21' : '2026-11-20']),
    );
    const award = allSitesAward({
      history: voted(named),
      sites: SITES,
      day: '2026-11-21',
      reward,
      ref: 'r1',
    });
    expect(award !== null).toBe(awarded);
    if (award) {
      // One id per player and day: deciding again (a later vote that day, a crash) creates nothing new.
      expect(award.id).toBe('a:allsites:license:a:2026-11-21');
      expect(award.info).toEqual({ program: 'allsites', value: 3, month: null, voteRef: 'r1' });
    }
  });
});
