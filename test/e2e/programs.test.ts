/**
 * Reward programs end to end: the built bundle in the simulated FXServer against the real mock, the clock moved across
 * days (and a month change), the server killed at every KVP write of an award's life.
 */

import { afterEach, describe, expect, it } from 'vitest';
import type { PayoutEntry } from '../../devkit/fxserver';
import { createE2e, type E2e, type E2ePlayer, type Framework } from '../../devkit/worlds/e2e-harness';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let world: E2e | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

/** A world with polling off (no reminders in the chat) and no /vote cooldown, so each test reads only its own lines. */
async function programsWorld(config: Record<string, unknown>, framework: Framework = 'esx'): Promise<E2e> {
  await world?.close();
  world = await createE2e({
    framework,
    config: { claimCooldownSeconds: 0, poll: { enabled: false }, ...config },
    discordWebhook: config.discord !== undefined,
  });
  return world;
}

/** Cash as each framework names it in the ledger. */
const CASH_NAMES = new Set(['money', 'cash', 'wallet']);

/** A payout as `money 500` / `bank 20` (QBCore's `cash` and vRP's `wallet` read as money), in the order paid. */
/**
 * The writes a kill sweep samples at this layer: the first and the last, and the first and last write of each record
 * family (`set claim:`, `delete claim:`, `set award-done:` ...). Every write is swept in process
 * (`test/claim/claim-awards.test.ts`, `test/programs/party-hold.test.ts`); here the built bundle shows the same at the
 * writes where one kind of record gives way to another.
 */
const sampledKills = (writes: readonly string[]): number[] => {
  const family = (write: string) => write.replace(/^(\S+ [^:]+:).*$/, '$1');
  const picked = new Set([1, writes.length]);
  const seen = new Map<string, number>();
  writes.forEach((write, index) => {
    if (!seen.has(family(write))) picked.add(index + 1);
    seen.set(family(write), index + 1);
  });
  for (const last of seen.values()) picked.add(last);
  return [...picked].filter((n) => n >= 1).sort((a, b) => a - b);
};

const paidOf = (entries: PayoutEntry[]): string[] =>
  entries.map((entry) => `${CASH_NAMES.has(entry.name) ? 'money' : entry.name} ${entry.amount}`);

/** The player types /vote; waits until `count` payouts more are in the ledger, then lets the flow finish. */
async function voteAndWait(w: E2e, player: E2ePlayer, count: number): Promise<string[]> {
  const before = w.ledger().length;
  const heard = w.messages(player).length;
  w.type(player, '/vote');
  await w.until(() => w.ledger().length >= before + count && w.messages(player).length > heard);
  await w.advance(2000);
  return paidOf(w.ledger().slice(before));
}

/** New chat lines of a player since `from` lines. */
const linesSince = (w: E2e, player: E2ePlayer, from: number) => w.messages(player).slice(from);

