import { describe, expect, it } from 'vitest';
import { configFor } from '../../devkit/fakes/compose-kit';
import { engineFor } from '../../devkit/fakes/engine-kit';
import { createFakeHost } from '../../devkit/fakes/frameworks/host';
import { createFakeVrp } from '../../devkit/fakes/frameworks/vrp';
import { createMockVoteApi } from '../../devkit/fakes/mock-transport';
import { createFakeClock, createFakeRuntime } from '../../devkit/fakes/runtime';
import { createVoteApi } from '../../src/api/client';
import { createRateBudget } from '../../src/api/rate-budget';
import { chooseAdapter } from '../../src/choose-adapter';
import { createClaimFlow } from '../../src/claim/claim-flow';
import { createEventChannel } from '../../src/domain/events';
import { createTranslator } from '../../src/i18n/messages';
import type { PayoutContext, Reward } from '../../src/rewards/types';
import { createVrpAdapter } from '../../src/rewards/vrp';

const RUI: PayoutContext = { source: 2, name: 'Rui', license: 'license:rui', voteId: 'vote-3' };
const EVENT: Reward = { type: 'custom', event: 'myserver:voteGift' };
const COMMAND: Reward = { type: 'custom', command: 'givecar {source}' };

/** vRP 2 (the fake replaying test/frameworks/transcripts/vrp2.json) with Rui in `state`. */
function vrp2World(state: 'loading screen' | 'character loading' | 'loaded' | 'left') {
  const fake = createFakeHost();
  const vrp = createFakeVrp(fake, { variant: 'vrp2' });
  if (state !== 'loading screen') {
    const user = vrp.join(RUI.source, 10);
    if (state === 'character loading') user.loading = true;
    if (state === 'left') vrp.drop(RUI.source);
  }
  const adapter = createVrpAdapter({ host: fake.host, variant: 'vrp2', timeoutMs: 1000 });
  const gifts = () => fake.emitted.filter((e) => e.event === 'myserver:voteGift');
  return { fake, vrp, adapter, gifts };
}

describe('vRP 2 adapter: a custom reward waits for vRP 2 to have loaded the character', () => {
  it.each([
    { state: 'loading screen', kind: 'event', reward: EVENT, ready: false },
    { state: 'loading screen', kind: 'command', reward: COMMAND, ready: false },
    { state: 'character loading', kind: 'event', reward: EVENT, ready: false },
    { state: 'left', kind: 'command', reward: COMMAND, ready: false },
    { state: 'loaded', kind: 'event', reward: EVENT, ready: true },
    { state: 'loaded', kind: 'command', reward: COMMAND, ready: true },
  ] as const)(
    'player $state, custom $kind: given only when ready ($ready)',
    async ({ state, reward, ready }) => {
      const { fake, adapter, gifts } = vrp2World(state);
      expect(await adapter.isPlayerReady(RUI.source)).toBe(ready);
      const expected = ready ? { ok: true } : { ok: false, problem: { code: 'player_not_loaded' } };
      expect(await adapter.canReceive(RUI, [reward])).toEqual(expected);
      expect(await adapter.give(RUI, reward)).toEqual(expected);
      const acted = gifts().length + fake.commands.length;
      expect(acted).toBe(ready ? 1 : 0);
    },
  );

  it('asks vRP 2 through the interface its loadScript added, running vote-reward/lua/vrp2 first', async () => {
    const { vrp, adapter } = vrp2World('loaded');
    expect(await adapter.isPlayerReady(RUI.source)).toBe(true);
    expect(vrp.calls).toEqual([
      { member: 'loadScript', args: ['vote-reward', 'lua/vrp2'] },
      { member: 'isReady', args: [RUI.source] },
    ]);
  });

  it.each([
    { rewards: [EVENT], problems: [] },
    {
      rewards: [EVENT, { type: 'money', amount: 5 }] as Reward[],
      problems: [expect.stringMatching(/^vRP 2 offers other resources only loadScript/)],
    },
  ])('start-up with $rewards.length reward(s) lists what vRP 2 cannot pay', async ({ rewards, problems }) => {
    const { adapter } = vrp2World('loaded');
    expect(await adapter.startupProblems?.(rewards)).toEqual(problems);
  });

  it('says at start when vRP 2 cannot run the script (resource renamed), then finds nobody ready and warns once', async () => {
    const fake = createFakeHost();
    const vrp = createFakeVrp(fake, { variant: 'vrp2' });
    vrp.join(RUI.source, 10);
    const warned: string[] = [];
    const host = { ...fake.host, log: { ...fake.host.log, warn: (line: string) => warned.push(line) } };
    const adapter = createVrpAdapter({ host, variant: 'vrp2', resource: 'votes', timeoutMs: 1000 });
    const started = adapter.startupProblems?.([EVENT]);
    fake.advance(1000);
    const problems = (await started) ?? [];
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('vRP.loadScript("votes", "lua/vrp2") failed');
    expect(problems[0]).toContain('pays nobody');
    for (let i = 0; i < 2; i++) {
      const ready = adapter.isPlayerReady(RUI.source);
      fake.advance(1000);
      expect(await ready).toBe(false);
    }
    expect(warned).toEqual([expect.stringContaining('vRP 2: no player can be found loaded')]);
  });
});

