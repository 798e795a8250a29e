import type { RateBudgetSnapshot } from '../api/rate-budget';
import { formatPollStatus, type VoteDetector } from './detector';

/** Whole seconds from `now` to `until`, as a status shows them. */
const secondsLeft = (until: number, now: number) => `${Math.ceil((until - now) / 1000)} s`;

/** What holds requests back now: a pause after a 429, a backoff after failures. */
export function budgetPauses(budget: RateBudgetSnapshot, now: number): string[] {
  return [
    budget.pausedUntil ? `paused ${secondsLeft(budget.pausedUntil, now)} after a 429` : '',
    budget.backoffUntil ? `polling backs off ${secondsLeft(budget.backoffUntil, now)}` : '',
  ].filter(Boolean);
}

/** The poller's lines of `votereward status`: one line (on or off, and what holds it back), or all its figures. */
export function pollStatus(
  detector: Pick<VoteDetector, 'status'> | null,
  budget: RateBudgetSnapshot,
  now: number,
  verbose: boolean,
): string[] {
  if (!detector) return ['  Polling    off'];
  const lines = formatPollStatus(detector.status(), now);
  if (verbose) return lines.map((line) => `  ${line}`);
  const pauses = budgetPauses(budget, now);
  return [`  ${lines[0]}${pauses.length ? `; ${pauses.join(', ')}` : ''}`];
}
