import type { Store, VoteInput } from './db';

/** What the demo seed created. */
export interface DemoSeed {
  /** The demo server's id. */
  serverId: number;
  /** The demo server's API key (clear; only the hash is in the database). */
  apiKey: string;
}

/**
 * Games the demo server can be seeded as (`--game`). The listing names a game by its platform, a lowercase word
 * (spec 2.2 `server_game`, e.g. `fivem`), so RedM is `redm` (its FXServer manifest name `rdr3` is not what the
 * listing shows).
 */
export const DEMO_GAMES = ['fivem', 'redm'] as const;

/** A game the demo server can be seeded as. */
export type DemoGame = (typeof DEMO_GAMES)[number];

/** Options of `seedDemo`. */
export interface SeedOptions {
  /** Game of the demo server (default `fivem`); the 20 other listed servers stay FiveM ones. */
  game?: DemoGame;
}

const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 24 * HOUR;

const SERVER_NAMES = [
  'Los Santos Life',
  'Paleto Bay RP',
  'Vinewood Stories',
  'Sandy Shores Roleplay',
  'Blaine County Nights',
  'Mirror Park City',
  'Del Perro Drift',
  'Chumash Coast RP',
  'Grapeseed Farms',
  'Rockford Hills Elite',
  'Vespucci Beach Life',
  'Mount Chiliad Survival',
  'Alamo Sea Racing',
  'La Mesa Underground',
  'Cayo Perico Escape',
  'Harmony County',
  'Davis Street Stories',
  'Zancudo Military RP',
  'Little Seoul Nights',
  'Pacific Bluffs Police',
];

// Names whose votes are all claimed: history for the counters.
const PLAYER_NAMES = ['Marie', 'Lucas', 'Chloé', 'Nina', 'Tom', 'Yuki', 'Omar', 'Eva', 'Jonas', 'Lina'];

/** mulberry32: a small deterministic generator, so every seeded database looks the same. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Players whose votes the demo leaves unclaimed, under names nobody tries by chance (not the README's
 * "Steve"), so a newcomer who votes under their own name sees exactly their own votes paid.
 */
export const SEEDED_UNCLAIMED = ['SeedAva', 'SeedBen'] as const;

/**
 * Seeds the demo: one "Demo RP" server (of `options.game`) where SeedBen (two votes, 30 h and 3 h old) and SeedAva (one, 20 min)
 * hold unclaimed votes, with older claimed votes, and 20 other servers with votes over the last two months so
 * ranks mean something.
 */
export function seedDemo(store: Store, now: () => number, options: SeedOptions = {}): DemoSeed {
  const rnd = random(20_261_121);
  // A generator of its own for the claim delays, so the rest of the seeded data is the same as before them.
  const claimRnd = random(20_261_207);
  const at = now();
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  const ip = () => `198.51.100.${1 + Math.floor(rnd() * 250)}`;

  return store.db.transaction(() => {
    const demo = store.servers.create({
      name: 'Demo RP',
      game: options.game ?? 'fivem',
      ip: '127.0.0.1',
      port: 30120,
      description: 'The mock’s demo server: vote on /servers/1/vote, then type /vote in game.',
      isPremium: true,
      isVerified: true,
      followersCount: 128,
      playersOnline: 42,
      playersMax: 64,
    });
    const { key } = store.keys.create(demo.id);

    const history: VoteInput[] = [];
    for (let i = 0; i < 45; i += 1) {
      history.push({
        serverId: demo.id,
        username: pick(PLAYER_NAMES),
        ip: ip(),
        votedAt: at - 2 * DAY - Math.floor(rnd() * 40 * DAY),
      });
    }
    history.sort((a, b) => (a.votedAt as number) - (b.votedAt as number));
    // Every historic vote was claimed by the game server 1 to 15 minutes after it was cast (never before the
    // same player's earlier vote), so only the fresh ones below are waiting.
    const lastClaim = new Map<string, number>();
    for (const vote of history) {
      const delay = (1 + Math.floor(claimRnd() * 15)) * MINUTE + Math.floor(claimRnd() * MINUTE);
      const claimedAt = Math.max(
        (vote.votedAt as number) + delay,
        (lastClaim.get(vote.username) ?? 0) + 1000,
      );
      lastClaim.set(vote.username, claimedAt);
      vote.claimedAt = claimedAt;
    }
    store.votes.insertMany(history);
    store.votes.insertMany([
      { serverId: demo.id, username: 'SeedBen', ip: '203.0.113.10', votedAt: at - 30 * HOUR },
      { serverId: demo.id, username: 'SeedBen', ip: '203.0.113.10', votedAt: at - 3 * HOUR },
      { serverId: demo.id, username: 'SeedAva', ip: '203.0.113.11', votedAt: at - 20 * 60_000 },
    ]);

    SERVER_NAMES.forEach((name, index) => {
      const server = store.servers.create({
        name,
        game: 'fivem',
        ip: `play${index + 1}.example.net`,
        port: 30120 + index,
        description: `${name}: a listed server of the mock.`,
        isPremium: rnd() < 0.25,
        isVerified: rnd() < 0.5,
        followersCount: Math.floor(rnd() * 2000),
        playersOnline: Math.floor(rnd() * 128),
        playersMax: 128,
      });
      const count = Math.floor(rnd() * rnd() * 120);
      const votes: VoteInput[] = Array.from({ length: count }, () => ({
        serverId: server.id,
        username: `player${Math.floor(rnd() * 500)}`,
        ip: ip(),
        votedAt: at - Math.floor(rnd() * 60 * DAY),
      }));
      votes.sort((a, b) => (a.votedAt as number) - (b.votedAt as number));
      store.votes.insertMany(votes);
    });
    return { serverId: demo.id, apiKey: key };
  })();
}

/** The names holding unclaimed votes on a server, with how many each holds, oldest vote first. */
export function unclaimedVotesByName(
  store: Store,
  serverId: number,
): Array<{ username: string; count: number }> {
  const counts = new Map<string, number>();
  for (const vote of store.votes.list({ serverId, limit: 10_000 })) {
    if (vote.claimedAt === null) counts.set(vote.username, (counts.get(vote.username) ?? 0) + 1);
  }
  return [...counts].map(([username, count]) => ({ username, count }));
}
