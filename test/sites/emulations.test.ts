/**
 * Each adapter against its emulation in the real mock (`--sites`, in process through `app.request()`): voted, not
 * voted, claimed, already claimed, bad key, down, rate limited and window expiry, for each identity kind it takes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSitesWorld, type SitesWorld } from '../../devkit/fakes/mock-sites';
import { startMockServer } from '../../mock-server/server';
import { isHiddenAddress } from '../../mock-server/sites/vote-page';
import type { CheckOutcome, IdentityKind, SiteAdapter, SiteKind } from '../../src/sites/types';

const START = Date.UTC(2026, 10, 27, 12);
let clock = START;
const now = () => clock;
let world: SitesWorld;

beforeEach(() => {
  clock = START;
  world = createSitesWorld({ now });
});
afterEach(() => world.close());

interface Case {
  kind: Exclude<SiteKind, 'seed'>;
  identity: IdentityKind;
  value: string;
  /** How long a vote answers "voted" (ms). */
  windowMs: number;
  /** What a wrong key looks like through this adapter. */
  badKey: CheckOutcome;
  /** The check after a claim or confirmation. */
  afterPaid: CheckOutcome['kind'];
  /** The site gives the vote time (the dedupe key of check-only sites). */
  votedAtKnown: boolean;
}

const STEAM = '76561198000000042';
const DISCORD = '223456789012345678';
const NOT_VOTED = { kind: 'not_voted', maybeBadKey: false } as const;
const AMBIGUOUS = { kind: 'not_voted', maybeBadKey: true } as const;
const BAD_KEY = { kind: 'bad_key' } as CheckOutcome;
const H = 3_600_000;

const CASES: Case[] = [
  {
    kind: 'top-serveurs',
    identity: 'name',
    value: 'Jean Dupont',
    windowMs: 2 * H,
    badKey: BAD_KEY,
    afterPaid: 'voted',
    votedAtKnown: false,
  },
  {
    kind: 'top-serveurs',
    identity: 'steam64',
    value: STEAM,
    windowMs: 2 * H,
    badKey: BAD_KEY,
    afterPaid: 'unsupported',
    votedAtKnown: false,
  },
  {
    kind: 'top-serveurs',
    identity: 'ip',
    value: '203.0.113.5',
    windowMs: 2 * H,
    badKey: BAD_KEY,
    afterPaid: 'voted',
    votedAtKnown: false,
  },
  {
    kind: 'trackyserver',
    identity: 'steam64',
    value: STEAM,
    windowMs: 24 * H,
    badKey: AMBIGUOUS,
    afterPaid: 'already_claimed',
    votedAtKnown: false,
  },
  {
    kind: 'trackyserver',
    identity: 'discord',
    value: DISCORD,
    windowMs: 24 * H,
    badKey: AMBIGUOUS,
    afterPaid: 'already_claimed',
    votedAtKnown: false,
  },
  {
    kind: 'serveur-prive',
    identity: 'ip',
    value: '2001:db8::7',
    windowMs: 1.5 * H,
    badKey: AMBIGUOUS,
    afterPaid: 'voted',
    votedAtKnown: true,
  },
  {
    kind: 'top-server',
    identity: 'name',
    value: 'Pseudo123',
    windowMs: 24 * H,
    badKey: BAD_KEY,
    afterPaid: 'not_voted',
    votedAtKnown: true,
  },
  {
    kind: 'topgservers',
    identity: 'name',
    value: 'Steve',
    windowMs: 12 * H,
    badKey: BAD_KEY,
    afterPaid: 'voted',
    votedAtKnown: true,
  },
];

const opts = { priority: 'claim' } as const;
const label = (c: Case) => `${c.kind} by ${c.identity}`;

/** Pays the way the site's claim model says: claim, confirm after paying, or nothing to tell the site. */
async function pay(site: SiteAdapter, value: string) {
  if (site.claimModel === 'claim_then_reward') return site.claim(value, opts);
  if (site.claimModel === 'reward_then_claim') return site.confirmClaim(value, opts);
  return null;
}