/** The stored history of a player (the KVP on disk). */
function historyOf(w: E2e, player: E2ePlayer): Record<string, unknown> {
  const text = w.kvp(`history:${player.license}`)[`history:${player.license}`];
  if (text === undefined) throw new Error(`no history stored for ${player.license}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Moves the simulated clock to the next `hour`:00 UTC (at least one minute ahead). */
async function jumpToUtcHour(w: E2e, hour: number): Promise<void> {
  const now = w.now();
  const target = new Date(now);
  target.setUTCHours(hour, 0, 0, 0);
  let at = target.getTime();
  while (at <= now + 60_000) at += DAY;
  await w.jump(at - now);
}

const CASH = (amount: number) => ({ type: 'money', amount });
const BANK = (amount: number) => ({ type: 'bank', amount });

describe('first vote and milestones', () => {
  it.each<Framework>(['esx', 'qbcore', 'qbox', 'vrp'])(
    '%s: the first vote pays its bonus, every milestone that fires on a vote is paid once, several on one vote',
    async (framework) => {
      const w = await programsWorld(
        {
          reward: CASH(500),
          firstVote: { reward: BANK(1000) },
          milestones: [
            { at: 3, reward: CASH(300) },
            { every: 2, reward: BANK(20) },
            { every: 3, reward: BANK(30) },
          ],
        },
        framework,
      );
      for (let i = 6; i >= 1; i--) await w.vote('Steve', { agoMs: i * 3 * HOUR });
      const steve = await w.join('Steve');

      const expected = [
        ['money 500', 'bank 1000'],
        ['money 500', 'bank 20'],
        ['money 500', 'money 300', 'bank 30'],
        ['money 500', 'bank 20'],
        ['money 500'],
        ['money 500', 'bank 20', 'bank 30'],
      ];
      const heard: string[][] = [];
      for (const payouts of expected) {
        const from = w.messages(steve).length;
        expect(await voteAndWait(w, steve, payouts.length)).toEqual(payouts);
        heard.push(linesSince(w, steve, from));
      }
      expect(heard[0]).toEqual([
        'Thanks for voting! You received 500$ in cash.',
        'Thanks for your first vote for the server! Bonus: 1000$ in the bank.',
      ]);
      expect(heard[2]).toEqual([
        'Thanks for voting! You received 500$ in cash.',
        'Vote milestone reached: 3 in all! Bonus: 300$ in cash.',
        'Vote milestone reached: 3 in all! Bonus: 30$ in the bank.',
      ]);
      expect(heard[4]).toEqual(['Thanks for voting! You received 500$ in cash.']);

      // A seventh /vote finds nothing: no vote, no award paid again.
      const before = w.ledger().length;
      w.type(steve, '/vote');
      await w.advance(3000);
      expect(w.ledger()).toHaveLength(before);
      expect(w.unclaimed('Steve')).toEqual([]);
      expect(w.votes('Steve').filter((vote) => vote.claimedAt !== null)).toHaveLength(6);
      expect(historyOf(w, steve)).toMatchObject({ total: 6, name: 'Steve' });
      expect(w.kvp('claim:')).toEqual({});
      // The first vote's bonus is for the first vote ever: it stays done across a restart.
      await w.restart();
      await w.vote('Steve');
      const again = await w.join('Steve', { license: steve.license });
      expect(await voteAndWait(w, again, 1)).toEqual(['money 500']);
    },
  );
});

describe('streaks', () => {
  const STREAKS = {
    reward: CASH(500),
    streaks: {
      graceDays: 1,
      rewards: [
        { days: 2, reward: BANK(200) },
        { days: 3, reward: BANK(300) },
      ],
    },
  };

  it('counts days with a vote, allows one missed day, breaks after two, and a new streak earns its awards again', async () => {
    const w = await programsWorld(STREAKS);
    const steve = await w.join('Steve');
    const day = async (label: string, payouts: number) => {
      await w.vote('Steve');
      const from = w.messages(steve).length;
      const paid = await voteAndWait(w, steve, payouts);
      return { label, paid, heard: linesSince(w, steve, from) };
    };
    const log = [];
    // Mon 2 June 2025, noon UTC.
    log.push(await day('Mon', 1));
    await w.jump(DAY);
    log.push(await day('Tue', 2));
    // The site's cooldown (120 min) is over three hours later: a second vote the same day keeps the streak as it is.
    await w.jump(3 * HOUR);
    log.push(await day('Tue 15:00', 1));
    // Wednesday missed (the grace day), Thursday extends the streak to 3.
    await jumpToUtcHour(w, 12);
    await w.jump(DAY);
    log.push(await day('Thu', 2));
    // Friday and Saturday missed: broken on Sunday.
    await w.jump(3 * DAY);
    log.push(await day('Sun', 1));
    await w.jump(DAY);
    log.push(await day('Mon', 2));

    expect(log).toEqual([
      {
        label: 'Mon',
        paid: ['money 500'],
        heard: [
          'Thanks for voting! You received 500$ in cash.',
          'Vote streak: 1 day(s), best 1. Vote again within 59 h to keep it.',
        ],
      },
      {
        label: 'Tue',
        paid: ['money 500', 'bank 200'],
        heard: [
          'Thanks for voting! You received 500$ in cash.',
          '2-day vote streak! Bonus: 200$ in the bank.',
          'Vote streak: 2 day(s), best 2. Vote again within 59 h to keep it.',
        ],
      },
      {
        label: 'Tue 15:00',
        paid: ['money 500'],
        heard: [
          'Thanks for voting! You received 500$ in cash.',
          'Vote streak: 2 day(s), best 2. Vote again within 56 h to keep it.',
        ],
      },
      {
        label: 'Thu',
        paid: ['money 500', 'bank 300'],
        heard: [
          'Thanks for voting! You received 500$ in cash.',
          '3-day vote streak! Bonus: 300$ in the bank.',
          'Vote streak: 3 day(s), best 3. Vote again within 59 h to keep it.',
        ],
      },
      {
        label: 'Sun',
        paid: ['money 500'],
        heard: [
          'Thanks for voting! You received 500$ in cash.',
          'Vote streak: 1 day(s), best 3. Vote again within 59 h to keep it.',
        ],
      },
      {
        label: 'Mon',
        paid: ['money 500', 'bank 200'],
        heard: [
          'Thanks for voting! You received 500$ in cash.',
          '2-day vote streak! Bonus: 200$ in the bank.',
          'Vote streak: 2 day(s), best 3. Vote again within 59 h to keep it.',
        ],
      },
    ]);
    expect(historyOf(w, steve)).toMatchObject({
      total: 6,
      streak: { current: 2, best: 3, lastDay: '2025-06-09', startDay: '2025-06-08' },
    });
    expect(Object.keys(w.kvp('award-done:')).sort()).toEqual([
      `award-done:a:streak:${steve.license}:2025-06-02:2`,
      `award-done:a:streak:${steve.license}:2025-06-02:3`,
      `award-done:a:streak:${steve.license}:2025-06-08:2`,
    ]);
  });

  it.each([
    { zone: 'UTC', first: 18, award: false },
    { zone: '+05:00', first: 18, award: true },
    { zone: 'Asia/Karachi', first: 18, award: true },
    { zone: 'UTC', first: 23, award: true },
    { zone: 'America/New_York', first: 23, award: false },
  ])(
    'time zone $zone: votes at $first:30 and two hours later are on two days: $award',
    async ({ zone, first, award }) => {
      const w = await programsWorld({ ...STREAKS, timeZone: zone });
      const steve = await w.join('Steve');
      await jumpToUtcHour(w, first);
      await w.jump(30 * 60_000);
      await w.vote('Steve');
      expect(await voteAndWait(w, steve, 1)).toEqual(['money 500']);
      await w.jump(2 * HOUR);
      await w.vote('Steve');
      expect(await voteAndWait(w, steve, award ? 2 : 1)).toEqual(
        award ? ['money 500', 'bank 200'] : ['money 500'],
      );
      expect(historyOf(w, steve)).toMatchObject({ streak: { current: award ? 2 : 1 } });
    },
  );
});

/** A stored journal entry, as much of it as these tests read. */
interface StoredEntry {
  id: string;
  state: string;
  rewards: { type: string; amount?: number }[];
  given: boolean[];
  draws: { entry: number; roll: number | null; pick: number | null }[];
  award: { program: string; value: number } | null;
}

/** The open journal entries on disk, by id. */
function journalOf(w: E2e): Map<string, StoredEntry> {
  const entries = Object.values(w.kvp('claim:')).map((text) => JSON.parse(text) as StoredEntry);
  return new Map(entries.map((entry) => [entry.id, entry]));
}

const rewardText = (reward: { type: string; amount?: number }) => `${reward.type} ${reward.amount}`;

/** `[money 500] + one of [money 11, money 22, bank 33]` per vote. */
const ONE_OF = [
  { type: 'money', amount: 11, weight: 1 },
  { type: 'money', amount: 22, weight: 1 },
  { type: 'bank', amount: 33, weight: 2 },
];
const ONE_OF_TEXT = ['money 11', 'money 22', 'bank 33'];

/** Checks a journalled draw against its rewards: each pick names the option paid, a lost roll pays nothing. */
function expectDrawMatches(entry: StoredEntry, specs: readonly Record<string, unknown>[]): void {
  const paid = entry.rewards.map(rewardText);
  const expected: string[] = [];
  specs.forEach((spec, index) => {
    const draw = entry.draws.find((record) => record.entry === index);
    if ('oneOf' in spec) {
      expect(draw?.pick).toBeGreaterThanOrEqual(0);
      const option = (spec.oneOf as { type: string; amount: number }[])[draw?.pick ?? -1];
      if (option) expected.push(rewardText(option));
      return;
    }
    if ('chance' in spec) {
      expect(draw?.roll).toBeTypeOf('number');
      if (draw?.pick === -1) {
        expect(draw.roll).toBeGreaterThanOrEqual(spec.chance as number);
        return;
      }
      expect(draw?.roll).toBeLessThan(spec.chance as number);
    }
    expected.push(rewardText(spec as { type: string; amount: number }));
  });
  expect(paid).toEqual(expected);
}

describe('chance and choice', () => {
  const VOTE_REWARDS = [CASH(500), { type: 'bank', amount: 5, chance: 50 }, { oneOf: ONE_OF }];

  it('each vote pays 500, one option of the oneOf and the 50 % bank bonus or not; awards with a chance pay or say no luck', async () => {
    const w = await programsWorld({
      reward: VOTE_REWARDS,
      milestones: [{ every: 1, reward: { type: 'bank', amount: 7, chance: 50 } }],
    });
    for (let i = 8; i >= 1; i--) await w.vote('Steve', { agoMs: i * 3 * HOUR });
    const steve = await w.join('Steve');
    const seen = new Set<string>();
    for (let vote = 1; vote <= 8; vote++) {
      const before = w.ledger().length;
      const from = w.messages(steve).length;
      const events = w.rewardedEvents().length;
      w.type(steve, '/vote');
      await w.until(() => w.rewardedEvents().length > events && w.messages(steve).length >= from + 2);
      await w.advance(2000);
      const paid = paidOf(w.ledger().slice(before));
      const heard = linesSince(w, steve, from);
      // The vote's rewards, as the resource announced them, are what the ledger shows before the award.
      const event = w.rewardedEvents()[events]?.[1] as { rewards: { type: string; amount: number }[] };
      const announced = event.rewards;
      const voteRewards = announced.map(rewardText);
      expect(paid.slice(0, voteRewards.length)).toEqual(voteRewards);
      expect(voteRewards[0]).toBe('money 500');
      expect(voteRewards.filter((text) => ONE_OF_TEXT.includes(text))).toHaveLength(1);
      expect(voteRewards.filter((text) => text === 'bank 5').length).toBeLessThanOrEqual(1);
      expect(voteRewards).toHaveLength(voteRewards.includes('bank 5') ? 3 : 2);
      for (const text of voteRewards) seen.add(text);
      // The award drawn with a 50 % chance: paid with its line, or the no-luck line and nothing paid.
      const award = paid.slice(voteRewards.length);
      if (award.length === 0) expect(heard[1]).toBe('No luck with the bonus draw this time.');
      else {
        expect(award).toEqual(['bank 7']);
        expect(heard[1]).toBe(`Vote milestone reached: ${vote} in all! Bonus: 7$ in the bank.`);
      }
    }
    expect(w.unclaimed('Steve')).toEqual([]);
    expect(w.kvp('claim:')).toEqual({});
    expect([...seen].filter((text) => ONE_OF_TEXT.includes(text)).length).toBeGreaterThanOrEqual(1);
  });

  it.each([2, 3, 4, 5, 6])(
    'a server killed before KVP write %i of a drawn vote pays the journalled pick after the restart, never a new draw',
    async (n) => {
      const w = await programsWorld({ reward: VOTE_REWARDS });
      await w.vote('Steve');
      const steve = await w.join('Steve');
      const crash = w.crashAtKvpWrite(n);
      w.type(steve, '/vote');
      await w.advance(5000);
      expect(crash.fired).toBe(true);
      const stored = [...journalOf(w).values()];
      expect(stored).toHaveLength(1);
      const entry = stored[0] as StoredEntry;
      expectDrawMatches(entry, VOTE_REWARDS);
      const paidBefore = paidOf(w.ledger());

      await w.restart();
      const again = await w.join('Steve', { license: steve.license });
      await w.advance(10_000);
      w.type(again, '/vote');
      await w.advance(5000);

      expect(paidOf(w.ledger())).toEqual(entry.rewards.map(rewardText));
      expect(paidOf(w.ledger()).slice(0, paidBefore.length)).toEqual(paidBefore);
      expect(w.votes('Steve').filter((vote) => vote.claimedAt !== null)).toHaveLength(1);
      expect(w.kvp('claim:')).toEqual({});
    },
  );
});

describe('exactly once: the server killed at every KVP write of a vote that earns awards', () => {
  /**
   * Day 2's vote pays 500 and a oneOf pick, earns the milestones at 2 (120 cash) and every 2 (70 bank) and the 2-day
   * streak (250 bank). No chance here: every run makes the same writes, so run n dies at the n-th write of the full flow.
   */
  const CONFIG = {
    reward: [CASH(500), { oneOf: ONE_OF }],
    firstVote: { reward: BANK(1000) },
    milestones: [
      { at: 2, reward: CASH(120) },
      { every: 2, reward: BANK(70) },
    ],
    streaks: { rewards: [{ days: 2, reward: BANK(250) }] },
    discord: { enabled: true },
  };

  /** A KVP write with the mock's vote id (a fresh UUID each run) left out. */
  const withoutVoteId = (write: string) => write.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, '<vote_id>');

  /** What the Discord webhook receives over both days when nothing is killed, line by line. */
  const FULL_DISCORD = [
    'Steve voted for the server (1 vote(s) from them this month).',
    // The vote comes before the awards it earned; two milestone rules (at 2, every 2) met by one total make one line.
    'Steve voted for the server (2 vote(s) from them this month).',
    'Steve reached a vote milestone: 2 in all!',
    'Steve is on a 2-day vote streak!',
  ];

  /** One run: day 1 claimed cleanly, day 2's /vote killed before its n-th KVP write, restarted, rejoined, /vote. */
  async function runKilledAt(n: number) {
    const w = await programsWorld(CONFIG);
    await w.vote('Steve');
    const steve = await w.join('Steve');
    w.type(steve, '/vote');
    await w.until(() => w.ledger().length >= 3);
    await w.advance(2000);
    const base = w.ledger().length;
    await w.jump(DAY);
    await w.vote('Steve');
    const crash = w.crashAtKvpWrite(n);
    w.type(steve, '/vote');
    await w.advance(5000);
    const journalAtKill = crash.fired ? journalOf(w) : new Map<string, StoredEntry>();
    if (crash.fired) {
      await w.restart();
      const again = await w.join('Steve', { license: steve.license });
      await w.advance(10_000);
      w.type(again, '/vote');
      await w.advance(5000);
      await w.advance(30_000);
    }
    await w.advance(5000);
    const posted = (await w.discordMessages()).flatMap((message) => message.content.split('\n'));
    return { w, crash, journalAtKill, paid: paidOf(w.ledger().slice(base)), posted };
  }

  it('pays the vote and each award exactly once whichever write the server died before', async () => {
    const failures: string[] = [];
    const fatal: string[] = [];
    let complete: string[] = [];
    const postedOf: string[][] = [];
    const full = await runKilledAt(Number.MAX_SAFE_INTEGER);
    complete = full.crash.writes.map(withoutVoteId);
    expect(full.posted).toEqual(FULL_DISCORD);
    const sample = sampledKills(complete);
    for (const n of sample) {
      const { w, crash, journalAtKill, paid, posted } = await runKilledAt(n);
      expect(crash.fired).toBe(true);
      postedOf.push(posted);
      fatal.push(withoutVoteId(crash.writes[n - 1] ?? '?'));
      const problems: string[] = [];
      const count = (text: string) => paid.filter((p) => p === text).length;
      for (const once of ['money 500', 'money 120', 'bank 70', 'bank 250']) {
        if (count(once) !== 1) problems.push(`${once} paid ${count(once)} times`);
      }
      const picks = paid.filter((p) => ONE_OF_TEXT.includes(p));
      if (picks.length !== 1) problems.push(`oneOf paid ${picks.length} times`);
      if (paid.length !== 5) problems.push(`unexpected payouts ${paid.join(', ')}`);
      // What the journal held when the server died is what was paid in the end: the same picks, no new draw.
      for (const entry of journalAtKill.values()) {
        for (const reward of entry.rewards.map(rewardText)) {
          if (!paid.includes(reward)) problems.push(`${entry.id}: journalled ${reward} not paid`);
        }
        if (entry.award === null && entry.draws.length === 1) {
          const pick = entry.draws[0]?.pick ?? -1;
          if (entry.rewards[1] && rewardText(entry.rewards[1]) !== ONE_OF_TEXT[pick])
            problems.push(`draw record ${pick} does not name ${rewardText(entry.rewards[1])}`);
        }
      }
      const open = Object.keys(w.kvp('claim:'));
      if (open.length > 0) problems.push(`left open: ${open.join(', ')}`);
      const claimed = w.votes('Steve').filter((vote) => vote.claimedAt !== null).length;
      if (claimed !== 2 || w.unclaimed('Steve').length !== 0) problems.push(`${claimed} votes claimed`);
      const history = JSON.parse(Object.values(w.kvp('history:'))[0] ?? '{}') as {
        total?: number;
        streak?: { current: number };
      };
      if (history.total !== 2 || history.streak?.current !== 2)
        problems.push(`history total ${history.total}, streak ${history.streak?.current}`);
      if (problems.length > 0)
        failures.push(`killed before write ${n} (${fatal.at(-1)}): ${problems.join('; ')}`);
    }
    // Run n died at the n-th write of the full flow (the last run's): claim, answer, awards, history, payouts, marks.
    expect(fatal).toEqual(sample.map((n) => complete[n - 1]));
    expect(fatal).toContain('set history:license:5374657665');
    expect(complete.filter((write) => write.startsWith('set award-done:'))).toHaveLength(3);
    expect(fatal.some((write) => write.startsWith('set discord:'))).toBe(true);
    // Most kills leave every message posted: only the request in flight (or its batch) can be lost.
    expect(postedOf.filter((posted) => posted.length === FULL_DISCORD.length).length).toBeGreaterThan(
      postedOf.length / 2,
    );
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('awards of a player who is not there', () => {
  it('a player offline when the restarted server decides the awards is paid them on the next join', async () => {
    const w = await programsWorld({
      reward: CASH(500),
      firstVote: { reward: BANK(1000) },
      milestones: [{ at: 1, reward: CASH(100) }],
    });
    await w.vote('Steve');
    const steve = await w.join('Steve');
    // Killed before the claim's answer is journalled: the mock claimed the vote, the server never heard.
    const crash = w.crashAtKvpWrite(2);
    w.type(steve, '/vote');
    await w.advance(5000);
    expect(crash.fired).toBe(true);
    expect(w.unclaimed('Steve')).toEqual([]);

    await w.restart();
    await w.jump(2 * HOUR);
    // Start-up reconciliation found the claim, recorded the vote and decided its awards with nobody online.
    expect(w.ledger()).toEqual([]);
    expect(
      [...journalOf(w).values()].map((entry) => [entry.id.startsWith('a:') ? entry.id : 'vote', entry.state]),
    ).toEqual([
      ['vote', 'claimed'],
      [`a:first:${steve.license}`, 'claimed'],
      [`a:milestone:${steve.license}:1:at1`, 'claimed'],
    ]);
    expect(historyOf(w, steve)).toMatchObject({ total: 1 });

    const again = await w.join('Steve', { license: steve.license });
    await w.until(() => w.ledger().length >= 3);
    await w.advance(20_000);
    expect(paidOf(w.ledger())).toEqual(['money 500', 'bank 1000', 'money 100']);
    expect(w.messages(again)).toEqual([
      'Thanks for voting! You received 500$ in cash.',
      'Thanks for your first vote for the server! Bonus: 1000$ in the bank.',
      'Vote milestone reached: 1 in all! Bonus: 100$ in cash.',
    ]);
    expect(w.kvp('claim:')).toEqual({});
  });

  it('a vote claimed before midnight and recorded after a restart past midnight still counts for its own day', async () => {
    const w = await programsWorld({
      reward: CASH(500),
      streaks: { rewards: [{ days: 2, reward: BANK(250) }] },
    });
    await w.vote('Steve');
    const steve = await w.join('Steve');
    expect(await voteAndWait(w, steve, 1)).toEqual(['money 500']);
    // Tuesday 23:59: the vote is claimed, the server dies before the vote is written to the history.
    await jumpToUtcHour(w, 0);
    await w.jump(DAY - 60_000);
    await w.vote('Steve');
    const crash = w.crashAtKvpWrite(3);
    w.type(steve, '/vote');
    await w.advance(5000);
    expect(crash.fired).toBe(true);
    expect(crash.writes.at(-1)).toMatch(/^set claim:a:streak:/);

    await w.restart({ afterMs: 10 * 60_000 });
    const again = await w.join('Steve', { license: steve.license });
    await w.advance(10_000);
    await w.advance(20_000);
    expect(paidOf(w.ledger())).toEqual(['money 500', 'money 500', 'bank 250']);
    expect(historyOf(w, steve)).toMatchObject({ total: 2, streak: { current: 2, lastDay: '2025-06-03' } });
    expect(w.messages(again)).toContain('2-day vote streak! Bonus: 250$ in the bank.');
  });
});

/** The lines the resource printed for a console command run now. */
async function consoleLines(w: E2e, line: string): Promise<string[]> {
  const from = w.output().length;
  w.console(line);
  await w.advance(200);
  return w.output().slice(from);
}

/** Votes for other players on the mock (the server-wide count the party reads), one each. */
async function othersVote(w: E2e, count: number, prefix = 'Fan'): Promise<void> {
  for (let i = 0; i < count; i++) await w.vote(`${prefix}${i + 1}`, { agoMs: 1000 });
}

describe('vote party', () => {
  const PARTY = {
    reward: CASH(500),
    voteParty: { enabled: true, every: 5, reward: BANK(75), announceMinutes: 0 },
  };

  it('pays online players once per threshold, several thresholds crossed between two reads, none again after a restart', async () => {
    const w = await programsWorld(PARTY);
    await w.advance(1000);
    expect(w.output()).toContain(
      'vote-reward: vote party: starts at 0 votes this month (2025-06, UTC); the next party at 5',
    );
    const steve = await w.join('Steve');
    await othersVote(w, 3);
    await w.vote('Steve');
    const from = w.messages(steve).length;
    expect(await voteAndWait(w, steve, 1)).toEqual(['money 500']);
    // The count last read is 0: the line says so until the next read.
    expect(linesSince(w, steve, from)).toEqual([
      'Thanks for voting! You received 500$ in cash.',
      '5 more vote(s) to the next vote party (0/5 this month).',
    ]);
    await w.advance(61_000);
    w.type(steve, '/vote');
    await w.advance(2000);
    expect(w.messages(steve).at(-1)).toBe('1 more vote(s) to the next vote party (4/5 this month).');

    await othersVote(w, 1);
    const partyFrom = w.messages(steve).length;
    await w.until(() => w.ledger().length >= 2, 70_000);
    await w.advance(2000);
    expect(paidOf(w.ledger().slice(1))).toEqual(['bank 75']);
    expect(linesSince(w, steve, partyFrom)).toEqual([
      'Vote party! The server reached 5 votes this month: online voters get a reward.',
      'Vote party! The server reached 5 votes this month: you received 75$ in the bank.',
    ]);

    // Eleven votes between two reads: 10 and 15 are both decided, each paid once.
    await othersVote(w, 11, 'Crowd');
    await w.until(() => w.ledger().length >= 4, 70_000);
    await w.advance(65_000);
    expect(paidOf(w.ledger().slice(1))).toEqual(['bank 75', 'bank 75', 'bank 75']);
    // Each award told once; the order of 10 and 15 is not fixed (the background reconciliation may pay one of them).
    const told = w.messages(steve).filter((line) => line.includes('you received 75$'));
    expect([...told].sort()).toEqual([
      'Vote party! The server reached 10 votes this month: you received 75$ in the bank.',
      'Vote party! The server reached 15 votes this month: you received 75$ in the bank.',
      'Vote party! The server reached 5 votes this month: you received 75$ in the bank.',
    ]);
    expect(await consoleLines(w, 'votereward party')).toEqual([
      'vote party (2025-06, UTC month; every 5 votes)',
      expect.stringMatching(/^ {2}Count {6}16 vote\(s\) this month \(read \d+ s ago by the party\)$/),
      '  Next       20 (4 to go)',
      '  Last paid  15 (1 player(s), decided at a count of 16)',
      expect.stringMatching(/^ {2}Reads {6}\d+ sent, 0 failed, 0 left to the budget$/),
    ]);

    // Killed and restarted: 16 is read again, nothing is decided twice; 20 is the next party.
    w.kill();
    await w.restart();
    const again = await w.join('Steve', { license: steve.license });
    await w.advance(65_000);
    expect(w.ledger()).toHaveLength(4);
    await othersVote(w, 4, 'Late');
    await w.until(() => w.ledger().length >= 5, 70_000);
    await w.advance(65_000);
    expect(paidOf(w.ledger().slice(1))).toEqual(['bank 75', 'bank 75', 'bank 75', 'bank 75']);
    expect(w.messages(again).filter((line) => line.includes('you received'))).toEqual([
      'Vote party! The server reached 20 votes this month: you received 75$ in the bank.',
    ]);
    expect(Object.keys(w.kvp('award-done:a:party:')).sort()).toEqual(
      [5, 10, 15, 20].map((t) => `award-done:a:party:2025-06:${t}:${steve.license}`).sort(),
    );
    expect(w.kvp('claim:')).toEqual({});
  });

  it('with minMonthlyVotes only players with enough votes this month share it; the others hear what they need', async () => {
    const w = await programsWorld({ ...PARTY, voteParty: { ...PARTY.voteParty, minMonthlyVotes: 1 } });
    await w.advance(1000);
    const steve = await w.join('Steve');
    const bob = await w.join('Bob');
    await w.vote('Steve');
    expect(await voteAndWait(w, steve, 1)).toEqual(['money 500']);
    await othersVote(w, 4);
    await w.until(() => w.ledger().length >= 2, 70_000);
    await w.advance(65_000);
    expect(w.ledger().map((entry) => [entry.player, entry.name, entry.amount])).toEqual([
      [steve.id, 'money', 500],
      [steve.id, 'bank', 75],
    ]);
    expect(w.messages(bob)).toEqual([
      'Vote party! The server reached 5 votes this month: online voters get a reward.',
      'Vote party! Vote 1 time(s) this month to share in the next one.',
    ]);
    const decision = JSON.parse(w.kvp('party:decision:')['party:decision:2025-06:5'] ?? '{}') as {
      players: { name: string }[];
    };
    expect(decision.players.map((player) => player.name)).toEqual(['Steve']);
  });

  it('announces the votes left at the configured interval', async () => {
    const w = await programsWorld({ ...PARTY, voteParty: { ...PARTY.voteParty, announceMinutes: 10 } });
    const steve = await w.join('Steve');
    await othersVote(w, 2);
    await w.jump(10 * 60_000 + 30_000, 30_000);
    expect(w.messages(steve)).toEqual(['3 more vote(s) to the next vote party (2/5 this month).']);
  });

  it('is decided once per threshold whichever KVP write of the decision and its payouts the server died before', async () => {
    const failures: string[] = [];
    let complete: string[] = [];
    const killedAt = async (n: number) => {
      const w = await programsWorld(PARTY);
      await w.advance(1000);
      const steve = await w.join('Steve');
      const ann = await w.join('Ann');
      await othersVote(w, 5);
      const crash = w.crashAtKvpWrite(n);
      await w.advance(65_000);
      return { w, steve, ann, crash };
    };
    complete = (await killedAt(Number.MAX_SAFE_INTEGER)).crash.writes;
    for (const n of sampledKills(complete)) {
      const { w, steve, ann, crash } = await killedAt(n);
      expect(crash.fired).toBe(true);
      const decided = w.kvp('party:decision:')['party:decision:2025-06:5'];
      const players = decided ? (JSON.parse(decided) as { players: unknown[] }).players.length : 0;
      await w.restart();
      await w.join('Steve', { license: steve.license });
      await w.join('Ann', { license: ann.license });
      await w.advance(70_000);
      const problems: string[] = [];
      const paid = w.ledger().map((entry) => `${entry.name} ${entry.amount}`);
      // Decided before the kill: both paid, once; not decided: decided at the first read after the restart,
      // before anyone is back (nobody paid), never twice.
      const expected = decided ? players : 0;
      if (paid.length !== expected || paid.some((p) => p !== 'bank 75'))
        problems.push(
          `paid ${paid.join(', ') || 'nothing'} (decision with ${players} player(s) at the kill)`,
        );
      if (w.kvp('party:progress:2025-06')['party:progress:2025-06'] !== '5')
        problems.push('threshold 5 not recorded');
      const open = Object.keys(w.kvp('claim:'));
      if (open.length > 0) problems.push(`left open: ${open.join(', ')}`);
      if (problems.length > 0)
        failures.push(`killed before write ${n} (${crash.writes[n - 1]}): ${problems.join('; ')}`);
    }
    expect(complete.length).toBeGreaterThan(8);
    expect(complete[0]).toBe('set party:decision:2025-06:5');
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('top voters', () => {
  const TOP = {
    reward: CASH(500),
    topVoters: {
      enabled: true,
      awards: [
        { rank: 1, reward: BANK(5000) },
        { rank: 2, reward: BANK(2000) },
      ],
    },
  };

  it('ranks the month in /votetop, decides the prizes once at the month change: online paid now, offline on the next join', async () => {
    const w = await programsWorld(TOP);
    const steve = await w.join('Steve');
    const alice = await w.join('Alice');
    const carol = await w.join('Carol');
    const claims: [E2ePlayer, string, number][] = [
      [steve, 'Steve', 3],
      [alice, 'Alice', 2],
      [carol, 'Carol', 1],
    ];
    for (const [player, name, votes] of claims) {
      for (let i = votes; i >= 1; i--) await w.vote(name, { agoMs: i * 3 * HOUR });
      for (let i = 0; i < votes; i++) await voteAndWait(w, player, 1);
    }
    const from = w.messages(carol).length;
    w.type(carol, '/votetop');
    await w.advance(500);
    expect(linesSince(w, carol, from)).toEqual([
      'Top voters of 2025-06:',
      '#1 Steve: 3 vote(s)',
      '#2 Alice: 2 vote(s)',
      '#3 Carol: 1 vote(s)',
      'You are #3 with 1 vote(s).',
    ]);
    w.drop(alice);

    // To 1 July 00:00 UTC (the owner's zone is UTC), in ten-minute steps.
    const julyFirst = Date.UTC(2025, 6, 1);
    await w.jump(julyFirst - w.now() + 2 * 60_000, 10 * 60_000);
    await w.advance(5000);
    expect(w.output()).toContain('vote-reward: top voters of 2025-06 decided: 3 ranked, 2 award(s)');
    expect(paidOf(w.ledger(steve)).slice(3)).toEqual(['bank 5000']);
    expect(w.messages(steve).at(-1)).toBe('You were voter #1 of 2025-06: you received 5000$ in the bank.');
    expect(paidOf(w.ledger(carol))).toEqual(['money 500']);
    expect(Object.keys(w.kvp('claim:'))).toEqual([`claim:a:top:2025-06:2:${alice.license}`]);
    expect(await consoleLines(w, 'votereward top 2025-06')).toEqual([
      'vote-reward top voters of 2025-06 (UTC time zone; ties go to who reached the count first)',
      `  #1   Steve                    3 vote(s)  ${steve.license}`,
      `  #2   Alice                    2 vote(s)  ${alice.license}`,
      `  #3   Carol                    1 vote(s)  ${carol.license}`,
      '  Decision   2025-07-01 00:00 UTC: 3 ranked, 2 award(s)',
      `    #1 Steve (${steve.license}): a:top:2025-06:1:${steve.license}`,
      `    #2 Alice (${alice.license}): a:top:2025-06:2:${alice.license}`,
    ]);
    expect(await consoleLines(w, 'votereward player Alice')).toEqual([
      `vote-reward player Alice (${alice.license})`,
      '  Votes      2 claimed here, 0 in 2025-07',
      '  Last vote  2025-06-02 12:00 UTC (28 d 12 h ago)',
      '  Streak     0 day(s), best 1',
      '  Awards     1 open',
      `    a:top:2025-06:2:${alice.license}        top 2 (2025-06)       claimed      0/1 given`,
    ]);

    // A restart in July decides nothing again; Alice is paid when she comes back.
    await w.restart();
    await w.jump(HOUR);
    const back = await w.join('Alice', { license: alice.license });
    await w.until(() => w.ledger().some((entry) => entry.player === back.id));
    await w.advance(10_000);
    expect(paidOf(w.ledger().slice(7))).toEqual(['bank 2000']);
    expect(w.messages(back)).toEqual(['You were voter #2 of 2025-06: you received 2000$ in the bank.']);
    expect(w.kvp('claim:')).toEqual({});
    expect(JSON.parse(w.kvp('top:decision:')['top:decision:2025-06'] ?? '{}')).toMatchObject({
      month: '2025-06',
      awards: [
        { rank: 1, license: steve.license },
        { rank: 2, license: alice.license },
      ],
    });

    // July's ranking starts empty.
    const again = await w.join('Steve', { license: steve.license });
    w.type(again, '/votetop');
    await w.advance(500);
    expect(w.messages(again)).toEqual([
      'Top voters of 2025-07:',
      'Nobody has voted yet in 2025-07.',
      'You have not voted this month yet: /vote',
    ]);
  });

  it('a tie goes to the player who reached the count first', async () => {
    const w = await programsWorld(TOP);
    const bea = await w.join('Bea');
    const adam = await w.join('Adam');
    await w.vote('Bea');
    await voteAndWait(w, bea, 1);
    await w.jump(HOUR);
    await w.vote('Adam');
    await voteAndWait(w, adam, 1);
    w.type(adam, '/votetop');
    await w.advance(500);
    expect(w.messages(adam).slice(1)).toEqual([
      'Top voters of 2025-06:',
      '#1 Bea: 1 vote(s)',
      '#2 Adam: 1 vote(s)',
      'You are #2 with 1 vote(s).',
    ]);
  });
});

