import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { CheckMode, Store, VoteRecord } from '../db';
import { ApiError, apiJson, sendError } from '../errors';
import { type ApiGuardVariables, apiGuard } from '../middleware/api-guard';
import type { SlidingWindowLimiter } from '../middleware/rate-limit';
import {
  CheckQuerySchema,
  CheckResponseSchema,
  ClaimBodySchema,
  ClaimResponseSchema,
  CountResponseSchema,
  ErrorSchema,
  InfoResponseSchema,
} from '../openapi/schemas';
import { validationHook } from '../openapi/validation';

/** Largest accepted claim body, bytes. */
export const CLAIM_BODY_LIMIT = 4096;

/** What the API routes need. */
export interface ApiRouteDeps {
  /** Data access. */
  store: Store;
  /** Rule of `/vote/check` (and which votes a claim may take). */
  checkMode: CheckMode;
  /** Shared limiter of the `/api/v1` routes. */
  limiter: SlidingWindowLimiter;
}

const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: ERROR_DESCRIPTIONS[status] ?? 'error',
        content: { 'application/json': { schema: ErrorSchema } },
      },
    ]),
  );

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'missing or invalid parameter (missing_parameter, invalid_parameter, missing_field, invalid_field, invalid_json, invalid_content_type)',
  401: 'API key missing_api_key, malformed_api_key, invalid_api_key or revoked_api_key',
  404: 'no_unclaimed_vote',
  413: 'payload_too_large: body over 4 KiB',
  429: 'rate_limited: over 60 requests in any 60 s; see Retry-After',
  500: 'internal_error',
};

const RATE_HEADERS = {
  'RateLimit-Limit': {
    schema: { type: 'integer' as const },
    description: 'requests allowed per rolling 60 s',
  },
  'RateLimit-Remaining': { schema: { type: 'integer' as const }, description: 'requests left in the window' },
  'RateLimit-Reset': { schema: { type: 'integer' as const }, description: 'seconds until a slot frees up' },
};

const security: Record<string, string[]>[] = [{ bearer: [] }, { queryKey: [] }];

const checkRoute = createRoute({
  method: 'get',
  path: '/api/v1/vote/check',
  tags: ['votes'],
  summary: 'Does the player have a vote?',
  description:
    'Give username or ip. Mode "unclaimed" (default, spec variant B): reports the oldest unclaimed vote, whatever its date. Mode "last24h" (variant A): a vote of the last 24 hours, the oldest unclaimed one first, else the latest. The vote reported is the one a claim would take.',
  security,
  request: { query: CheckQuerySchema },
  responses: {
    200: {
      description: 'answer, with voted false when no vote matches',
      headers: RATE_HEADERS,
      content: { 'application/json': { schema: CheckResponseSchema } },
    },
    ...errors(400, 401, 429, 500),
  },
});

/** Checks content type and size and parses the JSON once, so bad bodies get precise codes before validation. */
const jsonBody: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('content-type');
  if (!type || !/^application\/json\s*(;.*)?$/i.test(type)) {
    return sendError(
      c,
      400,
      'invalid_content_type',
      `send the body as Content-Type: application/json (got ${type ? JSON.stringify(type.slice(0, 100)) : 'none'})`,
    );
  }
  try {
    await c.req.json();
  } catch {
    return sendError(c, 400, 'invalid_json', 'the body is not valid JSON');
  }
  await next();
};

const payloadTooLarge = (c: Context) =>
  sendError(c, 413, 'payload_too_large', `the body must be at most ${CLAIM_BODY_LIMIT} bytes`);
const limitStreamedBody = bodyLimit({ maxSize: CLAIM_BODY_LIMIT, onError: payloadTooLarge });

/**
 * 413 over 4 KiB. With a Content-Length (which Node's parser holds the body to) the number decides, and the
 * body is later read once straight from the socket; only bodies without one are counted while they stream in
 * (`bodyLimit` wraps the body in a stream, which costs far more than the claim itself).
 */
const claimBodyLimit: MiddlewareHandler = async (c, next) => {
  const length = c.req.header('content-length');
  if (length === undefined || c.req.header('transfer-encoding') !== undefined)
    return limitStreamedBody(c, next);
  if (Number(length) > CLAIM_BODY_LIMIT) return payloadTooLarge(c);
  await next();
};

