/**
 * The site poller's choice of whom to check, on fakes: least recently checked first (never checked first, ties in the
 * order players came online), each at most once per recheck per site, up to the site's in-flight cap or budget; players
 * gone offline longer than 4 × recheck forgotten, players online never. Compared against the old sort-based rule over random sequences.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFakeRuntime, type FakeRuntime } from '../../devkit/fakes/runtime';
import type { RateBudget } from '../../src/api/rate-budget';
import type { BuiltSite } from '../../src/multisite/build';
import { createSitePoller, RESYNC_TICKS } from '../../src/multisite/site-poller';
import type { SiteAdapter } from '../../src/sites/types';

const RECHECK = 10_000;
const MAX_IN_FLIGHT = 3;

interface Harness {
  runtime: FakeRuntime;
  /** Poll slots left per site this tick; a site missing is unlimited. */
  slots: Map<string, number>;
  /** Moves the clock, ticks once and returns the checks sent (`site:source`), in order. */
  tick(advanceMs?: number): string[];
  /** Answers every check in flight. */
  answer(): Promise<void>;
  /** Calls of `runtime.players()` and `runtime.playerLicense()` so far. */
  calls: { players: number; licenses: number };
}

function createHarness(
  options: {
    sites?: string[];
    started?: boolean;
    voted?: (site: string, license: string | null) => boolean;
  } = {},
): Harness {
  let now = Date.parse('2026-11-21T10:00:00.000Z');
  const runtime = createFakeRuntime();
  const slots = new Map<string, number>();
  const calls = { players: 0, licenses: 0 };
  const pending: (() => void)[] = [];
  const checks: string[] = [];
  const sites: BuiltSite[] = (options.sites ?? ['a']).map((id) => ({
    id,
    adapter: { canCheck: true } as unknown as SiteAdapter,
    budget: {
      peek: () => ((slots.get(id) ?? 1) > 0 ? { ok: true } : { ok: false, waitMs: 1000, reason: 'rate' }),
    } as unknown as RateBudget,
    timeoutMs: 5000,
    voteUrl: 'https://example.invalid/vote',
    rewards: [],
  }));
  const look = (site: { id: string }, source: number) => {
    checks.push(`${site.id}:${source}`);
    const left = slots.get(site.id);
    if (left !== undefined) slots.set(site.id, left - 1);
    const voted = options.voted?.(site.id, runtime.playerLicense(source)) ?? false;
    return new Promise<boolean>((resolve) => pending.push(() => resolve(voted)));
  };
  const poller = createSitePoller({
    sites,
    claims: { look, claimOne: async () => ({ code: 'no_vote' }) },
    runtime: {
      ...runtime,
      now: () => now,
      players() {
        calls.players += 1;
        return runtime.players();
      },
      playerLicense(source) {
        calls.licenses += 1;
        return runtime.playerLicense(source);
      },
    },
    autoClaim: false,
    waiting: () => 'a reward waits',
    tickMs: 2_000,
    recheckMs: RECHECK,
  });
  if (options.started ?? true) poller.start();
  return {
    runtime,
    slots,
    calls,
    tick(advanceMs = 2_000) {
      now += advanceMs;
      checks.length = 0;
      poller.tick();
      return [...checks];
    },
    async answer() {
      for (const resolve of pending.splice(0)) resolve();
      for (let i = 0; i < 5; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
    },
  };
}

const player = (n: number) => ({ name: `P${n}`, license: `license:${n}` });

describe('the site poller order', () => {
  it('keeps the last check of a player who leaves and comes back within 4 × recheck, and forgets it after', async () => {
    const cases = [
      { away: 2 * RECHECK, first: 'a:3', told: 1 },
      { away: 5 * RECHECK, first: 'a:5', told: 2 },
    ];
    for (const { away, first, told } of cases) {
      const h = createHarness({ voted: () => true });
      h.runtime.join(1, player(1));
      expect(h.tick()).toEqual(['a:1']);
      await h.answer();
      expect(h.runtime.told).toHaveLength(1);
      h.runtime.drop(1);
      h.tick(away);
      // Back under a new source, then a player never checked.
      h.runtime.join(5, player(1));
      h.runtime.join(3, player(3));
      h.slots.set('a', 1);
      // Forgotten, player 1 is never checked again and came back first; remembered, it waits behind player 3.
      expect(h.tick()).toEqual([first]);
      await h.answer();
      h.slots.set('a', 1);
      h.tick(RECHECK);
      await h.answer();
      // Remembered, it was told already; forgotten, it is told again.
      expect(h.runtime.told.filter((t) => t.source === 5)).toHaveLength(told - 1);
    }
  });

  it('counts a player back and gone between two ticks as gone since a tick last saw them', async () => {
    const h = createHarness({ voted: () => true });
    h.runtime.join(1, player(1));
    expect(h.tick()).toEqual(['a:1']);
    await h.answer();
    h.runtime.drop(1);
    h.tick(2 * RECHECK);
    h.runtime.join(2, player(1));
    h.runtime.drop(2);
    // 4 × recheck and 1 ms since a tick last saw player 1: forgotten, so told again on its next check.
    h.tick(2 * RECHECK + 1);
    h.runtime.join(3, player(1));
    expect(h.tick(0)).toEqual(['a:3']);
    await h.answer();
    expect(h.runtime.told.map((t) => t.source)).toEqual([1, 3]);
  });

  it('reaches every player in turn on a site whose budget cannot check them all within 4 × recheck', async () => {
    const h = createHarness();
    for (let n = 1; n <= 40; n += 1) h.runtime.join(n, player(n));
    const checked: string[] = [];
    for (let i = 0; i < 80; i += 1) {
      h.slots.set('a', 1);
      checked.push(...h.tick());
      await h.answer();
    }
    // Two rounds of the 40 in join order; the old rule forgot player 1 after 4 × recheck and never reached player 22.
    const round = Array.from({ length: 40 }, (_, i) => `a:${i + 1}`);
    expect(checked).toEqual([...round, ...round]);
  });

  it('follows a license to its new source when it reconnects, even before the old source is dropped', async () => {
    const h = createHarness();
    h.runtime.join(1, player(1));
    expect(h.tick()).toEqual(['a:1']);
    await h.answer();
    h.runtime.join(9, player(1));
    expect(h.tick(RECHECK / 2)).toEqual([]);
    expect(h.tick(RECHECK / 2)).toEqual(['a:9']);
    await h.answer();
    h.runtime.drop(9);
    expect(h.tick(RECHECK)).toEqual(['a:1']);
    await h.answer();
    h.runtime.drop(1);
    expect(h.tick(RECHECK)).toEqual([]);
  });

  it('checks players with equal times in the order they came online, whatever order they were checked in', async () => {
    const h = createHarness();
    h.runtime.join(1, player(1));
    expect(h.tick()).toEqual(['a:1']);
    await h.answer();
    h.runtime.join(2, player(2));
    expect(h.tick(RECHECK / 2)).toEqual(['a:2']);
    await h.answer();
    // Player 1 again, player 2 not due yet: player 2 was now checked before player 1.
    expect(h.tick(RECHECK / 2)).toEqual(['a:1']);
    await h.answer();
    expect(h.tick(2 * RECHECK)).toEqual(['a:2', 'a:1']);
    await h.answer();
    // Checked at the same time: the order they came online in.
    expect(h.tick(RECHECK)).toEqual(['a:1', 'a:2']);
  });

  it('loses no player to a refusing budget: whoever was next is still next when a slot frees', async () => {
    const h = createHarness({ sites: ['a', 'b'] });
    for (let n = 1; n <= 4; n += 1) h.runtime.join(n, player(n));
    h.slots.set('a', 0);
    expect(h.tick()).toEqual(['b:1', 'b:2', 'b:3']);
    await h.answer();
    expect(h.tick()).toEqual(['b:4']);
    await h.answer();
    h.slots.set('a', 2);
    expect(h.tick()).toEqual(['a:1', 'a:2']);
    await h.answer();
    h.slots.set('a', 5);
    expect(h.tick()).toEqual(['a:3', 'a:4']);
  });

  it('stops at the in-flight cap and takes the next players once answers come back', async () => {
    const h = createHarness();
    for (let n = 1; n <= 5; n += 1) h.runtime.join(n, player(n));
    expect(h.tick()).toEqual(['a:1', 'a:2', 'a:3']);
    expect(h.tick()).toEqual([]);
    await h.answer();
    expect(h.tick()).toEqual(['a:4', 'a:5']);
  });

  it('reads no player list and no license on a tick where no one came or went, once started', () => {
    const h = createHarness();
    for (let n = 1; n <= 50; n += 1) h.runtime.join(n, player(n));
    const before = { ...h.calls };
    for (let i = 0; i < RESYNC_TICKS - 1; i += 1) h.tick();
    expect(h.calls).toEqual(before);
    h.tick();
    expect(h.calls).toEqual({ players: before.players + 1, licenses: before.licenses });
  });

  it('finds a player the join and drop hooks missed at the next look at the whole list', async () => {
    const h = createHarness();
    h.runtime.join(1, player(1));
    expect(h.tick()).toEqual(['a:1']);
    await h.answer();
    h.runtime.onlinePlayers.set(2, player(2));
    h.runtime.onlinePlayers.delete(1);
    const quiet: string[] = [];
    for (let i = 2; i < RESYNC_TICKS; i += 1) quiet.push(...h.tick(0));
    expect(quiet).toEqual([]);
    expect(h.tick(0)).toEqual(['a:2']);
    await h.answer();
    // Only player 2, due again: player 1 is gone for the poller too.
    expect(h.tick(RECHECK)).toEqual(['a:2']);
  });
});

/**
 * The rule as it was: every tick, every site sorts every online player by last check (`main` before the heap), but
 * forgets the checks of players gone offline for 4 × recheck since a tick last saw them, no longer those of any player
 * not checked for that long (which starved the players never checked on a site whose budget could not reach them all).
 */
function createReference(
  runtime: FakeRuntime,
  sites: readonly string[],
  recheckMs: number,
  voted: (site: string, license: string | null) => boolean,
) {
  const lastChecked = new Map<string, number>();
  const told = new Set<string>();
  const pending: { source: number; key: string; vote: boolean }[] = [];
  /** Sources told a reward waits, in order. */
  const tells: number[] = [];
  const inFlight = new Map<string, number>();
  const seen = new Map<string, number>();
  return {
    tick(now: number, slots: Map<string, number>): string[] {
      const sent: string[] = [];
      const online = runtime.players().flatMap((source) => {
        const license = runtime.playerLicense(source);
        return license ? [{ source, license }] : [];
      });
      for (const { license } of online) seen.set(license, now);
      for (const site of sites) {
        const due = online
          .map(({ source, license }) => {
            const key = `${site}|${license}`;
            return { source, license, key, at: lastChecked.get(key) ?? Number.NEGATIVE_INFINITY };
          })
          .filter(({ at }) => now - at >= recheckMs)
          .sort((a, b) => a.at - b.at);
        for (const { source, license, key } of due) {
          if ((inFlight.get(site) ?? 0) >= MAX_IN_FLIGHT || (slots.get(site) ?? 1) <= 0) break;
          lastChecked.set(key, now);
          inFlight.set(site, (inFlight.get(site) ?? 0) + 1);
          const left = slots.get(site);
          if (left !== undefined) slots.set(site, left - 1);
          sent.push(`${site}:${source}`);
          pending.push({ source, key, vote: voted(site, license) });
        }
      }
      const here = new Set(online.map(({ license }) => license));
      for (const key of lastChecked.keys()) {
        const license = key.slice(key.indexOf('|') + 1);
        if (!here.has(license) && now - (seen.get(license) as number) > 4 * recheckMs) {
          lastChecked.delete(key);
          told.delete(key);
        }
      }
      return sent;
    },
    tells,
    answered() {
      inFlight.clear();
      for (const { source, key, vote } of pending.splice(0)) {
        if (!vote) told.delete(key);
        else if (!told.has(key)) {
          told.add(key);
          tells.push(source);
        }
      }
    },
  };
}

type Op =
  | { kind: 'join'; license: number; reuse: boolean }
  | { kind: 'drop'; pick: number }
  | { kind: 'reconnect'; pick: number }
  | { kind: 'tick'; advance: number }
  | { kind: 'slots'; site: number; slots: number | null }
  | { kind: 'answer' };

const SITES = ['a', 'b', 'c'];
/** Some players have a vote waiting on some sites, the same on every check. */
const voted = (site: string, license: string | null) =>
  (Number(license?.slice(-1)) + site.charCodeAt(0)) % 2 === 0;

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('join' as const), license: fc.nat(5), reuse: fc.boolean() }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('drop' as const), pick: fc.nat(20) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('reconnect' as const), pick: fc.nat(20) }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      advance: fc.constantFrom(0, 500, 2_000, 2_000, 6_000, RECHECK, 25_000, 4 * RECHECK, 4 * RECHECK + 1),
    }),
    weight: 5,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('slots' as const),
      site: fc.nat(SITES.length - 1),
      slots: fc.option(fc.nat(4)),
    }),
    weight: 2,
  },
  { arbitrary: fc.constant({ kind: 'answer' as const }), weight: 4 },
);

