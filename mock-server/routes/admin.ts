import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { KeyRecord, ServerFields, ServerRecord, Store, VoteInput, VoteRecord } from '../db';
import { StoreError } from '../db';
import { ApiError } from '../errors';
import { type AdminOptions, adminGuard } from '../middleware/admin-guard';
import type { FaultRegistry } from '../middleware/faults';
import type { HostAllowList } from '../middleware/host-allow-list';
import type { SlidingWindowLimiter } from '../middleware/rate-limit';
import {
  AdminKeySchema,
  AdminServerSchema,
  AdminVoteSchema,
  ErrorSchema,
  FaultCreateSchema,
  ServerCreateSchema,
  ServerIdParamSchema,
  ServerPatchSchema,
  VotesCreateSchema,
  VotesQuerySchema,
} from '../openapi/schemas';
import { validationHook } from '../openapi/validation';

/** What the control API needs. */
export interface AdminRouteDeps {
  /** Data access. */
  store: Store;
  /** Clock, ms. */
  now: () => number;
  /** Who may call it. */
  admin: AdminOptions;
  /** Faults applied to the other routes. */
  faults: FaultRegistry;
  /** The API limiter, cleared by reset. */
  limiter: SlidingWindowLimiter;
  /** The hosts and origins that name this mock. */
  hosts: HostAllowList;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function serverJson(s: ServerRecord) {
  return {
    id: s.id,
    name: s.name,
    game: s.game,
    ip: s.ip,
    port: s.port,
    description: s.description,
    is_premium: s.isPremium,
    is_verified: s.isVerified,
    followers_count: s.followersCount,
    players_online: s.playersOnline,
    players_max: s.playersMax,
    created_at: new Date(s.createdAt).toISOString(),
  };
}

function keyJson(k: KeyRecord) {
  return {
    prefix: k.prefix,
    masked: k.masked,
    server_id: k.serverId,
    created_at: new Date(k.createdAt).toISOString(),
    last_used_at: iso(k.lastUsedAt),
    revoked_at: iso(k.revokedAt),
  };
}

function voteJson(v: VoteRecord) {
  return {
    vote_id: v.voteId,
    server_id: v.serverId,
    username: v.username,
    ip: v.ip,
    voted_at: new Date(v.votedAt).toISOString(),
    claimed_at: iso(v.claimedAt),
  };
}

function serverFields(body: z.infer<typeof ServerPatchSchema>): Partial<ServerFields> {
  return {
    name: body.name,
    game: body.game,
    ip: body.ip,
    port: body.port,
    description: body.description,
    isPremium: body.is_premium,
    isVerified: body.is_verified,
    followersCount: body.followers_count,
    playersOnline: body.players_online,
    playersMax: body.players_max,
  };
}

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const body = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
const errorResponses = {
  400: json(ErrorSchema, 'invalid input'),
  401: json(ErrorSchema, 'admin_unauthorized (MOCK_ADMIN_TOKEN set)'),
  403: json(ErrorSchema, 'admin_forbidden (not loopback, no token), host_not_allowed or cross_site_request'),
  404: json(ErrorSchema, 'admin_disabled, server_not_found or key_not_found'),
};
const tags = ['control'];

/** `/__admin/*`: the control API for tests, demos and plugin writers. */
export function createAdminRoutes(deps: AdminRouteDeps): OpenAPIHono {
  const { store, now, faults } = deps;
  const app = new OpenAPIHono({ defaultHook: validationHook });
  const guard = adminGuard(deps);
  app.use('/__admin/*', guard);
  app.use('/__admin', guard);

  const requireServer = (id: number) => {
    const server = store.getServer(id);
    if (!server) throw new ApiError(404, 'server_not_found', `server ${id} does not exist`);
    return server;
  };

  app.openapi(
    createRoute({
      method: 'post',
      path: '/__admin/servers',
      tags,
      summary: 'Create a server and its first API key (shown only here)',
      request: { body: body(ServerCreateSchema) },
      responses: {
        201: json(z.object({ server: AdminServerSchema, api_key: z.string() }), 'created'),
        ...errorResponses,
      },
    }),
    (c) => {
      const input = c.req.valid('json');
      const server = store.createServer({ ...serverFields(input), name: input.name, game: input.game });
      const { key } = store.createKey(server.id);
      return c.json({ server: serverJson(server), api_key: key }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/__admin/servers',
      tags,
      summary: 'List servers in rank order',
      responses: {
        200: json(z.object({ servers: z.array(AdminServerSchema) }), 'servers'),
        ...errorResponses,
      },
    }),
    (c) => c.json({ servers: store.listServersRanked({ limit: 1000 }).map(serverJson) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/__admin/servers/{id}',
      tags,
      summary: 'Change fields of a server',
      request: { params: ServerIdParamSchema, body: body(ServerPatchSchema) },
      responses: { 200: json(z.object({ server: AdminServerSchema }), 'updated'), ...errorResponses },
    }),
    (c) => {
      const { id } = c.req.valid('param');
      const server = store.updateServer(id, serverFields(c.req.valid('json')));
      if (!server) throw new ApiError(404, 'server_not_found', `server ${id} does not exist`);
      return c.json({ server: serverJson(server) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/__admin/servers/{id}/keys',
      tags,
      summary: 'Generate another key (older keys stay valid until revoked)',
      request: { params: ServerIdParamSchema },
      responses: {
        201: json(z.object({ api_key: z.string(), key: AdminKeySchema }), 'created'),
        ...errorResponses,
      },
    }),
    (c) => {
      const { id } = c.req.valid('param');
      requireServer(id);
      const created = store.createKey(id);
      const record = store.listKeys(id).find((k) => k.prefix === created.prefix) as KeyRecord;
      return c.json({ api_key: created.key, key: keyJson(record) }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/__admin/servers/{id}/keys',
      tags,
      summary: 'List a server’s keys, masked',
      request: { params: ServerIdParamSchema },
      responses: { 200: json(z.object({ keys: z.array(AdminKeySchema) }), 'keys'), ...errorResponses },
    }),
    (c) => {
      const { id } = c.req.valid('param');
      requireServer(id);
      return c.json({ keys: store.listKeys(id).map(keyJson) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/__admin/keys/{prefix}',
      tags,
      summary: 'Revoke a key by its prefix (live_ + 8 characters)',
      request: {
        params: z.object({
          prefix: z.string().openapi({ param: { name: 'prefix', in: 'path' }, example: 'live_Ab3dE5gH' }),
        }),
      },
      responses: { 200: json(z.object({ key: AdminKeySchema }), 'revoked'), ...errorResponses },
    }),
    (c) => {
      const { prefix } = c.req.valid('param');
      const key = store.revokeKey(prefix);
      if (!key)
        throw new ApiError(
          404,
          'key_not_found',
          `no key has the prefix ${JSON.stringify(prefix.slice(0, 40))}`,
        );
      return c.json({ key: keyJson(key) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/__admin/votes',
      tags,
      summary: 'Record one vote, or { votes: [...] } atomically',
      request: { body: body(VotesCreateSchema) },
      responses: { 201: json(z.object({ votes: z.array(AdminVoteSchema) }), 'created'), ...errorResponses },
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
        return c.json({ votes: store.insertVotes(votes).map(voteJson) }, 201);
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
      tags,
      summary: 'List votes, oldest first',
      request: { query: VotesQuerySchema },
      responses: { 200: json(z.object({ votes: z.array(AdminVoteSchema) }), 'votes'), ...errorResponses },
    }),
    (c) => {
      const q = c.req.valid('query');
      const votes = store.listVotes({
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
      tags,
      summary:
        'Inject a fault into matching requests (delay, status, dropped connection; apply runs the real handler first)',
      request: { body: body(FaultCreateSchema) },
      responses: { 201: json(z.object({ fault: FaultSchema }), 'added'), ...errorResponses },
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
      tags,
      summary: 'Active faults',
      responses: { 200: json(z.object({ faults: z.array(FaultSchema) }), 'faults'), ...errorResponses },
    }),
    (c) => c.json({ faults: faults.list().map(faultJson) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/__admin/faults',
      tags,
      summary: 'Remove every fault',
      responses: { 200: json(z.object({ cleared: z.int() }), 'cleared'), ...errorResponses },
    }),
    (c) => c.json({ cleared: faults.clear() }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/__admin/reset',
      tags,
      summary: 'Empty the database, the faults and the rate-limit windows',
      responses: { 200: json(z.object({ reset: z.literal(true) }), 'done'), ...errorResponses },
    }),
    (c) => {
      store.reset();
      faults.clear();
      deps.limiter.clear();
      return c.json({ reset: true as const }, 200);
    },
  );

  return app;
}

function faultJson(f: ReturnType<FaultRegistry['list']>[number]) {
  return {
    id: f.id,
    route: f.route,
    method: f.method ?? null,
    status: f.status ?? null,
    delay_ms: f.delayMs ?? null,
    drop: f.drop ?? false,
    times: f.times ?? null,
    apply: f.apply ?? false,
    retry_after: f.retryAfter ?? null,
    hits: f.hits,
  };
}
