import { describe, expect, it } from 'vitest';
import { createHarness, errorOf } from './helpers';

describe('the API guard names an Authorization header in the wrong shape for what it is', () => {
  it.each([
    ['Basic with a good key', (k: string) => `Basic ${k}`, 'uses the "Basic" scheme; use Bearer'],
    ['Token with a good key', (k: string) => `Token ${k}`, 'uses the "Token" scheme; use Bearer'],
    ['the bare key without a scheme', (k: string) => k, 'holds the key without a scheme; use Bearer'],
    ['Bearer with nothing after it', () => 'Bearer ', 'has no key after "Bearer"'],
  ])(
    '%s answers 401 malformed_api_key with a message about the header, not the key',
    async (_label, header, says) => {
      const h = createHarness();
      const res = await h.app.request('/api/v1/vote/count', { headers: { authorization: header(h.key) } });
      expect(res.status).toBe(401);
      const error = await errorOf(res);
      expect(error.code).toBe('malformed_api_key');
      expect(error.message).toContain(says);
      expect(error.message).toContain('Authorization: Bearer <key>');
      expect(error.message).not.toContain('must be "live_" followed by');
    },
  );

  it('still blames a malformed key sent with Bearer on the key', async () => {
    const h = createHarness();
    const res = await h.app.request('/api/v1/vote/count', {
      headers: { authorization: 'Bearer live_short' },
    });
    expect(await errorOf(res)).toEqual({
      code: 'malformed_api_key',
      message: 'the API key must be "live_" followed by at least 32 letters or digits',
    });
  });

  it('does not echo a long scheme word back in full', async () => {
    const h = createHarness();
    const res = await h.app.request('/api/v1/vote/count', {
      headers: { authorization: `${'X'.repeat(500)} ${h.key}` },
    });
    const { message } = await errorOf(res);
    expect(message.length).toBeLessThan(120);
    expect(message).not.toContain(h.key);
  });
});
