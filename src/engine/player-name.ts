export { nameKey } from '../../contract/name-key';

/** Colour codes FiveM renders in names (`^0`–`^9`). */
const COLOUR_CODES = /\^[0-9]/g;

/** The name a player claims with: `GetPlayerName`, colour codes removed, trimmed; null when nothing is left. */
export function claimNameOf(rawName: string | null): string | null {
  if (rawName === null) return null;
  const name = rawName.replace(COLOUR_CODES, '').trim();
  return name === '' ? null : name;
}
