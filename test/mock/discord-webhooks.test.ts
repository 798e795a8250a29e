import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../mock-server/app';
import { startMockServer } from '../../mock-server/server';
import { createHarness, errorOf, type Harness, T0 } from './helpers';
import { checkedFetch } from './sockets-helpers';

// biome-ignore lint/suspicious/noExplicitAny: answers are walked by path in assertions
type Json = Record<string, any>;

const JSON_HEADERS = { 'content-type': 'application/json' };

interface Sink extends Harness {
  /** Path of the webhook made for the test. */
  hook: string;
  id: string;
  token: string;
  /** POSTs a body (an object as JSON, a string as is) to a sink path. */
  send(body: unknown, options?: { path?: string; query?: string; type?: string }): Promise<Response>;
  admin(method: string, path: string, body?: unknown): Promise<Response>;
}

async function createSink(deps: Partial<AppDeps> = {}): Promise<Sink> {
  const h = createHarness({ deps });
  const admin = (method: string, path: string, body?: unknown) =>
    Promise.resolve(
      h.app.request(path, {
        method,
        ...(body === undefined ? {} : { headers: JSON_HEADERS, body: JSON.stringify(body) }),
      }),
    );
  const created = (await (await admin('POST', '/__admin/webhooks', { name: 'Votes' })).json()) as Json;
  const hook = new URL(created.url).pathname;
  return {
    ...h,
    hook,
    id: created.id,
    token: created.token,
    admin,
    send: (body, options = {}) =>
      Promise.resolve(
        h.app.request(`${options.path ?? hook}${options.query ?? ''}`, {
          method: 'POST',
          headers: { 'content-type': options.type ?? 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
  };
}

const rate = (r: Response) => ({
  limit: r.headers.get('x-ratelimit-limit'),
  remaining: r.headers.get('x-ratelimit-remaining'),
  reset: r.headers.get('x-ratelimit-reset'),
  resetAfter: r.headers.get('x-ratelimit-reset-after'),
  bucket: r.headers.get('x-ratelimit-bucket'),
});

const x = (n: number) => 'x'.repeat(n);
const field = (name: string, value: string) => ({ name, value });

describe('POST /__admin/webhooks', () => {
  it('creates a webhook with a snowflake id, a token and the URL to give the resource', async () => {
    const h = createHarness();
    const response = await h.app.request('/__admin/webhooks', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: '{"name":"Votes"}',
    });
    expect(response.status).toBe(201);
    const hook = (await response.json()) as Json;
    expect(hook.id).toMatch(/^\d{17,20}$/);
    expect(hook.token).toMatch(/^[A-Za-z0-9_-]{60,80}$/);
    expect(hook).toMatchObject({ name: 'Votes', created_at: new Date(T0).toISOString() });
    expect(hook.url).toBe(`http://localhost/webhooks/discord/${hook.id}/${hook.token}`);
    // The snowflake carries its creation time, as Discord's do.
    expect(Number(BigInt(hook.id) >> 22n) + 1_420_070_400_000).toBe(T0);
  });

  it.each([
    ['an empty body', '', 201, null],
    ['{}', '{}', 201, null],
    ['a name of 81 characters', JSON.stringify({ name: x(81) }), 400, 'invalid_field'],
    [
      'a name with a bidi override and NUL',
      JSON.stringify({ name: '\u202eevil\u0000' }),
      400,
      'invalid_field',
    ],
    ['a name with a zero-width space', JSON.stringify({ name: 'Vo\u200btes' }), 400, 'invalid_field'],
    ['a name with a newline inside', JSON.stringify({ name: 'Vo\ntes' }), 400, 'invalid_field'],
    ['a name containing "discord"', JSON.stringify({ name: 'Discord Clyde' }), 400, 'invalid_field'],
    ['a name containing "clyde"', JSON.stringify({ name: 'clyde' }), 400, 'invalid_field'],
    ['the name "here"', JSON.stringify({ name: 'here' }), 400, 'invalid_field'],
    ['an unknown field', JSON.stringify({ channel: 'x' }), 400, 'invalid_field'],
    ['a body that is not JSON', '{', 400, 'invalid_json'],
  ])('with %s answers %i', async (_name, body, status, code) => {
    const h = createHarness();
    const response = await h.app.request('/__admin/webhooks', {
      method: 'POST',
      headers: JSON_HEADERS,
      body,
    });
    expect(response.status).toBe(status);
    if (code) expect((await errorOf(response)).code).toBe(code);
    else expect(((await response.json()) as Json).name).toBe('Captain Hook');
  });

  it('keeps the control API guards: disabled, token, JSON content type; the sink itself stays open', async () => {
    const off = await createSink();
    const disabled = createHarness({ deps: { admin: { enabled: false } } });
    expect((await errorOf(await disabled.app.request('/__admin/webhooks'))).code).toBe('admin_disabled');
    const locked = createHarness({ deps: { admin: { enabled: true, token: 't0k3n' } } });
    expect((await errorOf(await locked.app.request('/__admin/webhooks'))).code).toBe('admin_unauthorized');
    const authed = await locked.app.request('/__admin/webhooks', {
      headers: { authorization: 'Bearer t0k3n' },
    });
    expect(authed.status).toBe(200);
    const form = await off.app.request('/__admin/webhooks', { method: 'POST', body: 'name=x' });
    expect((await errorOf(form)).code).toBe('invalid_content_type');
    const purge = await off.app.request('/__admin/webhooks/messages', {
      method: 'DELETE',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect((await errorOf(purge)).code).toBe('cross_site_request');
    expect((await off.send({ content: 'still open' })).status).toBe(204);
  });
});

describe('POST /webhooks/discord/{id}/{token}: Discord’s body rules', () => {
  // Each row: a body at Discord's limit (accepted) and the same over it (refused, naming the field).
  it.each([
    ['content', { content: x(2000) }, { content: x(2001) }, 'content'],
    [
      'content in code points (2000 emoji)',
      { content: '😀'.repeat(2000) },
      { content: '😀'.repeat(2001) },
      'content',
    ],
    ['username', { content: 'a', username: x(80) }, { content: 'a', username: x(81) }, 'username'],
    [
      'embeds',
      { embeds: Array.from({ length: 10 }, () => ({ title: 't' })) },
      { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) },
      'embeds',
    ],
    ['title', { embeds: [{ title: x(256) }] }, { embeds: [{ title: x(257) }] }, 'embeds.0.title'],
    [
      'description',
      { embeds: [{ description: x(4096) }] },
      { embeds: [{ description: x(4097) }] },
      'embeds.0.description',
    ],
    [
      'fields',
      { embeds: [{ fields: Array.from({ length: 25 }, () => field('n', 'v')) }] },
      { embeds: [{ fields: Array.from({ length: 26 }, () => field('n', 'v')) }] },
      'embeds.0.fields',
    ],
    [
      'field name',
      { embeds: [{ fields: [field(x(256), 'v')] }] },
      { embeds: [{ fields: [field('n', 'v'), field(x(257), 'v')] }] },
      'embeds.0.fields.1.name',
    ],
    [
      'field value',
      { embeds: [{ fields: [field('n', x(1024))] }] },
      { embeds: [{ fields: [field('n', x(1025))] }] },
      'embeds.0.fields.0.value',
    ],
    [
      'footer text',
      { embeds: [{ footer: { text: x(2048) } }] },
      { embeds: [{ footer: { text: x(2049) } }] },
      'embeds.0.footer.text',
    ],
    [
      'author name',
      { embeds: [{ author: { name: x(256) } }] },
      { embeds: [{ author: { name: x(257) } }] },
      'embeds.0.author.name',
    ],
    [
      'all embed text together (6000)',
      { embeds: [{ description: x(3000) }, { description: x(2990), title: x(10) }] },
      { embeds: [{ description: x(3000) }, { description: x(2990), title: x(11) }] },
      'embeds',
    ],
  ])('%s: at the limit 204, over it 400 50035 naming the field', async (_name, atLimit, over, path) => {
    const sink = await createSink();
    expect((await sink.send(atLimit)).status).toBe(204);
    const refused = await sink.send(over);
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as Json;
    expect(body).toMatchObject({ code: 50035, message: 'Invalid Form Body' });
    const node = path.split('.').reduce((at: Json, key) => at?.[key], body.errors);
    expect(node?._errors?.[0]?.code, JSON.stringify(body.errors)).toMatch(/MAX_LENGTH|MAX_EMBED_SIZE/);
    expect(sink.store.webhooks.messages(sink.id)).toHaveLength(1);
  });

  it.each([
    ['no content and no embeds', {}, 50006],
    ['an empty content', { content: '' }, 50006],
    ['blank content and no embeds', { content: '  \n ', embeds: [] }, 50006],
    ['a content that is not a string', { content: 5 }, 50035, 'content', 'BASE_TYPE_STRING'],
    ['embeds that are not a list', { embeds: 'x' }, 50035, 'embeds', 'LIST_TYPE_CONVERT'],
    [
      'a field without value',
      { embeds: [{ fields: [{ name: 'n' }] }] },
      50035,
      'embeds.0.fields.0.value',
      'BASE_TYPE_REQUIRED',
    ],
    ['an empty username', { content: 'a', username: '' }, 50035, 'username', 'BASE_TYPE_BAD_LENGTH'],
    [
      'an unknown mention kind',
      { content: 'a', allowed_mentions: { parse: ['all'] } },
      50035,
      'allowed_mentions.parse.0',
      'ENUM_TYPE_COERCE',
    ],
    ['a body that is not JSON', '{"content":', 50109],
  ] as Array<[string, unknown, number, string?, string?]>)(
    'refuses %s with 400 code %i',
    async (_name, body, code, path, fieldCode) => {
      const sink = await createSink();
      const refused = await sink.send(body);
      expect(refused.status).toBe(400);
      const answer = (await refused.json()) as Json;
      expect(answer.code).toBe(code);
      if (code === 50006) expect(answer.message).toBe('Cannot send an empty message');
      if (path) {
        const node = path.split('.').reduce((at: Json, key) => at?.[key], answer.errors);
        expect(node?._errors?.[0]?.code, JSON.stringify(answer)).toBe(fieldCode);
      }
      expect(sink.store.webhooks.messages(sink.id)).toEqual([]);
    },
  );

  it.each([
    [
      'containing "discord"',
      'Vote Discord Bot',
      'USERNAME_INVALID_CONTAINS',
      'Username cannot contain "discord"',
    ],
    [
      'containing "DiScOrD" in any case',
      'xDiScOrDx',
      'USERNAME_INVALID_CONTAINS',
      'Username cannot contain "discord"',
    ],
    ['containing "clyde"', 'Discord Clyde', 'USERNAME_INVALID_CONTAINS', 'Username cannot contain "discord"'],
    ['"Clyde" alone', 'Clyde', 'USERNAME_INVALID_CONTAINS', 'Username cannot contain "clyde"'],
    ['containing @', 'vote@server', 'USERNAME_INVALID_CONTAINS', 'Username cannot contain "@"'],
    ['containing #', 'votes #1', 'USERNAME_INVALID_CONTAINS', 'Username cannot contain "#"'],
    ['containing :', 'votes: live', 'USERNAME_INVALID_CONTAINS', 'Username cannot contain ":"'],
    ['containing ```', 'a```b', 'USERNAME_INVALID_CONTAINS', 'Username cannot contain "```"'],
    ['"everyone"', 'everyone', 'USERNAME_INVALID', 'Username cannot be "everyone"'],
    ['" Here " (trimmed, any case)', ' Here ', 'USERNAME_INVALID', 'Username cannot be "here"'],
    ['blank', '   ', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 80 in length.'],
    ['a control character', 'Votes\u0000', 'USERNAME_INVALID', 'Username is invalid'],
    ['a bidi override', '\u202eVotes', 'USERNAME_INVALID', 'Username is invalid'],
    ['a zero-width space', 'Vo\u200btes', 'USERNAME_INVALID', 'Username is invalid'],
  ])('refuses a username %s as Discord does (50035)', async (_case, username, code, message) => {
    const sink = await createSink();
    const refused = await sink.send({ content: 'a', username });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      code: 50035,
      message: 'Invalid Form Body',
      errors: { username: { _errors: [{ code, message }] } },
    });
    expect(sink.store.webhooks.messages(sink.id)).toEqual([]);
  });

  it.each(['Vote Reward', 'everyone here', 'Here we go', 'Disco Rd', 'x'.repeat(80)])(
    'accepts the username %j',
    async (username) => {
      const sink = await createSink();
      expect((await sink.send({ content: 'a', username })).status).toBe(204);
    },
  );

  it('treats a body that is not JSON-typed as empty, like Discord does with a form without fields', async () => {
    const sink = await createSink();
    const answer = await sink.send('content=hi', { type: 'application/x-www-form-urlencoded' });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as Json).code).toBe(50006);
  });
});

describe('POST /webhooks/discord/{id}/{token}: answers', () => {
  it('with wait=true answers 200 with the message object; without it 204 and no body', async () => {
    const sink = await createSink();
    const waited = await sink.send(
      { content: 'Steve voted', username: 'vote-reward', allowed_mentions: { parse: [] } },
      { query: '?wait=true' },
    );
    expect(waited.status).toBe(200);
    const message = (await waited.json()) as Json;
    expect(message).toMatchObject({
      type: 0,
      content: 'Steve voted',
      webhook_id: sink.id,
      author: { id: sink.id, username: 'vote-reward', bot: true },
      embeds: [],
      mention_everyone: false,
      timestamp: '2026-11-21T10:15:00.123000+00:00',
    });
    expect(message.id).toMatch(/^\d{17,20}$/);
    expect(message.channel_id).toMatch(/^\d{17,20}$/);

    for (const query of ['', '?wait=false', '?wait=0']) {
      const plain = await sink.send({ content: `plain ${query}` }, { query });
      expect(plain.status).toBe(204);
      expect(await plain.text()).toBe('');
    }
    const bad = await sink.send({ content: 'x' }, { query: '?wait=maybe' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).errors.wait._errors[0].code).toBe('BASE_TYPE_BOOLEAN');
  });

  it('pings @everyone only when allowed_mentions lets it (absent: Discord parses every mention)', async () => {
    const sink = await createSink();
    const send = async (body: Json) =>
      ((await (await sink.send(body, { query: '?wait=true' })).json()) as Json).mention_everyone;
    expect(await send({ content: '@everyone voted' })).toBe(true);
    expect(await send({ content: '@everyone voted', allowed_mentions: { parse: [] } })).toBe(false);
    expect(await send({ content: '@here voted', allowed_mentions: { parse: ['everyone'] } })).toBe(true);
  });

  it.each([
    ['an unknown id', (s: Sink) => `/webhooks/discord/1234567890123456789/${s.token}`],
    ['a wrong token', (s: Sink) => `/webhooks/discord/${s.id}/${s.token.slice(0, -1)}A`],
    ['a shorter token', (s: Sink) => `/webhooks/discord/${s.id}/abc`],
  ])('answers 404 Unknown Webhook (10015) for %s, before reading the body', async (_name, pathOf) => {
    const sink = await createSink();
    const answer = await sink.send('not even json', { path: pathOf(sink) });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ message: 'Unknown Webhook', code: 10015 });
    expect(rate(answer).limit).toBe('5');
  });
});

