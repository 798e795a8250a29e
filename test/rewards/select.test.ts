import { describe, expect, it } from 'vitest';
import { createFakeEsx } from '../../devkit/fakes/frameworks/esx';
import { createFakeHost } from '../../devkit/fakes/frameworks/host';
import { createFakeOxInventory } from '../../devkit/fakes/frameworks/ox-inventory';
import { createFakeQbcore, createFakeQbox } from '../../devkit/fakes/frameworks/qb';
import {
  detectFramework,
  rewardProblems,
  selectAdapter,
  supportedRewardTypes,
} from '../../src/rewards/select';
import type { Reward } from '../../src/rewards/types';

const money: Reward[] = [{ type: 'money', amount: 100 }];
const fn = () => undefined;

describe('framework detection', () => {
  it.each([
    { started: ['qbx_core', 'qb-core', 'es_extended', 'vrp'], expected: 'qbox' },
    { started: ['qb-core', 'es_extended', 'vrp'], expected: 'qbcore' },
    { started: ['es_extended', 'vrp'], expected: 'esx' },
    { started: ['vrp'], expected: 'vrp' },
    { started: [], expected: 'standalone' },
  ])('with $started started, auto picks $expected', ({ started, expected }) => {
    const fake = createFakeHost();
    for (const name of started) fake.addResource(name, {});
    expect(detectFramework(fake.host)).toBe(expected);
  });

  it('a framework resource that is only stopped is not detected', () => {
    const fake = createFakeHost();
    fake.addResource('qbx_core', {}, 'stopped');
    fake.addResource('es_extended', {});
    expect(detectFramework(fake.host)).toBe('esx');
  });
});

