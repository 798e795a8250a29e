/**
 * Points and the shop as one part of the running resource: the ledger (always: `points` rewards and the exports use
 * it), the adapter that credits `points` rewards to it, and the shop when `shop.enabled`. The shop pays deliveries
 * through its own claim driver over the same journal and the same per-player locks as the claim flow.
 */
import type { VoteApi } from '../api/client';
import { createClaimDriver } from '../claim/driver';
import { createJournal } from '../claim/journal';
import { createClaimLocks } from '../claim/locks';
import { heldEntryText } from '../claim/messages';
import { createNameLock } from '../claim/name-lock';
import type { ResourceConfig } from '../config/schema';
import type { EventChannel } from '../events';
import type { RewardAdapter } from '../rewards/types';
import type { Runtime } from '../runtime/runtime';
import type { RewardBounds } from '../store/bounds';
import { createPointsLedger, type PointsLedgerApi } from './ledger';
import { entryOfKey, withPoints } from './paying';
import { createShop, type ShopCore } from './purchase';
import { deliveryId, readPurchase } from './purchase-steps';

/** What the part is built from. */
export interface PointsPartOptions {
  runtime: Pick<Runtime, 'now' | 'kvp' | 'log' | 'players' | 'playerName' | 'playerLicense' | 'isAceAllowed'>;
  config: Pick<ResourceConfig, 'points' | 'shop' | 'timeZone' | 'nameLock'>;
  /** The framework's adapter; {@link PointsPart.adapter} wraps it. */
  adapter: RewardAdapter;
  api: Pick<VoteApi, 'checkVote'>;
  events: EventChannel;
  /** The claim flows' per-player lock set: the shop takes the same locks. */
  locks: Set<string>;
  bounds: RewardBounds;
  random?: () => number;
}

/** The running points part. */
export interface PointsPart {
  ledger: PointsLedgerApi;
  /** The adapter every payout goes through: the framework's, with `points` rewards credited to the ledger. */
  adapter: RewardAdapter;
  /** The shop, when `shop.enabled`. */
  shop: ShopCore | null;
  /** Finishes the purchases a crash left open. */
  start(): void;
  stop(): void;
}

const OPEN_PURCHASE = new Set(['intent', 'delivering', 'refunding']);

/** Creates the part. */
export function createPointsPart(options: PointsPartOptions): PointsPart {
  const { runtime, config, events } = options;
  const { kvp, log } = runtime;
  const say = (line: { level: 'info' | 'warn' | 'error'; text: string }) => log[line.level](line.text);
  const journal = createJournal({
    kvp,
    now: runtime.now,
    bounds: options.bounds,
    onHeld: (entry, detail) => say({ level: 'error', text: heldEntryText(entry, detail) }),
  });
  const onCorrupt = (key: string, problem: string) =>
    log.error(`${key} cannot be read (${problem}); left as is for an admin`);
  const purchaseDeps = { kvp, now: runtime.now, onCorrupt };
  const ledger = createPointsLedger({
    kvp,
    now: runtime.now,
    cap: config.points.cap,
    // A key is never folded while what it pays can still be replayed: its journal entry or its purchase is open.
    live(key) {
      const entry = entryOfKey(key);
      if (entry !== null) return journal.stored(entry);
      const purchase = /^(?:buy|refund):(.+)$/.exec(key)?.[1];
      if (purchase === undefined) return false;
      const record = readPurchase(purchaseDeps, purchase);
      return record === null ? journal.stored(deliveryId(purchase)) : OPEN_PURCHASE.has(record.state);
    },
    onChange: (license, entry, balance) =>
      events.emit('pointsChanged', {
        license,
        balance,
        delta: entry.delta,
        key: entry.key,
        reason: entry.reason,
      }),
    onCorrupt: (license, problem) => onCorrupt(`points:${license}`, problem),
  });
  const adapter = withPoints(options.adapter, ledger);
  const shop = config.shop.enabled
    ? createShop({
        runtime,
        shop: config.shop,
        timeZone: config.timeZone,
        ledger,
        adapter,
        journal,
        driver: createClaimDriver({
          runtime,
          api: options.api,
          adapter,
          journal,
          names: createNameLock(kvp),
          events,
          nameLock: config.nameLock,
          say,
        }),
        locks: createClaimLocks(options.locks),
        events,
        random: options.random,
        onCorrupt,
      })
    : null;
  return {
    ledger,
    adapter,
    shop,
    start() {
      if (!shop) return;
      const { forwarded, cancelled, refunded, done } = shop.recover();
      const lines = [
        forwarded.length > 0
          ? `${forwarded.length} purchase(s) debited before a stop: delivering them`
          : null,
        cancelled.length > 0 ? `${cancelled.length} purchase(s) stopped before the debit: cancelled` : null,
        refunded.length > 0 ? `${refunded.length} refund(s) finished` : null,
        done.length > 0 ? `${done.length} purchase(s) found delivered` : null,
      ];
      for (const line of lines) if (line) log.info(`shop: ${line}`);
    },
    stop() {
      shop?.stop();
    },
  };
}
