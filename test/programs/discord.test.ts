import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createFakeClock, type FakeClock } from '../../devkit/fakes/runtime';
import { createApp } from '../../mock-server/app';
import { createStore, openDatabase, type Store, type WebhookRecord } from '../../mock-server/db';
import { startMockServer } from '../../mock-server/server';
import { NetworkError, TimeoutError } from '../../src/api/errors';
import { createFetchTransport, type HttpRequest, type HttpTransport } from '../../src/api/transport';
import { createEventChannel, type EventChannel } from '../../src/domain/events';
import type { VoteHistory } from '../../src/domain/types';
import { createTranslator } from '../../src/i18n/messages';
import {
  createDiscordQueue,
  DISCORD_WEBHOOK_CONVAR,
  type DiscordQueueOptions,
  escapeDiscordMarkdown,
  listenForDiscord,
  maskWebhookUrl,
  parseWebhookUrl,
} from '../../src/programs/discord';
import type { KvpStore } from '../../src/runtime/runtime';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies are walked by path in assertions
type Json = Record<string, any>;

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const DAY = 86_400_000;

function memoryKvp(data = new Map<string, string>()): KvpStore & { data: Map<string, string> } {
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
    delete: (key) => void data.delete(key),
    keys: (prefix) => [...data.keys()].filter((key) => key.startsWith(prefix)),
  };
}

interface Sent {
  at: number;
  status: number | null;
  body: Json;
}

/** The real mock (in-process, in-memory SQLite) with one webhook, a fake clock and a transport over app.request. */
interface World {
  clock: FakeClock;
  store: Store;
  hook: WebhookRecord;
  url: string;
  kvp: KvpStore & { data: Map<string, string> };
  logs: string[];
  sent: Sent[];
  transport: HttpTransport;
  /** Fails the next requests on the wire (checked before they reach the mock). */
  wire: Array<'network' | 'reset' | 'timeout' | 'hold'>;
  /** Adds a fault through the mock's control API. */
  fault(spec: Json): Promise<void>;
  queue(over?: Partial<DiscordQueueOptions>): ReturnType<typeof createDiscordQueue>;
  /** Contents of the messages the sink stored, oldest first. */
  messages(): string[];
}

async function world(): Promise<World> {
  const clock = createFakeClock(T0);
  const store = createStore(openDatabase(':memory:'), { now: clock.now });
  const app = createApp({
    store,
    now: clock.now,
    checkMode: 'unclaimed',
    rateLimit: 60,
    admin: { enabled: true },
    voteCooldownMs: 0,
  });
  const hook = store.webhooks.create('Votes');
  const url = `http://127.0.0.1:8787/webhooks/discord/${hook.id}/${hook.token}`;
  const kvp = memoryKvp();
  const logs: string[] = [];
  const sent: Sent[] = [];
  const wire: World['wire'] = [];
  const transport: HttpTransport = {
    kind: 'fetch',
    async request(request: HttpRequest) {
      const record: Sent = { at: clock.now(), status: null, body: JSON.parse(request.body ?? '{}') as Json };
      sent.push(record);
      const fail = wire.shift();
      if (fail === 'hold') return new Promise(() => {});
      if (fail === 'network') throw new NetworkError(request.url, 'connect ECONNREFUSED');
      if (fail === 'reset') throw new NetworkError(request.url, 'other side closed');
      if (fail === 'timeout') throw new TimeoutError(request.url, request.timeoutMs);
      const init: RequestInit = { method: request.method, headers: request.headers };
      if (request.body !== undefined) init.body = request.body;
      const response = await app.request(new URL(request.url).pathname, init);
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      record.status = response.status;
      return { status: response.status, headers, body: await response.text() };
    },
  };
  const log = {
    info: (m: string) => logs.push(`info ${m}`),
    warn: (m: string) => logs.push(`warn ${m}`),
    error: (m: string) => logs.push(`error ${m}`),
  };
  return {
    clock,
    store,
    hook,
    url,
    kvp,
    logs,
    sent,
    transport,
    wire,
    async fault(spec) {
      const response = await app.request('/__admin/faults', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(spec),
      });
      if (response.status !== 201) throw new Error(await response.text());
    },
    queue: (over = {}) =>
      createDiscordQueue({
        url,
        transport,
        kvp,
        now: clock.now,
        setTimeout: clock.setTimeout,
        log,
        ...over,
      }),
    messages: () => store.webhooks.messages(hook.id).map((m) => String(m.body.content)),
  };
}

const line = (n: number, size = 10) => `${String(n).padStart(3, '0')}${'x'.repeat(size - 3)}`;

