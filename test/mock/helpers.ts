import { type AppDeps, createApp, type MockApp } from '../../mock-server/app';
import { type CheckMode, createStore, type Db, openDatabase, type Store } from '../../mock-server/db';
import { checkAnswers } from './contract';

/** 2026-11-21T10:15:00.123Z, the fixed start of every fake clock. */
export const T0 = Date.UTC(2026, 10, 21, 10, 15, 0, 123);
export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

/** An in-process mock with a fake clock, one server and its key; every answer is checked against its `/openapi.json`. */
export interface Harness {
  app: MockApp;
  store: Store;
  db: Db;
  clock: { now: number };
  serverId: number;
  key: string;
  /** `app.request` with the server's key as a Bearer header. */
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  /** POST JSON (or a raw string) with the key. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  /** Adds a vote to the harness server. */
  vote(username: string, votedAt?: number, ip?: string): string;
}

/** Builds a harness; `deps` overrides the app options. */
export function createHarness(options: { checkMode?: CheckMode; deps?: Partial<AppDeps> } = {}): Harness {
  const clock = { now: T0 };
  const db = openDatabase(':memory:');
  const store = createStore(db, { now: () => clock.now });
  const app = checkAnswers(
    createApp({
      store,
      now: () => clock.now,
      checkMode: options.checkMode ?? 'unclaimed',
      rateLimit: 1_000_000,
      admin: { enabled: true },
      voteCooldownMs: 2 * HOUR,
      ...options.deps,
    }),
  );
  const serverId = store.servers.create({
    name: 'Demo RP',
    game: 'fivem',
    ip: 'play.example.net',
    port: 30120,
  }).id;
  const { key } = store.keys.create(serverId);
  const auth = { authorization: `Bearer ${key}` };
  return {
    app,
    store,
    db,
    clock,
    serverId,
    key,
    get: (path, headers = {}) => Promise.resolve(app.request(path, { headers: { ...auth, ...headers } })),
    post: (path, body, headers = {}) =>
      Promise.resolve(
        app.request(path, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json', ...headers },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
    vote: (username, votedAt = clock.now, ip = '198.51.100.7') =>
      store.votes.insert({ serverId, username, ip, votedAt }).voteId,
  };
}

/** Reads a JSON body and asserts the single error shape. */
export async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
  if (
    !body.error ||
    typeof body.error.code !== 'string' ||
    !/^[a-z][a-z0-9_]*$/.test(body.error.code) ||
    typeof body.error.message !== 'string' ||
    body.error.message.length === 0 ||
    Object.keys(body).length !== 1
  ) {
    throw new Error(`not the error shape: ${JSON.stringify(body)}`);
  }
  return { code: body.error.code, message: body.error.message };
}
