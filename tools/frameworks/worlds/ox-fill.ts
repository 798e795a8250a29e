/** Inventory set-ups for ox_inventory scenarios (run in `prepare`, so they are not part of the recorded calls). */
import type { ScenarioContext } from '../world';
import { ox } from './esx-common';

/** Uses `slots` slots of player 1 with different items (one each), so a new item needs a free slot. */
export function useSlots(ctx: ScenarioContext, slots: number): void {
  const fillers = ['phone', 'radio', 'lockpick', 'bandage', 'sprunk', 'mustard'];
  for (const item of fillers.slice(0, slots)) ox(ctx, 'AddItem', 1, item, 1);
}