const claimRoute = createRoute({
  method: 'post',
  path: '/api/v1/vote/claim',
  tags: ['votes'],
  summary: 'Claim the player’s oldest unclaimed vote',
  description: 'Atomic: N concurrent claims of one vote give one 200 and N−1 × 404. Body at most 4 KiB.',
  security,
  middleware: [claimBodyLimit, jsonBody] as const,
  request: { body: { required: true, content: { 'application/json': { schema: ClaimBodySchema } } } },
  responses: {
    200: {
      description: 'claimed',
      headers: RATE_HEADERS,
      content: { 'application/json': { schema: ClaimResponseSchema } },
    },
    ...errors(400, 401, 404, 413, 429, 500),
  },
});

const countRoute = createRoute({
  method: 'get',
  path: '/api/v1/vote/count',
  tags: ['votes'],
  summary: 'Vote counters of the key’s server',
  security,
  responses: {
    200: {
      description: 'counters',
      headers: RATE_HEADERS,
      content: { 'application/json': { schema: CountResponseSchema } },
    },
    ...errors(401, 429, 500),
  },
});

const infoRoute = createRoute({
  method: 'get',
  path: '/api/v1/server/info',
  tags: ['server'],
  summary: 'Public information of the key’s server',
  security,
  responses: {
    200: {
      description: 'server',
      headers: RATE_HEADERS,
      content: { 'application/json': { schema: InfoResponseSchema } },
    },
    ...errors(401, 429, 500),
  },
});

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function checkBody(vote: VoteRecord | null, asked: string | null) {
  return vote
    ? { voted: true, voted_at: iso(vote.votedAt), username: vote.username }
    : { voted: false, voted_at: null, username: asked };
}

/** `/api/v1/*`: auth, rate limit and the four endpoints of the spec. */
export function createApiRoutes(deps: ApiRouteDeps): OpenAPIHono<{ Variables: ApiGuardVariables }> {
  const { store, checkMode } = deps;
  const app = new OpenAPIHono<{ Variables: ApiGuardVariables }>({ defaultHook: validationHook });
  app.use('/api/v1/*', apiGuard(store, deps.limiter));

  const serverWithStats = (id: number) => {
    const found = store.getServerWithStats(id);
    // Servers are never deleted one by one, so a valid key without its server only happens after a reset race.
    if (!found) throw new ApiError(401, 'invalid_api_key', 'the API key is not known');
    return found;
  };

  app.openapi(checkRoute, (c) => {
    const query = c.req.valid('query');
    const serverId = c.get('serverId');
    if (query.username !== undefined) {
      const username = query.username.trim();
      return apiJson(c, checkBody(store.findCheckVote(checkMode, serverId, { username }), username), 200);
    }
    const ip = query.ip as string;
    return apiJson(c, checkBody(store.findCheckVote(checkMode, serverId, { ip }), null), 200);
  });

  app.openapi(claimRoute, (c) => {
    const { username } = c.req.valid('json');
    const vote = store.claimOldest(c.get('serverId'), username, { mode: checkMode });
    if (!vote)
      throw new ApiError(
        404,
        'no_unclaimed_vote',
        `${username.trim()} has no unclaimed vote for this server`,
      );
    return apiJson(c, { success: true as const, vote_id: vote.voteId }, 200);
  });

  app.openapi(countRoute, (c) => {
    const { server, stats } = serverWithStats(c.get('serverId'));
    return apiJson(
      c,
      {
        votes_total: stats.votesTotal,
        votes_24h: stats.votes24h,
        votes_7d: stats.votes7d,
        votes_monthly: stats.votesMonthly,
        server_name: server.name,
        server_game: server.game,
      },
      200,
    );
  });

  app.openapi(infoRoute, (c) => {
    const { server, stats } = serverWithStats(c.get('serverId'));
    return apiJson(
      c,
      {
        name: server.name,
        game: server.game,
        ip: server.ip,
        port: server.port,
        description: server.description,
        is_premium: server.isPremium,
        is_verified: server.isVerified,
        votes_total: stats.votesTotal,
        followers_count: server.followersCount,
        rank: stats.rank,
      },
      200,
    );
  });

  return app;
}
