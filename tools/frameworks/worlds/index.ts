/** Every world `npm run frameworks:record` records; add a world by adding its file and listing it here. */
import type { World } from '../world';
import esx from './esx';
import esxOx from './esx-ox';
import esxOxStopped from './esx-ox-stopped';
import luaCallers from './lua-callers';
import ndCore from './nd-core';
import ndCoreOxFirst from './nd-core-ox-first';
import oxCore from './ox-core';
import oxInventory from './ox-inventory';
import qbcore from './qbcore';
import qbcoreInventory1 from './qbcore-inventory-1';
import qbcoreOx from './qbcore-ox';
import qbox from './qbox';
import rsg from './rsg';
import vorp from './vorp';
import vrpCreative from './vrp-creative';
import vrp1, { vrp1CurrentFxserver } from './vrp1';
import vrp2 from './vrp2';

/** The worlds, in recording order. */
export const WORLDS: World[] = [
  esx,
  esxOxStopped,
  esxOx,
  oxInventory,
  oxCore,
  qbcore,
  qbcoreInventory1,
  qbcoreOx,
  qbox,
  vrp1,
  vrp1CurrentFxserver,
  vrp2,
  vrpCreative,
  ndCore,
  ndCoreOxFirst,
  vorp,
  rsg,
  luaCallers,
];
