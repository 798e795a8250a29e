/** Every world `npm run frameworks:record` records; add a world by adding its file here. */
import type { World } from '../world';
import esx from './esx';

/** The worlds, in recording order. */
export const WORLDS: World[] = [esx];
