import { describe, expect, it } from 'vitest';
import { createFakeHost } from '../../devkit/fakes/frameworks/host';
import { createFakeVrp } from '../../devkit/fakes/frameworks/vrp';
import type { PayoutContext } from '../../src/rewards/types';
import { createVrpAdapter, createVrpProxy, proxyReturnValues } from '../../src/rewards/vrp';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

const ctx: PayoutContext = { source: 2, name: 'Rui', license: 'license:2', voteId: 'vote-3' };

describe('vRP proxy client', () => {
  it('gets a synchronous answer: the rid is registered before the emit', async () => {
    const fake = createFakeHost();
    const vrp = createFakeVrp(fake, { reply: 'sync' });
    vrp.join(2, 10);
    const proxy = createVrpProxy({ host: fake.host });
    expect(await proxy.call('getUserId', 2)).toEqual({ ok: true, value: 10, values: [10] });
    expect(proxy.pending()).toBe(0);
    expect(fake.pendingTimers()).toBe(0);
  });

  it('waits for a delayed answer (a member that yields)', async () => {
    const fake = createFakeHost();
    const vrp = createFakeVrp(fake, { reply: 'delayed', delayMs: 300 });
    vrp.join(2, 10);
    const proxy = createVrpProxy({ host: fake.host, timeoutMs: 1000 });
    const call = proxy.call('getUserId', 2);
    expect(proxy.pending()).toBe(1);
    fake.advance(300);
    expect(await call).toEqual({ ok: true, value: 10, values: [10] });
  });

  it('gives up after the timeout when vRP never answers, and ignores a late answer', async () => {
    const fake = createFakeHost();
    createFakeVrp(fake, { reply: 'never' });
    const proxy = createVrpProxy({ host: fake.host, timeoutMs: 2000 });
    const call = proxy.call('giveMoney', 10, 5);
    fake.advance(1999);
    expect(proxy.pending()).toBe(1);
    fake.advance(1);
    const result = await call;
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.detail).toContain('vRP.giveMoney gave no answer within 2000 ms');
    fake.host.emit(proxy.replyEvent, 1, [true]);
    expect(proxy.pending()).toBe(0);
  });

  it('answers to other identifiers or unknown rids are ignored', async () => {
    const fake = createFakeHost();
    const proxy = createVrpProxy({ host: fake.host, timeoutMs: 100 });
    const call = proxy.call('getUserId', 2);
    fake.host.emit('vRP:someone-else:proxy_res', 1, [99]);
    fake.host.emit(proxy.replyEvent, 42, [99]);
    fake.advance(100);
    expect((await call).ok).toBe(false);
  });

  it('wraps the args table once more for old forks', async () => {
    const fake = createFakeHost();
    const vrp = createFakeVrp(fake, { wrappedArgs: true });
    vrp.join(2, 10);
    const proxy = createVrpProxy({ host: fake.host, wrapArgs: true, nonce: 'n1' });
    expect((await proxy.call('getUserId', 2)).values).toEqual([10]);
    expect(fake.emitted[0]?.args).toEqual(['getUserId', [[2]], 'vote-reward-n1', 1]);
  });

  it('dispose fails waiting calls and removes the reply handler', async () => {
    const fake = createFakeHost();
    const proxy = createVrpProxy({ host: fake.host });
    const call = proxy.call('getUserId', 2);
    proxy.dispose();
    expect((await call).ok).toBe(false);
    expect(fake.listeners(proxy.replyEvent)).toBe(0);
  });

  it('a late answer meant for the instance before a restart never answers the new instance (same rid)', async () => {
    const fake = createFakeHost();
    const before = createVrpProxy({ host: fake.host, timeoutMs: 100 });
    void before.call('giveBankMoney', 10, 5);
    before.dispose();
    const after = createVrpProxy({ host: fake.host, timeoutMs: 100 });
    expect(after.replyEvent).not.toBe(before.replyEvent);
    expect(after.replyEvent).toMatch(/^vRP:vote-reward-[a-z0-9]+:proxy_res$/);
    const call = after.call('getUserId', 2);
    fake.host.emit(before.replyEvent, 1, [true]);
    expect(after.pending()).toBe(1);
    fake.host.emit(after.replyEvent, 1, [10]);
    expect(await call).toEqual({ ok: true, value: 10, values: [10] });
  });

  it.each([
    ['a Lua sequence', [1, 'a'], [1, 'a']],
    ['a table.pack map', { 1: 7, 2: false, n: 2 }, [7, false]],
    ['table.pack of nothing', { n: 0 }, []],
    ['garbage', 'x', []],
  ])('normalises rets given as %s', (_label, rets, values) => {
    expect(proxyReturnValues(rets)).toEqual(values);
  });
});

