/**
 * The in-process event channel: what happened to votes and claims, for the parts of the resource that react to it
 * (the FiveM event for other resources, the poller, and later milestones or webhooks). Built in `resource.ts`.
 */
import type { VoteCount } from '../../contract/answers';
import type { JournalProblem } from '../engine/journal';
import type { Reward } from '../rewards/types';
import type { Runtime } from '../runtime/runtime';
import type { AwardInfo, TopVoter, VoteHistory } from './types';

/** Server event other resources can listen to: `(source, { vote_id, username, rewards })`. */
export const REWARDED_EVENT = 'vote-reward:rewarded';

/** Every event of the channel and what it carries. */
export interface ResourceEvents {
  /** A player typed the command without a vote and was shown the vote link. */
  linkShown: { source: number };
  /** The poller found a vote of an online player. */
  voteDetected: { source: number; name: string; votedAt: string | null };
  /** The API claimed a vote (answered, decided by a re-check, or declared by an admin); its rewards are owed. */
  claimed: { source: number | null; name: string; license: string; voteId: string };
  /** Every reward of a claim was given. */
  rewarded: { source: number; name: string; license: string; voteId: string; rewards: readonly Reward[] };
  /** A claim now waits for an admin's decision. */
  parked: { ref: string; name: string; license: string; problem: JournalProblem | null };
  /**
   * A claimed vote was written to the player's history (once per vote, even across restarts); `awards` are the ids of
   * the awards it earned, already in the journal.
   */
  voteRecorded: {
    ref: string;
    license: string;
    name: string;
    at: number;
    history: VoteHistory;
    awards: string[];
  };
  /** An award was decided and written to the journal (once per award id); paid when its player is online. */
  awardDecided: { id: string; license: string; name: string; info: AwardInfo };
  /** Every reward of an award was given. */
  awarded: {
    source: number;
    id: string;
    name: string;
    license: string;
    info: AwardInfo;
    rewards: readonly Reward[];
  };
  /** The month's vote count passed a vote-party threshold; `players` awards were decided for it. */
  partyReached: { month: string; threshold: number; votes: number; players: number };
  /** `/vote/count` answered (the poller's read); `at` is when the request was sent. Lets the vote party reuse it. */
  voteCount: { count: VoteCount; at: number };
  /** The month's top voters were decided at the month change (awards, if configured, are in the journal). */
  monthDecided: { month: string; winners: TopVoter[] };
  /** A player's points balance changed (once per ledger key); `delta` is what was applied (0 when the cap took it all). */
  pointsChanged: { license: string; balance: number; delta: number; key: string; reason: string };
  /** A shop purchase was delivered (every reward given): once per purchase. */
  purchased: {
    source: number | null;
    license: string;
    name: string;
    purchaseId: string;
    item: string;
    cost: number;
    rewards: readonly Reward[];
  };
}

/** A typed, synchronous emitter. A listener that throws is reported and the others still run. */
export interface EventChannel<E extends object = ResourceEvents> {
  /** Adds a listener; returns a function that removes it. */
  on<K extends keyof E>(name: K, listener: (payload: E[K]) => void): () => void;
  emit<K extends keyof E>(name: K, payload: E[K]): void;
}

/** Creates a channel; `onError` hears about listeners that threw. */
export function createEventChannel<E extends object = ResourceEvents>(
  onError: (name: keyof E, error: unknown) => void = () => {},
): EventChannel<E> {
  const listeners = new Map<keyof E, Set<(payload: never) => void>>();
  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    emit(name, payload) {
      for (const listener of [...(listeners.get(name) ?? [])]) {
        try {
          (listener as (payload: E[typeof name]) => void)(payload);
        } catch (error) {
          onError(name, error);
        }
      }
    },
  };
}

/** Publishes each `rewarded` as the FiveM server event `vote-reward:rewarded`; returns the unsubscribe function. */
export function announceRewardsOnFiveM(events: EventChannel, runtime: Pick<Runtime, 'emit'>): () => void {
  return events.on('rewarded', (reward) =>
    runtime.emit(REWARDED_EVENT, reward.source, {
      vote_id: reward.voteId,
      username: reward.name,
      rewards: reward.rewards,
    }),
  );
}
