import { Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore, type Db, openDatabase } from '../../mock-server/db';
import { ADMIN_BODY_LIMIT } from '../../mock-server/middleware/admin-guard';
import { type RunningMockServer, startMockServer } from '../../mock-server/server';
import { createHarness, errorOf } from './helpers';
import { errorCode, rawJsonRequest, sendAndReset, sendOver } from './sockets-helpers';

let db: Db;
let mock: RunningMockServer;
let serverId: number;
let host: string;

// The test owns the store, so it can read it after `close()` has waited for every in-flight request.
beforeEach(async () => {
  db = openDatabase(':memory:');
  mock = await startMockServer({ store: createStore(db, { now: Date.now }), rateLimit: 100_000 });
  serverId = mock.store.servers.create({ name: 'Safe RP', game: 'fivem' }).id;
  mock.store.keys.create(serverId);
  host = `127.0.0.1:${mock.port}`;
});
afterEach(async () => {
  await mock.close();
  db.close();
});

const keyCount = () => mock.store.keys.list(serverId).length;
const origin = () => `http://${host}`;

/**
 * Makes every loopback peer look like 203.0.113.9 (a remote client), as `--host 0.0.0.0` would see one; a peer
 * that cannot be read stays unreadable (Node's own behaviour after a reset).
 */
function asRemotePeers(): () => void {
  const proto = Socket.prototype as unknown as { _getpeername(): { address?: string } };
  const original = proto._getpeername;
  proto._getpeername = function getpeername(this: Socket) {
    const peer = original.call(this);
    return peer.address?.startsWith('127.') ? { ...peer, address: '203.0.113.9' } : peer;
  };
  return () => {
    proto._getpeername = original;
  };
}

describe('a connection whose peer address is unknown', () => {
  const noPeer = { incoming: { socket: {} } };

  it.each([
    ['GET', '/__admin/faults', 403, 'admin_forbidden'],
    ['POST', '/__admin/reset', 403, 'admin_forbidden'],
  ])('is refused by the control API: %s %s answers %i %s', async (method, path, status, code) => {
    const h = createHarness();
    const res = await h.app.request(
      path,
      { method, headers: { 'content-type': 'application/json' } },
      noPeer,
    );
    expect(res.status).toBe(status);
    expect((await errorOf(res)).code).toBe(code);
    expect(h.store.servers.count()).toBe(1);
  });

  it('is refused by the dashboard and the vote page, and no vote is stored without an address', async () => {
    const h = createHarness();
    const dashboard = await h.app.request(`/dashboard/servers/${h.serverId}/integrations`, {}, noPeer);
    expect(dashboard.status).toBe(403);
    expect(dashboard.headers.get('x-error-code')).toBe('unknown_peer');
    const vote = await h.app.request(
      `http://localhost/servers/${h.serverId}/vote`,
      {
        method: 'POST',
        headers: { origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=Mallory',
      },
      noPeer,
    );
    expect(vote.status).toBe(400);
    expect(vote.headers.get('x-error-code')).toBe('unknown_peer');
    expect(h.store.votes.list()).toEqual([]);
  });

  it('refuses a remote peer that does not reset its connection', async () => {
    const restore = asRemotePeers();
    try {
      const plain = await sendOver(mock.url, 'POST', '/__admin/votes', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ server_id: serverId, username: 'mallory' }),
      });
      expect(plain.status).toBe(403);
      expect(errorCode(plain)).toBe('admin_forbidden');
    } finally {
      restore();
    }
  });

  it.each([
    [
      'POST /__admin/votes',
      '/__admin/votes',
      'votes',
      () => mock.store.votes.list({ username: 'mallory' }).length,
      0,
    ],
    ['POST /__admin/servers/:id/keys', '/__admin/servers/1/keys', '{}', keyCount, 1],
    ['POST /__admin/reset', '/__admin/reset', '{}', () => mock.store.servers.count(), 1],
  ])(
    'a remote peer cannot %s blind by resetting the connection (20 tries)',
    async (_name, path, body, count, expected) => {
      const payload = body === 'votes' ? JSON.stringify({ server_id: serverId, username: 'mallory' }) : body;
      const restore = asRemotePeers();
      try {
        for (let i = 0; i < 20; i += 1)
          await sendAndReset(mock.url, rawJsonRequest('POST', path, host, payload));
      } finally {
        restore();
      }
      await mock.close();
      expect(count()).toBe(expected);
    },
  );

  it('cannot skip the per-IP vote cooldown by resetting the connection, and votes keep their address', async () => {
    const form = (name: string) => `username=${name}`;
    const raw = (name: string) =>
      `POST /servers/${serverId}/vote HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${origin()}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form(name).length}\r\n` +
      `Connection: close\r\n\r\n${form(name)}`;
    for (let i = 0; i < 10; i += 1) await sendAndReset(mock.url, raw(`stuffer${i}`), '127.0.0.77');
    const control = await sendOver(mock.url, 'POST', `/servers/${serverId}/vote`, {
      headers: { origin: origin(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form('honest'),
      localAddress: '127.0.0.78',
    });
    expect(control.status).toBe(200);
    await mock.close();
    const votes = mock.store.votes.list({ serverId, limit: 100 });
    expect(votes.filter((v) => v.ip === null)).toEqual([]);
    expect(votes.filter((v) => v.ip === '127.0.0.77').length).toBeLessThanOrEqual(1);
    expect(votes.map((v) => v.ip).sort()).toEqual(
      votes.length === 2 ? ['127.0.0.77', '127.0.0.78'] : ['127.0.0.78'],
    );
  });
});