describe('vRP 1 / vRPex adapter', () => {
  const setup = (reply: 'sync' | 'delayed' = 'sync') => {
    const fake = createFakeHost();
    const vrp = createFakeVrp(fake, { reply });
    return { fake, vrp, adapter: createVrpAdapter({ host: fake.host, timeoutMs: 1000 }) };
  };

  it('a player without a user id is not ready and is not paid', async () => {
    const { adapter, vrp } = setup();
    expect(await adapter.isPlayerReady(2)).toBe(false);
    expect(await adapter.give(ctx, { type: 'money', amount: 5 })).toEqual({
      ok: false,
      problem: { code: 'player_not_loaded' },
    });
    expect(vrp.calls.map((c) => c.member)).toEqual(['getUserId', 'getUserId']);
  });

  it('a paying member vRP does not have (renamed in this base) pays nothing and is not counted as paid', async () => {
    const fake = createFakeHost();
    const vrp = createFakeVrp(fake);
    vrp.join(2, 10);
    const adapter = createVrpAdapter({ host: fake.host, members: { giveBank: 'addBankMoney' } });
    const result = await adapter.give(ctx, { type: 'bank', amount: 60 });
    expect(result).toMatchObject({ ok: false, problem: { code: 'framework_error' } });
    expect(JSON.stringify(result)).toContain('did not change');
    expect(vrp.user(10)?.bank).toBe(0);
  });

  it('giveInventoryItem adds any name: an item vRP does not define is never given (no ghost item)', async () => {
    const fake = createFakeHost();
    const vrp = createFakeVrp(fake);
    vrp.join(2, 10);
    const adapter = createVrpAdapter({ host: fake.host });
    const result = await adapter.give(ctx, { type: 'item', item: 'breadd', count: 1 });
    expect(result).toEqual({
      ok: false,
      problem: {
        code: 'framework_error',
        detail: 'the item "breadd" is not defined in vRP: fix the reward in config.json',
      },
    });
    expect(vrp.user(10)?.items).toEqual({});
  });

  it('giveInventoryItem adds any name: an item vRP does not define is refused at start', async () => {
    const fake = createFakeHost();
    createFakeVrp(fake);
    const adapter = createVrpAdapter({ host: fake.host });
    expect(
      await adapter.startupProblems?.([
        { type: 'item', item: 'bread', count: 1 },
        { type: 'item', item: 'breadd', count: 1 },
      ]),
    ).toEqual(['the item "breadd" is not defined in vRP (vRP.getItemDefinition answered nothing)']);
  });

  it.each([
    { key: 'giveMoney', member: 'giveMoneyy', reward: { type: 'money', amount: 5 } },
    { key: 'giveBank', member: 'addBankMoney', reward: { type: 'bank', amount: 5 } },
    { key: 'giveItem', member: 'giveItem', reward: { type: 'item', item: 'bread', count: 1 } },
  ] as const)(
    'a renamed paying member ($member for $key) is refused at start, naming vrp.members.$key, without paying anyone',
    async ({ key, member, reward }) => {
      const fake = createFakeHost();
      const vrp = createFakeVrp(fake);
      vrp.join(2, 10);
      const renamed = createVrpAdapter({ host: fake.host, members: { [key]: member } });
      expect(await renamed.startupProblems?.([reward])).toEqual([
        `vRP has no member ${member} (vrp.members.${key}, variant vrp1): set "vrp": { "members": { "${key}": ... } } in config.json to the name your base uses`,
      ]);
      const right = createVrpAdapter({ host: fake.host });
      expect(await right.startupProblems?.([reward])).toEqual([]);
      expect(vrp.user(10)).toMatchObject({ wallet: 0, bank: 0, items: {} });
    },
  );

  it('Creative: a renamed GiveBank is refused at start, naming vrp.members.giveBank', async () => {
    const fake = createFakeHost();
    createFakeVrp(fake, { variant: 'creative' });
    const adapter = createVrpAdapter({
      host: fake.host,
      variant: 'creative',
      members: { giveBank: 'AddBank' },
    });
    expect(await adapter.startupProblems?.([{ type: 'bank', amount: 5 }])).toEqual([
      'vRP has no member AddBank (vrp.members.giveBank, variant creative): set "vrp": { "members": { "giveBank": ... } } in config.json to the name your base uses',
    ]);
  });

  it.each([
    { label: 'vRP 1 on vRP 1', fakeVariant: 'vrp1', variant: 'vrp1', problems: 0 },
    { label: 'vRP 1 names on vRP 2', fakeVariant: 'vrp2', variant: 'vrp1', problems: 1 },
    { label: 'Creative names on vRP 1', fakeVariant: 'vrp1', variant: 'creative', problems: 2 },
    { label: 'vRP 2 with a money reward', fakeVariant: 'vrp2', variant: 'vrp2', problems: 1 },
  ] as const)(
    'start-up probe: $label gives $problems problem(s)',
    async ({ fakeVariant, variant, problems }) => {
      const fake = createFakeHost();
      createFakeVrp(fake, { variant: fakeVariant });
      const adapter = createVrpAdapter({ host: fake.host, variant });
      const found = (await adapter.startupProblems?.([{ type: 'money', amount: 5 }])) ?? [];
      expect(found).toHaveLength(problems);
      if (problems > 0)
        expect(found[0]).toMatch(/answered nothing|vRP 2 offers other resources only loadScript/);
    },
  );

  it('pays wallet with giveMoney and bank with giveBankMoney, by user id', async () => {
    const { adapter, vrp } = setup();
    vrp.join(2, 10);
    expect(await adapter.give(ctx, { type: 'money', amount: 40 })).toEqual({ ok: true });
    expect(await adapter.give(ctx, { type: 'bank', amount: 60 })).toEqual({ ok: true });
    expect(vrp.user(10)).toMatchObject({ wallet: 40, bank: 60 });
    expect(vrp.calls.filter((c) => c.member.startsWith('give'))).toEqual([
      { member: 'giveMoney', args: [10, 40] },
      { member: 'giveBankMoney', args: [10, 60] },
    ]);
  });

  it('works when every answer is delayed', async () => {
    const { adapter, vrp, fake } = setup('delayed');
    vrp.join(2, 10);
    const pay = adapter.give(ctx, { type: 'bank', amount: 5 });
    for (let i = 0; i < 20; i++) {
      await flush();
      fake.advance(100);
    }
    expect(await pay).toEqual({ ok: true });
    expect(vrp.user(10)?.bank).toBe(5);
  });

  it('items: weight check then giveInventoryItem; too heavy stays pending', async () => {
    const { adapter, vrp } = setup();
    vrp.join(2, 10);
    expect(await adapter.give(ctx, { type: 'item', item: 'bread', count: 4 })).toEqual({ ok: true });
    expect(vrp.user(10)?.items.bread).toBe(4);
    expect(await adapter.canReceive(ctx, [{ type: 'item', item: 'bread', count: 7 }])).toEqual({
      ok: false,
      problem: { code: 'inventory_full', item: 'bread', count: 7 },
    });
  });

  it('a paying member that raises (no answer) has an unknown outcome after the timeout, never a retryable error', async () => {
    const fake = createFakeHost();
    const vrp = createFakeVrp(fake);
    vrp.join(2, 10);
    const adapter = createVrpAdapter({ host: fake.host, timeoutMs: 500 });
    expect(await adapter.isPlayerReady(2)).toBe(true);
    vrp.raise('giveMoney');
    const pay = adapter.give(ctx, { type: 'money', amount: 5 });
    await flush();
    fake.advance(500);
    expect(await pay).toMatchObject({ ok: false, problem: { code: 'outcome_unknown' } });
  });
});

