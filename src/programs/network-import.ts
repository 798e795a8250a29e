/**
 * `votereward network import`: moves what this server kept on its own (before it joined a network) into the shared
 * tables, one-time and idempotent. Each step is one kind of data: the vote history, then the points balances
 * (`src/points/network-import.ts`); the resource passes the list in (`IMPORT_STEPS` in `resource.ts`).
 *
 * The history step turns each KVP history (`history:<license>`, which keeps counts, not single votes) into rows of
 * `vote_reward_votes` that give back its total, its month counts and its current streak:
 * - the streak's days, one vote each, on consecutive days ending on its last day;
 * - the rest of each kept month's votes on the first streak day of that month (the same day keeps the streak as it
 *   is), or on the month's first day;
 * - the votes older than the kept months at the start of 1970 (they count in the total only).
 * A player's rows are one statement (all or none), keyed `import:<server id>:<license>:<n>`: a second run finds them
 * and skips the player, so running it twice gives the same rows. Votes counted on two servers before the network
 * (a check-only site paid on both) are two votes in two histories: the import cannot tell them apart.
 */

import { ADMIN_COMMAND, type AdminCommand } from '../domain/admin-command';
import type { Calendar } from '../domain/calendar';
import type { VoteHistory } from '../domain/types';
import { SERVER_ID_CONVAR, STORE_CONVAR } from '../network/config';
import type { SharedVotes, VoteToCount } from '../network/history-rows';
import type { PointsChain } from '../network/points-chain';
import { describeError } from '../runtime/errors';
import type { KvpStore, Runtime } from '../runtime/runtime';
import { HISTORY_PREFIX, historyKey } from '../store/keys';
import { readRecord } from '../store/record';
import { voteHistorySchema } from '../store/schemas';
import { IMPORT_SITE } from './shared-history';

/** What an import step works with. */
export interface ImportContext {
  kvp: Pick<KvpStore, 'get' | 'keys'>;
  votes: SharedVotes;
  serverId: string;
  calendar: Calendar;
  /** The network's shared points chain (null when the points are not on this server's network). */
  pointsChain: PointsChain | null;
  /** Prints a progress line (the server console). */
  progress(line: string): void;
}

/** One kind of data the import moves. */
export interface ImportStep {
  /** What it moves, for the lines (`vote history`). */
  name: string;
  /** Moves it; answers its summary lines; throws when the store fails (what moved stays, a rerun goes on). */
  run(context: ImportContext): Promise<string[]>;
}

/** The running resource as the command reads it. */
export interface ImportTarget {
  network: {
    config: { mode: string };
    votes: SharedVotes | null;
    refuses(): string | null;
  };
  programs: { calendar: Calendar };
  points: { chain: PointsChain | null };
}

const HALF_DAY_MS = 43_200_000;
/** A progress line every this many players. */
const PROGRESS_EVERY = 100;

/** The rows that give back a KVP history (see the file's comment). */
export function importRowsOf(history: VoteHistory, serverId: string, calendar: Calendar): VoteToCount[] {
  const { license, name, streak } = history;
  const rows: VoteToCount[] = [];
  const add = (votedMs: number) =>
    rows.push({
      key: `import:${serverId}:${license}:${rows.length + 1}`,
      license,
      site: IMPORT_SITE,
      votedMs,
      name,
    });
  const remaining: Record<string, number> = { ...history.months };
  const firstStreakDay = new Map<string, string>();
  if (streak.current > 0 && streak.lastDay !== null) {
    for (let back = streak.current - 1; back >= 0; back -= 1) {
      const day = calendar.addDays(streak.lastDay, -back);
      const month = day.slice(0, 7);
      if (!firstStreakDay.has(month)) firstStreakDay.set(month, day);
      add(calendar.startOfDay(day) + HALF_DAY_MS);
      remaining[month] = Math.max(0, (remaining[month] ?? 0) - 1);
    }
  }
  for (const month of Object.keys(remaining).sort()) {
    const day = firstStreakDay.get(month) ?? `${month}-01`;
    for (let i = 0; i < (remaining[month] ?? 0); i += 1) add(calendar.startOfDay(day) + i);
  }
  const older = history.total - rows.length;
  for (let i = 0; i < older; i += 1) add(i);
  return rows;
}

