import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../../mock-server/app';
import { createStore, openDatabase } from '../../mock-server/db';

/** The real mock (same app as `npm start`) on a loopback socket, on the simulation's clock. */
export interface BenchMock {
  /** Base URL of the mock. */
  readonly url: string;
  /** Key of the one listed server. */
  readonly apiKey: string;
  /** Records a vote for the server at the current (virtual) time. */
  vote(username: string): void;
  /** Stops listening and closes the database. */
  close(): Promise<void>;
}

/** Starts the mock with an in-memory database, one server and its key, the real 60/min limit and `now`. */
export async function startBenchMock(now: () => number): Promise<BenchMock> {
  const db = openDatabase(':memory:');
  const store = createStore(db, { now });
  const server = store.servers.create({ name: 'Bench RP', game: 'gta5' });
  const { key } = store.keys.create(server.id);
  const app = createApp({
    store,
    now,
    checkMode: 'unclaimed',
    rateLimit: 60,
    admin: { enabled: false },
    voteCooldownMs: 2 * 60 * 60_000,
  });
  const listener = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const { port } = listener.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey: key,
    vote(username) {
      store.votes.insert({ serverId: server.id, username, votedAt: now() });
    },
    close: () =>
      new Promise<void>((resolve) => {
        listener.close(() => {
          db.close();
          resolve();
        });
      }),
  };
}