describe('Discord', () => {
  const ALL = {
    reward: CASH(500),
    milestones: [{ at: 1, reward: BANK(10) }],
    streaks: { rewards: [{ days: 2, reward: BANK(20) }] },
    voteParty: { enabled: true, every: 2, reward: BANK(75), announceMinutes: 0 },
    topVoters: { enabled: true, awards: [{ rank: 1, reward: BANK(999) }] },
  };

  /** Two days of Steve's votes, a party on day 1, the month change; what reached the webhook, line by line. */
  async function month(discord: Record<string, unknown>, toJuly = true) {
    const w = await programsWorld({ ...ALL, discord: { enabled: true, ...discord } });
    const steve = await w.join('Steve');
    await w.vote('Steve');
    await voteAndWait(w, steve, 2);
    await w.vote('Fan');
    await w.advance(65_000);
    await w.jump(DAY, 10 * 60_000);
    await w.vote('Steve');
    await voteAndWait(w, steve, 2);
    await w.advance(5000);
    if (toJuly) await w.jump(Date.UTC(2025, 6, 1) - w.now() + 2 * 60_000, HOUR);
    // The month is decided at the top voters' first check after the party's read showed July on the API's counter.
    await w.advance(toJuly ? 70_000 : 10_000);
    const messages = await w.discordMessages();
    return { w, messages, lines: messages.flatMap((message) => message.content.split('\n')) };
  }

  it('posts votes, milestones, streaks, the party and the month winners once each, bursts batched, the URL masked', async () => {
    const { w, messages } = await month({});
    expect(messages.map((message) => [message.received_at, message.content])).toEqual([
      [
        '2025-06-02T12:00:02.150Z',
        'Steve voted for the server (1 vote(s) from them this month).\nSteve reached a vote milestone: 1 in all!',
      ],
      [
        '2025-06-02T12:01:02.100Z',
        'Vote party! The server reached 2 votes this month; 1 player(s) rewarded.',
      ],
      [
        expect.stringMatching(/^2025-06-03T12:/),
        'Steve voted for the server (2 vote(s) from them this month).\nSteve is on a 2-day vote streak!',
      ],
      [expect.stringMatching(/^2025-07-01T00:0[23]:/), 'Top voters of 2025-06: 1. Steve (2)'],
    ]);
    const token = (w.discordWebhookUrl ?? '').split('/').at(-1) ?? '';
    expect(token.length).toBeGreaterThan(10);
    expect(w.consoleLines().filter((line) => line.includes(token))).toEqual([]);
    expect(w.output()).toContain(
      `vote-reward: Discord posts to ${(w.discordWebhookUrl ?? '').replace(/\/(\d{4})\d+\/.*$/, '/$1…/****')}`,
    );
  });

  it.each([
    { off: 'vote', gone: /voted for the server/, left: 3 },
    { off: 'milestone', gone: /reached 1 votes/, left: 4 },
    { off: 'streak', gone: /vote streak/, left: 4 },
    { off: 'party', gone: /^Vote party/, left: 4 },
    { off: 'winners', gone: /^Top voters/, left: 5 },
  ])('with discord.$off false its lines are not posted, the others are', async ({ off, gone, left }) => {
    // Only the winners' row needs the month change.
    const { lines } = await month({ [off]: false }, off === 'winners');
    expect(lines.filter((line) => gone.test(line))).toEqual([]);
    expect(lines).toHaveLength(left);
  });
});

