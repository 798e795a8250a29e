import { describe, expect, it } from 'vitest';
import { createHarness, DAY, errorOf, T0 } from './helpers';

const json = (body: unknown, method = 'POST', headers: Record<string, string> = {}) => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
/** A body-less control-API write: still JSON, which a cross-site form cannot send. */
const bodiless = { method: 'POST', headers: { 'content-type': 'application/json' } };

describe('control API: servers and keys', () => {
  it('creates a server with every field and returns its key once; the key works on the API', async () => {
    const h = createHarness();
    const res = await h.app.request(
      '/__admin/servers',
      json({
        name: 'Alpha',
        game: 'fivem',
        ip: '203.0.113.1',
        port: 30125,
        description: 'desc',
        is_premium: true,
        is_verified: true,
        followers_count: 7,
        players_online: 3,
        players_max: 32,
      }),
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as { server: { id: number }; api_key: string };
    expect(body).toEqual({
      server: {
        id: 2,
        name: 'Alpha',
        game: 'fivem',
        ip: '203.0.113.1',
        port: 30125,
        description: 'desc',
        is_premium: true,
        is_verified: true,
        followers_count: 7,
        players_online: 3,
        players_max: 32,
        created_at: new Date(T0).toISOString(),
      },
      api_key: expect.stringMatching(/^live_[A-Za-z0-9]{40}$/),
    });
    const info = await h.app.request('/api/v1/server/info', {
      headers: { authorization: `Bearer ${body.api_key}` },
    });
    expect(await info.json()).toMatchObject({
      name: 'Alpha',
      port: 30125,
      is_premium: true,
      followers_count: 7,
    });
  });

  it.each([
    ['a missing name', { game: 'fivem' }, 'missing_field', /name/],
    ['an uppercase game', { name: 'A', game: 'FiveM' }, 'invalid_field', /game/],
    ['a port out of range', { name: 'A', game: 'fivem', port: 70000 }, 'invalid_field', /port/],
    [
      'a negative follower count',
      { name: 'A', game: 'fivem', followers_count: -1 },
      'invalid_field',
      /followers_count/,
    ],
    ['an unknown field', { name: 'A', game: 'fivem', owner: 'x' }, 'invalid_field', /owner/],
  ])('refuses %s with 400 and stores nothing', async (_label, body, code, mentions) => {
    const h = createHarness();
    const res = await h.app.request('/__admin/servers', json(body));
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(mentions);
    expect(h.store.servers.count()).toBe(1);
  });

  it('patches fields, and answers 404 for an unknown server', async () => {
    const h = createHarness();
    const res = await h.app.request(
      `/__admin/servers/${h.serverId}`,
      json({ players_online: 9, is_verified: true }, 'PATCH'),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      server: { players_online: 9, is_verified: true, name: 'Demo RP' },
    });
    const missing = await h.app.request('/__admin/servers/999', json({ name: 'x' }, 'PATCH'));
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe('server_not_found');
    expect((await h.app.request('/__admin/servers/abc', json({ name: 'x' }, 'PATCH'))).status).toBe(400);
  });

  it('issues a second key while the first stays valid, then revokes the first by its prefix', async () => {
    const h = createHarness();
    const res = await h.app.request(`/__admin/servers/${h.serverId}/keys`, bodiless);
    expect(res.status).toBe(201);
    const { api_key: second, key } = (await res.json()) as { api_key: string; key: { masked: string } };
    expect(key.masked).toBe(`live_****${second.slice(-4)}`);
    for (const k of [h.key, second]) {
      expect(
        (await h.app.request('/api/v1/vote/count', { headers: { authorization: `Bearer ${k}` } })).status,
      ).toBe(200);
    }
    const revoked = await h.app.request(`/__admin/keys/${h.key.slice(0, 13)}`, { method: 'DELETE' });
    expect(await revoked.json()).toMatchObject({ key: { revoked_at: new Date(T0).toISOString() } });
    expect((await h.get('/api/v1/vote/count')).status).toBe(401);
    const list = (await (await h.app.request(`/__admin/servers/${h.serverId}/keys`)).json()) as {
      keys: unknown[];
    };
    expect(list.keys).toHaveLength(2);
    expect(JSON.stringify(list)).not.toContain(second);
    expect(
      (await errorOf(await h.app.request('/__admin/keys/live_nothing', { method: 'DELETE' }))).code,
    ).toBe('key_not_found');
  });
});