describe('selectAdapter', () => {
  it('auto on a Qbox server (which also provides qb-core) builds the qbox adapter', () => {
    const fake = createFakeHost();
    createFakeQbox(fake);
    createFakeQbcore(fake);
    const result = selectAdapter({ framework: 'auto', host: fake.host, rewards: money });
    expect(result.ok && result.adapter.name).toBe('qbox');
  });

  it.each([
    {
      framework: 'esx' as const,
      resource: 'es_extended',
      message: 'es_extended is started but exports neither RunStaticPlayerMethod nor getSharedObject',
    },
    {
      framework: 'qbcore' as const,
      resource: 'qb-core',
      message: 'qb-core is started but does not export GetCoreObject',
    },
    {
      framework: 'qbox' as const,
      resource: 'qbx_core',
      message: 'qbx_core is started but does not export GetPlayer, AddMoney, GetMoney',
    },
  ])('$framework without its exports names what is missing', ({ framework, resource, message }) => {
    const fake = createFakeHost();
    fake.addResource(resource, { SomethingElse: fn });
    expect(selectAdapter({ framework, host: fake.host, rewards: money })).toEqual({
      ok: false,
      problems: [message],
    });
  });

  it('an explicit framework whose resource is missing says so with its state', () => {
    const fake = createFakeHost();
    expect(selectAdapter({ framework: 'esx', host: fake.host, rewards: money })).toEqual({
      ok: false,
      problems: ['framework is "esx" but es_extended is not started (state: missing)'],
    });
  });

  it('an ESX with only getSharedObject is accepted', () => {
    const fake = createFakeHost();
    createFakeEsx(fake, { staticMethod: false });
    const result = selectAdapter({ framework: 'auto', host: fake.host, rewards: money });
    expect(result.ok && result.adapter.name).toBe('esx');
  });

  it('money, bank and item rewards on standalone are fatal, each named', () => {
    const fake = createFakeHost();
    const rewards: Reward[] = [
      { type: 'money', amount: 1 },
      { type: 'custom', command: 'say {name}' },
      { type: 'item', item: 'bread', count: 1 },
    ];
    const result = selectAdapter({ framework: 'auto', host: fake.host, rewards });
    expect(result).toEqual({
      ok: false,
      problems: [
        'reward[0]: type "money" needs a framework, but standalone supports only custom rewards',
        'reward[2]: type "item" needs a framework, but standalone supports only custom rewards',
      ],
    });
  });

  it('standalone with custom rewards is fine and runs the command', async () => {
    const fake = createFakeHost();
    const result = selectAdapter({
      framework: 'standalone',
      host: fake.host,
      rewards: [{ type: 'custom', command: 'say {name}' }],
    });
    if (!result.ok) throw new Error(result.problems.join());
    const ctx = { source: 1, name: 'Bob', license: 'license:1', voteId: 'v' };
    expect(await result.adapter.isPlayerReady(1)).toBe(true);
    expect(await result.adapter.give(ctx, { type: 'custom', command: 'say {name}' })).toEqual({ ok: true });
    expect(await result.adapter.give(ctx, { type: 'money', amount: 1 })).toMatchObject({ ok: false });
    expect(fake.commands).toEqual(['say Bob']);
  });

  it('invalid reward values and broken templates are reported with their index', () => {
    expect(
      rewardProblems('esx', [
        { type: 'bank', amount: 0 },
        { type: 'custom', command: 'say "{name}' },
      ]),
    ).toEqual([
      'reward[0]: bank reward amount must be a whole number greater than 0, got 0',
      'reward[1].command: command template has an unbalanced double quote',
    ]);
  });

  it.each([
    {
      label: 'Qbox without ox_inventory',
      build: (fake: ReturnType<typeof createFakeHost>) => createFakeQbox(fake),
      framework: 'qbox' as const,
      problem: 'item rewards on Qbox need ox_inventory, which is not started',
    },
    {
      label: 'QBCore without any inventory',
      build: (fake: ReturnType<typeof createFakeHost>) => createFakeQbcore(fake, { qbInventory: false }),
      framework: 'qbcore' as const,
      problem: 'item rewards on QBCore need ox_inventory or qb-inventory, and neither is started',
    },
    {
      label: 'ox_inventory missing AddItem and GetItemCount',
      build: (fake: ReturnType<typeof createFakeHost>) => {
        createFakeEsx(fake);
        fake.addResource('ox_inventory', { CanCarryItem: fn });
      },
      framework: 'esx' as const,
      problem: 'ox_inventory is started but does not export AddItem, GetItemCount',
    },
  ])('item rewards: $label is named', ({ build, framework, problem }) => {
    const fake = createFakeHost();
    build(fake);
    const result = selectAdapter({
      framework,
      host: fake.host,
      rewards: [{ type: 'item', item: 'bread', count: 1 }],
    });
    expect(result).toEqual({ ok: false, problems: [problem] });
  });

  it('item rewards on Qbox with ox_inventory are accepted', () => {
    const fake = createFakeHost();
    createFakeQbox(fake);
    createFakeOxInventory(fake);
    const result = selectAdapter({
      framework: 'qbox',
      host: fake.host,
      rewards: [{ type: 'item', item: 'bread', count: 1 }],
    });
    expect(result.ok).toBe(true);
  });

  it('vrp is selected on a started vrp resource and passes its options through', async () => {
    const fake = createFakeHost();
    fake.addResource('vrp', {});
    const result = selectAdapter({
      framework: 'auto',
      host: fake.host,
      rewards: money,
      vrp: { variant: 'creative', identifier: 'vr-test', nonce: 'n1' },
    });
    if (!result.ok) throw new Error(result.problems.join());
    expect(result.framework).toBe('vrp');
    expect(fake.listeners('vRP:vr-test-n1:proxy_res')).toBe(1);
  });

  it.each([0.4, 2.5])(
    'a fractional amount (%s) is refused with a clear message: frameworks round it differently',
    (amount) => {
      expect(rewardProblems('esx', [{ type: 'money', amount }])).toEqual([
        `reward[0]: money reward amount must be a whole number greater than 0, got ${amount}`,
      ]);
    },
  );

  it('qb-inventory 1.x (no CanAddItem) is accepted for item rewards', () => {
    const fake = createFakeHost();
    createFakeQbcore(fake, { qbInventoryV1: true });
    const result = selectAdapter({
      framework: 'qbcore',
      host: fake.host,
      rewards: [{ type: 'item', item: 'bread', count: 1 }],
    });
    expect(result.ok).toBe(true);
  });

  it.each([
    {
      label: 'ESX (ESX.Items)',
      build: (fake: ReturnType<typeof createFakeHost>) => createFakeEsx(fake),
      problem: 'the item "breadd" does not exist in ESX (ESX.Items); did you mean "bread"?',
    },
    {
      label: 'ox_inventory (Items)',
      build: (fake: ReturnType<typeof createFakeHost>) => {
        createFakeEsx(fake);
        createFakeOxInventory(fake);
      },
      problem: 'the item "breadd" is not defined in ox_inventory (data/items.lua)',
    },
    {
      label: 'qb-inventory (QBCore.Shared.Items)',
      build: (fake: ReturnType<typeof createFakeHost>) => createFakeQbcore(fake),
      problem: 'the item "breadd" is not in QBCore.Shared.Items; did you mean "bread"?',
    },
  ])('a misspelt item is refused at start against $label', async ({ build, problem }) => {
    const fake = createFakeHost();
    build(fake);
    const rewards: Reward[] = [
      { type: 'item', item: 'bread', count: 1 },
      { type: 'item', item: 'breadd', count: 1 },
    ];
    const result = selectAdapter({ framework: 'auto', host: fake.host, rewards });
    if (!result.ok) throw new Error(result.problems.join());
    expect(await result.adapter.startupProblems?.(rewards)).toEqual([problem]);
  });

  it.each([
    {
      label: 'ESX without a bank account (Config.Accounts)',
      build: (fake: ReturnType<typeof createFakeHost>) => createFakeEsx(fake, { accounts: ['money'] }),
      problem: 'ESX has no "bank" account (Config.Accounts): bank rewards cannot be paid',
    },
    {
      label: 'QBCore without a bank money type',
      build: (fake: ReturnType<typeof createFakeHost>) => createFakeQbcore(fake, { moneyTypes: ['cash'] }),
      problem: 'QBCore has no "bank" money type (QBCore.Config.Money.MoneyTypes)',
    },
  ])('an account the framework does not have is refused at start: $label', async ({ build, problem }) => {
    const fake = createFakeHost();
    build(fake);
    const rewards: Reward[] = [
      { type: 'money', amount: 5 },
      { type: 'bank', amount: 5 },
    ];
    const result = selectAdapter({ framework: 'auto', host: fake.host, rewards });
    if (!result.ok) throw new Error(result.problems.join());
    expect(await result.adapter.startupProblems?.(rewards)).toEqual([problem]);
  });

  it('supportedRewardTypes says what each adapter can give', () => {
    expect(supportedRewardTypes('standalone')).toEqual(['custom']);
    expect(supportedRewardTypes('qbox')).toEqual(['money', 'bank', 'item', 'custom']);
  });
});
