import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { CheckMode, Store } from '../db';
import { INJECTED_FAULT } from '../openapi/contract';
import { TimestampSchema } from '../openapi/schemas';

const HealthSchema = z
  .object({
    status: z.literal('ok'),
    time: TimestampSchema,
    check_mode: z.enum(['unclaimed', 'last24h']).openapi({ description: 'the rule of /vote/check' }),
    servers: z.int().min(0).openapi({ description: 'servers in the database' }),
  })
  .openapi('Health');

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  tags: ['health'],
  summary: 'Liveness plus a database round trip',
  description:
    'No key. Answers once the database answers; `check_mode` tells which rule /vote/check follows.',
  responses: {
    200: { description: 'alive', content: { 'application/json': { schema: HealthSchema } } },
    default: INJECTED_FAULT,
  },
});

/** `GET /health`: liveness plus a database round trip. */
export function createHealthRoutes(deps: {
  store: Store;
  now: () => number;
  checkMode: CheckMode;
}): OpenAPIHono {
  const app = new OpenAPIHono();
  app.openapi(healthRoute, (c) =>
    c.json(
      {
        status: 'ok' as const,
        time: new Date(deps.now()).toISOString(),
        check_mode: deps.checkMode,
        servers: deps.store.servers.count(),
      },
      200,
    ),
  );
  return app;
}