describe('POST /webhooks/discord/{id}/{token}: rate limit', () => {
  it('allows 5 requests per 2 s window per webhook, then 429 with retry_after until the window ends', async () => {
    const sink = await createSink();
    const reset = ((T0 + 2000) / 1000).toFixed(3);
    for (let i = 1; i <= 5; i += 1) {
      const answer = await sink.send({ content: `m${i}` });
      expect(answer.status).toBe(204);
      expect(rate(answer)).toEqual({
        limit: '5',
        remaining: String(5 - i),
        reset,
        resetAfter: '2.000',
        bucket: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
    }
    sink.clock.now += 1500;
    const limited = await sink.send({ content: 'm6' });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      message: 'You are being rate limited.',
      retry_after: 0.5,
      global: false,
    });
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(rate(limited)).toMatchObject({ remaining: '0', reset, resetAfter: '0.500' });
    // A refused request is not counted and not stored.
    expect(sink.store.webhooks.messages(sink.id).map((m) => m.body.content)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
    ]);

    // Another webhook has its own bucket.
    const other = (await (await sink.admin('POST', '/__admin/webhooks', {})).json()) as Json;
    const elsewhere = await sink.send({ content: 'x' }, { path: new URL(other.url).pathname });
    expect(rate(elsewhere)).toMatchObject({ remaining: '4' });

    sink.clock.now += 500;
    const again = await sink.send({ content: 'm7' });
    expect(again.status).toBe(204);
    expect(rate(again)).toMatchObject({
      remaining: '4',
      reset: ((T0 + 4000) / 1000).toFixed(3),
      resetAfter: '2.000',
    });
  });

  it.each([
    ['a wrong token', (sink: Sink) => `/webhooks/discord/${sink.id}/wrong-token`],
    ['no such webhook', () => '/webhooks/discord/112233445566778899/some-token'],
  ])(
    'checks the token before charging the rate limit: ten posts to %s never throttle the webhook',
    async (_case, pathOf) => {
      const sink = await createSink();
      for (let i = 0; i < 10; i += 1) {
        const refused = await sink.send({ content: `spam ${i}` }, { path: pathOf(sink) });
        expect(refused.status).toBe(404);
        expect(await refused.json()).toEqual({ message: 'Unknown Webhook', code: 10015 });
      }
      for (let i = 1; i <= 5; i += 1) {
        const answer = await sink.send({ content: `m${i}` });
        expect(answer.status).toBe(204);
        expect(rate(answer).remaining).toBe(String(5 - i));
      }
      expect(sink.store.webhooks.messages(sink.id)).toHaveLength(5);
    },
  );

  it('counts refused bodies too, as Discord counts every request, and /__admin/reset forgets the buckets', async () => {
    const sink = await createSink();
    for (let i = 0; i < 5; i += 1) expect((await sink.send({})).status).toBe(400);
    expect((await sink.send({ content: 'ok' })).status).toBe(429);
    await sink.admin('POST', '/__admin/reset', {});
    expect(sink.store.webhooks.list()).toEqual([]);
    const fresh = (await (await sink.admin('POST', '/__admin/webhooks', {})).json()) as Json;
    const answer = await sink.send({ content: 'ok' }, { path: new URL(fresh.url).pathname });
    expect(answer.status).toBe(204);
    expect(rate(answer).remaining).toBe('4');
  });
});