describe('createDiscordQueue: batching', () => {
  it('sends the posts of one window as one message, lines in order, with allowed_mentions parse []', async () => {
    const w = await world();
    const queue = w.queue();
    queue.post({ id: 'vote:1', text: 'Steve voted' });
    await w.clock.advance(500);
    queue.post({ id: 'vote:2', text: '@everyone voted' });
    await w.clock.advance(1000);
    queue.post({ id: 'vote:3', text: 'Alex voted' });
    expect(w.sent).toEqual([]);
    await w.clock.advance(500);
    expect(w.sent).toHaveLength(1);
    expect(w.sent[0]?.at).toBe(T0 + 2000);
    expect(w.sent[0]?.body).toEqual({
      content: 'Steve voted\n@everyone voted\nAlex voted',
      allowed_mentions: { parse: [] },
    });
    expect(w.messages()).toEqual(['Steve voted\n@everyone voted\nAlex voted']);
    expect(w.store.webhooks.messages(w.hook.id)[0]?.body.mention_everyone).toBe(false);
    expect(queue.status()).toMatchObject({ queued: 0, sent: 3, dropped: 0, lastError: null });
    await w.clock.advance(60_000);
    expect(w.sent).toHaveLength(1);
  });

  it('splits a burst over 2000 characters into several messages, never cutting a line, and cuts a single long text', async () => {
    const w = await world();
    const queue = w.queue();
    for (let i = 1; i <= 5; i += 1) queue.post({ id: `e${i}`, text: line(i, 900) });
    queue.post({ id: 'long', text: 'y'.repeat(2500) });
    await w.clock.advance(2000);
    const contents = w.messages();
    expect(contents.map((c) => c.split('\n').map((l) => l.slice(0, 3)))).toEqual([
      ['001', '002'],
      ['003', '004'],
      ['005'],
      ['yyy'],
    ]);
    for (const content of contents) expect([...content].length).toBeLessThanOrEqual(2000);
    expect(contents[0]).toHaveLength(1801);
    expect(contents[3]).toBe(`${'y'.repeat(1999)}…`);
    expect(w.sent.every((s) => s.status === 204)).toBe(true);
  });

  it('counts code points like Discord: 2000 emoji fit in one message', async () => {
    const w = await world();
    const queue = w.queue();
    queue.post({ id: 'a', text: '😀'.repeat(1000) });
    queue.post({ id: 'b', text: '😀'.repeat(999) });
    await w.clock.advance(2000);
    expect(w.sent.map((s) => s.status)).toEqual([204]);
  });
});

describe('createDiscordQueue: never twice', () => {
  it('posts an id once, even when posted again after sending and after a restart over the same KVP', async () => {
    const w = await world();
    const first = w.queue();
    first.post({ id: 'vote:7', text: 'Steve voted' });
    first.post({ id: 'vote:7', text: 'Steve voted (again)' });
    await w.clock.advance(2000);
    first.post({ id: 'vote:7', text: 'Steve voted (later)' });
    await w.clock.advance(10_000);
    expect(w.messages()).toEqual(['Steve voted']);
    expect(JSON.parse(w.kvp.get('discord:sent:vote:7') as string)).toEqual({
      at: T0 + 2000,
      outcome: 'sent',
    });
    expect(w.kvp.get('discord:queue:vote:7')).toBeNull();
    first.stop();

    const second = w.queue();
    second.post({ id: 'vote:7', text: 'Steve voted (after restart)' });
    second.post({ id: 'vote:8', text: 'Alex voted' });
    await w.clock.advance(2000);
    expect(w.messages()).toEqual(['Steve voted', 'Alex voted']);
  });

  it('keeps tombstones 40 days, then prunes them at start', async () => {
    const w = await world();
    const queue = w.queue();
    queue.post({ id: 'old', text: 'old news' });
    await w.clock.advance(2000);
    queue.stop();
    await w.clock.advance(40 * DAY - 2000);
    w.queue().stop();
    expect(w.kvp.get('discord:sent:old')).not.toBeNull();
    await w.clock.advance(2001);
    w.queue().stop();
    expect(w.kvp.keys('discord:sent:')).toEqual([]);
  });

  it('sends after a restart what was still queued (never sent) when the resource stopped', async () => {
    const w = await world();
    const before = w.queue();
    before.post({ id: 'party:2026-11:100', text: 'Vote party!' });
    before.stop();
    expect(JSON.parse(w.kvp.get('discord:queue:party:2026-11:100') as string)).toMatchObject({
      state: 'queued',
    });
    const after = w.queue();
    expect(after.status().queued).toBe(1);
    await w.clock.advance(2000);
    expect(w.messages()).toEqual(['Vote party!']);
  });

  it('drops, with one log line, ids found "sending" after a crash instead of sending them again', async () => {
    const w = await world();
    const crashed = w.queue();
    w.wire.push('hold');
    crashed.post({ id: 'a', text: 'first' });
    crashed.post({ id: 'b', text: 'second' });
    await w.clock.advance(2000);
    expect(w.sent).toHaveLength(1);
    expect(JSON.parse(w.kvp.get('discord:queue:a') as string)).toMatchObject({ state: 'sending' });
    // The process dies with the request out: only the KVP survives.
    const kvpAfterCrash = new Map(w.kvp.data);
    crashed.stop();
    w.kvp.data.clear();
    for (const [key, value] of kvpAfterCrash) w.kvp.data.set(key, value);

    const restarted = w.queue();
    expect(w.logs.filter((l) => l.includes('not sent again'))).toEqual([
      'warn Discord: 2 message(s) were being sent when the resource stopped; they are not sent again (Discord cannot tell whether they arrived, and a message is never posted twice)',
    ]);
    expect(restarted.status()).toMatchObject({ queued: 0, dropped: 2 });
    restarted.post({ id: 'a', text: 'first (retry by the program)' });
    await w.clock.advance(60_000);
    expect(w.sent).toHaveLength(1);
    expect(w.messages()).toEqual([]);
  });
});

