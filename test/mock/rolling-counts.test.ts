import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore, type Db, openDatabase, type Store } from '../../mock-server/db';
import { BLOCK_DAYS, MIGRATIONS } from '../../mock-server/db/schema';
import { DAY, HOUR, MIN, T0 } from './helpers';

/** The rolling counts as the spec defines them: every vote of the server strictly after `now - window`. */
function bruteForce(db: Db, serverId: number, now: number): { votes24h: number; votes7d: number } {
  const since = db.prepare('SELECT count(*) FROM votes WHERE server_id = ? AND voted_at > ?').pluck();
  return {
    votes24h: since.get(serverId, now - DAY) as number,
    votes7d: since.get(serverId, now - 7 * DAY) as number,
  };
}

/** The counts of `bruteForce` plus the all-time total, as `getWithStats` answers them. */
function countsOf(stats: { votesTotal: number; votes24h: number; votes7d: number } | undefined) {
  return { votesTotal: stats?.votesTotal, votes24h: stats?.votes24h, votes7d: stats?.votes7d };
}

/**
 * Every stored counter row against a recount of the votes: `votes` in its own hour / day / block, `cum` from the
 * start of its parent (day for an hour, block for a day, the beginning of time for a block) through its end.
 */
function counterMismatches(file: Db): unknown[] {
  const times = new Map<number, number[]>();
  for (const [server, at] of file
    .prepare('SELECT server_id, voted_at FROM votes')
    .raw()
    .all() as number[][]) {
    const list = times.get(server as number) ?? [];
    list.push(at as number);
    times.set(server as number, list);
  }
  for (const list of times.values()) list.sort((x, y) => x - y);
  /** Votes of `server` before `until`, by binary search over its sorted times. */
  const before = (server: number, until: number) => {
    const list = times.get(server) ?? [];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((list[mid] as number) < until) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const count = (server: number, from: number, until: number) => before(server, until) - before(server, from);
  const BLOCK = BLOCK_DAYS * DAY;
  const levels = [
    { table: 'server_hour_votes', unit: HOUR, parent: DAY },
    { table: 'server_day_votes', unit: DAY, parent: BLOCK },
    { table: 'server_block_votes', unit: BLOCK, parent: Number.POSITIVE_INFINITY },
  ];
  const wrong: unknown[] = [];
  for (const { table, unit, parent } of levels) {
    const rows = file.prepare(`SELECT * FROM ${table}`).raw().all() as [number, number, number, number][];
    for (const [server, at, stored, cum] of rows) {
      const start = at * unit;
      const parentStart = Number.isFinite(parent) ? Math.floor(start / parent) * parent : -Number.MAX_VALUE;
      const expected = {
        votes: count(server, start, start + unit),
        cum: count(server, parentStart, start + unit),
      };
      if (stored !== expected.votes || cum !== expected.cum) {
        wrong.push({ table, server, at, stored: { votes: stored, cum }, expected });
      }
    }
  }
  return wrong;
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
    expect(db.prepare('SELECT count(*) FROM server_block_votes').pluck().get()).toBe(0);
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
      writeOldFile(path, { version: 4, votes: 900, seed: 13, days: 10, serverAgeDays: 30 });

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
        expect(windowsAt(upgraded, instants)).toEqual(expected);
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

describe('running totals (migration 7)', () => {
  const blockStart = Math.floor(T0 / (BLOCK_DAYS * DAY)) * BLOCK_DAYS * DAY;

  it('stay exact after back-dated votes into old hours, days and blocks that already have later rows', () => {
    const serverId = store.servers.create({ name: 'A', game: 'fivem' }).id;
    const random = rng(17);
    // One vote about every 3 hours over 80 days (three blocks), in time order, as live votes arrive.
    const live = Array.from({ length: 640 }, (_, i) => ({
      serverId,
      username: `p${i % 31}`,
      votedAt: T0 - 80 * DAY + i * 3 * HOUR + Math.floor(random() * HOUR),
    }));
    store.votes.insertMany(live);
    // Then votes dated into hours that have later rows in their day, their block and later blocks: mid-hour, on
    // an hour, day and block start, the last ms before them, and one older than every row.
    const backDated = [
      T0 - 3 * DAY - 30 * MIN,
      T0 - 7 * DAY,
      Math.floor((T0 - 5 * DAY) / DAY) * DAY,
      Math.floor((T0 - 5 * DAY) / DAY) * DAY - 1,
      blockStart,
      blockStart - 1,
      blockStart - 20 * DAY + 5 * HOUR,
      T0 - 200 * DAY,
    ];
    for (const votedAt of backDated) {
      store.votes.insert({ serverId, username: 'late', votedAt });
      expect(counterMismatches(db)).toEqual([]);
    }
    for (let at = T0 - 2 * DAY; at <= T0 + 8 * DAY; at += 71 * MIN) {
      clock = at;
      expect({ at, ...countsOf(store.servers.getWithStats(serverId)?.stats) }).toEqual({
        at,
        votesTotal: live.length + backDated.length,
        ...bruteForce(db, serverId, at),
      });
    }
  });

  it('count votes dated before 1970, inserted out of order across the block that ends at the epoch', () => {
    const serverId = store.servers.create({ name: 'A', game: 'fivem' }).id;
    const random = rng(19);
    const times = Array.from({ length: 400 }, () => Math.floor((random() - 0.5) * 40 * DAY));
    times.push(-BLOCK_DAYS * DAY, -BLOCK_DAYS * DAY - 1, -DAY, -1, 0, 1);
    store.votes.insertMany(times.map((votedAt, i) => ({ serverId, username: `p${i % 23}`, votedAt })));
    expect(counterMismatches(db)).toEqual([]);
    for (let at = -14 * DAY; at <= 30 * DAY; at += 3 * HOUR + 17 * MIN) {
      clock = at;
      expect({ at, ...countsOf(store.servers.getWithStats(serverId)?.stats) }).toEqual({
        at,
        votesTotal: times.length,
        ...bruteForce(db, serverId, at),
      });
    }
  });

  it('make a live vote touch one row per counter level, and a back-dated one only its day, block and later blocks', () => {
    const serverId = store.servers.create({ name: 'A', game: 'fivem' }).id;
    // One vote an hour for 400 days: a single-level running total would rewrite every later hour (9,600 rows).
    const hours = 400 * 24;
    const first = Math.floor(T0 / HOUR) * HOUR - hours * HOUR;
    store.votes.insertMany(
      Array.from({ length: hours }, (_, i) => ({ serverId, username: 'p', votedAt: first + i * HOUR })),
    );
    const changesOf = (votedAt: number) => {
      const before = db.prepare('SELECT total_changes()').pluck().get() as number;
      store.votes.insert({ serverId, username: 'q', votedAt });
      return (db.prepare('SELECT total_changes()').pluck().get() as number) - before;
    };
    // the vote, its month counter, the server row, and one row of each of the hour, day and block counters
    expect(changesOf(T0)).toBe(6);
    const old = first + HOUR / 2;
    const laterHoursInDay = 23 - (Math.floor(old / HOUR) - Math.floor(old / DAY) * 24);
    const laterDaysInBlock =
      BLOCK_DAYS - 1 - (Math.floor(old / DAY) - Math.floor(old / DAY / BLOCK_DAYS) * BLOCK_DAYS);
    const laterBlocks = Math.floor(T0 / DAY / BLOCK_DAYS) - Math.floor(old / DAY / BLOCK_DAYS);
    expect(changesOf(old)).toBe(6 + laterHoursInDay + laterDaysInBlock + laterBlocks);
    expect(laterHoursInDay + laterDaysInBlock + laterBlocks).toBeLessThan(23 + 31 + 20);
    expect(counterMismatches(db)).toEqual([]);
  });

  it('equal a brute-force count for random votes inserted in random order, at random clock times', () => {
    // Windows around a block start, and around the epoch (a block start too, with votes before 1970).
    const centres = [blockStart, 0, T0];
    const hourEdge = (base: number) =>
      fc
        .tuple(fc.integer({ min: -10 * 24, max: 24 }), fc.constantFrom(-1, 0, 1))
        .map(([h, ms]) => Math.floor(base / HOUR) * HOUR + h * HOUR + ms);
    const anyTime = (base: number) => fc.integer({ min: base - 10 * DAY, max: base + DAY });
    const scenario = fc.constantFrom(...centres).chain((base) =>
      fc.record({
        base: fc.constant(base),
        votes: fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.oneof(anyTime(base), hourEdge(base))), {
          maxLength: 120,
        }),
        instants: fc.array(
          fc.oneof(fc.integer({ min: base - DAY, max: base + 9 * DAY }), hourEdge(base + 7 * DAY)),
          { minLength: 1, maxLength: 15 },
        ),
      }),
    );
    fc.assert(
      fc.property(scenario, ({ votes, instants }) => {
        const file = openDatabase(':memory:');
        try {
          let now = 0;
          const own = createStore(file, { now: () => now });
          const ids = ['A', 'B', 'C'].map((name) => own.servers.create({ name, game: 'fivem' }).id);
          // one at a time, in the generated (random) order
          for (const [server, votedAt] of votes) {
            own.votes.insert({ serverId: ids[server] as number, username: 'p', votedAt });
          }
          expect(counterMismatches(file)).toEqual([]);
          for (const at of instants) {
            now = at;
            for (const id of ids) {
              expect({ at, id, ...countsOf(own.servers.getWithStats(id)?.stats) }).toEqual({
                at,
                id,
                votesTotal: votes.filter(([server]) => ids[server] === id).length,
                ...bruteForce(file, id, at),
              });
            }
          }
        } finally {
          file.close();
        }
      }),
      { numRuns: 150 },
    );
  });
});

