/**
 * The network store's two settings, read from convars: `set vote_reward_store "oxmysql"` turns it on and
 * `set vote_reward_server_id "<name>"` names this server in the shared tables. Without them nothing changes (KVP, one
 * server). Every error names both settings.
 */

/** Where the resource keeps what servers share. */
export type NetworkConfig =
  | { mode: 'kvp' }
  | { mode: 'oxmysql'; serverId: string; leaseMs: number }
  | { mode: 'invalid'; error: string };

/** The convar that turns the shared store on. */
export const STORE_CONVAR = 'vote_reward_store';
/** The convar naming this server in the shared store. */
export const SERVER_ID_CONVAR = 'vote_reward_server_id';
/** The convar of the reservation lease, in seconds (default 60): how long a reservation stays this server's. */
export const LEASE_CONVAR = 'vote_reward_network_lease';

const BOTH = `set ${STORE_CONVAR} "oxmysql" and set ${SERVER_ID_CONVAR} "<a unique name>"`;
const SERVER_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Reads the settings; `convar` answers null for an unset convar. */
export function readNetworkConfig(convar: (name: string) => string | null): NetworkConfig {
  const store = convar(STORE_CONVAR)?.trim() ?? '';
  const serverId = convar(SERVER_ID_CONVAR)?.trim() ?? '';
  if (store === '' || store === 'kvp') {
    if (serverId !== '')
      return {
        mode: 'invalid',
        error: `${SERVER_ID_CONVAR} is set but ${STORE_CONVAR} is not "oxmysql": a network needs both (${BOTH})`,
      };
    return { mode: 'kvp' };
  }
  if (store !== 'oxmysql')
    return {
      mode: 'invalid',
      error: `${STORE_CONVAR} is "${store}"; it takes "oxmysql" (with ${SERVER_ID_CONVAR}) or "kvp" (${BOTH})`,
    };
  if (!SERVER_ID.test(serverId))
    return {
      mode: 'invalid',
      error:
        serverId === ''
          ? `${STORE_CONVAR} is "oxmysql" but ${SERVER_ID_CONVAR} is not set; each server needs its own name (${BOTH})`
          : `${SERVER_ID_CONVAR} "${serverId}" must be 1-64 letters, digits, dots, dashes or underscores (${BOTH})`,
    };
  const leaseText = convar(LEASE_CONVAR)?.trim() ?? '';
  const lease = leaseText === '' ? 60 : Number(leaseText);
  if (!Number.isInteger(lease) || lease < 1 || lease > 3600)
    return {
      mode: 'invalid',
      error: `${LEASE_CONVAR} "${leaseText}" must be whole seconds from 1 to 3600 (with ${STORE_CONVAR} and ${SERVER_ID_CONVAR})`,
    };
  return { mode: 'oxmysql', serverId, leaseMs: lease * 1000 };
}
