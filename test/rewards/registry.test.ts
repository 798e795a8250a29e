import { describe, expect, it } from 'vitest';
import { createFakeHost } from '../../devkit/fakes/frameworks/host';
import { configSchema } from '../../src/config/schema';
import { chooseInventory } from '../../src/rewards/inventory';
import { FRAMEWORK_CHOICES, FRAMEWORKS } from '../../src/rewards/registry';
import type { InventoryChoice } from '../../src/rewards/types';

describe('framework registry', () => {
  it('config.json accepts exactly auto, each registered framework and standalone', () => {
    expect(FRAMEWORK_CHOICES).toEqual([
      'auto',
      'esx',
      'ndcore',
      'oxcore',
      'qbcore',
      'qbox',
      'rsg',
      'vorp',
      'vrp',
      'standalone',
    ]);
    for (const framework of FRAMEWORK_CHOICES) {
      expect(configSchema.safeParse({ framework }).success).toBe(true);
    }
    expect(configSchema.safeParse({ framework: 'ox_core' }).success).toBe(false);
  });

  it('detection order is the registry order: ox_core first, qbx_core before qb-core', () => {
    expect(FRAMEWORKS.map((framework) => framework.resource)).toEqual([
      'ox_core',
      'qbx_core',
      'qb-core',
      'es_extended',
      'vrp',
      'ND_Core',
      'rsg-core',
      'vorp_core',
    ]);
  });
});

describe('the inventory rule', () => {
  const ESX = { label: 'ESX', items: 'ox-or-own' } as const;
  const QB = { label: 'QBCore', items: 'ox-or-qb' } as const;
  const QBOX = { label: 'Qbox', items: 'ox' } as const;
  const VORP = { label: 'VORP', items: 'own' } as const;
  it.each([
    [ESX, 'auto', ['ox_inventory'], 'ox_inventory'],
    [ESX, 'auto', [], 'own'],
    [ESX, 'framework', ['ox_inventory'], 'own'],
    [ESX, 'ox_inventory', [], 'inventory is set to ox_inventory but ox_inventory is not started'],
    [QB, 'auto', ['ox_inventory', 'qb-inventory'], 'ox_inventory'],
    [QB, 'auto', ['qb-inventory'], 'qb-inventory'],
    [QB, 'framework', ['ox_inventory', 'qb-inventory'], 'qb-inventory'],
    [QB, 'auto', [], 'item rewards on QBCore need ox_inventory or qb-inventory, and neither is started'],
    [
      QB,
      'framework',
      ['ox_inventory'],
      'inventory is set to framework but qb-inventory is not started; ox_inventory is: set inventory to auto or ox_inventory to pay item rewards through it',
    ],
    [QBOX, 'auto', ['ox_inventory'], 'ox_inventory'],
    [QBOX, 'framework', ['ox_inventory'], 'ox_inventory'],
    [QBOX, 'auto', [], 'item rewards on Qbox need ox_inventory, which is not started'],
    [VORP, 'auto', ['ox_inventory'], 'own'],
    [VORP, 'ox_inventory', ['ox_inventory'], 'own'],
  ] as const)('%o with %s and %o started: %s', (framework, choice, started, expected) => {
    const fake = createFakeHost();
    for (const name of started) fake.addResource(name, {});
    const pick = chooseInventory(fake.host, framework, choice as InventoryChoice);
    expect(pick.ok ? pick.use : pick.problem).toBe(expected);
  });
});