describe.each(CASES.map((c) => [label(c), c] as const))('%s against its emulation', (_name, c) => {
  it('answers not voted when no vote was cast (claims and checks)', async () => {
    const site = await world.adapter(c.kind, c.identity);
    if (site.canCheck)
      expect(await site.check(c.value, opts)).toEqual(
        c.kind === 'trackyserver' || c.kind === 'serveur-prive' ? AMBIGUOUS : NOT_VOTED,
      );
    if (site.claimModel === 'claim_then_reward')
      expect(await site.claim(c.value, opts)).toMatchObject({ kind: 'not_voted' });
    if (site.claimModel === 'reward_then_claim')
      expect(await site.confirmClaim(c.value, opts)).toEqual({ kind: 'confirmed', count: 0 });
  });

  it('sees a vote, pays it through the claim model, then reports it paid', async () => {
    const site = await world.adapter(c.kind, c.identity);
    const votedAt = clock - 10 * 60_000;
    await world.cast(c.kind, c.identity, c.value, votedAt, 'Trevor');
    if (site.canCheck) {
      const seen = await site.check(c.value, opts);
      expect(seen).toMatchObject({ kind: 'voted' });
      if (seen.kind === 'voted') expect(seen.vote.votedAt).toBe(c.votedAtKnown ? votedAt : null);
    }
    const paid = await pay(site, c.value);
    if (site.claimModel === 'claim_then_reward') {
      expect(paid).toMatchObject({ kind: 'claimed' });
      expect(await site.claim(c.value, opts)).toEqual({ kind: 'already_claimed' });
    } else if (site.claimModel === 'reward_then_claim') {
      expect(paid).toEqual({ kind: 'confirmed', count: 1 });
      expect(await site.confirmClaim(c.value, opts)).toEqual({ kind: 'confirmed', count: 0 });
    }
    const after = await site.check(c.value, opts);
    expect(after.kind).toBe(c.afterPaid);
    // A check-only site keeps answering the same vote: its time is the resource's dedupe key, so it must not move.
    if (site.claimModel === 'check_only' && after.kind === 'voted' && c.votedAtKnown)
      expect(after.vote.votedAt).toBe(votedAt);
  });

  it('reports a wrong key as the site lets it be known', async () => {
    const site = await world.adapter(
      c.kind,
      c.identity,
      c.kind === 'topgservers' ? 'tgs_wrong' : 'WRONGKEY1',
    );
    await world.cast(c.kind, c.identity, c.value);
    if (site.canCheck) expect(await site.check(c.value, opts)).toMatchObject(c.badKey);
    if (site.claimModel === 'claim_then_reward')
      expect(await site.claim(c.value, opts)).toMatchObject(c.badKey);
    if (site.claimModel === 'reward_then_claim')
      expect(await site.confirmClaim(c.value, opts)).toMatchObject(c.badKey);
    const response = await world.mock.app.request(`/__admin/sites/${c.kind}/votes`);
    const votes = (await response.json()) as { votes: { claimed_at: string | null }[] };
    expect(votes.votes.map((v) => v.claimed_at)).toEqual([null]);
  });

  it('reports a site that is down as unreachable; a claim sent into it has an unknown outcome', async () => {
    const site = await world.adapter(c.kind, c.identity);
    await world.cast(c.kind, c.identity, c.value);
    await world.down(c.kind, 503);
    if (site.canCheck)
      expect(await site.check(c.value, opts)).toMatchObject({ kind: 'unreachable', outcomeUnknown: false });
    const paid = await pay(site, c.value);
    if (paid) expect(paid).toMatchObject({ kind: 'unreachable', outcomeUnknown: true });
  });

  it('honours a 429 with Retry-After, then holds its own budget without sending', async () => {
    const site = await world.adapter(c.kind, c.identity);
    await world.mock.fault({ route: `/sites/${c.kind}/*`, status: 429, retry_after: 9, times: 1 });
    const first = site.canCheck ? await site.check(c.value, opts) : await pay(site, c.value);
    expect(first).toMatchObject({ kind: 'rate_limited', retryAfterMs: 9000, local: false });
    const sent = world.mock.requests.length;
    const second = site.canCheck ? await site.check(c.value, opts) : await pay(site, c.value);
    expect(second).toMatchObject({ kind: 'rate_limited', local: true });
    expect(world.mock.requests.length).toBe(sent);
  });

  it('stops answering voted once the vote is out of the site window', async () => {
    const site = await world.adapter(c.kind, c.identity);
    await world.cast(c.kind, c.identity, c.value, clock - c.windowMs - 60_000);
    if (site.canCheck) expect((await site.check(c.value, opts)).kind).toBe('not_voted');
    const paid = await pay(site, c.value);
    if (site.claimModel === 'claim_then_reward') expect(paid).toMatchObject({ kind: 'not_voted' });
    if (site.claimModel === 'reward_then_claim') expect(paid).toEqual({ kind: 'confirmed', count: 0 });
  });
});