describe('createDiscordQueue: stored records read through their schema', () => {
  it.each([
    ['not JSON', '{broken'],
    ['an unknown state', JSON.stringify({ text: 'x', at: T0, state: 'posted' })],
    ['a text that is not a string', JSON.stringify({ text: 5, at: T0, state: 'queued' })],
    ['no time', JSON.stringify({ text: 'x', state: 'queued' })],
  ])(
    'leaves a queue record that is %s as it is, reports it once at start and never posts its id',
    async (_case, stored) => {
      const w = await world();
      w.kvp.set('discord:queue:vote:bad', stored);
      w.kvp.set('discord:queue:vote:good', JSON.stringify({ text: 'Alex voted', at: T0, state: 'queued' }));
      const queue = w.queue();
      const reports = w.logs.filter((l) => l.includes('unreadable'));
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatch(
        /^warn Discord queue: 1 stored record\(s\) are unreadable and left as they are \(their events are not posted\): discord:queue:vote:bad/,
      );
      queue.post({ id: 'vote:bad', text: 'Steve voted' });
      await w.clock.advance(10_000);
      expect(w.messages()).toEqual(['Alex voted']);
      expect(w.kvp.get('discord:queue:vote:bad')).toBe(stored);
      expect(w.kvp.get('discord:sent:vote:bad')).toBeNull();
      expect(w.logs.filter((l) => l.includes('unreadable'))).toHaveLength(1);
    },
  );

  it('leaves an unreadable tombstone as it is when pruning: its id is still never posted again', async () => {
    const w = await world();
    w.kvp.set('discord:sent:vote:1', '{"at":"yesterday"}');
    const queue = w.queue();
    expect(w.logs.filter((l) => l.includes('unreadable'))).toHaveLength(1);
    await w.clock.advance(41 * DAY);
    w.queue().stop();
    queue.post({ id: 'vote:1', text: 'Steve voted' });
    await w.clock.advance(10_000);
    expect(w.kvp.get('discord:sent:vote:1')).toBe('{"at":"yesterday"}');
    expect(w.messages()).toEqual([]);
  });
});

