/**
 * The durable part of the Discord queue, in the resource KVP: one record per queued event
 * (`discord:queue:<id>`: its text, when it was posted, `queued` or `sending`) and one tombstone per event sent or
 * dropped (`discord:sent:<id>`, kept {@link DISCORD_TOMBSTONE_MS}), so an id is posted at most once across restarts.
 * Records are read through their schema; one that does not pass it is left as is for an admin and reported once,
 * at start, and its id is never posted (it may have been sent already).
 */

import type { KvpStore, LogLevels } from '../../runtime/runtime';
import * as z from '../../runtime/zod';
import { DISCORD_QUEUE_PREFIX, DISCORD_SENT_PREFIX } from '../../store/keys';
import { readRecord, writeRecord } from '../../store/record';

/** How long a tombstone of a sent id is kept, ms (40 days). */
export const DISCORD_TOMBSTONE_MS = 40 * 86_400_000;

const DONE_MAX = 1000;

/** A queued event. */
export interface OutboxEntry {
  /** Deterministic event id. */
  id: string;
  /** The line to post. */
  text: string;
  /** When it was posted to the queue, ms. */
  at: number;
}

/** `discord:queue:<id>`: an event waiting (`queued`) or whose request may be out (`sending`). */
export const QueuedRecordSchema = z.object({
  text: z.string(),
  at: z.number(),
  state: z.enum(['queued', 'sending']),
});

/** `discord:sent:<id>`: an event that was sent or dropped, and when. */
export const TombstoneSchema = z.object({ at: z.number(), outcome: z.enum(['sent', 'dropped']) });

/** What a previous run left in the KVP. */
export interface OutboxTakeover {
  /** Events still `queued`, oldest first. */
  pending: OutboxEntry[];
  /** Events found `sending`: dropped, never sent again. */
  lost: number;
}

/** The queue's records. Writes never throw: a refused write is logged and the queue goes on in memory. */
export interface Outbox {
  /** Writes the event's record with its state. */
  store(entry: OutboxEntry, state: z.output<typeof QueuedRecordSchema>['state']): void;
  /** Marks the id sent or dropped for good and removes its queued record. */
  tombstone(id: string, outcome: z.output<typeof TombstoneSchema>['outcome']): void;
  /** True when the id was sent or dropped in this run, or has a record (queued, tombstone or unreadable). */
  seen(id: string): boolean;
  /** Removes tombstones older than {@link DISCORD_TOMBSTONE_MS}. */
  prune(): void;
  /** Reads what a previous run left: `sending` ones are tombstoned, unreadable ones reported and left. */
  takeOver(): OutboxTakeover;
}

/** What the outbox needs. */
export interface OutboxOptions {
  /** The resource KVP. */
  kvp: KvpStore;
  /** Clock, ms. */
  now: () => number;
  /** Where failures are reported. */
  log: LogLevels;
  /** Hides the webhook URL and token in error texts. */
  hide: (text: string) => string;
}

/** Creates the outbox over the KVP. */
export function createOutbox(options: OutboxOptions): Outbox {
  const { kvp, now, log, hide } = options;
  /** Ids sent or dropped in this run, so a KVP that refuses writes still never lets an id through twice. */
  const done = new Set<string>();
  const queueKey = (id: string) => `${DISCORD_QUEUE_PREFIX}${id}`;
  const sentKey = (id: string) => `${DISCORD_SENT_PREFIX}${id}`;

  const write = (what: () => void) => {
    try {
      what();
    } catch (error) {
      log.error(`Discord queue: the KVP refused a write (${hide(String(error))})`);
    }
  };

  const tombstone: Outbox['tombstone'] = (id, outcome) => {
    done.add(id);
    if (done.size > DONE_MAX) done.delete(done.values().next().value as string);
    write(() => {
      writeRecord(kvp, sentKey(id), { at: now(), outcome });
      kvp.delete(queueKey(id));
    });
  };

  return {
    store: (entry, state) =>
      write(() => writeRecord(kvp, queueKey(entry.id), { text: entry.text, at: entry.at, state })),
    tombstone,
    seen: (id) => done.has(id) || kvp.get(queueKey(id)) !== null || kvp.get(sentKey(id)) !== null,
    prune() {
      write(() => {
        for (const key of kvp.keys(DISCORD_SENT_PREFIX)) {
          const read = readRecord(kvp, key, TombstoneSchema);
          if (read.state === 'valid' && !(now() - read.value.at <= DISCORD_TOMBSTONE_MS)) kvp.delete(key);
        }
      });
    },
    takeOver() {
      const pending: OutboxEntry[] = [];
      const unreadable: string[] = [];
      let lost = 0;
      write(() => {
        for (const key of kvp.keys(DISCORD_QUEUE_PREFIX)) {
          const id = key.slice(DISCORD_QUEUE_PREFIX.length);
          const read = readRecord(kvp, key, QueuedRecordSchema);
          if (read.state === 'unreadable') unreadable.push(read.problem);
          else if (read.state === 'valid' && read.value.state === 'queued') {
            pending.push({ id, text: read.value.text, at: read.value.at });
          } else if (read.state === 'valid') {
            lost += 1;
            tombstone(id, 'dropped');
          }
        }
        for (const key of kvp.keys(DISCORD_SENT_PREFIX)) {
          const read = readRecord(kvp, key, TombstoneSchema);
          if (read.state === 'unreadable') unreadable.push(read.problem);
        }
      });
      if (unreadable.length > 0) {
        log.warn(
          `Discord queue: ${unreadable.length} stored record(s) are unreadable and left as they are (their events are not posted): ${unreadable.slice(0, 5).join('; ')}${unreadable.length > 5 ? '; …' : ''}`,
        );
      }
      pending.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return { pending, lost };
    },
  };
}
