/**
 * What a framework adapter module declares about itself. The registry (`registry.ts`) lists the descriptors; the
 * config enum, detection, start-up checks and messages are derived from them.
 */

import type { RsgSettings } from './rsg';
import type { DisposableRewardAdapter, FrameworkHost, InventoryChoice, Reward } from './types';
import type { VrpAdapterOptions } from './vrp';

/**
 * Which inventory pays item rewards: `ox` = ox_inventory only; `ox-or-qb` = ox_inventory when it runs, else
 * qb-inventory; `ox-or-own` = ox_inventory when it runs, else the framework's own; `own` = always the framework's own
 * (RedM frameworks, whose inventories ox_inventory does not replace).
 */
export type ItemPolicy = 'ox' | 'ox-or-qb' | 'ox-or-own' | 'own';

/** Framework-specific settings from config.json. */
export interface FrameworkSettings {
  vrp?: Omit<VrpAdapterOptions, 'host' | 'inventory'>;
  rsg?: RsgSettings;
}

/** What building an adapter gets. */
export interface FrameworkBuild extends FrameworkSettings {
  host: FrameworkHost;
  inventory: InventoryChoice;
}

/** A framework the resource can pay through. */
export interface FrameworkDescriptor<N extends string = string> {
  /** The value of `framework` in config.json. */
  readonly name: N;
  /** How messages name it. */
  readonly label: string;
  /** The FiveM resource that carries it; detection looks for it started. */
  readonly resource: string;
  /** Exports of `resource` the adapter calls: every one of `all`, and at least one of `anyOf`. */
  readonly requiredExports: { readonly all?: readonly string[]; readonly anyOf?: readonly string[] };
  readonly items: ItemPolicy;
  /** Reward types it can pay; checked once, when the adapter is chosen. */
  readonly rewardTypes: readonly Reward['type'][];
  /** Lines the console shows once at start when this framework pays (a requirement owners must know). */
  readonly startupNotes?: readonly string[];
  create(build: FrameworkBuild): DisposableRewardAdapter;
}
