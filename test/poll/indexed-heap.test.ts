import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createIndexedHeap } from '../../src/domain/indexed-heap';

describe('createIndexedHeap', () => {
  it('pops ids in key order, equal keys first-in first-out, after any mix of set and delete', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('set' as const),
        id: fc.integer({ min: 0, max: 30 }),
        key: fc.integer({ min: 0, max: 20 }),
      }),
      fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 0, max: 30 }) }),
      fc.record({ kind: fc.constant('pop' as const) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const heap = createIndexedHeap<number>();
        const model = new Map<number, { key: number; seq: number }>();
        let seq = 0;
        const modelMin = () =>
          [...model.entries()].sort((a, b) => a[1].key - b[1].key || a[1].seq - b[1].seq)[0];
        for (const o of ops) {
          if (o.kind === 'set') {
            heap.set(o.id, o.key);
            model.set(o.id, { key: o.key, seq: seq++ });
          } else if (o.kind === 'delete') {
            expect(heap.delete(o.id)).toBe(model.delete(o.id));
          } else {
            const expected = modelMin();
            const got = heap.pop();
            if (expected) model.delete(expected[0]);
            expect(got).toEqual(expected ? { id: expected[0], key: expected[1].key } : undefined);
          }
          expect(heap.size).toBe(model.size);
        }
      }),
    );
  });

  it('answers has() and peek() without removing anything', () => {
    const heap = createIndexedHeap<string>();
    heap.set('b', 2);
    heap.set('a', 1);
    expect(heap.peek()).toEqual({ id: 'a', key: 1 });
    expect(heap.has('a')).toBe(true);
    expect(heap.has('c')).toBe(false);
    expect(heap.size).toBe(2);
  });
});
