import { describe, expect, it } from 'vitest';
import { createFakeEsx } from '../../devkit/fakes/frameworks/esx';
import { createFakeHost } from '../../devkit/fakes/frameworks/host';
import { createFakeOxInventory } from '../../devkit/fakes/frameworks/ox-inventory';
import { createFakeQbcore } from '../../devkit/fakes/frameworks/qb';
import { createEsxAdapter } from '../../src/rewards/esx';
import { createOxInventory } from '../../src/rewards/ox-inventory';
import { selectAdapter } from '../../src/rewards/select';

describe.each([false, true])('ox_inventory backend (answers as Promises: %s)', (yields) => {
  const setup = () => {
    const fake = createFakeHost();
    const ox = createFakeOxInventory(fake, { yields, maxWeight: 500, slots: 3 });
    ox.open(1);
    return { ox, backend: createOxInventory(fake.host) };
  };

  it.each([
    { label: 'fits', item: 'bread', count: 2, expected: { ok: true } },
    {
      label: 'too heavy',
      item: 'bread',
      count: 6,
      expected: { ok: false, problem: { code: 'inventory_full', item: 'bread', count: 6 } },
    },
    {
      label: 'not enough slots for unstackable items',
      item: 'phone',
      count: 4,
      expected: { ok: false, problem: { code: 'inventory_full', item: 'phone', count: 4 } },
    },
  ])('CanCarryItem: $label', async ({ item, count, expected }) => {
    const { backend } = setup();
    expect(await backend.canCarry(1, item, count)).toEqual(expected);
  });

  it.each([
    {
      label: 'unknown item',
      source: 1,
      item: 'unicorn',
      detail:
        'the item "unicorn" is not defined in ox_inventory (data/items.lua): fix the reward in config.json',
    },
    {
      label: 'inventory not loaded',
      source: 2,
      item: 'bread',
      detail: 'ox_inventory has no inventory loaded for player 2 yet',
    },
  ])(
    'CanCarryItem answering nil ($label) is a framework error saying which',
    async ({ source, item, detail }) => {
      const { backend } = setup();
      expect(await backend.canCarry(source, item, 1)).toEqual({
        ok: false,
        problem: { code: 'framework_error', detail },
      });
    },
  );

  it('CanCarryItem answering nil because no slot is free is a full inventory', async () => {
    const { backend, ox } = setup();
    ox.fillSlots(1);
    expect(await backend.canCarry(1, 'bread', 1)).toEqual({
      ok: false,
      problem: { code: 'inventory_full', item: 'bread', count: 1 },
    });
  });

  it.each([
    { label: 'invalid_item', source: 1, item: 'unicorn', count: 1, code: 'framework_error', full: false },
    { label: 'invalid_inventory', source: 2, item: 'bread', count: 1, code: 'framework_error', full: false },
    { label: 'inventory_full', source: 1, item: 'bread', count: 1, code: 'inventory_full', full: true },
  ])(
    'AddItem answering [false, "$label"] becomes $code',
    async ({ label, source, item, count, code, full }) => {
      const { backend, ox } = setup();
      if (full) ox.fillSlots(1);
      const result = await backend.addItem(source, item, count, 'r');
      expect(result).toMatchObject({ ok: false, problem: { code } });
      if (code === 'framework_error') expect(JSON.stringify(result)).toContain(label);
    },
  );

  it('AddItem checks no weight: ox adds what CanCarryItem would refuse (so CanCarryItem is asked first)', async () => {
    const { backend, ox } = setup();
    expect(await backend.canCarry(1, 'bread', 9)).toMatchObject({
      ok: false,
      problem: { code: 'inventory_full' },
    });
    expect(await backend.addItem(1, 'bread', 9, 'r')).toEqual({ ok: true });
    expect(ox.count(1, 'bread')).toBe(9);
  });

  it('GetItemCount reads the count the payout is judged by', async () => {
    const { backend } = setup();
    await backend.addItem(1, 'bread', 3, 'r');
    expect(await backend.count(1, 'bread')).toEqual({ ok: true, value: 3 });
  });

  it('AddItem answering [true, slot] adds the items', async () => {
    const { backend, ox } = setup();
    expect(await backend.addItem(1, 'bread', 3, 'r')).toEqual({ ok: true });
    expect(ox.count(1, 'bread')).toBe(3);
  });

  it('an AddItem that throws has an unknown outcome naming the export: it may have added before failing', async () => {
    const fake = createFakeHost();
    fake.addResource('ox_inventory', {
      AddItem: () => {
        throw new Error('attempt to index a nil value');
      },
    });
    const result = await createOxInventory(fake.host).addItem(1, 'bread', 1, 'r');
    expect(result).toEqual({
      ok: false,
      problem: {
        code: 'outcome_unknown',
        detail:
          'ox_inventory.AddItem failed: An error occurred while calling export AddItem of resource ox_inventory - see above for details; it may or may not have paid',
      },
    });
  });

  it('an AddItem export that cannot be reached is a framework error: nothing was called', async () => {
    const fake = createFakeHost();
    fake.addResource('ox_inventory', {}, 'stopped');
    const result = await createOxInventory(fake.host).addItem(1, 'bread', 1, 'r');
    expect(result).toMatchObject({ ok: false, problem: { code: 'framework_error' } });
    expect(JSON.stringify(result)).toContain('ox_inventory has no export AddItem');
  });

  it('a CanCarryItem that throws is a framework error: a capacity check pays nothing', async () => {
    const fake = createFakeHost();
    fake.addResource('ox_inventory', {
      CanCarryItem: () => {
        throw new Error('attempt to index a nil value');
      },
    });
    expect(await createOxInventory(fake.host).canCarry(1, 'bread', 1)).toMatchObject({
      ok: false,
      problem: { code: 'framework_error' },
    });
  });
});

