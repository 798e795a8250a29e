/** A binary min-heap of unique ids with O(log n) push, pop, update and removal of any id. */
export interface IndexedHeap<Id> {
  /** Number of ids held. */
  readonly size: number;
  /** Inserts the id with its key, or moves it when already present. */
  set(id: Id, key: number): void;
  /** Removes the id; returns false when it was not held. */
  delete(id: Id): boolean;
  /** True when the id is held. */
  has(id: Id): boolean;
  /** The id with the smallest key (ties: the one inserted first), without removing it. */
  peek(): { id: Id; key: number } | undefined;
  /** Removes and returns the id with the smallest key. */
  pop(): { id: Id; key: number } | undefined;
}

interface Entry<Id> {
  id: Id;
  key: number;
  /** Insertion order, so equal keys come out first-in first-out. */
  seq: number;
}

/** Creates an empty indexed min-heap. */
export function createIndexedHeap<Id>(): IndexedHeap<Id> {
  const items: Entry<Id>[] = [];
  const positions = new Map<Id, number>();
  let seq = 0;

  const less = (a: Entry<Id>, b: Entry<Id>): boolean => a.key < b.key || (a.key === b.key && a.seq < b.seq);

  const place = (entry: Entry<Id>, index: number): void => {
    items[index] = entry;
    positions.set(entry.id, index);
  };

  const siftUp = (start: number): void => {
    let index = start;
    const entry = items[index] as Entry<Id>;
    while (index > 0) {
      const parentIndex = (index - 1) >> 1;
      const parent = items[parentIndex] as Entry<Id>;
      if (!less(entry, parent)) break;
      place(parent, index);
      index = parentIndex;
    }
    place(entry, index);
  };

  const siftDown = (start: number): void => {
    let index = start;
    const entry = items[index] as Entry<Id>;
    const length = items.length;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= length) break;
      const right = left + 1;
      let child = left;
      if (right < length && less(items[right] as Entry<Id>, items[left] as Entry<Id>)) child = right;
      const childEntry = items[child] as Entry<Id>;
      if (!less(childEntry, entry)) break;
      place(childEntry, index);
      index = child;
    }
    place(entry, index);
  };

  const removeAt = (index: number): Entry<Id> => {
    const removed = items[index] as Entry<Id>;
    positions.delete(removed.id);
    const last = items.pop() as Entry<Id>;
    if (index < items.length) {
      place(last, index);
      siftDown(index);
      siftUp(positions.get(last.id) as number);
    }
    return removed;
  };

  return {
    get size() {
      return items.length;
    },
    set(id, key) {
      const index = positions.get(id);
      if (index === undefined) {
        items.push({ id, key, seq: seq++ });
        siftUp(items.length - 1);
        return;
      }
      const entry = items[index] as Entry<Id>;
      const old = entry.key;
      entry.key = key;
      entry.seq = seq++;
      if (key < old) siftUp(index);
      else siftDown(index);
    },
    delete(id) {
      const index = positions.get(id);
      if (index === undefined) return false;
      removeAt(index);
      return true;
    },
    has(id) {
      return positions.has(id);
    },
    peek() {
      const top = items[0];
      return top ? { id: top.id, key: top.key } : undefined;
    },
    pop() {
      if (items.length === 0) return undefined;
      const top = removeAt(0);
      return { id: top.id, key: top.key };
    },
  };
}