describe('month change', () => {
  it('the vote party starts over with the new month: July’s first threshold is its own party', async () => {
    const w = await programsWorld({
      reward: CASH(500),
      voteParty: { enabled: true, every: 5, reward: BANK(75), announceMinutes: 0 },
    });
    await w.advance(1000);
    const steve = await w.join('Steve');
    await othersVote(w, 7);
    await w.until(() => w.ledger().length >= 1, 70_000);
    // The server is down until 30 June 23:00, then runs across midnight: July's counter starts at 0, nothing is
    // decided from June's 7 votes again.
    w.kill();
    await w.restart({ afterMs: Date.UTC(2025, 5, 30, 23) - w.now() });
    const back = await w.join('Steve', { license: steve.license });
    await w.jump(Date.UTC(2025, 6, 1) - w.now() + 5 * 60_000, 10 * 60_000);
    await w.advance(65_000);
    expect(paidOf(w.ledger())).toEqual(['bank 75']);
    await othersVote(w, 5, 'July');
    await w.until(() => w.ledger().length >= 2, 70_000);
    await w.advance(5000);
    expect(paidOf(w.ledger())).toEqual(['bank 75', 'bank 75']);
    expect(w.messages(back)).toEqual([
      'Vote party! The server reached 5 votes this month: online voters get a reward.',
      'Vote party! The server reached 5 votes this month: you received 75$ in the bank.',
    ]);
    expect(Object.keys(w.kvp('award-done:')).sort()).toEqual([
      `award-done:a:party:2025-06:5:${steve.license}`,
      `award-done:a:party:2025-07:5:${steve.license}`,
    ]);
  });

  it('the top voters’ month decision pays each prize once whichever KVP write the server died before', async () => {
    const failures: string[] = [];
    let complete: string[] = [];
    const CONFIG = {
      reward: CASH(500),
      topVoters: {
        enabled: true,
        awards: [
          { rank: 1, reward: BANK(5000) },
          { rank: 2, reward: BANK(2000) },
        ],
      },
    };
    const killedAt = async (n: number) => {
      const w = await programsWorld(CONFIG);
      const steve = await w.join('Steve');
      const alice = await w.join('Alice');
      for (const [player, votes] of [
        [steve, 2],
        [alice, 1],
      ] as const) {
        for (let i = 0; i < votes; i++) {
          await w.vote(player.name, { agoMs: (i + 1) * 3 * HOUR });
          await voteAndWait(w, player, 1);
        }
      }
      w.drop(alice);
      // To 30 June 23:59:30, then across midnight with the crash armed: Steve online, Alice offline.
      await w.jump(Date.UTC(2025, 5, 30, 23, 59, 30) - w.now(), HOUR);
      const crash = w.crashAtKvpWrite(n);
      await w.advance(90_000);
      return { w, steve, alice, crash };
    };
    complete = (await killedAt(Number.MAX_SAFE_INTEGER)).crash.writes;
    for (const n of sampledKills(complete)) {
      const { w, steve, alice, crash } = await killedAt(n);
      expect(crash.fired).toBe(true);
      await w.restart({ afterMs: 60_000 });
      await w.join('Steve', { license: steve.license });
      await w.join('Alice', { license: alice.license });
      await w.advance(20_000);
      await w.advance(20_000);
      const prizes = paidOf(w.ledger()).filter((p) => p !== 'money 500');
      const problems: string[] = [];
      if ([...prizes].sort().join(', ') !== 'bank 2000, bank 5000')
        problems.push(`prizes ${prizes.join(', ')}`);
      const open = Object.keys(w.kvp('claim:'));
      if (open.length > 0) problems.push(`left open: ${open.join(', ')}`);
      if (problems.length > 0)
        failures.push(`killed before write ${n} (${crash.writes[n - 1]}): ${problems.join('; ')}`);
    }
    expect(complete[0]).toBe('set top:decision:2025-06');
    expect(complete).toContain('set top:lastMonth');
    expect(complete.length).toBeGreaterThan(6);
    expect(failures).toEqual([]);
  }, 300_000);

  it('getTopVoters answers another resource with the month’s ranking', async () => {
    const w = await programsWorld({ reward: CASH(500), topVoters: { enabled: true } });
    const steve = await w.join('Steve');
    await w.vote('Steve');
    await voteAndWait(w, steve, 1);
    const answers: unknown[] = [];
    w.server.addFakeResource('scoreboard', {
      setup(g) {
        g.RegisterCommand('scoreboard_top', () => {
          const top = g.exports['vote-reward'];
          answers.push(top.getTopVoters('current', 5), top.getTopVoters('2025-13', 5));
        });
      },
    });
    w.server.start('scoreboard');
    w.console('scoreboard_top');
    await w.advance(200);
    expect(answers).toEqual([
      { ok: true, month: '2025-06', voters: [{ rank: 1, license: steve.license, name: 'Steve', votes: 1 }] },
      {
        ok: false,
        code: 'invalid_period',
        error: 'period must be "current", "previous" or a month "YYYY-MM", got "2025-13"',
      },
    ]);
  });
});

