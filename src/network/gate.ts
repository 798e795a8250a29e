/**
 * The network gate the payout engine calls around each run of an entry (the one hook into the engine): before the
 * first effect, this server must own the entry's claim row and move it to `paying`; after the run, the row follows
 * where the entry stopped. Entries without a natural key shared by the servers (a seed claim, which the listing
 * arbitrates itself; a site vote whose site gives no vote time) run as before.
 */
import type { JournalEntry } from '../engine/journal';
import type { EntryStop } from '../engine/outcome';
import type { ClaimRow, ClaimState, NetworkClaims } from './claims';
import { classify } from './sql';

/** What the engine does with an entry before running it. */
export type GateVerdict =
  /** This server owns it (or it is not shared): run it. */
  | { go: true }
  /** Another server owns it and is paying or holding it, or the store is down: stop here, keep the entry. */
  | { go: false; stop: EntryStop; settledElsewhere: false }
  /** Another server paid or closed it: settle the local entry without paying. */
  | { go: false; stop: EntryStop; settledElsewhere: true };

/** The hook. */
export interface NetworkGate {
  /** Why no new claim may start now (the store unreachable, its tables missing, the settings wrong), or null. */
  refuses(): string | null;
  /** Before a run. */
  enter(entry: JournalEntry): Promise<GateVerdict>;
  /** After a run: `open` is whether the entry is still in the local journal. */
  leave(entry: JournalEntry, stop: EntryStop, open: boolean): Promise<void>;
  /** Writes the settlements the database missed while it was down; throws while it still is. */
  flush(): Promise<void>;
}

/** Award ids made from one server's clock and counter: never shared. */
const LOCAL_AWARDS = ['a:shop:', 'a:test:'];

/** The key an entry is shared under, or null when servers cannot derive the same one. */
export function networkKeyOf(entry: Pick<JournalEntry, 'id' | 'site' | 'votedAt'>): string | null {
  // Site votes with a vote time: `s:<site>:<identity>:t<ms>#<batch>`, the same on every server that sees the vote.
  if (entry.id.startsWith('s:')) return /:t\d+#\d+$/.test(entry.id) ? entry.id : null;
  // Program awards (`a:first:<license>`, `a:milestone:…`, `a:streak:…`, `a:party:…`, `a:top:…`, `a:allsites:…`):
  // deterministic ids, once per network. Not a purchase's delivery (`a:shop:<id>`) nor a testpay (`a:test:<ms>:…`):
  // their ids are local (clock and counter of one server), so two servers could draw the same id for two payouts.
  if (entry.id.startsWith('a:'))
    return LOCAL_AWARDS.some((prefix) => entry.id.startsWith(prefix)) ? null : entry.id;
  return null;
}

/** Options of the gate. */
export interface NetworkGateOptions {
  claims: NetworkClaims;
  /** Reports a store failure (status names it; new claims are refused until a call succeeds again). */
  failed(cause: string): void;
  /** Reports a call that succeeded. */
  succeeded(): void;
  /** Why no new claim may start now, or null. */
  refuses(): string | null;
}

const elsewhere = (row: ClaimRow): string => `handled by server ${row.owner} (${row.state})`;

/** Builds the gate. */
export function createNetworkGate(options: NetworkGateOptions): NetworkGate {
  const { claims } = options;
  /** The rows this server moved to `paying`, by key. */
  const held = new Map<string, ClaimRow>();
  /** Settlements the database did not take (it was down): written again before anything else. */
  const unsaved = new Map<string, { row: ClaimRow; state: ClaimState }>();

  /** Writes the settlements the database missed; throws while it is still down. */
  const flush = async () => {
    for (const [key, { row, state }] of unsaved) {
      const moved = await claims.advance(row, state);
      // Moved, or moved already by an earlier attempt whose answer was lost (the row read back says so).
      if (moved.moved || moved.row?.state === state || moved.row?.owner !== claims.serverId)
        unsaved.delete(key);
      else unsaved.set(key, { row: moved.row ?? row, state });
    }
  };

  const down = (error: unknown): GateVerdict => {
    const failure = classify(error);
    options.failed(failure.message);
    return {
      go: false,
      stop: {
        code: 'pending',
        problem: { code: 'framework_error', detail: `the shared store is unavailable: ${failure.message}` },
        stage: 'resume',
      },
      settledElsewhere: false,
    };
  };

  return {
    refuses: options.refuses,
    flush,
    async enter(entry) {
      const key = networkKeyOf(entry);
      if (key === null) return { go: true };
      try {
        await flush();
        // Straight to `paying`: this server runs the entry at once (2 round trips, then 2 to settle).
        const owned = await claims.own(key, entry.license, 'paying');
        options.succeeded();
        if (!owned.owned) {
          const { row } = owned;
          if (row.state === 'paid' || row.state === 'closed')
            return { go: false, stop: { code: 'dropped' }, settledElsewhere: true };
          return {
            go: false,
            stop: {
              code: 'pending',
              problem: { code: 'framework_error', detail: elsewhere(row) },
              stage: 'resume',
            },
            settledElsewhere: false,
          };
        }
        let row = owned.row;
        if (row.state === 'paid' || row.state === 'closed')
          return { go: false, stop: { code: 'dropped' }, settledElsewhere: true };
        // A reservation of this server's left by an older version: moved to `paying` first.
        if (row.state === 'reserved') {
          const moved = await claims.advance(row, 'paying');
          if (!moved.moved || moved.row === null)
            return {
              go: false,
              stop: {
                code: 'pending',
                problem: {
                  code: 'framework_error',
                  detail: moved.row ? elsewhere(moved.row) : 'the claim row is gone',
                },
                stage: 'resume',
              },
              settledElsewhere: false,
            };
          row = moved.row;
        }
        held.set(key, row);
        return { go: true };
      } catch (error) {
        return down(error);
      }
    },

    async leave(entry, stop, open) {
      const key = networkKeyOf(entry);
      if (key === null) return;
      const row = held.get(key);
      if (!row) return;
      const state = !open
        ? stop.code === 'rewarded'
          ? 'paid'
          : 'closed'
        : stop.code === 'needs_admin'
          ? 'needs_admin'
          : null;
      if (state === null || state === row.state) return;
      try {
        const moved = await claims.advance(row, state);
        options.succeeded();
        if (moved.moved && moved.row) {
          if (open) held.set(key, moved.row);
          else held.delete(key);
        } else held.delete(key);
      } catch (error) {
        // The row stays `paying` (this server's) until the database takes the settlement: the next run of any entry
        // writes it first (and the recovery at start, after a restart).
        held.delete(key);
        unsaved.set(key, { row, state });
        options.failed(classify(error).message);
      }
    },
  };
}
