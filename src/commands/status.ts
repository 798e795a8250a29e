import { NetworkError, RateBudgetError, TimeoutError, UnauthorizedError } from '../api/errors';
import { budgetPauses, budgetShareText } from '../api/rate-budget';
import type { Running } from '../compose';
import { maskKey } from '../config/load';
import { ADMIN_COMMAND, formatDuration, formatTime } from '../domain/admin-command';
import { cleanText } from '../runtime/clean-text';
import { describeError } from '../runtime/errors';
import { unreachableHint } from './api-reach';

/** The words that ask `votereward status` for its full form. */
export const VERBOSE_WORDS: readonly string[] = ['verbose', '-v'];

/**
 * Lines of `votereward status`: a short healthy summary (API, server, framework, claims, polling, the programs that
 * are on), or with `verbose` every figure (key, budget, name bindings, the poller's internals, history).
 */
export async function statusLines(running: Running, now: number, verbose: boolean): Promise<string[]> {
  const { api, config } = running;
  let reach: string;
  let server: string | null = 'unknown';
  let check: string | null = null;
  try {
    const info = await api.getServerInfo({ priority: 'poll' });
    reach = 'reachable, key valid';
    server = `${cleanText(info.name)} (#${info.rank}, ${info.votes_total} votes)`;
  } catch (error) {
    reach = error instanceof UnauthorizedError ? 'the key is wrong or revoked (401)' : describeError(error);
    const unreachable = unreachableSince(running, error, now);
    if (unreachable) {
      reach = unreachable;
      server = null;
      check = unreachableHint(api.baseUrl, running.apiUrlSource);
    }
  }
  const budget = running.budget.snapshot();
  const lines = ['vote-reward status', `  API        ${api.baseUrl} over ${api.transport}: ${reach}`];
  if (check) lines.push(`             ${check}`);
  if (verbose) lines.push(`  Key        ${maskKey(config.apiKey)}`);
  if (server) lines.push(`  Server     ${server}`);
  lines.push(`  Framework  ${running.framework}`);
  lines.push(...running.network.statusLines());
  if (verbose) {
    const pauses = budgetPauses(budget, now);
    lines.push(
      `  Budget     ${budget.usedInWindow}/${budget.limit}${budgetShareText(budget) ? ` (${budgetShareText(budget)})` : ''} in the last minute (${budget.reserved} kept for claims); sent ${budget.sent.claim} claim, ${budget.sent.poll} poll requests; 429s: ${budget.rateLimited}${pauses.length ? `; ${pauses.join(', ')}` : ''}`,
    );
  }
  lines.push(...running.statusLines(now, verbose));
  if (!verbose)
    lines.push(`  (${ADMIN_COMMAND} status verbose: key, rate budget, names, poller figures, history)`);
  return lines;
}

/**
 * "unreachable since ..." when the API has not answered lately and this status request failed for that reason: no
 * answer itself, or not sent because the rate budget backs off after the failures. Null otherwise.
 */
function unreachableSince(running: Running, error: unknown, now: number): string | null {
  const { failingSince, lastError } = running.reach.snapshot();
  if (failingSince === null) return null;
  const fromReach =
    error instanceof NetworkError || error instanceof TimeoutError || error instanceof RateBudgetError;
  if (!fromReach) return null;
  const last = error instanceof RateBudgetError ? lastError : describeError(error);
  return `unreachable since ${formatTime(failingSince)} (${formatDuration(now - failingSince)}); last error: ${last ?? 'none recorded'}`;
}