describe('POST /webhooks/discord/{id}/{token}: faults of /__admin/faults', () => {
  it('injects a 429 with the chosen retry_after in Discord’s shape, once', async () => {
    const sink = await createSink();
    const added = await sink.admin('POST', '/__admin/faults', {
      route: '/webhooks/discord/*',
      status: 429,
      retry_after: 7,
      times: 1,
    });
    expect(added.status).toBe(201);
    const limited = await sink.send({ content: 'a' });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      message: 'You are being rate limited.',
      retry_after: 7,
      global: false,
    });
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(rate(limited).limit).toBe('5');
    expect((await sink.send({ content: 'b' })).status).toBe(204);
    expect(sink.store.webhooks.messages(sink.id).map((m) => m.body.content)).toEqual(['b']);
  });

  it.each([
    [{ status: 500 }, 500, '500: Internal Server Error', 0],
    [{ status: 503 }, 503, '503: Service Unavailable', 0],
    [{ status: 500, apply: true }, 500, '500: Internal Server Error', 1],
    [{ drop: true }, 500, '500: Internal Server Error', 0],
  ])('injects %j as %i { message: %s } (messages stored: %i)', async (fault, status, message, stored) => {
    const sink = await createSink();
    await sink.admin('POST', '/__admin/faults', { route: sink.hook, times: 1, ...fault });
    const answer = await sink.send({ content: 'a' });
    expect(answer.status).toBe(status);
    expect(await answer.json()).toEqual({ message, code: 0 });
    expect(sink.store.webhooks.messages(sink.id)).toHaveLength(stored);
  });

  it('delays an answer by delay_ms, then answers as usual', async () => {
    const sink = await createSink();
    await sink.admin('POST', '/__admin/faults', { route: sink.hook, delay_ms: 20, times: 1 });
    expect((await sink.send({ content: 'late' })).status).toBe(204);
    expect(sink.store.webhooks.messages(sink.id).map((m) => m.body.content)).toEqual(['late']);
    expect(((await (await sink.admin('GET', '/__admin/faults')).json()) as Json).faults).toEqual([]);
  });

  it('leaves the API’s own faults alone: a fault on /api/v1/* does not touch the sink', async () => {
    const sink = await createSink();
    await sink.admin('POST', '/__admin/faults', { route: '/api/v1/*', status: 503 });
    expect((await sink.send({ content: 'a' })).status).toBe(204);
    expect((await sink.get('/api/v1/vote/count')).status).toBe(503);
  });

  it('drops the connection on a real socket', async () => {
    const mock = await startMockServer({ seed: 'demo' });
    try {
      const url = mock.demoWebhookUrl as string;
      mock.app.faults.add({ route: new URL(url).pathname, drop: true, times: 1 });
      const post = () =>
        fetch(url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ content: 'hello' }) });
      await expect(post()).rejects.toThrow();
      expect((await post()).status).toBe(204);
    } finally {
      await mock.close();
    }
  });
});

