import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderBadgeSvg } from '../../mock-server/badge/render';
import { loadBadgeData } from '../../mock-server/badge/routes';
import { createStore, openDatabase } from '../../mock-server/db';
import { seedDemo } from '../../mock-server/seed';
import { type RunningMockServer, startMockServer } from '../../mock-server/server';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 11, 6, 23, 56);

const running: RunningMockServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const mock of running.splice(0)) await mock.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startMockServer>[0]): Promise<RunningMockServer> {
  const mock = await startMockServer(options);
  running.push(mock);
  return mock;
}

/** The cells of the owner dashboard's key table: masked key and "Last used". */
async function keyRows(mock: RunningMockServer): Promise<string[][]> {
  const html = await (await fetch(`${mock.url}/dashboard/servers/1/integrations`)).text();
  const table = /<table[^>]*>(?:(?!<\/table>).)*?Last used.*?<\/table>/s.exec(html)?.[0] ?? '';
  return [...table.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)]
    .map(([, row]) =>
      [...(row as string).matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map(([, cell]) =>
        (cell as string).replace(/<[^>]+>/g, '').trim(),
      ),
    )
    .filter((cells) => cells.length > 0);
}

describe('demo seed: claimed votes', () => {
  it('claims each historic vote a few minutes after it was cast, not all at the minute of seeding', () => {
    const store = createStore(openDatabase(':memory:'), { now: () => T0 });
    const { serverId } = seedDemo(store, () => T0);
    const claimed = store.votes.list({ serverId, limit: 1000 }).filter((vote) => vote.claimedAt !== null);
    expect(claimed).toHaveLength(45);
    for (const vote of claimed) {
      const delay = (vote.claimedAt as number) - vote.votedAt;
      expect(delay).toBeGreaterThanOrEqual(MINUTE);
      expect(delay).toBeLessThanOrEqual(16 * MINUTE);
      expect(vote.claimedAt).toBeLessThan(T0);
    }
    // Spread: as many claim times as claimed votes, over weeks.
    const times = claimed.map((vote) => vote.claimedAt as number);
    expect(new Set(times).size).toBe(claimed.length);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(14 * 24 * 60 * MINUTE);
    // Per player, claimed oldest first, as the API claims.
    for (const name of new Set(claimed.map((vote) => vote.username))) {
      const own = claimed.filter((vote) => vote.username === name);
      const order = [...own].sort((a, b) => (a.claimedAt as number) - (b.claimedAt as number));
      expect(order.map((vote) => vote.voteId)).toEqual(own.map((vote) => vote.voteId));
    }
  });

  it('seeds the same data on every run (deterministic), and still leaves only SeedBen and SeedAva waiting', () => {
    const seeded = () => {
      const store = createStore(openDatabase(':memory:'), { now: () => T0 });
      seedDemo(store, () => T0);
      return store.votes.list({ limit: 10_000 }).map(({ voteId: _id, ...vote }) => vote);
    };
    const first = seeded();
    expect(seeded()).toEqual(first);
    const waiting = first.filter((vote) => vote.serverId === 1 && vote.claimedAt === null);
    expect(waiting.map((vote) => vote.username)).toEqual(['SeedBen', 'SeedBen', 'SeedAva']);
  });

  it('refuses a vote input claimed before it was cast', () => {
    const store = createStore(openDatabase(':memory:'), { now: () => T0 });
    const { id } = store.servers.create({ name: 'A', game: 'fivem' });
    expect(() =>
      store.votes.insert({ serverId: id, username: 'Early', votedAt: T0, claimedAt: T0 - 1 }),
    ).toThrow(/cannot be claimed .* before it was cast/);
    expect(store.votes.list({ serverId: id })).toEqual([]);
  });
});

describe('demo key: "Last used"', () => {
  it('is never after seeding, nor after a restart over the same database file, until a game server uses it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-seed-'));
    dirs.push(dir);
    const db = join(dir, 'vote-api.sqlite');
    let clock = T0;
    const now = () => clock;
    const first = await start({ db, seed: 'demo', now });
    expect(first.store.keys.list(1).map((key) => key.lastUsedAt)).toEqual([null]);
    const key = first.demo?.apiKey as string;
    await first.close();

    clock += 10 * MINUTE;
    const again = await start({ db, seed: 'demo', now });
    expect(again.demo?.apiKey).toBe(key);
    expect(again.store.keys.list(1).map((k) => k.lastUsedAt)).toEqual([null]);
    expect((await keyRows(again)).map((cells) => cells[2])).toEqual(['Never']);

    // A game server's request is a use.
    clock += MINUTE;
    const info = await fetch(`${again.url}/api/v1/server/info`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(info.status).toBe(200);
    expect(again.store.keys.list(1).map((k) => k.lastUsedAt)).toEqual([clock]);
  });
});

describe('demo seed: the game (--game)', () => {
  it('seeds a RedM demo server whose page, API and badge say redm, the other servers staying FiveM', async () => {
    const mock = await start({ seed: 'demo', game: 'redm' });
    expect(mock.store.servers.get(1)?.game).toBe('redm');
    expect(mock.store.servers.get(2)?.game).toBe('fivem');

    const page = await (await fetch(`${mock.url}/servers/1`)).text();
    expect(page).toContain('Game: <b>redm</b>');
    expect(page).not.toContain('fivem');

    const key = mock.demo?.apiKey as string;
    const info = await (
      await fetch(`${mock.url}/api/v1/server/info`, { headers: { authorization: `Bearer ${key}` } })
    ).json();
    expect(info).toMatchObject({ name: 'Demo RP', game: 'redm' });
    const count = await (
      await fetch(`${mock.url}/api/v1/vote/count`, { headers: { authorization: `Bearer ${key}` } })
    ).json();
    expect(count).toMatchObject({ server_game: 'redm' });

    const data = loadBadgeData(mock.store, 1);
    expect(data?.game).toBe('redm');
    const svg = renderBadgeSvg(data as NonNullable<typeof data>, {
      style: 'stats',
      theme: 'light',
      lang: 'en',
    });
    expect(svg).toMatch(/>REDM</);
    expect(svg).not.toMatch(/FIVEM/);
    const badge = await fetch(`${mock.url}/badge/1.png?style=stats`);
    expect(badge.status).toBe(200);
    expect(badge.headers.get('content-type')).toBe('image/png');
  });

  it('seeds a FiveM demo server by default', async () => {
    const mock = await start({ seed: 'demo' });
    expect(mock.store.servers.get(1)?.game).toBe('fivem');
    expect(
      renderBadgeSvg(loadBadgeData(mock.store, 1) as NonNullable<ReturnType<typeof loadBadgeData>>, {
        style: 'stats',
        theme: 'light',
        lang: 'en',
      }),
    ).toMatch(/>FIVEM</);
  });
});
