import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createStore,
  type Db,
  isWellFormedKey,
  openDatabase,
  type Store,
  StoreError,
  usernameKey,
  validateUsername,
} from '../../mock-server/db';
import { MIGRATIONS } from '../../mock-server/db/schema';

const T0 = Date.UTC(2026, 10, 21, 10, 15, 0, 123);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

let clock = T0;
let db: Db;
let store: Store;

beforeEach(() => {
  clock = T0;
  db = openDatabase(':memory:');
  store = createStore(db, { now: () => clock });
});
afterEach(() => db.close());

describe('openDatabase', () => {
  it('creates the file with WAL, sets the pragmas and records the schema version', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vote-db-'));
    try {
      const file = openDatabase(join(dir, 'nested', 'mock.sqlite'));
      expect(file.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(file.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(file.pragma('busy_timeout', { simple: true })).toBe(5000);
      expect(file.pragma('synchronous', { simple: true })).toBe(1);
      expect(file.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      file.close();
      const reopened = openDatabase(join(dir, 'nested', 'mock.sqlite'));
      expect(reopened.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a database written by a newer schema', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vote-db-'));
    try {
      const path = join(dir, 'mock.sqlite');
      const file = openDatabase(path);
      file.pragma(`user_version = ${MIGRATIONS.length + 1}`);
      file.close();
      expect(() => openDatabase(path)).toThrow(/newer than this mock knows/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('servers', () => {
  it('creates a server with defaults and the creation time from the clock', () => {
    const server = store.servers.create({ name: 'Alpha', game: 'fivem' });
    expect(server).toEqual({
      id: 1,
      name: 'Alpha',
      game: 'fivem',
      ip: '',
      port: 30120,
      description: '',
      isPremium: false,
      isVerified: false,
      followersCount: 0,
      playersOnline: 0,
      playersMax: 0,
      createdAt: T0,
    });
    expect(store.servers.get(1)).toEqual(server);
    expect(store.servers.get(2)).toBeNull();
  });

  it('updates only the given fields and answers null for an unknown server', () => {
    const { id } = store.servers.create({ name: 'Alpha', game: 'fivem', port: 30121 });
    const updated = store.servers.update(id, { isPremium: true, playersOnline: 12, description: 'RP' });
    expect(updated).toMatchObject({
      name: 'Alpha',
      port: 30121,
      isPremium: true,
      playersOnline: 12,
      description: 'RP',
    });
    expect(store.servers.update(id, {})).toEqual(updated);
    expect(store.servers.update(99, { name: 'x' })).toBeNull();
  });

  it('keeps working when its methods are taken off the store (no method relies on `this`)', () => {
    const { create, update, getWithStats } = store.servers;
    const { id } = create({ name: 'Alpha', game: 'fivem' });
    expect(update(id, {})).toMatchObject({ id, name: 'Alpha' });
    expect(getWithStats(id)?.server).toMatchObject({ id, name: 'Alpha' });
  });
});

describe('api keys', () => {
  it('returns the clear key once, stores only its hash and shows it masked', () => {
    const { id } = store.servers.create({ name: 'Alpha', game: 'fivem' });
    const created = store.keys.create(id);
    expect(isWellFormedKey(created.key)).toBe(true);
    expect(created.key).toMatch(/^live_[A-Za-z0-9]{40}$/);
    expect(created.prefix).toBe(created.key.slice(0, 13));
    expect(created.masked).toBe(`live_****${created.key.slice(-4)}`);
    const stored = db.prepare('SELECT * FROM api_keys').all() as Record<string, unknown>[];
    expect(JSON.stringify(stored)).not.toContain(created.key);
    expect(store.keys.list(id)).toEqual([
      {
        serverId: id,
        prefix: created.prefix,
        masked: created.masked,
        createdAt: T0,
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
  });

  it('refuses a key for an unknown server', () => {
    expect(() => store.keys.create(42)).toThrow(StoreError);
  });

  it.each([
    ['malformed (no live_ prefix)', 'test_abcdefghijklmnopqrstuvwxyz0123456789', 'malformed'],
    ['malformed (too short)', 'live_abc', 'malformed'],
    ['malformed (bad characters)', `live_${'a'.repeat(31)}!`, 'malformed'],
    ['unknown', `live_${'a'.repeat(40)}`, 'unknown'],
  ])('rejects a %s key', (_label, key, reason) => {
    store.keys.create(store.servers.create({ name: 'Alpha', game: 'fivem' }).id);
    expect(store.keys.authenticate(key)).toEqual({ ok: false, reason });
  });

  it('authenticates a valid key, keeps older keys valid and rejects a revoked one', () => {
    const { id } = store.servers.create({ name: 'Alpha', game: 'fivem' });
    const first = store.keys.create(id);
    const second = store.keys.create(id);
    expect(store.keys.authenticate(first.key)).toEqual({ ok: true, serverId: id, prefix: first.prefix });
    expect(store.keys.authenticate(second.key)).toEqual({ ok: true, serverId: id, prefix: second.prefix });
    clock += MIN;
    expect(store.keys.revoke(first.prefix)).toMatchObject({ prefix: first.prefix, revokedAt: T0 + MIN });
    clock += MIN;
    expect(store.keys.revoke(first.prefix)?.revokedAt).toBe(T0 + MIN);
    expect(store.keys.authenticate(first.key)).toEqual({ ok: false, reason: 'revoked' });
    expect(store.keys.authenticate(second.key).ok).toBe(true);
    expect(store.keys.revoke('live_nothere')).toBeNull();
  });

  it('refuses a key on its next use after another connection revoked it or a reset emptied the keys', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vote-db-'));
    try {
      const path = join(dir, 'mock.sqlite');
      const mine = openDatabase(path);
      const other = openDatabase(path);
      try {
        const fileStore = createStore(mine, { now: () => clock });
        const { id } = fileStore.servers.create({ name: 'Alpha', game: 'fivem' });
        const { key, prefix } = fileStore.keys.create(id);
        expect(fileStore.keys.authenticate(key).ok).toBe(true);
        createStore(other, { now: () => clock }).keys.revoke(prefix);
        expect(fileStore.keys.authenticate(key)).toEqual({ ok: false, reason: 'revoked' });
        const fresh = fileStore.keys.create(id);
        expect(fileStore.keys.authenticate(fresh.key).ok).toBe(true);
        fileStore.reset();
        expect(fileStore.keys.authenticate(fresh.key)).toEqual({ ok: false, reason: 'unknown' });
      } finally {
        other.close();
        mine.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes last use at most once a minute per key', () => {
    const { id } = store.servers.create({ name: 'Alpha', game: 'fivem' });
    const { key } = store.keys.create(id);
    store.keys.authenticate(key);
    expect(store.keys.list(id)[0]?.lastUsedAt).toBe(T0);
    clock += 59_999;
    store.keys.authenticate(key);
    expect(store.keys.list(id)[0]?.lastUsedAt).toBe(T0);
    clock += 1;
    store.keys.authenticate(key);
    expect(store.keys.list(id)[0]?.lastUsedAt).toBe(T0 + MIN);
  });

  it('looks a key up like authenticate without counting a use', () => {
    const { id } = store.servers.create({ name: 'Alpha', game: 'fivem' });
    const { key, prefix } = store.keys.create(id);
    expect(store.keys.lookup(key)).toEqual({ ok: true, serverId: id, prefix });
    expect(store.keys.lookup('live_nope')).toEqual({ ok: false, reason: 'malformed' });
    expect(store.keys.list(id)[0]?.lastUsedAt).toBeNull();
    store.keys.revoke(prefix);
    expect(store.keys.lookup(key)).toEqual({ ok: false, reason: 'revoked' });
    expect(store.keys.list(id)[0]?.lastUsedAt).toBeNull();
  });
});

describe('usernames', () => {
  it.each([
    ['Player', 'player'],
    ['  PLAYER  ', 'player'],
    ['Ｐｌａｙｅｒ', 'player'],
    ['straße', 'strasse'],
    ['STRASSE', 'strasse'],
    ['ǅemal', 'džemal'],
  ])('matches %j as %j', (input, key) => {
    expect(usernameKey(input)).toBe(key);
  });

  it.each([
    ['', 'username must not be empty'],
    ['   ', 'username must not be empty'],
    ['a'.repeat(65), 'username must be at most 64 characters, got 65'],
    ['bad\u0007name', 'username must not contain control characters'],
    ['tab\tname', 'username must not contain control characters'],
  ])('refuses %j', (input, message) => {
    expect(validateUsername(input)).toEqual({ ok: false, message });
  });

  it('accepts 64 code points of astral characters and trims', () => {
    expect(validateUsername(` ${'😀'.repeat(64)} `)).toEqual({ ok: true, username: '😀'.repeat(64) });
  });
});

describe('votes, check and claim', () => {
  let serverId: number;
  beforeEach(() => {
    serverId = store.servers.create({ name: 'Alpha', game: 'fivem' }).id;
  });

  it('records a vote with a UUID, the trimmed username and the clock time', () => {
    const vote = store.votes.insert({ serverId, username: '  Bob ', ip: '10.0.0.1' });
    expect(vote).toEqual({
      voteId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      serverId,
      username: 'Bob',
      ip: '10.0.0.1',
      votedAt: T0,
      claimedAt: null,
    });
    expect(() => store.votes.insert({ serverId: 99, username: 'Bob' })).toThrow(/server 99 does not exist/);
  });

  it('inserts a batch atomically: one bad vote stores none', () => {
    expect(() =>
      store.votes.insertMany([
        { serverId, username: 'a' },
        { serverId: 77, username: 'b' },
      ]),
    ).toThrow(StoreError);
    expect(store.votes.list()).toEqual([]);
  });

  it('claims the oldest unclaimed vote first, then the next, then nothing', () => {
    const older = store.votes.insert({ serverId, username: 'Bob', votedAt: T0 - 2 * DAY });
    const newer = store.votes.insert({ serverId, username: 'bob', votedAt: T0 - HOUR });
    expect(store.votes.findCheck('unclaimed', serverId, { username: 'BOB' })?.voteId).toBe(older.voteId);
    expect(store.votes.claimOldest(serverId, 'BOB')).toMatchObject({ voteId: older.voteId, claimedAt: T0 });
    expect(store.votes.findCheck('unclaimed', serverId, { username: 'Bob' })?.voteId).toBe(newer.voteId);
    expect(store.votes.claimOldest(serverId, 'Bob')?.voteId).toBe(newer.voteId);
    expect(store.votes.claimOldest(serverId, 'Bob')).toBeNull();
    expect(store.votes.findCheck('unclaimed', serverId, { username: 'Bob' })).toBeNull();
  });

  it('checks and claims the same votes on an ANALYZEd file, whose statistics the planner reads', () => {
    const other = store.servers.create({ name: 'Beta', game: 'fivem' }).id;
    store.votes.insertMany(
      Array.from({ length: 2000 }, (_, i) => ({
        serverId: i % 3 === 0 ? other : serverId,
        username: `p${i % 50}`,
        ip: `10.0.0.${i % 50}`,
        votedAt: T0 - 3 * DAY + i * MIN,
      })),
    );
    db.exec('ANALYZE');
    expect(db.prepare('SELECT count(*) FROM sqlite_stat4').pluck().get()).toBeGreaterThan(0);
    const first = (where: string, ...params: unknown[]) =>
      db
        .prepare(`SELECT uuid FROM votes WHERE ${where} ORDER BY voted_at, id LIMIT 1`)
        .pluck()
        .get(...params) as string | undefined;
    for (const n of [1, 7, 49]) {
      const expected = first('server_id = ? AND username_key = ? AND claimed_at IS NULL', serverId, `p${n}`);
      expect(store.votes.findCheck('unclaimed', serverId, { username: `P${n}` })?.voteId).toBe(expected);
      expect(store.votes.findCheck('unclaimed', serverId, { ip: `10.0.0.${n}` })?.voteId).toBe(expected);
      const recent = first(
        'server_id = ? AND username_key = ? AND claimed_at IS NULL AND voted_at > ?',
        serverId,
        `p${n}`,
        T0 - DAY,
      );
      expect(store.votes.findCheck('last24h', serverId, { username: `p${n}` })?.voteId).toBe(recent);
      expect(store.votes.claimOldest(serverId, `p${n}`)?.voteId).toBe(expected);
      expect(store.votes.findCheck('unclaimed', serverId, { username: `p${n}` })?.voteId).not.toBe(expected);
    }
  });

  it('keeps votes of other servers and other players apart', () => {
    const other = store.servers.create({ name: 'Beta', game: 'fivem' }).id;
    store.votes.insert({ serverId: other, username: 'Bob' });
    store.votes.insert({ serverId, username: 'Alice' });
    expect(store.votes.claimOldest(serverId, 'Bob')).toBeNull();
    expect(store.votes.findCheck('unclaimed', serverId, { username: 'Bob' })).toBeNull();
  });

  it('finds votes by IP in both modes', () => {
    store.votes.insert({ serverId, username: 'Bob', ip: '2001:db8::1', votedAt: T0 - 3 * DAY });
    const recent = store.votes.insert({ serverId, username: 'Bob', ip: '2001:db8::1', votedAt: T0 - HOUR });
    expect(store.votes.findCheck('unclaimed', serverId, { ip: '2001:db8::1' })?.votedAt).toBe(T0 - 3 * DAY);
    expect(store.votes.findCheck('last24h', serverId, { ip: '2001:db8::1' })?.voteId).toBe(recent.voteId);
    expect(store.votes.findCheck('last24h', serverId, { ip: '10.9.9.9' })).toBeNull();
  });

  it('in last24h mode reports a claimed vote of the last 24 h but never an older one', () => {
    store.votes.insert({ serverId, username: 'Bob', votedAt: T0 - DAY });
    expect(store.votes.findCheck('last24h', serverId, { username: 'Bob' })).toBeNull();
    expect(store.votes.claimOldest(serverId, 'Bob', { mode: 'last24h' })).toBeNull();
    const recent = store.votes.insert({ serverId, username: 'Bob', votedAt: T0 - DAY + 1 });
    expect(store.votes.claimOldest(serverId, 'Bob', { mode: 'last24h' })?.voteId).toBe(recent.voteId);
    expect(store.votes.findCheck('last24h', serverId, { username: 'Bob' })).toMatchObject({
      voteId: recent.voteId,
      claimedAt: T0,
    });
    expect(store.votes.findCheck('unclaimed', serverId, { username: 'Bob' })?.votedAt).toBe(T0 - DAY);
  });

  it('gives the latest vote time per username and per IP for the vote cooldown', () => {
    expect(store.votes.lastBy(serverId, { username: 'Bob' })).toBeNull();
    store.votes.insert({ serverId, username: 'Bob', ip: '10.0.0.1', votedAt: T0 - 3 * HOUR });
    store.votes.insert({ serverId, username: 'Eve', ip: '10.0.0.1', votedAt: T0 - HOUR });
    expect(store.votes.lastBy(serverId, { username: 'BOB' })).toBe(T0 - 3 * HOUR);
    expect(store.votes.lastBy(serverId, { ip: '10.0.0.1' })).toBe(T0 - HOUR);
  });

  it('lists votes by server and username, oldest first, paged', () => {
    const other = store.servers.create({ name: 'Beta', game: 'fivem' }).id;
    store.votes.insert({ serverId, username: 'Bob', votedAt: T0 - 2 });
    store.votes.insert({ serverId: other, username: 'bob', votedAt: T0 - 1 });
    store.votes.insert({ serverId, username: 'Eve', votedAt: T0 });
    expect(store.votes.list().map((v) => v.votedAt)).toEqual([T0 - 2, T0 - 1, T0]);
    expect(store.votes.list({ serverId }).map((v) => v.username)).toEqual(['Bob', 'Eve']);
    expect(store.votes.list({ username: 'BOB' }).map((v) => v.serverId)).toEqual([serverId, other]);
    expect(store.votes.list({ serverId, username: 'bob' })).toHaveLength(1);
    expect(store.votes.list({ limit: 1, offset: 1 }).map((v) => v.votedAt)).toEqual([T0 - 1]);
  });

  it('empties everything on reset', () => {
    store.keys.create(serverId);
    store.votes.insert({ serverId, username: 'Bob' });
    store.reset();
    expect(store.servers.count()).toBe(0);
    expect(store.votes.list()).toEqual([]);
    expect(store.servers.create({ name: 'Again', game: 'fivem' }).id).toBe(1);
    expect(store.servers.getWithStats(1)?.stats).toMatchObject({ votesTotal: 0, votesMonthly: 0, rank: 1 });
  });
});

describe('statistics and rank', () => {
  it('counts total, monthly (UTC), rolling 24 h and 7 d votes', () => {
    const { id } = store.servers.create({ name: 'Alpha', game: 'fivem' });
    const times = [
      T0 - 1,
      T0 - DAY + 1,
      T0 - DAY,
      T0 - 7 * DAY + 1,
      T0 - 7 * DAY,
      Date.UTC(2026, 9, 31, 23, 59),
    ];
    store.votes.insertMany(times.map((votedAt) => ({ serverId: id, username: 'u', votedAt })));
    expect(store.servers.getWithStats(id)?.stats).toEqual({
      votesTotal: 6,
      votesMonthly: 5,
      votes24h: 2,
      votes7d: 4,
      rank: 1,
    });
    expect(store.servers.getWithStats(99)).toBeNull();
  });

  it('ranks by monthly votes, then total votes, then age, never sharing a rank and including silent servers', () => {
    const lastMonth = Date.UTC(2026, 9, 15);
    const make = (name: string, monthly: number, older: number) => {
      const server = store.servers.create({ name, game: 'fivem' });
      clock += 1;
      const votes = [
        ...Array.from({ length: monthly }, () => ({
          serverId: server.id,
          username: 'p',
          votedAt: T0 - HOUR,
        })),
        ...Array.from({ length: older }, () => ({ serverId: server.id, username: 'p', votedAt: lastMonth })),
      ];
      store.votes.insertMany(votes);
      return server.id;
    };
    const silentOld = make('silent-old', 0, 0);
    const tiedOlder = make('tied-older', 3, 1);
    const top = make('top', 5, 0);
    const tiedNewer = make('tied-newer', 3, 1);
    const tiedMoreTotal = make('tied-more-total', 3, 4);
    const silentNewer = make('silent-newer', 0, 0);
    const silentWithHistory = make('silent-history', 0, 9);

    const expected = [top, tiedMoreTotal, tiedOlder, tiedNewer, silentWithHistory, silentOld, silentNewer];
    expect(store.servers.listRanked().map((s) => s.id)).toEqual(expected);
    expect(expected.map((id) => store.servers.getWithStats(id)?.stats?.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(store.servers.listRanked({ limit: 2, offset: 2 }).map((s) => [s.id, s.rank])).toEqual([
      [tiedOlder, 3],
      [tiedNewer, 4],
    ]);
  });

  it('starts a new month at zero monthly votes when the clock crosses into it', () => {
    const a = store.servers.create({ name: 'A', game: 'fivem' }).id;
    clock += 1;
    const b = store.servers.create({ name: 'B', game: 'fivem' }).id;
    store.votes.insertMany([
      { serverId: b, username: 'x' },
      { serverId: b, username: 'y' },
      { serverId: a, username: 'z' },
    ]);
    expect(store.servers.getWithStats(b)?.stats).toMatchObject({ votesMonthly: 2, rank: 1 });
    clock = Date.UTC(2026, 11, 1, 0, 0, 0, 0);
    store.votes.insert({ serverId: a, username: 'z' });
    expect(store.servers.getWithStats(a)?.stats).toMatchObject({ votesMonthly: 1, votesTotal: 2, rank: 1 });
    expect(store.servers.getWithStats(b)?.stats).toMatchObject({ votesMonthly: 0, votesTotal: 2, rank: 2 });
    clock = T0;
    expect(store.servers.getWithStats(b)?.stats).toMatchObject({ votesMonthly: 2, rank: 1 });
  });

  it('answers every request-path query with index seeks, never a table scan', () => {
    const plans = [
      [
        'SELECT uuid FROM votes WHERE server_id = 1 AND username_key = ? AND claimed_at IS NULL AND voted_at > 0 ORDER BY voted_at, id LIMIT 1',
        'x',
      ],
      [
        'SELECT uuid FROM votes WHERE server_id = 1 AND ip = ? AND claimed_at IS NULL AND voted_at > 0 ORDER BY voted_at, id LIMIT 1',
        'x',
      ],
      [
        'SELECT uuid FROM votes WHERE server_id = 1 AND username_key = ? AND voted_at > 0 ORDER BY voted_at DESC, id DESC LIMIT 1',
        'x',
      ],
      ['SELECT count(*) FROM votes WHERE server_id = 1 AND voted_at > ?', 0],
      // The code writes its parameters `+?` (no sqlite_stat4 lookup, so no re-prepare per call): same index seeks.
      [
        'SELECT uuid FROM votes WHERE server_id = 1 AND username_key = +? AND claimed_at IS NULL AND voted_at > 0 ORDER BY voted_at, id LIMIT 1',
        'x',
      ],
      ['SELECT count(*) FROM votes WHERE server_id = 1 AND voted_at > +?', 0],
      // The running totals of the rolling windows: one seek each, newest row first, no sort.
      [
        'SELECT cum FROM server_hour_votes WHERE server_id = 1 AND hour <= +? AND hour >= 0 ORDER BY hour DESC LIMIT 1',
        0,
      ],
      [
        'SELECT cum FROM server_day_votes WHERE server_id = 1 AND day < +? AND day >= 0 ORDER BY day DESC LIMIT 1',
        0,
      ],
      [
        'SELECT cum FROM server_block_votes WHERE server_id = 1 AND block < +? ORDER BY block DESC LIMIT 1',
        0,
      ],
      ['SELECT votes FROM server_month_votes WHERE server_id = 1 AND month = ?', '2026-11'],
      ['SELECT count(*) FROM servers WHERE rank_month_votes = 1 AND votes_total = 2 AND created_at < ?', 0],
      [
        'SELECT * FROM servers ORDER BY rank_month_votes DESC, votes_total DESC, created_at, id LIMIT 10 OFFSET ?',
        0,
      ],
    ] as const;
    for (const [sql, param] of plans) {
      const detail = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(param) as { detail: string }[])
        .map((r) => r.detail)
        .join(' | ');
      expect(detail, sql).not.toMatch(/\bSCAN (votes|servers|server_(hour|day|block)_votes)\b(?! USING)/);
      expect(detail, sql).not.toMatch(/TEMP B-TREE/);
    }
  });
});
