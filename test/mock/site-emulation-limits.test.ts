/**
 * The listing-site emulations (`--sites`) under a flood from one client: every POST route (the emulated sites' API and
 * the vote pages) refuses a body over a few KiB with 413 before reading it whole and before any key is checked, and
 * the vote pages take at most a few votes a minute from one client. In process, through `app.request()`.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../mock-server/app';
import { createStore, openDatabase } from '../../mock-server/db';
import { SITE_BODY_LIMIT } from '../../mock-server/sites';
import { VOTE_PAGE_POSTS_PER_MINUTE } from '../../mock-server/sites/vote-page';
import { MIN, T0 } from './helpers';

/** The mock with its site emulations, in process on a manual clock (the sites are not in the OpenAPI contract). */
function sitesMock() {
  const clock = { now: T0 };
  const store = createStore(openDatabase(':memory:'), { now: () => clock.now });
  const app = createApp({
    store,
    now: () => clock.now,
    checkMode: 'unclaimed',
    rateLimit: 1_000_000,
    admin: { enabled: true },
    voteCooldownMs: 2 * 3_600_000,
    sites: true,
  });
  return { app, store, clock };
}

/** What a request's env looks like to `clientIp` for a client at `address`. */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

const CHUNK = 64 * 1024;
const HUGE = 256 * 1024 * 1024;

/** A body of `total` bytes made one chunk per read, counting the bytes the reader pulled; no Content-Length. */
function countedBody(total: number, byte: string) {
  const state = { pulled: 0 };
  const chunk = new TextEncoder().encode(byte.repeat(CHUNK));
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= total) return controller.close();
        state.pulled += chunk.length;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

const POSTS = [
  ['/sites/top-server/api/v1/vote/claim', 'application/json', ' '],
  ['/sites/top-server/api/v1/vote/claim', 'application/x-www-form-urlencoded', 'a'],
  ['/sites/top-serveurs/vote-page', 'application/x-www-form-urlencoded', 'a'],
  ['/sites/serveur-prive/vote-page', 'application/x-www-form-urlencoded', 'a'],
] as const;

describe('emulated sites: request bodies', () => {
  it.each(POSTS)(
    'POST %s (%s) of 256 MiB streamed answers 413 having read a few KiB of it',
    async (path, type, byte) => {
      const h = sitesMock();
      const { stream, state } = countedBody(HUGE, byte);
      const response = await h.app.request(
        path,
        { method: 'POST', headers: { 'content-type': type }, body: stream, duplex: 'half' } as RequestInit,
        from('198.51.100.1'),
      );
      expect(response.status).toBe(413);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
      expect(state.pulled).toBeGreaterThan(0);
      expect(state.pulled).toBeLessThanOrEqual(SITE_BODY_LIMIT + 2 * CHUNK);
    },
  );

  it.each(POSTS)(
    'POST %s (%s) announcing 256 MiB answers 413 without reading a byte',
    async (path, type, byte) => {
      const h = sitesMock();
      const { stream, state } = countedBody(HUGE, byte);
      const request = new Request(`http://localhost${path}`, {
        method: 'POST',
        headers: { 'content-type': type, 'content-length': String(HUGE) },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      const response = await h.app.request(request, undefined, from('198.51.100.1'));
      expect(response.status).toBe(413);
      expect(state.pulled).toBe(0);
    },
  );

  it('still reads a body under the limit (a claim without a key: 401, a vote: recorded)', async () => {
    const h = sitesMock();
    const claim = await h.app.request('/sites/top-server/api/v1/vote/claim', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'x'.repeat(SITE_BODY_LIMIT - 100), player: 'Steve' }),
    });
    expect(claim.status).toBe(401);
    const vote = await h.app.request(
      '/sites/top-serveurs/vote-page',
      { method: 'POST', body: new URLSearchParams({ identity_kind: 'name', identity: 'Steve' }) },
      from('198.51.100.1'),
    );
    expect(vote.status).toBe(200);
    expect(h.store.sites.counts()['top-serveurs']).toBe(1);
  });
});

describe('emulated sites: vote pages per client', () => {
  const vote = (h: ReturnType<typeof sitesMock>, address: string, name: string, body?: BodyInit) =>
    h.app.request(
      '/sites/top-serveurs/vote-page',
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body ?? new URLSearchParams({ identity_kind: 'name', identity: name }),
        duplex: 'half',
      } as RequestInit,
      from(address),
    );

  it(`takes ${VOTE_PAGE_POSTS_PER_MINUTE} votes a minute from one client, then 429 with Retry-After, body unread, nothing recorded`, async () => {
    const h = sitesMock();
    for (let i = 0; i < VOTE_PAGE_POSTS_PER_MINUTE; i += 1)
      expect((await vote(h, '198.51.100.1', `bot${i}`)).status).toBe(200);
    const { stream, state } = countedBody(CHUNK, 'a');
    const refused = await vote(h, '198.51.100.1', 'unused', stream);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain(`at most ${VOTE_PAGE_POSTS_PER_MINUTE} a minute`);
    expect(state.pulled).toBe(0);
    expect(h.store.sites.counts()['top-serveurs']).toBe(VOTE_PAGE_POSTS_PER_MINUTE);

    expect((await vote(h, '203.0.113.7', 'Alice')).status).toBe(200);
    h.clock.now += MIN;
    expect((await vote(h, '198.51.100.1', 'bot-next')).status).toBe(200);
    expect(h.store.sites.counts()['top-serveurs']).toBe(VOTE_PAGE_POSTS_PER_MINUTE + 2);
  });
});
