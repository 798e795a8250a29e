import { describe, expect, it } from 'vitest';
import { createFakeHost, type FakeHost } from '../../devkit/fakes/frameworks/host';
import { createFakeVrp } from '../../devkit/fakes/frameworks/vrp';
import { createAdapter } from '../../src/rewards/base';
import { giveCustomReward } from '../../src/rewards/custom';
import { createEsxAdapter } from '../../src/rewards/esx';
import { createQbcoreAdapter } from '../../src/rewards/qbcore';
import { createQboxAdapter } from '../../src/rewards/qbox';
import type { PayoutContext, Reward } from '../../src/rewards/types';
import { createVrpAdapter, type VrpVariant } from '../../src/rewards/vrp';

const ctx: PayoutContext = { source: 2, name: 'Rui', license: 'license:2', voteId: 'vote-7' };
const TIMEOUT_MS = 1000;

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Lets vRP run `member` but loses its answer, as when the reply is dropped or comes after the timeout. */
const loseAnswersOf = (fake: FakeHost, member: string, deliverLateAfterMs?: number) => {
  const emit = fake.host.emit;
  const lost = new Set<unknown>();
  fake.host.emit = (event, ...args) => {
    if (event === 'vRP:proxy' && args[0] === member) lost.add(args[3]);
    if (event.endsWith(':proxy_res') && lost.has(args[0])) {
      lost.delete(args[0]);
      if (deliverLateAfterMs !== undefined) {
        fake.host.setTimeout(() => emit(event, ...args), deliverLateAfterMs);
      }
      return;
    }
    emit(event, ...args);
  };
};

/** vRP runs `member` only after `delayMs` (it yielded on SQL before paying), answering then. */
const deferMember = (fake: FakeHost, member: string, delayMs: number) => {
  const emit = fake.host.emit;
  fake.host.emit = (event, ...args) => {
    if (event === 'vRP:proxy' && args[0] === member) {
      fake.host.setTimeout(() => emit(event, ...args), delayMs);
      return;
    }
    emit(event, ...args);
  };
};

/** Awaits a payout while moving the fake host clock past the proxy timeout. */
const throughTimeout = async <T>(fake: FakeHost, payout: Promise<T>) => {
  for (let i = 0; i < 10; i++) {
    await flush();
    fake.advance(TIMEOUT_MS / 2);
  }
  return payout;
};

const vrpSetup = (variant: VrpVariant) => {
  const fake = createFakeHost();
  const vrp = createFakeVrp(fake, { variant, rets: variant === 'creative' ? 'packed' : 'sequence' });
  vrp.join(2, 10);
  const warnings: string[] = [];
  fake.host.log = { ...fake.host.log, warn: (message) => warnings.push(message) };
  const adapter = createVrpAdapter({ host: fake.host, variant, timeoutMs: TIMEOUT_MS });
  return { fake, vrp, adapter, warnings };
};

const PAYING_MEMBERS = [
  { variant: 'vrp1', reward: { type: 'money', amount: 40 }, member: 'giveMoney', paid: { wallet: 40 } },
  { variant: 'vrp1', reward: { type: 'bank', amount: 60 }, member: 'giveBankMoney', paid: { bank: 60 } },
  {
    variant: 'vrp1',
    reward: { type: 'item', item: 'bread', count: 2 },
    member: 'giveInventoryItem',
    paid: { items: { bread: 2 } },
  },
  { variant: 'creative', reward: { type: 'bank', amount: 60 }, member: 'GiveBank', paid: { bank: 60 } },
  {
    variant: 'creative',
    reward: { type: 'money', amount: 30 },
    member: 'GenerateItem',
    paid: { items: { dollar: 30 } },
  },
] as { variant: VrpVariant; reward: Reward; member: string; paid: object }[];

