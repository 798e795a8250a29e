import type { ClaimFlow } from '../claim/claim-flow';
import { networkPlayerLines } from '../claim/network-rows';
import {
  ADMIN_COMMAND,
  type AdminCommand,
  argumentOf,
  formatDuration,
  formatTime,
} from '../domain/admin-command';
import type { TopVoter, VoteHistory } from '../domain/types';
import type { JournalEntry } from '../engine/journal';
import type { NetworkClaims } from '../network/claims';
import { cleanText, NAME_MAX } from '../runtime/clean-text';
import { displayName } from '../runtime/display-name';
import { freshHistory } from './history';
import { formatPartyStatus, type VoteParty } from './party';
import type { Programs } from './programs';
import type { TopDecision, TopVoters } from './top';

/** The running parts the programs' console reads. */
export interface ProgramsConsoleTarget {
  programs: Programs;
  flow: Pick<ClaimFlow, 'pending'>;
  party: Pick<VoteParty, 'status' | 'confirm' | 'skip'> | null;
  top: Pick<TopVoters, 'decision'> | null;
  /** The shared store of a network of servers (its claims are null when off). */
  network?: { claims: Pick<NetworkClaims, 'serverId' | 'ofLicense'> | null };
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * A player other features know (points, purchases) when the vote history does not: the player, lines saying why
 * the words name nobody or several players, or null.
 */
export type OtherPlayerFinder = (ref: string) => { license: string; name: string } | string[] | null;

/**
 * The reward programs' part of `votereward`: a player's votes, the vote party, the top voters; `playerExtras` adds
 * lines of other features (points, purchases) to `votereward player`.
 */
export function programsCommands(
  current: () => ProgramsConsoleTarget | null,
  now: () => number,
  playerExtras: (license: string) => string[] = () => [],
  findOther: OtherPlayerFinder = () => null,
): AdminCommand[] {
  const withTarget =
    (lines: (target: ProgramsConsoleTarget, args: readonly string[]) => string[]) =>
    (args: readonly string[]): string[] => {
      const target = current();
      return target ? lines(target, args) : ['vote-reward: inert'];
    };
  const withParty =
    (lines: (party: NonNullable<ProgramsConsoleTarget['party']>) => string[] | Promise<string[]>) =>
    (): string[] | Promise<string[]> => {
      const target = current();
      if (!target) return ['vote-reward: inert'];
      return target.party
        ? lines(target.party)
        : ['vote-reward: the vote party is off (voteParty.enabled in config.json)'];
    };
  return [
    {
      name: 'player',
      args: '<who>',
      help: 'vote history, streak and open awards of a player (<who>: name or license)',
      run: async (args) => {
        const target = current();
        if (!target) return ['vote-reward: inert'];
        const ref = argumentOf(args);
        const local = playerLines(target, ref, now(), playerExtras, findOther);
        // A player known only to other servers of the network is named by license.
        const license = local.license ?? (/^license:\S+$/.test(ref.trim()) ? ref.trim() : null);
        // The network's shared rows of the player (a network of servers), after this server's own.
        const shared = license ? await networkPlayerLines(target.network?.claims ?? null, license) : [];
        return [...local.lines, ...shared];
      },
    },
    {
      name: 'party',
      help: 'vote party progress and the last threshold paid',
      check: (args) =>
        args.length > 0 ? `"${cleanText(argumentOf(args), 32)}" is not confirm or skip` : null,
      run: withParty((party) => formatPartyStatus(party.status(), now())),
      subcommands: [
        {
          name: 'confirm',
          help: 'pay a held vote-party count once (or accept the server clock after fixing it)',
          run: withParty((party) => party.confirm()),
        },
        {
          name: 'skip',
          help: 'pass the parties of a held count without paying them',
          run: withParty((party) => party.skip()),
        },
      ],
    },
    {
      name: 'top',
      args: '[YYYY-MM]',
      help: 'top voters of a month (this month by default) and its month-end decision',
      check: (args) => {
        const month = argumentOf(args);
        return month && !MONTH.test(month) ? `"${cleanText(month, 32)}" is not a month (YYYY-MM)` : null;
      },
      run: withTarget((target, args) => topLines(target, argumentOf(args) || null, now())),
    },
  ];
}

/** Lines of `votereward player <name|license>`. */
function playerLines(
  target: ProgramsConsoleTarget,
  ref: string,
  now: number,
  extras: (license: string) => string[],
  findOther: OtherPlayerFinder,
): { lines: string[]; license: string | null } {
  const { programs, flow } = target;
  const lower = ref.toLowerCase();
  // A player who shared a party without a vote claimed here has awards but no history.
  const owed = flow
    .pending()
    .find((e) => e.award !== null && (e.license === ref || e.name.toLowerCase() === lower));
  // A `license:` names a license only, never a player who took it as a name.
  const found = programs.history.find(ref);
  const byName = found !== null && /^license:/.test(ref.trim()) && found.license !== ref.trim();
  let history = (byName ? null : found) ?? (owed ? freshHistory(owed.license, owed.name) : null);
  if (!history) {
    // A player whose only history is points or purchases.
    const other = findOther(ref);
    if (Array.isArray(other)) return { lines: other, license: null };
    if (other) history = freshHistory(other.license, other.name);
  }
  if (!history)
    return {
      lines: [
        `${ADMIN_COMMAND} player: no vote history, open award, points or purchase for "${cleanText(ref, NAME_MAX)}"`,
      ],
      license: null,
    };
  const month = programs.calendar.monthOf(now);
  const lines = formatPlayer(
    {
      history,
      month,
      rank: programs.history.rankOf(history.license, month),
      streak: programs.streakOf(history.license),
      awards: flow.pending().filter((e) => e.award !== null && e.license === history.license),
    },
    now,
  );
  return { lines: [...lines, ...extras(history.license)], license: history.license };
}

/** Lines of `votereward top [YYYY-MM]` (this month when `month` is null). */
function topLines(target: ProgramsConsoleTarget, month: string | null, now: number): string[] {
  const { calendar, history } = target.programs;
  const shown = month ?? calendar.monthOf(now);
  const decision = target.top?.decision(shown) ?? null;
  const depth = Math.max(10, decision?.ranking.length ?? 0);
  return formatTop(shown, calendar.zone, history.top(shown, depth), decision);
}

/** The programs' lines of `votereward status`: party, top, Discord (only those on unless verbose), and history. */
export function programsStatus(target: ProgramsConsoleTarget, now: number, verbose: boolean): string[] {
  const { programs } = target;
  const lines: string[] = [];
  const party = target.party?.status();
  if (party)
    lines.push(
      `  Party      ${party.votes ?? '?'}/${party.nextThreshold} votes this month (${party.month} UTC); last paid ${party.lastDecided || 'none'}`,
    );
  else if (verbose) lines.push('  Party      off');
  if (target.top) {
    const month = programs.calendar.monthOf(now);
    const leader = programs.history.top(month, 1)[0];
    const last = target.top.decision(programs.calendar.previousMonth(month));
    lines.push(
      `  Top        ${month}: ${leader ? `#1 ${displayName(leader.name, 'console')} with ${leader.votes} vote(s)` : 'no votes yet'}; ${last ? `${last.month} decided (${last.awards.length} award(s))` : 'last month not decided'}`,
    );
  } else if (verbose) lines.push('  Top        off');
  if (verbose) lines.push(`  History    ${programs.history.count()} player(s) with votes claimed here`);
  const discord = programs.discord();
  if (discord.state === 'on')
    lines.push(
      `  Discord    ${discord.url}: ${discord.sent} sent, ${discord.queued} queued, ${discord.dropped} dropped${discord.pausedUntil && discord.pausedUntil > now ? `; paused ${Math.ceil((discord.pausedUntil - now) / 1000)} s` : ''}${discord.lastError ? `; last problem: ${discord.lastError}` : ''}`,
    );
  else if (discord.state === 'refused') lines.push(`  Discord    off: ${discord.problem}`);
  else if (verbose) lines.push('  Discord    off');
  return lines;
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
    `vote-reward player ${displayName(history.name, 'console') || '(no name)'} (${cleanText(history.license)})`,
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
    `  #${String(voter.rank).padEnd(3)} ${displayName(voter.name, 'console').padEnd(20)}  ${String(voter.votes).padStart(4)} vote(s)  ${cleanText(voter.license)}`;
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
      `    #${award.rank} ${displayName(voter?.name ?? '', 'console')} (${cleanText(award.license)}): ${cleanText(award.id)}`,
    );
  }
  return lines;
}
