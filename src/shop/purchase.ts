/**
 * The vote shop's core: listing, buying and the admin decisions on purchases. A buy runs under the player's claim
 * lock (the same per-player lock as `/vote`, so two buys in one tick, or a buy and a payout, never interleave): it
 * checks the item, the permission, the limit, the stock and the balance, asks the framework whether the player can
 * carry the rewards, checks again (the framework answered asynchronously), then takes the durable steps of
 * `purchase-steps.ts` without yielding, and pays the delivery through the payout engine like any award. A definite
 * refusal with nothing given refunds; an unknown outcome leaves the delivery `needs_admin` with the points spent
 * until an admin grants (declares it delivered: nothing more is paid) or refunds.
 */

import { type Calendar, createCalendar } from '../domain/calendar';
import { drawRewards } from '../domain/draw';
import type { EventChannel } from '../domain/events';
import type { PayoutEngine } from '../engine/payout-engine';
import { claimNameOf } from '../engine/player-name';
import type { PointsBook } from '../points/book';
import type { PurchaseRecord } from '../points/records';
import type { BuyRefusal, BuyResult, PurchaseView, Shop, ShopConfig, ShopItemConfig } from '../points/types';
import type { RewardAdapter } from '../rewards/types';
import { describeError } from '../runtime/errors';
import type { Runtime } from '../runtime/runtime';
import { purchaseKey } from '../store/keys';
import { createShopCounters, periodOf } from './limits';
import { allowedFor, listFor, refusalFor, type ShopView } from './listing';
import {
  allPurchases,
  deliveryId,
  type PurchaseDeps,
  type PurchaseEffects,
  type Recovered,
  readPurchase,
  recoverPurchases,
  resumeWaiting,
  runPurchase,
  viewOf,
} from './purchase-steps';
import type { NetworkCounters } from './shared-counters';

/** What the shop is built from. */
export interface ShopOptions {
  runtime: Pick<Runtime, 'now' | 'kvp' | 'log' | 'playerName' | 'playerLicense' | 'isAceAllowed' | 'players'>;
  shop: ShopConfig;
  /** The owner's `timeZone`, where limits reset. */
  timeZone: string;
  ledger: PointsBook;
  /** In a network: the stock and limits decided in the shared database, and what the listing shows of them. */
  network?: NetworkCounters & { idTag: string };
  /** The paying adapter (with points rewards, `withPoints`). */
  adapter: RewardAdapter;
  /** The payout engine: the delivery is a journal entry it pays, under its player locks. */
  engine: Pick<PayoutEngine, 'journal' | 'run' | 'locks'>;
  events: EventChannel;
  random?: () => number;
  /** Hears about records that cannot be read (left as is). */
  onCorrupt?: (key: string, problem: string) => void;
}

/** The shop with its start-up recovery. */
export interface ShopCore extends Shop {
  /**
   * Finishes the purchases a crash left open; call once at start. At once on one server; in a network a promise, and
   * every buy waits for it.
   */
  recover(): ReturnType<typeof recoverPurchases>;
  /** In a network: finishes the purchases a database failure left open (each under its player's lock). */
  resume(): Promise<Recovered>;
  /** Stops listening to the event channel. */
  stop(): void;
}

/** Debit refusals the buyer is told as such (the others: the ledger cannot be read). */
const REFUSED_AS_SUCH = new Set(['insufficient_points', 'out_of_stock', 'limit_reached']);

