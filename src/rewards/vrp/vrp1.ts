/** The vRP 1 / vRPex adapter: getUserId, giveMoney, giveBankMoney, giveInventoryItem and their getters. */
import { createAdapter } from '../base';
import { frameworkError, PAID, refuse } from '../call';
import type { FrameworkDescriptor } from '../framework';
import { createOxInventory } from '../ox-inventory';
import type { DisposableRewardAdapter, InventoryBackend, Reward } from '../types';
import { createVrpCalls, missingGetterLine, type VrpCalls } from './calls';
import { isUserId, VRP_MEMBERS, VRP_VARIANTS, type VrpAdapterOptions } from './members';
import { createVrpProxy } from './proxy';

/** vRP 1's own inventory, through its Proxy. */
function createVrp1Inventory(calls: VrpCalls): InventoryBackend {
  const { proxy, names, query } = calls;
  return {
    name: 'vRP',
    canCarry: (source, item, count) =>
      calls.payAs(source, async (id) => {
        // giveInventoryItem adds any name, known or not: a name vRP does not define would become a ghost item.
        const definition = await proxy.call('getItemDefinition', item);
        if (!definition.ok) return frameworkError(definition.detail);
        if ((definition.values ?? []).length === 0) {
          return frameworkError(`the item "${item}" is not defined in vRP: fix the reward in config.json`);
        }
        const [weight, itemWeight, max] = await Promise.all([
          query('getInventoryWeight', id),
          query('getItemWeight', item),
          query('getInventoryMaxWeight', id),
        ]);
        for (const reading of [weight, itemWeight, max])
          if (!reading.ok) return frameworkError(reading.detail);
        const [w, iw, m] = [weight, itemWeight, max].map((r) => (r.ok ? r.value : 0)) as [
          number,
          number,
          number,
        ];
        return w + iw * count <= m ? PAID : refuse({ code: 'inventory_full', item, count });
      }),
    addItem: (source, item, count) =>
      calls.payAs(source, async (id) => calls.sent(await proxy.call(names.giveItem, id, item, count, true))),
    count: (source, item) => calls.readAs(source, (id) => query(names.itemAmount, id, item)),
    async unknownItems(items) {
      const problems = calls.missingPayingMembers(['giveItem']);
      for (const item of items) {
        const definition = await proxy.call('getItemDefinition', item);
        if (definition.ok && (definition.values ?? []).length === 0) {
          problems.push(`the item "${item}" is not defined in vRP (vRP.getItemDefinition answered nothing)`);
        }
      }
      return problems;
    },
  };
}

/** Creates the vRP 1 adapter; `framework` is the registry's vRP descriptor (its inventory policy). */
export function createVrp1Adapter(
  options: VrpAdapterOptions,
  framework: Pick<FrameworkDescriptor, 'label' | 'items'>,
): DisposableRewardAdapter {
  const { host } = options;
  const proxy = createVrpProxy(options);
  const calls = createVrpCalls(host, proxy, { ...VRP_MEMBERS.vrp1, ...options.members }, 'vrp1');
  const { names, query } = calls;

  return createAdapter({
    name: 'vrp',
    host,
    async isPlayerReady(source) {
      const id = await calls.userId(source);
      return id.ok && isUserId(id.value);
    },
    giveMoney: (source, account, amount) =>
      calls.payAs(source, async (id) =>
        calls.sent(await proxy.call(account === 'bank' ? names.giveBank : names.giveMoney, id, amount)),
      ),
    readMoney: (source, account) =>
      calls.readAs(source, (id) => query(account === 'bank' ? names.getBank : names.getMoney, id)),
    async startupProblems(rewards: readonly Reward[]) {
      if (rewards.every((reward) => reward.type === 'custom')) return [];
      // Getters answer for anyone, even an unknown id, so an empty answer can only mean the member is missing.
      const probes: [string, unknown[]][] = [[names.getMoney, [0]]];
      if (rewards.some((r) => r.type === 'bank')) probes.push([names.getBank, [0]]);
      if (rewards.some((r) => r.type === 'item')) probes.push([names.itemAmount, [0, '']]);
      const problems = await calls.probeMembers(probes, missingGetterLine('vrp1', VRP_VARIANTS));
      if (problems.length > 0) return problems;
      // vRP answers, so a paying member it lacks answers at once: a base that renamed one is caught before paying.
      return calls.missingPayingMembers([
        ...(rewards.some((r) => r.type === 'money') ? (['giveMoney'] as const) : []),
        ...(rewards.some((r) => r.type === 'bank') ? (['giveBank'] as const) : []),
      ]);
    },
    inventory: {
      framework,
      choice: options.inventory ?? 'auto',
      ox: createOxInventory(host),
      fallback: createVrp1Inventory(calls),
    },
    dispose: () => proxy.dispose(),
  });
}
