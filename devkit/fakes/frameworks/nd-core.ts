/**
 * Unit fake of ND_Core: the shared model (models/nd-core.ts, derived from the transcript
 * test/frameworks/transcripts/nd-core.json; see its header for what is recorded and what is a guess) registered as
 * `ND_Core` on the unit `FakeHost`, on an ox_inventory model (registered with createFakeOxInventory). The join timer
 * runs on the host's fake clock.
 */
import type { FakeHost } from './host';
import { createNdModel, type NdCharacter, oxBridge } from './models/nd-core';
import type { OxModel } from './models/ox-inventory';
import { bindExports } from './unit-binding';

/** Options of the fake ND_Core. */
export interface FakeNdOptions {
  /** The ox_inventory model the ND bridge opens inventories in and mirrors cash into (while ox_inventory runs). */
  ox?: OxModel;
}

/** Creates the fake and registers it as `ND_Core` on the host. */
export function createFakeNdCore(fake: FakeHost, options: FakeNdOptions = {}) {
  const calls: unknown[][] = [];
  const model = createNdModel({
    inventory:
      options.ox && oxBridge(options.ox, () => fake.host.resourceState('ox_inventory') === 'started'),
    onPay: (...args) => calls.push(args),
    later: (fn, ms) => fake.host.setTimeout(fn, ms),
  });
  fake.addResource(
    'ND_Core',
    bindExports(model.exports, () => true, 'ND_Core', fake.scriptErrors),
  );
  return {
    model,
    /** Credits that reached a character: (source, account, amount, reason). */
    calls,
    /** Makes a character active now. */
    load: (source: number, init: Partial<NdCharacter> = {}) => model.load(source, init),
    /** The player left. */
    drop: (source: number) => model.drop(source),
    /** A balance of the active character. */
    money: (source: number, account: 'cash' | 'bank') => model.players.get(source)?.[account],
  };
}
