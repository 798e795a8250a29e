/**
 * Moves one server's KVP points balances into the network's shared chain (`votereward network import` runs it): one
 * entry `import:<serverId>` per license holding a balance, so a second run (or a run cut short and started again)
 * applies each balance once. A balance already imported with another amount (the KVP balance changed between the
 * runs) is a `key_conflict`, reported and left as is. The credit is not capped at `points.cap`: the owner moves what
 * players hold (two servers' balances may add up above it), as a refund is not capped either.
 */
import type { PointsChain } from '../network/points-chain';
import type { ImportStep } from '../programs/network-import';
import type { KvpStore } from '../runtime/runtime';
import { POINTS_PREFIX } from '../store/keys';
import { createPointsLedger } from './ledger';

/** The key of server `serverId`'s import into a license's chain. */
export const importKey = (serverId: string): string => `import:${serverId}`;

/** What an import did, by license. */
export interface PointsImport {
  /** Balances credited now. */
  imported: { license: string; amount: number }[];
  /** Balances this server had imported before (same amount): nothing changed. */
  already: string[];
  /** Licenses left as they are, with why (an unreadable KVP ledger, an import of another amount, …). */
  skipped: { license: string; problem: string }[];
  /** Licenses with a zero balance (nothing to move). */
  empty: number;
}

/** Imports every KVP balance of this server into `chain`; throws when the database fails (run it again: idempotent). */
export async function importKvpPoints(
  kvp: Pick<KvpStore, 'get' | 'keys'>,
  chain: PointsChain,
  now: () => number = Date.now,
): Promise<PointsImport> {
  // Read only: the KVP ledger answers each balance (its key records are not needed by the chain).
  const ledger = createPointsLedger({
    kvp: {
      get: (name) => kvp.get(name),
      keys: (prefix) => kvp.keys(prefix),
      set: () => undefined,
      delete: () => undefined,
    },
    now,
  });
  const result: PointsImport = { imported: [], already: [], skipped: [], empty: 0 };
  const key = importKey(chain.serverId);
  for (const name of kvp.keys(POINTS_PREFIX)) {
    const license = name.slice(POINTS_PREFIX.length);
    const read = ledger.read(license);
    if (!read.ok) {
      result.skipped.push({ license, problem: `its KVP ledger cannot be read: ${read.detail}` });
      continue;
    }
    if (read.balance <= 0) {
      result.empty += 1;
      continue;
    }
    const applied = await chain.apply(license, {
      key,
      delta: read.balance,
      reason: `import from ${chain.serverId}`,
      beyondCap: true,
    });
    if (!applied.ok) result.skipped.push({ license, problem: applied.code });
    else if (applied.applied) result.imported.push({ license, amount: read.balance });
    else result.already.push(license);
  }
  return result;
}

/** The points step of `votereward network import`: this server's KVP balances into the shared chain. */
export const pointsImportStep: ImportStep = {
  name: 'points',
  async run({ kvp, pointsChain }) {
    if (pointsChain === null) return ['  points: not on the network on this server; nothing imported'];
    const done = await importKvpPoints(kvp, pointsChain);
    const lines = [
      `  points: ${done.imported.length} balance(s) imported (${done.imported.reduce((sum, i) => sum + i.amount, 0)} point(s)), ${done.already.length} imported before, ${done.empty} empty, ${done.skipped.length} left as they are`,
    ];
    for (const skipped of done.skipped.slice(0, 10)) lines.push(`    ${skipped.license}: ${skipped.problem}`);
    if (done.skipped.length > 10) lines.push(`    … and ${done.skipped.length - 10} more`);
    return lines;
  },
};
