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

  it('keep the 7 d window exact when its start falls just before, on or just after a UTC day start', () => {
    const serverId = store.servers.create({ name: 'A', game: 'fivem' }).id;
    const dayStart = Math.floor(T0 / DAY) * DAY;
    const votes = [];
    // Votes at every day start ±1 ms and at each day's last hour, from 9 days back to 2 days ahead.
    for (let d = -9; d <= 2; d += 1) {
      const edge = dayStart + d * DAY;
      for (const at of [edge - 1, edge, edge + 1, edge + 23 * HOUR, edge + 23 * HOUR + 30 * MIN]) {
        votes.push({ serverId, username: `d${d}`, votedAt: at });
      }
    }
    store.votes.insertMany(votes);
    const instants: number[] = [];
    // now - 7 d lands around the starts and last hours of the days that hold the votes above.
    for (let d = 7; d <= 9; d += 1) {
      for (const offset of [-HOUR - 1, -HOUR, -1, 0, 1, HOUR, HOUR + 1, 23 * HOUR, 23 * HOUR + 30 * MIN]) {
        instants.push(dayStart + (d - 9) * DAY + 7 * DAY + offset);
      }
    }
    for (const at of instants) {
      clock = at;
      const stats = store.servers.getWithStats(serverId)?.stats;
      expect({ at, votes7d: stats?.votes7d }).toEqual({ at, votes7d: bruteForce(db, serverId, at).votes7d });
    }
  });

  it('are emptied by reset', () => {
    const serverId = store.servers.create({ name: 'A', game: 'fivem' }).id;
    store.votes.insert({ serverId, username: 'Steve' });
    store.reset();
    expect(db.prepare('SELECT count(*) FROM server_hour_votes').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM server_day_votes').pluck().get()).toBe(0);
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

describe('migration 5 (day counters)', () => {
  it('upgrades a version-4 database file: the day counters equal its votes and every count is unchanged', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vote-db-'));
    try {
      const path = join(dir, 'vote-api.sqlite');
      const old = new Database(path);
      old.function('name_key', { deterministic: true }, (name) => String(name).toLowerCase());
      for (const sql of MIGRATIONS.slice(0, 4)) old.exec(sql);
      old.pragma('user_version = 4');
      for (const id of [1, 2]) {
        old
          .prepare('INSERT INTO servers (id, name, game, created_at) VALUES (?, ?, ?, ?)')
          .run(id, `Old ${id}`, 'fivem', T0 - 30 * DAY);
      }
      const insert = old.prepare(
        'INSERT INTO votes (uuid, server_id, username, username_key, voted_at) VALUES (?, ?, ?, ?, ?)',
      );
      const random = rng(13);
      for (let i = 0; i < 900; i += 1) {
        insert.run(
          `uuid-${i}`,
          random() < 0.7 ? 1 : 2,
          `p${i}`,
          `p${i}`,
          T0 - Math.floor(random() * 10 * DAY),
        );
      }
      old.close();

      const instants: number[] = [];
      for (let at = T0; at <= T0 + 8 * DAY; at += 5 * HOUR + 7 * MIN) instants.push(at);
      // What a version-4 mock answered: the spec's counts over the file's votes, read before the upgrade.
      const before = new Database(path, { readonly: true });
      const expected = instants.map((at) => [1, 2].map((id) => bruteForce(before, id, at)));
      const totalsBefore = before.prepare('SELECT id, votes_total FROM servers ORDER BY id').all();
      before.close();

      const upgraded = openDatabase(path);
      try {
        expect(upgraded.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
        expect(
          upgraded
            .prepare(
              'SELECT server_id, sum(votes) AS votes FROM server_day_votes GROUP BY server_id ORDER BY 1',
            )
            .all(),
        ).toEqual(
          upgraded
            .prepare('SELECT server_id, count(*) AS votes FROM votes GROUP BY server_id ORDER BY 1')
            .all(),
        );
        expect(upgraded.prepare('SELECT id, votes_total FROM servers ORDER BY id').all()).toEqual(
          totalsBefore,
        );
        const upgradedStore = createStore(upgraded, { now: () => clock });
        const after = instants.map((at) => {
          clock = at;
          return [1, 2].map((id) => {
            const stats = upgradedStore.servers.getWithStats(id)?.stats;
            return { votes24h: stats?.votes24h, votes7d: stats?.votes7d };
          });
        });
        expect(after).toEqual(expected);
      } finally {
        upgraded.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('migration 5 (day counters)', () => {
  it('upgrades a version-4 database file: the day counters equal its votes and every count is unchanged', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vote-db-'));
    try {
      const path = join(dir, 'vote-api.sqlite');
      const old = new Database(path);
      old.function('name_key', { deterministic: true }, (name) => String(name).toLowerCase());
      for (const sql of MIGRATIONS.slice(0, 4)) old.exec(sql);
      old.pragma('user_version = 4');
      for (const id of [1, 2]) {
        old
          .prepare('INSERT INTO servers (id, name, game, created_at) VALUES (?, ?, ?, ?)')
          .run(id, `Old ${id}`, 'fivem', T0 - 30 * DAY);
      }
      const insert = old.prepare(
        'INSERT INTO votes (uuid, server_id, username, username_key, voted_at) VALUES (?, ?, ?, ?, ?)',
      );
      const random = rng(13);
      for (let i = 0; i < 900; i += 1) {
        insert.run(
          `uuid-${i}`,
          random() < 0.7 ? 1 : 2,
          `p${i}`,
          `p${i}`,
          T0 - Math.floor(random() * 10 * DAY),
        );
      }
      old.close();

      const instants: number[] = [];
      for (let at = T0; at <= T0 + 8 * DAY; at += 5 * HOUR + 7 * MIN) instants.push(at);
      const countsAt = (file: Db) =>
        instants.map((at) => {
          clock = at;
          const byServer = [1, 2].map(
            (id) => createStore(file, { now: () => clock }).servers.getWithStats(id)?.stats,
          );
          return byServer;
        });

      const upgraded = openDatabase(path);
      try {
        expect(upgraded.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
        const perServer = upgraded
          .prepare(
            'SELECT server_id, sum(votes) AS votes FROM server_day_votes GROUP BY server_id ORDER BY 1',
          )
          .all();
        expect(perServer).toEqual(
          upgraded
            .prepare('SELECT server_id, count(*) AS votes FROM votes GROUP BY server_id ORDER BY 1')
            .all(),
        );
        const after = countsAt(upgraded);
        const expected = instants.map((at) => [1, 2].map((id) => ({ ...bruteForce(upgraded, id, at) })));
        expect(after.map((row) => row.map((s) => ({ votes24h: s?.votes24h, votes7d: s?.votes7d })))).toEqual(
          expected,
        );
      } finally {
        upgraded.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves a version-4 file untouched when the upgrade fails part way (one transaction)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vote-db-'));
    try {
      const path = join(dir, 'vote-api.sqlite');
      const old = new Database(path);
      old.function('name_key', { deterministic: true }, (name) => String(name).toLowerCase());
      for (const sql of MIGRATIONS.slice(0, 4)) old.exec(sql);
      old.pragma('user_version = 4');
      // A trigger of the same name makes the migration's last statement fail, after its CREATE TABLE and backfill.
      old.exec('CREATE TRIGGER votes_day_counters_insert AFTER INSERT ON votes BEGIN SELECT 1; END');
      old.close();
      expect(() => openDatabase(path)).toThrow();
      const last = new Database(path);
      try {
        expect(last.pragma('user_version', { simple: true })).toBe(4);
        expect(
          last.prepare(`SELECT count(*) FROM sqlite_master WHERE name = 'server_day_votes'`).pluck().get(),
        ).toBe(0);
      } finally {
        last.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
