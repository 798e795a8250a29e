import { describe, expect, it } from 'vitest';
import { createMockVoteApi, fetchThrough } from '../../devkit/fakes/mock-transport';
import { createFakeClock, createFakeRuntime, type FakeRuntime } from '../../devkit/fakes/runtime';
import { createResource } from '../../src/resource';

const MIN = 60_000;
const NOV_30_23H = Date.parse('2026-11-30T23:00:00.000Z');
const PAID = { type: 'custom', event: 'x:paid' };
const PROGRAMS = {
  framework: 'standalone',
  reward: PAID,
  poll: { enabled: false },
  streaks: { rewards: [{ days: 3, reward: PAID }] },
  voteParty: { enabled: true, every: 2, reward: PAID, announceMinutes: 0 },
  topVoters: { enabled: true, awards: [{ rank: 1, reward: PAID }] },
};

/** The whole resource over the fake runtime, its fetch answered by the real mock in process. */
const setup = (config: Record<string, unknown>, start?: number) => {
  const runtime = createFakeRuntime({ clock: createFakeClock(start) });
  const api = createMockVoteApi({ now: runtime.now });
  runtime.convars.set('vote_reward_api_key', api.apiKey);
  runtime.files.set('config.json', JSON.stringify({ apiUrl: 'https://votes.example', ...config }));
  runtime.fetch = fetchThrough(api);
  return { runtime, api, resource: createResource(runtime) };
};

const admin = async (runtime: FakeRuntime, line: string) => {
  const before = runtime.logs.length;
  runtime.commands.get('votereward')?.handler(0, line.split(' '), `votereward ${line}`);
  await runtime.clock.settle();
  return runtime.logs.slice(before).map((l) => l.message);
};

/** Starts the resource with Ana online and one vote of hers claimed through /vote. */
const running = async (start?: number) => {
  const world = setup(PROGRAMS, start);
  await world.resource.start();
  world.runtime.join(1, { name: 'Ana', license: 'license:a' });
  await world.runtime.clock.advance(10_000);
  world.api.addVote('Ana', world.runtime.now());
  world.runtime.commands.get('vote')?.handler(1, [], 'vote');
  await world.runtime.clock.advance(MIN);
  return world;
};

