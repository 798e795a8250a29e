import { Hono } from 'hono';
import type { CheckMode, Store } from '../db';

/** `GET /health`: liveness plus a database round trip. */
export function createHealthRoutes(deps: { store: Store; now: () => number; checkMode: CheckMode }): Hono {
  const app = new Hono();
  app.get('/health', (c) => {
    const servers = deps.store.countServers();
    return c.json({
      status: 'ok',
      time: new Date(deps.now()).toISOString(),
      check_mode: deps.checkMode,
      servers,
    });
  });
  return app;
}
