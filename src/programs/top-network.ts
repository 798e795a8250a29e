/**
 * The month's top voters in a network of servers: each month is decided once across the servers (`top:<month>` in
 * `vote_reward_decisions`, its ranking read from the shared rows by the server whose insert lands first). Every server
 * then writes that same decision and its awards (paid once across the network by their ids, on whichever server the
 * winner plays); only the server that decided it announces it. A store that does not answer decides nothing: the
 * next check (every minute) tries again.
 */

import { SERVER_ID_CONVAR, STORE_CONVAR } from '../network/config';
import { describeError } from '../runtime/errors';
import type { Runtime } from '../runtime/runtime';
import type { ProgramsNetwork } from './programs';
import { type TopDecision, topDecisionSchema } from './records';

/** What the network's decisions need from the top-voters program. */
export interface TopAcrossOptions {
  network: ProgramsNetwork;
  /** Ranking lines a decision keeps. */
  depth: number;
  /** True when this server wrote its own record of the month already (then it is finished from it). */
  written(month: string): boolean;
  /** The decision of a month from its ranking. */
  decisionOf(month: string, ranking: TopDecision['ranking']): TopDecision;
  /** Writes (or finishes) the month's decision locally with its awards; null when its record is unreadable. */
  decideMonth(month: string, made?: TopDecision): TopDecision | null;
  /** Moves the month marks forward once the months are decided. */
  finish(current: string, now: number): void;
  /** Logs the decided months and pays their online winners; announces `mine` only. */
  announce(decided: readonly TopDecision[], mine: readonly TopDecision[]): void;
  /** One warning line per kind. */
  warn(key: string, line: string): void;
  log: Runtime['log'];
}

/** A network decision's detail as a decision of `month`, or null when it does not pass its schema. */
export function parseTopDecision(detail: string | null, month: string): TopDecision | null {
  try {
    const parsed = topDecisionSchema.safeParse(JSON.parse(detail ?? 'null'));
    return parsed.success && parsed.data.month === month ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Builds the network's way of deciding months; one run at a time. */
export function createTopAcross(
  options: TopAcrossOptions,
): (months: readonly string[], current: string, now: number) => Promise<void> {
  const { network } = options;
  let deciding = false;
  return async (months, current, now) => {
    if (deciding) return;
    deciding = true;
    const decided: TopDecision[] = [];
    const mine: TopDecision[] = [];
    try {
      for (const month of months) {
        const key = `top:${month}`;
        const written = options.written(month);
        let row = written ? null : await network.decisions.read(key);
        if (!written && row === null)
          row = await network.decisions.decide(
            key,
            JSON.stringify(options.decisionOf(month, await network.history.ranking(month, options.depth))),
          );
        const made = row ? parseTopDecision(row.detail, month) : undefined;
        if (made === null) {
          options.warn(
            `network:${month}`,
            `the network's decision ${key} is unreadable; nothing is paid for ${month}`,
          );
          continue;
        }
        const decision = options.decideMonth(month, made);
        if (decision) decided.push(decision);
        if (decision && row?.mine) mine.push(decision);
      }
      options.finish(current, now);
    } catch (error) {
      options.log.warn(
        `top voters: the shared store (${STORE_CONVAR} "oxmysql", ${SERVER_ID_CONVAR} "${network.decisions.serverId}") did not answer, the month waits: ${describeError(error)}`,
      );
    } finally {
      deciding = false;
    }
    options.announce(decided, mine);
  };
}
