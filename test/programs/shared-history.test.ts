/**
 * The pure parts of the network's history: the key a vote is counted under, a history computed from rows, the rows
 * `votereward network import` makes of a KVP history (its total, months and streak given back), and "once across the
 * network" (only the server that decides acts; a store that fails is asked again, the act never runs twice).
 */

import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../devkit/fakes/runtime';
import { createCalendar } from '../../src/domain/calendar';
import type { VoteHistory } from '../../src/domain/types';
import type { DecisionRow, NetworkDecisions } from '../../src/network/decisions-rows';
import type { VoteRow } from '../../src/network/history-rows';
import { freshHistory } from '../../src/programs/history';
import { importRowsOf } from '../../src/programs/network-import';
import type { VotePrograms } from '../../src/programs/rules';
import { historyFromRows, voteKeyOf } from '../../src/programs/shared-history';
import { ONCE_RETRY_MS, onceAcrossNetwork } from '../../src/programs/shared-once';

const utc = createCalendar('UTC');
const RULES: VotePrograms = { milestones: [], streaks: { graceDays: 1, rewards: [] }, firstVote: null };
const at = (iso: string) => Date.parse(iso);
const row = (seq: number, iso: string, site = 'seed'): VoteRow => ({
  seq,
  key: `k${seq}`,
  license: 'license:a',
  site,
  votedMs: at(iso),
  serverId: 'city-1',
  name: 'Ana',
});

describe('the key a vote is counted under', () => {
  it.each([
    [
      'a site vote with its time: the natural key',
      { id: 's:chk:Ana:t5#1', site: 'chk', votedAt: null, voteId: null },
      's:chk:Ana:t5#1',
    ],
    ["a seed vote: the API's vote id", { id: 'v:local1', votedAt: null, voteId: 'vote_9' }, 'seed:vote_9'],
    [
      'a vote only this server sees: named by it',
      { id: 's:ts:Ana:uk3', site: 'ts', votedAt: null, voteId: null },
      'city-1:s:ts:Ana:uk3',
    ],
  ])('%s', (_label, entry, key) => {
    expect(voteKeyOf(entry, 'city-1')).toBe(key);
  });
});

describe('a history computed from the rows', () => {
  it('counts by vote time whatever order the rows came in: total, months, streak with its grace day, sites', () => {
    const rows = [
      row(3, '2026-11-03T09:00:00Z', 'chk'),
      row(1, '2026-10-31T09:00:00Z'),
      row(2, '2026-11-01T09:00:00Z'),
    ];
    const history = historyFromRows('license:a', rows, RULES, utc, ['seed', 'chk']);
    expect({
      total: history.total,
      months: history.months,
      streak: history.streak,
      sites: history.sites,
    }).toEqual({
      total: 3,
      months: { '2026-10': 1, '2026-11': 2 },
      streak: { current: 3, best: 3, lastDay: '2026-11-03', startDay: '2026-10-31' },
      sites: { seed: { total: 2, lastDay: '2026-11-01' }, chk: { total: 1, lastDay: '2026-11-03' } },
    });
  });
});

describe('the rows an import makes of a KVP history', () => {
  const base: VoteHistory = freshHistory('license:a', 'Ana');
  it.each([
    ['no vote', base],
    ['older votes only', { ...base, total: 4 }],
    [
      'a streak across a month end, with more votes',
      {
        ...base,
        total: 12,
        months: { '2026-09': 3, '2026-10': 4, '2026-11': 2 },
        streak: { current: 4, best: 4, lastDay: '2026-11-02', startDay: '2026-10-30' },
      },
    ],
    [
      'a streak with a grace day (its days placed one after the other)',
      {
        ...base,
        total: 3,
        months: { '2026-11': 3 },
        streak: { current: 3, best: 3, lastDay: '2026-11-09', startDay: '2026-11-05' },
      },
    ],
  ])('%s: the history computed from them gives back its total, months and streak', (_label, history) => {
    const rows = importRowsOf(history, 'city-1', utc).map((vote, i) => ({
      ...vote,
      seq: i + 1,
      serverId: 'city-1',
    }));
    expect(new Set(rows.map((vote) => vote.key)).size).toBe(history.total);
    const back = historyFromRows('license:a', rows, RULES, utc, []);
    expect(back.total).toBe(history.total);
    if (history.streak.current > 0)
      expect([back.streak.current, back.streak.lastDay]).toEqual([
        history.streak.current,
        history.streak.lastDay,
      ]);
    for (const [month, count] of Object.entries(history.months)) expect(back.months[month]).toBe(count);
    expect(importRowsOf(history, 'city-1', utc)).toEqual(importRowsOf(history, 'city-1', utc));
  });
});

describe('once across the network', () => {
  const setup = (answers: (() => DecisionRow | Error)[]) => {
    const clock = createFakeClock();
    const decided: string[] = [];
    const decisions: NetworkDecisions = {
      serverId: 'city-1',
      read: async () => null,
      async decide(key) {
        decided.push(key);
        const answer = (answers.shift() ?? (() => new Error('no answer')))();
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined, plain: {} };
    const once = onceAcrossNetwork({
      decisions,
      refuses: () => null,
      runtime: { setTimeout: clock.setTimeout, log: log as never },
    });
    return { clock, decided, once };
  };
  const mine = (key: string, owner: string): DecisionRow => ({
    key,
    owner,
    detail: null,
    mine: owner === 'city-1',
  });

  it('acts only when this server decides, asks again after the store failed, and never acts twice', async () => {
    const { clock, decided, once } = setup([
      () => mine('a', 'city-2'),
      () => new Error('connect ECONNREFUSED'),
      () => mine('b', 'city-1'),
    ]);
    let acts = 0;
    once('a', () => (acts += 1));
    once('b', () => (acts += 1));
    await clock.advance(0);
    expect({ acts, decided }).toEqual({ acts: 0, decided: ['a', 'b'] });
    await clock.advance(ONCE_RETRY_MS);
    once('b', () => (acts += 1));
    await clock.advance(ONCE_RETRY_MS);
    expect({ acts, decided }).toEqual({ acts: 1, decided: ['a', 'b', 'b'] });
  });
});
