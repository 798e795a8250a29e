/**
 * Unit fake of ox_core on ox_inventory: the shared model (models/ox-core.ts, derived from the transcript
 * test/frameworks/transcripts/ox-core.json; see its header for what is recorded and what is a guess) registered as
 * `ox_core` on the unit `FakeHost`, with the ox_inventory fake holding cash (the `money` item) and items.
 */
import type { FakeHost } from './host';
import { createOxCoreModel, type OxCoreAccount } from './models/ox-core';
import { OX_ITEMS } from './models/ox-inventory';
import { createFakeOxInventory } from './ox-inventory';
import { bindExports } from './unit-binding';

/** Options of the fake. */
export interface FakeOxCoreOptions {
  /** ox_inventory slots of every player (default 5, as the world). */
  slots?: number;
  /** ox_inventory max weight (default 3000 g, as the world). */
  maxWeight?: number;
  /** Items besides ox_inventory's recorded ones (OX_ITEMS). */
  items?: Record<string, { weight: number; stack?: boolean }>;
}

/** Creates fake ox_core and ox_inventory on the host. */
export function createFakeOxCore(fake: FakeHost, options: FakeOxCoreOptions = {}) {
  const ox = createFakeOxInventory(fake, {
    items: {
      ...Object.fromEntries(
        Object.entries(OX_ITEMS).map(([name, def]) => [name, { ...def, weight: def.weight ?? 0 }]),
      ),
      ...options.items,
    },
    slots: options.slots ?? 5,
    maxWeight: options.maxWeight ?? 3000,
  });
  const model = createOxCoreModel({ ox: ox.model });
  const calls: unknown[][] = [];
  const exports = bindExports(model.exports, () => true, 'ox_core', fake.scriptErrors);
  const callAccount = exports.CallAccount as (...args: unknown[]) => unknown;
  exports.CallAccount = (...args: unknown[]) => {
    calls.push(args);
    return callAccount(...args);
  };
  fake.addResource('ox_core', exports);
  let nextUser = 0;

  return {
    model,
    ox,
    /** Every CallAccount call, in order. */
    calls,
    /** The player joins and loads character `charId` with a default account holding `bank`, and `cash` money items. */
    load(source: number, init: { charId?: number; bank?: number; cash?: number } = {}) {
      nextUser += 1;
      const charId = init.charId ?? source;
      model.join(source, { userId: nextUser, username: `Player ${source}`, identifier: `lic${source}` });
      model.setActive(source, charId, `ST${charId}`);
      if (![...model.accounts.values()].some((a) => a.owner === charId))
        model.addAccount({ id: 1000 + charId, owner: charId, balance: init.bank ?? 0, isDefault: 1 });
      if (init.cash) ox.model.put(source, 'money', init.cash);
    },
    /** The player joins and stays at character selection. */
    join(source: number) {
      nextUser += 1;
      model.join(source, { userId: nextUser, username: `Player ${source}`, identifier: `lic${source}` });
    },
    drop: (source: number) => model.drop(source),
    /** The default account of a character. */
    account: (charId: number): OxCoreAccount | undefined =>
      [...model.accounts.values()].find((a) => a.owner === charId && a.isDefault === 1),
    cash: (source: number) => ox.model.count(source, 'money'),
  };
}