describe('createDiscordQueue: Discord’s answers', () => {
  it('on 429 waits retry_after, then resends the same batch; the batch stays queued (not sending) meanwhile', async () => {
    const w = await world();
    await w.fault({ route: new URL(w.url).pathname, status: 429, retry_after: 3, times: 1 });
    const queue = w.queue();
    queue.post({ id: 'a', text: 'one' });
    queue.post({ id: 'b', text: 'two' });
    await w.clock.advance(2000);
    expect(w.sent.map((s) => s.status)).toEqual([429]);
    expect(queue.status()).toMatchObject({ queued: 2, pausedUntil: T0 + 5000 });
    expect(JSON.parse(w.kvp.get('discord:queue:a') as string)).toMatchObject({ state: 'queued' });
    queue.post({ id: 'c', text: 'three' });
    await w.clock.advance(2999);
    expect(w.sent).toHaveLength(1);
    await w.clock.advance(1);
    expect(w.sent.map((s) => [s.at, s.status, s.body.content])).toEqual([
      [T0 + 2000, 429, 'one\ntwo'],
      [T0 + 5000, 204, 'one\ntwo'],
      [T0 + 5000, 204, 'three'],
    ]);
    expect(w.messages()).toEqual(['one\ntwo', 'three']);
  });

  it('on a 429 without a JSON body (a proxy’s page) waits the Retry-After header instead', async () => {
    const w = await world();
    let replaced = false;
    const queue = w.queue({
      transport: {
        kind: 'fetch',
        async request(request) {
          const answer = await w.transport.request(request);
          if (replaced) return answer;
          replaced = true;
          return {
            status: 429,
            headers: { 'retry-after': '4', 'content-type': 'text/html' },
            body: '<html>slow down</html>',
          };
        },
      },
    });
    queue.post({ id: 'a', text: 'one' });
    await w.clock.advance(2000 + 3999);
    expect(w.sent.map((s) => s.at - T0)).toEqual([2000]);
    await w.clock.advance(1);
    expect(w.sent.map((s) => s.at - T0)).toEqual([2000, 6000]);
    // The first request did reach the sink (the proxy replaced its answer): the price of a lying proxy.
    expect(w.messages()).toEqual(['one', 'one']);
    expect(queue.status()).toMatchObject({ sent: 1, queued: 0, pausedUntil: null });
  });

  it('waits X-RateLimit-Reset-After when X-RateLimit-Remaining is 0, so the sink never answers 429', async () => {
    const w = await world();
    const queue = w.queue();
    for (let i = 1; i <= 7; i += 1) queue.post({ id: `e${i}`, text: line(i, 1500) });
    await w.clock.advance(2000);
    expect(w.sent.map((s) => s.at - T0)).toEqual([2000, 2000, 2000, 2000, 2000]);
    expect(queue.status().pausedUntil).toBe(T0 + 4000);
    await w.clock.advance(1999);
    expect(w.sent).toHaveLength(5);
    await w.clock.advance(1);
    expect(w.sent.map((s) => s.at - T0)).toEqual([2000, 2000, 2000, 2000, 2000, 4000, 4000]);
    expect(w.sent.every((s) => s.status === 204)).toBe(true);
    expect(w.messages().map((c) => c.slice(0, 3))).toEqual(['001', '002', '003', '004', '005', '006', '007']);
  });

  it('retries a refused connection and a gateway 502 with a growing delay, logging the masked URL only', async () => {
    const w = await world();
    await w.fault({ route: new URL(w.url).pathname, status: 502, times: 1 });
    w.wire.push('network');
    // The first request fails on the wire (nothing sent); the 502 fault is taken by the second.
    const queue = w.queue();
    queue.post({ id: 'a', text: 'hello' });
    await w.clock.advance(2000 + 2000 + 4000);
    expect(w.sent.map((s) => [s.at - T0, s.status])).toEqual([
      [2000, null],
      [4000, 502],
      [8000, 204],
    ]);
    expect(w.messages()).toEqual(['hello']);
    const warnings = w.logs.filter((l) => l.startsWith('warn'));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('NetworkError');
    expect(warnings[1]).toContain(
      'Discord answered HTTP 502: 502: Bad Gateway (code 0); retrying 1 event(s) in 4 s',
    );
    for (const entry of w.logs) {
      expect(entry).not.toContain(w.hook.token);
      expect(entry).toContain(`http://127.0.0.1:8787/webhooks/discord/${w.hook.id.slice(0, 4)}…/****`);
    }
    expect(queue.status()).toMatchObject({ sent: 1, queued: 0 });
  });

  it.each([
    ['a timeout', 'timeout', 'TimeoutError'],
    ['a connection lost mid-request', 'reset', 'other side closed'],
  ] as const)(
    'drops the batch after %s: it may have been posted, so it is never sent again',
    async (_name, fail, said) => {
      const w = await world();
      w.wire.push(fail);
      const queue = w.queue();
      queue.post({ id: 'a', text: 'hello' });
      await w.clock.advance(30 * 60_000);
      expect(w.sent).toHaveLength(1);
      expect(w.messages()).toEqual([]);
      expect(w.logs).toEqual([expect.stringContaining(said)]);
      expect(w.logs[0]).toContain('may or may not have been posted, not sent again');
      expect(queue.status()).toMatchObject({ queued: 0, dropped: 1, sent: 0 });
      queue.post({ id: 'a', text: 'hello' });
      await w.clock.advance(10_000);
      expect(w.sent).toHaveLength(1);
    },
  );

  it('drops the batch after a 500 (Discord may have created the message) and retries nothing', async () => {
    const w = await world();
    await w.fault({ route: new URL(w.url).pathname, status: 500, times: 1 });
    const queue = w.queue();
    queue.post({ id: 'a', text: 'hello' });
    await w.clock.advance(30 * 60_000);
    expect(w.sent.map((s) => s.status)).toEqual([500]);
    expect(queue.status()).toMatchObject({ queued: 0, dropped: 1, sent: 0 });
  });

  it('caps the retry delay', async () => {
    const w = await world();
    await w.fault({ route: new URL(w.url).pathname, status: 503, times: 6 });
    const queue = w.queue({ maxBackoffMs: 10_000 });
    queue.post({ id: 'a', text: 'hello' });
    await w.clock.advance(2000 + 2000 + 4000 + 8000 + 10_000 + 10_000 + 10_000);
    expect(w.sent.map((s) => s.at - T0)).toEqual([2000, 4000, 8000, 16000, 26000, 36000, 46000]);
    expect(w.messages()).toEqual(['hello']);
  });

  it.each([
    [
      'a body Discord refuses (username of 81)',
      { username: 'x'.repeat(81) },
      'HTTP 400: Invalid Form Body (code 50035)',
    ],
    ['a webhook Discord does not know', { url: 'bad-token' }, 'HTTP 404: Unknown Webhook (code 10015)'],
  ] as Array<[string, { username?: string; url?: string }, string]>)(
    'drops the batch on %s with one log line and never retries it',
    async (_name, over, said) => {
      const w = await world();
      const options = over.url ? { url: w.url.replace(w.hook.token, over.url) } : over;
      const queue = w.queue(options as Partial<DiscordQueueOptions>);
      queue.post({ id: 'a', text: 'hello' });
      queue.post({ id: 'b', text: 'world' });
      await w.clock.advance(30 * 60_000);
      expect(w.sent).toHaveLength(1);
      expect(w.logs).toEqual([expect.stringContaining(`${said}; 2 event(s) dropped, not retried`)]);
      expect(queue.status()).toMatchObject({ queued: 0, dropped: 2, sent: 0 });
      expect(JSON.parse(w.kvp.get('discord:sent:a') as string)).toMatchObject({ outcome: 'dropped' });
      queue.post({ id: 'a', text: 'hello' });
      await w.clock.advance(10_000);
      expect(w.sent).toHaveLength(1);
    },
  );
});

