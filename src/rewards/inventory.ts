/** The one rule for which inventory pays item rewards, used at start-up and at every payout. */
import { hasExport, isStarted } from './call';
import type { FrameworkDescriptor } from './framework';
import { OX_INVENTORY, OX_INVENTORY_EXPORTS, oxLoadProblems } from './ox-inventory';
import { QB_INVENTORY, QB_INVENTORY_EXPORTS } from './qb-inventory';
import type { FrameworkHost, InventoryChoice } from './types';

/** The inventory chosen for item rewards, or why there is none. */
export type InventoryPick =
  | { ok: true; use: typeof OX_INVENTORY | typeof QB_INVENTORY | 'own' }
  | { ok: false; problem: string };

/** Picks the inventory now: ox_inventory when it runs (unless `framework` is chosen), else the policy's fallback. */
export function chooseInventory(
  host: FrameworkHost,
  framework: Pick<FrameworkDescriptor, 'label' | 'items'>,
  choice: InventoryChoice = 'auto',
): InventoryPick {
  if (framework.items === 'own') return { ok: true, use: 'own' };
  const ox = isStarted(host, OX_INVENTORY);
  if (framework.items === 'ox') {
    return ox
      ? { ok: true, use: OX_INVENTORY }
      : {
          ok: false,
          problem: `item rewards on ${framework.label} need ${OX_INVENTORY}, which is not started`,
        };
  }
  if (choice !== 'framework' && ox) return { ok: true, use: OX_INVENTORY };
  if (choice === 'ox_inventory') {
    return { ok: false, problem: `inventory is set to ${OX_INVENTORY} but ${OX_INVENTORY} is not started` };
  }
  if (framework.items === 'ox-or-own') return { ok: true, use: 'own' };
  if (isStarted(host, QB_INVENTORY)) return { ok: true, use: QB_INVENTORY };
  if (choice === 'framework' && ox) {
    return {
      ok: false,
      problem: `inventory is set to framework but ${QB_INVENTORY} is not started; ${OX_INVENTORY} is: set inventory to auto or ${OX_INVENTORY} to pay item rewards through it`,
    };
  }
  return {
    ok: false,
    problem: `item rewards on ${framework.label} need ${OX_INVENTORY} or ${QB_INVENTORY}, and neither is started`,
  };
}

const EXPORTS: Record<string, readonly string[]> = {
  [OX_INVENTORY]: OX_INVENTORY_EXPORTS,
  [QB_INVENTORY]: QB_INVENTORY_EXPORTS,
};

/**
 * Start-up check of the inventory item rewards will use: one line per problem. A started resource is not enough:
 * ox_inventory whose own start failed stays `started`, so it must also show that it loaded.
 */
export function inventoryProblems(
  host: FrameworkHost,
  framework: Pick<FrameworkDescriptor, 'name' | 'label' | 'items'>,
  choice: InventoryChoice = 'auto',
): string[] {
  const pick = chooseInventory(host, framework, choice);
  if (!pick.ok) return [pick.problem];
  const missing = (EXPORTS[pick.use] ?? []).filter((name) => !hasExport(host, pick.use, name));
  if (missing.length > 0) return [`${pick.use} is started but does not export ${missing.join(', ')}`];
  return pick.use === OX_INVENTORY ? oxLoadProblems(host, framework.name) : [];
}
