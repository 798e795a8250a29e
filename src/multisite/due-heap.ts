/**
 * The site poller's per-site order of online players: a binary min-heap by last check on that site, ties by rank (the
 * order the players came online in). Each player carries its own times and heap places, one slot per site, so a player
 * is in every site's heap without a lookup table and nothing is allocated after it joined.
 */

/** A player in the heaps: one slot per site. */
export interface DuePlayer {
  /** Order the player came online in: equal times go to the lower rank. */
  readonly rank: number;
  /** Last check on each site (ms); `-Infinity` for never, or forgotten. */
  readonly at: number[];
  /** Index in each site's heap; -1 when out of it. */
  readonly place: number[];
}

/** One site's heap of players. */
export interface DueHeap<Player extends DuePlayer> {
  /** Players held. */
  readonly size: number;
  /** The player checked least recently (ties: lowest rank), left in place. */
  peek(): Player | undefined;
  /** Adds a player that is out of the heap, at its current time. */
  push(player: Player): void;
  /** Takes the player out, wherever it is; nothing when it is not held. */
  remove(player: Player): void;
  /** Sets the player's time on this site and moves it where it now belongs (held or not). */
  update(player: Player, at: number): void;
}

/** Creates the empty heap of the site in `slot` of every player's `at` and `place`. */
export function createDueHeap<Player extends DuePlayer>(slot: number): DueHeap<Player> {
  const items: Player[] = [];

  const before = (a: Player, b: Player): boolean => {
    const x = a.at[slot] as number;
    const y = b.at[slot] as number;
    return x < y || (x === y && a.rank < b.rank);
  };

  const put = (player: Player, index: number): void => {
    items[index] = player;
    player.place[slot] = index;
  };

  const up = (start: number): void => {
    let index = start;
    const player = items[index] as Player;
    while (index > 0) {
      const parentIndex = (index - 1) >> 1;
      const parent = items[parentIndex] as Player;
      if (!before(player, parent)) break;
      put(parent, index);
      index = parentIndex;
    }
    put(player, index);
  };

  const down = (start: number): void => {
    let index = start;
    const player = items[index] as Player;
    const length = items.length;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= length) break;
      const right = left + 1;
      const child = right < length && before(items[right] as Player, items[left] as Player) ? right : left;
      const next = items[child] as Player;
      if (!before(next, player)) break;
      put(next, index);
      index = child;
    }
    put(player, index);
  };

  return {
    get size() {
      return items.length;
    },
    peek: () => items[0],
    push(player) {
      if ((player.place[slot] ?? -1) >= 0) return;
      items.push(player);
      up(items.length - 1);
    },
    remove(player) {
      const index = player.place[slot] ?? -1;
      if (index < 0 || items[index] !== player) return;
      player.place[slot] = -1;
      const last = items.pop() as Player;
      if (index === items.length) return;
      put(last, index);
      down(index);
      up(last.place[slot] as number);
    },
    update(player, at) {
      const old = player.at[slot] as number;
      player.at[slot] = at;
      const index = player.place[slot] ?? -1;
      if (index < 0 || items[index] !== player) return;
      if (at < old) up(index);
      else down(index);
    },
  };
}
