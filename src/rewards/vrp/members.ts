/** The vRP variants, the member names each one's Proxy interface uses and the adapter's options (see test/frameworks/vrp-protocol.md). */
import type { InventoryChoice } from '../types';
import type { VrpProxyOptions } from './proxy';

/** Resource name of vRP (all variants). */
export const VRP = 'vrp';

/** Which vRP API the server runs. */
export type VrpVariant = 'vrp1' | 'vrp2' | 'creative';

/** Variants a server owner can choose in config.json. */
export const VRP_VARIANTS: readonly VrpVariant[] = ['vrp1', 'vrp2', 'creative'];

/** Member names one vRP variant uses; a server whose base renamed them can override each. */
export interface VrpMembers {
  /** Source → user id / passport (nil or false when not loaded). */
  userId: string;
  /** Cash in hand (vRP 1); Creative pays cash as the cash item. */
  giveMoney: string;
  /** Bank. */
  giveBank: string;
  /** Items. */
  giveItem: string;
  /** Reads the wallet (vRP 1). */
  getMoney: string;
  /** Reads the bank (vRP 1 by user id, Creative by source). */
  getBank: string;
  /** Reads an item count by user id. */
  itemAmount: string;
}

/** The member names of each variant (vRP 2 has none: its Proxy offers only loadScript). */
export const VRP_MEMBERS: Readonly<Record<Exclude<VrpVariant, 'vrp2'>, VrpMembers>> = {
  vrp1: {
    userId: 'getUserId',
    giveMoney: 'giveMoney',
    giveBank: 'giveBankMoney',
    giveItem: 'giveInventoryItem',
    getMoney: 'getMoney',
    getBank: 'getBankMoney',
    itemAmount: 'getInventoryItemAmount',
  },
  creative: {
    userId: 'Passport',
    giveMoney: 'GenerateItem',
    giveBank: 'GiveBank',
    giveItem: 'GenerateItem',
    getMoney: 'ItemAmount',
    getBank: 'GetBank',
    itemAmount: 'ItemAmount',
  },
};

/** True for an answer of the user id member that names a loaded user (vRP 1: a number; Creative: a passport). */
export function isUserId(value: unknown): value is number | string {
  return (typeof value === 'number' && value > 0) || (typeof value === 'string' && value !== '');
}

/** Options of the vRP adapter. */
export interface VrpAdapterOptions extends VrpProxyOptions {
  /** vRP 1 / vRPex, vRP 2, or Creative names (default vrp1). */
  variant?: VrpVariant;
  /** Member names that differ from the variant's defaults. */
  members?: Partial<VrpMembers>;
  /** Creative only: the item that is cash in hand. */
  cashItem?: string;
  /** Inventory for item rewards; `auto` = ox_inventory when started, else vRP's own. */
  inventory?: InventoryChoice;
  /** vRP 2 only: this resource's name, whose `lua/vrp2.lua` vRP 2's loadScript runs (default `vote-reward`). */
  resource?: string;
}
