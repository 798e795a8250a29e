import type { Socket } from 'node:net';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockVoteApi } from '../../devkit/fakes/mock-transport';
import {
  forwardToApp,
  type RawHttpServer,
  type RawReply,
  rawAnswer,
  startRawHttpServer,
} from '../../devkit/fakes/raw-http-server';
import { createFakeClock, createFakeRuntime, type NativeAnswer } from '../../devkit/fakes/runtime';
import { createVoteApi, MISBEHAVING_LOG_INTERVAL_MS } from '../../src/api/client';
import { ResponseTooLargeError, TimeoutError } from '../../src/api/errors';
import { createNativeTransport } from '../../src/api/native-transport';
import { createRateBudget } from '../../src/api/rate-budget';
import { createFetchTransport, type HttpRequest, MAX_ANSWER_BYTES } from '../../src/api/transport';

const BOMB_BYTES = 4 * 1024 * 1024;
const inflated = Buffer.alloc(BOMB_BYTES, 'a');
const ENCODINGS = {
  gzip: () => gzipSync(inflated, { level: 9 }),
  br: () => brotliCompressSync(inflated, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  deflate: () => deflateSync(inflated, { level: 9 }),
} as const;

const servers: RawHttpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const serve = async (answer: (path: string) => RawReply | Promise<RawReply>) => {
  const server = await startRawHttpServer((request) => answer(request.url));
  servers.push(server);
  return server;
};

const get = (server: RawHttpServer, timeoutMs = 5000): HttpRequest => ({
  method: 'GET',
  url: `${server.baseUrl}/api/v1/server/info`,
  headers: {},
  timeoutMs,
});

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

describe('fetch transport over a real socket: answers are bounded', () => {
  const transport = createFetchTransport(fetch);

  it.each(Object.keys(ENCODINGS) as (keyof typeof ENCODINGS)[])(
    'refuses a %s bomb (a few KiB inflating to 4 MiB) once the inflated bytes pass the cap, and closes the connection',
    async (encoding) => {
      const compressed = ENCODINGS[encoding]();
      expect(compressed.length).toBeLessThan(MAX_ANSWER_BYTES);
      const server = await serve(() =>
        rawAnswer(
          200,
          [
            ['content-type', 'application/json'],
            ['content-encoding', encoding],
            ['content-length', String(compressed.length)],
          ],
          compressed,
        ),
      );
      const result = await outcome(transport.request(get(server)));
      expect(result).toMatchObject({ error: expect.any(ResponseTooLargeError) });
      expect(String((result as { error: Error }).error.message)).toContain('after decompression');
      await server.allSocketsClosed();
    },
  );

  it('refuses a plain body past the cap that has no Content-Length (read until the connection closes)', async () => {
    const server = await serve(() => rawAnswer(200, [], Buffer.alloc(1024 * 1024, 'x')));
    const result = await outcome(transport.request(get(server)));
    expect(result).toMatchObject({ error: expect.any(ResponseTooLargeError) });
  });

  it('refuses a declared Content-Length above the cap before reading, and cancels the body', async () => {
    const server = await serve(() => (socket: Socket) => {
      // Headers only, then silence: a client that waits for the promised 100 MiB would wait for the timeout.
      socket.write(
        `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${100 * 1024 * 1024}\r\n\r\n{`,
      );
    });
    const result = await outcome(transport.request(get(server, 20_000)));
    expect(result).toMatchObject({ error: expect.any(ResponseTooLargeError) });
    expect((result as { error: Error }).error.message).toContain('Content-Length 104857600');
    await server.allSocketsClosed();
  });

  it.each([
    ['ASCII', 'a', MAX_ANSWER_BYTES],
    ['3-byte UTF-8', '€', Math.floor(MAX_ANSWER_BYTES / 3)],
  ])(
    'accepts a %s body of exactly the cap and refuses one byte more, counting bytes after gzip',
    async (_what, unit, count) => {
      const fits = unit.repeat(count);
      const over = `${fits}${'b'.repeat(MAX_ANSWER_BYTES - Buffer.byteLength(fits) + 1)}`;
      const server = await serve((path) => {
        const body = gzipSync(path.endsWith('fits') ? fits : over);
        return rawAnswer(200, [['content-encoding', 'gzip']], body);
      });
      const ok = await transport.request({ ...get(server), url: `${server.baseUrl}/fits` });
      expect(ok.body).toBe(fits);
      const refused = await outcome(transport.request({ ...get(server), url: `${server.baseUrl}/over` }));
      expect(refused).toMatchObject({ error: expect.any(ResponseTooLargeError) });
    },
  );

  it('times out a body that drips one byte at a time after the headers', async () => {
    const server = await serve(() => (socket: Socket) => {
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n');
      const drip = setInterval(() => socket.write(' '), 20);
      socket.on('close', () => clearInterval(drip));
    });
    const result = await outcome(transport.request(get(server, 300)));
    expect(result).toMatchObject({ error: expect.any(TimeoutError) });
    await server.allSocketsClosed();
  });

  it('times out a body that stalls after fetch has stopped watching the signal (the fetch already completed)', async () => {
    let cancelled = false;
    const stalled = createFetchTransport(async () => {
      const body = new ReadableStream<Uint8Array>({
        pull: () => new Promise<void>(() => {}),
        cancel: () => {
          cancelled = true;
        },
      });
      return new Response(body, { status: 200 });
    });
    const result = await outcome(
      stalled.request({ method: 'GET', url: 'https://v.example/x', headers: {}, timeoutMs: 50 }),
    );
    expect(result).toMatchObject({ error: expect.any(TimeoutError) });
    expect(cancelled).toBe(true);
  });

  it('reads the largest real answer: /server/info of the mock with every field at its longest, plain and gzip', async () => {
    const clock = createFakeClock();
    const mock = createMockVoteApi({
      now: clock.now,
      server: {
        name: '\u0001'.repeat(100),
        game: 'g'.repeat(32),
        ip: '\u0001'.repeat(255),
        port: 65535,
        description: '\u0001'.repeat(2000),
      },
    });
    let sizes: number[] = [];
    const server = await serve(async (path) => {
      const raw = await forwardToApp(mock.app, {
        method: 'GET',
        url: path.replace(/^\/(gzip|plain)/, ''),
        headers: { authorization: `Bearer ${mock.apiKey}` },
        body: '',
      });
      const split = raw.indexOf('\r\n\r\n');
      const body = raw.subarray(split + 4);
      sizes.push(body.length);
      if (path.startsWith('/plain')) return raw;
      const zipped = gzipSync(body);
      return rawAnswer(
        200,
        [
          ['content-encoding', 'gzip'],
          ['content-length', String(zipped.length)],
        ],
        zipped,
      );
    });
    for (const variant of ['plain', 'gzip']) {
      const api = createVoteApi({
        baseUrl: `${server.baseUrl}/${variant}`,
        apiKey: mock.apiKey,
        transport,
        budget: createRateBudget({ now: clock.now }),
        now: clock.now,
        timeoutMs: 5000,
      });
      const info = await api.getServerInfo({ priority: 'claim' });
      expect(info.description).toHaveLength(2000);
    }
    expect(sizes[0]).toBeGreaterThan(14_000);
    expect(sizes[0]).toBeLessThan(MAX_ANSWER_BYTES / 4);
    sizes = [];
    mock.close();
  });
});

describe('native transport (PerformHttpRequestInternalEx): the same cap on what FXServer hands over', () => {
  const request = {
    method: 'POST' as const,
    url: 'https://v.example/api/v1/vote/claim',
    headers: {},
    body: '{"username":"Ana"}',
    timeoutMs: 5000,
  };
  const answerWith = async (answer: NativeAnswer) => {
    const runtime = createFakeRuntime();
    runtime.nativeHttp = async () => answer;
    const settled = outcome(createNativeTransport(runtime).request(request));
    await runtime.clock.advance(100);
    return settled;
  };

  it.each([
    ['a 200 body of one byte over the cap', { status: 200, body: 'x'.repeat(MAX_ANSWER_BYTES + 1) }],
    [
      'a 200 body short in characters but over the cap in UTF-8 bytes',
      { status: 200, body: '€'.repeat(22_000) },
    ],
    ['a 200 body of emoji (4 bytes each) over the cap', { status: 200, body: '😀'.repeat(16_385) }],
    [
      'the error text of a 500 over the cap',
      { status: 500, body: null, errorData: `HTTP 500: ${'x'.repeat(MAX_ANSWER_BYTES + 1)}` },
    ],
  ])('refuses %s with ResponseTooLargeError', async (_what, answer) => {
    const result = await answerWith({ headers: {}, errorData: null, ...answer });
    expect(result).toMatchObject({ error: expect.any(ResponseTooLargeError) });
  });

  it.each([
    ['ASCII', 'x'.repeat(MAX_ANSWER_BYTES)],
    ['3-byte UTF-8', '€'.repeat(Math.floor(MAX_ANSWER_BYTES / 3))],
    ['emoji', '😀'.repeat(MAX_ANSWER_BYTES / 4)],
  ])('accepts a %s body of exactly the cap', async (_what, body) => {
    const result = await answerWith({ status: 200, body, headers: {}, errorData: null });
    expect(result).toEqual({ value: { status: 200, headers: {}, body } });
  });
});

describe('client: one admin line per episode of refused answers', () => {
  it('logs the first refusal, stays quiet until an answer is read normally, and is not re-armed by flapping within 10 min', async () => {
    const clock = createFakeClock();
    const mock = createMockVoteApi({ now: clock.now });
    let bad = true;
    const server = await serve(async (path) =>
      bad
        ? rawAnswer(200, [], Buffer.alloc(MAX_ANSWER_BYTES + 1, 'x'))
        : forwardToApp(mock.app, {
            method: 'GET',
            url: path,
            headers: { authorization: `Bearer ${mock.apiKey}` },
            body: '',
          }),
    );
    const lines: string[] = [];
    const api = createVoteApi({
      baseUrl: server.baseUrl,
      apiKey: mock.apiKey,
      transport: createFetchTransport(fetch),
      budget: createRateBudget({ now: clock.now }),
      now: clock.now,
      timeoutMs: 5000,
      log: { error: (message) => lines.push(message) },
    });
    const call = () => outcome(api.getVoteCount({ priority: 'claim' }));

    for (let i = 0; i < 3; i += 1) {
      expect(await call()).toMatchObject({ error: expect.any(ResponseTooLargeError) });
      await clock.advance(1000);
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('the vote API is misbehaving');
    expect(lines[0]).toContain(`${server.baseUrl}/api/v1/vote/count: answer refused`);

    bad = false;
    expect(await call()).toMatchObject({ value: { server_name: 'Test City' } });
    bad = true;
    expect(await call()).toMatchObject({ error: expect.any(ResponseTooLargeError) });
    expect(lines).toHaveLength(1);

    await clock.advance(MISBEHAVING_LOG_INTERVAL_MS);
    expect(await call()).toMatchObject({ error: expect.any(ResponseTooLargeError) });
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('(3 more refused since the last such line)');
    mock.close();
  });
});
