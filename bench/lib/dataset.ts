import { createHash, randomUUID } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { type Db, openDatabase } from '../../mock-server/db/open-database';
import { createStore, type Store } from '../../mock-server/db/store';
import { usernameKey } from '../../mock-server/db/username';
import { createRng } from './stats';

/** Servers in every generated dataset; popularity follows Zipf(1), so server 1 gets about 13 % of votes. */
export const DATASET_SERVERS = 1000;
/** Distinct player names votes are drawn from. */
export const DATASET_USERS = 200_000;
/** The server the benchmarks' API key belongs to: the most popular one, the worst case for every query. */
export const HOT_SERVER_ID = 1;

const GENERATOR_VERSION = 1;
const DAY_MS = 86_400_000;
// Pool votes lie outside the 24 h / 7 d windows and the current month, so they never inflate the counts measured.
const POOL_AGE_MS = 400 * DAY_MS;
const root = new URL('../..', import.meta.url).pathname;

/** A generated votes database, cached under bench/.cache and never modified after generation. */
export interface Dataset {
  /** Votes in the file. */
  votes: number;
  /** Path of the pristine SQLite file; take a working copy before writing to it. */
  file: string;
  /** Clock (ms) the votes were generated against: they span the 365 days before it. */
  generatedAt: number;
  /** Votes of the hot server. */
  hotServerVotes: number;
  /** Up to 1 000 names that have votes on the hot server, for realistic check lookups. */
  checkUsernames: string[];
  /** Seconds the generation took (of the run that generated it). */
  buildSeconds: number;
  /** True when this run reused a cached file. */
  cached: boolean;
}

function schemaFingerprint(): string {
  const hash = createHash('sha256').update(String(GENERATOR_VERSION));
  for (const file of ['schema.ts', 'username.ts', 'open-database.ts']) {
    hash.update(readFileSync(join(root, 'mock-server/db', file)));
  }
  return hash.digest('hex').slice(0, 10);
}

/** Directory holding generated datasets and working copies (git-ignored). */
export function cacheDir(): string {
  const dir = join(root, 'bench/.cache');
  mkdirSync(dir, { recursive: true });
  return dir;
}

function zipfPicker(rng: () => number, count: number): () => number {
  const cumulative = new Float64Array(count);
  let total = 0;
  for (let i = 0; i < count; i++) total += 1 / (i + 1);
  let running = 0;
  for (let i = 0; i < count; i++) {
    running += 1 / (i + 1) / total;
    cumulative[i] = running;
  }
  return () => {
    const r = rng();
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < r) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
}

/** Name of the player with index `user`. */
export function playerName(user: number): string {
  return `Player_${user}`;
}

function insertServers(db: Db, now: number, rng: () => number): void {
  const insert = db.prepare(
    `INSERT INTO servers (id, name, game, ip, port, description, followers_count, players_online, players_max, created_at)
     VALUES (?, ?, 'gta5', ?, 30120, ?, ?, ?, 2048, ?)`,
  );
  db.transaction(() => {
    for (let id = 1; id <= DATASET_SERVERS; id++) {
      insert.run(
        id,
        `Bench Server ${id}`,
        `10.0.${id >> 8}.${id & 255}`,
        `Benchmark server ${id}`,
        Math.floor(rng() * 5000),
        Math.floor(rng() * 2048),
        now - 400 * DAY_MS + id * 1000,
      );
    }
  })();
}