/** Creates the shop. */
export function createShop(options: ShopOptions): ShopCore {
  const { runtime, shop, ledger, adapter, engine, events } = options;
  const { journal, locks } = engine;
  const calendar = createCalendar(options.timeZone);
  const random = options.random ?? Math.random;
  const counters = options.network?.counters ?? createShopCounters(runtime.kvp, options.onCorrupt);
  const deps: PurchaseDeps = {
    kvp: runtime.kvp,
    now: runtime.now,
    ledger,
    counters,
    journal,
    ...(options.network ? { shared: options.network.shared } : {}),
    ...optionalCorrupt(options),
  };
  /** In a network, buys wait for the start-up recovery (it awaits the database). */
  let recovered: Promise<unknown> = Promise.resolve();
  /** In a network: purchases the shared store's failure left `intent` or `refunding` (finished by `resume`). */
  const waiting = new Set<string>();
  let sequence = 0;

  const itemOf = (typed: string) => {
    const id = String(typed ?? '')
      .trim()
      .toLowerCase();
    return shop.items.find((item) => item.id === id);
  };
  const allowed = (source: number, item: ShopItemConfig) => allowedFor(runtime, source, item);

  const view: ShopView = { runtime, shop, ledger, counters, calendar };
  const refusalOf = (license: string, item: ShopItemConfig) => refusalFor(view, license, item);

  const newId = () => {
    for (;;) {
      sequence += 1;
      // In a network the id carries a tag of this server's id: `buy:<id>` is a key of the shared chain.
      const id = `p${runtime.now().toString(36)}${sequence.toString(36)}${options.network?.idTag ?? ''}`;
      if (runtime.kvp.get(purchaseKey(id)) === null) return id;
    }
  };

  const refresh = (license: string) => refreshShop(options, calendar, license);

  const announce = (source: number | null) => (done: PurchaseRecord) => {
    const { license, name, item, cost, rewards } = done;
    events.emit('purchased', { source, license, name, purchaseId: done.id, item, cost, rewards });
  };
  /** The effects of a run: the buyer's (delivers now, refunds a definite refusal) or the background's. */
  const effectsFor = (source: number | null, buyer: boolean): PurchaseEffects => ({
    ...(buyer
      ? {
          deliver: (entry) =>
            engine.run(entry, { type: 'reopened', recheckable: false }, { priority: 'claim', source }),
        }
      : {}),
    refundsRefusal: buyer,
    announce: announce(source),
  });
  const balanceOf = (license: string) => {
    const read = ledger.read(license);
    return read.ok ? read.balance : 0;
  };

  const buyLocked = async (
    source: number,
    item: ShopItemConfig,
    player: { name: string; license: string },
  ): Promise<BuyResult> => {
    const { license, name } = player;
    // In a network the checks below read the balance, limits and stocks as the shared database holds them now.
    try {
      await refresh(license);
    } catch {
      return { ok: false, code: 'store_unavailable', item: item.id };
    }
    const first = refusalOf(license, item);
    if (first.code !== null) return { ok: false, item: item.id, ...first };
    // Drawn once, before the precheck, and stored with the purchase: a retry delivers this pick, never a new draw.
    const drawn = drawRewards(item.rewards, random);
    if (!(await safe(() => adapter.isPlayerReady(source), false)))
      return { ok: false, code: 'not_loaded', item: item.id };
    const capacity = await safe(
      () => adapter.canReceive({ source, name, license, voteId: '' }, drawn.rewards),
      {
        ok: false as const,
        problem: { code: 'framework_error' as const, detail: 'the capacity check failed' },
      },
    );
    if (!capacity.ok)
      return { ok: false, code: 'cannot_receive', item: item.id, detail: capacity.problem.code };
    // The framework answered asynchronously: an export may have spent points, another player taken the last unit.
    const again = refusalOf(license, item);
    if (again.code !== null) return { ok: false, item: item.id, ...again };

    // From the intent to `delivering` nothing yields: the steps are taken in one tick.
    const now = runtime.now();
    const period = item.limit ? periodOf(calendar, item.limit.reset, now) : null;
    const intent = intentOf(newId(), player, item, drawn, period, now);
    const run = await runPurchase(deps, effectsFor(source, true), intent, { type: 'placed' });
    if (run.storeDown !== null) waiting.add(intent.id);
    const base = { purchaseId: intent.id, item: item.id, cost: item.cost };
    if (run.debitRefused !== null)
      return {
        ok: false,
        code: REFUSED_AS_SUCH.has(run.debitRefused) ? (run.debitRefused as BuyRefusal) : 'ledger_unreadable',
        item: item.id,
      };
    // The shared store failed before the debit was known: nothing is delivered now; the purchase is finished later
    // (debited and delivered, or cancelled with nothing spent), never both.
    if (run.storeDown !== null && run.record.state === 'intent')
      return { ok: false, code: 'store_unavailable', item: item.id };
    const { record } = run;
    if (run.stop?.code === 'rewarded' || record.state === 'done')
      return { ok: true, code: 'delivered', ...base, balance: balanceOf(license) };
    if (record.state === 'refunded')
      return {
        ok: false,
        code: 'refunded',
        ...base,
        balance: balanceOf(license),
        problem: record.problem ?? 'framework_error',
      };
    if (run.stop?.code === 'needs_admin')
      return { ok: true, code: 'held', ...base, balance: balanceOf(license) };
    return { ok: true, code: 'delivery_pending', ...base, balance: balanceOf(license) };
  };

  /** Runs `body` under the purchase's player lock; `undefined` when another step holds it. */
  const underPlayerLock = async <T>(
    record: PurchaseRecord,
    body: () => Promise<T>,
  ): Promise<T | undefined> => {
    const unlock = locks.tryLock(record.name, record.license);
    if (!unlock) return undefined;
    try {
      return await body();
    } finally {
      unlock();
    }
  };

  // A delivery paid later (on the player's next join, a retry, an admin's grant) settles the purchase here.
  const unlisten = events.on('awarded', (award) => {
    if (award.info.program !== 'shop' || award.info.voteRef === null) return;
    const record = readPurchase(deps, award.info.voteRef);
    if (record?.state === 'delivering')
      runPurchase(deps, effectsFor(award.source, false), record, { type: 'delivered' }).catch(
        (error: unknown) =>
          runtime.log.error(`shop: finishing purchase ${record.id} failed: ${describeError(error)}`),
      );
  });

  return {
    recover() {
      const done = recoverPurchases(deps, effectsFor(null, false));
      if (done instanceof Promise)
        recovered = done
          .then((result) => {
            for (const id of result.open) waiting.add(id);
          })
          .catch(() => undefined);
      return done;
    },
    ...(options.network || ledger.fresh ? { refresh } : {}),
    async resume() {
      await recovered;
      return resumeWaiting(deps, effectsFor(null, false), underPlayerLock, waiting);
    },
    stop: unlisten,

    list: (source, locale, listOptions) => listFor(view, source, locale, listOptions),

    async buy(source, itemId, buyOptions = {}) {
      const typed = String(itemId ?? '');
      if (!shop.enabled) return { ok: false, code: 'shop_disabled', item: typed };
      const item = itemOf(typed);
      if (!item) return { ok: false, code: 'unknown_item', item: typed };
      const license = runtime.playerLicense(source);
      const name = claimNameOf(runtime.playerName(source));
      if (!license || !name) return { ok: false, code: 'unknown_player', item: item.id };
      if (!allowed(source, item))
        return { ok: false, code: 'no_permission', item: item.id, detail: item.permission };
      if (item.confirm && buyOptions.confirm !== true) {
        const read = ledger.read(license);
        return {
          ok: false,
          code: 'confirm_required',
          item: item.id,
          detail: String(item.cost),
          ...(read.ok ? { balance: read.balance } : {}),
        };
      }
      // Fail closed in a network: no spend starts while the shared store does not answer.
      if ((ledger.refuses?.() ?? null) !== null)
        return { ok: false, code: 'store_unavailable', item: item.id };
      await recovered;
      const unlock = locks.tryLock(name, license);
      if (!unlock) return { ok: false, code: 'busy', item: item.id };
      try {
        return await buyLocked(source, item, { name, license });
      } finally {
        unlock();
      }
    },

    async refund(purchaseId) {
      const record = readPurchase(deps, String(purchaseId));
      if (!record) return { ok: false, code: 'not_found' };
      if (record.state !== 'delivering' && record.state !== 'refunding')
        return { ok: false, code: 'not_held' };
      // Read again under the lock: a retry may have delivered it meanwhile, and a delivered purchase is never refunded.
      const outcome = await underPlayerLock(record, async () => {
        const current = readPurchase(deps, record.id);
        if (current?.state !== 'delivering' && current?.state !== 'refunding')
          return { held: false as const };
        const run = await runPurchase(deps, effectsFor(null, false), current, {
          type: 'refund',
          problem: 'refunded by an admin',
        });
        if (run.storeDown !== null) waiting.add(current.id);
        return { held: true as const, done: run.record.state === 'refunded' ? run.record : null };
      });
      if (outcome === undefined) return { ok: false, code: 'busy' };
      if (!outcome.held) return { ok: false, code: 'not_held' };
      if (outcome.done === null) return { ok: false, code: 'ledger_unreadable' };
      return { ok: true, code: 'refunded', purchase: viewOf(outcome.done) };
    },

    async grant(purchaseId) {
      const record = readPurchase(deps, String(purchaseId));
      if (!record) return { ok: false, code: 'not_found' };
      if (record.state !== 'delivering') return { ok: false, code: 'not_held' };
      // The admin saw the rewards arrive: the delivery is settled as it stands, nothing more is paid. Its journal entry
      // goes first; a stop before `done` is written is finished at the next start (`delivering`, no entry → done).
      const outcome = await underPlayerLock(record, async () => {
        const current = readPurchase(deps, record.id);
        if (current?.state !== 'delivering') return null;
        if (journal.stored(deliveryId(current.id))) journal.remove(deliveryId(current.id));
        return (await runPurchase(deps, effectsFor(null, false), current, { type: 'delivered' })).record;
      });
      if (outcome === undefined) return { ok: false, code: 'busy' };
      if (outcome === null) return { ok: false, code: 'not_held' };
      return { ok: true, code: 'granted', purchase: viewOf(outcome) };
    },

    purchases: (license) => purchasesOf(deps, license),
  };
}