describe('cross-site requests to the control API', () => {
  const evil = 'http://evil.test';
  it.each([
    [
      'a text/plain no-cors fetch',
      { 'content-type': 'text/plain', origin: evil, 'sec-fetch-site': 'cross-site' },
      403,
      'cross_site_request',
    ],
    [
      'a form post with no Origin',
      { 'content-type': 'application/x-www-form-urlencoded' },
      415,
      'invalid_content_type',
    ],
    ['a post with no content type', {}, 415, 'invalid_content_type'],
    [
      'JSON from a foreign Origin',
      { 'content-type': 'application/json', origin: evil },
      403,
      'cross_site_request',
    ],
    [
      'JSON from Origin null',
      { 'content-type': 'application/json', origin: 'null' },
      403,
      'cross_site_request',
    ],
    [
      'JSON from another port (same-site)',
      { 'content-type': 'application/json', 'sec-fetch-site': 'same-site' },
      403,
      'cross_site_request',
    ],
  ])('refuses %s and creates no key', async (_name, headers, status, code) => {
    const res = await sendOver(mock.url, 'POST', `/__admin/servers/${serverId}/keys`, { headers, body: '' });
    expect(res.status).toBe(status);
    expect(errorCode(res)).toBe(code);
    expect(keyCount()).toBe(1);
  });

  it.each([
    ['curl (JSON, no Origin)', { 'content-type': 'application/json' }],
    ['its own page (same-origin)', { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }],
    [
      'the address bar (Sec-Fetch-Site none)',
      { 'content-type': 'application/json', 'sec-fetch-site': 'none' },
    ],
  ])('accepts %s', async (_name, headers) => {
    const res = await sendOver(mock.url, 'POST', `/__admin/servers/${serverId}/keys`, {
      headers: { ...headers, origin: origin() },
    });
    expect(res.status).toBe(201);
    expect(keyCount()).toBe(2);
  });

  it('refuses a cross-site reset and keeps the database', async () => {
    const res = await sendOver(mock.url, 'POST', '/__admin/reset', {
      headers: { 'content-type': 'text/plain', origin: evil, 'sec-fetch-site': 'cross-site' },
      body: 'x',
    });
    expect(res.status).toBe(403);
    expect(mock.store.servers.count()).toBe(1);
  });
});