describe('GET /__admin/webhooks and DELETE /__admin/webhooks/messages', () => {
  it('lists each webhook with its messages, newest last, with their arrival time; clearing keeps the webhooks', async () => {
    const sink = await createSink();
    await sink.send({ content: 'first' });
    sink.clock.now += 60_000;
    await sink.send({ embeds: [{ title: 'second' }] });
    const second = (await (await sink.admin('POST', '/__admin/webhooks', { name: 'Other' })).json()) as Json;

    const listed = (await (await sink.admin('GET', '/__admin/webhooks')).json()) as Json;
    expect(listed.webhooks.map((w: Json) => [w.name, w.messages.length])).toEqual([
      ['Votes', 2],
      ['Other', 0],
    ]);
    const [first, last] = listed.webhooks[0].messages as Json[];
    expect(first).toMatchObject({ content: 'first', received_at: new Date(T0).toISOString() });
    expect(last).toMatchObject({
      content: '',
      embeds: [{ title: 'second' }],
      received_at: new Date(T0 + 60_000).toISOString(),
    });
    expect(listed.webhooks[1].url).toBe(second.url);

    const cleared = await sink.admin('DELETE', '/__admin/webhooks/messages');
    expect(await cleared.json()).toEqual({ cleared: 2 });
    const after = (await (await sink.admin('GET', '/__admin/webhooks')).json()) as Json;
    expect(after.webhooks.map((w: Json) => w.messages.length)).toEqual([0, 0]);
    expect((await sink.send({ content: 'still works' })).status).toBe(204);
  });

  it('documents the four operations in /openapi.json', async () => {
    const h = createHarness();
    const doc = (await (await h.app.request('/openapi.json')).json()) as Json;
    expect(doc.paths['/webhooks/discord/{id}/{token}'].post.operationId).toBe('executeDiscordWebhook');
    expect(doc.paths['/__admin/webhooks'].post.operationId).toBe('createWebhook');
    expect(doc.paths['/__admin/webhooks'].get.operationId).toBe('listWebhooks');
    expect(doc.paths['/__admin/webhooks/messages'].delete.operationId).toBe('clearWebhookMessages');
    expect(doc.tags.map((t: Json) => t.name)).toContain('discord');
  });
});

