/**
 * The per-player, per-site "voted or not, next vote at" reader: the site's own answer where it gave one (serveur-prive's
 * `next_vote_seconds` from the mock's emulation, through the real adapter), else the recorded vote plus the window,
 * and every time bounded where it is read.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeSite } from '../../devkit/fakes/fake-sites';
import { createSitesWorld, type SitesWorld } from '../../devkit/fakes/mock-sites';
import { createFakeClock, createFakeRuntime } from '../../devkit/fakes/runtime';
import { bootSites, createSitesShared, siteEntries, type WorldSite } from '../../devkit/worlds/sites-world';
import {
  createNextVoteAnswers,
  createNextVoteReader,
  MAX_NEXT_VOTE_MS,
  type NextVoteInput,
  nextVoteAt,
  observingAdapter,
} from '../../src/multisite/next-vote';
import { createSiteVoteStore } from '../../src/multisite/records';
import type { SiteVote } from '../../src/sites/types';
import { LAST_CLAIM_PREFIX } from '../../src/store/keys';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.UTC(2026, 11, 7, 12, 0, 0);
const YEAR = 365 * 24 * HOUR;

const input = (over: Partial<NextVoteInput>): NextVoteInput => ({
  now: NOW,
  windowMs: 2 * HOUR,
  answerCapMs: 2 * HOUR,
  answer: null,
  lastVote: null,
  ...over,
});

describe('nextVoteAt', () => {
  it.each([
    ['nothing recorded: may vote now', {}, null],
    [
      'a vote seen 30 min ago: the window decides',
      { lastVote: { votedAt: NOW - 30 * MINUTE, seenAt: NOW - 29 * MINUTE } },
      { at: NOW + 90 * MINUTE, basis: 'window' },
    ],
    [
      'a vote without a site time counts from when it was seen',
      { lastVote: { votedAt: null, seenAt: NOW - 30 * MINUTE } },
      { at: NOW + 90 * MINUTE, basis: 'window' },
    ],
    [
      'a vote past its window: may vote now',
      { lastVote: { votedAt: NOW - 3 * HOUR, seenAt: NOW - 3 * HOUR } },
      null,
    ],
    [
      "the site's answer wins over the window",
      {
        answer: { at: NOW - 10 * MINUTE, inMs: 20 * MINUTE },
        lastVote: { votedAt: NOW - 30 * MINUTE, seenAt: NOW - 10 * MINUTE },
      },
      { at: NOW + 10 * MINUTE, basis: 'site' },
    ],
    [
      "the site's answer alone (no record: the vote was only looked at)",
      { answer: { at: NOW - MINUTE, inMs: 45 * MINUTE } },
      { at: NOW + 44 * MINUTE, basis: 'site' },
    ],
    [
      'an answer about an older vote gives way to a newer recorded one',
      {
        answer: { at: NOW - 3 * HOUR, inMs: 10 * MINUTE },
        lastVote: { votedAt: NOW - 20 * MINUTE, seenAt: NOW - 20 * MINUTE },
      },
      { at: NOW + 100 * MINUTE, basis: 'window' },
    ],
    ['an answer whose time has passed: may vote now', { answer: { at: NOW - HOUR, inMs: 5 * MINUTE } }, null],
  ] as const)('%s', (_name, over, expected) => {
    expect(nextVoteAt(input(over as Partial<NextVoteInput>))).toEqual(expected);
  });

  it.each([
    [
      '"next vote in 10 years" waits one window at most',
      { answer: { at: NOW, inMs: 10 * YEAR } },
      NOW + 2 * HOUR,
    ],
    [
      'an answer given "in 10 years" of this clock counts from now',
      { answer: { at: NOW + 10 * YEAR, inMs: 30 * MINUTE } },
      NOW + 30 * MINUTE,
    ],
    [
      'a vote cast 10 years ahead of the site clock counts from when it was seen',
      { lastVote: { votedAt: NOW + 10 * YEAR, seenAt: NOW - 30 * MINUTE } },
      NOW + 90 * MINUTE,
    ],
    [
      'a record written 10 years ahead (a clock set back since) counts from now',
      { lastVote: { votedAt: null, seenAt: NOW + 10 * YEAR } },
      NOW + 2 * HOUR,
    ],
    [
      'a window of 10 years is cut to a week',
      { windowMs: 10 * YEAR, answerCapMs: 10 * YEAR, lastVote: { votedAt: null, seenAt: NOW } },
      NOW + MAX_NEXT_VOTE_MS,
    ],
  ] as const)('%s', (_name, over, at) => {
    expect(nextVoteAt(input(over as Partial<NextVoteInput>))?.at).toBe(at);
  });

  it.each([
    ['a negative answer', { answer: { at: NOW, inMs: -5 } }],
    ['a NaN answer', { answer: { at: NOW, inMs: Number.NaN } }],
    ['an infinite answer time', { answer: { at: Number.POSITIVE_INFINITY, inMs: 5 } }],
    ['a NaN record', { lastVote: { votedAt: Number.NaN, seenAt: Number.NaN } }],
    ['a NaN clock', { now: Number.NaN, answer: { at: NOW, inMs: 5 * MINUTE } }],
    ['a negative window', { windowMs: -HOUR, lastVote: { votedAt: null, seenAt: NOW } }],
  ] as const)('%s is no evidence: may vote now', (_name, over) => {
    expect(nextVoteAt(input(over as Partial<NextVoteInput>))).toBeNull();
  });
});

describe('the answers memory', () => {
  const vote = (nextVoteInMs: number | null): SiteVote => ({
    votedAt: null,
    voteId: null,
    pending: null,
    nextVoteInMs,
  });

  it('keeps the latest answer per site and identity, ignores votes without a next-vote time', () => {
    const answers = createNextVoteAnswers();
    answers.observe('sp', '1.2.3.4', vote(10 * MINUTE), NOW);
    answers.observe('sp', '1.2.3.4', vote(null), NOW + MINUTE);
    answers.observe('sp', '1.2.3.4', vote(Number.NaN), NOW + MINUTE);
    answers.observe('sp', '1.2.3.4', null, NOW + MINUTE);
    expect(answers.get('sp', '1.2.3.4')).toEqual({ at: NOW, inMs: 10 * MINUTE });
    answers.observe('sp', '1.2.3.4', vote(5 * MINUTE), NOW + 2 * MINUTE);
    expect(answers.get('sp', '1.2.3.4')).toEqual({ at: NOW + 2 * MINUTE, inMs: 5 * MINUTE });
    expect(answers.get('other', '1.2.3.4')).toBeNull();
  });

  it('forgets the oldest answer past its bound', () => {
    const answers = createNextVoteAnswers(2);
    for (const id of ['a', 'b', 'c']) answers.observe('sp', id, vote(MINUTE), NOW);
    expect(answers.size).toBe(2);
    expect(answers.get('sp', 'a')).toBeNull();
    expect(answers.get('sp', 'c')).not.toBeNull();
  });
});

describe('createNextVoteReader', () => {
  let world: SitesWorld | null = null;
  afterEach(() => {
    world?.close();
    world = null;
  });

  const PLAYER = { name: 'Ana', license: 'license:aaa', identifiers: ['ip:203.0.113.7'] };

  it("reads serveur-prive's own next_vote_seconds through the real adapter against the mock's emulation", async () => {
    const runtime = createFakeRuntime({ clock: createFakeClock(NOW) });
    runtime.onlinePlayers.set(1, PLAYER);
    world = createSitesWorld({ now: runtime.now });
    const answers = createNextVoteAnswers();
    const adapter = observingAdapter(await world.adapter('serveur-prive', 'ip'), 'sp', answers, runtime.now);
    await world.cast('serveur-prive', 'ip', '203.0.113.7', NOW - 30 * MINUTE, 'Ana');
    const reader = createNextVoteReader({
      runtime,
      sites: [{ id: 'sp', adapter, voteUrl: 'https://serveur-prive.net/x' }],
      seed: null,
      answers,
      claimName: () => 'Ana',
    });
    expect(reader.read(1)[0]).toMatchObject({ id: 'sp', state: 'can_vote', nextVoteAt: null });
    const seen = await adapter.check('203.0.113.7', { priority: 'poll' });
    expect(seen.kind).toBe('voted');
    // The emulation's window is 90 min: the vote 30 min ago answers 3600 s.
    expect(reader.read(1)[0]).toEqual({
      id: 'sp',
      label: 'serveur-prive.net',
      voteUrl: 'https://serveur-prive.net/x',
      state: 'voted',
      nextVoteAt: NOW + HOUR,
      basis: 'site',
    });
    expect(reader.read(1, NOW + HOUR)[0]?.state).toBe('can_vote');
  });

  it('falls back on the stored record plus the window, and on the seed last claim plus its cooldown', () => {
    const runtime = createFakeRuntime({ clock: createFakeClock(NOW) });
    runtime.onlinePlayers.set(1, PLAYER);
    const site = createFakeSite({
      model: 'check_only',
      identity: 'name',
      windowMs: 12 * HOUR,
      now: runtime.now,
    });
    const store = createSiteVoteStore(runtime.kvp);
    store.write({
      format: 1,
      site: 'chk',
      identity: 'Ana',
      license: PLAYER.license,
      name: 'Ana',
      votedAt: NOW - 2 * HOUR,
      model: 'check_only',
      step: 'journaled',
      entryId: `s:chk:Ana:t${NOW - 2 * HOUR}`,
      votes: 1,
      batches: 1,
      batchVotes: 1,
      attempts: 0,
      nextAttemptAt: NOW - 2 * HOUR,
      keepUntil: NOW + 11 * HOUR,
      createdAt: NOW - 2 * HOUR + MINUTE,
    });
    runtime.kvp.set(`${LAST_CLAIM_PREFIX}ana`, String(NOW - 30 * MINUTE));
    const reader = createNextVoteReader({
      runtime,
      sites: [{ id: 'chk', adapter: site.adapter, voteUrl: 'https://example.test/vote' }],
      seed: { voteUrl: 'https://vote.example.test/server/1', windowMs: 2 * HOUR },
      claimName: () => 'Ana',
    });
    expect(reader.read(1)).toEqual([
      {
        id: 'seed',
        label: 'vote.example.test',
        voteUrl: 'https://vote.example.test/server/1',
        state: 'voted',
        nextVoteAt: NOW + 90 * MINUTE,
        basis: 'window',
      },
      {
        id: 'chk',
        label: site.adapter.label,
        voteUrl: 'https://example.test/vote',
        state: 'voted',
        nextVoteAt: NOW + 10 * HOUR,
        basis: 'window',
      },
    ]);
  });

  it('says unknown where the player lacks the identity, and never throws on what the store holds', () => {
    const runtime = createFakeRuntime({ clock: createFakeClock(NOW) });
    runtime.onlinePlayers.set(1, { name: 'Ana', license: 'license:aaa' });
    const site = createFakeSite({ model: 'check_only', identity: 'steam64', now: runtime.now });
    runtime.kvp.set(`${LAST_CLAIM_PREFIX}ana`, 'not a number');
    runtime.kvp.set('site:vote:chk:76561198000000000:t1', '{broken');
    const reader = createNextVoteReader({
      runtime,
      sites: [{ id: 'chk', adapter: site.adapter, voteUrl: '' }],
      seed: { voteUrl: '', windowMs: 2 * HOUR },
      claimName: () => 'Ana',
    });
    expect(reader.read(1).map((state) => [state.id, state.state])).toEqual([
      ['seed', 'can_vote'],
      ['chk', 'unknown'],
    ]);
    expect(
      createNextVoteReader({
        runtime,
        sites: [],
        seed: { voteUrl: '', windowMs: HOUR },
        claimName: () => null,
      }).read(1),
    ).toEqual([{ id: 'seed', label: '', voteUrl: '', state: 'unknown', nextVoteAt: null, basis: null }]);
  });
});

describe('the composition', () => {
  it('reads a site vote /vote paid as voted until its window ends, the seed first', async () => {
    const site: WorldSite = { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 2 * HOUR };
    const shared = createSitesShared([site]);
    const world = bootSites(shared, { sites: siteEntries([site]), poll: { enabled: false } });
    world.running.start();
    world.runtime.onlinePlayers.set(1, { name: 'Ana', license: 'license:aaa' });
    const start = shared.clock.now();
    shared.sites.chk?.vote('Ana', start - 30 * MINUTE);
    expect(world.running.nextVotes.read(1).map((state) => state.id)).toEqual(['seed', 'chk']);
    expect(world.running.nextVotes.read(1)[1]?.state).toBe('can_vote');
    await world.running.claimAll(1);
    expect(world.running.nextVotes.read(1)[1]).toMatchObject({
      state: 'voted',
      nextVoteAt: start + 90 * MINUTE,
      basis: 'window',
    });
    world.running.stop();
  });

  it('keeps the vote API open after a vote paid on another site only (the poller records API claims alone)', async () => {
    const site: WorldSite = { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 2 * HOUR };
    const shared = createSitesShared([site]);
    const world = bootSites(shared, { sites: siteEntries([site]), poll: { enabled: true } });
    world.running.start();
    world.runtime.join(1, { name: 'Ana', license: 'license:aaa' });
    shared.sites.chk?.vote('Ana', shared.clock.now() - 30 * MINUTE);
    await world.running.claimAll(1);
    await shared.clock.advance(1000);
    const [seed, chk] = world.running.nextVotes.read(1);
    expect(chk?.state).toBe('voted');
    expect(seed).toMatchObject({ id: 'seed', state: 'can_vote' });
    world.running.stop();
  });
});
