import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDueHeap, type DuePlayer } from '../../src/multisite/due-heap';

describe('createDueHeap', () => {
  it('always shows the player with the earliest time on its slot, ties by rank, after any mix of changes', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('push' as const), player: fc.nat(11) }),
      fc.record({ kind: fc.constant('remove' as const), player: fc.nat(11) }),
      fc.record({
        kind: fc.constant('update' as const),
        player: fc.nat(11),
        at: fc.oneof(fc.constant(Number.NEGATIVE_INFINITY), fc.integer({ min: 0, max: 5 })),
      }),
    );
    fc.assert(
      fc.property(fc.array(op, { minLength: 10, maxLength: 120 }), (ops) => {
        // Two heaps over the same players (slots 0 and 1) must not disturb each other.
        const heaps = [createDueHeap<DuePlayer>(0), createDueHeap<DuePlayer>(1)];
        const players: DuePlayer[] = Array.from({ length: 12 }, (_, rank) => ({
          rank,
          at: [Number.NEGATIVE_INFINITY, 0],
          place: [-1, -1],
        }));
        const held = new Set<DuePlayer>();
        for (const o of ops) {
          const player = players[o.player] as DuePlayer;
          if (o.kind === 'push') {
            heaps[0]?.push(player);
            heaps[1]?.push(player);
            held.add(player);
          } else if (o.kind === 'remove') {
            heaps[0]?.remove(player);
            held.delete(player);
          } else heaps[0]?.update(player, o.at);
          const expected = [...held].sort(
            (a, b) => (a.at[0] as number) - (b.at[0] as number) || a.rank - b.rank,
          )[0];
          expect(heaps[0]?.peek()).toBe(expected);
          expect(heaps[0]?.size).toBe(held.size);
          expect(player.place[0] === -1).toBe(!held.has(player));
        }
      }),
    );
  });
});
