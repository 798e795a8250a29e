/**
 * "Once across the network" for what the programs announce: a party threshold reached, a Discord post. The decision
 * row (`vote_reward_decisions`, keyed `party:<month>:<threshold>`, `discord:<post id>`) is inserted by whichever server
 * gets there first; only that server acts. While the store does not answer the act waits (retried every few seconds,
 * in memory): a restart in between may lose an announcement, never make it twice (as the Discord queue itself).
 */
import { SERVER_ID_CONVAR, STORE_CONVAR } from '../network/config';
import type { NetworkDecisions } from '../network/decisions-rows';
import { describeError } from '../runtime/errors';
import type { Runtime } from '../runtime/runtime';

/** How often a decision the store did not take is tried again. */
export const ONCE_RETRY_MS = 5_000;
/** Decisions waiting at most (beyond, the oldest is dropped with a line). */
const WAITING_MAX = 500;

/** Builds the "once" of one server. */
export function onceAcrossNetwork(options: {
  decisions: NetworkDecisions;
  refuses(): string | null;
  runtime: Pick<Runtime, 'setTimeout' | 'log'>;
}): (key: string, act: () => void, detail?: string | null) => void {
  const { decisions, runtime } = options;
  const waiting = new Map<string, { act: () => void; detail: string | null }>();
  /** Keys decided in this run (the latest ones): asked again, they are not decided nor acted on again. */
  const done = new Set<string>();
  let timer: (() => void) | null = null;

  const attempt = async (key: string) => {
    const item = waiting.get(key);
    if (!item) return;
    if (options.refuses() !== null) return schedule();
    try {
      const row = await decisions.decide(key, item.detail);
      waiting.delete(key);
      done.add(key);
      if (done.size > WAITING_MAX * 4) done.delete(done.values().next().value as string);
      if (row.mine) item.act();
    } catch (error) {
      runtime.log.warn(
        `network decision ${key} waits for the shared store (${STORE_CONVAR} "oxmysql", ${SERVER_ID_CONVAR} "${decisions.serverId}"): ${describeError(error)}`,
      );
      schedule();
    }
  };
  const schedule = () => {
    if (timer !== null) return;
    timer = runtime.setTimeout(() => {
      timer = null;
      for (const key of [...waiting.keys()]) void attempt(key);
    }, ONCE_RETRY_MS);
  };

  return (key, act, detail = null) => {
    if (waiting.has(key) || done.has(key)) return;
    if (waiting.size >= WAITING_MAX) {
      const oldest = waiting.keys().next().value as string;
      waiting.delete(oldest);
      runtime.log.warn(`network decision ${oldest} dropped: too many wait for the shared store`);
    }
    waiting.set(key, { act, detail });
    void attempt(key);
  };
}
