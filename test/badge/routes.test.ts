import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { BADGE_TTL_MS, createBadgeRoutes, matchesIfNoneMatch } from '../../mock-server/badge/routes';
import { createStore, openDatabase } from '../../mock-server/db';
import { checkAnswers } from '../mock/contract';
import { createHarness } from '../mock/helpers';

function setup() {
  const clock = { t: Date.UTC(2026, 10, 21, 12) };
  const store = createStore(openDatabase(':memory:'), { now: () => clock.t });
  const server = store.servers.create({ name: 'Horizon', game: 'fivem', playersOnline: 64, playersMax: 128 });
  const loads: number[] = [];
  // A whole mock publishes the contract the badge routes answer by.
  const app = checkAnswers(
    createBadgeRoutes({
      now: () => clock.t,
      store: {
        servers: {
          getWithStats: (id) => {
            loads.push(id);
            return store.servers.getWithStats(id);
          },
        },
      },
    }),
    createHarness().app,
  );
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
  return { clock, store, id: server.id, loads, get };
}

const size = async (res: Response) => {
  const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
  return { width: png.width, height: png.height };
};

describe('GET /badge/:id.png', () => {
  it('answers a PNG with the 5-minute cache headers and the defaults button/light/en', async () => {
    const { id, get } = setup();
    const res = await get(`/badge/${id}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(await size(res)).toEqual({ width: 300, height: 60 });
    const explicit = await get(`/badge/${id}.png?style=button&theme=light&lang=en`);
    expect(explicit.headers.get('etag')).toBe(res.headers.get('etag'));
  });

  it.each([
    ['stats', { width: 360, height: 110 }],
    // The mini strip is as wide as its text: "0 vote · 64/128 joueurs" after the rank.
    ['mini', { width: expect.toSatisfy((w: number) => w > 120 && w < 240), height: 24 }],
  ])('style=%s has its own size', async (style, expected) => {
    const { id, get } = setup();
    expect(await size(await get(`/badge/${id}.png?style=${style}&theme=dark&lang=fr`))).toEqual(expected);
  });

  it('serves the cached render (same ETag, no new lookup) within 5 minutes', async () => {
    const { clock, store, id, loads, get } = setup();
    const first = await get(`/badge/${id}.png?style=stats`);
    store.votes.insert({ serverId: id, username: 'late' });
    clock.t += BADGE_TTL_MS - 1;
    const second = await get(`/badge/${id}.png?style=stats`);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(loads).toEqual([id]);
  });

  it('renders again once 5 minutes have passed, picking up new votes and players', async () => {
    const { clock, store, id, loads, get } = setup();
    const first = await get(`/badge/${id}.png`);
    store.votes.insert({ serverId: id, username: 'someone' });
    store.servers.update(id, { playersOnline: 65 });
    clock.t += BADGE_TTL_MS;
    const second = await get(`/badge/${id}.png`);
    expect(loads).toEqual([id, id]);
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
  });

  it('caches each (style, theme, lang) separately', async () => {
    const { id, loads, get } = setup();
    const tags = new Set<string | null>();
    for (const query of ['', '?theme=dark', '?lang=fr', '?style=mini', '?theme=dark']) {
      tags.add((await get(`/badge/${id}.png${query}`)).headers.get('etag'));
    }
    expect(tags.size).toBe(4);
    expect(loads).toHaveLength(4);
  });

  it('answers 304 without a body when If-None-Match matches the ETag', async () => {
    const { id, get } = setup();
    const etag = (await get(`/badge/${id}.png`)).headers.get('etag') as string;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get(`/badge/${id}.png`, { 'If-None-Match': header });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    }
    expect((await get(`/badge/${id}.png`, { 'If-None-Match': '"stale"' })).status).toBe(200);
  });

  it.each([
    ['style=banner', 'style must be one of button, stats, mini'],
    ['theme=blue', 'theme must be one of light, dark'],
    ['lang=de', 'lang must be one of en, fr'],
    ['style=', 'style must be one of'],
  ])('answers 400 with the JSON error shape for %s', async (query, message) => {
    const { id, loads, get } = setup();
    const res = await get(`/badge/${id}.png?${query}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_parameter');
    expect(body.error.message).toContain(message);
    expect(loads).toEqual([]);
  });

  it.each(['abc.png', '0.png', '-1.png', '1.5.png', '99999999999999999999.png'])(
    'answers 400 invalid_server_id for /badge/%s',
    async (file) => {
      const res = await setup().get(`/badge/${file}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_server_id');
    },
  );

  it('answers 404 with a small PNG for an unknown server', async () => {
    const res = await setup().get('/badge/404.png?lang=fr');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('etag')).toBeNull();
    expect(await size(res)).toEqual({
      width: expect.toSatisfy((w: number) => w > 100 && w < 240),
      height: 24,
    });
  });
});

describe('matchesIfNoneMatch', () => {
  it.each([
    [undefined, false],
    ['"a"', true],
    ['W/"a"', true],
    ['"b", "a"', true],
    ['"b"', false],
    ['*', true],
  ])('%s against "a" is %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, '"a"')).toBe(expected);
  });
});

describe('createBadgeRoutes with a plain data function', () => {
  it('serves what the function returns and 404 for undefined', async () => {
    const app = createBadgeRoutes({
      now: () => 0,
      badgeData: (id) =>
        id === 1
          ? { name: 'Fn', game: 'fivem', rank: 1, votesMonthly: 5, playersOnline: 1, playersMax: 2 }
          : undefined,
    });
    expect((await app.request('/badge/1.png?style=stats')).status).toBe(200);
    expect((await app.request('/badge/2.png')).status).toBe(404);
  });
});