describe('emulation details', () => {
  it('Top-Serveurs: check-ip tells the minutes to the next vote; the window is 2 h', async () => {
    const site = await world.adapter('top-serveurs', 'ip');
    await world.cast('top-serveurs', 'ip', '203.0.113.5', clock - 30 * 60_000);
    expect(await site.check('203.0.113.5', opts)).toMatchObject({
      kind: 'voted',
      vote: { nextVoteInMs: 90 * 60_000 },
    });
    clock += 90 * 60_000 + 1;
    expect(await site.check('203.0.113.5', opts)).toEqual(NOT_VOTED);
  });

  it('Top-Serveurs: a claim by name matches another case of the name (GUESS)', async () => {
    const site = await world.adapter('top-serveurs', 'name');
    await world.cast('top-serveurs', 'name', 'Jean Dupont');
    expect(site.claimModel === 'claim_then_reward' && (await site.claim('JEAN DUPONT', opts))).toMatchObject({
      kind: 'claimed',
    });
  });

  it('serveur-prive: the username and the seconds to the next vote come through', async () => {
    const site = await world.adapter('serveur-prive', 'ip');
    await world.cast('serveur-prive', 'ip', '198.51.100.4', clock - 600_000, 'Trevor');
    expect(await site.check('198.51.100.4', opts)).toEqual({
      kind: 'voted',
      vote: { votedAt: clock - 600_000, voteId: null, pending: null, nextVoteInMs: 4_800_000 },
    });
  });

  it('top-server: the claim consumes every pending vote; the check lists the oldest first', async () => {
    const site = await world.adapter('top-server', 'name');
    await world.cast('top-server', 'name', 'Pseudo123', clock - 3 * H);
    await world.cast('top-server', 'name', 'pseudo123', clock - H);
    const seen = await site.check('PSEUDO123', opts);
    expect(seen).toMatchObject({ kind: 'voted', vote: { votedAt: clock - 3 * H, pending: 2 } });
    expect(site.claimModel === 'reward_then_claim' && (await site.confirmClaim('Pseudo123', opts))).toEqual({
      kind: 'confirmed',
      count: 2,
    });
  });

  it('topgservers: the emulation enforces the documented 120 checks a minute with Retry-After', async () => {
    const site = await world.adapter('topgservers', 'name');
    const answers = [];
    // The adapter's own budget stops at 120 too; a second adapter on the same key shows the site's limit.
    for (let i = 0; i < 120; i += 1) answers.push((await site.check('Steve', opts)).kind);
    expect(new Set(answers)).toEqual(new Set(['not_voted']));
    const other = await world.adapter('topgservers', 'name');
    expect(await other.check('Steve', opts)).toMatchObject({
      kind: 'rate_limited',
      local: false,
      retryAfterMs: 60_000,
    });
    expect(await site.check('Steve', opts)).toMatchObject({ kind: 'rate_limited', local: true });
  });

  it('topgservers: "voted today" ends at the UTC day boundary; last_vote_at stays the dedupe key', async () => {
    clock = Date.UTC(2026, 10, 27, 23, 50);
    const site = await world.adapter('topgservers', 'name');
    await world.cast('topgservers', 'name', 'Steve', clock - 60_000);
    expect(await site.check('Steve', opts)).toMatchObject({
      kind: 'voted',
      vote: { votedAt: clock - 60_000 },
    });
    clock += 20 * 60_000;
    expect(await site.check('Steve', opts)).toEqual(NOT_VOTED);
  });

  it('control API: refuses an identity kind the site does not take and an unknown site, naming the known ones', async () => {
    const cast = (kind: string, body: unknown) =>
      world.mock.app.request(`/__admin/sites/${kind}/votes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const wrongKind = await cast('serveur-prive', { identity_kind: 'name', identity: 'Jean' });
    expect(wrongKind.status).toBe(400);
    expect(await wrongKind.json()).toMatchObject({
      error: { code: 'invalid_body', message: expect.stringMatching(/takes ip, not name/) },
    });
    const unknown = await cast('gtaliste', { identity_kind: 'name', identity: 'Jean' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      error: { code: 'site_not_found', message: expect.stringContaining('known: top-serveurs') },
    });
    const future = await cast('trackyserver', {
      identity_kind: 'steam64',
      identity: STEAM,
      voted_at: clock + 1000,
    });
    expect(future.status).toBe(400);
    expect((await world.site('trackyserver')).votes).toBe(0);
  });

  it('without --sites the mock has no /sites routes', async () => {
    const plain = (await import('../../devkit/fakes/mock-transport')).createMockVoteApi({ now });
    try {
      expect((await plain.app.request('/sites/trackyserver/vote/?action=status')).status).toBe(404);
      expect((await plain.app.request('/__admin/sites')).status).toBe(404);
    } finally {
      plain.close();
    }
  });
});

describe('emulation control API and bad input', () => {
  const post = (path: string, body: string, type = 'application/json') =>
    world.mock.app.request(path, { method: 'POST', headers: { 'content-type': type }, body });

  it.each([
    ['not JSON', '{"identity_kind":', 'invalid_json'],
    ['an unknown field', '{"identity_kind":"ip","identity":"1.2.3.4","site":"x"}', 'invalid_body'],
    ['an empty identity', '{"identity_kind":"ip","identity":"  "}', 'invalid_body'],
    [
      'a 101-character identity',
      JSON.stringify({ identity_kind: 'ip', identity: 'a'.repeat(101) }),
      'invalid_body',
    ],
    [
      'an unreadable voted_at',
      '{"identity_kind":"ip","identity":"1.2.3.4","voted_at":"yesterday"}',
      'invalid_body',
    ],
    ['a negative voted_at', '{"identity_kind":"ip","identity":"1.2.3.4","voted_at":-5}', 'invalid_body'],
    ['an unknown identity kind', '{"identity_kind":"license","identity":"abc"}', 'invalid_body'],
  ])('refuses a vote with %s (400 %s) and stores nothing', async (_what, body, code) => {
    const response = await post('/__admin/sites/serveur-prive/votes', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code } });
    expect((await world.site('serveur-prive')).votes).toBe(0);
  });

  it('refuses a control write without Content-Type: application/json, like the rest of /__admin', async () => {
    const response = await post(
      '/__admin/sites/serveur-prive/votes',
      '{"identity_kind":"ip","identity":"1.2.3.4"}',
      'text/plain',
    );
    expect(response.status).toBe(415);
    expect((await world.site('serveur-prive')).votes).toBe(0);
  });

  it('replaces a key: the adapter on the old key is refused, on the new one served', async () => {
    const old = await world.adapter('top-server', 'name');
    const response = await post('/__admin/sites/top-server/key', '{"key":"my-own-key-123"}');
    expect(await response.json()).toEqual({ kind: 'top-server', key: 'my-own-key-123' });
    expect(await old.check('Pseudo123', opts)).toMatchObject({ kind: 'bad_key' });
    const fresh = await world.adapter('top-server', 'name');
    expect(await fresh.check('Pseudo123', opts)).toEqual(NOT_VOTED);
  });

  it('lists one identity votes, newest first, with the claim time once claimed', async () => {
    await world.cast('trackyserver', 'steam64', STEAM, clock - 2 * H);
    await world.cast('trackyserver', 'steam64', STEAM, clock - H);
    await world.cast('trackyserver', 'discord', DISCORD, clock - H);
    const site = await world.adapter('trackyserver', 'steam64');
    if (site.claimModel === 'claim_then_reward') await site.claim(STEAM, opts);
    const response = await world.mock.app.request(
      `/__admin/sites/trackyserver/votes?identity_kind=steam64&identity=${STEAM}`,
    );
    const { votes } = (await response.json()) as { votes: { voted_at: string; claimed_at: string | null }[] };
    expect(votes).toEqual([
      expect.objectContaining({
        voted_at: new Date(clock - H).toISOString(),
        claimed_at: new Date(clock).toISOString(),
      }),
      expect.objectContaining({ voted_at: new Date(clock - 2 * H).toISOString(), claimed_at: null }),
    ]);
  });
});

describe('emulated sites vote pages', () => {
  const vote = (kind: string, fields: Record<string, string>) =>
    world.mock.app.request(`/sites/${kind}/vote-page`, { method: 'POST', body: new URLSearchParams(fields) });

  it("are styled like the mock's pages and sized for a phone (a viewport meta)", async () => {
    const page = await (await world.mock.app.request('/sites/top-serveurs/vote-page')).text();
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page).toMatch(/<style>\s*:root\{--bg:/);
  });

  it('never pre-fills a loopback address on an IP site (the resource never pays one) and says what to type instead', async () => {
    const mock = await startMockServer({ sites: true });
    try {
      const page = await (await fetch(`${mock.url}/sites/serveur-prive/vote-page`)).text();
      expect(page).toContain('name="identity" required maxlength="64" value=""');
      expect(page).not.toContain('value="127.0.0.1"');
      expect(page).toContain(
        '127.0.0.1, a loopback or private address: vote-reward never pays a vote by such an address',
      );
    } finally {
      await mock.close();
    }
    expect(isHiddenAddress('192.168.1.20')).toBe(true);
    expect(isHiddenAddress('198.51.100.136')).toBe(false);
  });

  it('offers the identity kinds the site takes', async () => {
    const response = await world.mock.app.request('/sites/trackyserver/vote-page');
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(page).toContain('value="steam64"');
    expect(page).toContain('value="discord"');
    expect(page).not.toContain('value="ip"');
  });

  it('records a vote the adapter then claims, and refuses a second one before the site next-vote time', async () => {
    expect((await vote('trackyserver', { identity_kind: 'steam64', identity: STEAM })).status).toBe(200);
    const site = await world.adapter('trackyserver', 'steam64');
    expect(site.claimModel === 'claim_then_reward' && (await site.claim(STEAM, opts))).toMatchObject({
      kind: 'claimed',
    });
    clock += 23 * H;
    const again = await vote('trackyserver', { identity_kind: 'steam64', identity: STEAM });
    expect(again.status).toBe(429);
    expect(await again.text()).toContain(
      `next vote is possible at ${new Date(START + 24 * H).toISOString()}`,
    );
    clock += H;
    expect((await vote('trackyserver', { identity_kind: 'steam64', identity: STEAM })).status).toBe(200);
    expect((await world.site('trackyserver')).votes).toBe(2);
  });

  it.each([
    ['trackyserver', { identity_kind: 'ip', identity: '1.2.3.4' }, 'Pick one of: steam64, discord.'],
    ['trackyserver', { identity_kind: 'steam64', identity: '12345' }, 'That is not a valid SteamID64'],
    ['top-serveurs', { identity_kind: 'name', identity: ' ' }, 'That is not a valid name'],
    ['serveur-prive', { identity_kind: 'ip', identity: 'my house' }, 'That is not a valid IP address'],
  ])('refuses a %s vote with %j (400) and records nothing', async (kind, fields, message) => {
    const response = await vote(kind, fields);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect((await world.site(kind as SiteKind)).votes).toBe(0);
  });

  it('escapes the name it echoes', async () => {
    const response = await vote('top-serveurs', { identity_kind: 'name', identity: '<b>Jean</b>' });
    const page = await response.text();
    expect(page).toContain('&lt;b&gt;Jean&lt;/b&gt;');
    expect(page).not.toContain('<b>Jean');
  });
});
