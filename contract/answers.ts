/**
 * The contract the resource and the mock share: the answer bodies of the Vote Verification and Reward API v1 (spec
 * `vote-api-v1.md`), as the resource checks them. The mock types its answers against these (`satisfies`), so the two
 * cannot drift apart unnoticed.
 */
import * as z from 'zod/mini';

/** Body of `GET /api/v1/vote/check`. */
export const voteCheckBody = z
  .object({
    voted: z.boolean(),
    voted_at: z.nullable(z.iso.datetime({ offset: true })),
    // null when an IP lookup finds no vote: there is then no username to report.
    username: z.nullable(z.string()),
  })
  .check(
    z.refine((body) => !body.voted || body.voted_at !== null, {
      message: 'voted is true but voted_at is null',
      path: ['voted_at'],
    }),
  );

/** A UUID as the spec gives `vote_id` (8-4-4-4-12 hex digits, any version). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Body of a successful `POST /api/v1/vote/claim` (spec 4.2): `success` true and a UUID `vote_id`. */
export const claimBody = z.object({
  success: z.literal(true),
  vote_id: z.string().check(z.regex(UUID_PATTERN, 'not a UUID')),
});

/** Body of `GET /api/v1/vote/count` (spec 2.2). */
export const voteCountBody = z.object({
  votes_total: z.number().check(z.int(), z.nonnegative()),
  votes_24h: z.number().check(z.int(), z.nonnegative()),
  votes_7d: z.number().check(z.int(), z.nonnegative()),
  votes_monthly: z.number().check(z.int(), z.nonnegative()),
  server_name: z.string(),
  server_game: z.string(),
});

/** Body of `GET /api/v1/server/info` (spec 2.3). */
export const serverInfoBody = z.object({
  name: z.string(),
  game: z.string(),
  ip: z.string(),
  port: z.number().check(z.int()),
  description: z.string(),
  is_premium: z.boolean(),
  is_verified: z.boolean(),
  votes_total: z.number().check(z.int(), z.nonnegative()),
  followers_count: z.number().check(z.int(), z.nonnegative()),
  rank: z.number().check(z.int(), z.positive()),
});

/** The one JSON error shape of the API: `{ error: { code, message } }`. */
export const errorBody = z.object({
  error: z.object({ code: z.string(), message: z.optional(z.string()) }),
});

/** The answer of `/vote/check`. */
export type VoteCheck = z.output<typeof voteCheckBody>;

/** A successful claim's answer. */
export type ClaimAnswer = z.output<typeof claimBody>;

/** Vote statistics of the key's server. */
export type VoteCount = z.output<typeof voteCountBody>;

/** Public information of the key's server. */
export type ServerInfo = z.output<typeof serverInfoBody>;
