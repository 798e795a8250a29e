import { createRoute, OpenAPIHono, type z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ClaimAnswer, ServerInfo, VoteCheck, VoteCount } from '../../contract/answers';
import { type CheckMode, type Store, USERNAME_MAX_LENGTH, type VoteRecord, validateUsername } from '../db';
import { ApiError, apiJson, sendError } from '../errors';
import { type ApiGuardVariables, apiGuard } from '../middleware/api-guard';
import type { SlidingWindowLimiter } from '../middleware/rate-limit';
import {
  API_SECURITY,
  errorResponse,
  header,
  INJECTED_FAULT,
  rateLimitHeaders,
  response,
  retryAfterHeader,
} from '../openapi/contract';
import {
  CheckQuerySchema,
  CheckResponseSchema,
  ClaimBodySchema,
  ClaimResponseSchema,
  CountResponseSchema,
  InfoResponseSchema,
} from '../openapi/schemas';
import { validationError, validationHook } from '../openapi/validation';

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
  /** Its limit per rolling 60 s, written into the contract. */
  rateLimit: number;
}

/** The claim's body: its JSON parsed once, or the 400 of a body that is not JSON. */
async function claimJson(c: Context): Promise<{ body: unknown } | Response> {
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
    return { body: await c.req.json() };
  } catch {
    return sendError(c, 400, 'invalid_json', 'the body is not valid JSON');
  }
}

/**
 * The claimed username: a lone valid `username` string taken as it is, anything else through `ClaimBodySchema`, whose
 * issues word every 400 (it accepts exactly what the direct path accepts; other fields are dropped either way).
 */
function claimUsername(c: Context, body: unknown): string | Response {
  const username = (body as { username?: unknown } | null)?.username;
  if (typeof body === 'object' && !Array.isArray(body) && typeof username === 'string') {
    if (validateUsername(username).ok) return username;
  }
  const parsed = ClaimBodySchema.safeParse(body);
  return parsed.success ? parsed.data.username : validationError(parsed.error, 'json', c);
}

const payloadTooLarge = (c: Context) =>
  sendError(c, 413, 'payload_too_large', `the body must be at most ${CLAIM_BODY_LIMIT} bytes`);
const limitStreamedBody = bodyLimit({ maxSize: CLAIM_BODY_LIMIT, onError: payloadTooLarge });

/**
 * 413 over 4 KiB. With a Content-Length (which Node's parser holds the body to) the number decides, and the
 * body is later read once straight from the socket; only bodies without one are counted while they stream in
 * (`bodyLimit` wraps the body in a stream, which costs far more than the claim itself).
 */
const claimBodyLimit: MiddlewareHandler = (c, next) => {
  const length = c.req.header('content-length');
  if (length === undefined || c.req.header('transfer-encoding') !== undefined)
    return limitStreamedBody(c, next);
  if (Number(length) > CLAIM_BODY_LIMIT) return Promise.resolve(payloadTooLarge(c));
  return next();
};

