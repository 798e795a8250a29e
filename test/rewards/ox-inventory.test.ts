import { describe, expect, it } from 'vitest';
import { createOxInventory } from '../../src/rewards/ox-inventory';
import { createFakeHost } from '../fakes/frameworks/host';
import { createFakeOxInventory } from '../fakes/frameworks/ox-inventory';

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

  it('CanCarryItem answering nil (unknown item) is a framework error, not a full inventory', async () => {
    const { backend } = setup();
    expect(await backend.canCarry(1, 'unicorn', 1)).toMatchObject({
      ok: false,
      problem: { code: 'framework_error' },
    });
  });

  it('CanCarryItem answering nil (inventory not loaded) is a framework error', async () => {
    const { backend } = setup();
    expect(await backend.canCarry(2, 'bread', 1)).toMatchObject({
      ok: false,
      problem: { code: 'framework_error' },
    });
  });

  it.each([
    { label: 'invalid_item', source: 1, item: 'unicorn', count: 1, code: 'framework_error' },
    { label: 'invalid_inventory', source: 2, item: 'bread', count: 1, code: 'framework_error' },
    { label: 'inventory_full', source: 1, item: 'bread', count: 9, code: 'inventory_full' },
  ])('AddItem answering [false, "$label"] becomes $code', async ({ label, source, item, count, code }) => {
    const { backend } = setup();
    const result = await backend.addItem(source, item, count, 'r');
    expect(result).toMatchObject({ ok: false, problem: { code } });
    if (code === 'framework_error') expect(JSON.stringify(result)).toContain(label);
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
        detail: 'ox_inventory.AddItem failed: attempt to index a nil value; it may or may not have paid',
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