describe('control API: votes', () => {
  it('records one vote, defaulting the time to now', async () => {
    const h = createHarness();
    const res = await h.app.request(
      '/__admin/votes',
      json({ server_id: h.serverId, username: 'Steve', ip: '203.0.113.4' }),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      votes: [
        {
          vote_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          server_id: h.serverId,
          username: 'Steve',
          ip: '203.0.113.4',
          voted_at: new Date(T0).toISOString(),
          claimed_at: null,
        },
      ],
    });
  });

  it('records a batch with ISO and millisecond times, and lists them by server and username', async () => {
    const h = createHarness();
    const votes = [
      { server_id: h.serverId, username: 'Steve', voted_at: new Date(T0 - DAY).toISOString() },
      { server_id: h.serverId, username: 'Alex', voted_at: T0 - 2 * DAY },
    ];
    expect((await h.app.request('/__admin/votes', json({ votes }))).status).toBe(201);
    const all = (await (await h.app.request(`/__admin/votes?server_id=${h.serverId}`)).json()) as {
      votes: { username: string }[];
    };
    expect(all.votes.map((v) => v.username)).toEqual(['Alex', 'Steve']);
    const steve = (await (
      await h.app.request(`/__admin/votes?server_id=${h.serverId}&username=STEVE`)
    ).json()) as {
      votes: unknown[];
    };
    expect(steve.votes).toHaveLength(1);
  });

  it.each([
    [
      'a vote in the future',
      (id: number) => ({ server_id: id, username: 'a', voted_at: T0 + 1 }),
      400,
      'invalid_field',
    ],
    ['an unknown server', () => ({ server_id: 999, username: 'a' }), 404, 'server_not_found'],
    ['a bad ip', (id: number) => ({ server_id: id, username: 'a', ip: 'nope' }), 400, 'invalid_field'],
    ['an empty batch', () => ({ votes: [] }), 400, 'invalid_field'],
    [
      'a batch with one bad vote',
      (id: number) => ({
        votes: [
          { server_id: id, username: 'a' },
          { server_id: 999, username: 'b' },
        ],
      }),
      404,
      'server_not_found',
    ],
  ])('refuses %s and stores no vote', async (_label, make, status, code) => {
    const h = createHarness();
    const res = await h.app.request('/__admin/votes', json(make(h.serverId)));
    expect(res.status).toBe(status);
    expect((await errorOf(res)).code).toBe(code);
    expect(h.store.votes.list()).toEqual([]);
  });
});