describe('createDiscordQueue: never blocks, never throws', () => {
  it('post returns at once and survives a KVP that refuses writes (the event is still sent from memory)', async () => {
    const w = await world();
    const broken: KvpStore = {
      ...w.kvp,
      set: () => {
        throw new Error('disk full');
      },
    };
    const queue = w.queue({ kvp: broken });
    expect(() => queue.post({ id: 'a', text: 'hello' })).not.toThrow();
    expect(() => queue.post({ id: '', text: 'no id' })).not.toThrow();
    await w.clock.advance(2000);
    queue.post({ id: 'a', text: 'hello again' });
    await w.clock.advance(2000);
    expect(w.messages()).toEqual(['hello']);
    expect(w.logs.some((l) => l.startsWith('error') && l.includes('disk full'))).toBe(true);
  });

  it('post never throws even when the transport throws synchronously', async () => {
    const w = await world();
    const queue = w.queue({
      transport: {
        kind: 'fetch',
        request: () => {
          throw new Error('boom');
        },
      },
    });
    queue.post({ id: 'a', text: 'hello' });
    await w.clock.advance(2000);
    expect(queue.status().lastError).toContain('boom');
    queue.stop();
    await w.clock.advance(600_000);
  });

  it('refuses to start on a URL that is not a webhook, without printing its token', async () => {
    const w = await world();
    expect(() => w.queue({ url: 'https://example.com/api/webhooks/123456789012345678/secrettoken' })).toThrow(
      /is not Discord/,
    );
    expect(() =>
      w.queue({ url: 'https://example.com/api/webhooks/123456789012345678/secrettoken' }),
    ).not.toThrow(/secrettoken/);
  });
});

describe('createDiscordQueue over a real socket', () => {
  it('posts through the fetch transport to the mock on port 0', async () => {
    const clock = createFakeClock(T0);
    const mock = await startMockServer({ seed: 'demo', now: clock.now });
    try {
      const queue = createDiscordQueue({
        url: mock.demoWebhookUrl as string,
        transport: createFetchTransport(fetch),
        kvp: memoryKvp(),
        now: clock.now,
        setTimeout: clock.setTimeout,
        log: { info: () => {}, warn: () => {}, error: () => {} },
      });
      queue.post({ id: 'vote:1', text: 'Steve voted' });
      await clock.advance(2000);
      await vi.waitFor(() => expect(queue.status().sent).toBe(1));
      const [hook] = mock.store.webhooks.list();
      expect(mock.store.webhooks.messages((hook as WebhookRecord).id).map((m) => m.body.content)).toEqual([
        'Steve voted',
      ]);
    } finally {
      await mock.close();
    }
  });
});

