/**
 * Looks for votes on the sites in the background, spread over the sites within each one's own budget: each tick, a
 * site whose budget has a polling slot checks (and claims) the online player it looked at least recently, each player
 * at most once per `recheckMs` per site. A site's budget is its own, so a slow or strict site never holds another.
 */
import type { Runtime } from '../runtime/runtime';
import type { BuiltSite } from './build';
import type { SiteClaims } from './site-claims';

/** Checks of one site in flight at once, at most: a slow site never piles requests up. */
const MAX_IN_FLIGHT = 3;

/** What the poller is built from. */
export interface SitePollerOptions {
  sites: readonly BuiltSite[];
  claims: Pick<SiteClaims, 'claimOne' | 'look'>;
  runtime: Pick<Runtime, 'now' | 'players' | 'playerLicense' | 'setInterval' | 'tell'>;
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
  /** One tick now (tests). */
  tick(): void;
  start(): void;
  stop(): void;
}

/** Creates the poller; nothing runs until `start()`. */
export function createSitePoller(options: SitePollerOptions): SitePoller {
  const { runtime } = options;
  const lastChecked = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const told = new Set<string>();
  let cancel: (() => void) | null = null;

  const check = (site: BuiltSite, source: number, key: string) => {
    inFlight.set(site.id, (inFlight.get(site.id) ?? 0) + 1);
    const run = options.autoClaim
      ? options.claims.claimOne(site, source, 'poll').then(() => told.delete(key))
      : options.claims.look(site, source).then((voted) => {
          if (!voted) told.delete(key);
          else if (!told.has(key)) {
            told.add(key);
            runtime.tell(source, options.waiting());
          }
        });
    void run.catch(() => undefined).finally(() => inFlight.set(site.id, (inFlight.get(site.id) ?? 1) - 1));
  };

  const tick = () => {
    const now = runtime.now();
    const online = runtime.players().flatMap((source) => {
      const license = runtime.playerLicense(source);
      return license ? [{ source, license }] : [];
    });
    for (const site of options.sites) {
      if (!site.adapter.canCheck) continue;
      // The players this site looked at least recently first, each at most once per recheckMs.
      const due = online
        .map(({ source, license }) => {
          const key = `${site.id}|${license}`;
          return { source, key, at: lastChecked.get(key) ?? Number.NEGATIVE_INFINITY };
        })
        .filter(({ at }) => now - at >= options.recheckMs)
        .sort((a, b) => a.at - b.at);
      for (const { source, key } of due) {
        if ((inFlight.get(site.id) ?? 0) >= MAX_IN_FLIGHT || !site.budget.peek('poll').ok) break;
        lastChecked.set(key, now);
        check(site, source, key);
      }
    }
    // Players gone for longer than a recheck are forgotten, so the map stays as large as the server.
    for (const [key, at] of lastChecked)
      if (now - at > 4 * options.recheckMs) {
        lastChecked.delete(key);
        told.delete(key);
      }
  };

  return {
    tick,
    start() {
      cancel ??= runtime.setInterval(tick, options.tickMs);
    },
    stop() {
      cancel?.();
      cancel = null;
    },
  };
}
