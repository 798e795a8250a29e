import { isIP } from 'node:net';
import { z } from '@hono/zod-openapi';
import { USERNAME_MAX_LENGTH, validateUsername } from '../db';

/** A username as the API accepts it (1–64 code points after trimming, no control characters). */
export const UsernameSchema = z
  .string()
  .superRefine((value, ctx) => {
    const result = validateUsername(value);
    if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
  })
  .openapi({
    description: `In-game name, 1–${USERNAME_MAX_LENGTH} characters after trimming, no control characters. Matched case-insensitively (Unicode NFKC + case folding).`,
    example: 'Steve',
  });

/** An IPv4 or IPv6 address. */
export const IpSchema = z
  .string()
  .refine((value) => isIP(value) !== 0, { message: 'ip must be a valid IPv4 or IPv6 address' })
  .openapi({ description: 'IPv4 or IPv6 address of the voter', example: '203.0.113.7' });

/** ISO 8601 UTC timestamp with milliseconds and `Z`. */
export const TimestampSchema = z.string().openapi({
  example: '2026-11-21T10:15:00.123Z',
  format: 'date-time',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$',
});

/** Query of `GET /vote/check`. */
export const CheckQuerySchema = z
  .object({
    username: UsernameSchema.optional(),
    ip: IpSchema.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.username === undefined && query.ip === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['username'],
        message: 'give username or ip',
        params: { code: 'missing_parameter' },
      });
    } else if (query.username !== undefined && query.ip !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['ip'], message: 'give username or ip, not both' });
    }
  });

/** Answer of `GET /vote/check`. */
export const CheckResponseSchema = z
  .object({
    voted: z.boolean(),
    voted_at: TimestampSchema.nullable().openapi({
      description: 'time of the reported vote; null when voted is false',
    }),
    username: z.string().nullable().openapi({
      description: 'the vote’s username; without a vote, the username asked for (null for an ip lookup)',
    }),
  })
  .openapi('VoteCheck');

/** Body of `POST /vote/claim`. */
export const ClaimBodySchema = z.object({ username: UsernameSchema }).openapi('VoteClaimRequest');

/** Answer of `POST /vote/claim`. */
export const ClaimResponseSchema = z
  .object({
    success: z.literal(true),
    vote_id: z.uuid().openapi({ example: '0b8e5c1e-4f1c-4b6e-9d8e-2a3c4d5e6f70' }),
  })
  .openapi('VoteClaim');

/** Answer of `GET /vote/count` (spec 2.2). */
export const CountResponseSchema = z
  .object({
    votes_total: z.int().min(0),
    votes_24h: z.int().min(0).openapi({ description: 'rolling last 24 hours' }),
    votes_7d: z.int().min(0).openapi({ description: 'rolling last 7 days' }),
    votes_monthly: z.int().min(0).openapi({ description: 'current calendar month, UTC' }),
    server_name: z.string(),
    server_game: z
      .string()
      .regex(/^[a-z][a-z0-9]{0,31}$/)
      .openapi({ example: 'fivem' }),
  })
  .openapi('VoteStats');

/** Answer of `GET /server/info` (spec 2.3). */
export const InfoResponseSchema = z
  .object({
    name: z.string(),
    game: z.string(),
    ip: z.string(),
    port: z.int(),
    description: z.string(),
    is_premium: z.boolean(),
    is_verified: z.boolean(),
    votes_total: z.int().min(0),
    followers_count: z.int().min(0),
    rank: z.int().min(1).openapi({
      description:
        '1-based position by monthly votes among all servers; ties: more total votes, then older server',
    }),
  })
  .openapi('ServerInfo');

const GAME = z
  .string()
  .regex(/^[a-z][a-z0-9]{0,31}$/, 'game must be a lowercase word (letters and digits, up to 32)')
  .openapi({ example: 'fivem' });
const COUNT = z.int().min(0).max(1_000_000_000);

