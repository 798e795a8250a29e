/**
 * What one claimed vote does to a history and which awards it earns: pure, so the same history and vote always give
 * the same awards with the same ids (recording a vote again after a crash decides nothing new).
 */
import type { Calendar } from '../domain/calendar';
import type { AwardSpec, RewardSpec, VoteHistory } from '../domain/types';

/** A milestone: a reward when the total reaches `at`, or on every `every`-th vote. */
export type MilestoneRule = { at: number; reward: RewardSpec[] } | { every: number; reward: RewardSpec[] };

/** The programs that react to one vote. */
export interface VotePrograms {
  milestones: readonly MilestoneRule[];
  streaks: { graceDays: number; rewards: readonly { days: number; reward: RewardSpec[] }[] };
  firstVote: RewardSpec[] | null;
}

/** The history after the vote and the awards it earned. */
export interface Recorded {
  history: VoteHistory;
  awards: AwardSpec[];
}

/** Applies the vote `ref` of `name` at `at` to `before`. */
export function recordVote(
  before: VoteHistory,
  vote: { ref: string; name: string; at: number },
  programs: VotePrograms,
  calendar: Calendar,
): Recorded {
  const { license } = before;
  const month = calendar.monthOf(vote.at);
  const day = calendar.dayOf(vote.at);
  const total = before.total + 1;
  const streak = nextStreak(before.streak, day, programs.streaks.graceDays, calendar);
  const history: VoteHistory = {
    ...before,
    name: vote.name,
    total,
    months: { ...before.months, [month]: (before.months[month] ?? 0) + 1 },
    // A vote recorded late (parked for an admin, then granted) moves neither time back: the month's count was
    // reached with its latest vote, and a tie is not won with an old claim time.
    monthReachedAt: {
      ...before.monthReachedAt,
      [month]: Math.max(before.monthReachedAt[month] ?? vote.at, vote.at),
    },
    lastVoteAt: Math.max(before.lastVoteAt ?? vote.at, vote.at),
    streak,
    recent: [...before.recent, vote.ref],
  };
  const awards: AwardSpec[] = [];
  const award = (id: string, program: AwardSpec['info']['program'], value: number, rewards: RewardSpec[]) => {
    // Two rules for one total or streak length (`at: 5` twice) share the award id: one award pays both lists.
    const same = awards.find((existing) => existing.id === id);
    if (same) {
      same.rewards = [...same.rewards, ...rewards];
      return;
    }
    awards.push({
      id,
      license,
      name: vote.name,
      info: { program, value, month: null, voteRef: vote.ref },
      rewards,
    });
  };
  if (programs.firstVote && before.total === 0) award(`a:first:${license}`, 'first', 1, programs.firstVote);
  for (const rule of programs.milestones) {
    if ('at' in rule && rule.at === total)
      award(`a:milestone:${license}:${total}:at${rule.at}`, 'milestone', total, rule.reward);
    if ('every' in rule && total % rule.every === 0)
      award(`a:milestone:${license}:${total}:every${rule.every}`, 'milestone', total, rule.reward);
  }
  if (streak.current !== before.streak.current || streak.startDay !== before.streak.startDay) {
    for (const rule of programs.streaks.rewards) {
      if (rule.days === streak.current)
        award(`a:streak:${license}:${streak.startDay}:${rule.days}`, 'streak', rule.days, rule.reward);
    }
  }
  return { history, awards };
}

/** The streak after a vote on `day`: the same day keeps it, a gap of at most `graceDays` missed days extends it. */
export function nextStreak(
  streak: VoteHistory['streak'],
  day: string,
  graceDays: number,
  calendar: Calendar,
): VoteHistory['streak'] {
  if (streak.lastDay === day) return streak;
  const gap = streak.lastDay === null ? Number.POSITIVE_INFINITY : calendar.daysBetween(streak.lastDay, day);
  // A vote dated before the last one (a clock moved back) leaves the streak as it is.
  if (gap < 0) return streak;
  const extends_ = gap - 1 <= graceDays && streak.current > 0;
  const current = extends_ ? streak.current + 1 : 1;
  return {
    current,
    best: Math.max(streak.best, current),
    lastDay: day,
    startDay: extends_ ? streak.startDay : day,
  };
}

/** The instant the streak breaks: the end of the last day a vote may still extend it; null without a streak. */
export function streakDeadline(
  streak: VoteHistory['streak'],
  graceDays: number,
  calendar: Calendar,
): number | null {
  if (streak.lastDay === null || streak.current === 0) return null;
  return calendar.startOfDay(calendar.addDays(streak.lastDay, graceDays + 2));
}