describe('claim flow on vRP 2', () => {
  it('a /vote on the loading screen claims nothing and gives nothing; once loaded the vote is paid once', async () => {
    const clock = createFakeClock();
    const api = createMockVoteApi({ now: clock.now });
    const runtime = createFakeRuntime({ clock });
    const fake = createFakeHost();
    const vrp = createFakeVrp(fake, { variant: 'vrp2' });
    const voteApi = createVoteApi({
      baseUrl: 'https://votes.example',
      apiKey: api.apiKey,
      transport: api,
      budget: createRateBudget({ now: clock.now }),
      now: clock.now,
      timeoutMs: 5000,
    });
    const adapter = createVrpAdapter({ host: fake.host, variant: 'vrp2' });
    const events = createEventChannel();
    const flow = createClaimFlow({
      engine: engineFor(runtime, { api: voteApi, adapter, events, nameLock: true }),
      runtime,
      api: voteApi,
      adapter,
      rewards: [EVENT],
      translate: createTranslator('en'),
      checkMode: 'unclaimed',
      nameLock: true,
      claimCooldownMs: 0,
      command: 'vote',
      voteUrl: 'https://votes.example/servers/1/vote',
      joinDelayMs: 5_000,
      events,
    });
    api.addVote('Rui', clock.now() - 60_000);
    runtime.join(RUI.source, { name: 'Rui', license: RUI.license });
    const gifts = () => fake.emitted.filter((e) => e.event === 'myserver:voteGift');

    expect(await flow.claim(RUI.source)).toMatchObject({
      code: 'cannot_receive',
      problem: 'player_not_loaded',
    });
    expect(gifts()).toEqual([]);
    expect(api.unclaimed('Rui')).toHaveLength(1);
    expect(flow.pending()).toEqual([]);
    expect(runtime.told.map((t) => t.message)).toEqual([createTranslator('en')('pending_not_loaded', {})]);

    vrp.join(RUI.source, 10);
    expect(await flow.claim(RUI.source)).toMatchObject({ code: 'rewarded' });
    expect(await flow.claim(RUI.source)).toMatchObject({ code: 'no_vote' });
    expect(gifts()).toHaveLength(1);
    expect(api.unclaimed('Rui')).toEqual([]);
  });
});

describe('vRP 2 adapter built by the composition', () => {
  it('runs lua/vrp2 from the folder the owner installed the resource as, not a fixed name', async () => {
    const fake = createFakeHost();
    const vrp = createFakeVrp(fake, { variant: 'vrp2', voteReward: 'my-votes' });
    vrp.join(RUI.source, 10);
    fake.addResource('vrp', {});
    const runtime = Object.assign(createFakeRuntime(), fake.host, { resourceName: 'my-votes' });
    const config = configFor({
      framework: 'vrp',
      vrp: { variant: 'vrp2' },
      reward: { type: 'custom', event: 'myserver:voteGift' },
    });
    /** Lets the fake vRP answer: its replies arrive on the fake host's timers. */
    const pumped = async <T>(promise: Promise<T>): Promise<T> => {
      for (let i = 0; i < 20; i += 1) {
        fake.advance(100);
        await new Promise((resolve) => setImmediate(resolve));
      }
      return promise;
    };
    const chosen = await pumped(chooseAdapter(runtime, config));
    if (!chosen.ok) throw new Error(chosen.problems.join('\n'));
    expect(await pumped(chosen.adapter.isPlayerReady(RUI.source))).toBe(true);
    expect(vrp.calls.find((call) => call.member === 'loadScript')?.args).toEqual(['my-votes', 'lua/vrp2']);
  });
});
