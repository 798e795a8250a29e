/**
 * Unit fake of rsg-core + rsg-inventory (RedM): the model (models/rsg.ts, from test/frameworks/transcripts/rsg.json;
 * its header says what is recorded and what is a guess) registered on the unit `FakeHost`. An rsg-core restart kills
 * every reference handed out before it.
 */
import type { FakeHost } from './host';
import { createRsgModel, type RsgModelOptions } from './models/rsg';
import { bindExports } from './unit-binding';

export { RSG_FAKE_ITEMS, RSG_MONEY_TYPES, type RsgItemDef, type RsgPlayer } from './models/rsg';

/** Options of the RSG unit fake. */
export type FakeRsgOptions = Omit<RsgModelOptions, 'setTimeout'>;

/** Creates fake rsg-core and rsg-inventory on the host. */
export function createFakeRsg(fake: FakeHost, options: FakeRsgOptions = {}) {
  const model = createRsgModel({ ...options, setTimeout: (fn, ms) => void fake.host.setTimeout(fn, ms) });
  let generation = 0;
  const register = () => {
    const gen = generation;
    return bindExports(model.coreExports, () => gen === generation, 'rsg-core', fake.scriptErrors);
  };
  fake.addResource('rsg-core', register());
  fake.addResource(
    'rsg-inventory',
    bindExports(model.inventoryExports, () => true, 'rsg-inventory', fake.scriptErrors),
  );
  return {
    ...model,
    /** Restarts rsg-core: old references die. */
    restart() {
      generation++;
      fake.restart('rsg-core', register());
    },
  };
}