describe('reward programs in the running resource', () => {
  it('registers /votetop only when top voters are on, and answers it with the ranking', async () => {
    const off = setup({ framework: 'standalone', reward: PAID, poll: { enabled: false } });
    await off.resource.start();
    expect([...off.runtime.commands.keys()]).toEqual(['votereward', 'vote']);

    const { runtime } = await running();
    expect([...runtime.commands.keys()]).toEqual(['votereward', 'vote', 'votetop']);
    runtime.told.length = 0;
    runtime.commands.get('votetop')?.handler(1, [], 'votetop');
    expect(runtime.told.map((t) => t.message)).toEqual([
      'Top voters of 2026-11:',
      '#1 Ana: 1 vote(s)',
      'You are #1 with 1 vote(s).',
    ]);
  });

  it('votereward player shows the history, the streak and the open awards', async () => {
    const { runtime } = await running(NOV_30_23H);
    expect(await admin(runtime, 'player Ana')).toEqual([
      'vote-reward player Ana (license:a)',
      '  Votes      1 claimed here, 1 in 2026-11 (#1 this month)',
      '  Last vote  2026-11-30 23:00 UTC (1 min ago)',
      '  Streak     1 day(s), best 1; breaks in 24 h 58 min without a vote',
      '  Awards     none open',
    ]);
    // Ana leaves before the month ends: her prize for November waits for her next join.
    runtime.drop(1);
    await runtime.clock.advance(30 * 3_600_000);
    expect(await admin(runtime, 'player Ana')).toEqual([
      'vote-reward player Ana (license:a)',
      '  Votes      1 claimed here, 0 in 2026-12',
      '  Last vote  2026-11-30 23:00 UTC (30 h 1 min ago)',
      '  Streak     0 day(s), best 1',
      '  Awards     1 open',
      '    a:top:2026-11:1:license:a                 top 1 (2026-11)       claimed      0/1 given',
    ]);
    expect((await admin(runtime, 'player license:a'))[0]).toBe('vote-reward player Ana (license:a)');
    expect(await admin(runtime, 'player Nobody')).toEqual([
      'votereward player: no vote history, open award, points or purchase for "Nobody"',
    ]);
    expect(await admin(runtime, 'player')).toContain('votereward player: missing <who>');
  });

  it('votereward party and status show the progress and the last threshold paid', async () => {
    const { runtime, api } = await running();
    api.addVote('Bo', runtime.now());
    await runtime.clock.advance(MIN);
    const party = await admin(runtime, 'party');
    expect(party[0]).toBe('vote party (2026-11, UTC month; every 2 votes)');
    expect(party[1]).toMatch(/^ {2}Count {6}2 vote\(s\) this month \(read \d+ s ago by the party\)$/);
    expect(party.slice(2, 4)).toEqual([
      '  Next       4 (2 to go)',
      '  Last paid  2 (1 player(s), decided at a count of 2)',
    ]);
    expect(runtime.emitted.filter((e) => e.event === 'x:paid')).toHaveLength(2);
    const partyLine = '  Party      2/4 votes this month (2026-11 UTC); last paid 2';
    const topLine = '  Top        2026-11: #1 Ana with 1 vote(s); last month not decided';
    const status = await admin(runtime, 'status');
    expect(status.slice(-5)).toEqual([
      '  Pending    0 open claim(s)',
      '  Polling    off',
      partyLine,
      topLine,
      '  (votereward status verbose: key, rate budget, names, poller figures, history)',
    ]);
    const verbose = await admin(runtime, 'status verbose');
    expect(verbose.slice(-9)).toEqual([
      '  Names      1 bound (name lock on)',
      '  Polling    off',
      partyLine,
      topLine,
      '  History    1 player(s) with votes claimed here',
      '  Discord    off',
      '  Points     none per vote (points rewards and exports still credit)',
      '  Shop       off',
      '  Panel      off (set vote_reward_panel true in server.cfg)',
    ]);
  });

  it('votereward top shows the ranking and, once decided, the decision', async () => {
    const { runtime } = await running(NOV_30_23H);
    expect(await admin(runtime, 'top')).toEqual([
      'vote-reward top voters of 2026-11 (UTC time zone; ties go to who reached the count first)',
      '  #1   Ana                      1 vote(s)  license:a',
      '  Decision   not decided (decided once, at the first check after the month ends)',
    ]);
    expect((await admin(runtime, 'top 2026-13'))[0]).toBe(
      'votereward top: "2026-13" is not a month (YYYY-MM)',
    );
    await runtime.clock.advance(2 * 3_600_000);
    // Decided at the first check after the party's read showed the API's counter in December (not on the clock alone).
    expect(await admin(runtime, 'top 2026-11')).toEqual([
      'vote-reward top voters of 2026-11 (UTC time zone; ties go to who reached the count first)',
      '  #1   Ana                      1 vote(s)  license:a',
      '  Decision   2026-12-01 00:01 UTC: 1 ranked, 1 award(s)',
      '    #1 Ana (license:a): a:top:2026-11:1:license:a',
    ]);
    expect(await admin(runtime, 'top')).toContain('  nobody has a vote claimed here this month');
  });

  it('getTopVoters answers the ranking or a clear error, as a value', async () => {
    const { runtime } = await running();
    const getTopVoters = runtime.exportsProvided.get('getTopVoters') as (p?: unknown, n?: unknown) => unknown;
    expect(getTopVoters('current', 5)).toEqual({
      ok: true,
      month: '2026-11',
      voters: [{ rank: 1, license: 'license:a', name: 'Ana', votes: 1 }],
    });
    expect(getTopVoters('soon', 5)).toMatchObject({ ok: false, code: 'invalid_period' });
  });

  it('stops the party on reload: one count read a minute, not two', async () => {
    const { runtime, api } = await running();
    await admin(runtime, 'reload');
    const from = runtime.now();
    await runtime.clock.advance(10 * MIN);
    const reads = api.exchanges.filter((e) => e.path === '/api/v1/vote/count' && e.at > from);
    expect(reads.length).toBeGreaterThanOrEqual(9);
    expect(reads.length).toBeLessThanOrEqual(11);
  });

  it('finishes a party decision a crash left open at start, and shows the owed share of a player with no vote', async () => {
    const world = setup(PROGRAMS);
    const decision = {
      format: 1,
      month: '2026-11',
      threshold: 2,
      votes: 2,
      decidedAt: world.runtime.now() - MIN,
      minMonthlyVotes: 0,
      players: [{ license: 'license:b', name: 'Bo' }],
    };
    world.runtime.kvpData.set('party:since', '2026-11');
    world.runtime.kvpData.set('party:decision:2026-11:2', JSON.stringify(decision));
    await world.resource.start();
    await world.runtime.clock.settle();
    expect(world.runtime.kvpData.get('party:progress:2026-11')).toBe('2');
    expect(await admin(world.runtime, 'player bo')).toEqual([
      'vote-reward player Bo (license:b)',
      '  Votes      0 claimed here, 0 in 2026-11',
      '  Last vote  never',
      '  Streak     0 day(s), best 0',
      '  Awards     1 open',
      '    a:party:2026-11:2:license:b               party 2 (2026-11)     claimed      0/1 given',
    ]);
    world.runtime.join(2, { name: 'Bo', license: 'license:b' });
    await world.runtime.clock.advance(10_000);
    expect(world.runtime.emitted.filter((e) => e.event === 'x:paid')).toHaveLength(1);
    // Paid and online, Bo has no vote history: found among the players online, with nothing open.
    expect(await admin(world.runtime, 'player Bo')).toEqual([
      'vote-reward player Bo (license:b)',
      '  Votes      0 claimed here, 0 in 2026-11',
      '  Last vote  never',
      '  Streak     0 day(s), best 0',
      '  Awards     none open',
    ]);
  });
});