/** Body of `POST /__admin/servers`. */
export const ServerCreateSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    game: GAME,
    ip: z.string().max(255).optional(),
    port: z.int().min(1).max(65535).optional(),
    description: z.string().max(2000).optional(),
    is_premium: z.boolean().optional(),
    is_verified: z.boolean().optional(),
    followers_count: COUNT.optional(),
    players_online: COUNT.optional(),
    players_max: COUNT.optional(),
  })
  .strict()
  .openapi('ServerCreate');

/** Body of `PATCH /__admin/servers/:id`. */
export const ServerPatchSchema = ServerCreateSchema.partial().openapi('ServerPatch');

/** A server as the control API shows it. */
export const AdminServerSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    game: z.string(),
    ip: z.string(),
    port: z.int(),
    description: z.string(),
    is_premium: z.boolean(),
    is_verified: z.boolean(),
    followers_count: z.int(),
    players_online: z.int(),
    players_max: z.int(),
    created_at: TimestampSchema,
  })
  .openapi('AdminServer');

/** A key as the control API shows it (never the secret). */
export const AdminKeySchema = z
  .object({
    prefix: z.string(),
    masked: z.string().openapi({ example: 'live_****abcd' }),
    server_id: z.int(),
    created_at: TimestampSchema,
    last_used_at: TimestampSchema.nullable(),
    revoked_at: TimestampSchema.nullable(),
  })
  .openapi('AdminKey');

/** One vote to create through the control API. */
export const VoteCreateSchema = z
  .object({
    server_id: z.int().min(1),
    username: UsernameSchema,
    ip: IpSchema.optional(),
    voted_at: z
      .union([z.iso.datetime(), z.int().min(0)])
      .optional()
      .openapi({
        description: 'ISO 8601 UTC timestamp or ms since the epoch; default now; not in the future',
      }),
  })
  .strict();

/** Body of `POST /__admin/votes`: one vote or `{ votes: [...] }` (1–10 000). */
export const VotesCreateSchema = z.union([
  VoteCreateSchema,
  z.object({ votes: z.array(VoteCreateSchema).min(1).max(10_000) }).strict(),
]);

/** A vote as the control API shows it. */
export const AdminVoteSchema = z
  .object({
    vote_id: z.uuid(),
    server_id: z.int(),
    username: z.string(),
    ip: z.string().nullable(),
    voted_at: TimestampSchema,
    claimed_at: TimestampSchema.nullable(),
  })
  .openapi('AdminVote');

/** Query of `GET /__admin/votes`. */
export const VotesQuerySchema = z.object({
  server_id: z.coerce.number().int().min(1).optional().openapi({ description: 'only this server’s votes' }),
  username: z
    .string()
    .min(1)
    .max(256)
    .optional()
    .openapi({ description: 'only this name’s votes (NFKC + case folding)' }),
  limit: z.coerce.number().int().min(1).max(10_000).optional().openapi({ description: 'at most this many' }),
  // An explicit type: the generator writes ["integer", "null"] for a coerced number with minimum 0.
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .openapi({ type: 'integer', minimum: 0, description: 'skip this many first' }),
});

/** Body of `POST /__admin/faults`. */
export const FaultCreateSchema = z
  .object({
    route: z.string().startsWith('/').max(500),
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']).optional(),
    status: z.int().min(400).max(599).optional(),
    delay_ms: z.int().min(0).max(120_000).optional(),
    drop: z.boolean().optional(),
    times: z.int().min(1).optional(),
    apply: z.boolean().optional(),
    retry_after: z.int().min(0).max(86_400).optional(),
  })
  .strict()
  .refine((f) => f.status !== undefined || f.delay_ms !== undefined || f.drop === true, {
    message: 'a fault needs status, delay_ms or drop',
  })
  .refine((f) => !(f.drop === true && f.status !== undefined), {
    message: 'drop and status exclude each other',
  })
  .openapi('FaultCreate');

/** Path parameter `:id` of a server. */
export const ServerIdParamSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});
