/** The ranking of a period for the `getTopVoters` export (`current`, `previous` or a month). */
import type { Calendar } from '../domain/calendar';
import type { TopVoter } from '../domain/types';
import type { HistoryStore } from './history';

/** Lines `/votetop` shows, and what `getTopVoters` answers when `n` is left out. */
export const TOP_SHOWN = 10;

/** What `getTopVoters(period, n)` answers. */
export type TopVotersAnswer =
  | { ok: true; month: string; voters: TopVoter[] }
  | { ok: false; code: 'invalid_period' | 'invalid_count' | 'not_ready'; error: string };

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * The ranking of a period for the `getTopVoters` export: `current`, `previous` or a month `YYYY-MM` (in the owner's
 * time zone), `n` from 1 to 100 (10 when left out). Months older than the history keeps answer an empty list.
 */
export function topVotersOf(
  history: Pick<HistoryStore, 'top'>,
  calendar: Pick<Calendar, 'monthOf' | 'previousMonth'>,
  now: number,
  period: unknown,
  n: unknown,
): TopVotersAnswer {
  const count = n === undefined || n === null ? TOP_SHOWN : n;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 100)
    return {
      ok: false,
      code: 'invalid_count',
      error: `n must be a whole number from 1 to 100, got ${describe(n)}`,
    };
  const current = calendar.monthOf(now);
  let month: string;
  if (period === 'current' || period === undefined || period === null) month = current;
  else if (period === 'previous') month = calendar.previousMonth(current);
  else if (typeof period === 'string' && MONTH.test(period)) month = period;
  else
    return {
      ok: false,
      code: 'invalid_period',
      error: `period must be "current", "previous" or a month "YYYY-MM", got ${describe(period)}`,
    };
  return { ok: true, month, voters: history.top(month, count) };
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  if (typeof value === 'number') return String(value);
  return value === null ? 'null' : typeof value;
}