/** Both servers' 24 h and 7 d counts as the store answers them at each instant. */
function windowsAt(file: Db, instants: readonly number[]) {
  let clock = 0;
  const store = createStore(file, { now: () => clock });
  return instants.map((at) => {
    clock = at;
    return [1, 2].map((id) => {
      const stats = store.servers.getWithStats(id)?.stats;
      return { votes24h: stats?.votes24h, votes7d: stats?.votes7d };
    });
  });
}

/** What `writeOldFile` writes: the schema version, and `votes` votes over the last `days` days, in random order. */
interface OldFile {
  version: number;
  votes: number;
  seed: number;
  days: number;
  serverAgeDays: number;
}

/** A file at schema `version` (migrations 1 to version) with two servers and random votes, as an older mock left it. */
function writeOldFile(path: string, file: OldFile): void {
  const old = new Database(path);
  old.function('name_key', { deterministic: true }, (name) => String(name).toLowerCase());
  for (const sql of MIGRATIONS.slice(0, file.version)) old.exec(sql);
  old.pragma(`user_version = ${file.version}`);
  for (const id of [1, 2]) {
    old
      .prepare('INSERT INTO servers (id, name, game, created_at) VALUES (?, ?, ?, ?)')
      .run(id, `Old ${id}`, 'fivem', T0 - file.serverAgeDays * DAY);
  }
  const insert = old.prepare(
    'INSERT INTO votes (uuid, server_id, username, username_key, voted_at) VALUES (?, ?, ?, ?, ?)',
  );
  const random = rng(file.seed);
  old.transaction(() => {
    for (let i = 0; i < file.votes; i += 1) {
      const server = random() < 0.7 ? 1 : 2;
      insert.run(`uuid-${i}`, server, `p${i}`, `p${i}`, T0 - Math.floor(random() * file.days * DAY));
    }
  })();
  old.close();
}

