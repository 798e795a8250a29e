/**
 * Points and the shop as one part of the running resource: the ledger (always: `points` rewards and the exports use
 * it), and the shop when `shop.enabled`, which opens and settles its deliveries through the payout engine.
 */
import type { ResourceConfig } from '../config/schema';
import type { EventChannel } from '../domain/events';
import type { PayoutEngine } from '../engine/payout-engine';
import type { PointsChain } from '../network/points-chain';
import type { PointsBook } from '../points/book';
import { entryOfKey } from '../points/keys';
import { createPointsLedger, type PointsLedgerApi } from '../points/ledger';
import { emitPointsChanged } from '../points/types';
import type { RewardAdapter } from '../rewards/types';
import { describeError } from '../runtime/errors';
import type { Runtime } from '../runtime/runtime';
import { createShop, type ShopCore } from './purchase';
import { deliveryId, readPurchase } from './purchase-steps';
import type { NetworkCounters } from './shared-counters';

/** What the part is built from. */
export interface PointsPartOptions {
  runtime: Pick<
    Runtime,
    | 'now'
    | 'kvp'
    | 'log'
    | 'players'
    | 'playerName'
    | 'playerLicense'
    | 'isAceAllowed'
    | 'setTimeout'
    | 'onPlayerJoining'
  >;
  config: Pick<ResourceConfig, 'points' | 'shop' | 'timeZone'>;
  /** The engine's adapter (points rewards already credited to {@link PointsPartOptions.ledger}). */
  adapter: RewardAdapter;
  /** The ledger, built before the engine (the engine's adapter credits points rewards to it): in a network, the shared one. */
  ledger: PointsBook;
  /** In a network: the shop's counters in the shared database, and this server's tag in purchase ids. */
  network?: NetworkCounters & { idTag: string };
  /** In a network: the shared points chain. */
  chain?: PointsChain;
  /** The payout engine: purchases open and settle their deliveries through it, under its player locks. */
  engine: PayoutEngine;
  events: EventChannel;
  random?: () => number;
}

/** The running points part. */
export interface PointsPart {
  ledger: PointsBook;
  /** The adapter every payout goes through: the framework's, with `points` rewards credited to the ledger. */
  adapter: RewardAdapter;
  /** The shop, when `shop.enabled`. */
  shop: ShopCore | null;
  /** In a network: the shared points chain (`importKvpPoints(kvp, chain)` moves this server's balances in); else null. */
  chain: PointsChain | null;
  /** Finishes the purchases a crash left open. */
  start(): void;
  stop(): void;
}

/** How often a network's server finishes the purchases a database failure left open. */
export const RESUME_MS = 15_000;

const OPEN_PURCHASE = new Set(['intent', 'delivering', 'refunding']);

/** What the ledger is built from (before the engine: the engine's adapter credits points rewards to it). */
export interface VoteLedgerOptions {
  runtime: Pick<Runtime, 'now' | 'kvp' | 'log'>;
  config: Pick<ResourceConfig, 'points'>;
  events: EventChannel;
  /** True while a journal entry is stored under this id (the engine's journal; true while it cannot be asked). */
  entryStored(id: string): boolean;
}

/** Reports a record that cannot be read, left as is for an admin. */
const corruptLine = (log: Runtime['log']) => (key: string, problem: string) =>
  log.error(`${key} cannot be read (${problem}); left as is for an admin`);

/** Creates the vote points ledger of a start, with the keys it must never fold while they can be replayed. */
export function createVoteLedger(options: VoteLedgerOptions): PointsLedgerApi {
  const { runtime, config, events } = options;
  const { kvp, log } = runtime;
  const onCorrupt = corruptLine(log);
  const purchaseDeps = { kvp, now: runtime.now, onCorrupt };
  return createPointsLedger({
    kvp,
    now: runtime.now,
    cap: config.points.cap,
    // A key is never folded while what it pays can still be replayed: its journal entry or its purchase is open.
    live(key) {
      const entry = entryOfKey(key);
      if (entry !== null) return options.entryStored(entry);
      const purchase = /^(?:buy|refund):(.+)$/.exec(key)?.[1];
      if (purchase === undefined) return false;
      const record = readPurchase(purchaseDeps, purchase);
      return record === null ? options.entryStored(deliveryId(purchase)) : OPEN_PURCHASE.has(record.state);
    },
    onChange: emitPointsChanged(events),
    onCorrupt: (license, problem) => onCorrupt(`points:${license}`, problem),
  });
}

/** Creates the part over the ledger and the engine. */
export function createPointsPart(options: PointsPartOptions): PointsPart {
  const { runtime, config, events, ledger, adapter, engine } = options;
  const { log } = runtime;
  const shop = config.shop.enabled
    ? createShop({
        runtime,
        shop: config.shop,
        timeZone: config.timeZone,
        ledger,
        adapter,
        engine,
        events,
        random: options.random,
        onCorrupt: corruptLine(log),
        ...(options.network ? { network: options.network } : {}),
      })
    : null;
  const cancels: (() => void)[] = [];
  /** In a network: purchases a database failure left open are finished every {@link RESUME_MS}. */
  const resumeLater = () => {
    if (!shop) return;
    cancels.push(
      runtime.setTimeout(() => {
        shop
          .resume()
          .then(report, (error: unknown) =>
            log.warn(`shop: open purchases wait for the shared store: ${describeError(error)}`),
          )
          .finally(resumeLater);
      }, RESUME_MS),
    );
  };
  return {
    ledger,
    adapter,
    shop,
    chain: options.chain ?? null,
    start() {
      if (ledger.fresh) {
        // In a network: a joining player's balance, limits and the stocks are read from the shared database (what
        // the panel shows).
        const fresh = shop?.refresh ?? ledger.fresh.bind(ledger);
        cancels.push(
          runtime.onPlayerJoining((source) => {
            const license = runtime.playerLicense(source);
            if (license) fresh(license).catch(() => undefined);
          }),
        );
      }
      if (!shop) return;
      // Before any player's command: no delivery runs here (the engine's reconciliation pays them). At once on one
      // server; in a network it waits for the database (buys wait for it), then goes on every RESUME_MS.
      const recovered = shop.recover();
      if (recovered instanceof Promise) {
        Promise.resolve(recovered).then(report, (error: unknown) =>
          log.warn(`shop: recovery waits for the shared store: ${describeError(error)}`),
        );
        resumeLater();
      } else report(recovered);
    },
    stop() {
      for (const cancel of cancels.splice(0)) cancel();
      shop?.stop();
    },
  };

  function report({ forwarded, cancelled, refunded, done }: Awaited<ReturnType<ShopCore['recover']>>): void {
    const lines = [
      forwarded.length > 0 ? `${forwarded.length} purchase(s) debited before a stop: delivering them` : null,
      cancelled.length > 0 ? `${cancelled.length} purchase(s) stopped before the debit: cancelled` : null,
      refunded.length > 0 ? `${refunded.length} refund(s) finished` : null,
      done.length > 0 ? `${done.length} purchase(s) found delivered` : null,
    ];
    for (const line of lines) if (line) log.info(`shop: ${line}`);
  }
}