describe('webhook URLs', () => {
  const token = 'AbCdEf-_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV';
  it.each([
    [`https://discord.com/api/webhooks/112233445566778899/${token}`, 'discord'],
    [`https://discordapp.com/api/webhooks/112233445566778899/${token}`, 'discord'],
    [`https://ptb.discord.com/api/webhooks/112233445566778899/${token}`, 'discord'],
    [`https://canary.discord.com/api/v10/webhooks/112233445566778899/${token}/`, 'discord'],
    [`  https://discord.com/api/webhooks/112233445566778899/${token}  `, 'discord'],
    [`http://127.0.0.1:8787/webhooks/discord/112233445566778899/${token}`, 'mock'],
    [`http://localhost:8787/proxy/webhooks/discord/112233445566778899/${token}`, 'mock'],
    [`http://[::1]:8787/webhooks/discord/112233445566778899/${token}`, 'mock'],
  ])('accepts %s (%s)', (url, kind) => {
    const checked = parseWebhookUrl(url);
    expect(checked).toMatchObject({ ok: true, kind, id: '112233445566778899' });
  });

  it.each([
    ['', 'is empty'],
    ['discord.com/api/webhooks/1/2', 'is not a URL'],
    [`http://discord.com/api/webhooks/112233445566778899/${token}`, 'must use https:// on discord.com'],
    [`ftp://discord.com/api/webhooks/112233445566778899/${token}`, 'must start with https://'],
    [
      `https://discord.com/api/channels/112233445566778899/${token}`,
      'path must be /api/webhooks/<id>/<token>',
    ],
    [`https://discord.com/api/webhooks/112233445566778899`, 'path must be /api/webhooks/<id>/<token>'],
    [`https://discord.com/api/webhooks/abc/${token}`, 'must be 17 to 20 digits'],
    [`https://discord.com/api/webhooks/112233445566778899/${token}?wait=true`, 'query or fragment'],
    [`https://user:pw@discord.com/api/webhooks/112233445566778899/${token}`, 'user or password'],
    [`https://discord.com.evil.example/api/webhooks/112233445566778899/${token}`, 'is not Discord'],
    [`http://192.168.1.20:8787/webhooks/discord/112233445566778899/${token}`, 'is not Discord'],
    [
      `http://127.0.0.1:8787/api/webhooks/112233445566778899/${token}`,
      'must end in /webhooks/discord/<id>/<token>',
    ],
    [`https://discord.com/api/webhooks/112233445566778899/tok%20en`, 'letters, digits, - or _'],
  ])('refuses %j: %s, never naming the token', (url, problem) => {
    const checked = parseWebhookUrl(url);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problem).toContain(problem);
    expect(checked.problem).not.toContain(token);
  });

  it.each([
    [
      `https://discord.com/api/webhooks/112233445566778899/${token}`,
      'https://discord.com/api/webhooks/1122…/****',
    ],
    [
      `http://127.0.0.1:8787/webhooks/discord/112233445566778899/${token}`,
      'http://127.0.0.1:8787/webhooks/discord/1122…/****',
    ],
    ['not a url', '(webhook URL hidden)'],
  ])('masks %s as %s', (url, masked) => {
    expect(maskWebhookUrl(url)).toBe(masked);
  });

  it('names the convar the caller reads', () => {
    expect(DISCORD_WEBHOOK_CONVAR).toBe('vote_reward_discord_webhook');
  });
});