describe('the demo', () => {
  it('startMockServer with the demo seed makes one webhook and keeps it across runs of a file database', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'mock-webhook-'));
    try {
      const db = join(dir, 'vote-api.sqlite');
      const first = await startMockServer({ seed: 'demo', db });
      const url = first.demoWebhookUrl as string;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/discord\/\d{17,20}\/[A-Za-z0-9_-]+$/);
      const sent = await fetch(`${url}?wait=true`, {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ content: 'hello from the demo' }),
      });
      expect(sent.status).toBe(200);
      await first.close();
      const second = await startMockServer({ seed: 'demo', db });
      try {
        expect(new URL(second.demoWebhookUrl as string).pathname).toBe(new URL(url).pathname);
        const listed = (await (await checkedFetch(`${second.url}/__admin/webhooks`)).json()) as Json;
        expect(listed.webhooks).toHaveLength(1);
        expect(listed.webhooks[0].messages.map((m: Json) => m.content)).toEqual(['hello from the demo']);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('npm start prints the webhook line for server.cfg and where to read what arrived', async () => {
    const root = new URL('../..', import.meta.url).pathname;
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', 'mock-server/index.ts', '--port', '0', '--db', ':memory:'],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const lines: string[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        createInterface({ input: child.stdout as NonNullable<ChildProcess['stdout']> }).on('line', (line) => {
          lines.push(line);
          if (line.startsWith('Discord messages sent to the demo webhook')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${lines.join('\n')}`)));
      });
      const cfg = lines.indexOf('server.cfg lines for a real FXServer:');
      const hook = lines.find((l) => l.startsWith('  set vote_reward_discord_webhook '));
      expect(hook).toMatch(
        /^ {2}set vote_reward_discord_webhook "http:\/\/127\.0\.0\.1:\d+\/webhooks\/discord\/\d+\/[\w-]+"$/,
      );
      expect(lines.indexOf(hook as string)).toBeGreaterThan(cfg);
      expect(lines[cfg + 1]).toMatch(/^ {2}set vote_reward_api_key "live_/);
      expect(lines[cfg + 2]).toMatch(/^ {2}set vote_reward_api_url "/);
      expect(lines[cfg + 4]).toBe('  ensure vote-reward');
      const base = /"(http:\/\/127\.0\.0\.1:\d+)/.exec(lines[cfg + 2] as string)?.[1] as string;
      expect(lines).toContain(
        `Discord messages sent to the demo webhook: GET ${base}/__admin/webhooks (clear them: DELETE ${base}/__admin/webhooks/messages)`,
      );
      const url = /"(.+)"/.exec(hook as string)?.[1] as string;
      expect(
        (await fetch(url, { method: 'POST', headers: JSON_HEADERS, body: '{"content":"hi"}' })).status,
      ).toBe(204);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
