/**
 * The vRP family behind one descriptor: vRP 1 / vRPex (`vrp1.ts`), vRP 2 (`vrp2.ts`) and Creative bases
 * (`creative.ts`), chosen by `vrp.variant`. None exports functions; each is reached through the Proxy event
 * protocol (`proxy.ts`; facts and transcripts: test/frameworks/vrp-protocol.md).
 */
import type { FrameworkDescriptor } from '../framework';
import type { DisposableRewardAdapter } from '../types';
import { createCreativeAdapter } from './creative';
import { VRP, type VrpAdapterOptions } from './members';
import { createVrp1Adapter } from './vrp1';
import { createVrp2Adapter } from './vrp2';

export {
  VRP,
  VRP_MEMBERS,
  VRP_VARIANTS,
  type VrpAdapterOptions,
  type VrpMembers,
  type VrpVariant,
} from './members';
export {
  createVrpProxy,
  proxyReturnValues,
  VRP_DEFAULT_TIMEOUT_MS,
  type VrpProxy,
  type VrpProxyOptions,
} from './proxy';
export { VRP2_READY_INTERFACE, VRP2_READY_SCRIPT } from './vrp2';

/** Creates the vRP adapter for the chosen variant. */
export function createVrpAdapter(options: VrpAdapterOptions): DisposableRewardAdapter {
  switch (options.variant ?? 'vrp1') {
    case 'vrp2':
      return createVrp2Adapter(options);
    case 'creative':
      return createCreativeAdapter(options, VRP_FRAMEWORK);
    default:
      return createVrp1Adapter(options, VRP_FRAMEWORK);
  }
}

/** The vRP family in the framework registry. */
export const VRP_FRAMEWORK: FrameworkDescriptor<'vrp'> = {
  name: 'vrp',
  label: 'vRP',
  resource: VRP,
  requiredExports: {},
  items: 'ox-or-own',
  rewardTypes: ['money', 'bank', 'item', 'custom'],
  create: ({ host, inventory, vrp }) => createVrpAdapter({ ...vrp, host, inventory }),
};
