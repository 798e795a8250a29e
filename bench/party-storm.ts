/**
 * What a lying world pays (a count of a billion, a clock a month off), printed for the closing note: `npx tsx bench/party-storm.ts`.
 * Runs the real party, top voters, claim flow and mock (in process) over the test worlds; works on the code before
 * the count gate too (it only uses what both have), so the same script gives the before and after figures.
 *
 * 1. Storm: `/vote/count` answers `votes_monthly: 1000000000` for 2 minutes (the party's own reads, and the poller's
 *    every 30 s), 3 players online, `every: 50`: party payouts.
 * 2. Clock one month forward, the site's count unchanged (31, parties 10/20/30 paid in November): payouts for the
 *    wrong month, then the true December's first party.
 * 3. Clock one month back after a restart: payouts for October (before the party started).
 */
import type { VoteCount } from '../contract/answers';
import { createSkewedShared } from '../devkit/worlds/clock-world';
import { addVotes, awardPayouts, bootWorld, createShared, online } from '../devkit/worlds/programs-world';

const MIN = 60_000;
const DAY = 86_400_000;
const NOV_21 = Date.parse('2026-11-21T10:00:00.000Z');
const reward = { type: 'money', amount: 777 };

async function storm(): Promise<number> {
  const shared = createShared(NOV_21);
  const w = bootWorld(shared, { voteParty: { enabled: true, every: 50, reward, announceMinutes: 0 } });
  for (const [source, name] of [
    [1, 'Ana'],
    [2, 'Bo'],
    [3, 'Cy'],
  ] as const)
    online(w, source, name, `license:${name.toLowerCase()}`);
  w.party?.start();
  await shared.clock.settle();
  const count: VoteCount = {
    votes_total: 1_000_000_000,
    votes_24h: 12,
    votes_7d: 40,
    votes_monthly: 1_000_000_000,
    server_name: 'Test City',
    server_game: 'gta5',
  };
  shared.api.wire({
    path: '/api/v1/vote/count',
    reply: { status: 200, body: JSON.stringify(count) },
    times: 1000,
  });
  for (let t = 0; t <= 2 * MIN; t += 30_000) {
    w.events.emit('voteCount', { count, at: shared.clock.now() });
    await shared.clock.advance(30_000);
  }
  await shared.clock.advance(MIN);
  w.stop();
  return awardPayouts(shared.adapter, 'a:party:').length;
}

const PARTY = { voteParty: { enabled: true, every: 10, reward, announceMinutes: 0 } };

async function clockJump(direction: 1 | -1): Promise<{ wrongMonth: number; trueDecember: number | null }> {
  const shared = createSkewedShared(NOV_21);
  const boot = async (kvp?: Map<string, string>) => {
    const w = bootWorld(shared, PARTY, { kvp });
    online(w, 1, 'Ana', 'license:a');
    online(w, 2, 'Bo', 'license:b');
    w.party?.start();
    await shared.truth.settle();
    return w;
  };
  const first = await boot();
  for (const n of [10, 10, 11]) {
    addVotes(shared.api, shared.truth.now(), n);
    await shared.truth.advance(MIN);
  }
  first.stop();
  shared.skew(direction * 30 * DAY);
  const jumped = await boot(first.runtime.snapshot());
  await shared.truth.advance(10 * MIN);
  const wrong = direction === 1 ? 'a:party:2026-12:' : 'a:party:2026-10:';
  const wrongMonth = awardPayouts(shared.adapter, wrong).length;
  jumped.stop();
  shared.skew(0);
  if (direction === -1) return { wrongMonth, trueDecember: null };
  await shared.truth.advance(Date.parse('2026-12-02T10:00:00.000Z') - shared.truth.now());
  const december = await boot(jumped.runtime.snapshot());
  const before = awardPayouts(shared.adapter, 'a:party:2026-12:').length;
  addVotes(shared.api, shared.truth.now(), 10);
  await shared.truth.advance(2 * MIN);
  december.stop();
  return { wrongMonth, trueDecember: awardPayouts(shared.adapter, 'a:party:2026-12:').length - before };
}

const paid = await storm();
console.log(`storm: count 1000000000 for 2 min, 3 players online -> ${paid} party payouts`);
const forward = await clockJump(1);
console.log(
  `clock +1 month, count unchanged (31) -> ${forward.wrongMonth} payouts for 2026-12 during the jump; the true December's 10th vote -> ${forward.trueDecember} payouts`,
);
const back = await clockJump(-1);
console.log(`clock -1 month after a restart -> ${back.wrongMonth} payouts for 2026-10 (party:since 2026-11)`);
