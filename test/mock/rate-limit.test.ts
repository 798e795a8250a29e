import { describe, expect, it } from 'vitest';
import { createSlidingWindowLimiter } from '../../mock-server/middleware/rate-limit';
import { createHarness, errorOf, T0 } from './helpers';

describe('sliding-window limiter', () => {
  it('refuses invalid options with a message naming the option', () => {
    expect(() => createSlidingWindowLimiter({ limit: 0, now: () => 0 })).toThrow(
      /limit must be a positive integer/,
    );
    expect(() => createSlidingWindowLimiter({ limit: 1.5, now: () => 0 })).toThrow(/limit/);
    expect(() => createSlidingWindowLimiter({ limit: 1, windowMs: 0, now: () => 0 })).toThrow(/windowMs/);
  });

  it('never lets 2 × limit through across a minute boundary', () => {
    let now = 59_900;
    const limiter = createSlidingWindowLimiter({ limit: 60, now: () => now });
    for (let i = 0; i < 60; i += 1) expect(limiter.hit('k').allowed).toBe(true);
    now = 60_100;
    expect(limiter.hit('k')).toEqual({ allowed: false, limit: 60, remaining: 0, resetSeconds: 60 });
    now = 59_900 + 60_000;
    expect(limiter.hit('k').allowed).toBe(true);
  });

  it.each([1, 7, 100])(
    'with limit %i gives the same decisions as a plain list of request times while its ring wraps and grows',
    (limit) => {
      let now = 0;
      let seed = limit;
      const random = () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed / 2_147_483_648;
      };
      const limiter = createSlidingWindowLimiter({ limit, now: () => now });
      let accepted: number[] = [];
      for (let i = 0; i < 5000; i += 1) {
        now += Math.floor(random() * random() * (120_000 / limit));
        accepted = accepted.filter((at) => at > now - 60_000);
        const allowed = accepted.length < limit;
        if (allowed) accepted.push(now);
        const resetSeconds = Math.max(1, Math.ceil(((accepted[0] as number) + 60_000 - now) / 1000));
        expect(limiter.hit('k')).toEqual({
          allowed,
          limit,
          remaining: limit - accepted.length,
          resetSeconds,
        });
      }
    },
  );

  it('keeps buckets apart and forgets idle buckets', () => {
    let now = 0;
    const limiter = createSlidingWindowLimiter({ limit: 1, now: () => now });
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('b').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(false);
    now = 120_000;
    for (let i = 0; i < 1000; i += 1) limiter.hit('c');
    expect(limiter.size()).toBe(1);
  });
});

describe('rate limit of /api/v1', () => {
  it('lets 60 requests through, answers the 61st 429 with Retry-After, and slides the window', async () => {
    const h = createHarness({ deps: { rateLimit: 60 } });
    h.clock.now = T0;
    for (let i = 0; i < 30; i += 1) expect((await h.get('/api/v1/vote/count')).status).toBe(200);
    h.clock.now = T0 + 40_000;
    for (let i = 0; i < 30; i += 1) {
      const res = await h.get('/api/v1/vote/count');
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-remaining')).toBe(String(29 - i));
    }
    const refused = await h.get('/api/v1/vote/count');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('20');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe('20');
    expect(await errorOf(refused)).toMatchObject({ code: 'rate_limited' });

    h.clock.now = T0 + 59_999;
    expect((await h.get('/api/v1/vote/count')).status).toBe(429);
    h.clock.now = T0 + 60_000;
    for (let i = 0; i < 30; i += 1) expect((await h.get('/api/v1/vote/count')).status).toBe(200);
    expect((await h.get('/api/v1/vote/count')).status).toBe(429);
  });

  it('counts every API route against the same key budget', async () => {
    const h = createHarness({ deps: { rateLimit: 3 } });
    expect((await h.get('/api/v1/vote/count')).status).toBe(200);
    expect((await h.get('/api/v1/server/info')).status).toBe(200);
    expect((await h.post('/api/v1/vote/claim', { username: 'Nobody' })).status).toBe(404);
    expect((await h.get('/api/v1/vote/check?username=x')).status).toBe(429);
  });

  it('limits each key separately, even two keys of one server', async () => {
    const h = createHarness({ deps: { rateLimit: 2 } });
    const second = h.store.keys.create(h.serverId).key;
    await h.get('/api/v1/vote/count');
    await h.get('/api/v1/vote/count');
    expect((await h.get('/api/v1/vote/count')).status).toBe(429);
    expect((await h.get('/api/v1/vote/count', { authorization: `Bearer ${second}` })).status).toBe(200);
  });

  it('limits requests with bad keys per client IP, so keys cannot be guessed at speed', async () => {
    const h = createHarness({ deps: { rateLimit: 5 } });
    const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });
    const guess = (ip: string, n: number) =>
      h.app.request(
        '/api/v1/server/info',
        { headers: { authorization: `Bearer live_${String(n).padStart(40, 'x')}` } },
        from(ip),
      );
    for (let n = 0; n < 5; n += 1) expect((await guess('203.0.113.5', n)).status).toBe(401);
    const limited = await guess('203.0.113.5', 99);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect((await guess('203.0.113.6', 1)).status).toBe(401);
    const valid = await h.app.request(
      '/api/v1/server/info',
      { headers: { authorization: `Bearer ${h.key}` } },
      from('203.0.113.5'),
    );
    expect(valid.status).toBe(200);
  });
});
