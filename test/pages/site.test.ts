import { describe, expect, it } from 'vitest';
import { createStore, openDatabase, type Store } from '../../mock-server/db';
import { IN_PROCESS_CLIENT } from '../../mock-server/middleware/client-ip';
import { createSiteRoutes, DASHBOARD_COOKIE, type DashboardAccess } from '../../mock-server/pages/routes';

const ORIGIN = 'http://localhost';
const HOUR = 3_600_000;

function setup(options: { admin?: DashboardAccess; cooldownMs?: number } = {}) {
  const clock = { t: Date.UTC(2026, 10, 21, 10, 0) };
  const store: Store = createStore(openDatabase(':memory:'), { now: () => clock.t });
  const server = store.servers.create({
    name: 'Horizon <RP> & Co',
    game: 'fivem',
    ip: 'play.horizon.test',
    port: 30120,
    description: 'Serious roleplay.',
    isVerified: true,
    playersOnline: 64,
    playersMax: 128,
  });
  const other = store.servers.create({ name: 'Second', game: 'fivem' });
  const app = createSiteRoutes({
    store,
    now: () => clock.t,
    voteCooldownMs: options.cooldownMs ?? 2 * HOUR,
    admin: options.admin ?? { enabled: true },
    clientIp: (c) => c.req.header('x-test-client-ip') ?? IN_PROCESS_CLIENT,
  });
  const request = (path: string, init: RequestInit & { ip?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.ip) headers.set('x-test-client-ip', init.ip);
    return app.request(`${ORIGIN}${path}`, { ...init, headers });
  };
  const postForm = (path: string, fields: Record<string, string>, init: RequestInit & { ip?: string } = {}) =>
    request(path, {
      method: 'POST',
      body: new URLSearchParams(fields),
      ...init,
      headers: {
        Origin: ORIGIN,
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(init.headers ?? {}),
      },
    });
  return { clock, store, server, other, request, postForm };
}

const votesOf = (store: Store, serverId: number) => store.votes.list({ serverId });

