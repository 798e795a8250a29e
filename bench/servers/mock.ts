import { existsSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp } from '../../mock-server/app';
import { createBadgeRoutes } from '../../mock-server/badge/routes';
import { openDatabase } from '../../mock-server/db/open-database';
import { createStore } from '../../mock-server/db/store';

// The mock as the benchmark serves it: the real app on a prepared database, with the rate limit raised.
// Usage: node --import tsx bench/servers/mock.ts <db file> <rate limit>
const [file, limit] = process.argv.slice(2);
if (file === undefined || !existsSync(file) || !(Number(limit) > 0)) {
  console.error('usage: bench/servers/mock.ts <existing db file> <rate limit > 0>');
  process.exit(2);
}
const db = openDatabase(file);
const store = createStore(db, { now: Date.now });
const app = createApp({
  store,
  now: Date.now,
  checkMode: 'unclaimed',
  rateLimit: Number(limit),
  admin: { enabled: false },
  voteCooldownMs: 2 * 3_600_000,
});
// Until the app mounts the badge itself, serve it the way the CLI will: from the same store.
if (!app.routes.some((route) => route.path.startsWith('/badge'))) {
  app.route(
    '/',
    createBadgeRoutes({
      now: Date.now,
      badgeData: (id) => {
        const server = store.getServer(id);
        const stats = server ? store.getServerStats(id) : null;
        if (!server || !stats) return undefined;
        return {
          name: server.name,
          game: server.game,
          rank: stats.rank,
          votesMonthly: stats.votesMonthly,
          playersOnline: server.playersOnline,
          playersMax: server.playersMax,
        };
      },
    }),
  );
}
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`listening on http://127.0.0.1:${info.port}`);
});
process.on('SIGTERM', () =>
  server.close(() => {
    db.close();
    process.exit(0);
  }),
);