describe('Creative vRP adapter', () => {
  const setup = () => {
    const fake = createFakeHost();
    const vrp = createFakeVrp(fake, { variant: 'creative', rets: 'packed' });
    return {
      fake,
      vrp,
      adapter: createVrpAdapter({ host: fake.host, variant: 'creative', cashItem: 'dollar' }),
    };
  };

  it('Passport false means not loaded', async () => {
    const { adapter } = setup();
    expect(await adapter.isPlayerReady(2)).toBe(false);
  });

  it('bank goes through GiveBank, cash is the configured cash item, items through GenerateItem', async () => {
    const { adapter, vrp } = setup();
    vrp.join(2, 77);
    expect(await adapter.give(ctx, { type: 'bank', amount: 100 })).toEqual({ ok: true });
    expect(await adapter.give(ctx, { type: 'money', amount: 30 })).toEqual({ ok: true });
    expect(await adapter.give(ctx, { type: 'item', item: 'bread', count: 2 })).toEqual({ ok: true });
    expect(vrp.user(77)).toMatchObject({ bank: 100, items: { dollar: 30, bread: 2 } });
    expect(vrp.calls.map((c) => c.member)).toContain('CheckWeight');
  });

  /** The recorded base: no CheckWeight, slots 6..GetWeight, cash is the item dollars. */
  const recordedBase = (maxWeight = 10) => {
    const fake = createFakeHost();
    const vrp = createFakeVrp(fake, {
      variant: 'creative',
      checkWeight: false,
      maxWeight,
      items: { water: 0.25, bread: 1, dollars: 0 },
    });
    return { fake, vrp };
  };
  const money30 = { type: 'money', amount: 30 } as const;
  const bread2 = { type: 'item', item: 'bread', count: 2 } as const;

  it.each([
    { label: 'money (the cash item)', reward: money30 },
    { label: 'an item', reward: bread2 },
  ])(
    'no free slot in 6..GetWeight (GenerateItem would drop it silently): $label is refused as a full inventory before anything is generated',
    async ({ reward }) => {
      const { fake, vrp } = recordedBase(6);
      vrp.model.join(2, 77, { items: { water: 1 } });
      const adapter = createVrpAdapter({ host: fake.host, variant: 'creative', cashItem: 'dollars' });
      const full = {
        ok: false,
        problem: {
          code: 'inventory_full',
          item: reward.type === 'item' ? 'bread' : 'dollars',
          count: reward.type === 'item' ? 2 : 30,
        },
      };
      if (reward.type === 'item') expect(await adapter.canReceive(ctx, [reward])).toEqual(full);
      expect(await adapter.give(ctx, reward)).toEqual(full);
      expect(vrp.calls.map((c) => c.member)).not.toContain('GenerateItem');
      expect(vrp.user(77)?.items).toEqual({ water: 1 });
    },
  );

  it('a slot holding the same item takes more of it when no slot is empty', async () => {
    const { fake, vrp } = recordedBase(6);
    vrp.model.join(2, 77, { items: { water: 1 } });
    const adapter = createVrpAdapter({ host: fake.host, variant: 'creative', cashItem: 'dollars' });
    expect(await adapter.give(ctx, { type: 'item', item: 'water', count: 2 })).toEqual({ ok: true });
    expect(vrp.user(77)?.items).toEqual({ water: 3 });
  });

  it('too heavy for GetWeight (GenerateItem checks no weight) is refused as a full inventory, nothing generated', async () => {
    const { fake, vrp } = recordedBase(10);
    vrp.join(2, 77);
    const adapter = createVrpAdapter({ host: fake.host, variant: 'creative', cashItem: 'dollars' });
    const water200 = { type: 'item', item: 'water', count: 200 } as const;
    const full = { ok: false, problem: { code: 'inventory_full', item: 'water', count: 200 } };
    expect(await adapter.canReceive(ctx, [water200])).toEqual(full);
    expect(await adapter.give(ctx, water200)).toEqual(full);
    expect(await adapter.give(ctx, { type: 'item', item: 'water', count: 40 })).toEqual({ ok: true });
    expect(vrp.user(77)?.items).toEqual({ water: 40 });
  });

  it('a cash item missing from the item list is refused at start, naming vrp.cashItem and the cash item the base has', async () => {
    const { fake } = recordedBase();
    const adapter = createVrpAdapter({ host: fake.host, variant: 'creative' });
    expect(await adapter.startupProblems?.([money30])).toEqual([
      'the cash item "dollar" (setting vrp.cashItem) is not in this vRP base\'s item list, so cash would be paid as a ghost item; this base has "dollars": set "vrp": { "cashItem": "dollars" } in config.json',
    ]);
    const right = createVrpAdapter({ host: fake.host, variant: 'creative', cashItem: 'dollars' });
    expect(await right.startupProblems?.([money30])).toEqual([]);
  });

  it('a cash item missing from the item list is never paid as a ghost item', async () => {
    const { fake, vrp } = recordedBase();
    vrp.join(2, 77);
    const adapter = createVrpAdapter({ host: fake.host, variant: 'creative' });
    expect(await adapter.give(ctx, money30)).toEqual({
      ok: false,
      problem: {
        code: 'framework_error',
        detail:
          'the item "dollar" is not in this vRP base\'s item list: set vrp.cashItem in config.json to the cash item of this base',
      },
    });
    expect(vrp.user(77)?.items).toEqual({});
  });

  it('an item reward missing from the item list is refused at start and never given', async () => {
    const { fake, vrp } = recordedBase();
    vrp.join(2, 77);
    const adapter = createVrpAdapter({ host: fake.host, variant: 'creative', cashItem: 'dollars' });
    const breadd = { type: 'item', item: 'breadd', count: 1 } as const;
    expect(await adapter.startupProblems?.([bread2, breadd])).toEqual([
      'the item "breadd" is not in this vRP base\'s item list (vRP.ChestWeight gives it no weight entry), so GenerateItem would create a ghost item',
    ]);
    expect(await adapter.give(ctx, breadd)).toMatchObject({
      ok: false,
      problem: { code: 'framework_error' },
    });
    expect(vrp.user(77)?.items).toEqual({});
  });

  it('CheckWeight false is a full inventory', async () => {
    const { adapter, vrp } = setup();
    vrp.join(2, 77);
    vrp.setWeight(77, 10);
    expect(await adapter.give(ctx, { type: 'item', item: 'bread', count: 1 })).toEqual({
      ok: false,
      problem: { code: 'inventory_full', item: 'bread', count: 1 },
    });
  });
});
