/**
 * The one redaction of what the resource prints from a site's answer or a secret setting: keys in any form they
 * travelled in, URL userinfo and queries, and a site answer quoted after redaction, never cut inside a secret.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createScriptedTransport, siteDeps } from '../../devkit/fakes/scripted-transport';
import { excerpt, redact, safeUrl } from '../../src/runtime/redact';
import { readJson } from '../../src/sites/http';
import { redactedAdapter } from '../../src/sites/redacted';
import { SERVEUR_PRIVE_SITE } from '../../src/sites/serveur-prive';
import { TOP_SERVEURS_SITE } from '../../src/sites/top-serveurs';
import { TRACKYSERVER_SITE } from '../../src/sites/trackyserver';

const NOW = Date.UTC(2026, 10, 27, 12);
const LONG_TOKEN = 'Sp7rKq9XvLmN3wYz8TbQ4hJd';

describe('redact', () => {
  it.each([
    [
      'the key as is',
      `Cannot GET /api/v1/servers/${LONG_TOKEN}/votes`,
      'Cannot GET /api/v1/servers/****/votes',
    ],
    ['the key in another letter case', `echo ${LONG_TOKEN.toLowerCase()}`, 'echo ****'],
    ['the key URL-encoded', 'token=ab%2Fcd%2Bef', 'token=****'],
    [
      'a URL query',
      'GET https://site.example/v1/votes?server_token=zzz failed',
      'GET https://site.example/v1/votes?… failed',
    ],
    [
      'a URL userinfo',
      'fetch https://live_S3CRET@vote.example/api/v1 failed',
      'fetch https://…@vote.example/api/v1 failed',
    ],
  ])('masks %s', (_what, text, expected) => {
    expect(redact(text, LONG_TOKEN, 'ab/cd+ef')).toBe(expected);
  });

  it('leaves secrets under 4 characters alone (they would mask ordinary words)', () => {
    expect(redact('the vote', 'the')).toBe('the vote');
  });

  it.each([
    ['https://live_KEY@vote.example/api/v1', 'https://…@vote.example/api/v1'],
    ['https://user:pass@vote.example', 'https://…@vote.example'],
    ['https://t.example/v1/votes?server_token=SECRET', 'https://t.example/v1/votes?…'],
    ['top-serveurs.net/vote?token=SECRET', 'top-serveurs.net/vote?…'],
    ['live_KEY@vote.example/x#frag', '…@vote.example/x?…'],
    ['https://vote.example/path/with@at', 'https://vote.example/path/with@at'],
  ])('safeUrl(%s) is %s', (value, expected) => {
    expect(safeUrl(value)).toBe(expected);
  });
});

describe('excerpt', () => {
  it('masks the key before cutting, so a key past the cut is not printed in part', () => {
    const body = `Cannot GET /api/v1/servers/${LONG_TOKEN}/votes/203.0.113.7`;
    expect(excerpt(body, LONG_TOKEN)).toBe('"Cannot GET /api/v1/servers/****/votes/…"');
    expect(excerpt(body, LONG_TOKEN)).not.toContain(LONG_TOKEN.slice(0, 4));
  });

  it('drops a word cut at the end, which may be the start of a secret in a form it does not know', () => {
    const body = `Cannot GET /api/v1/servers/${LONG_TOKEN}/votes`;
    const quoted = excerpt(body);
    expect(quoted).toBe('"Cannot GET /api/v1/servers/…"');
  });

  it('quotes a short body whole', () => {
    expect(excerpt('Bad Gateway')).toBe('"Bad Gateway"');
  });
});

describe('site answers quoted in failures', () => {
  it('readJson masks the key in a body that is not JSON', () => {
    const read = readJson(`oops ${LONG_TOKEN}`, z.object({}), LONG_TOKEN);
    expect(read).toEqual({ ok: false, detail: 'not JSON: "oops ****"' });
  });

  it.each([
    [
      'serveur-prive, an error page echoing the request path (token in the path)',
      () => {
        const transport = createScriptedTransport({
          status: 200,
          body: `Cannot GET /api/v1/servers/${LONG_TOKEN}/votes/203.0.113.7`,
        });
        return SERVEUR_PRIVE_SITE.create(
          { key: LONG_TOKEN },
          siteDeps(transport, () => NOW),
        ).check('203.0.113.7', {
          priority: 'poll',
        });
      },
    ],
    [
      'Trackyserver, a page echoing the query (key in the query)',
      () => {
        const transport = createScriptedTransport({ status: 200, body: `?key=${LONG_TOKEN}&steamid=1` });
        return TRACKYSERVER_SITE.create(
          { key: LONG_TOKEN },
          siteDeps(transport, () => NOW),
        ).check('76561198000000001', { priority: 'poll' });
      },
    ],
  ])('%s: the failure detail holds no part of the key', async (_what, run) => {
    const outcome = await run();
    expect(outcome.kind).toBe('malformed');
    const detail = 'detail' in outcome ? outcome.detail : '';
    expect(detail).toContain('****');
    expect(detail).not.toContain(LONG_TOKEN.slice(0, 6));
  });

  it('redactedAdapter masks the key in any outcome detail, whatever the adapter wrote', async () => {
    const transport = createScriptedTransport({ status: 403, body: JSON.stringify({ error: LONG_TOKEN }) });
    const raw = TOP_SERVEURS_SITE.create(
      { key: LONG_TOKEN },
      siteDeps(transport, () => NOW),
    );
    const wrapped = redactedAdapter(raw, LONG_TOKEN);
    expect([wrapped.label, wrapped.claimModel, wrapped.identity]).toEqual([
      raw.label,
      raw.claimModel,
      raw.identity,
    ]);
    if (wrapped.claimModel !== 'claim_then_reward') throw new Error('Top-Serveurs by name claims');
    const outcome = await wrapped.claim('Steve', { priority: 'claim' });
    expect(outcome).toEqual({
      kind: 'bad_key',
      detail: 'Top-Serveurs: HTTP 403 **** (server token refused)',
    });
  });
});
