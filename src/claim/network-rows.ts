/**
 * The network's part of `votereward player` (a network of servers, `set vote_reward_store "oxmysql"`): each shared vote
 * or award of the player with the server that owns or paid it and where it stands, beside this server's own records.
 * The database down: one line saying the shared rows could not be read and why (the local records still show).
 */
import { formatTime } from '../domain/admin-command';
import type { ClaimState, NetworkClaims } from '../network/claims';
import { SERVER_ID_CONVAR, STORE_CONVAR } from '../network/config';
import { classify } from '../network/sql';
import { cleanText } from '../runtime/clean-text';

/** The most shared rows listed for one player (newest first). */
export const NETWORK_ROWS_MAX = 30;

const STATE_WORDS: Record<ClaimState, (server: string) => string> = {
  reserved: (server) => `reserved by ${server}`,
  paying: (server) => `paying on ${server}`,
  needs_admin: (server) => `held for an admin on ${server}`,
  paid: (server) => `paid by ${server}`,
  closed: (server) => `closed without a payout by ${server}`,
};

/** Lines of the player's shared rows; none when the network is off. */
export async function networkPlayerLines(
  claims: Pick<NetworkClaims, 'serverId' | 'ofLicense'> | null,
  license: string,
): Promise<string[]> {
  if (claims === null) return [];
  const here = claims.serverId;
  const server = (id: string) => (id === here ? `${id} (this server)` : id);
  try {
    const rows = await claims.ofLicense(license, NETWORK_ROWS_MAX + 1);
    if (rows.length === 0) return ['  Network    no shared vote or award of this player on any server'];
    const shown = rows.slice(0, NETWORK_ROWS_MAX);
    return [
      `  Network    ${shown.length}${rows.length > shown.length ? '+' : ''} shared vote(s) and award(s), newest first:`,
      ...shown.map((row) => {
        const words = STATE_WORDS[row.state] ?? ((id: string) => `${cleanText(row.state, 24)} on ${id}`);
        return `    ${cleanText(row.key, 120).padEnd(44)}  ${words(server(row.owner))}, ${formatTime(row.updatedMs)}`;
      }),
    ];
  } catch (error) {
    return [
      `  Network    the shared rows could not be read (${STORE_CONVAR} "oxmysql", ${SERVER_ID_CONVAR} "${here}"): ${classify(error).message}; this server's own records are above`,
    ];
  }
}
