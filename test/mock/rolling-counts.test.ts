import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore, type Db, openDatabase, type Store } from '../../mock-server/db';
import { MIGRATIONS } from '../../mock-server/db/schema';
import { DAY, HOUR, MIN, T0 } from './helpers';

/** The rolling counts as the spec defines them: every vote of the server strictly after `now - window`. */
function bruteForce(db: Db, serverId: number, now: number): { votes24h: number; votes7d: number } {
  const since = db.prepare('SELECT count(*) FROM votes WHERE server_id = ? AND voted_at > ?').pluck();
  return {
    votes24h: since.get(serverId, now - DAY) as number,
    votes7d: since.get(serverId, now - 7 * DAY) as number,
  };
}

/** Deterministic generator (mulberry32), so a failing case can be replayed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let clock = T0;
let db: Db;
let store: Store;

beforeEach(() => {
  clock = T0;
  db = openDatabase(':memory:');
  store = createStore(db, { now: () => clock });
});
afterEach(() => db.close());

describe('rolling 24 h / 7 d counts from hour counters', () => {
  it('equal a brute-force count at every minute and at the exact hour edges as the clock moves over 8 days', () => {
    const a = store.servers.create({ name: 'A', game: 'fivem' }).id;
    const b = store.servers.create({ name: 'B', game: 'fivem' }).id;
    const random = rng(7);
    const hourStart = Math.floor(T0 / HOUR) * HOUR;
    const votes = [];
    // Votes on exact hour boundaries, one ms either side, and at random times, from 9 days back to 1 day ahead.
    for (let h = -9 * 24; h <= 24; h += 1) {
      const edge = hourStart + h * HOUR;
      for (const at of [edge - 1, edge, edge + 1])
        votes.push({ serverId: a, username: `e${h}`, votedAt: at });
    }
    for (let i = 0; i < 1500; i += 1) {
      const serverId = random() < 0.8 ? a : b;
      votes.push({
        serverId,
        username: `p${i % 97}`,
        votedAt: T0 - 9 * DAY + Math.floor(random() * 10 * DAY),
      });
    }
    store.votes.insertMany(votes);

    const instants: number[] = [];
    for (let t = T0; t <= T0 + 8 * DAY; t += 37 * MIN) instants.push(t);
    // The window start (now - 24 h, now - 7 d) lands on an hour edge, just before and just after it.
    for (let h = 0; h < 30; h += 1) {
      for (const offset of [-1, 0, 1]) instants.push(hourStart + h * HOUR + offset);
    }
    // Exactly on a vote's time: the window is exclusive of `now - window`.
    for (const v of votes.slice(0, 40)) instants.push(v.votedAt + DAY, v.votedAt + 7 * DAY);

    for (const at of instants) {
      clock = at;
      for (const serverId of [a, b]) {
        const stats = store.servers.getWithStats(serverId)?.stats;
        expect({ at, serverId, votes24h: stats?.votes24h, votes7d: stats?.votes7d }).toEqual({
          at,
          serverId,
          ...bruteForce(db, serverId, at),
        });
      }
    }
  });

  it('stay exact on an ANALYZEd file, whose statistics the planner reads (the benchmark datasets are analyzed)', () => {
    const serverId = store.servers.create({ name: 'A', game: 'fivem' }).id;
    const other = store.servers.create({ name: 'B', game: 'fivem' }).id;
    const random = rng(5);
    const votes = Array.from({ length: 3000 }, (_, i) => ({
      serverId: random() < 0.7 ? serverId : other,
      username: `p${i % 211}`,
      votedAt: T0 - 9 * DAY + Math.floor(random() * 10 * DAY),
    }));
    store.votes.insertMany(votes);
    db.exec('ANALYZE');
    expect(db.prepare('SELECT count(*) FROM sqlite_stat4').pluck().get()).toBeGreaterThan(0);
    for (let at = T0; at <= T0 + 8 * DAY; at += 97 * MIN) {
      clock = at;
      const stats = store.servers.getWithStats(serverId)?.stats;
      expect({ at, votes24h: stats?.votes24h, votes7d: stats?.votes7d }).toEqual({
        at,
        ...bruteForce(db, serverId, at),
      });
    }
  });

  it('count votes inserted while the clock moves (the trigger keeps the hour counters current)', () => {
    const serverId = store.servers.create({ name: 'A', game: 'fivem' }).id;
    const random = rng(11);
    for (let step = 0; step < 400; step += 1) {
      clock += Math.floor(random() * 50 * MIN);
      store.votes.insert({
        serverId,
        username: `p${step % 13}`,
        votedAt: clock - Math.floor(random() * 2 * HOUR),
      });
      const stats = store.servers.getWithStats(serverId)?.stats;
      expect({ votes24h: stats?.votes24h, votes7d: stats?.votes7d }).toEqual(bruteForce(db, serverId, clock));
    }
  });

  it('count votes dated before 1970 in the right hour', () => {
    const serverId = store.servers.create({ name: 'A', game: 'fivem' }).id;
    store.votes.insertMany(
      [-2 * HOUR - 1, -2 * HOUR, -HOUR - 1, -HOUR, -1, 0, 1, HOUR].map((votedAt, i) => ({
        serverId,
        username: `p${i}`,
        votedAt,
      })),
    );
    for (let at = DAY - 3 * HOUR; at <= DAY + 2 * HOUR; at += 1_799_999) {
      clock = at;
      expect(store.servers.getWithStats(serverId)?.stats?.votes24h).toBe(
        bruteForce(db, serverId, at).votes24h,
      );
    }
  });

  it('are emptied by reset', () => {
    const serverId = store.servers.create({ name: 'A', game: 'fivem' }).id;
    store.votes.insert({ serverId, username: 'Steve' });
    store.reset();
    expect(db.prepare('SELECT count(*) FROM server_hour_votes').pluck().get()).toBe(0);
  });
});

describe('migration 2 (hour counters)', () => {
  it('upgrades a version-1 database file and backfills the counters from its votes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vote-db-'));
    try {
      const path = join(dir, 'vote-api.sqlite');
      const old = new Database(path);
      old.exec(MIGRATIONS[0] as string);
      old.pragma('user_version = 1');
      old
        .prepare('INSERT INTO servers (id, name, game, created_at) VALUES (?, ?, ?, ?)')
        .run(1, 'Old', 'fivem', T0 - 30 * DAY);
      const insert = old.prepare(
        'INSERT INTO votes (uuid, server_id, username, username_key, voted_at) VALUES (?, 1, ?, ?, ?)',
      );
      const random = rng(3);
      for (let i = 0; i < 600; i += 1) {
        insert.run(`uuid-${i}`, `p${i}`, `p${i}`, T0 - Math.floor(random() * 9 * DAY));
      }
      old.close();

      const upgraded = openDatabase(path);
      try {
        expect(upgraded.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
        expect(upgraded.prepare('SELECT sum(votes) FROM server_hour_votes').pluck().get()).toBe(600);
        const upgradedStore = createStore(upgraded, { now: () => clock });
        upgradedStore.votes.insert({ serverId: 1, username: 'after-upgrade' });
        for (let at = T0; at <= T0 + 8 * DAY; at += 5 * HOUR + 7 * MIN) {
          clock = at;
          const stats = upgradedStore.servers.getWithStats(1)?.stats;
          expect({ votes24h: stats?.votes24h, votes7d: stats?.votes7d }).toEqual(bruteForce(upgraded, 1, at));
        }
      } finally {
        upgraded.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
