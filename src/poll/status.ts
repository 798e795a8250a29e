/** The poller's figures for `votereward status` and the benchmarks, and their console text. */
import type { RateBudgetSnapshot } from '../api/rate-budget';
import type { GateStatus } from './gate';
import type { LatencySummary } from './latency';
import type { CheckReason, SchedulerSizes } from './scheduler';

/** The likelihood order of the round-robin, for `votereward status`. */
export interface PriorityStatus {
  /** Players who claimed before and whose site cooldown ended within the window: checked first. */
  returning: number;
  /** How long after the site cooldown ends a player counts as returning, in minutes. */
  windowMinutes: number;
  /** A returning player is not checked again sooner than this, in milliseconds. */
  returningEveryMs: number;
  /** Players checked in turn after them. */
  others: number;
}

/** Figures for `votereward status` and the benchmarks. */
export interface PollStatus {
  /** False when `poll.enabled` is off or the detector is stopped. */
  running: boolean;
  /** Whether detected votes are claimed at once. */
  autoClaim: boolean;
  /** Spacing between two checks, in milliseconds. */
  paceMs: number;
  /** Checks waiting for an answer. */
  inFlight: number;
  /** End of a pause after a 401, or null. */
  pausedUntil: number | null;
  /** Queue sizes. */
  queues: SchedulerSizes;
  /** Counters since start. */
  checks: { sent: number; failed: number; refused: number; skippedPending: number };
  /** Checks sent since start, by why the player was picked. */
  byReason: Record<CheckReason, number>;
  /** The `/vote/count` gate. */
  gate: GateStatus;
  /** The likelihood order. */
  priority: PriorityStatus;
  /** Votes detected since start: for players shown the link recently, and for the others. */
  detected: { linkShown: number; others: number };
  /** Delay from the vote (`voted_at`) to its detection. */
  latencyMs: { linkShown: LatencySummary; others: LatencySummary };
  /** The shared budget's figures. */
  budget: RateBudgetSnapshot;
}

/** Milliseconds as seconds with one decimal, or `-` when unknown. */
const secondsText = (ms: number | null): string => (ms === null ? '-' : `${(ms / 1000).toFixed(1)} s`);

/** The gate's line: how new votes are looked for now. */
const formatGate = (gate: GateStatus, now: number): string => {
  const { found, claimed, writtenOff } = gate.accounted;
  const accounted = `new votes accounted for: ${found} found on a check, ${claimed} claimed, ${writtenOff} by players not online`;
  if (gate.mode === 'fallback')
    return `off, /vote/count failed (${gate.fallbackReason ?? 'unknown'}): every player is checked in turn; ${accounted}`;
  if (gate.mode === 'waiting') return 'waiting for the first /vote/count answer';
  const search =
    gate.unaccounted > 0
      ? `${gate.unaccounted} new vote(s) not yet accounted for: checking players not checked in the last ${secondsText(now - (gate.searchFrom ?? now))}`
      : 'no new vote to look for: only link-shown and joining players are checked';
  return `votes_total ${gate.votesTotal} (read every ${secondsText(gate.countEveryMs)}), ${search}; ${accounted}`;
};

/** Readable lines of a status, for the `votereward status` console command. */
export function formatPollStatus(status: PollStatus, now: number): string[] {
  const { queues, checks, latencyMs, detected } = status;
  const paused =
    status.pausedUntil && status.pausedUntil > now
      ? `, key refused: paused ${secondsText(status.pausedUntil - now)}`
      : '';
  const { gate, priority, byReason } = status;
  return [
    `Polling    ${status.running ? 'running' : 'off'}${status.autoClaim ? ' (auto-claim)' : ''}, one check every ${secondsText(status.paceMs)}${paused}`,
    `Gate       ${formatGate(gate, now)}`,
    `Priority   ${priority.returning} returning player(s) first (claimed before, site cooldown over in the last ${priority.windowMinutes} min; each checked again after ${secondsText(priority.returningEveryMs)} at the soonest), then ${priority.others} other(s) in turn, longest unchecked first`,
    `Queues     ${queues.players} players: ${queues.link} link-shown, ${queues.join} joining, ${queues.returning} returning, ${queues.roundRobin} round-robin, ${queues.cooling} cooling down, ${queues.skipped} skipped`,
    `Checks     ${checks.sent} sent, ${checks.failed} failed, ${checks.refused} refused by the budget, ${checks.skippedPending} skipped (reward pending); by reason ${byReason.link} link-shown, ${byReason.join} join, ${byReason.returning} returning, ${byReason.round_robin} round-robin`,
    `Detected   ${detected.linkShown} after the link (p50 ${secondsText(latencyMs.linkShown.p50)}, p95 ${secondsText(latencyMs.linkShown.p95)}), ${detected.others} others (p50 ${secondsText(latencyMs.others.p50)}, p95 ${secondsText(latencyMs.others.p95)})`,
  ];
}
