import type { AdminResult } from '../claim/claim-flow';
import type { JournalEntry } from '../claim/journal';
import type { TopDecision } from '../programs/top';
import type { TopVoter, VoteHistory } from '../programs/types';
import { cleanText, NAME_MAX } from '../runtime/clean-text';

/** What the `votereward` console command drives. */
export interface AdminActions {
  /** Lines of `votereward status`. */
  status(): Promise<string[]>;
  /** Lines of `votereward pending`. */
  pending(): string[];
  retry(ref: string): Promise<AdminResult>;
  grant(ref: string): Promise<AdminResult>;
  drop(ref: string): AdminResult;
  unbind(name: string): AdminResult;
  /** Reloads config.json and rebuilds everything; returns what happened. */
  reload(): Promise<string[]>;
  /** Lines of `votereward player <name|license>`. */
  player(ref: string): string[];
  /** Lines of `votereward party [confirm|skip]`. */
  party(action: 'status' | 'confirm' | 'skip'): string[] | Promise<string[]>;
  /** Lines of `votereward top [YYYY-MM]` (`month` already checked; null for this month). */
  top(month: string | null): string[];
}

/** Name of the admin command (players need the ace `command.votereward`). */
export const ADMIN_COMMAND = 'votereward';

const USAGE = [
  `usage: ${ADMIN_COMMAND} <subcommand>`,
  '  status              API, key, server, rate budget, framework, pending claims, programs',
  '  pending             open claims (owed rewards, undecided claims)',
  '  retry <vote_id>     try an open claim again now',
  '  grant <vote_id>     declare a claim owed and pay it (for claims waiting for an admin)',
  '  drop <vote_id>      forget an open claim; nothing more is paid for it',
  '  unbind <name>       free a name bound by the name lock',
  '  reload              reload config.json',
  '  player <who>        vote history, streak and open awards of a player (<who>: name or license)',
  '  party               vote party progress and the last threshold paid',
  '  party confirm|skip  pay a held vote-party count once, or pass its thresholds without paying',
  '  top [YYYY-MM]       top voters of a month (this month by default) and its month-end decision',
];

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Runs one `votereward ...` invocation and returns the lines to print. */
export async function runAdminCommand(actions: AdminActions, args: readonly string[]): Promise<string[]> {
  const [sub, ...rest] = args;
  const argument = rest.join(' ').trim();
  const needs = (what: string) => [`${ADMIN_COMMAND} ${sub}: missing <${what}>`, ...USAGE];
  const line = (result: AdminResult) => [`${ADMIN_COMMAND} ${sub}: ${result.message}`];
  switch (sub?.toLowerCase()) {
    case 'status':
      return actions.status();
    case 'pending':
      return actions.pending();
    case 'retry':
      return argument ? line(await actions.retry(argument)) : needs('vote_id');
    case 'grant':
      return argument ? line(await actions.grant(argument)) : needs('vote_id');
    case 'drop':
      return argument ? line(actions.drop(argument)) : needs('vote_id');
    case 'unbind':
      return argument ? line(actions.unbind(argument)) : needs('name');
    case 'reload':
      return actions.reload();
    case 'player':
      return argument ? actions.player(argument) : needs('who');
    case 'party': {
      const action = argument.toLowerCase();
      if (action === '') return actions.party('status');
      if (action === 'confirm' || action === 'skip') return actions.party(action);
      return [`${ADMIN_COMMAND} party: "${cleanText(argument, 32)}" is not confirm or skip`, ...USAGE];
    }
    case 'top':
      if (argument && !MONTH.test(argument))
        return [`${ADMIN_COMMAND} top: "${cleanText(argument, 32)}" is not a month (YYYY-MM)`, ...USAGE];
      return actions.top(argument || null);
    case undefined:
    case 'help':
      return USAGE;
    default:
      return [`${ADMIN_COMMAND}: unknown subcommand "${cleanText(sub, 32)}"`, ...USAGE];
  }
}

/** A time as admins read it: `2026-11-21 10:00 UTC`. */
export function formatTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A duration as admins read it: `3 h 20 min`, `45 min`, `2 d 4 h`. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
  return `${Math.floor(hours / 24)} d${hours % 24 ? ` ${hours % 24} h` : ''}`;
}

/** What `votereward player` shows about one player. */
export interface PlayerView {
  history: VoteHistory;
  /** This month in the owner's time zone, and the player's place in it. */
  month: string;
  rank: TopVoter | null;
  /** The streak as it stands now (0 once broken) and the ms left before it breaks. */
  streak: { current: number; best: number; msLeft: number | null };
  /** Open award entries of the license, oldest first. */
  awards: readonly JournalEntry[];
}

/** Lines of `votereward player`. */
export function formatPlayer(view: PlayerView, now: number): string[] {
  const { history, streak } = view;
  const month = history.months[view.month] ?? 0;
  const lines = [
    `vote-reward player ${cleanText(history.name, NAME_MAX) || '(no name)'} (${cleanText(history.license)})`,
    `  Votes      ${history.total} claimed here, ${month} in ${view.month}${view.rank ? ` (#${view.rank.rank} this month)` : ''}`,
    `  Last vote  ${history.lastVoteAt === null ? 'never' : `${formatTime(history.lastVoteAt)} (${formatDuration(now - history.lastVoteAt)} ago)`}`,
    `  Streak     ${streak.current} day(s), best ${streak.best}${streak.msLeft === null ? '' : `; breaks in ${formatDuration(streak.msLeft)} without a vote`}`,
    `  Awards     ${view.awards.length === 0 ? 'none open' : `${view.awards.length} open`}`,
  ];
  for (const entry of view.awards) {
    const info = entry.award;
    const what = info ? `${info.program} ${info.value}${info.month ? ` (${info.month})` : ''}` : 'vote';
    lines.push(
      `    ${cleanText(entry.id).padEnd(40)}  ${what.padEnd(20)}  ${entry.state.padEnd(11)}  ${entry.given.filter(Boolean).length}/${entry.rewards.length} given${entry.problem ? `  ${entry.problem}` : ''}`,
    );
  }
  return lines;
}

/** Lines of `votereward top`: the month's ranking now, and its month-end decision when it was decided. */
export function formatTop(
  month: string,
  zone: string,
  ranking: readonly TopVoter[],
  decision: TopDecision | null,
): string[] {
  const line = (voter: TopVoter) =>
    `  #${String(voter.rank).padEnd(3)} ${cleanText(voter.name, NAME_MAX).padEnd(20)}  ${String(voter.votes).padStart(4)} vote(s)  ${cleanText(voter.license)}`;
  const lines = [
    `vote-reward top voters of ${month} (${zone} time zone; ties go to who reached the count first)`,
  ];
  if (ranking.length === 0) lines.push('  nobody has a vote claimed here this month');
  lines.push(...ranking.map(line));
  if (!decision) {
    lines.push('  Decision   not decided (decided once, at the first check after the month ends)');
    return lines;
  }
  lines.push(
    `  Decision   ${formatTime(decision.decidedAt)}: ${decision.ranking.length} ranked, ${decision.awards.length} award(s)`,
  );
  for (const award of decision.awards) {
    const voter = decision.ranking.find((entry) => entry.rank === award.rank);
    lines.push(
      `    #${award.rank} ${cleanText(voter?.name ?? '', NAME_MAX)} (${cleanText(award.license)}): ${cleanText(award.id)}`,
    );
  }
  return lines;
}
