/**
 * Unit fake of VORP (vorp_core + vorp_inventory): the model (models/vorp.ts, from test/frameworks/transcripts/vorp.json;
 * its header says what is recorded and what is a guess) registered on the unit `FakeHost`. A vorp_core restart kills
 * every reference handed out before it.
 */
import type { FakeHost } from './host';
import { createVorpModel, type VorpModelOptions } from './models/vorp';
import { bindExports } from './unit-binding';

export { VORP_FAKE_ITEMS, type VorpCharacter, type VorpItemDef, type VorpPlayer } from './models/vorp';

/** Creates fake vorp_core and vorp_inventory on the host. */
export function createFakeVorp(fake: FakeHost, options: Omit<VorpModelOptions, 'setTimeout'> = {}) {
  const model = createVorpModel({ ...options, setTimeout: (fn, ms) => void fake.host.setTimeout(fn, ms) });
  let generation = 0;
  const register = () => {
    const gen = generation;
    return bindExports(model.coreExports, () => gen === generation, 'vorp_core', fake.scriptErrors);
  };
  fake.addResource('vorp_core', register());
  fake.addResource(
    'vorp_inventory',
    bindExports(model.inventoryExports, () => true, 'vorp_inventory', fake.scriptErrors),
  );
  return {
    ...model,
    /** Restarts vorp_core: old references die. */
    restart() {
      generation++;
      fake.restart('vorp_core', register());
    },
  };
}