describe('ox_inventory: a partial AddItem is never counted as paid', () => {
  it('4 phones into 3 free slots after CanCarryItem said yes (another script took a slot): outcome unknown', async () => {
    const fake = createFakeHost();
    const ox = createFakeOxInventory(fake, { slots: 3 });
    const esx = createFakeEsx(fake);
    esx.load(1);
    ox.open(1);
    const exportsOf = fake.host.exportsOf;
    const host = {
      ...fake.host,
      exportsOf: (resource: string) =>
        resource === 'ox_inventory'
          ? new Proxy(exportsOf(resource), {
              get: (target, prop) => (prop === 'CanCarryItem' ? () => true : target[String(prop)]),
            })
          : exportsOf(resource),
    };
    const adapter = createEsxAdapter({ host });
    const result = await adapter.give(
      { source: 1, name: 'Bob', license: 'license:1', voteId: 'v' },
      { type: 'item', item: 'phone', count: 4 },
    );
    expect(result).toMatchObject({ ok: false, problem: { code: 'outcome_unknown' } });
    expect(JSON.stringify(result)).toContain('went from 0 to 3 (expected +4)');
    expect(ox.count(1, 'phone')).toBe(3);
  });
});

describe('ox_inventory that is started but did not load', () => {
  const FAILED =
    'ox_inventory is started but did not finish loading (it does not export setPlayerInventory or forceOpenInventory, which a loaded ox_inventory 2.28 or later does); its own errors are earlier in the server console';
  it.each([
    {
      label: 'ox_inventory 2.42+ on QBCore (no QBCore bridge)',
      framework: 'qbcore' as const,
      loaded: false,
      problems: [
        `${FAILED}. On QBCore the usual cause: ox_inventory 2.42 and later has no QBCore bridge (removed upstream), so it cannot load QBCore players' inventories. Install ox_inventory 2.41.0, or use qb-inventory (stop ox_inventory), or move to Qbox`,
      ],
    },
    { label: 'a failed ox_inventory on ESX', framework: 'esx' as const, loaded: false, problems: [FAILED] },
    {
      label: 'a loaded ox_inventory on QBCore (2.41 or a fork with the bridge)',
      framework: 'qbcore' as const,
      loaded: true,
      problems: [],
    },
    { label: 'a loaded ox_inventory on ESX', framework: 'esx' as const, loaded: true, problems: [] },
  ])('item rewards: $label', ({ framework, loaded, problems }) => {
    const fake = createFakeHost();
    if (framework === 'qbcore') createFakeQbcore(fake, { qbInventory: true });
    else createFakeEsx(fake);
    createFakeOxInventory(fake, { loaded });
    const result = selectAdapter({
      framework,
      host: fake.host,
      rewards: [{ type: 'item', item: 'bread', count: 1 }],
    });
    expect(result.ok ? [] : result.problems).toEqual(problems);
  });

  it('money rewards alone do not look at ox_inventory', () => {
    const fake = createFakeHost();
    createFakeQbcore(fake);
    createFakeOxInventory(fake, { loaded: false });
    const result = selectAdapter({
      framework: 'qbcore',
      host: fake.host,
      rewards: [{ type: 'money', amount: 5 }],
    });
    expect(result.ok).toBe(true);
  });
});
