/**
 * The vote party's durable records: the progress mark of each UTC month, the decision of each threshold (through the
 * "decide once" helper), the month the party started in, and a held count waiting for an admin.
 */

import type { AwardSpec, RewardSpec } from '../domain/types';
import type { KvpStore, Runtime } from '../runtime/runtime';
import {
  PARTY_DECISION_PREFIX,
  PARTY_HOLD_KEY,
  PARTY_PROGRESS_PREFIX,
  PARTY_SINCE_KEY,
  partyProgressKey,
} from '../store/keys';
import { readRecord, writeRecord } from '../store/record';
import { createDecideOnce } from './decisions';
import { type PartyDecision, type PartyHold, partyDecisionSchema, partyHoldSchema } from './records';

/** Months of party records kept (the current UTC month and the ones before it). */
export const PARTY_MONTHS_KEPT = 3;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The award id of a player's share of a threshold. */
export const partyAwardId = (month: string, threshold: number, license: string): string =>
  `a:party:${month}:${threshold}:${license}`;

/** The party's records. */
export interface PartyBook {
  /** The last threshold decided (or skipped) in `month`; 0 when none. */
  progress(month: string): number;
  /** The UTC month the party started in, or null before its first read. */
  since(): string | null;
  /** Starts the party in `month` with the thresholds up to `base` passed: they are never decided. */
  begin(month: string, base: number): void;
  /** The latest month with a progress mark, or null. */
  lastMonth(): string | null;
  decision(month: string, threshold: number): PartyDecision | null;
  /** Decides a threshold once; null when its record is unreadable (reported, left as is, counted as passed). */
  decide(
    month: string,
    threshold: number,
    make: () => PartyDecision,
  ): { decision: PartyDecision; fresh: boolean } | null;
  /** Finishes the decisions a crash left before their progress mark. */
  finishOpen(): PartyDecision[];
  /** The held count, or null; an unreadable hold counts as held (left as is for an admin). */
  hold(): PartyHold | 'unreadable' | null;
  setHold(hold: PartyHold): void;
  clearHold(): void;
  /** Marks every threshold up to `threshold` of `month` passed, paying nothing. */
  pass(month: string, threshold: number): void;
  /** Forgets the records of months older than the ones kept, before `month`. */
  prune(month: string, previousMonth: (month: string) => string): void;
}

/** Creates the book over the KVP. */
export function createPartyBook(options: {
  kvp: KvpStore;
  log: Pick<Runtime['log'], 'error'>;
  reward: readonly RewardSpec[];
  /** Creates one award (the award store's `create`). */
  createAward(spec: AwardSpec): unknown;
}): PartyBook {
  const { kvp } = options;
  const progressKey = partyProgressKey;
  const decisionKey = (month: string, threshold: number) => `${PARTY_DECISION_PREFIX}${month}:${threshold}`;
  const progress = (month: string): number => {
    const value = Number(kvp.get(progressKey(month)));
    return Number.isFinite(value) && value >= 0 ? value : 0;
  };
  const pass = (month: string, threshold: number) => {
    if (progress(month) < threshold) kvp.set(progressKey(month), String(threshold));
  };
  const decisions = createDecideOnce<PartyDecision>({
    kvp,
    log: options.log,
    what: 'vote party',
    schema: partyDecisionSchema,
    awardsOf: (decision) =>
      decision.players.map((player) => ({
        id: partyAwardId(decision.month, decision.threshold, player.license),
        license: player.license,
        name: player.name,
        info: { program: 'party', value: decision.threshold, month: decision.month, voteRef: null },
        rewards: options.reward,
      })),
    createAward: options.createAward,
    marked: (decision) => progress(decision.month) >= decision.threshold,
    mark: (decision) => pass(decision.month, decision.threshold),
  });

  return {
    progress,
    since() {
      const value = kvp.get(PARTY_SINCE_KEY);
      return value !== null && MONTH.test(value) ? value : null;
    },
    begin(month, base) {
      kvp.set(progressKey(month), String(base));
      kvp.set(PARTY_SINCE_KEY, month);
    },
    lastMonth() {
      let last: string | null = null;
      for (const key of kvp.keys(PARTY_PROGRESS_PREFIX)) {
        const month = key.slice(PARTY_PROGRESS_PREFIX.length);
        if (MONTH.test(month) && (last === null || month > last)) last = month;
      }
      return last;
    },
    decision: (month, threshold) => decisions.read(decisionKey(month, threshold)),
    decide(month, threshold, make) {
      const done = decisions.decide(decisionKey(month, threshold), make);
      if (!done) pass(month, threshold);
      return done;
    },
    finishOpen: () => decisions.finishOpen(PARTY_DECISION_PREFIX),
    hold() {
      const found = readRecord(kvp, PARTY_HOLD_KEY, partyHoldSchema);
      if (found.state === 'missing') return null;
      return found.state === 'valid' ? found.value : 'unreadable';
    },
    setHold: (hold) => writeRecord(kvp, PARTY_HOLD_KEY, hold),
    clearHold: () => kvp.delete(PARTY_HOLD_KEY),
    pass,
    prune(month, previousMonth) {
      let oldest = month;
      for (let i = 1; i < PARTY_MONTHS_KEPT; i += 1) oldest = previousMonth(oldest);
      for (const prefix of [PARTY_PROGRESS_PREFIX, PARTY_DECISION_PREFIX]) {
        for (const key of kvp.keys(prefix)) {
          const keyMonth = key.slice(prefix.length, prefix.length + 7);
          if (MONTH.test(keyMonth) && keyMonth < oldest) kvp.delete(key);
        }
      }
    },
  };
}

export { PARTY_HOLD_KEY };
