import { budgetPauses, type RateBudgetSnapshot } from '../api/rate-budget';
import { formatPollStatus, type VoteDetector } from './detector';

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
