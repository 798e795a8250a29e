/**
 * Reward programs end to end: the built bundle in the simulated FXServer against the real mock, the clock moved across
 * days (and a month change), the server killed at every KVP write of an award's life.
 */

import { afterEach, describe, expect, it } from 'vitest';
import type { PayoutEntry } from '../fxserver';
import { createE2e, type E2e, type E2ePlayer, type Framework } from './harness';

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
  });
  return world;
}

/** A payout as `money 500` / `bank 20` (QBCore's `cash` read as money), in the order paid. */
const paidOf = (entries: PayoutEntry[]): string[] =>
  entries.map((entry) => `${entry.name === 'cash' ? 'money' : entry.name} ${entry.amount}`);

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
  it.each<Framework>(['esx', 'qbcore'])(
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
        'You reached 3 votes for the server! Bonus: 300$ in cash.',
        'You reached 3 votes for the server! Bonus: 30$ in the bank.',
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
