/**
 * Two sites end to end: this project's API (the seed) and Top-Serveurs by in-game name (claim then reward), the built
 * bundle in the simulated FXServer with ESX against the real mock and its emulation. One /vote pays each site's vote
 * once and the all-sites bonus once, tells the player per site, and every payout stays exactly once when the server
 * is killed at any KVP write of that /vote.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { E2e } from '../../devkit/worlds/e2e-harness';
import { castOn, createSitesStory, paid, type StorySite, siteVotes } from './sites-world';

const TOP_SERVEURS: StorySite = { kind: 'top-serveurs', id: 'ts', identity: 'name', cash: 200 };
const FULL = ['money:500', 'money:200', 'bank:50'];

let e2e: E2e | null = null;
afterEach(async () => {
  await e2e?.close();
  e2e = null;
});

async function story(): Promise<E2e> {
  e2e = await createSitesStory([TOP_SERVEURS], 50);
  await e2e.vote('Steve');
  await castOn(e2e, 'top-serveurs', 'name', 'Steve');
  return e2e;
}

describe('two sites, one /vote', () => {
  it('pays the seed vote, the Top-Serveurs vote and the all-sites bonus once each, and tells the player per site', async () => {
    const w = await story();
    expect(w.output()).toContain(
      'vote-reward: claims on Top-Serveurs (ts, claim then reward, by name) after the vote API',
    );
    const steve = await w.join('Steve');
    w.type(steve, '/vote');
    await w.advance(5000);
    expect(paid(w, steve).sort()).toEqual([...FULL].sort());
    expect(w.messages(steve)).toEqual([
      'Thanks for voting! You received 500$ in cash.',
      'Top-Serveurs: vote found.',
      'Thanks for voting! You received 200$ in cash.',
      'You voted on every site today! Bonus: 50$ in the bank.',
    ]);
    expect(await siteVotes(w, 'top-serveurs', 'name', 'Steve')).toEqual([
      expect.objectContaining({ claimed_at: expect.any(String) }),
    ]);
    w.type(steve, '/vote');
    await w.advance(5000);
    expect(paid(w, steve).sort()).toEqual([...FULL].sort());
    expect(w.kvp('claim:')).toEqual({});
  });
});

describe('two sites, the server killed at every KVP write of the /vote', () => {
  /** Runs the story with a kill before write `n` (none when beyond the last); answers the writes and what was paid. */
  async function killedAt(n: number) {
    const w = await story();
    const steve = await w.join('Steve');
    const crash = w.crashAtKvpWrite(n);
    w.type(steve, '/vote');
    await w.advance(5000);
    if (crash.fired) {
      await w.restart();
      const again = await w.join('Steve', { license: steve.license });
      await w.advance(20_000);
      w.type(again, '/vote');
      await w.advance(5000);
      w.type(again, '/vote');
      await w.advance(20_000);
    }
    const result = {
      writes: [...crash.writes],
      fired: crash.fired,
      paid: paid(w).sort(),
      open: w.kvp('claim:'),
    };
    await w.close();
    e2e = null;
    return result;
  }

  it('pays the seed vote, the site vote and the bonus exactly once whichever write the server died before', async () => {
    const full = await killedAt(Number.MAX_SAFE_INTEGER);
    expect(full.paid).toEqual([...FULL].sort());
    const failures: string[] = [];
    for (let n = 1; n <= full.writes.length; n += 1) {
      const run = await killedAt(n);
      const fatal = full.writes[n - 1] ?? '?';
      if (!run.fired) failures.push(`write ${n} (${fatal}): no kill`);
      else if (JSON.stringify(run.paid) !== JSON.stringify([...FULL].sort()))
        failures.push(`write ${n} (${fatal}): paid ${run.paid.join(', ')}`);
      else if (Object.keys(run.open).length > 0)
        failures.push(`write ${n} (${fatal}): left open ${Object.keys(run.open).join(', ')}`);
    }
    expect(failures, `${full.writes.length} writes swept`).toEqual([]);
  }, 300_000);
});
