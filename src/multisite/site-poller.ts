/**
 * Looks for votes on the sites in the background, spread over the sites within each one's own budget: each tick, a
 * site whose budget has a polling slot checks (and claims) the online player it looked at least recently, each player
 * at most once per `recheckMs` per site. A site's budget is its own, so a slow or strict site never holds another.
 *
 * A tick runs on the server thread every 2 s, so it costs the checks it sends, not the players online: each site keeps
 * its online players in a heap by last check (`due-heap.ts`), players come and go by the runtime's join and drop hooks
 * (as the main poller's sessions do), and a look at the whole player list every {@link RESYNC_TICKS} ticks catches any
 * the hooks missed. A player's checks are remembered while online and for 4 × `recheckMs` after leaving.
 */
import { createIndexedHeap } from '../domain/indexed-heap';
import type { Runtime } from '../runtime/runtime';
import type { BuiltSite } from './build';
import { createDueHeap, type DueHeap, type DuePlayer } from './due-heap';
import type { SiteClaims } from './site-claims';

/** Checks of one site in flight at once, at most: a slow site never piles requests up. */
const MAX_IN_FLIGHT = 3;

/** Ticks between two looks at the whole player list while the join/drop hooks are on (5 min): a safety net. */
export const RESYNC_TICKS = 150;

/** What the poller is built from. */
export interface SitePollerOptions {
  sites: readonly BuiltSite[];
  claims: Pick<SiteClaims, 'claimOne' | 'look'>;
  runtime: Pick<
    Runtime,
    'now' | 'players' | 'playerLicense' | 'setInterval' | 'tell' | 'onPlayerJoining' | 'onPlayerDropped'
  >;
  /** Claim as soon as a vote is seen (`poll.autoClaim`); else tell the player once that a reward waits. */
  autoClaim: boolean;
  /** The line telling a player a reward waits (`reward_waiting`, translated). */
  waiting(): string;
  /** Time between two ticks (ms). */
  tickMs: number;
  /** Least time between two checks of one player on one site (ms). */
  recheckMs: number;
}

/** The site poller. */
export interface SitePoller {
  /** One tick now (tests); before `start()`, each tick looks at the whole player list. */
  tick(): void;
  start(): void;
  stop(): void;
}

/** A license online, under one source or more (a reconnect can overlap its old connection). */
interface Player extends DuePlayer {
  readonly license: string;
  /** The connection checked: the newest. */
  source: number;
  connections: number;
  /** Ticks run when it came online: if none ran before it left, it was never seen online. */
  readonly joinedTick: number;
  /** When it had left before, if still remembered then. */
  readonly leftBefore: number | undefined;
}

/** A source online, as last seen. */
interface Connection {
  readonly player: Player;
  /** The resync that last saw it in the player list. */
  seen: number;
}

/** One site's polling state. */
interface SiteState {
  readonly site: BuiltSite;
  /** Online players by last check on this site. */
  readonly due: DueHeap<Player>;
  /** Last check per license, online or gone until forgotten. */
  readonly checked: Map<string, number>;
  /** Licenses told a reward waits. */
  readonly told: Set<string>;
  inFlight: number;
}