describe('vRP: a paying member whose answer never comes is judged by what it changed', () => {
  it.each(PAYING_MEMBERS)(
    '$variant $member ran but its answer was lost: the reading shows it paid, once',
    async ({ variant, reward, member, paid }) => {
      const { fake, vrp, adapter } = vrpSetup(variant);
      loseAnswersOf(fake, member);
      expect(await throughTimeout(fake, adapter.give(ctx, reward))).toEqual({ ok: true });
      expect(vrp.user(10)).toMatchObject(paid);
      expect(vrp.calls.filter((c) => c.member === member)).toHaveLength(1);
    },
  );

  it.each(PAYING_MEMBERS)(
    '$variant $member still running when the timeout fires (it yielded): outcome_unknown, and a later reading says it paid',
    async ({ variant, reward, member, paid }) => {
      const { fake, vrp, adapter } = vrpSetup(variant);
      const before = await adapter.confirm?.(ctx, reward, 0);
      expect(before).toEqual({ code: 'not_paid' });
      deferMember(fake, member, TIMEOUT_MS * 2);
      const result = await throughTimeout(fake, adapter.give(ctx, reward));
      expect(result).toMatchObject({ ok: false, problem: { code: 'outcome_unknown' } });
      expect(result.ok ? '' : result.problem.code === 'outcome_unknown' && result.problem.detail).toContain(
        `vRP.${member} gave no answer within ${TIMEOUT_MS} ms`,
      );
      fake.advance(TIMEOUT_MS * 2);
      expect(vrp.user(10)).toMatchObject(paid);
      const confirm = adapter.confirm;
      if (!confirm) throw new Error('the vRP adapter confirms payouts');
      expect(await throughTimeout(fake, confirm(ctx, reward, 0))).toEqual({ code: 'paid' });
    },
  );

  it('reports a late answer to admins: the member did run', async () => {
    const { fake, adapter, warnings } = vrpSetup('vrp1');
    loseAnswersOf(fake, 'giveBankMoney', TIMEOUT_MS * 2);
    const result = await throughTimeout(fake, adapter.give(ctx, { type: 'bank', amount: 60 }));
    expect(result).toEqual({ ok: true });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('vRP.giveBankMoney(10, 60) answered after the 1000 ms timeout');
    expect(warnings[0]).toContain('it did run');
  });

  it('a payout still waiting when the proxy is disposed (resource reload) has an unknown outcome', async () => {
    const { fake, adapter } = vrpSetup('vrp1');
    loseAnswersOf(fake, 'giveMoney');
    const payout = adapter.give(ctx, { type: 'money', amount: 5 });
    for (let i = 0; i < 5; i++) await flush();
    adapter.dispose();
    expect(await payout).toMatchObject({ ok: false, problem: { code: 'outcome_unknown' } });
  });

  it.each([
    {
      label: 'before vRP ran it',
      reaches: false,
      expected: { ok: false, problem: { code: 'framework_error' } },
    },
    { label: 'after vRP answered', reaches: true, expected: { ok: true } },
  ])(
    'an emit of a paying request that throws $label: the wallet read after it decides',
    async ({ reaches, expected }) => {
      const { fake, adapter, vrp } = vrpSetup('vrp1');
      const emit = fake.host.emit;
      fake.host.emit = (event, ...args) => {
        if (event === 'vRP:proxy' && args[0] === 'giveMoney') {
          if (reaches) emit(event, ...args);
          throw new Error('a listener raised');
        }
        emit(event, ...args);
      };
      expect(await adapter.give(ctx, { type: 'money', amount: 5 })).toMatchObject(expected);
      expect(vrp.user(10)?.wallet).toBe(reaches ? 5 : 0);
    },
  );

  it.each([
    { label: 'getUserId (who the player is)', member: 'getUserId', expected: 'player_not_loaded' },
    { label: 'getInventoryWeight (capacity)', member: 'getInventoryWeight', expected: 'framework_error' },
    {
      label: 'getInventoryItemAmount (the reading)',
      member: 'getInventoryItemAmount',
      expected: 'framework_error',
    },
  ])(
    'a read that times out, $label, is never outcome_unknown and sends nothing that pays',
    async ({ member, expected }) => {
      const { fake, vrp, adapter } = vrpSetup('vrp1');
      loseAnswersOf(fake, member);
      const result = await throughTimeout(fake, adapter.give(ctx, { type: 'item', item: 'bread', count: 1 }));
      expect(result).toMatchObject({ ok: false, problem: { code: expected } });
      expect(vrp.calls.map((c) => c.member)).not.toContain('giveInventoryItem');
    },
  );

  it('Creative CheckWeight timing out is a framework error: a capacity check pays nothing', async () => {
    const { fake, adapter } = vrpSetup('creative');
    loseAnswersOf(fake, 'CheckWeight');
    const result = await throughTimeout(
      fake,
      adapter.canReceive(ctx, [{ type: 'item', item: 'bread', count: 1 }]),
    );
    expect(result).toMatchObject({ ok: false, problem: { code: 'framework_error' } });
  });
});