/** The four routes of the spec, documented with this instance's rate limit and check mode. */
function apiRoutes(limit: number, checkMode: CheckMode) {
  const rate = rateLimitHeaders(limit);
  const unauthorized = errorResponse(
    'the API key is missing, malformed, unknown or revoked',
    ['invalid_api_key', 'missing_api_key', 'malformed_api_key', 'revoked_api_key'],
    'the API key is not known',
    {
      ...rate,
      'WWW-Authenticate': header('the scheme to use', { type: 'string', const: 'Bearer realm="vote-api"' }),
    },
  );
  const limited = errorResponse(
    `over ${limit} requests in any rolling 60 s (per key; per client IP for bad keys)`,
    ['rate_limited'],
    `more than ${limit} requests in 60 seconds; retry in 12 s`,
    { ...rate, 'Retry-After': retryAfterHeader('seconds until a request is accepted again', 60) },
  );
  const failed = errorResponse(
    'the mock failed; its log says why',
    ['internal_error'],
    'the mock failed to handle the request; see its log',
    rate,
  );
  const common = { 401: unauthorized, 429: limited, 500: failed, default: INJECTED_FAULT };
  const ok = <T extends z.ZodType>(description: string, schema: T) => ({
    ...response(description, rate),
    content: { 'application/json': { schema } },
  });
  const modeText =
    checkMode === 'unclaimed'
      ? 'This instance runs mode "unclaimed" (--check-mode unclaimed, spec variant B, the default): it reports the oldest unclaimed vote, whatever its date.'
      : 'This instance runs mode "last24h" (--check-mode last24h, spec variant A): a vote of the last 24 hours, the oldest unclaimed one first, else the latest.';

  const check = createRoute({
    method: 'get',
    path: '/api/v1/vote/check',
    operationId: 'checkVote',
    tags: ['votes'],
    summary: 'Does the player have a vote?',
    description: `Give exactly one of username and ip (the lookup parameter's two forms). ${modeText} The vote reported is the one a claim would take.`,
    security: API_SECURITY,
    parameters: [
      {
        name: 'lookup',
        in: 'query',
        required: true,
        style: 'form',
        explode: true,
        description:
          'Exactly one of `username` (the in-game name) or `ip` (the voter’s address), sent as `?username=…` or `?ip=…`.',
        schema: {
          oneOf: [
            {
              type: 'object',
              title: 'by username',
              required: ['username'],
              additionalProperties: false,
              properties: {
                username: {
                  type: 'string',
                  minLength: 1,
                  maxLength: USERNAME_MAX_LENGTH,
                  description: `In-game name, 1–${USERNAME_MAX_LENGTH} characters after trimming (counted in code points), no control characters; matched case-insensitively (Unicode NFKC + case folding)`,
                },
              },
            },
            {
              type: 'object',
              title: 'by ip',
              required: ['ip'],
              additionalProperties: false,
              properties: {
                ip: {
                  type: 'string',
                  anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }],
                  description: 'IPv4 or IPv6 address of the voter',
                },
              },
            },
          ],
        },
        example: { username: 'Steve' },
      },
    ],
    responses: {
      200: ok('the answer; voted is false when no vote matches', CheckResponseSchema),
      400: errorResponse(
        'username and ip are both missing or both given, or one is invalid',
        ['missing_parameter', 'invalid_parameter'],
        'username: give username or ip',
        rate,
      ),
      ...common,
    },
  });

  const claim = createRoute({
    method: 'post',
    path: '/api/v1/vote/claim',
    operationId: 'claimVote',
    tags: ['votes'],
    summary: 'Claim the player’s oldest unclaimed vote',
    description: `Atomic: N concurrent claims of one vote give one 200 and N−1 × 404. Body at most ${CLAIM_BODY_LIMIT} bytes. ${modeText}`,
    security: API_SECURITY,
    request: {
      body: {
        required: true,
        content: { 'application/json': { schema: ClaimBodySchema, example: { username: 'Steve' } } },
      },
    },
    responses: {
      200: ok('claimed: pay the player now', ClaimResponseSchema),
      400: errorResponse(
        'the body is not JSON, not valid JSON, or its username is missing or invalid',
        ['missing_field', 'invalid_field', 'invalid_json', 'invalid_content_type'],
        'username is required',
        rate,
      ),
      404: errorResponse(
        'the player has no unclaimed vote (already claimed, or never voted)',
        ['no_unclaimed_vote'],
        'Steve has no unclaimed vote for this server',
        rate,
      ),
      413: errorResponse(
        `the body is over ${CLAIM_BODY_LIMIT} bytes`,
        ['payload_too_large'],
        `the body must be at most ${CLAIM_BODY_LIMIT} bytes`,
        rate,
      ),
      ...common,
    },
  });

  const count = createRoute({
    method: 'get',
    path: '/api/v1/vote/count',
    operationId: 'countVotes',
    tags: ['votes'],
    summary: 'Vote counters of the key’s server',
    description:
      'Totals, rolling 24 h and 7 d windows and the current UTC month, with the server’s name and game.',
    security: API_SECURITY,
    responses: { 200: ok('the counters', CountResponseSchema), ...common },
  });

  const info = createRoute({
    method: 'get',
    path: '/api/v1/server/info',
    operationId: 'getServerInfo',
    tags: ['server'],
    summary: 'Public information of the key’s server',
    description: 'Name, game, address, description, flags, total votes, followers and rank by monthly votes.',
    security: API_SECURITY,
    responses: { 200: ok('the server', InfoResponseSchema), ...common },
  });

  return { check, claim, count, info };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function checkBody(vote: VoteRecord | null, asked: string | null): VoteCheck {
  return vote
    ? { voted: true, voted_at: iso(vote.votedAt), username: vote.username }
    : { voted: false, voted_at: null, username: asked };
}