/** Creates the poller; nothing runs until `start()`. */
export function createSitePoller(options: SitePollerOptions): SitePoller {
  const { runtime, recheckMs } = options;
  const states: SiteState[] = options.sites.map((site, slot) => ({
    site,
    due: createDueHeap<Player>(slot),
    checked: new Map(),
    told: new Set(),
    inFlight: 0,
  }));
  const bySource = new Map<number, Connection>();
  const byLicense = new Map<string, Player>();
  const picked: Player[] = [];
  const arrivals: number[] = [];
  // When each license gone offline was last seen online, by license and oldest first.
  const departed = new Map<string, number>();
  const departures = createIndexedHeap<string>();
  let nextRank = 0;
  let ticks = 0;
  let lastNow = runtime.now();
  let resyncs = 0;
  let ticksSinceResync = 0;
  let listening: (() => void)[] = [];
  let cancel: (() => void) | null = null;

  const connect = (source: number, license: string) => {
    let player = byLicense.get(license);
    if (player) {
      player.connections += 1;
      player.source = source;
    } else {
      const leftBefore = departed.get(license);
      departed.delete(license);
      departures.delete(license);
      player = {
        license,
        source,
        connections: 1,
        joinedTick: ticks,
        leftBefore,
        rank: nextRank++,
        at: states.map((state) => state.checked.get(license) ?? Number.NEGATIVE_INFINITY),
        place: states.map(() => -1),
      };
      byLicense.set(license, player);
      for (const state of states) state.due.push(player);
    }
    bySource.set(source, { player, seen: resyncs });
  };

  const disconnect = (source: number) => {
    const connection = bySource.get(source);
    if (!connection) return;
    bySource.delete(source);
    const { player } = connection;
    player.connections -= 1;
    if (player.connections > 0) {
      if (player.source === source)
        for (const [other, rest] of bySource) if (rest.player === player) player.source = other;
      return;
    }
    byLicense.delete(player.license);
    for (const state of states) state.due.remove(player);
    // Gone since the last tick that saw it online; back and gone again between two ticks, it never came back.
    const left = player.joinedTick === ticks && player.leftBefore !== undefined ? player.leftBefore : lastNow;
    departed.set(player.license, left);
    departures.set(player.license, left);
  };

  const join = (source: number) => {
    if (bySource.has(source)) return;
    const license = runtime.playerLicense(source);
    if (license) connect(source, license);
  };

  // The whole list against what the hooks told: departures first, so a license back under a new source ranks anew.
  const resync = () => {
    resyncs += 1;
    ticksSinceResync = 0;
    let present = 0;
    for (const source of runtime.players()) {
      const connection = bySource.get(source);
      if (!connection) arrivals.push(source);
      else if (connection.seen !== resyncs) {
        connection.seen = resyncs;
        present += 1;
      }
    }
    if (present !== bySource.size)
      for (const [source, connection] of bySource) if (connection.seen !== resyncs) disconnect(source);
    for (const source of arrivals) join(source);
    arrivals.length = 0;
  };

  const check = (state: SiteState, source: number, license: string) => {
    state.inFlight += 1;
    const run = options.autoClaim
      ? options.claims.claimOne(state.site, source, 'poll').then(() => state.told.delete(license))
      : options.claims.look(state.site, source).then((voted) => {
          if (!voted) state.told.delete(license);
          else if (!state.told.has(license)) {
            state.told.add(license);
            runtime.tell(source, options.waiting());
          }
        });
    void run.catch(() => undefined).finally(() => (state.inFlight -= 1));
  };

  const tick = () => {
    if (listening.length === 0 || ++ticksSinceResync >= RESYNC_TICKS) resync();
    ticks += 1;
    const now = runtime.now();
    lastNow = now;
    for (let slot = 0; slot < states.length; slot += 1) {
      const state = states[slot] as SiteState;
      if (!state.site.adapter.canCheck) continue;
      // The players this site looked at least recently first, each at most once per recheckMs; the ones checked are
      // out of the heap until the site is done, so none is checked twice in a tick whatever recheckMs is.
      try {
        for (
          let top = state.due.peek();
          top && now - (top.at[slot] as number) >= recheckMs;
          top = state.due.peek()
        ) {
          if (state.inFlight >= MAX_IN_FLIGHT || !state.site.budget.peek('poll').ok) break;
          state.due.remove(top);
          picked.push(top);
          state.checked.set(top.license, now);
          top.at[slot] = now;
          check(state, top.source, top.license);
        }
      } finally {
        // Back in, whatever a check threw; a player dropped while its check was sent stays out.
        for (const player of picked) if (byLicense.get(player.license) === player) state.due.push(player);
        picked.length = 0;
      }
    }
    // Players gone for longer than 4 × recheck are forgotten (their checks and what they were told), so the maps stay
    // as large as the server. One online is never forgotten: on a site whose budget cannot reach every player within
    // that time, forgetting it would put it back ahead of the players never checked, who would then never be.
    for (let gone = departures.peek(); gone && now - gone.key > 4 * recheckMs; gone = departures.peek()) {
      departures.pop();
      departed.delete(gone.id);
      for (const state of states) {
        state.checked.delete(gone.id);
        state.told.delete(gone.id);
      }
    }
  };

  return {
    tick,
    start() {
      if (cancel) return;
      listening = [runtime.onPlayerJoining(join), runtime.onPlayerDropped(disconnect)];
      resync();
      cancel = runtime.setInterval(tick, options.tickMs);
    },
    stop() {
      cancel?.();
      cancel = null;
      for (const off of listening) off();
      listening = [];
    },
  };
}
