import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningMockServer, startMockServer } from '../../mock-server/server';
import type { ContractValidator } from './contract';
import { checkedAnswer, contractOf } from './sockets-helpers';

let mock: RunningMockServer;
let key: string;
let contract: ContractValidator;
let serverId: number;

beforeEach(async () => {
  mock = await startMockServer({ rateLimit: 1000 });
  serverId = mock.store.servers.create({ name: 'Socket RP', game: 'fivem' }).id;
  key = mock.store.keys.create(serverId).key;
  contract = await contractOf(mock.url);
});
afterEach(() => mock.close());

/** One request on its own connection, so concurrent claims really race on separate sockets; checked against the contract. */
function send(method: string, path: string, body?: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      `${mock.url}${path}`,
      {
        method,
        agent: false,
        headers: {
          authorization: `Bearer ${key}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            const answer = { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) };
            resolve(checkedAnswer(contract, method, path, answer));
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A raw claim body sent with a Content-Length, or chunked (no length) in pieces of at most 1 KiB. */
function sendClaimBody(
  payload: string,
  framing: 'content-length' | 'chunked',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${mock.url}/api/v1/vote/claim`,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          ...(framing === 'content-length' ? { 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            const answer = { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) };
            resolve(checkedAnswer(contract, 'POST', '/api/v1/vote/claim', answer));
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', reject);
      },
    );
    // The server may answer 413 and close before the whole body is written.
    req.on('error', (error) => (/EPIPE|ECONNRESET/.test(String(error)) ? undefined : reject(error)));
    for (let at = 0; at < payload.length; at += 1024) req.write(payload.slice(at, at + 1024));
    req.end();
  });
}

const claim = () => send('POST', '/api/v1/vote/claim', { username: 'Steve' });
const addFault = (fault: Record<string, unknown>) => send('POST', '/__admin/faults', fault);

describe('over real sockets', () => {
  it('gives exactly one 200 and 49 × 404 for 50 simultaneous claims of one vote', async () => {
    const vote = mock.store.votes.insert({ serverId, username: 'Steve' });
    const results = await Promise.all(Array.from({ length: 50 }, claim));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(JSON.parse(ok[0]?.body ?? '{}')).toEqual({ success: true, vote_id: vote.voteId });
    const notFound = results.filter((r) => r.status === 404);
    expect(notFound).toHaveLength(49);
    for (const r of notFound) expect(JSON.parse(r.body).error.code).toBe('no_unclaimed_vote');
  });

  it.each(['content-length', 'chunked'] as const)(
    'with a %s body: claims at 4 KiB, answers 413 payload_too_large at 4 KiB + 1 without claiming',
    async (framing) => {
      const vote = mock.store.votes.insert({ serverId, username: 'Steve' });
      const body = (size: number) => {
        const head = '{"username":"Steve","pad":"';
        return `${head}${'x'.repeat(size - head.length - 2)}"}`;
      };
      const over = await sendClaimBody(body(4097), framing);
      expect(over.status).toBe(413);
      expect(JSON.parse(over.body).error.code).toBe('payload_too_large');
      expect(mock.store.votes.list()[0]?.claimedAt).toBeNull();
      const atLimit = await sendClaimBody(body(4096), framing);
      expect(atLimit.status).toBe(200);
      expect(JSON.parse(atLimit.body)).toEqual({ success: true, vote_id: vote.voteId });
    },
  );

  it('drops the connection without an answer and leaves the vote unclaimed', async () => {
    mock.store.votes.insert({ serverId, username: 'Steve' });
    expect((await addFault({ route: '/api/v1/vote/claim', drop: true, times: 1 })).status).toBe(201);
    await expect(claim()).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(mock.store.votes.list()[0]?.claimedAt).toBeNull();
    expect((await claim()).status).toBe(200);
  });

  it('with apply, claims the vote and then drops the connection (the answer is lost)', async () => {
    mock.store.votes.insert({ serverId, username: 'Steve' });
    await addFault({ route: '/api/v1/vote/claim', drop: true, apply: true, times: 1 });
    await expect(claim()).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(mock.store.votes.list()[0]?.claimedAt).not.toBeNull();
    expect((await claim()).status).toBe(404);
  });

  it('delays matching requests by delay_ms, the given number of times', async () => {
    await addFault({ route: '/api/v1/vote/count', delay_ms: 300, times: 2 });
    for (let i = 0; i < 2; i += 1) {
      const started = performance.now();
      expect((await send('GET', '/api/v1/vote/count')).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    }
    expect(mock.app.faults.list()).toEqual([]);
  });

  it('answers an injected status for `times` requests, then the real answer', async () => {
    await addFault({ route: '/api/v1/server/info', status: 503, times: 2, retry_after: 3 });
    const first = await send('GET', '/api/v1/server/info');
    expect(first.status).toBe(503);
    expect(JSON.parse(first.body)).toEqual({
      error: { code: 'injected_fault', message: expect.stringContaining('injected') },
    });
    expect((await send('GET', '/api/v1/server/info')).status).toBe(503);
    expect((await send('GET', '/api/v1/server/info')).status).toBe(200);
  });

  it('with apply and a delay, claims at once and answers late', async () => {
    mock.store.votes.insert({ serverId, username: 'Steve' });
    await addFault({ route: '/api/v1/vote/claim', delay_ms: 400, apply: true, times: 1 });
    const pending = claim();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(mock.store.votes.list()[0]?.claimedAt).not.toBeNull();
    expect((await pending).status).toBe(200);
  });

  it('finishes an in-flight request when closed', async () => {
    await addFault({ route: '/health', delay_ms: 300, times: 1 });
    const pending = send('GET', '/health');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = mock.close();
    expect((await pending).status).toBe(200);
    await closed;
    await expect(send('GET', '/health')).rejects.toThrow(/ECONNREFUSED/);
  });
});
