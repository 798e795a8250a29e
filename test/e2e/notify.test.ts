import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFxServer } from '../../devkit/fxserver/server';
import { createE2e, type E2e, installBundle } from '../../devkit/worlds/e2e-harness';

describe('notify in the built bundle in the simulated FXServer', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0)) await fn();
  });

  it('sends the answer to /vote as an ox_lib:notify client event when ox_lib runs, and no chat line', async () => {
    const { dir, target } = installBundle('vote-reward-notify-', {
      apiUrl: 'http://127.0.0.1:1',
      framework: 'standalone',
      reward: { type: 'custom', event: 'test:rewarded' },
      poll: { enabled: false },
      notify: 'ox_lib',
      messages: { en: { api_unavailable: '^1The vote site is down^7, try later.' } },
    });
    const sim = createFxServer({ dataDir: path.join(dir, 'data'), profile: 'node22' });
    cleanup.push(() => sim.shutdown());
    sim.setConvar('vote_reward_api_key', 'live_0123456789abcdef0123456789abcdef');
    sim.addFakeResource('ox_lib', { setup() {} });
    sim.start('ox_lib');
    sim.addResourceFolder('vote-reward', target);
    sim.start('vote-reward');
    await sim.until(() => sim.consoleLines.some((line) => line.includes('cannot reach the vote API yet')), {
      timeoutMs: 10_000,
    });
    expect(sim.consoleLines).toContain(
      '[script:vote-reward] vote-reward: player messages shown as ox_lib notifications',
    );
    const ana = await sim.join({ name: 'Ana', identifiers: ['license:aaa'] });
    sim.chat(ana, '/vote');
    await sim.until(() => sim.clientEvents(ana).some((event) => event.name === 'ox_lib:notify'), {
      timeoutMs: 10_000,
    });
    expect(
      sim
        .clientEvents(ana)
        .filter((event) => event.name.includes(':') && event.name !== 'chat:addSuggestion'),
    ).toEqual([
      {
        name: 'ox_lib:notify',
        args: [{ title: 'Vote', description: 'The vote site is down, try later.', type: 'info' }],
      },
    ]);
  });
});

describe('one toast per message in the built bundle', () => {
  let world: E2e | undefined;
  afterEach(async () => {
    await world?.close();
    world = undefined;
  });

  it('with notify "ox_lib", a vote the poller finds shows one ox_lib toast, not two', async () => {
    const w = await createE2e({
      framework: 'qbox',
      config: { notify: 'ox_lib', poll: { enabled: true, autoClaim: false, reminderMinutes: 0 } },
    });
    world = w;
    const steve = await w.join('Steve');
    await w.advance(15_000);
    await w.vote('Steve');
    const toasts = () => w.server.clientEvents(steve.id).filter((event) => event.name === 'ox_lib:notify');
    await w.until(() => toasts().length > 0, 120_000);
    await w.advance(10_000);
    expect(toasts()).toEqual([
      {
        name: 'ox_lib:notify',
        args: [
          {
            title: 'Vote',
            description: 'Your vote was received: type /vote to get your reward.',
            type: 'info',
          },
        ],
      },
    ]);
  });
});