describe('control API: faults and reset', () => {
  it('adds, lists and clears faults, refusing a fault that does nothing', async () => {
    const h = createHarness();
    expect((await errorOf(await h.app.request('/__admin/faults', json({ route: '/health' })))).code).toBe(
      'invalid_field',
    );
    const added = await h.app.request('/__admin/faults', json({ route: '/health', status: 503, times: 1 }));
    expect(added.status).toBe(201);
    expect(await (await h.app.request('/__admin/faults')).json()).toMatchObject({
      faults: [{ route: '/health', status: 503 }],
    });
    const injected = await h.app.request('/health');
    expect(injected.status).toBe(503);
    expect(injected.headers.get('retry-after')).toBe('1');
    expect((await errorOf(injected)).code).toBe('injected_fault');
    expect((await h.app.request('/health')).status).toBe(200);
    await h.app.request('/__admin/faults', json({ route: '/api/v1/*', status: 500 }));
    expect((await h.get('/api/v1/vote/count')).status).toBe(500);
    expect((await h.get('/api/v1/server/info')).status).toBe(500);
    expect(await (await h.app.request('/__admin/faults', { method: 'DELETE' })).json()).toEqual({
      cleared: 1,
    });
    expect((await h.get('/api/v1/vote/count')).status).toBe(200);
  });

  it('injects 429 with the configured Retry-After, only for the given method', async () => {
    const h = createHarness();
    await h.app.request(
      '/__admin/faults',
      json({ route: '/api/v1/vote/claim', method: 'POST', status: 429, retry_after: 7 }),
    );
    const res = await h.post('/api/v1/vote/claim', { username: 'x' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect((await h.get('/api/v1/vote/count')).status).toBe(200);
  });

  it('applies a claim before injecting the status when apply is true', async () => {
    const h = createHarness();
    h.vote('Steve');
    await h.app.request(
      '/__admin/faults',
      json({ route: '/api/v1/vote/claim', status: 500, apply: true, times: 1 }),
    );
    const res = await h.post('/api/v1/vote/claim', { username: 'Steve' });
    expect(res.status).toBe(500);
    expect((await errorOf(res)).code).toBe('injected_fault');
    expect(h.store.votes.list()[0]?.claimedAt).toBe(T0);
  });

  it.each([
    [false, null],
    [true, T0],
  ])(
    'in process (no socket to close), drop answers 500 injected_fault; apply %s leaves claimed_at %s',
    async (apply, claimedAt) => {
      const h = createHarness();
      h.vote('Steve');
      await h.app.request(
        '/__admin/faults',
        json({ route: '/api/v1/vote/claim', drop: true, apply, times: 1 }),
      );
      const res = await h.post('/api/v1/vote/claim', { username: 'Steve' });
      expect(res.status).toBe(500);
      expect(await errorOf(res)).toMatchObject({
        code: 'injected_fault',
        message: expect.stringContaining('dropped'),
      });
      expect(h.store.votes.list()[0]?.claimedAt).toBe(claimedAt);
    },
  );

  it('empties the database on reset', async () => {
    const h = createHarness();
    h.vote('Steve');
    expect(await (await h.app.request('/__admin/reset', bodiless)).json()).toEqual({ reset: true });
    expect(h.store.servers.count()).toBe(0);
    expect(h.store.votes.list()).toEqual([]);
  });
});

describe('control API access', () => {
  it('answers 404 admin_disabled everywhere under /__admin with --no-admin', async () => {
    const h = createHarness({ deps: { admin: { enabled: false } } });
    for (const [path, method] of [
      ['/__admin/servers', 'POST'],
      ['/__admin/reset', 'POST'],
      ['/__admin/votes', 'GET'],
    ]) {
      const res = await h.app.request(path as string, { method });
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe('admin_disabled');
    }
    expect(h.store.servers.count()).toBe(1);
  });

  it('requires the Bearer token when MOCK_ADMIN_TOKEN is set, from any address', async () => {
    const h = createHarness({ deps: { admin: { enabled: true, token: 's3cret' } } });
    const remote = { incoming: { socket: { remoteAddress: '198.51.100.20' } } };
    for (const authorization of [undefined, 'Bearer wrong', 'Basic s3cret']) {
      const res = await h.app.request('/__admin/faults', { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe('admin_unauthorized');
    }
    const ok = await h.app.request(
      '/__admin/faults',
      { headers: { authorization: 'Bearer s3cret' } },
      remote,
    );
    expect(ok.status).toBe(200);
  });

  it.each([
    ['127.0.0.1', 200],
    ['::1', 200],
    ['::ffff:127.0.0.1', 200],
    ['192.168.1.20', 403],
    ['::ffff:10.0.0.2', 403],
  ])('without a token answers a client at %s with %i', async (address, status) => {
    const h = createHarness();
    const res = await h.app.request(
      '/__admin/faults',
      {},
      { incoming: { socket: { remoteAddress: address } } },
    );
    expect(res.status).toBe(status);
    if (status === 403) expect((await errorOf(res)).code).toBe('admin_forbidden');
  });
});
