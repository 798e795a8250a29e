/**
 * Three servers of a network, each its own process (own KVP, own oxmysql pool, own ESX, own copy of the listing),
 * released at once on one real MariaDB to decide the same vote-party threshold and the same month's top voters:
 * each is decided, announced and posted to Discord once across the network, each server pays its own players their
 * party share, and the player online on all three servers is paid the party and the month's prize once. The month
 * counts the party asks for and the ranking come from the shared rows (seeded here): no server counted those votes.
 */
import { describe, expect, it } from 'vitest';
import { createOxMySqlFake } from '../../devkit/network/oxmysql-fake';
import type { ProgramRacerArgs, ProgramRacerResult } from '../../devkit/network/program-racer';
import { releaseTogether, resultOf, startRacer } from '../../devkit/network/racer-process';
import { migrate } from '../../src/network/schema';
import type { Sql } from '../../src/network/sql';
import { freshDatabase } from './db';

const NOV_30 = Date.parse('2026-11-30T23:30:00.000Z');
const SERVERS = 3;

describe('three servers in separate processes race the network decisions', () => {
  it('a party threshold and a month prize: decided, announced and posted once; each player paid once', async () => {
    const url = freshDatabase('decide_race');
    const db = createOxMySqlFake({ connectionString: url });
    const sql: Sql = { query: (statement, params) => db.api.query(statement, [...params]) };
    await migrate(sql);
    // November's votes, counted by the network before: one for each server's own player, three for Pat.
    const votes = [
      ...Array.from({ length: SERVERS }, (_, i) => [`license:own-${i + 1}`, `Own${i + 1}`, 1] as const),
      ['license:ppp', 'Pat', 3] as const,
    ];
    for (const [license, name, count] of votes)
      for (let n = 1; n <= count; n += 1)
        await sql.query(
          'INSERT INTO vote_reward_votes (vote_key, license, site, voted_ms, server_id, name, created_ms) VALUES (?, ?, ?, ?, ?, ?, 0)',
          [`seed:${license}:${n}`, license, 'seed', NOV_30 - n * 3_600_000, 'before', name],
        );
    const args: ProgramRacerArgs[] = Array.from({ length: SERVERS }, (_, i) => ({
      url,
      serverId: `city-${i + 1}`,
      own: i + 1,
      start: NOV_30,
      month: '2026-11',
    }));
    const racers = await Promise.all(
      args.map((arg) => startRacer('devkit/network/program-racer.ts', arg, arg.serverId)),
    );
    await releaseTogether(racers);
    const results = await Promise.all(
      racers.map((r, i) => resultOf<ProgramRacerResult>(r, args[i]?.serverId ?? '?')),
    );
    const sum = (pick: (r: ProgramRacerResult) => number) => results.reduce((total, r) => total + pick(r), 0);

    expect(results.map((r) => r.ownCash)).toEqual([10, 10, 10]);
    expect({
      pat: sum((r) => r.sharedCash),
      party: sum((r) => r.partyAnnounced),
      month: sum((r) => r.monthAnnounced),
      posts: results.flatMap((r) => r.posts).length,
      open: results.flatMap((r) => r.open),
    }).toEqual({ pat: 60, party: 1, month: 1, posts: 2, open: [] });
    const decisions = (await sql.query(
      'SELECT decision_key FROM vote_reward_decisions ORDER BY decision_key',
      [],
    )) as {
      decision_key: string;
    }[];
    expect(decisions.map((row) => row.decision_key)).toEqual([
      'discord:party:2026-11:5',
      'discord:winners:2026-11',
      'party:2026-11:5',
      'top:2026-11',
    ]);
    await db.close();
  }, 120_000);
});
