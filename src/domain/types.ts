/**
 * Reward programs beyond one vote: the shapes every program shares. A vote claimed by this resource is recorded in
 * the player's history; recording decides the awards it earned (milestone, streak, first vote) in the same step.
 * The vote party and the month's top voters decide awards from the API's counters and from the histories. Every
 * award is a journal entry with a deterministic id, paid through the same verified-payout path as a vote.
 */
import type { Reward } from '../rewards/types';

/**
 * The program an award comes from; `test` is an admin's `votereward testpay`, not a program; `shop` is the delivery of
 * a vote-shop purchase (`value` is its cost, `voteRef` its purchase id); `allsites` the bonus for a vote on every
 * configured listing site in one day (`value` is the number of sites).
 */
export const AWARD_PROGRAM_NAMES = [
  'milestone',
  'streak',
  'first',
  'party',
  'top',
  'test',
  'shop',
  'allsites',
] as const;

/** A program's name (one of {@link AWARD_PROGRAM_NAMES}). */
export type AwardProgram = (typeof AWARD_PROGRAM_NAMES)[number];

/** Every program, in the order awards of one vote are paid. */
export const AWARD_PROGRAMS: readonly AwardProgram[] = [
  'first',
  'milestone',
  'streak',
  'allsites',
  'party',
  'top',
];

/** What an award journal entry carries besides the rewards. */
export interface AwardInfo {
  program: AwardProgram;
  /**
   * The number the award is about: the vote count of a milestone, the streak length in days, the party threshold
   * (votes of the month), the rank of a top voter, 1 for a first vote.
   */
  value: number;
  /** The month a party or top-voter award belongs to (`2026-11`), else null. */
  month: string | null;
  /** The journal ref of the vote that earned it (milestone, streak, first), else null. */
  voteRef: string | null;
}

/** One draw of a reward list: what each configured entry came to, for admins (`votereward player`). */
export interface DrawRecord {
  /** Index of the configured entry. */
  entry: number;
  /** The chance roll (0..100) when the entry has a `chance`, else null. */
  roll: number | null;
  /** Index picked in a `oneOf` list, null for a plain reward; -1 when the chance roll lost. */
  pick: number | null;
}

/** A configured reward entry: a reward, or a weighted choice, each with an optional chance in percent. */
export type RewardSpec =
  | (Reward & { chance?: number })
  | { oneOf: (Reward & { weight: number })[]; chance?: number };

/** A player's vote history, as kept in the KVP under `history:<license>` (its schema is the one source). */
export type { VoteHistory } from '../store/schemas';

/** One site's part of a history. */
export interface SiteTally {
  total: number;
  /** The day (`YYYY-MM-DD` in the time zone) of the last vote claimed on the site. */
  lastDay: string | null;
}

/** Months of per-month counts kept in a history. */
export const HISTORY_MONTHS = 13;
/** Vote refs kept in `recent`. */
export const HISTORY_RECENT = 20;

/** An award to create: the program decides its id, the awards store makes it a journal entry once. */
export interface AwardSpec {
  /** Deterministic id (`a:milestone:<license>:<N>`, `a:party:<month>:<threshold>:<license>`, ...). */
  id: string;
  license: string;
  name: string;
  info: AwardInfo;
  /** The configured entries; drawn once when the award is created. */
  rewards: readonly RewardSpec[];
}

/** One line of a month's ranking. */
export interface TopVoter {
  rank: number;
  license: string;
  name: string;
  votes: number;
}
