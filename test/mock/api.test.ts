import { describe, expect, it, vi } from 'vitest';
import type { Store } from '../../mock-server/db';
import { checkAnswers } from './contract';
import { createHarness, DAY, errorOf, HOUR, MIN, T0 } from './helpers';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const ROUTES = [
  ['GET', '/api/v1/vote/check?username=Steve'],
  ['POST', '/api/v1/vote/claim'],
  ['GET', '/api/v1/vote/count'],
  ['GET', '/api/v1/server/info'],
] as const;

describe('authentication on every /api/v1 route', () => {
  const cases: [string, (key: string) => { headers?: Record<string, string>; query?: string }, string][] = [
    ['no key at all', () => ({}), 'missing_api_key'],
    ['an empty Bearer header', () => ({ headers: { authorization: 'Bearer ' } }), 'malformed_api_key'],
    ['a Basic header', () => ({ headers: { authorization: 'Basic dXNlcjpwYXNz' } }), 'malformed_api_key'],
    [
      'a key without the live_ prefix',
      (k) => ({ headers: { authorization: `Bearer ${k.replace('live_', 'test_')}` } }),
      'malformed_api_key',
    ],
    ['a too short key', () => ({ query: 'key=live_abc' }), 'malformed_api_key'],
    [
      'an unknown well-formed key',
      () => ({ headers: { authorization: `Bearer live_${'Z'.repeat(40)}` } }),
      'invalid_api_key',
    ],
  ];
  for (const [method, path] of ROUTES) {
    it.each(cases)(`${method} ${path.split('?')[0]} answers 401 for %s`, async (_label, make, code) => {
      const h = createHarness();
      const { headers = {}, query } = make(h.key);
      const url = query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
      const res = await h.app.request(url, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: method === 'POST' ? '{"username":"Steve"}' : undefined,
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await errorOf(res)).toMatchObject({ code });
    });
  }

  it('answers 401 revoked_api_key for a revoked key while a newer key keeps working', async () => {
    const h = createHarness();
    const newer = h.store.keys.create(h.serverId);
    h.store.keys.revoke(h.key.slice(0, 13));
    expect(await errorOf(await h.get('/api/v1/server/info'))).toMatchObject({ code: 'revoked_api_key' });
    const ok = await h.app.request('/api/v1/server/info', {
      headers: { authorization: `Bearer ${newer.key}` },
    });
    expect(ok.status).toBe(200);
  });

  const ways: [string, (k: string) => [string, Record<string, string>]][] = [
    ['the Bearer header', (k) => ['/api/v1/vote/count', { authorization: `Bearer ${k}` }]],
    ['a lowercase bearer scheme', (k) => ['/api/v1/vote/count', { authorization: `bearer ${k}` }]],
    ['the key query parameter', (k) => [`/api/v1/vote/count?key=${k}`, {}]],
  ];
  it.each(ways)('accepts the key in %s', async (_label, make) => {
    const h = createHarness();
    const [url, headers] = make(h.key);
    expect((await h.app.request(url, { headers })).status).toBe(200);
  });

  it('prefers the header over ?key= when both are sent', async () => {
    const h = createHarness();
    const res = await h.app.request(`/api/v1/vote/count?key=${h.key}`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(await errorOf(res)).toMatchObject({ code: 'malformed_api_key' });
  });
});

describe.each(['unclaimed', 'last24h'] as const)('GET /api/v1/vote/check in %s mode', (mode) => {
  it('answers voted false with a null voted_at and the asked username when there is no vote', async () => {
    const h = createHarness({ checkMode: mode });
    const res = await h.get('/api/v1/vote/check?username=%20Steve%20');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ voted: false, voted_at: null, username: 'Steve' });
  });

  it('reports a fresh vote with an ISO timestamp with milliseconds, matching the username case-insensitively', async () => {
    const h = createHarness({ checkMode: mode });
    h.vote('Steve', T0 - 5 * MIN);
    const res = await h.get('/api/v1/vote/check?username=STEVE');
    const body = (await res.json()) as { voted: boolean; voted_at: string; username: string };
    expect(body).toEqual({ voted: true, voted_at: new Date(T0 - 5 * MIN).toISOString(), username: 'Steve' });
    expect(body.voted_at).toMatch(ISO_MS);
  });

  it('looks votes up by IPv4 and IPv6 address, answering a null username without a vote', async () => {
    const h = createHarness({ checkMode: mode });
    h.vote('Alex', T0 - HOUR, '2001:db8::7');
    expect(await (await h.get('/api/v1/vote/check?ip=2001:db8::7')).json()).toMatchObject({
      voted: true,
      username: 'Alex',
    });
    expect(await (await h.get('/api/v1/vote/check?ip=203.0.113.9')).json()).toEqual({
      voted: false,
      voted_at: null,
      username: null,
    });
  });

  it('reports the vote a claim takes: the oldest unclaimed one', async () => {
    const h = createHarness({ checkMode: mode });
    const first = T0 - 3 * HOUR;
    h.vote('Steve', first);
    h.vote('Steve', T0 - HOUR);
    const before = (await (await h.get('/api/v1/vote/check?username=Steve')).json()) as { voted_at: string };
    expect(before.voted_at).toBe(new Date(first).toISOString());
    const claim = (await (await h.post('/api/v1/vote/claim', { username: 'steve' })).json()) as {
      vote_id: string;
    };
    expect(
      h.store.votes.list({ serverId: h.serverId }).find((v) => v.voteId === claim.vote_id)?.votedAt,
    ).toBe(first);
    const after = (await (await h.get('/api/v1/vote/check?username=Steve')).json()) as { voted_at: string };
    expect(after.voted_at).toBe(new Date(T0 - HOUR).toISOString());
  });

  it.each([
    ['another parameter beside the username', 'foo=1&username=Steve&bar', 'Steve'],
    ['the username given twice (the first counts)', 'username=Steve&username=Nobody', 'Steve'],
    ['an encoded parameter name', 'user%6Eame=Steve', 'Steve'],
    ['a plus for a space, after an encoded name', 'x%20y=1&username=+Steve+', 'Steve'],
    ['a key in the query beside the header', 'key=live_ignored&username=Steve', 'Steve'],
  ])('reads the username from a query with %s', async (_label, query, username) => {
    const h = createHarness({ checkMode: mode });
    h.vote('Steve', T0 - 5 * MIN);
    const res = await h.get(`/api/v1/vote/check?${query}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ voted: true, username });
  });

  it.each([
    ['neither username nor ip', '', 'missing_parameter'],
    ['both username and ip', 'username=Steve&ip=203.0.113.9', 'invalid_parameter'],
    ['an ip before a valid username', 'ip=203.0.113.9&username=Steve', 'invalid_parameter'],
    ['an empty ip beside a valid username', 'username=Steve&ip=', 'invalid_parameter'],
    ['an empty username', 'username=', 'invalid_parameter'],
    ['a blank username', 'username=%20%20', 'invalid_parameter'],
    ['a 65-character username', `username=${'a'.repeat(65)}`, 'invalid_parameter'],
    ['a username with a control character', 'username=St%07eve', 'invalid_parameter'],
    ['an invalid ip', 'ip=999.1.1.1', 'invalid_parameter'],
    ['an ip that is a host name', 'ip=example.com', 'invalid_parameter'],
  ])('answers 400 for %s', async (_label, query, code) => {
    const h = createHarness({ checkMode: mode });
    const res = await h.get(`/api/v1/vote/check?${query}`);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(/username|ip/);
  });
});

describe('check mode differences', () => {
  it('unclaimed mode reports an old unclaimed vote and forgets a claimed one', async () => {
    const h = createHarness({ checkMode: 'unclaimed' });
    h.vote('Steve', T0 - 30 * DAY);
    expect(await (await h.get('/api/v1/vote/check?username=Steve')).json()).toMatchObject({ voted: true });
    expect((await h.post('/api/v1/vote/claim', { username: 'Steve' })).status).toBe(200);
    expect(await (await h.get('/api/v1/vote/check?username=Steve')).json()).toMatchObject({ voted: false });
  });

  it('last24h mode ignores votes older than 24 h and still reports a claimed vote of the last 24 h', async () => {
    const h = createHarness({ checkMode: 'last24h' });
    h.vote('Steve', T0 - DAY);
    expect(await (await h.get('/api/v1/vote/check?username=Steve')).json()).toMatchObject({ voted: false });
    expect(await errorOf(await h.post('/api/v1/vote/claim', { username: 'Steve' }))).toMatchObject({
      code: 'no_unclaimed_vote',
    });
    h.vote('Steve', T0 - HOUR);
    expect((await h.post('/api/v1/vote/claim', { username: 'Steve' })).status).toBe(200);
    expect(await (await h.get('/api/v1/vote/check?username=Steve')).json()).toEqual({
      voted: true,
      voted_at: new Date(T0 - HOUR).toISOString(),
      username: 'Steve',
    });
    h.clock.now += DAY;
    expect(await (await h.get('/api/v1/vote/check?username=Steve')).json()).toMatchObject({ voted: false });
  });
});

describe('POST /api/v1/vote/claim', () => {
  it('claims once: 200 with success and a UUID vote_id, then 404 no_unclaimed_vote', async () => {
    const h = createHarness();
    const id = h.vote('Steve');
    const res = await h.post('/api/v1/vote/claim', { username: 'Steve' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; vote_id: string };
    expect(body).toEqual({ success: true, vote_id: id });
    expect(body.vote_id).toMatch(UUID);
    const again = await h.post('/api/v1/vote/claim', { username: 'Steve' });
    expect(again.status).toBe(404);
    expect(await errorOf(again)).toEqual({
      code: 'no_unclaimed_vote',
      message: 'Steve has no unclaimed vote for this server',
    });
  });

  it('never claims another server’s vote', async () => {
    const h = createHarness();
    const other = h.store.servers.create({ name: 'Other', game: 'fivem' }).id;
    h.store.votes.insert({ serverId: other, username: 'Steve' });
    expect((await h.post('/api/v1/vote/claim', { username: 'Steve' })).status).toBe(404);
  });

  it.each([
    ['an empty object', '{}', {}, 400, 'missing_field'],
    ['a null username', '{"username":null}', {}, 400, 'invalid_field'],
    ['a numeric username', '{"username":42}', {}, 400, 'invalid_field'],
    ['a blank username', '{"username":"   "}', {}, 400, 'invalid_field'],
    ['a JSON array', '["Steve"]', {}, 400, 'invalid_field'],
    ['invalid JSON', '{"username":', {}, 400, 'invalid_json'],
    ['an empty body', '', {}, 400, 'invalid_json'],
    [
      'a text/plain content type',
      '{"username":"Steve"}',
      { 'content-type': 'text/plain' },
      400,
      'invalid_content_type',
    ],
    [
      'a form content type',
      'username=Steve',
      { 'content-type': 'application/x-www-form-urlencoded' },
      400,
      'invalid_content_type',
    ],
    [
      'a body over 4 KiB',
      JSON.stringify({ username: 'Steve', pad: 'x'.repeat(4096) }),
      {},
      413,
      'payload_too_large',
    ],
  ])('answers %s with the right error and claims nothing', async (_label, body, headers, status, code) => {
    const h = createHarness();
    h.vote('Steve');
    const res = await h.post('/api/v1/vote/claim', body, headers);
    expect(res.status).toBe(status);
    expect((await errorOf(res)).code).toBe(code);
    expect(h.store.votes.list()[0]?.claimedAt).toBeNull();
  });

  it.each([
    'application/json; charset=utf-8',
    'Application/JSON',
    // RFC 9110 allows optional white space before a parameter's ";"
    'application/json ; charset=utf-8',
  ])('accepts the JSON content type written %j', async (type) => {
    const h = createHarness();
    h.vote('Steve');
    const res = await h.post('/api/v1/vote/claim', { username: 'Steve' }, { 'content-type': type });
    expect(res.status).toBe(200);
  });

  it('takes the last of two username fields, as JSON.parse does, and drops unknown fields', async () => {
    const h = createHarness();
    h.vote('Alex');
    const res = await h.post('/api/v1/vote/claim', '{"username":"Steve","pad":[1],"username":"alex"}');
    expect(res.status).toBe(200);
    expect(h.store.votes.list()[0]?.claimedAt).not.toBeNull();
  });
});

describe('GET /api/v1/vote/count', () => {
  it('answers every counter of spec 2.2 as integers, with rolling windows and the UTC month', async () => {
    const h = createHarness();
    for (const at of [
      T0,
      T0 - DAY + 1,
      T0 - DAY,
      T0 - 7 * DAY + 1,
      T0 - 7 * DAY,
      Date.UTC(2026, 9, 31, 23, 59, 59),
    ]) {
      h.vote('p', at);
    }
    const res = await h.get('/api/v1/vote/count');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      votes_total: 6,
      votes_24h: 2,
      votes_7d: 4,
      votes_monthly: 5,
      server_name: 'Demo RP',
      server_game: 'fivem',
    });
  });

  it('counts only the key’s server and moves with the clock', async () => {
    const h = createHarness();
    const other = h.store.servers.create({ name: 'Other', game: 'fivem' }).id;
    h.store.votes.insert({ serverId: other, username: 'x' });
    h.vote('p');
    h.clock.now = Date.UTC(2026, 11, 1);
    expect(await (await h.get('/api/v1/vote/count')).json()).toMatchObject({
      votes_total: 1,
      votes_24h: 0,
      votes_7d: 0,
      votes_monthly: 0,
    });
  });
});

describe('GET /api/v1/server/info', () => {
  it('answers every field of spec 2.3 with its type', async () => {
    const h = createHarness();
    h.store.servers.update(h.serverId, { description: 'Serious RP', isPremium: true, followersCount: 12 });
    h.vote('p');
    const res = await h.get('/api/v1/server/info');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      name: 'Demo RP',
      game: 'fivem',
      ip: 'play.example.net',
      port: 30120,
      description: 'Serious RP',
      is_premium: true,
      is_verified: false,
      votes_total: 1,
      followers_count: 12,
      rank: 1,
    });
  });

  it('ranks by monthly votes among all servers, including servers without votes', async () => {
    const h = createHarness();
    const busy = h.store.servers.create({ name: 'Busy', game: 'fivem' }).id;
    h.store.servers.create({ name: 'Silent', game: 'fivem' });
    h.store.votes.insertMany([1, 2].map(() => ({ serverId: busy, username: 'x' })));
    expect(await (await h.get('/api/v1/server/info')).json()).toMatchObject({ rank: 2 });
    h.vote('a');
    h.vote('b');
    expect(await (await h.get('/api/v1/server/info')).json()).toMatchObject({ rank: 1 });
  });
});

describe('responses in general', () => {
  it.each([
    ['a 200 of check', 'GET', '/api/v1/vote/check?username=Steve', undefined, 200],
    ['a 200 of claim', 'POST', '/api/v1/vote/claim', { username: 'Steve' }, 200],
    ['a 200 of count', 'GET', '/api/v1/vote/count', undefined, 200],
    ['a 200 of info', 'GET', '/api/v1/server/info', undefined, 200],
    ['a 400 of a missing parameter', 'GET', '/api/v1/vote/check', undefined, 400],
    ['a 400 of a bad body', 'POST', '/api/v1/vote/claim', { username: '' }, 400],
    ['a 404 of a claim with nothing to claim', 'POST', '/api/v1/vote/claim', { username: 'Nobody' }, 404],
    ['a 404 of an unknown API route', 'GET', '/api/v1/nothing', undefined, 404],
    ['a 405 of a wrong method', 'GET', '/api/v1/vote/claim', undefined, 405],
  ])('sets RateLimit headers and the JSON type on %s', async (_label, method, path, body, status) => {
    const h = createHarness({ deps: { rateLimit: 60 } });
    h.vote('Steve');
    const res = method === 'GET' ? await h.get(path) : await h.post(path, body);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('ratelimit-limit')).toBe('60');
    expect(res.headers.get('ratelimit-remaining')).toBe('59');
    expect(res.headers.get('ratelimit-reset')).toBe('60');
  });

  it('answers unknown routes 404 and wrong methods 405 with Allow, in the error shape', async () => {
    const h = createHarness();
    const missing = await h.app.request('/nowhere');
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe('not_found');
    const wrong = await h.app.request('/api/v1/vote/claim', {
      method: 'GET',
      headers: { authorization: `Bearer ${h.key}` },
    });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect((await errorOf(wrong)).code).toBe('method_not_allowed');
    const put = await h.app.request('/__admin/reset', { method: 'PUT' });
    expect(put.status).toBe(405);
  });

  it('turns an unexpected failure into a 500 without leaking its message or stack', async () => {
    const h = createHarness();
    const broken: Store = {
      ...h.store,
      servers: {
        ...h.store.servers,
        getWithStats: () => {
          throw new Error('secret database detail');
        },
      },
    };
    const { createApp } = await import('../../mock-server/app');
    const app = checkAnswers(
      createApp({
        store: broken,
        now: () => T0,
        checkMode: 'unclaimed',
        rateLimit: 60,
        admin: { enabled: true },
        voteCooldownMs: HOUR,
      }),
    );
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await app.request('/api/v1/vote/count', { headers: { authorization: `Bearer ${h.key}` } });
    expect(res.status).toBe(500);
    const text = await res.clone().text();
    expect(text).not.toMatch(/secret|at \w+ \(/);
    expect(await errorOf(res)).toMatchObject({ code: 'internal_error' });
    expect(spy).toHaveBeenCalled();
  });
});

describe('documentation and health', () => {
  it('serves an OpenAPI 3.1 document generated from the route schemas', async () => {
    const h = createHarness();
    const doc = (await (await h.app.request('/openapi.json')).json()) as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/vote/check',
        '/api/v1/vote/claim',
        '/api/v1/vote/count',
        '/api/v1/server/info',
      ]),
    );
    expect(Object.keys(doc.paths['/api/v1/vote/claim']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '413', '429']),
    );
    expect(Object.keys(doc.components.schemas.ServerInfo?.properties ?? {})).toHaveLength(10);
    expect(Object.keys(doc.components.schemas.VoteStats?.properties ?? {})).toHaveLength(6);
  });

  it('serves the API reference and its assets from node_modules, with no CDN link', async () => {
    const h = createHarness();
    const page = await (await h.app.request('/docs')).text();
    expect(page).toContain('/docs/assets/swagger-ui-bundle.js');
    expect(page).not.toMatch(/https?:\/\//);
    const bundle = await h.app.request('/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    expect((await h.app.request('/docs/assets/../../package.json')).status).toBe(404);
  });

  it('answers /health with the time from the injected clock', async () => {
    const h = createHarness();
    expect(await (await h.app.request('/health')).json()).toEqual({
      status: 'ok',
      time: new Date(T0).toISOString(),
      check_mode: 'unclaimed',
      servers: 1,
    });
  });
});