/**
 * The check's lookup from the query: each parameter read on its own (Hono's one-key path, first value wins as in
 * `c.req.query()`), and a lone valid username taken as it is. Anything else goes through `CheckQuerySchema`, whose
 * issues word every 400; it accepts exactly what the direct path accepts, and the schema's object drops other
 * parameters the same way.
 */
function checkQuery(c: Context): { username?: string; ip?: string } | Response {
  const username = c.req.query('username');
  const ip = c.req.query('ip');
  if (ip === undefined && username !== undefined && validateUsername(username).ok) return { username };
  const parsed = CheckQuerySchema.safeParse({
    ...(username === undefined ? {} : { username }),
    ...(ip === undefined ? {} : { ip }),
  });
  return parsed.success ? parsed.data : validationError(parsed.error, 'query', c);
}

/** `/api/v1/*`: auth, rate limit and the four endpoints of the spec. */
export function createApiRoutes(deps: ApiRouteDeps): OpenAPIHono<{ Variables: ApiGuardVariables }> {
  const { store, checkMode } = deps;
  const app = new OpenAPIHono<{ Variables: ApiGuardVariables }>({ defaultHook: validationHook });
  app.use('/api/v1/*', apiGuard(store, deps.limiter));

  const serverWithStats = (id: number) => {
    const found = store.servers.getWithStats(id);
    // Servers are never deleted one by one, so a valid key without its server only happens after a reset race.
    if (!found) throw new ApiError(401, 'invalid_api_key', 'the API key is not known');
    return found;
  };

  const routes = apiRoutes(deps.rateLimit, checkMode);

  // Validated here rather than by the route: the contract declares the lookup as one object parameter.
  app.openapi(routes.check, (c) => {
    const query = checkQuery(c);
    if (query instanceof Response) return query;
    const serverId = c.get('serverId');
    if (query.username !== undefined) {
      const username = query.username.trim();
      return apiJson(c, checkBody(store.votes.findCheck(checkMode, serverId, { username }), username), 200);
    }
    const ip = query.ip as string;
    return apiJson(c, checkBody(store.votes.findCheck(checkMode, serverId, { ip }), null), 200);
  });

  // Documented from its route, served by one handler: the body is parsed once and a valid username needs no zod
  // (the route's generated validators would add three promise steps and an async parse to every claim).
  app.openAPIRegistry.registerPath(routes.claim);
  app.post(routes.claim.path, claimBodyLimit, async (c) => {
    const json = await claimJson(c);
    if (json instanceof Response) return json;
    const username = claimUsername(c, json.body);
    if (username instanceof Response) return username;
    const vote = store.votes.claimOldest(c.get('serverId'), username, { mode: checkMode });
    if (!vote)
      throw new ApiError(
        404,
        'no_unclaimed_vote',
        `${username.trim()} has no unclaimed vote for this server`,
      );
    return apiJson(c, { success: true as const, vote_id: vote.voteId } satisfies ClaimAnswer, 200);
  });

  app.openapi(routes.count, (c) => {
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
      } satisfies VoteCount,
      200,
    );
  });

  app.openapi(routes.info, (c) => {
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
      } satisfies ServerInfo,
      200,
    );
  });

  return app;
}