/** A version-6 file with two servers and `count` votes over 40 days. */
function writeVersion6File(path: string, count: number): void {
  writeOldFile(path, { version: 6, votes: count, seed: 23, days: 40, serverAgeDays: 60 });
}

describe('migration 7 (running totals)', () => {
  it('upgrades a version-6 file: every count unchanged, running totals exact, one counter trigger left', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vote-db-'));
    try {
      const path = join(dir, 'vote-api.sqlite');
      writeVersion6File(path, 1200);
      const instants: number[] = [];
      for (let at = T0 - 2 * DAY; at <= T0 + 8 * DAY; at += 5 * HOUR + 7 * MIN) instants.push(at);
      // What a version-6 mock answered, read with its own code path before the upgrade is not possible here (the
      // code is version 7), so the spec's counts over the file's votes stand in for it.
      const before = new Database(path, { readonly: true });
      const expected = instants.map((at) => [1, 2].map((id) => bruteForce(before, id, at)));
      const totalsBefore = before.prepare('SELECT id, votes_total FROM servers ORDER BY id').all();
      before.close();

      const upgraded = openDatabase(path);
      try {
        expect(upgraded.pragma('user_version', { simple: true })).toBe(7);
        expect(counterMismatches(upgraded)).toEqual([]);
        expect(upgraded.prepare('SELECT id, votes_total FROM servers ORDER BY id').all()).toEqual(
          totalsBefore,
        );
        expect(
          upgraded
            .prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name`)
            .pluck()
            .all(),
        ).toEqual(['votes_counters_insert', 'votes_running_counters_insert']);
        expect(windowsAt(upgraded, instants)).toEqual(expected);
        // Votes after the upgrade, live and back-dated, keep the totals exact.
        clock = T0;
        const upgradedStore = createStore(upgraded, { now: () => clock });
        upgradedStore.votes.insertMany([
          { serverId: 1, username: 'live' },
          { serverId: 1, username: 'late', votedAt: T0 - 20 * DAY },
        ]);
        expect(counterMismatches(upgraded)).toEqual([]);
        expect(countsOf(upgradedStore.servers.getWithStats(1)?.stats)).toEqual({
          votesTotal: upgraded.prepare('SELECT count(*) FROM votes WHERE server_id = 1').pluck().get(),
          ...bruteForce(upgraded, 1, T0),
        });
      } finally {
        upgraded.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves a version-6 file untouched when the upgrade fails part way (one transaction)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vote-db-'));
    try {
      const path = join(dir, 'vote-api.sqlite');
      writeVersion6File(path, 300);
      // A trigger of the new trigger's name makes the migration's last statement fail, after its backfill.
      const old = new Database(path);
      old.exec('CREATE TRIGGER votes_running_counters_insert AFTER INSERT ON votes BEGIN SELECT 1; END');
      old.close();
      expect(() => openDatabase(path)).toThrow(/votes_running_counters_insert/);
      const last = new Database(path);
      try {
        expect(last.pragma('user_version', { simple: true })).toBe(6);
        const columns = (table: string) =>
          (last.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);
        expect(columns('server_hour_votes')).toEqual(['server_id', 'hour', 'votes']);
        expect(columns('server_day_votes')).toEqual(['server_id', 'day', 'votes']);
        expect(
          last
            .prepare(
              `SELECT name FROM sqlite_master WHERE name LIKE '%block%' OR type = 'trigger' ORDER BY name`,
            )
            .pluck()
            .all(),
        ).toEqual([
          'votes_counters_insert',
          'votes_day_counters_insert',
          'votes_hour_counters_insert',
          'votes_running_counters_insert',
        ]);
      } finally {
        last.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
