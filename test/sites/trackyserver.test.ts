import { describe, expect, it } from 'vitest';
import { createScriptedTransport, siteDeps } from '../../devkit/fakes/scripted-transport';
import { TRACKYSERVER_SITE } from '../../src/sites/trackyserver';
import type { ClaimThenRewardSite } from '../../src/sites/types';

const STEAM = '76561198000000001';
const DISCORD = '123456789012345678';
const KEY = 'trk-secret-key';
const now = () => Date.UTC(2026, 10, 27, 12);

function make(identity: 'steam64' | 'discord', body: string | null, status = 200) {
  const transport = createScriptedTransport({ status, body });
  const site = TRACKYSERVER_SITE.create({ key: KEY, identity }, siteDeps(transport, now));
  if (site.claimModel !== 'claim_then_reward') throw new Error('trackyserver claims before the reward');
  return { transport, site: site as ClaimThenRewardSite };
}

describe('Trackyserver adapter', () => {
  it.each([
    ['steam64', STEAM, 'steamid'],
    ['discord', DISCORD, 'discordid'],
  ] as const)('puts the key and the %s in the query of GET /vote/', async (identity, value, param) => {
    const { transport, site } = make(identity, '1');
    await site.claim(value, { priority: 'claim' });
    await site.check(value, { priority: 'poll' });
    const [claim, status] = transport.requests.map((r) => new URL(r.url));
    expect(claim?.origin + (claim?.pathname ?? '')).toBe('https://api.trackyserver.com/vote/');
    expect(Object.fromEntries(claim?.searchParams ?? [])).toEqual({
      action: 'claim',
      key: KEY,
      [param]: value,
    });
    expect(status?.searchParams.get('action')).toBe('status');
    expect(transport.requests.every((r) => r.method === 'GET' && r.headers.authorization === undefined)).toBe(
      true,
    );
  });

  it.each([
    ['0', { kind: 'not_voted', maybeBadKey: true }],
    ['1', { kind: 'claimed' }],
    ['2', { kind: 'already_claimed' }],
    ['1\n', { kind: 'claimed' }],
    ['10', { kind: 'malformed', outcomeUnknown: true }],
    ['<html>0</html>', { kind: 'malformed', outcomeUnknown: true }],
    ['', { kind: 'malformed', outcomeUnknown: true }],
    ['{"claimed":1}', { kind: 'malformed', outcomeUnknown: true }],
  ])('maps the claim answer %j', async (body, expected) => {
    const { site } = make('steam64', body);
    expect(await site.claim(STEAM, { priority: 'claim' })).toMatchObject(expected);
  });

  it.each([
    ['0', { kind: 'not_voted', maybeBadKey: true }],
    ['1', { kind: 'voted' }],
    ['2', { kind: 'already_claimed' }],
    ['3', { kind: 'malformed', outcomeUnknown: false }],
  ])('maps the status answer %j (a check never has an unknown outcome)', async (body, expected) => {
    const { site } = make('discord', body);
    expect(await site.check(DISCORD, { priority: 'poll' })).toMatchObject(expected);
  });

  it.each([
    [503, { kind: 'unreachable', outcomeUnknown: true }],
    [404, { kind: 'refused', status: 404 }],
    [429, { kind: 'rate_limited', local: false }],
  ])('maps HTTP %i on a claim', async (status, expected) => {
    const { site } = make('steam64', '1', status);
    expect(await site.claim(STEAM, { priority: 'claim' })).toMatchObject(expected);
  });

  it('refuses an identity of the wrong form without sending anything', async () => {
    const { transport, site } = make('steam64', '1');
    expect(await site.claim('steam:11000010abcdef', { priority: 'claim' })).toMatchObject({
      kind: 'bad_identity',
    });
    expect(transport.requests).toHaveLength(0);
  });

  it('never quotes the key in a failure detail (it travels in the URL)', async () => {
    const { transport, site } = make('steam64', '1');
    transport.answer({ fail: 'network' });
    const outcome = await site.claim(STEAM, { priority: 'claim' });
    expect(outcome).toMatchObject({ kind: 'unreachable', outcomeUnknown: true });
    expect(JSON.stringify(outcome)).not.toContain(KEY);
  });

  it('refuses an identity kind the site does not take, naming the setting', () => {
    expect(() =>
      TRACKYSERVER_SITE.create(
        { key: KEY, identity: 'ip' },
        siteDeps(createScriptedTransport({ fail: 'network' }), now),
      ),
    ).toThrow(/sites\.trackyserver\.identity: expected steam64 or discord, got "ip"/);
  });
});
