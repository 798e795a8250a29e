/**
 * Verified payouts: a paying call is judged by what it changed, not by what it answered. The quantity it should
 * change (a balance, an item count) is read before and after; another script may move it in between, so only a
 * move of exactly the amount proves a payment, and only an unchanged value after a call that finished proves none.
 */
import { outcomeUnknown, PAID } from './call';
import type { Confirmation, PayoutResult, Reading } from './types';

/** What one verified call did. */
export interface VerifiedCall {
  /** What is being paid, for messages (`bank 500`, `3 x bread`). */
  what: string;
  /** Where the quantity was read (`es_extended getAccount('bank')`). */
  source: string;
  /** The reading before the call. */
  before: number;
  /** The amount the call should add. */
  amount: number;
  /** What the call answered (or how it failed). */
  answer: PayoutResult;
  /** The reading after the call. */
  after: Reading;
}

/** Paid when the quantity moved by exactly the amount; not paid when it did not move after a finished call. */
export function judgePayout(call: VerifiedCall): PayoutResult {
  const { what, source, before, amount, answer, after } = call;
  const said = describeAnswer(answer);
  if (!after.ok) {
    return outcomeUnknown(
      `${what}: ${said}, then ${source} could not be read (${after.detail}); it may or may not have paid`,
    );
  }
  const moved = after.value - before;
  if (moved === amount) return PAID;
  const unanswered = !answer.ok && answer.problem.code === 'outcome_unknown' && answer.problem.unanswered;
  if (moved === 0 && !unanswered) {
    if (!answer.ok && answer.problem.code !== 'outcome_unknown') return answer;
    return {
      ok: false,
      problem: {
        code: 'framework_error',
        detail: `${what}: ${said}, but ${source} did not change (${before}): nothing was paid`,
      },
    };
  }
  return outcomeUnknown(
    `${what}: ${said}; ${source} went from ${before} to ${after.value} (expected +${amount})${
      moved === 0 ? ' and the call may still be running' : ', so something else changed it too'
    }; it may or may not have paid`,
  );
}

/** What a reading taken after a restart says about a payout begun at reading `before`. */
export function confirmPayout(source: string, before: number, amount: number, now: Reading): Confirmation {
  if (!now.ok) return { code: 'unreadable', detail: `${source} could not be read (${now.detail})` };
  const moved = now.value - before;
  if (moved === amount) return { code: 'paid' };
  if (moved === 0) return { code: 'not_paid' };
  return {
    code: 'unknown',
    detail: `${source} went from ${before} to ${now.value} since the interrupted payout (expected +${amount} or no change)`,
  };
}

/** A number read from a framework, or why it is not one. */
export function readNumber(label: string, value: unknown): Reading {
  return typeof value === 'number' && Number.isFinite(value)
    ? { ok: true, value }
    : { ok: false, detail: `${label} answered ${JSON.stringify(value) ?? 'nothing'}, not a number` };
}

function describeAnswer(answer: PayoutResult): string {
  if (answer.ok) return 'the call reported success';
  const { problem } = answer;
  if (problem.code === 'framework_error' || problem.code === 'outcome_unknown') {
    return `the call failed (${problem.detail})`;
  }
  return `the call answered ${problem.code}`;
}
