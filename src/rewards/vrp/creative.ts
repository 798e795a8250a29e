/**
 * The Creative (cN / network) adapter: Passport, GiveBank, GenerateItem, GetBank, ItemAmount. Cash in hand is an
 * item there (`dollar` by default, `vrp.cashItem`), checked like any item before GenerateItem.
 */
import { createAdapter } from '../base';
import type { FrameworkDescriptor } from '../framework';
import { createOxInventory } from '../ox-inventory';
import type { DisposableRewardAdapter, Reward } from '../types';
import { createVrpCalls, missingGetterLine } from './calls';
import { createCreativeInventory } from './creative-inventory';
import { isUserId, VRP_MEMBERS, VRP_VARIANTS, type VrpAdapterOptions } from './members';
import { createVrpProxy } from './proxy';

/** Creates the Creative adapter; `framework` is the registry's vRP descriptor (its inventory policy). */
export function createCreativeAdapter(
  options: VrpAdapterOptions,
  framework: Pick<FrameworkDescriptor, 'label' | 'items'>,
): DisposableRewardAdapter {
  const { host } = options;
  const cashItem = options.cashItem ?? 'dollar';
  const proxy = createVrpProxy(options);
  const calls = createVrpCalls(host, proxy, { ...VRP_MEMBERS.creative, ...options.members }, 'creative');
  const { names, query } = calls;
  const inventory = createCreativeInventory(calls, cashItem);

  return createAdapter({
    name: 'vrp',
    host,
    async isPlayerReady(source) {
      const id = await calls.userId(source);
      return id.ok && isUserId(id.value);
    },
    giveMoney: (source, account, amount) =>
      calls.payAs(source, async (id) => {
        if (account === 'bank') return calls.sent(await proxy.call(names.giveBank, id, amount));
        // Cash is an item here: GenerateItem would drop it without a free slot, or create a ghost item.
        const fits = await inventory.canCarry(
          id,
          cashItem,
          amount,
          'set vrp.cashItem in config.json to the cash item of this base',
        );
        if (!fits.ok) return fits;
        return calls.sent(await proxy.call(names.giveMoney, id, cashItem, amount, true));
      }),
    readMoney(source, account) {
      // GetBank takes the source; ItemAmount the passport.
      if (account === 'bank') return query(names.getBank, source);
      return calls.readAs(source, (id) => query(names.getMoney, id, cashItem));
    },
    async startupProblems(rewards: readonly Reward[]) {
      if (rewards.every((reward) => reward.type === 'custom')) return [];
      const probes: [string, unknown[]][] = [[names.userId, [0]]];
      if (rewards.some((r) => r.type === 'bank')) probes.push([names.getBank, [0]]);
      if (rewards.some((r) => r.type === 'money')) probes.push([names.getMoney, [0, cashItem]]);
      if (rewards.some((r) => r.type === 'item')) probes.push([names.itemAmount, [0, '']]);
      const problems = await calls.probeMembers(probes, missingGetterLine('creative', VRP_VARIANTS));
      if (problems.length > 0) return problems;
      problems.push(
        ...calls.missingPayingMembers([
          ...(rewards.some((r) => r.type === 'money') ? (['giveMoney'] as const) : []),
          ...(rewards.some((r) => r.type === 'bank') ? (['giveBank'] as const) : []),
        ]),
      );
      if (rewards.some((r) => r.type === 'money')) {
        const checks = await inventory.checkProblems();
        if (checks.length > 0) return [...problems, ...checks];
        const cash = await inventory.cashItemProblem();
        if (cash) problems.push(cash);
      }
      return problems;
    },
    inventory: {
      framework,
      choice: options.inventory ?? 'auto',
      ox: createOxInventory(host),
      fallback: inventory.backend,
    },
    dispose: () => proxy.dispose(),
  });
}
