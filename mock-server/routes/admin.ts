import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { VoteInput } from '../db';
import { StoreError } from '../db';
import { ApiError } from '../errors';
import { adminGuard } from '../middleware/admin-guard';
import { AdminVoteSchema, FaultCreateSchema, VotesCreateSchema, VotesQuerySchema } from '../openapi/schemas';
import { validationHook } from '../openapi/validation';
import { registerServerRoutes } from './admin-servers';
import {
  type AdminRouteDeps,
  adminErrors,
  BODY_INVALID,
  body,
  EMPTY_BODY,
  faultJson,
  json,
  PARAM_INVALID,
  security,
  tags,
  voteJson,
} from './admin-shared';

export { type AdminRouteDeps, adminErrors, type ControlRoute, controlRoutes } from './admin-shared';

/** `/__admin/*`: the control API for tests, demos and plugin writers. */
export function createAdminRoutes(deps: AdminRouteDeps): OpenAPIHono {
  const { store, now, faults } = deps;
  const app = new OpenAPIHono({ defaultHook: validationHook });
  const guard = adminGuard(deps);
  app.use('/__admin/*', guard);
  app.use('/__admin', guard);
  registerServerRoutes(app, deps);

  app.openapi(
    createRoute({
      method: 'post',
      path: '/__admin/votes',
      operationId: 'createVotes',
      tags,
      security,
      summary: 'Record one vote, or { votes: [...] } atomically',
      description:
        'voted_at defaults to now and may not be in the future; a batch of 1–10,000 votes is stored all or nothing.',
      request: { body: body(VotesCreateSchema) },
      responses: {
        201: json(z.object({ votes: z.array(AdminVoteSchema) }), 'created'),
        ...adminErrors({ write: true, invalid: BODY_INVALID, notFound: ['server_not_found'] }),
      },
    }),
    (c) => {
      const input = c.req.valid('json');
      const list = 'votes' in input ? input.votes : [input];
      const at = now();
      const votes: VoteInput[] = list.map((v, index) => {
        const votedAt =
          v.voted_at === undefined
            ? at
            : typeof v.voted_at === 'number'
              ? v.voted_at
              : Date.parse(v.voted_at);
        if (votedAt > at) {
          const where = 'votes' in input ? `votes.${index}.voted_at` : 'voted_at';
          throw new ApiError(400, 'invalid_field', `${where}: must not be in the future`);
        }
        return { serverId: v.server_id, username: v.username, ip: v.ip ?? null, votedAt };
      });
      try {
        return c.json({ votes: store.votes.insertMany(votes).map(voteJson) }, 201);
      } catch (error) {
        if (error instanceof StoreError) throw new ApiError(404, error.code, error.message);
        throw error;
      }
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/__admin/votes',
      operationId: 'listVotes',
      tags,
      security,
      summary: 'List votes, oldest first',
      description:
        'Filter by server_id and username (matched like the API: NFKC + case folding); page with limit and offset.',
      request: { query: VotesQuerySchema },
      responses: {
        200: json(z.object({ votes: z.array(AdminVoteSchema) }), 'votes'),
        ...adminErrors({ invalid: PARAM_INVALID }),
      },
    }),
    (c) => {
      const q = c.req.valid('query');
      const votes = store.votes.list({
        serverId: q.server_id,
        username: q.username,
        limit: q.limit,
        offset: q.offset,
      });
      return c.json({ votes: votes.map(voteJson) }, 200);
    },
  );

  const FaultSchema = z.object({ id: z.int(), route: z.string(), hits: z.int() }).passthrough();

  app.openapi(
    createRoute({
      method: 'post',
      path: '/__admin/faults',
      operationId: 'addFault',
      tags,
      security,
      summary:
        'Inject a fault into matching requests (delay, status, dropped connection; apply runs the real handler first)',
      description:
        'The first matching fault (exact path, or a prefix ending in *) applies to each request until removed or used times times. Control-API routes are never faulted.',
      request: { body: body(FaultCreateSchema) },
      responses: {
        201: json(z.object({ fault: FaultSchema }), 'added'),
        ...adminErrors({ write: true, invalid: BODY_INVALID }),
      },
    }),
    (c) => {
      const f = c.req.valid('json');
      const fault = faults.add({
        route: f.route,
        method: f.method,
        status: f.status,
        delayMs: f.delay_ms,
        drop: f.drop,
        times: f.times,
        apply: f.apply,
        retryAfter: f.retry_after,
      });
      return c.json({ fault: faultJson(fault) }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/__admin/faults',
      operationId: 'listFaults',
      tags,
      security,
      summary: 'Active faults',
      description: 'Faults in the order they are tried, with how many requests each has hit.',
      responses: { 200: json(z.object({ faults: z.array(FaultSchema) }), 'faults'), ...adminErrors({}) },
    }),
    (c) => c.json({ faults: faults.list().map(faultJson) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/__admin/faults',
      operationId: 'clearFaults',
      tags,
      security,
      summary: 'Remove every fault',
      description: 'Answers how many faults there were.',
      responses: { 200: json(z.object({ cleared: z.int() }), 'cleared'), ...adminErrors({}) },
    }),
    (c) => c.json({ cleared: faults.clear() }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/__admin/reset',
      operationId: 'reset',
      tags,
      security,
      ...EMPTY_BODY,
      summary: 'Empty the database, the faults and the rate-limit windows',
      description:
        'Every server, key, vote, webhook and webhook message is deleted. Send Content-Type: application/json with an empty body or {}.',
      responses: { 200: json(z.object({ reset: z.literal(true) }), 'done'), ...adminErrors({ write: true }) },
    }),
    (c) => {
      store.reset();
      faults.clear();
      deps.limiter.clear();
      deps.webhookLimiter?.clear();
      return c.json({ reset: true as const }, 200);
    },
  );

  return app;
}