describe('edges of the programs', () => {
  it('the month of the top voters ends at midnight in the owner’s time zone (Asia/Tokyo: 15:00 UTC)', async () => {
    const w = await programsWorld({
      reward: CASH(500),
      timeZone: 'Asia/Tokyo',
      topVoters: { enabled: true, awards: [{ rank: 1, reward: BANK(5000) }] },
    });
    const steve = await w.join('Steve');
    await w.vote('Steve');
    await voteAndWait(w, steve, 1);
    await w.jump(Date.UTC(2025, 5, 30, 14, 50) - w.now(), HOUR);
    await w.advance(120_000);
    expect(w.kvp('top:decision:')).toEqual({});
    await w.jump(20 * 60_000);
    await w.advance(5000);
    expect(Object.keys(w.kvp('top:decision:'))).toEqual(['top:decision:2025-06']);
    expect(paidOf(w.ledger())).toEqual(['money 500', 'bank 5000']);
    // 16:00 UTC on 30 June is 1 July in Tokyo: the vote counts for July.
    await w.vote('Steve');
    await voteAndWait(w, steve, 1);
    expect(historyOf(w, steve)).toMatchObject({ months: { '2025-06': 1, '2025-07': 1 } });
  });

  it('a party is shared by the loaded players only: one still loading when it is decided gets no share', async () => {
    const w = await programsWorld({
      reward: CASH(500),
      voteParty: { enabled: true, every: 5, reward: BANK(75), announceMinutes: 0 },
    });
    await w.advance(1000);
    const steve = await w.join('Steve', { load: false });
    const alex = await w.join('Alex');
    await othersVote(w, 5);
    await w.advance(65_000);
    const decision = JSON.parse(w.kvp('party:decision:')['party:decision:2025-06:5'] ?? '{}') as {
      players: { name: string }[];
    };
    expect(decision.players.map((player) => player.name)).toEqual(['Alex']);
    expect(paidOf(w.ledger(alex))).toEqual(['bank 75']);
    w.load(steve);
    await w.advance(20_000);
    expect(w.ledger(steve)).toEqual([]);
    expect(w.messages(steve)).toContain(
      'Vote party! The server reached 5 votes this month: online voters get a reward.',
    );
    expect(w.kvp('claim:')).toEqual({});
  });
});
