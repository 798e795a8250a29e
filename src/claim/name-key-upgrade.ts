import { nameKey } from '../engine/player-name';
import type { KvpStore } from '../runtime/runtime';
import { LAST_CLAIM_PREFIX, NAME_KEY_VERSION_KEY, NAME_LOCK_PREFIX } from '../store/keys';

/** KVP key holding the version of the name key that name-keyed KVP entries are stored under. */
export const NAME_KEY_VERSION_KVP = NAME_KEY_VERSION_KEY;
/** Version 2: NFKC + full Unicode case folding (version 1, implied when the marker is absent: NFKC + toLowerCase). */
export const NAME_KEY_VERSION = '2';

/** What {@link upgradeNameKeys} did. */
export interface NameKeyUpgrade {
  /** False when the store was already at the current version (nothing read or written). */
  ran: boolean;
  /** Entries moved to (or merged into) their new key. */
  migrated: number;
  /** Names two licenses were bound to under spellings that are now one name: the first binding is kept. */
  conflicts: { name: string; kept: string; dropped: string }[];
}

/**
 * Moves the name lock bindings and the poller's last-claim times from keys written with an older name key to the
 * current one, so a name bound before the upgrade stays protected under every spelling the API matches to it.
 * Idempotent and safe to interrupt: each entry is written under its new key before the old key is deleted, and the
 * version marker is written last.
 */
export function upgradeNameKeys(kvp: KvpStore): NameKeyUpgrade {
  if (kvp.get(NAME_KEY_VERSION_KVP) === NAME_KEY_VERSION) return { ran: false, migrated: 0, conflicts: [] };
  let migrated = 0;
  const conflicts: NameKeyUpgrade['conflicts'] = [];

  for (const key of kvp.keys(NAME_LOCK_PREFIX)) {
    const license = kvp.get(key);
    const oldName = decoded(key.slice(NAME_LOCK_PREFIX.length));
    if (license === null || oldName === null) continue;
    const target = `${NAME_LOCK_PREFIX}${encodeURIComponent(nameKey(oldName))}`;
    if (target === key) continue;
    const bound = kvp.get(target);
    if (bound === null) kvp.set(target, license);
    else if (bound !== license) conflicts.push({ name: oldName, kept: bound, dropped: license });
    kvp.delete(key);
    migrated += 1;
  }

  for (const key of kvp.keys(LAST_CLAIM_PREFIX)) {
    const at = kvp.get(key);
    const target = `${LAST_CLAIM_PREFIX}${nameKey(key.slice(LAST_CLAIM_PREFIX.length))}`;
    if (at === null || target === key) continue;
    const existing = Number(kvp.get(target));
    if (!(existing >= Number(at))) kvp.set(target, at);
    kvp.delete(key);
    migrated += 1;
  }

  kvp.set(NAME_KEY_VERSION_KVP, NAME_KEY_VERSION);
  return { ran: true, migrated, conflicts };
}

/** `decodeURIComponent`, or null for a key no version ever wrote (malformed escapes). */
function decoded(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** Console lines reporting an upgrade: one with the count, one per conflict; none when nothing moved. */
export function nameKeyUpgradeLines(upgrade: NameKeyUpgrade): string[] {
  if (!upgrade.ran || (upgrade.migrated === 0 && upgrade.conflicts.length === 0)) return [];
  return [
    `vote-reward: name keys upgraded to full Unicode case folding, ${upgrade.migrated} KVP key(s) migrated`,
    ...upgrade.conflicts.map(
      ({ name, kept, dropped }) =>
        `vote-reward: the name "${name}" was bound to ${kept} and, under another spelling, to ${dropped}; the API sees one name, so it stays bound to ${kept} (votereward unbind to change)`,
    ),
  ];
}