describe('the site poller against the old sort-based rule', () => {
  it('sends the same checks, to the same sources, in the same order, and tells the same players, tick after tick', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 20, maxLength: 80 }),
        fc.boolean(),
        async (ops, started) => {
          const h = createHarness({ sites: SITES, started, voted });
          const reference = createReference(h.runtime, SITES, RECHECK, voted);
          let now = 0;
          let nextSource = 1;
          const online = () => [...h.runtime.onlinePlayers.entries()];
          const freeLicense = (n: number) => !online().some(([, p]) => p.license === `license:${n}`);
          for (const op of ops) {
            if (op.kind === 'join' && freeLicense(op.license)) {
              // A source id used before and free again (FXServer may hand it out again) only with the hooks listened to.
              const used = [...Array(nextSource).keys()]
                .slice(1)
                .filter((s) => !h.runtime.onlinePlayers.has(s));
              const source = op.reuse && started && used.length > 0 ? (used[0] as number) : nextSource++;
              h.runtime.join(source, player(op.license));
            } else if ((op.kind === 'drop' || op.kind === 'reconnect') && online().length > 0) {
              const [source, p] = online()[op.pick % online().length] as [number, { license: string | null }];
              h.runtime.drop(source);
              if (op.kind === 'reconnect')
                h.runtime.join(nextSource++, { name: 'again', license: p.license });
            } else if (op.kind === 'tick') {
              now += op.advance;
              const slots = new Map(h.slots);
              const expected = reference.tick(now, slots);
              expect(h.tick(op.advance)).toEqual(expected);
              expect(h.slots).toEqual(slots);
            } else if (op.kind === 'slots') {
              const site = SITES[op.site] as string;
              if (op.slots === null) h.slots.delete(site);
              else h.slots.set(site, op.slots);
            } else if (op.kind === 'answer') {
              await h.answer();
              reference.answered();
              expect(h.runtime.told.map((t) => t.source)).toEqual(reference.tells);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