/** The purchases of `license` as admins see them (a delivery held for an admin marked `held`). */
function purchasesOf(deps: PurchaseDeps, license: string): PurchaseView[] {
  return allPurchases(deps)
    .filter((record) => record.license === license)
    .map((record) => {
      const view = viewOf(record);
      const delivery = record.state === 'delivering' ? deps.journal.get(deliveryId(record.id)) : undefined;
      return delivery?.state === 'needs_admin' ? { ...view, held: true as const } : view;
    });
}

/** A purchase's `intent` record, written before anything else. */
function intentOf(
  id: string,
  player: { name: string; license: string },
  item: ShopItemConfig,
  drawn: ReturnType<typeof drawRewards>,
  period: string | null,
  now: number,
): PurchaseRecord {
  return {
    format: 1,
    id,
    license: player.license,
    name: player.name,
    item: item.id,
    cost: item.cost,
    state: 'intent',
    period,
    stocked: item.stock !== undefined,
    rewards: drawn.rewards,
    draws: drawn.draws,
    problem: null,
    at: now,
    updatedAt: now,
  };
}

/** In a network: reads `license`'s balance, limits and the stocks from the shared database (throws when down). */
async function refreshShop(options: ShopOptions, calendar: Calendar, license: string): Promise<void> {
  await options.ledger.fresh?.(license);
  const now = options.runtime.now();
  await options.network?.refresh(license, (item) =>
    item.limit ? periodOf(calendar, item.limit.reset, now) : null,
  );
}

function optionalCorrupt(options: ShopOptions): Pick<PurchaseDeps, 'onCorrupt'> {
  return options.onCorrupt ? { onCorrupt: options.onCorrupt } : {};
}

async function safe<T>(fn: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await fn();
  } catch {
    return fallback;
  }
}