describe('custom rewards: a step failing after something ran', () => {
  const raising = (fake: FakeHost, event: string) => {
    let ran = 0;
    fake.host.on(event, () => {
      ran += 1;
    });
    fake.host.on(event, () => {
      throw new Error('shop listener raised');
    });
    return () => ran;
  };

  it('the command ran, then the event failed: outcome_unknown naming both', async () => {
    const fake = createFakeHost();
    const listenerRuns = raising(fake, 'shop:voted');
    const result = await giveCustomReward(fake.host, ctx, {
      type: 'custom',
      command: 'givecar {source} adder',
      event: 'shop:voted',
    });
    expect(fake.commands).toEqual(['givecar 2 adder']);
    expect(listenerRuns()).toBe(1);
    expect(result).toEqual({
      ok: false,
      problem: {
        code: 'outcome_unknown',
        detail:
          'the console command ran, then event shop:voted failed: shop listener raised; its listeners may or may not have acted',
      },
    });
  });

  it('an event-only reward whose listeners raised is outcome_unknown: earlier listeners already acted', async () => {
    const fake = createFakeHost();
    const listenerRuns = raising(fake, 'shop:voted');
    const result = await giveCustomReward(fake.host, ctx, { type: 'custom', event: 'shop:voted' });
    expect(listenerRuns()).toBe(1);
    expect(result).toMatchObject({ ok: false, problem: { code: 'outcome_unknown' } });
  });

  it('ExecuteCommand refusing the command is a framework error and the event is not emitted', async () => {
    const fake = createFakeHost();
    fake.host.executeCommand = () => {
      throw new Error('invalid command');
    };
    const result = await giveCustomReward(fake.host, ctx, {
      type: 'custom',
      command: 'givecar {source}',
      event: 'shop:voted',
    });
    expect(result).toMatchObject({ ok: false, problem: { code: 'framework_error' } });
    expect(fake.emitted).toEqual([]);
  });
});

