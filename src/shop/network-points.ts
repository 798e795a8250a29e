/**
 * Points and the shop's counters of a network (`set vote_reward_store "oxmysql"`): the shared chain as the points book
 * every caller uses, the stock and limits in the shared database, and this server's tag in purchase ids. Built by the
 * composition only in network mode; with settings that are wrong, every statement is refused (fail closed: nothing is
 * spent from a server's own KVP that the other servers cannot see).
 */
import { createHash } from 'node:crypto';
import type { ResourceConfig } from '../config/schema';
import type { EventChannel } from '../domain/events';
import type { NetworkStore } from '../network/part';
import { createPointsChain, type PointsChain } from '../network/points-chain';
import { createShopSlots } from '../network/points-slots';
import { type Sql, StoreError } from '../network/sql';
import { createNetworkBook, type PointsBook } from '../points/book';
import { emitPointsChanged } from '../points/types';
import type { Runtime } from '../runtime/runtime';
import { createNetworkCounters, type NetworkCounters } from './shared-counters';

/** The shared points of one server of a network. */
export interface NetworkPoints {
  book: PointsBook;
  /** The shared chain (`importKvpPoints` moves a server's KVP balances into it). */
  chain: PointsChain;
  counters: NetworkCounters & { idTag: string };
}

/** A purchase id's tag for server `serverId`: purchase ids (and their `buy:` keys) never meet across servers. */
export const idTagOf = (serverId: string): string =>
  `s${createHash('sha256').update(serverId, 'utf8').digest('hex').slice(0, 10)}`;

/** Builds them over the network store (its statements, its failure reports). */
export function createNetworkPoints(
  network: NetworkStore,
  config: Pick<ResourceConfig, 'points' | 'shop'>,
  events: EventChannel,
  runtime: Pick<Runtime, 'now'>,
): NetworkPoints {
  const serverId = network.config.mode === 'oxmysql' ? network.config.serverId : '';
  const closed: Sql = {
    query: () =>
      Promise.reject(new StoreError('unreachable', network.refuses() ?? 'the shared store is off')),
  };
  const sql = network.sql ?? closed;
  const chain = createPointsChain({
    sql,
    serverId,
    ...(config.points.cap === undefined ? {} : { cap: config.points.cap }),
    onChange: emitPointsChanged(events),
  });
  const book = createNetworkBook({
    chain,
    refuses: () => network.refuses(),
    now: runtime.now,
    failed: (cause) => network.failed(cause),
    succeeded: () => network.succeeded(),
  });
  const counters = createNetworkCounters(createShopSlots(sql, serverId), config.shop.items);
  return { book, chain, counters: { ...counters, idTag: idTagOf(serverId) } };
}
