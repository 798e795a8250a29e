/** What every control-API route file shares: its dependencies, the answer shapes and the OpenAPI helpers. */
import type { OpenAPIHono, RouteConfig, z } from '@hono/zod-openapi';
import type { KeyRecord, ServerFields, ServerRecord, Store, VoteRecord } from '../db';
import { ADMIN_BODY_LIMIT, type AdminOptions } from '../middleware/admin-guard';
import type { FaultRegistry } from '../middleware/faults';
import type { HostAllowList } from '../middleware/host-allow-list';
import type { SlidingWindowLimiter } from '../middleware/rate-limit';
import { ADMIN_SECURITY, errorResponse } from '../openapi/contract';
import type { ServerPatchSchema } from '../openapi/schemas';

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

/** A server as the control API answers it. */
export function serverJson(s: ServerRecord) {
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

/** A key as the control API answers it (masked). */
export function keyJson(k: KeyRecord) {
  return {
    prefix: k.prefix,
    masked: k.masked,
    server_id: k.serverId,
    created_at: new Date(k.createdAt).toISOString(),
    last_used_at: iso(k.lastUsedAt),
    revoked_at: iso(k.revokedAt),
  };
}

/** A vote as the control API answers it. */
export function voteJson(v: VoteRecord) {
  return {
    vote_id: v.voteId,
    server_id: v.serverId,
    username: v.username,
    ip: v.ip,
    voted_at: new Date(v.votedAt).toISOString(),
    claimed_at: iso(v.claimedAt),
  };
}

/** The store fields of a create or patch body. */
export function serverFields(body: z.infer<typeof ServerPatchSchema>): Partial<ServerFields> {
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

/** A fault as the control API answers it. */
export function faultJson(f: ReturnType<FaultRegistry['list']>[number]) {
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

/** A JSON response of `schema`. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
/** A required JSON request body of `schema`. */
export const body = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
/** The optional `{}` body of a body-less write: declared so Swagger UI sends the JSON content type the guard needs. */
export const EMPTY_BODY: Pick<RouteConfig, 'requestBody'> = {
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
      'the Host is not this mock, the client is not on loopback (no token set), others can reach the mock (--public-url or a non-loopback --host) and no token is set, or another site sent the request',
      ['host_not_allowed', 'admin_forbidden', 'admin_token_required', 'cross_site_request'],
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

/** Paths the `/__admin` page lists: the control API, and the Discord sink the banner's webhook URL points at. */
const LISTED_PREFIXES = ['/__admin', '/webhooks/discord/'];

/**
 * Every `/__admin` operation documented in `registry` (the whole app's, webhook routes included) and the Discord
 * sink's route, in order.
 */
export function controlRoutes(registry: OpenAPIHono['openAPIRegistry']): ControlRoute[] {
  const found: ControlRoute[] = [];
  for (const definition of registry.definitions) {
    if (definition.type !== 'route') continue;
    if (!LISTED_PREFIXES.some((prefix) => definition.route.path.startsWith(prefix))) continue;
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

/** The 400 codes of a route with a JSON body. */
export const BODY_INVALID = ['invalid_field', 'missing_field', 'invalid_json'] as const;
/** The 400 codes of a route with path or query parameters. */
export const PARAM_INVALID = ['invalid_parameter'] as const;
/** Every control-API operation's security requirement. */
export const security = ADMIN_SECURITY;
/** Every control-API operation's tag. */
export const tags = ['control'];