/** The vote history step. */
export const historyImportStep: ImportStep = {
  name: 'vote history',
  async run({ kvp, votes, serverId, calendar, progress }) {
    const keys = kvp.keys(HISTORY_PREFIX).sort();
    const counts = { imported: 0, rows: 0, already: 0, empty: 0, unreadable: 0 };
    for (const [index, key] of keys.entries()) {
      const found = readRecord(kvp, key, voteHistorySchema);
      if (found.state !== 'valid' || historyKey(found.value.license) !== key) {
        counts.unreadable += 1;
        progress(`network import: ${key} is unreadable; left as is, not imported`);
        continue;
      }
      const rows = importRowsOf(found.value, serverId, calendar);
      if (rows.length === 0) counts.empty += 1;
      else if ((await votes.countMany(rows)) === 'counted') {
        counts.imported += 1;
        counts.rows += rows.length;
      } else counts.already += 1;
      if ((index + 1) % PROGRESS_EVERY === 0)
        progress(`network import: vote history ${index + 1}/${keys.length} player(s)`);
    }
    return [
      `  vote history: ${counts.imported} player(s) imported (${counts.rows} vote row(s)), ${counts.already} imported before, ${counts.empty} without votes, ${counts.unreadable} unreadable (left as is)`,
    ];
  },
};

/** The `votereward network` rows: `import`. */
export function networkCommands(
  current: () => ImportTarget | null,
  runtime: Pick<Runtime, 'kvp' | 'log'>,
  steps: readonly ImportStep[],
): AdminCommand[] {
  const settings = `set ${STORE_CONVAR} "oxmysql" and set ${SERVER_ID_CONVAR} "<a unique name>"`;
  const importRow: AdminCommand = {
    name: 'import',
    help: "move this server's own vote history and points balances into the network's shared tables (one-time; running it again changes nothing)",
    async run() {
      const head = `${ADMIN_COMMAND} network import`;
      const app = current();
      if (!app) return [`${head}: vote-reward is not running; fix the start-up problem first`];
      const { network } = app;
      if (network.config.mode === 'kvp' || !network.votes)
        return [
          `${head}: the network is off on this server (${settings}, then restart vote-reward); nothing imported`,
        ];
      const refused = network.refuses();
      if (refused !== null)
        return [
          `${head}: the shared store is not available, nothing imported: ${refused} (${STORE_CONVAR}, ${SERVER_ID_CONVAR}); run it again once \`${ADMIN_COMMAND} status\` shows the network without a problem`,
        ];
      const context: ImportContext = {
        kvp: runtime.kvp,
        votes: network.votes,
        serverId: network.votes.serverId,
        calendar: app.programs.calendar,
        pointsChain: app.points.chain,
        progress: (line) => runtime.log.info(line),
      };
      const lines = [`${head} (server ${context.serverId}):`];
      for (const step of steps) {
        runtime.log.info(`network import: ${step.name}...`);
        try {
          lines.push(...(await step.run(context)));
        } catch (error) {
          lines.push(
            `  ${step.name}: stopped, the shared store (${STORE_CONVAR}, ${SERVER_ID_CONVAR}) failed: ${describeError(error)}. What was imported stays; run \`${head}\` again to go on (nothing is imported twice)`,
          );
          return lines;
        }
      }
      lines.push('  done; running it again changes nothing');
      return lines;
    },
  };
  return [
    {
      name: 'network',
      help: 'the network of servers: `network import`',
      run: () => [`usage: ${ADMIN_COMMAND} network import`],
      subcommands: [importRow],
    },
  ];
}
