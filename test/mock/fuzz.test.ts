import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHarness, errorOf } from './helpers';

const ALLOWED = new Set([200, 400, 401, 404, 405, 413, 429]);

/** Every answer is a known status; every error is the JSON error shape (errorOf throws otherwise). */
async function expectWellFormed(res: Response): Promise<void> {
  expect(ALLOWED.has(res.status), `unexpected status ${res.status}`).toBe(true);
  if (res.status >= 400) await errorOf(res);
  else expect(res.headers.get('content-type')).toMatch(/^application\/json/);
}

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.constantFrom(
    '',
    ' ',
    '%',
    '%zz',
    '\u0000',
    'live_',
    '💥'.repeat(70),
    'a'.repeat(300),
    '127.0.0.1',
    '::1',
  ),
);

describe('bad input never breaks the API', () => {
  it('GET /vote/check with arbitrary query strings', async () => {
    const h = createHarness();
    h.vote('Steve');
    const param = fc.constantFrom('username', 'ip', 'key', 'USERNAME', 'username[]', '', 'x');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(param, text), { maxLength: 4 }), async (pairs) => {
        const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
        await expectWellFormed(await h.get(`/api/v1/vote/check?${query}`));
      }),
      { numRuns: 300 },
    );
  });

  it('GET /vote/check with raw, possibly malformed percent-encoding', async () => {
    const h = createHarness();
    const raw = fc.string({
      unit: fc.constantFrom('%', 'a', '=', '&', '0', 'f', 'z', '+', '?', '#'),
      maxLength: 30,
    });
    await fc.assert(
      fc.asyncProperty(raw, async (query) => {
        await expectWellFormed(await h.get(`/api/v1/vote/check?${query}`));
      }),
      { numRuns: 200 },
    );
  });

  it('POST /vote/claim with arbitrary bodies and content types, claiming nothing that is not asked for', async () => {
    const h = createHarness();
    h.vote('Steve');
    const body = fc.oneof(
      text,
      fc.json(),
      fc.jsonValue().map((v) => JSON.stringify({ username: v })),
      text.map((u) => JSON.stringify({ username: u })),
    );
    const type = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      '',
      'application/jsonx',
    );
    await fc.assert(
      fc.asyncProperty(body, type, async (payload, contentType) => {
        const res = await h.post(
          '/api/v1/vote/claim',
          payload,
          contentType ? { 'content-type': contentType } : {},
        );
        await expectWellFormed(res);
        if (res.status === 200) {
          const parsed = JSON.parse(payload) as { username: string };
          expect(parsed.username.trim().toLowerCase()).toBe('steve');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('any route with arbitrary Authorization headers and keys', async () => {
    const h = createHarness();
    const route = fc.constantFrom(
      '/api/v1/vote/count',
      '/api/v1/server/info',
      '/api/v1/vote/check?username=a',
    );
    const header = fc.oneof(
      text,
      text.map((t) => `Bearer ${t}`),
      fc.stringMatching(/^live_[A-Za-z0-9]{0,60}$/).map((k) => `Bearer ${k}`),
    );
    await fc.assert(
      fc.asyncProperty(route, header, fc.option(text), async (path, authorization, key) => {
        const url =
          key === null ? path : `${path}${path.includes('?') ? '&' : '?'}key=${encodeURIComponent(key)}`;
        let headers: Record<string, string>;
        try {
          headers = new Headers({ authorization }).has('authorization') ? { authorization } : {};
        } catch {
          headers = {};
        }
        const res = await h.app.request(url, { headers });
        await expectWellFormed(res);
        if (res.status === 200) expect(authorization.includes(h.key) || key === h.key).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('control API with arbitrary JSON bodies', async () => {
    const h = createHarness();
    const route = fc.constantFrom(
      '/__admin/servers',
      '/__admin/votes',
      '/__admin/faults',
      `/__admin/servers/1`,
    );
    await fc.assert(
      fc.asyncProperty(route, fc.oneof(fc.json(), text), async (path, payload) => {
        const method = path === '/__admin/servers/1' ? 'PATCH' : 'POST';
        const res = await h.app.request(path, {
          method,
          headers: { 'content-type': 'application/json' },
          body: payload,
        });
        expect([200, 201, 400, 404]).toContain(res.status);
        if (res.status >= 400) await errorOf(res);
        h.app.faults.clear();
      }),
      { numRuns: 200 },
    );
  });
});
