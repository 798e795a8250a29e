import { describe, expect, it } from 'vitest';
import { createApp } from '../../mock-server/app';
import { createStore, openDatabase } from '../../mock-server/db';
import { checkAnswers } from '../mock/contract';

const ORIGIN = 'http://localhost';

function setup() {
  const clock = { t: Date.UTC(2026, 10, 21, 10) };
  const store = createStore(openDatabase(':memory:'), { now: () => clock.t });
  const app = checkAnswers(
    createApp({
      store,
      now: () => clock.t,
      checkMode: 'unclaimed',
      rateLimit: 60,
      admin: { enabled: true },
      voteCooldownMs: 2 * 3_600_000,
    }),
  );
  const server = store.servers.create({ name: 'Mounted', game: 'fivem', playersOnline: 3, playersMax: 32 });
  const { key } = store.keys.create(server.id);
  return { app, store, server, key };
}

describe('badge and pages mounted in createApp', () => {
  it('serves the badge, the server page and the vote page next to the API', async () => {
    const { app, server } = setup();
    const badge = await app.request(`/badge/${server.id}.png?style=mini`);
    expect(badge.status).toBe(200);
    expect(badge.headers.get('content-type')).toBe('image/png');
    expect((await app.request(`/servers/${server.id}`)).status).toBe(200);
    expect((await app.request('/servers')).status).toBe(200);
  });

  it('answers bad badge parameters with the app-wide JSON error shape', async () => {
    const { app, server } = setup();
    const res = await app.request(`/badge/${server.id}.png?theme=neon`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: 'invalid_parameter',
        message: expect.stringContaining('theme must be one of light, dark'),
      },
    });
  });

  it('a vote cast on the page is claimable once through /api/v1/vote/claim', async () => {
    const { app, key, server } = setup();
    const vote = await app.request(`${ORIGIN}/servers/${server.id}/vote`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=Alice',
    });
    expect(vote.status).toBe(200);
    const claim = () =>
      app.request('/api/v1/vote/claim', {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'alice' }),
      });
    const first = await claim();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ success: true, vote_id: expect.any(String) });
    expect((await claim()).status).toBe(404);
  });

  it("the site's CSRF and body-limit guards leave the JSON API and control API alone", async () => {
    const { app, key } = setup();
    const plain = await app.request('/api/v1/vote/claim', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'text/plain',
        Origin: 'https://elsewhere.test',
      },
      body: 'username=x',
    });
    expect(plain.headers.get('content-type')).toContain('application/json');
    expect(plain.headers.get('x-error-code')).toBeNull();
    const bulk = await app.request('/__admin/votes', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        votes: [{ server_id: 1, username: 'y'.repeat(60), ip: '203.0.113.1' }],
        pad: 'z'.repeat(9000),
      }),
    });
    expect(bulk.headers.get('content-type')).toContain('application/json');
    expect(bulk.status).not.toBe(403);
  });

  it('answers / with a redirect to the server list, keeping the language', async () => {
    const { app } = setup();
    for (const [path, location] of [
      ['/', '/servers'],
      ['/?lang=fr', '/servers?lang=fr'],
    ] as const) {
      const res = await app.request(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(location);
    }
  });

  it('answers /__admin in a browser with a page naming the control API routes and linking the reference', async () => {
    const { app } = setup();
    const res = await app.request('/__admin');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('href="/docs#/control"');
    expect(html).toContain('POST /__admin/reset');
  });

  it('lists on /__admin every control-API operation of the OpenAPI document, the webhook routes and the Discord sink the banner names too', async () => {
    const { app } = setup();
    const html = await (await app.request('/__admin')).text();
    const listed = [...html.matchAll(/<li><a href="([^"]+)"><code>([A-Z]+ [^<]+)<\/code>/g)].map(
      ([, href, route]) => `${route} ${href}`,
    );
    const doc = (await (await app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/__admin') || path.startsWith('/webhooks/discord/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(
          ([method, op]) => `${method.toUpperCase()} ${path} /docs#/${op.tags[0]}/${op.operationId}`,
        ),
      );
    expect(listed.sort()).toEqual(documented.sort());
    for (const route of [
      'POST /__admin/webhooks',
      'GET /__admin/webhooks',
      'DELETE /__admin/webhooks/messages',
      'POST /webhooks/discord/{id}/{token}',
    ])
      expect(listed.some((line) => line.startsWith(`${route} `))).toBe(true);
  });

  it('keeps the /__admin page behind the control-API guard (a foreign Host is refused)', async () => {
    const { app } = setup();
    const res = await app.request('/__admin', { headers: { host: 'evil.example' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'host_not_allowed' } });
  });

  it('shows hostile server fields without control or bidi-override characters, so nothing reads backwards', async () => {
    const { app, store } = setup();
    const hostile = store.servers.create({
      name: '\u202egnp.exe\u0000 RP',
      game: 'fivem',
      description: `\u2066${'W'.repeat(2000)}`,
    });
    for (const path of [`/servers/${hostile.id}`, '/servers', `/servers/${hostile.id}/vote`]) {
      const html = await (await app.request(path)).text();
      expect(html.includes('\u0000'), path).toBe(false);
      expect(html, path).not.toMatch(/[\u202e\u2066]/);
      expect(html, path).toContain('gnp.exe RP');
    }
    const page = await (await app.request(`/servers/${hostile.id}`)).text();
    expect(page).toContain('alt=&quot;gnp.exe RP: rank, votes and players&quot;');
  });
});
