import { createRoute, OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import type { KeyRecord, ServerFields, ServerRecord, Store, VoteInput, VoteRecord } from '../db';
import { StoreError } from '../db';
import { ApiError } from '../errors';
import { ADMIN_BODY_LIMIT, type AdminOptions, adminGuard } from '../middleware/admin-guard';
import type { FaultRegistry } from '../middleware/faults';
import type { HostAllowList } from '../middleware/host-allow-list';
import type { SlidingWindowLimiter } from '../middleware/rate-limit';
import { ADMIN_SECURITY, errorResponse } from '../openapi/contract';
import {
  AdminKeySchema,
  AdminServerSchema,
  AdminVoteSchema,
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
  /** The webhook sink's rate-limit buckets, cleared by reset. */
  webhookLimiter?: { clear(): void };
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
/** The optional `{}` body of a body-less write: declared so Swagger UI sends the JSON content type the guard needs. */
const EMPTY_BODY: Pick<RouteConfig, 'requestBody'> = {
  requestBody: {
    required: false,
    description:
      'nothing to send; Content-Type: application/json is still required (a cross-site form cannot send it)',
    content: {
      'application/json': {
        schema: { type: 'object' as const, additionalProperties: false, maxProperties: 0 },
        example: {},
      },
    },
  },
};

/** The error answers of one control-API operation: the guard's, plus its own 400 and 404 codes. */
export function adminErrors(options: {
  write?: boolean;
  invalid?: readonly [string, ...string[]];
  notFound?: readonly string[];
}) {
  return {
    ...(options.invalid
      ? {
          400: errorResponse(
            'the input is invalid',
            options.invalid,
            'name: Too small: expected string to have >=1 characters',
          ),
        }
      : {}),
    401: errorResponse(
      'MOCK_ADMIN_TOKEN is set and the request has no matching Bearer token',
      ['admin_unauthorized'],
      'send "Authorization: Bearer <MOCK_ADMIN_TOKEN>"',
    ),
    403: errorResponse(
      'the Host is not this mock, the client is not on loopback (no token set), or another site sent the request',
      ['host_not_allowed', 'admin_forbidden', 'cross_site_request'],
      'Host "evil.example:8787" is not this mock (it answers localhost:8787, 127.0.0.1:8787, [::1]:8787); start it with --public-url to add a name',
    ),
    404: errorResponse(
      options.notFound?.length
        ? 'the control API is disabled, or the target does not exist'
        : 'the control API is disabled',
      ['admin_disabled', ...(options.notFound ?? [])],
      'the control API is disabled (--no-admin)',
    ),
    ...(options.write
      ? {
          413: errorResponse(
            `the body is over ${ADMIN_BODY_LIMIT} bytes`,
            ['payload_too_large'],
            `the control API takes bodies of at most ${ADMIN_BODY_LIMIT} bytes; split a vote batch`,
          ),
          415: errorResponse(
            'a write without Content-Type: application/json (even a body-less one)',
            ['invalid_content_type'],
            'control-API writes need Content-Type: application/json, even without a body (got none)',
          ),
        }
      : {}),
  };
}
/** One control-API operation as the `/__admin` page lists it. */
export interface ControlRoute {
  /** HTTP method, upper case. */
  method: string;
  /** OpenAPI path, `{id}` style. */
  path: string;
  /** One-line summary from the route's definition. */
  summary: string;
  /** Where Swagger UI shows it: `/docs#/<tag>/<operationId>`. */
  docs: string;
}

/** Every `/__admin` operation documented in `registry` (the whole app's, webhook routes included), in order. */
export function controlRoutes(registry: OpenAPIHono['openAPIRegistry']): ControlRoute[] {
  const found: ControlRoute[] = [];
  for (const definition of registry.definitions) {
    if (definition.type !== 'route' || !definition.route.path.startsWith('/__admin')) continue;
    const { method, path, summary, operationId, tags: routeTags } = definition.route;
    found.push({
      method: method.toUpperCase(),
      path,
      summary: summary ?? '',
      docs: operationId ? `/docs#/${routeTags?.[0] ?? 'default'}/${operationId}` : '/docs',
    });
  }
  return found;
}

const BODY_INVALID = ['invalid_field', 'missing_field', 'invalid_json'] as const;
const PARAM_INVALID = ['invalid_parameter'] as const;
const security = ADMIN_SECURITY;
const tags = ['control'];

/** `/__admin/*`: the control API for tests, demos and plugin writers. */
export function createAdminRoutes(deps: AdminRouteDeps): OpenAPIHono {
  const { store, now, faults } = deps;
  const app = new OpenAPIHono({ defaultHook: validationHook });
  const guard = adminGuard(deps);
  app.use('/__admin/*', guard);
  app.use('/__admin', guard);

  const requireServer = (id: number) => {
    const server = store.servers.get(id);
    if (!server) throw new ApiError(404, 'server_not_found', `server ${id} does not exist`);
    return server;
  };

  app.openapi(
    createRoute({
      method: 'post',
      path: '/__admin/servers',
      operationId: 'createServer',
      tags,
      security,
      summary: 'Create a server and its first API key (shown only here)',
      description:
        'The answer holds the only copy of the key: keys are stored hashed. Unknown fields are refused.',
      request: { body: body(ServerCreateSchema) },
      responses: {
        201: json(z.object({ server: AdminServerSchema, api_key: z.string() }), 'created'),
        ...adminErrors({ write: true, invalid: BODY_INVALID }),
      },
    }),
    (c) => {
      const input = c.req.valid('json');
      const server = store.servers.create({ ...serverFields(input), name: input.name, game: input.game });
      const { key } = store.keys.create(server.id);
      return c.json({ server: serverJson(server), api_key: key }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/__admin/servers',
      operationId: 'listServers',
      tags,
      security,
      summary: 'List servers in rank order',
      description:
        'Every server, ranked by monthly votes (ties: more total votes, then the older server), up to 1000.',
      responses: {
        200: json(z.object({ servers: z.array(AdminServerSchema) }), 'servers'),
        ...adminErrors({}),
      },
    }),
    (c) => c.json({ servers: store.servers.listRanked({ limit: 1000 }).map(serverJson) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/__admin/servers/{id}',
      operationId: 'updateServer',
      tags,
      security,
      summary: 'Change fields of a server',
      description: 'Only the fields sent change; the same rules as creation apply.',
      request: { params: ServerIdParamSchema, body: body(ServerPatchSchema) },
      responses: {
        200: json(z.object({ server: AdminServerSchema }), 'updated'),
        ...adminErrors({
          write: true,
          invalid: [...PARAM_INVALID, ...BODY_INVALID],
          notFound: ['server_not_found'],
        }),
      },
    }),
    (c) => {
      const { id } = c.req.valid('param');
      const server = store.servers.update(id, serverFields(c.req.valid('json')));
      if (!server) throw new ApiError(404, 'server_not_found', `server ${id} does not exist`);
      return c.json({ server: serverJson(server) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/__admin/servers/{id}/keys',
      operationId: 'createKey',
      tags,
      security,
      ...EMPTY_BODY,
      summary: 'Generate another key (older keys stay valid until revoked)',
      description:
        'The answer holds the only copy of the new key. Send Content-Type: application/json with an empty body or {}.',
      request: { params: ServerIdParamSchema },
      responses: {
        201: json(z.object({ api_key: z.string(), key: AdminKeySchema }), 'created'),
        ...adminErrors({ write: true, invalid: PARAM_INVALID, notFound: ['server_not_found'] }),
      },
    }),
    (c) => {
      const { id } = c.req.valid('param');
      requireServer(id);
      const created = store.keys.create(id);
      const record = store.keys.list(id).find((k) => k.prefix === created.prefix) as KeyRecord;
      return c.json({ api_key: created.key, key: keyJson(record) }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/__admin/servers/{id}/keys',
      operationId: 'listKeys',
      tags,
      security,
      summary: 'List a server’s keys, masked',
      description:
        'Masked keys with their prefix (what DELETE /__admin/keys/{prefix} takes), creation, last use and revocation times.',
      request: { params: ServerIdParamSchema },
      responses: {
        200: json(z.object({ keys: z.array(AdminKeySchema) }), 'keys'),
        ...adminErrors({ invalid: PARAM_INVALID, notFound: ['server_not_found'] }),
      },
    }),
    (c) => {
      const { id } = c.req.valid('param');
      requireServer(id);
      return c.json({ keys: store.keys.list(id).map(keyJson) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/__admin/keys/{prefix}',
      operationId: 'revokeKey',
      tags,
      security,
      summary: 'Revoke a key by its prefix (live_ + 8 characters)',
      description: 'The key stops working at once; revoking it again answers the same revoked key.',
      request: {
        params: z.object({
          prefix: z.string().openapi({ param: { name: 'prefix', in: 'path' }, example: 'live_Ab3dE5gH' }),
        }),
      },
      responses: {
        200: json(z.object({ key: AdminKeySchema }), 'revoked'),
        ...adminErrors({ notFound: ['key_not_found'] }),
      },
    }),
    (c) => {
      const { prefix } = c.req.valid('param');
      const key = store.keys.revoke(prefix);
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