function generate(file: string, votes: number, now: number): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const db = openDatabase(file);
  db.pragma('synchronous = OFF');
  const rng = createRng(42);
  insertServers(db, now, rng);
  // Indexes are dropped for the bulk insert and rebuilt from their own SQL, so the file ends up with the
  // mock's exact schema; the counter triggers stay on so the counters are the mock's own.
  const indexes = db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'votes' AND sql IS NOT NULL`,
    )
    .all() as { name: string; sql: string }[];
  for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);
  const pickServer = zipfPicker(rng, DATASET_SERVERS);
  const insert = db.prepare(
    'INSERT INTO votes (uuid, server_id, username, username_key, ip, voted_at, claimed_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const times = new Float64Array(votes);
  for (let i = 0; i < votes; i++) times[i] = now - Math.floor(rng() * 365 * DAY_MS);
  times.sort();
  const batch = 100_000;
  for (let start = 0; start < votes; start += batch) {
    db.transaction(() => {
      for (let i = start; i < Math.min(votes, start + batch); i++) {
        const user = Math.floor(rng() * DATASET_USERS);
        const name = playerName(user);
        const votedAt = times[i] as number;
        const claimed = votedAt < now - DAY_MS && rng() < 0.7 ? votedAt + 60_000 : null;
        insert.run(
          randomUUID(),
          pickServer(),
          name,
          usernameKey(name),
          `10.${(user >> 16) & 255}.${(user >> 8) & 255}.${user & 255}`,
          votedAt,
          claimed,
        );
      }
    })();
  }
  for (const index of indexes) db.exec(index.sql);
  db.exec('ANALYZE');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

interface DatasetMeta {
  votes: number;
  generatedAt: number;
  hotServerVotes: number;
  checkUsernames: string[];
  buildSeconds: number;
}

/** Returns the dataset of `votes` votes, generating it (seeded, mulberry32) unless a cached one matches the schema. */
export function ensureDataset(votes: number, now: () => number = Date.now): Dataset {
  const base = join(cacheDir(), `votes-${votes}-${schemaFingerprint()}`);
  const file = `${base}.sqlite`;
  const metaFile = `${base}.json`;
  if (existsSync(file) && existsSync(metaFile)) {
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as DatasetMeta;
    return { ...meta, file, cached: true };
  }
  // Datasets built for an older schema are useless now and large: drop them.
  for (const name of readdirSync(cacheDir())) {
    if (name.startsWith(`votes-${votes}-`) && !name.startsWith(`votes-${votes}-${schemaFingerprint()}`)) {
      rmSync(join(cacheDir(), name), { force: true });
    }
  }
  const started = process.hrtime.bigint();
  const generatedAt = Math.floor(now() / 3_600_000) * 3_600_000;
  generate(file, votes, generatedAt);
  const db = openDatabase(file);
  const hotServerVotes = (
    db.prepare('SELECT votes_total AS n FROM servers WHERE id = ?').get(HOT_SERVER_ID) as { n: number }
  ).n;
  const names = db
    .prepare('SELECT DISTINCT username FROM votes WHERE server_id = ? LIMIT 1000')
    .pluck()
    .all(HOT_SERVER_ID) as string[];
  db.close();
  const meta: DatasetMeta = {
    votes,
    generatedAt,
    hotServerVotes,
    checkUsernames: names,
    buildSeconds: Number(process.hrtime.bigint() - started) / 1e9,
  };
  writeFileSync(metaFile, `${JSON.stringify(meta)}\n`);
  return { ...meta, file, cached: false };
}

/** A writable copy of a dataset with a fresh API key for the hot server and a pool of claimable votes. */
export interface WorkingCopy {
  /** Path of the copy. */
  file: string;
  /** A live key of the hot server. */
  apiKey: string;
  /** Label the copy's file and claimer names carry. */
  label: string;
  /** Player names that each hold exactly one unclaimed vote on the hot server, in claim order. */
  claimUsernames: string[];
  /** Deletes the copy and its WAL files. */
  remove(): void;
}

/** Copies a dataset, adds an API key and `claimPool` unclaimed votes for distinct new players on the hot server. */
export function createWorkingCopy(
  dataset: Dataset,
  label: string,
  claimPool: number,
  now: () => number = Date.now,
): WorkingCopy {
  const file = join(cacheDir(), `work-${label}-${process.pid}.sqlite`);
  const remove = () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  };
  remove();
  copyFileSync(dataset.file, file);
  const db = openDatabase(file);
  const store = createStore(db, { now });
  const { key } = store.keys.create(HOT_SERVER_ID);
  const claimUsernames: string[] = [];
  addClaimers(store, label, claimUsernames, claimPool, now());
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { file, apiKey: key, label, claimUsernames, remove };
}

function addClaimers(store: Store, label: string, names: string[], count: number, at: number): void {
  const first = names.length;
  const added = Array.from({ length: count }, (_, i) => `Claimer_${label}_${first + i}`);
  const chunk = 50_000;
  for (let start = 0; start < count; start += chunk) {
    store.votes.insertMany(
      added.slice(start, start + chunk).map((username, i) => ({
        serverId: HOT_SERVER_ID,
        username,
        votedAt: at - POOL_AGE_MS + first + start + i,
      })),
    );
  }
  // One by one: a pool of 200 000 names spread into push() overflows the call stack.
  for (const name of added) names.push(name);
}

/**
 * Adds `count` more claimable votes (distinct new players) to a working copy, appended to `claimUsernames`.
 * Safe while a mock serves the copy: it is a second connection on a WAL file, one transaction per chunk.
 */
export function extendClaimPool(copy: WorkingCopy, count: number, now: () => number = Date.now): void {
  if (count <= 0) return;
  const db = openDatabase(copy.file);
  try {
    addClaimers(createStore(db, { now }), copy.label, copy.claimUsernames, count, now());
  } finally {
    db.close();
  }
}
