/**
 * The points book of a network over a stand-in chain: `read` answers the balance as last read (never a read older than
 * one asked after it), a change refreshes it, no spend starts while the store refuses, and a key the book keeps for
 * itself (`fence:`) cannot be given.
 */
import { describe, expect, it } from 'vitest';
import type { ChainRow, PointsChain } from '../../src/network/points-chain';
import { StoreError } from '../../src/network/sql';
import { createNetworkBook } from '../../src/points/book';

const row = (seq: number, balance: number): ChainRow => ({
  seq,
  key: `k${seq}`,
  delta: 1,
  asked: 1,
  balance,
  reason: 'r',
  serverId: 's',
  at: 0,
});

/** A chain whose `entries` answers when the test says, in any order. */
function slowChain() {
  const pending: { resolve: (rows: ChainRow[]) => void }[] = [];
  const chain: PointsChain = {
    serverId: 's',
    head: async () => ({ seq: 0, balance: 0 }),
    find: async () => null,
    entries: () => new Promise((resolve) => pending.push({ resolve })),
    apply: async () => ({ ok: true, balance: 7, applied: true, credited: 7 }),
    settle: async () => false,
  };
  return { chain, pending };
}

describe('the network points book', () => {
  it('a read started before a change and answering after it never replaces the newer balance', async () => {
    const { chain, pending } = slowChain();
    const book = createNetworkBook({ chain, refuses: () => null, now: () => 0 });
    const old = book.fresh?.('license:a');
    await book.apply('license:a', { key: 'pay:e#0', delta: 7, reason: 'vote' });
    // The read asked after the change answers first, the one from before it last.
    pending[1]?.resolve([row(1, 7)]);
    pending[0]?.resolve([]);
    await old;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(book.read('license:a')).toMatchObject({ ok: true, balance: 7 });
  });

  it('refuses a spend while the store refuses, and the keys it keeps for itself', async () => {
    const { chain } = slowChain();
    let cause: string | null = 'the shared store (vote_reward_store "oxmysql") failed: down';
    const book = createNetworkBook({ chain, refuses: () => cause, now: () => 0 });
    await expect(
      book.apply('license:a', { key: 'buy:p1', delta: -1, reason: 'shop' }),
    ).rejects.toBeInstanceOf(StoreError);
    cause = null;
    expect(await book.apply('license:a', { key: 'fence:buy:p1', delta: -1, reason: 'x' })).toEqual({
      ok: false,
      code: 'invalid_key',
    });
    expect(await book.apply('license:a', { key: 'buy:p1', delta: 0, reason: 'x' })).toEqual({
      ok: false,
      code: 'invalid_amount',
    });
  });
});
