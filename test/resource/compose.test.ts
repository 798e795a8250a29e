import { describe, expect, it } from 'vitest';
import { configFor, createPayingAdapter } from '../../devkit/fakes/compose-kit';
import { createMockVoteApi } from '../../devkit/fakes/mock-transport';
import { createFakeClock, createFakeRuntime } from '../../devkit/fakes/runtime';
import { composeResource } from '../../src/compose';

const ANA = { name: 'Ana', license: 'license:aaa' };
const ALWAYS = ['adapter', 'announcements', 'joins', 'programs', 'points', 'claim flow'];
const PROGRAMS_ON = {
  voteParty: { enabled: true, every: 2, announceMinutes: 0 },
  topVoters: { enabled: true, awards: [{ rank: 1, reward: { type: 'money', amount: 10 } }] },
};

/** The resource composed over a fresh fake runtime and the mock in process, paying through the one fake adapter. */
const compose = (partial: Record<string, unknown>) => {
  const clock = createFakeClock();
  const api = createMockVoteApi({ now: clock.now });
  const runtime = createFakeRuntime({ clock });
  const adapter = createPayingAdapter();
  const running = composeResource(runtime, configFor({ apiKey: api.apiKey, ...partial }), {
    adapter,
    transport: api,
  });
  return { clock, api, runtime, adapter, running };
};

describe('composeResource', () => {
  it.each([
    ['everything off', { poll: { enabled: false } }, [...ALWAYS, 'poller'], false],
    ['polling on (the default)', {}, [...ALWAYS, 'poller'], true],
    ['polling, party and top on', PROGRAMS_ON, [...ALWAYS, 'poller', 'top voters', 'vote party'], true],
  ])('with %s builds the parts in start order', (_what, partial, names, polling) => {
    const { running } = compose(partial);
    // The poller part is always there: with polling off it only says so in `votereward status`.
    expect(running.parts.map((part) => part.name)).toEqual(names);
    expect(running.detector !== null).toBe(polling);
    expect(running.party !== null).toBe(names.includes('vote party'));
    expect(running.top !== null).toBe(names.includes('top voters'));
  });

  it('starts the parts in order and stops them in reverse', () => {
    const { running } = compose(PROGRAMS_ON);
    const calls: string[] = [];
    for (const part of running.parts) {
      const { start, stop } = part;
      Object.assign(part, {
        start: start && (() => calls.push(`start ${part.name}`)),
        stop: () => {
          calls.push(`stop ${part.name}`);
          stop();
        },
      });
    }
    running.start();
    running.stop();
    expect(calls).toEqual([
      'start points',
      'start claim flow',
      'start poller',
      'start top voters',
      'start vote party',
      'stop vote party',
      'stop top voters',
      'stop poller',
      'stop claim flow',
      'stop points',
      'stop programs',
      'stop joins',
      'stop announcements',
      'stop adapter',
    ]);
  });

  it('leaves no timer or listener behind once stopped: a reward owed is not paid on a join after stop', async () => {
    const { clock, api, runtime, adapter, running } = compose(PROGRAMS_ON);
    running.start();
    expect(clock.pending()).toBeGreaterThan(0);
    api.addVote('Ana', clock.now() - 60_000);
    runtime.onlinePlayers.set(1, ANA);
    adapter.giveProblems.push({ code: 'player_not_loaded' });
    expect((await running.flow.claim(1)).code).toBe('pending');
    running.stop();
    expect(clock.pending()).toBe(0);
    runtime.drop(1);
    runtime.join(1, ANA);
    await clock.advance(60_000);
    expect(adapter.paid).toEqual([]);
    expect(runtime.emitted).toEqual([]);
  });

  it('looks at the open claims of a joining player from the moment it is built (before start), as production does', async () => {
    const { clock, api, runtime, adapter, running } = compose({ poll: { enabled: false } });
    api.addVote('Ana', clock.now() - 60_000);
    runtime.onlinePlayers.set(1, ANA);
    adapter.giveProblems.push({ code: 'player_not_loaded' });
    expect((await running.flow.claim(1)).code).toBe('pending');
    runtime.drop(1);
    runtime.join(2, ANA);
    await clock.advance(5_000);
    expect(adapter.paid.map((p) => `${p.source}:${p.reward.type}`)).toEqual(['2:money']);
    expect(runtime.emitted.map((e) => e.event)).toEqual(['vote-reward:rewarded']);
  });
});
