/**
 * The version stamp of the resource's KVP data and the one ordered place where data written by an older version is
 * brought up to date: everything that must be rewritten at start runs here, before anything reads the data.
 */
import { nameKeyUpgradeLines, upgradeNameKeys } from './claim/name-key-upgrade';
import { upgradePointsLedgers } from './points/ledger-upgrade';
import type { KvpStore } from './runtime/runtime';
import { DATA_VERSION_KEY, KVP_FAMILIES } from './store/keys';
import { movePartyProgress } from './store/party-progress-upgrade';

/** KVP key holding the version of vote-reward that last wrote the data. */
export const DATA_VERSION_KVP = DATA_VERSION_KEY;
/** The version of data that carries no stamp: 0.1.0 and 0.2.0 wrote none, and their data is 0.1.0's format. */
export const UNSTAMPED_VERSION = '0.1.0';

/** What {@link upgradeData} found: the data is usable (after the lines it printed) or it must not be touched. */
export type DataUpgrade = { ok: true; lines: string[] } | { ok: false; problems: string[] };

/**
 * Migrations in the order they run; each is idempotent and safe to interrupt.
 * 0. (at read time, not here) journal entries of formats 1–2 are read into format 3 by `migrateEntry`, a step before
 *    their schema: an entry is rewritten in the new format only when its claim moves on.
 * 1. name-keyed records (name locks, last claims) move to the current name key (0.3.0);
 * 2. the vote party's progress moves from `party:<month>` to `party:progress:<month>` (0.4.0);
 * 3. points ledgers move to format 2: a bounded record, each applied key stored apart under `pointkey:` (0.5.0).
 */
const MIGRATIONS: readonly ((kvp: KvpStore) => string[])[] = [
  (kvp) => nameKeyUpgradeLines(upgradeNameKeys(kvp)),
  movePartyProgress,
  upgradePointsLedgers,
];

/**
 * Checks the data's version stamp against `running` (package.json's version, or `dev` from source), migrates, then
 * stamps the data. Data stamped by a newer version is left untouched and refused: the older code could misread it.
 */
export function upgradeData(kvp: KvpStore, running: string): DataUpgrade {
  const stamp = kvp.get(DATA_VERSION_KVP);
  const runningVersion = parseVersion(running);
  if (stamp !== null) {
    const stored = parseVersion(stamp);
    if (!stored) {
      return {
        ok: false,
        problems: [
          `the KVP key ${DATA_VERSION_KVP} holds ${JSON.stringify(stamp)}, not a version; the data was not written by vote-reward or is damaged, so it is left as is`,
        ],
      };
    }
    if (runningVersion && compareVersions(stored, runningVersion) > 0) {
      return {
        ok: false,
        problems: [
          `this server's data was written by vote-reward ${stamp}; you started ${running}; install ${stamp} or newer (nothing was changed or paid: the rewards still owed are kept for it)`,
        ],
      };
    }
  }
  const fresh = stamp === null && !hasData(kvp);
  const lines = MIGRATIONS.flatMap((migrate) => migrate(kvp));
  // A build from source has no version to stamp; it leaves the stamp to the release that runs next.
  if (runningVersion && stamp !== running) {
    kvp.set(DATA_VERSION_KVP, running);
    if (!fresh)
      lines.push(
        `vote-reward: data of ${stamp ?? `${UNSTAMPED_VERSION} (unstamped)`} upgraded to ${running}`,
      );
  }
  return { ok: true, lines };
}

/** True when the store holds anything an earlier version wrote: a record of any family, old or current. */
function hasData(kvp: KvpStore): boolean {
  return KVP_FAMILIES.some((family) =>
    family.endsWith(':') ? kvp.keys(family).length > 0 : kvp.get(family) !== null,
  );
}

/** A version as numbers plus its pre-release tag (`0.3.0-beta.1`), or null when it is not one. */
interface Version {
  core: [number, number, number];
  pre: string | null;
}

function parseVersion(text: string): Version | null {
  const match = /^(\d{1,9})\.(\d{1,9})\.(\d{1,9})(?:-([0-9A-Za-z.-]+))?$/.exec(text);
  if (!match) return null;
  return { core: [Number(match[1]), Number(match[2]), Number(match[3])], pre: match[4] ?? null };
}

function compareVersions(a: Version, b: Version): number {
  for (let i = 0; i < 3; i += 1) {
    const diff = (a.core[i] ?? 0) - (b.core[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  if (a.pre === b.pre) return 0;
  if (a.pre === null) return 1;
  if (b.pre === null) return -1;
  return a.pre.localeCompare(b.pre, 'en', { numeric: true });
}
