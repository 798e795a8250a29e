import { describe, expect, it } from 'vitest';
import { configFor, createPayingAdapter } from '../../devkit/fakes/compose-kit';
import { createMockVoteApi } from '../../devkit/fakes/mock-transport';
import { createFakeClock, createFakeRuntime } from '../../devkit/fakes/runtime';
import { TEST_AWARD_PREFIX, testpayCommand } from '../../src/claim/testpay';
import { composeResource, type Running } from '../../src/compose';
import { runAdminCommand } from '../../src/domain/admin-command';
import { AWARD_DONE_PREFIX, JOURNAL_PREFIX } from '../../src/store/keys';

const ANA = { name: 'Ana', license: 'license:aaa' };
const REWARDS = {
  reward: [
    { type: 'money', amount: 500 },
    { type: 'item', item: 'bread', count: 2 },
  ],
};

/** The composition over the mock in process, with its `testpay` row; `inert` leaves the resource not running. */
const world = (partial: Record<string, unknown> = REWARDS, options: { inert?: boolean } = {}) => {
  const clock = createFakeClock();
  const api = createMockVoteApi({ now: clock.now });
  const runtime = createFakeRuntime({ clock });
  const adapter = createPayingAdapter();
  const config = configFor({
    apiKey: api.apiKey,
    poll: { enabled: false },
    ...partial,
  });
  const running: Running = composeResource(runtime, config, { adapter, transport: api });
  running.start();
  const rows = [testpayCommand(() => (options.inert ? null : running), runtime)];
  const testpay = async (...args: string[]) => {
    const lines = await runAdminCommand(rows, ['testpay', ...args]);
    await clock.settle();
    return lines;
  };
  return { clock, api, runtime, adapter, running, testpay };
};

describe('votereward testpay', () => {
  it('pays an online, loaded player the configured vote rewards once, journalled as a test award', async () => {
    const { runtime, adapter, running, testpay, clock } = world();
    runtime.join(7, ANA);
    const at = clock.now();
    const id = `${TEST_AWARD_PREFIX}${at}:${ANA.license}`;
    const events: string[] = [];
    running.events.on('awardDecided', () => events.push('awardDecided'));
    running.events.on('rewarded', () => events.push('rewarded'));
    running.events.on('awarded', (e) => events.push(`awarded ${e.id}`));

    expect(await testpay('7')).toEqual([
      `votereward testpay: TEST paid Ana (#7): 500$ in cash, 2 x bread (award ${id})`,
    ]);

    expect(adapter.paid).toEqual([
      { source: 7, reward: { type: 'money', amount: 500 }, ref: id },
      { source: 7, reward: { type: 'item', item: 'bread', count: 2 }, ref: id },
    ]);
    expect(runtime.logs.map((l) => l.message)).toEqual([
      `vote-reward: TEST payout (votereward testpay, not a vote): Ana (#7), license:aaa, award ${id}: 500$ in cash, 2 x bread`,
      `vote-reward: Ana (license:aaa) rewarded for award ${id}`,
    ]);
    expect(runtime.told.map((t) => [t.source, t.message])).toEqual([
      [7, 'Test of the vote rewards by an admin (not a vote): you received 500$ in cash, 2 x bread.'],
    ]);
    // Paid through the award path only: no vote event for other resources, none of the events Discord posts from.
    expect(events).toEqual([`awarded ${id}`]);
    expect(runtime.emitted.filter((e) => e.event === 'vote-reward:rewarded')).toEqual([]);
    expect(runtime.kvpData.has(`${JOURNAL_PREFIX}${id}`)).toBe(false);
    expect(runtime.kvpData.has(`${AWARD_DONE_PREFIX}${id}`)).toBe(true);

    // Settling the player again (a rejoin, another award) pays the test award no second time.
    await running.flow.settlePlayer(ANA.license);
    await clock.settle();
    expect(adapter.paid).toHaveLength(2);
  });

  it('a test the framework cannot pay now stays open and is paid once, later, like any award', async () => {
    const { runtime, adapter, running, testpay, clock } = world();
    runtime.join(7, ANA);
    const id = `${TEST_AWARD_PREFIX}${clock.now()}:${ANA.license}`;
    adapter.refusing = { code: 'inventory_full', item: 'bread', count: 2 };

    const [line] = await testpay('7');
    expect(line).toMatch(
      new RegExp(`^votereward testpay: TEST award ${id} for Ana \\(#7\\) is not paid yet \\(`),
    );
    expect(running.flow.pending().map((e) => e.id)).toEqual([id]);

    adapter.refusing = null;
    await running.flow.settlePlayer(ANA.license);
    await running.flow.settlePlayer(ANA.license);
    await clock.settle();
    expect(running.flow.pending()).toEqual([]);
    expect(adapter.paid.filter((p) => p.ref === id).map((p) => p.reward.type)).toEqual(['money', 'item']);
  });

  it.each([
    {
      what: 'an offline player',
      args: ['9'],
      line: 'votereward testpay: player 9 is not online; nothing paid',
    },
    {
      what: 'a player not loaded in the framework',
      args: ['8'],
      line: 'votereward testpay: Bo (#8) is online but not loaded in esx yet (no character); nothing paid, try again once they have spawned',
    },
    {
      what: 'a player without a license',
      args: ['6'],
      line: 'votereward testpay: player 6 has no license identifier; nothing paid',
    },
    {
      what: 'a word instead of an id',
      args: ['Ana'],
      line: 'votereward testpay: expected one player id (a whole number, as the server\'s player list shows it), got "Ana"',
    },
    {
      what: 'a missing id',
      args: [],
      line: 'votereward testpay: missing <id>',
    },
  ])('refuses $what with a clear line and pays nothing', async ({ args, line }) => {
    const { runtime, adapter, running, testpay } = world();
    runtime.join(8, { name: 'Bo', license: 'license:bbb' });
    runtime.join(6, { name: 'Cy', license: null });
    adapter.notLoaded.add(8);
    expect((await testpay(...args))[0]).toBe(line);
    expect(adapter.paid).toEqual([]);
    expect(running.flow.pending()).toEqual([]);
  });

  it('refuses while vote rewards are not running', async () => {
    const { runtime, adapter, testpay } = world(REWARDS, { inert: true });
    runtime.join(7, ANA);
    expect(await testpay('7')).toEqual([
      'votereward testpay: vote rewards are not running (see the start-up block); nothing paid',
    ]);
    expect(adapter.paid).toEqual([]);
  });
});