describe('site pages: /servers and /servers/:id', () => {
  it('lists servers ranked by monthly votes', async () => {
    const { store, server, other, request } = setup();
    store.votes.insertMany([
      { serverId: other.id, username: 'a' },
      { serverId: other.id, username: 'b' },
      { serverId: server.id, username: 'c' },
    ]);
    const res = await request('/servers');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.indexOf(`data-server-id="${other.id}"`)).toBeLessThan(
      html.indexOf(`data-server-id="${server.id}"`),
    );
    expect(html).toContain('Horizon &lt;RP&gt; &amp; Co');
  });

  it('shows name, game, address, rank, votes, players, marks, the three badges with snippets and a vote link', async () => {
    const { store, server, request } = setup();
    store.votes.insert({ serverId: server.id, username: 'p1' });
    const html = await (await request(`/servers/${server.id}`)).text();
    for (const text of [
      'Horizon &lt;RP&gt; &amp; Co',
      'fivem',
      'play.horizon.test:30120',
      'Serious roleplay.',
      'data-stat="rank">#1',
      '<span class="nowrap">64/</span><wbr/><span class="nowrap">128</span>',
      'Verified',
      `href="/servers/${server.id}/vote?lang=en"`,
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('Premium');
    for (const style of ['button', 'stats', 'mini']) {
      const src = (theme: string, lang = 'en') =>
        `/badge/${server.id}.png?style=${style}&amp;theme=${theme}&amp;lang=${lang}`;
      // The page follows the reader's colour scheme, and links every theme × language variant.
      expect(html).toContain(
        `<picture><source media="(prefers-color-scheme: dark)" srcset="${src('dark')}"/><img src="${src('light')}"`,
      );
      for (const theme of ['light', 'dark'])
        for (const lang of ['en', 'fr']) expect(html).toContain(`href="${src(theme, lang)}"`);
    }
    // the snippet is HTML shown as text: escaped once more inside the textarea
    expect(html).toContain(
      `&lt;a href=&quot;${ORIGIN}/servers/${server.id}&quot;&gt;&lt;img src=&quot;${ORIGIN}/badge/${server.id}.png&quot;`,
    );
  });

  it.each([
    ['?lang=fr', {}, 'Votes ce mois-ci'],
    ['', { 'Accept-Language': 'fr-FR,fr;q=0.9,en;q=0.5' }, 'Votes ce mois-ci'],
    ['?lang=en', { 'Accept-Language': 'fr' }, 'Votes this month'],
    ['?lang=de', {}, 'Votes this month'],
  ])('picks the language from ?lang then Accept-Language (%s %o)', async (query, headers, expected) => {
    const { server, request } = setup();
    const html = await (await request(`/servers/${server.id}${query}`, { headers })).text();
    expect(html).toContain(expected);
  });

  it.each([
    ['/servers/abc', 400, 'invalid_server_id'],
    ['/servers/0', 400, 'invalid_server_id'],
    ['/servers/999', 404, 'server_not_found'],
    ['/servers/999/vote', 404, 'server_not_found'],
    ['/dashboard/servers/x/integrations', 400, 'invalid_server_id'],
  ])('GET %s answers a readable %i page', async (path, status, code) => {
    const res = await setup().request(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('x-error-code')).toBe(code);
    expect(await res.text()).toContain('role="alert"');
  });
});

describe('site pages: voting', () => {
  it('records username, voter IP and time, then tells the player to type /vote in game', async () => {
    const { clock, store, server, postForm } = setup();
    const res = await postForm(`/servers/${server.id}/vote`, { username: '  Alice ' }, { ip: '203.0.113.7' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('type /vote in game');
    expect(votesOf(store, server.id)).toEqual([
      expect.objectContaining({ username: 'Alice', ip: '203.0.113.7', votedAt: clock.t, claimedAt: null }),
    ]);
  });

  it('refuses a second vote by the same username within the cooldown and says when the next is possible', async () => {
    const { clock, store, server, postForm } = setup();
    await postForm(`/servers/${server.id}/vote`, { username: 'Alice' }, { ip: '203.0.113.7' });
    clock.t += 30 * 60_000;
    const res = await postForm(`/servers/${server.id}/vote`, { username: 'ALICE' }, { ip: '198.51.100.1' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe(String(90 * 60));
    expect(res.headers.get('x-cooldown-rule')).toBe('username');
    expect(await res.text()).toContain(
      'ALICE has already voted for this server. This name can vote again in 1 h 30 min (at 2026-11-21 12:00 UTC)',
    );
    expect(votesOf(store, server.id)).toHaveLength(1);
  });

  it.each([
    [
      'en',
      'Another vote for this server came from your address: one vote per address every 2 h 00 min. Your address can vote again in 2 h 00 min',
      '--vote-cooldown 0',
    ],
    ['fr', 'Un autre vote pour ce serveur vient de votre adresse', 'Lancez le mock avec --vote-cooldown 0'],
  ])(
    'refuses another name from the same IP saying the address rule refused it, not the name (%s)',
    async (lang, says, hint) => {
      const { store, server, postForm } = setup();
      await postForm(`/servers/${server.id}/vote`, { username: 'Alice' }, { ip: '203.0.113.7' });
      const res = await postForm(
        `/servers/${server.id}/vote?lang=${lang}`,
        { username: 'Bob' },
        { ip: '203.0.113.7' },
      );
      expect(res.status).toBe(429);
      expect(res.headers.get('x-cooldown-rule')).toBe('ip');
      const html = await res.text();
      expect(html).toContain(says);
      expect(html).toContain(hint);
      expect(html).not.toMatch(/already voted|Vous avez déjà voté/);
      expect(votesOf(store, server.id)).toHaveLength(1);
    },
  );

  it('accepts every vote with a cooldown of 0 (--vote-cooldown 0)', async () => {
    const { store, server, postForm } = setup({ cooldownMs: 0 });
    for (const username of ['Alice', 'Bob', 'Alice']) {
      expect((await postForm(`/servers/${server.id}/vote`, { username }, { ip: '203.0.113.7' })).status).toBe(
        200,
      );
    }
    expect(votesOf(store, server.id)).toHaveLength(3);
  });

  it('accepts the next vote once the cooldown has passed, and per server', async () => {
    const { clock, store, server, other, postForm } = setup();
    await postForm(`/servers/${server.id}/vote`, { username: 'Alice' }, { ip: '203.0.113.7' });
    expect(
      (await postForm(`/servers/${other.id}/vote`, { username: 'Alice' }, { ip: '203.0.113.7' })).status,
    ).toBe(200);
    clock.t += 2 * HOUR;
    expect(
      (await postForm(`/servers/${server.id}/vote`, { username: 'Alice' }, { ip: '203.0.113.7' })).status,
    ).toBe(200);
    expect(votesOf(store, server.id)).toHaveLength(2);
  });

  it.each([
    ['an empty name', { username: '   ' }, 'The name is empty.'],
    ['no name field', {}, 'The name is empty.'],
    ['an overlong name', { username: 'x'.repeat(65) }, 'The name has 65 characters; at most 64 are allowed.'],
    ['a control character', { username: 'bad\u0007name' }, 'The name contains control characters.'],
  ])('refuses %s with 400, says why and stores nothing', async (_label, fields, reason) => {
    const { store, server, postForm } = setup();
    const res = await postForm(`/servers/${server.id}/vote`, fields, { ip: '203.0.113.7' });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-error-code')).toBe('invalid_username');
    expect(await res.text()).toContain(reason);
    expect(votesOf(store, server.id)).toHaveLength(0);
  });

  it('refuses a vote for an unknown server with 404 and stores nothing', async () => {
    const { store, postForm } = setup();
    const res = await postForm('/servers/4242/vote', { username: 'Alice' });
    expect(res.status).toBe(404);
    expect(store.votes.list()).toHaveLength(0);
  });

  it.each([
    ['a foreign Origin', { Origin: 'https://evil.test' }],
    ['an empty Origin', { Origin: '' }],
    ['a cross-site fetch', { Origin: 'https://evil.test', 'Sec-Fetch-Site': 'cross-site' }],
  ])('rejects a form posted with %s (CSRF) and stores nothing', async (_label, headers) => {
    const { store, server, postForm } = setup();
    const res = await postForm(`/servers/${server.id}/vote`, { username: 'Alice' }, { headers });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-error-code')).toBe('csrf_rejected');
    expect(votesOf(store, server.id)).toHaveLength(0);
  });

  it('rejects an oversized form with 413 and stores nothing', async () => {
    const { store, server, postForm } = setup();
    const res = await postForm(`/servers/${server.id}/vote`, { username: 'A', pad: 'x'.repeat(10_000) });
    expect(res.status).toBe(413);
    expect(votesOf(store, server.id)).toHaveLength(0);
  });
});

function csrfFrom(html: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no csrf token in the page');
  return match[1];
}

describe('site pages: integrations dashboard', () => {
  it('generates a key shown once, lists it masked with its times, and revokes it', async () => {
    const { clock, store, server, request, postForm } = setup();
    const page = await (await request(`/dashboard/servers/${server.id}/integrations`)).text();
    expect(page).toContain('This server has no API key yet.');
    const created = await postForm(`/dashboard/servers/${server.id}/integrations/keys`, {
      csrf: csrfFrom(page),
    });
    expect(created.status).toBe(303);
    const shown = created.headers.get('location') ?? '';
    expect(shown).toMatch(/^\/dashboard\/servers\/1\/integrations\?lang=en&created=[\w-]{24}$/);
    const createdHtml = await (await request(shown)).text();
    const key = /data-testid="new-key">([^<]+)</.exec(createdHtml)?.[1] ?? '';
    expect(key).toMatch(/^live_/);
    expect(shown).not.toContain(key);
    expect(createdHtml).toContain(`set vote_reward_api_key &quot;${key}&quot;`);
    expect(store.keys.authenticate(key)).toMatchObject({ ok: true, serverId: server.id });

    clock.t += 60_000;
    expect(createdHtml).toContain('Never');
    const reloaded = await (await request(shown)).text();
    expect(reloaded).not.toContain(key);
    expect(store.keys.list(server.id)).toHaveLength(1);
    const listed = await (await request(`/dashboard/servers/${server.id}/integrations`)).text();
    expect(listed).not.toContain(key);
    expect(listed).toContain(`live_****${key.slice(-4)}`);
    expect(listed).toMatch(
      /<td class="time wide"><time datetime="2026-11-21T10:00:00.000Z"><span class="nowrap">2026-11-21<\/span> <span class="nowrap">10:00 UTC<\/span><\/time><\/td><td class="time"><time datetime="2026-11-21T10:00:00.000Z">.*?<\/time><\/td><td class="time">Active/,
    );

    const prefix = store.keys.list(server.id)[0]?.prefix ?? '';
    const revokePath = `/dashboard/servers/${server.id}/integrations/keys/${prefix}/revoke`;
    expect(listed).toContain(`href="${revokePath}?lang=en"`);
    const confirm = await request(`${revokePath}?lang=en`);
    expect(confirm.status).toBe(200);
    const confirmHtml = await confirm.text();
    expect(confirmHtml).toContain(`Revoke key live_****${key.slice(-4)}?`);
    expect(confirmHtml).toContain('Game servers using this key get 401');
    expect(store.keys.authenticate(key)).toMatchObject({ ok: true });

    const revoked = await postForm(revokePath, { csrf: csrfFrom(confirmHtml) });
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get('location')).toBe(
      `/dashboard/servers/${server.id}/integrations?lang=en&revoked=${prefix}`,
    );
    expect(await (await request(revoked.headers.get('location') ?? '')).text()).toContain('is revoked');
    expect(store.keys.authenticate(key)).toMatchObject({ ok: false, reason: 'revoked' });
  });

  it('shows a generated key once only to the page it was made for', async () => {
    const { store, server, other, request, postForm } = setup();
    const page = await (await request(`/dashboard/servers/${server.id}/integrations`)).text();
    const created = await postForm(`/dashboard/servers/${server.id}/integrations/keys`, {
      csrf: csrfFrom(page),
    });
    const id = new URL(created.headers.get('location') ?? '', ORIGIN).searchParams.get('created');
    const elsewhere = await (
      await request(`/dashboard/servers/${other.id}/integrations?created=${id}`)
    ).text();
    expect(elsewhere).not.toContain('data-testid="new-key"');
    expect(store.keys.list(server.id)).toHaveLength(1);
  });

  it.each([
    ['a missing token', {}],
    ['a forged token', { csrf: 'forged' }],
  ])('refuses to generate a key with %s (CSRF) and creates none', async (_label, fields) => {
    const { store, server, postForm } = setup();
    const res = await postForm(`/dashboard/servers/${server.id}/integrations/keys`, fields);
    expect(res.status).toBe(403);
    expect(store.keys.list(server.id)).toHaveLength(0);
  });

  it("refuses the token of another server's page", async () => {
    const { store, server, other, request, postForm } = setup();
    const page = await (await request(`/dashboard/servers/${other.id}/integrations`)).text();
    const res = await postForm(`/dashboard/servers/${server.id}/integrations/keys`, { csrf: csrfFrom(page) });
    expect(res.status).toBe(403);
    expect(store.keys.list(server.id)).toHaveLength(0);
  });

  it("cannot revoke another server's key", async () => {
    const { store, server, other, request, postForm } = setup();
    const foreign = store.keys.create(other.id);
    const page = await (await request(`/dashboard/servers/${server.id}/integrations`)).text();
    const res = await postForm(`/dashboard/servers/${server.id}/integrations/keys/${foreign.prefix}/revoke`, {
      csrf: csrfFrom(page),
    });
    expect(res.status).toBe(404);
    expect(store.keys.authenticate(foreign.key)).toMatchObject({ ok: true });
  });

  it('without MOCK_ADMIN_TOKEN answers loopback clients only, like the control API', async () => {
    const { server, request } = setup();
    const path = `/dashboard/servers/${server.id}/integrations`;
    expect((await request(path, { ip: '127.0.0.1' })).status).toBe(200);
    expect((await request(path, { ip: '::1' })).status).toBe(200);
    const remote = await request(path, { ip: '203.0.113.9' });
    expect(remote.status).toBe(403);
    expect(remote.headers.get('x-error-code')).toBe('dashboard_loopback_only');
  });

  it('is disabled with --no-admin', async () => {
    const { server, request } = setup({ admin: { enabled: false } });
    const res = await request(`/dashboard/servers/${server.id}/integrations`);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-error-code')).toBe('dashboard_disabled');
  });

  it('with MOCK_ADMIN_TOKEN needs the token once, then keeps access in an HttpOnly SameSite cookie', async () => {
    const { server, request } = setup({ admin: { enabled: true, token: 's3cret' } });
    const path = `/dashboard/servers/${server.id}/integrations`;
    expect((await request(path)).status).toBe(401);
    expect((await request(`${path}?token=wrong`)).status).toBe(401);

    const login = await request(`${path}?token=s3cret&lang=fr`);
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe(`${path}?lang=fr`);
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${DASHBOARD_COOKIE}=`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toContain('s3cret');

    const value = cookie.split(';')[0] ?? '';
    expect((await request(path, { headers: { Cookie: value } })).status).toBe(200);
    expect((await request(path, { headers: { Cookie: `${DASHBOARD_COOKIE}=guess` } })).status).toBe(401);
  });
});
