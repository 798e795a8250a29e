import { serve } from '@hono/node-server';
import { Hono } from 'hono';

// Baseline: one JSON route on Hono and @hono/node-server, the stack the mock is built on.
const app = new Hono();
app.get('/hello', (c) => c.json({ ok: true, message: 'hello' }));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`listening on http://127.0.0.1:${info.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