describe('Host allow-list (DNS rebinding)', () => {
  const allowed = (port: number) => [
    `127.0.0.1:${port}`,
    `localhost:${port}`,
    `LOCALHOST:${port}`,
    `[::1]:${port}`,
  ];
  const refused = (port: number) => [
    `rebind.evil.test:${port}`,
    `localhost:${port + 1}`,
    '127.0.0.1',
    `localhost.:${port}`,
    `127.1:${port}`,
  ];

  it('answers the control API and the dashboard under the hosts it serves', async () => {
    for (const name of allowed(mock.port)) {
      const admin = await sendOver(mock.url, 'GET', '/__admin/votes', { headers: { host: name } });
      expect([name, admin.status]).toEqual([name, 200]);
      const dashboard = await sendOver(mock.url, 'GET', `/dashboard/servers/${serverId}/integrations`, {
        headers: { host: name },
      });
      expect([name, dashboard.status]).toEqual([name, 200]);
    }
  });

  it('refuses any other Host on the control API (JSON) and the dashboard (page), and leaks nothing', async () => {
    mock.store.votes.insert({ serverId, username: 'victim', ip: '198.51.100.147' });
    for (const name of refused(mock.port)) {
      const admin = await sendOver(mock.url, 'GET', '/__admin/votes', { headers: { host: name } });
      expect([name, admin.status, errorCode(admin)]).toEqual([name, 403, 'host_not_allowed']);
      expect(admin.body).not.toContain('198.51.100.147');
      const dashboard = await sendOver(mock.url, 'GET', `/dashboard/servers/${serverId}/integrations`, {
        headers: { host: name },
      });
      expect([name, dashboard.status, dashboard.headers['x-error-code']]).toEqual([
        name,
        403,
        'host_not_allowed',
      ]);
      expect(dashboard.body).not.toContain('name="csrf"');
    }
  });

  it.each([
    ['http://mock.lan:8787', 'mock.lan:8787'],
    ['https://votes.example.test/', 'votes.example.test'],
    ['https://votes.example.test', 'votes.example.test:443'],
  ])('with --public-url %s accepts Host %s', async (publicUrl, name) => {
    const proxied = await startMockServer({ publicUrl, admin: { enabled: true, token: 't0ken' } });
    try {
      const auth = { authorization: 'Bearer t0ken' };
      const res = await sendOver(proxied.url, 'GET', '/__admin/faults', { headers: { host: name, ...auth } });
      expect(res.status).toBe(200);
      const other = await sendOver(proxied.url, 'GET', '/__admin/faults', {
        headers: { host: 'other.lan:8787', ...auth },
      });
      expect(other.status).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

describe('pages cannot be framed', () => {
  it('every HTML page sends frame-ancestors none and X-Frame-Options DENY', async () => {
    const paths = [
      '/servers',
      `/servers/${serverId}`,
      `/servers/${serverId}/vote`,
      '/servers/abc',
      `/dashboard/servers/${serverId}/integrations`,
      '/docs',
    ];
    for (const path of paths) {
      const res = await sendOver(mock.url, 'GET', path);
      expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
      expect([path, res.headers['content-security-policy'], res.headers['x-frame-options']]).toEqual([
        path,
        "frame-ancestors 'none'",
        'DENY',
      ]);
    }
  });
});

describe('body limits', () => {
  const padded = (size: number) => {
    const head = '{"name":"Big","game":"fivem","pad":"';
    return `${head}${'x'.repeat(size - head.length - 2)}"}`;
  };

  it.each(['content-length', 'chunked'] as const)(
    'the control API answers 413 payload_too_large over its limit (%s) and creates nothing',
    async (framing) => {
      const body = padded(ADMIN_BODY_LIMIT + 1);
      const res =
        framing === 'content-length'
          ? await sendOver(mock.url, 'POST', '/__admin/servers', {
              headers: { 'content-type': 'application/json' },
              body,
            })
          : await sendOver(mock.url, 'POST', '/__admin/servers', {
              headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
              body,
            });
      expect(res.status).toBe(413);
      expect(errorCode(res)).toBe('payload_too_large');
      expect(mock.store.servers.count()).toBe(1);
    },
  );

  it('still takes a batch of 10,000 votes', async () => {
    const votes = Array.from({ length: 10_000 }, (_, i) => ({
      server_id: serverId,
      username: `player-with-a-long-name-${i}`,
      ip: `198.51.${i >> 8}.${i & 255}`,
      voted_at: '2026-11-20T10:00:00.000Z',
    }));
    const res = await sendOver(mock.url, 'POST', '/__admin/votes', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ votes }),
    });
    expect(res.status).toBe(201);
    expect(mock.store.votes.list({ serverId, limit: 20_000 })).toHaveLength(10_000);
  });
});

describe('odd paths and unknown POSTs', () => {
  it('answer the JSON error shape, never 500, and log nothing', async () => {
    const logged = vi.spyOn(console, 'error');
    const paths = [
      ...['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'].map(
        (f) => `/docs/assets/${f}`,
      ),
      '/badge/__proto__.png',
      '/badge/1.png?style=__proto__',
      '/badge/1.png?lang=constructor',
      '/__admin/keys/__proto__',
      '/api/v1/vote/check?username=__proto__',
      '/%',
      '/%E0%A4%A',
      '/docs/assets/%2e%2e%2fpackage.json',
    ];
    for (const path of paths) {
      const res = await sendOver(mock.url, 'GET', path);
      expect([path, res.status < 500]).toEqual([path, true]);
      expect([path, errorCode(res)]).toEqual([path, expect.stringMatching(/^[a-z_]+$/)]);
    }
    for (const path of ['/docs/assets/__proto__', '/docs/assets/constructor']) {
      expect(errorCode(await sendOver(mock.url, 'GET', path))).toBe('not_found');
    }
    expect(logged).not.toHaveBeenCalled();
  });

  it.each([
    ['/whatever', 'a 3-byte', 404, 'not_found', 'a=b'],
    ['/whatever', 'a 9 KiB', 404, 'not_found', `a=${'x'.repeat(9 * 1024)}`],
    ['/health', 'a 3-byte', 405, 'method_not_allowed', 'a=b'],
    ['/servers', 'a 3-byte', 405, 'method_not_allowed', 'a=b'],
    ['/dashboard/nothing', 'a 3-byte', 404, 'not_found', 'a=b'],
  ])('POST %s with %s form body answers JSON %i %s', async (path, _size, status, code, body) => {
    const res = await sendOver(mock.url, 'POST', path, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(res.status).toBe(status);
    expect(errorCode(res)).toBe(code);
  });
});

describe('--host 0.0.0.0', () => {
  it('gives loopback URLs (never 0.0.0.0) in its url and embed snippets, and a relative OpenAPI server', async () => {
    const wide = await startMockServer({ host: '0.0.0.0' });
    try {
      const id = wide.store.servers.create({ name: 'Wide RP', game: 'fivem' }).id;
      expect(wide.url).toBe(`http://127.0.0.1:${wide.port}`);
      expect(wide.publicUrl).toBe(wide.url);
      const spec = JSON.parse((await sendOver(wide.url, 'GET', '/openapi.json')).body) as {
        servers: { url: string }[];
      };
      expect(spec.servers.map((server) => server.url)).toEqual(['/']);
      const page = (await sendOver(wide.url, 'GET', `/servers/${id}`)).body;
      expect(page).toContain(`${wide.url}/badge/${id}.png`);
      expect(page).not.toContain('0.0.0.0');
    } finally {
      await wide.close();
    }
  });

  it('with --public-url, publishes that URL in pages and serves the dashboard under its Host', async () => {
    const wide = await startMockServer({
      host: '0.0.0.0',
      publicUrl: 'http://votes.lan:8787/',
      admin: { enabled: true, token: 't0ken' },
    });
    try {
      const id = wide.store.servers.create({ name: 'Lan RP', game: 'fivem' }).id;
      expect(wide.publicUrl).toBe('http://votes.lan:8787');
      const spec = JSON.parse((await sendOver(wide.url, 'GET', '/openapi.json')).body) as {
        servers: { url: string }[];
      };
      expect(spec.servers.map((server) => server.url)).toEqual(['/']);
      expect((await sendOver(wide.url, 'GET', `/servers/${id}`)).body).toContain(
        `http://votes.lan:8787/badge/${id}.png`,
      );
      const opened = await sendOver(wide.url, 'GET', `/dashboard/servers/${id}/integrations?token=t0ken`, {
        headers: { host: 'votes.lan:8787' },
      });
      expect(opened.status).toBe(303);
      const cookie = String(opened.headers['set-cookie']).split(';')[0] ?? '';
      const dashboard = await sendOver(wide.url, 'GET', `/dashboard/servers/${id}/integrations`, {
        headers: { host: 'votes.lan:8787', cookie },
      });
      expect(dashboard.status).toBe(200);
    } finally {
      await wide.close();
    }
  });
});

describe('a mock others can reach, without MOCK_ADMIN_TOKEN', () => {
  it.each<[string, { publicUrl?: string; host?: string }, string]>([
    [
      '--public-url (a same-host proxy: every client is loopback)',
      { publicUrl: 'http://votes.lan:8787' },
      '--public-url http://votes.lan:8787',
    ],
    ['--host 0.0.0.0', { host: '0.0.0.0' }, '--host 0.0.0.0'],
  ])(
    'with %s refuses the control API and the dashboard to a loopback client',
    async (_what, options, why) => {
      const exposed = await startMockServer({ ...options, sites: true });
      try {
        const host: Record<string, string> = options.publicUrl ? { host: 'votes.lan:8787' } : {};
        for (const path of ['/__admin/faults', '/__admin/sites']) {
          const res = await sendOver(exposed.url, 'GET', path, { headers: host });
          expect([path, res.status, errorCode(res)]).toEqual([path, 403, 'admin_token_required']);
          expect(res.body).toContain(why);
          expect(res.body).not.toMatch(/"key"/);
        }
        const id = exposed.store.servers.create({ name: 'Lan RP', game: 'fivem' }).id;
        const dashboard = await sendOver(exposed.url, 'GET', `/dashboard/servers/${id}/integrations`, {
          headers: host,
        });
        expect(dashboard.status).toBe(403);
        expect(dashboard.headers['x-error-code']).toBe('dashboard_token_needed');
      } finally {
        await exposed.close();
      }
    },
  );

  it.each([['127.0.0.1'], ['localhost']])(
    'on --host %s (loopback only) still answers loopback clients',
    async (host) => {
      const local = await startMockServer({ host });
      try {
        expect((await sendOver(local.url, 'GET', '/__admin/faults')).status).toBe(200);
      } finally {
        await local.close();
      }
    },
  );
});
