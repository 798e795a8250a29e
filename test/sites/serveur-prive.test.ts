import { describe, expect, it } from 'vitest';
import { createScriptedTransport, siteDeps } from '../../devkit/fakes/scripted-transport';
import { SERVEUR_PRIVE_SITE } from '../../src/sites/serveur-prive';

const TOKEN = 'SPTOKEN42';
const NOW = Date.UTC(2026, 10, 27, 12);
const now = () => NOW;
const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
const votedAtS = NOW / 1000 - 600;

function make(answer: { status: number; body: string }) {
  const transport = createScriptedTransport(answer);
  return { transport, site: SERVEUR_PRIVE_SITE.create({ key: TOKEN }, siteDeps(transport, now)) };
}

describe('serveur-prive.net adapter', () => {
  it.each([
    ['203.0.113.7', '/api/v1/servers/SPTOKEN42/votes/203.0.113.7'],
    ['2001:db8::1', '/api/v1/servers/SPTOKEN42/votes/2001%3Adb8%3A%3A1'],
  ])('puts the token and the IP %s in the path', async (ip, path) => {
    const { transport, site } = make(json(200, { success: false, message: 'Pas ou déjà voté' }));
    await site.check(ip, { priority: 'poll' });
    const url = new URL(transport.requests[0]?.url ?? '');
    expect(url.host + url.pathname).toBe(`serveur-prive.net${path}`);
    expect(url.search).toBe('');
  });

  it('is check only, by IP', () => {
    const { site } = make(json(200, {}));
    expect([site.claimModel, site.identity, site.auth, site.voteWindowMs]).toEqual([
      'check_only',
      'ip',
      'path',
      5_400_000,
    ]);
  });

  it.each([
    [
      json(200, {
        success: true,
        data: {
          username: 'Trevor',
          voted_at: votedAtS,
          next_vote_seconds: 4800,
          is_connected: true,
          is_subscriber: false,
        },
      }),
      {
        kind: 'voted',
        vote: { votedAt: votedAtS * 1000, voteId: null, pending: null, nextVoteInMs: 4_800_000 },
      },
    ],
    [json(200, { success: false, message: 'Pas ou déjà voté' }), { kind: 'not_voted', maybeBadKey: true }],
    [json(404, { success: false, message: 'Serveur introuvable' }), { kind: 'not_voted', maybeBadKey: true }],
    [json(200, { success: true, data: { voted_at: NOW / 1000 + 13 * 3600 } }), { kind: 'malformed' }],
    [json(200, { success: true, data: { voted_at: '1689241974' } }), { kind: 'malformed' }],
    [json(200, { success: true }), { kind: 'malformed' }],
    [json(200, { success: 'true', data: { voted_at: votedAtS } }), { kind: 'malformed' }],
    [{ status: 200, body: '1' }, { kind: 'malformed' }],
    [
      { status: 403, body: '<html>Cloudflare</html>' },
      { kind: 'refused', status: 403 },
    ],
    [json(500, {}), { kind: 'unreachable', outcomeUnknown: false }],
  ])('maps the answer %#', async (answer, expected) => {
    const { site } = make(answer);
    expect(await site.check('203.0.113.7', { priority: 'poll' })).toMatchObject(expected);
  });

  it('refuses a name where an IP is needed, without sending', async () => {
    const { transport, site } = make(json(200, {}));
    expect(await site.check('Trevor', { priority: 'poll' })).toMatchObject({ kind: 'bad_identity' });
    expect(transport.requests).toHaveLength(0);
  });
});

describe('serveur-prive.net adapter and its token in the path', () => {
  it.each(['network', 'timeout'] as const)('never quotes the token in a %s failure detail', async (fail) => {
    const { transport, site } = make(json(200, {}));
    transport.answer({ fail });
    const outcome = await site.check('203.0.113.7', { priority: 'poll' });
    expect(outcome).toMatchObject({ kind: 'unreachable', outcomeUnknown: false });
    expect(JSON.stringify(outcome)).not.toContain(TOKEN);
  });
});