describe('exports that raise: the balance or count read after the call decides', () => {
  const loaded = { PlayerData: { source: 2, money: { cash: 0, bank: 0 } } };

  /** qbx_core whose AddMoney raises after `credit` (what it adds first) — as when ox_inventory is down. */
  const qbxRaising = (credit: (amount: number) => number) => {
    const fake = createFakeHost();
    let bank = 100;
    fake.addResource('qbx_core', {
      GetPlayer: () => loaded,
      GetMoney: () => bank,
      AddMoney: (_id: unknown, _type: unknown, amount: unknown) => {
        bank += credit(Number(amount));
        throw new Error('exports.ox_inventory:SetItem: No such export SetItem in resource ox_inventory');
      },
    });
    return { adapter: createQboxAdapter({ host: fake.host }), bank: () => bank };
  };

  it.each([
    { label: 'after adding exactly the amount: paid', credit: (n: number) => n, code: undefined, bank: 109 },
    {
      label: 'before adding anything: not paid, safe to retry',
      credit: () => 0,
      code: 'framework_error',
      bank: 100,
    },
    {
      label: 'while something else also moved the balance: outcome_unknown for an admin',
      credit: (n: number) => n + 1,
      code: 'outcome_unknown',
      bank: 110,
    },
  ])('Qbox AddMoney raising $label', async ({ credit, code, bank }) => {
    const qbx = qbxRaising(credit);
    const result = await qbx.adapter.give(ctx, { type: 'bank', amount: 9 });
    if (code === undefined) expect(result).toEqual({ ok: true });
    else expect(result).toMatchObject({ ok: false, problem: { code } });
    expect(qbx.bank()).toBe(bank);
  });

  it('Qbox without an AddMoney export is a framework error: nothing was called', async () => {
    const fake = createFakeHost();
    fake.addResource('qbx_core', { GetPlayer: () => loaded, GetMoney: () => 0 });
    const result = await createQboxAdapter({ host: fake.host }).give(ctx, { type: 'bank', amount: 9 });
    expect(result).toMatchObject({ ok: false, problem: { code: 'framework_error' } });
  });

  it('QBCore Player.Functions.AddMoney raising after it added is paid, once', async () => {
    const fake = createFakeHost();
    let cash = 0;
    let calls = 0;
    const player = {
      PlayerData: { source: 2 },
      Functions: {
        GetMoney: () => cash,
        AddMoney: (_type: unknown, amount: unknown) => {
          calls += 1;
          cash += Number(amount);
          throw new Error('UpdatePlayerData failed');
        },
      },
    };
    fake.addResource('qb-core', { GetCoreObject: () => ({ Functions: { GetPlayer: () => player } }) });
    const result = await createQbcoreAdapter({ host: fake.host }).give(ctx, { type: 'money', amount: 3 });
    expect(result).toEqual({ ok: true });
    expect([cash, calls]).toEqual([3, 1]);
  });

  it('qb-inventory AddItem raising without adding is not paid; CanAddItem raising is a framework error', async () => {
    const fake = createFakeHost();
    const player = { PlayerData: { source: 2 }, Functions: {} };
    fake.addResource('qb-core', { GetCoreObject: () => ({ Functions: { GetPlayer: () => player } }) });
    let canAddRaises = false;
    fake.addResource('qb-inventory', {
      CanAddItem: () => {
        if (canAddRaises) throw new Error('inventory not found');
        return true;
      },
      GetItemsByName: () => [],
      AddItem: () => {
        throw new Error('TriggerClientEvent failed');
      },
    });
    const adapter = createQbcoreAdapter({ host: fake.host });
    const bread: Reward = { type: 'item', item: 'bread', count: 1 };
    expect(await adapter.give(ctx, bread)).toMatchObject({ ok: false, problem: { code: 'framework_error' } });
    canAddRaises = true;
    expect(await adapter.give(ctx, bread)).toMatchObject({ ok: false, problem: { code: 'framework_error' } });
  });

  describe('ESX', () => {
    const esx = (method: (name: string, ...args: unknown[]) => unknown) => {
      const fake = createFakeHost();
      fake.addResource('es_extended', {
        RunStaticPlayerMethod: (_src: unknown, name: unknown, ...args: unknown[]) =>
          name === 'getIdentifier' ? 'char1:abc' : method(String(name), ...args),
      });
      return createEsxAdapter({ host: fake.host, inventory: 'framework' });
    };

    it('addAccountMoney crediting, then raising (ox_inventory override, ox stopped), is paid: ESX raises after touching the balance', async () => {
      let bank = 1000;
      let calls = 0;
      const adapter = esx((name, ...args) => {
        if (name === 'getAccount') return { name: 'bank', money: bank };
        calls += 1;
        bank += Number(args[1]);
        throw new Error("attempt to index a nil value (upvalue 'Inventory')");
      });
      expect(await adapter.give(ctx, { type: 'bank', amount: 750 })).toEqual({ ok: true });
      expect([bank, calls]).toEqual([1750, 1]);
    });

    it('addAccountMoney raising before touching the balance is not paid (framework_error, safe to retry)', async () => {
      const adapter = esx((name) => {
        if (name === 'getAccount') return { name: 'bank', money: 1000 };
        throw new Error('Tried To Set Add To Invalid Account bank');
      });
      expect(await adapter.give(ctx, { type: 'bank', amount: 5 })).toMatchObject({
        ok: false,
        problem: { code: 'framework_error' },
      });
    });

    it('addInventoryItem raising after it added is paid, once', async () => {
      let bread = 0;
      const adapter = esx((name, ...args) => {
        if (name === 'canCarryItem') return true;
        if (name === 'getInventoryItem') return { name: 'bread', count: bread };
        bread += Number(args[1]);
        throw new Error('esx:onAddInventoryItem handler failed');
      });
      expect(await adapter.give(ctx, { type: 'item', item: 'bread', count: 2 })).toEqual({ ok: true });
      expect(bread).toBe(2);
    });

    it('an xPlayer look-up that throws never reached addInventoryItem: framework error', async () => {
      const fake = createFakeHost();
      let lookUps = 0;
      const added: unknown[] = [];
      const xPlayer = {
        getIdentifier: () => 'char1:abc',
        canCarryItem: () => true,
        getInventoryItem: () => ({ name: 'bread', count: 0 }),
        addInventoryItem: (...args: unknown[]) => added.push(args),
      };
      fake.addResource('es_extended', {
        getSharedObject: () => ({
          GetPlayerFromId: () => {
            lookUps += 1;
            // Ready check, capacity check, reading and the character's id succeed; the look-up (and its one retry)
            // before adding fail.
            if (lookUps === 5 || lookUps === 6) throw new Error('function reference is no longer valid');
            return xPlayer;
          },
        }),
      });
      const adapter = createEsxAdapter({ host: fake.host, inventory: 'framework' });
      const result = await adapter.give(ctx, { type: 'item', item: 'bread', count: 1 });
      expect(result).toMatchObject({ ok: false, problem: { code: 'framework_error' } });
      expect(added).toEqual([]);
    });
  });

  it.each([
    {
      label: 'the balance did not move: not paid',
      after: { ok: true, value: 0 } as const,
      expected: {
        code: 'framework_error',
        detail:
          "money 1: the call failed (qbox payout threw: Cannot read properties of undefined (reading 'money')), but the cash balance (qbox) did not change (0): nothing was paid",
      },
    },
    {
      label: 'the balance cannot be read after it: outcome_unknown',
      after: { ok: false, detail: 'qbx_core stopped' } as const,
      expected: {
        code: 'outcome_unknown',
        detail:
          "money 1: the call failed (qbox payout threw: Cannot read properties of undefined (reading 'money')), then the cash balance (qbox) could not be read (qbx_core stopped); it may or may not have paid",
      },
    },
  ])('a primitive that throws mid-payout (a bug, not a refusal), $label', async ({ after, expected }) => {
    const fake = createFakeHost();
    const readings = [{ ok: true, value: 0 } as const, after];
    const adapter = createAdapter({
      name: 'qbox',
      host: fake.host,
      isPlayerReady: async () => true,
      readMoney: async () => readings.shift() ?? { ok: false, detail: 'no more readings' },
      giveMoney: async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'money')");
      },
    });
    expect(await adapter.give(ctx, { type: 'money', amount: 1 })).toEqual({ ok: false, problem: expected });
  });
});