describe('listenForDiscord', () => {
  // A cast: the history's streak fields grow with the streak program; the Discord message reads only months.
  const history = (months: Record<string, number>): VoteHistory =>
    ({
      format: 1,
      license: 'license:1',
      name: 'Steve',
      total: 12,
      months,
      monthReachedAt: {},
      lastVoteAt: T0,
      streak: { current: 3, best: 3, lastDay: '2026-11-21', startDay: '2026-11-19' },
      recent: [],
    }) as unknown as VoteHistory;
  const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);
  const all = { vote: true, milestone: true, streak: true, party: true, winners: true };

  function emitAll(events: EventChannel) {
    events.emit('voteRecorded', {
      ref: 'r1',
      license: 'license:1',
      name: 'Steve',
      at: T0,
      history: history({ '2026-10': 9, '2026-11': 4 }),
      awards: [],
    });
    const award = (program: 'milestone' | 'streak' | 'first', value: number) =>
      events.emit('awardDecided', {
        id: `a:${program}:license:1:${value}`,
        license: 'license:1',
        name: 'Steve',
        info: { program, value, month: null, voteRef: 'r1' },
      });
    award('milestone', 10);
    award('streak', 3);
    award('first', 1);
    events.emit('partyReached', { month: '2026-11', threshold: 100, votes: 103, players: 7 });
    events.emit('monthDecided', {
      month: '2026-10',
      winners: [
        { rank: 2, license: 'l2', name: 'Alex', votes: 9 },
        { rank: 1, license: 'l1', name: '*Steve*', votes: 12 },
      ],
    });
    events.emit('monthDecided', { month: '2026-09', winners: [] });
  }

  it('posts each switched-on event once with its deterministic id, in the server’s language', () => {
    const events = createEventChannel();
    const posts: Array<{ id: string; text: string }> = [];
    listenForDiscord(events, { post: (p) => posts.push(p) }, createTranslator('en'), all, monthOf);
    emitAll(events);
    expect(posts).toEqual([
      { id: 'vote:r1', text: 'Steve voted for the server (4 vote(s) from them this month).' },
      { id: 'milestone:license:1:10', text: 'Steve reached a vote milestone: 10 in all!' },
      { id: 'a:streak:license:1:3', text: 'Steve is on a 3-day vote streak!' },
      {
        id: 'party:2026-11:100',
        text: 'Vote party! The server reached 100 votes this month; 7 player(s) rewarded.',
      },
      { id: 'winners:2026-10', text: 'Top voters of 2026-10: 1. \\*Steve\\* (12), 2. Alex (9)' },
    ]);
    const fr: Array<{ id: string; text: string }> = [];
    listenForDiscord(events, { post: (p) => fr.push(p) }, createTranslator('fr'), all, monthOf);
    emitAll(events);
    expect(fr[0]?.text).toBe('Steve a voté pour le serveur (4 vote(s) de sa part ce mois-ci).');
  });

  it('posts a delivered purchase once, the buyer escaped and the item by its name, only when switched on', () => {
    const events = createEventChannel();
    const posts: Array<{ id: string; text: string }> = [];
    const purchase = { itemName: (id: string) => (id === 'vip7' ? 'VIP for 7 days' : id) };
    listenForDiscord(
      events,
      { post: (p) => posts.push(p) },
      createTranslator('en'),
      { ...all, purchase },
      monthOf,
    );
    const off: Array<{ id: string; text: string }> = [];
    listenForDiscord(events, { post: (p) => off.push(p) }, createTranslator('en'), all, monthOf);
    const bought = {
      source: 1,
      license: 'license:1',
      name: '@everyone *Steve*',
      purchaseId: 'p1',
      item: 'vip7',
      cost: 300,
      rewards: [],
    };
    events.emit('purchased', bought);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.id).toBe('purchase:p1');
    // The name is escaped as every Discord post escapes names (mentions are also off in allowed_mentions).
    expect(posts[0]?.text).toBe('\\@everyone \\*Steve\\* bought VIP for 7 days in the vote shop.');
    expect(off).toEqual([]);
  });

  it('keeps a long winners list whole (the translator would cut a placeholder at 128 characters)', () => {
    const events = createEventChannel();
    const posts: Array<{ id: string; text: string }> = [];
    listenForDiscord(events, { post: (p) => posts.push(p) }, createTranslator('en'), all, monthOf);
    const winners = Array.from({ length: 10 }, (_, i) => ({
      rank: i + 1,
      license: `l${i}`,
      name: `Player Number ${i + 1}`,
      votes: 30 - i,
    }));
    events.emit('monthDecided', { month: '2026-10', winners });
    expect(posts[0]?.text).toContain('10. Player Number 10 (21)');
    expect(posts[0]?.text).not.toContain('…');
  });

  it.each(['vote', 'milestone', 'streak', 'party', 'winners'] as const)(
    'posts nothing for %s when it is switched off; unsubscribing stops everything',
    (off) => {
      const events = createEventChannel();
      const posts: string[] = [];
      const stop = listenForDiscord(
        events,
        { post: (p) => posts.push(p.id) },
        createTranslator('en'),
        { ...all, [off]: false },
        monthOf,
      );
      emitAll(events);
      const prefix = {
        vote: 'vote:',
        milestone: 'a:milestone',
        streak: 'a:streak',
        party: 'party:',
        winners: 'winners:',
      }[off];
      expect(posts).toHaveLength(4);
      expect(posts.some((id) => id.startsWith(prefix))).toBe(false);
      stop();
      emitAll(events);
      expect(posts).toHaveLength(4);
    },
  );

  it('through the real queue and sink: one message for the burst of one vote', async () => {
    const w = await world();
    const events = createEventChannel();
    const queue = w.queue();
    listenForDiscord(events, queue, createTranslator('en'), all, monthOf);
    emitAll(events);
    emitAll(events);
    await w.clock.advance(2000);
    expect(w.messages()).toEqual([
      [
        'Steve voted for the server (4 vote(s) from them this month).',
        'Steve reached a vote milestone: 10 in all!',
        'Steve is on a 3-day vote streak!',
        'Vote party! The server reached 100 votes this month; 7 player(s) rewarded.',
        'Top voters of 2026-10: 1. \\*Steve\\* (12), 2. Alex (9)',
      ].join('\n'),
    ]);
  });

  it('escapes Discord markdown, links and mentions in a clean text', () => {
    expect(escapeDiscordMarkdown('# _cool_ *guy* `x` ~~y~~ |z| <@1> [a](b) -q \\')).toBe(
      '\\# \\_cool\\_ \\*guy\\* \\`x\\` \\~\\~y\\~\\~ \\|z\\| \\<\\@1\\> \\[a\\]\\(b\\) \\-q \\\\',
    );
  });

  // The names of the attack review (findings 1 and 4) and the name Discord shows: cleaned first, escaped after.
  it.each([
    [
      'ESC before each markdown character',
      '\u001b[Free Nitro\u001b] \u001b(https://evil.example/login\u001b) \u001b*\u001b*click\u001b*\u001b*',
      '\\[Free Nitro\\] \\(https\\:\\/\\/evil\\.example\\/login\\) \\*\\*click\\*\\*',
    ],
    ['a bare URL', 'https://evil.example/login', 'https\\:\\/\\/evil\\.example\\/login'],
    ['an upper-case URL', 'HTTPS://EVIL.EXAMPLE', 'HTTPS\\:\\/\\/EVIL\\.EXAMPLE'],
    ['an invite with its scheme', 'https://discord.gg/freenitro', 'https\\:\\/\\/discord\\.gg\\/freenitro'],
    ['an invite without a scheme', 'discord.gg/freenitro', 'discord\\.gg\\/freenitro'],
    [
      'a masked link',
      '[Free Nitro](https://evil.example)',
      '\\[Free Nitro\\]\\(https\\:\\/\\/evil\\.example\\)',
    ],
    ['emoji shortcodes', ':joy: :skull:', '\\:joy\\: \\:skull\\:'],
    ['an ordered-list marker', '1. Steve', '1\\. Steve'],
    ['mentions', '@everyone <@123>', '\\@everyone \\<\\@123\\>'],
    ['a zero-width space', 'Ste\u200bve', 'Steve'],
    ['a bidi override', '\u202eevetS', 'evetS'],
    ['a BOM and a word joiner', '\ufeffSteve\u2060', 'Steve'],
    ['chat style codes', '^*^_^=^~^rSteve', 'Steve'],
    ['hex and game colour codes', '^#ff0000Red ~r~Steve', 'Red Steve'],
    ['a newline and a tab', 'Ste\nve\t', 'Ste ve'],
  ])('posts a name with %s as plain text', (_case, name, shown) => {
    const events = createEventChannel();
    const posts: Array<{ id: string; text: string }> = [];
    listenForDiscord(events, { post: (p) => posts.push(p) }, createTranslator('en'), all, monthOf);
    events.emit('voteRecorded', {
      ref: 'r1',
      license: 'license:1',
      name,
      at: T0,
      history: history({ '2026-11': 1 }),
      awards: [],
    });
    events.emit('monthDecided', { month: '2026-10', winners: [{ rank: 1, license: 'l1', name, votes: 3 }] });
    expect(posts.map((p) => p.text)).toEqual([
      `${shown} voted for the server (1 vote(s) from them this month).`,
      `Top voters of 2026-10: 1. ${shown} (3)`,
    ]);
  });

  it('for any name, a post has no link, masked link, mention or unescaped markup from the name', () => {
    const events = createEventChannel();
    const posts: Array<{ id: string; text: string }> = [];
    listenForDiscord(events, { post: (p) => posts.push(p) }, createTranslator('en'), all, monthOf);
    const piece = fc.constantFrom(
      '\u001b',
      '[',
      ']',
      '(',
      ')',
      '*',
      '_',
      '`',
      '~',
      '|',
      '<',
      '>',
      '@',
      ':',
      '#',
      '-',
      '.',
    );
    const words = fc.constantFrom(
      'https://',
      'http://',
      'discord.gg/',
      'evil.example',
      'everyone',
      'here',
      '1. ',
      'joy',
    );
    fc.assert(
      fc.property(
        fc.string({ unit: fc.oneof(piece, words, fc.string({ unit: 'binary', maxLength: 2 })) }),
        (name) => {
          posts.length = 0;
          events.emit('voteRecorded', {
            ref: 'p',
            license: 'l',
            name,
            at: T0,
            history: history({}),
            awards: [],
          });
          const text = posts[0]?.text ?? '';
          const namePart = text.slice(0, -' voted for the server (0 vote(s) from them this month).'.length);
          expect(text.endsWith(' voted for the server (0 vote(s) from them this month).')).toBe(true);
          expect(text).not.toMatch(/https?:\/\//i);
          expect(text).not.toMatch(/\]\(/);
          expect(namePart.replace(/\\[!-/:-@[-`{-~]/g, '')).not.toMatch(/[!-/:-@[-`{-~]/);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('through the real queue and sink, the ESC-before-markdown name no longer posts a masked link', async () => {
    const w = await world();
    const events = createEventChannel();
    listenForDiscord(events, w.queue(), createTranslator('en'), all, monthOf);
    const name =
      '\u001b[Free Nitro\u001b] \u001b(https://evil.example/login\u001b) \u001b*\u001b*click\u001b*\u001b*';
    events.emit('voteRecorded', { ref: 'r1', license: 'l', name, at: T0, history: history({}), awards: [] });
    await w.clock.advance(2000);
    expect(w.messages()).toEqual([
      '\\[Free Nitro\\] \\(https\\:\\/\\/evil\\.example\\/login\\) \\*\\*click\\*\\* voted for the server (0 vote(s) from them this month).',
    ]);
    expect(w.messages()[0]).not.toContain('[Free Nitro](');
  });
});
