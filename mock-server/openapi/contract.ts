/**
 * Building blocks of `/openapi.json` shared by the route files: error answers with their codes as an enum and
 * one example each, the rate-limit headers with the instance's real limit, the injected-fault answer and the
 * security requirements. Raw OpenAPI 3.1 objects, passed through by the generator untouched.
 */

import type { RouteConfig } from '@hono/zod-openapi';

/** A response in the contract, as `createRoute` and `registerPath` take it for one status. */
export type ResponseDoc = Exclude<RouteConfig['responses'][string], { $ref: string }>;

/** A response header in the contract: its meaning, whether it is always sent, its value's schema. */
export interface HeaderDoc {
  /** What the header says. */
  description: string;
  /** Whether every answer of its status carries it. */
  required: boolean;
  /** Its value's schema. */
  schema: Record<string, unknown>;
}

/**
 * A response from its parts. The generator passes raw objects through; the cast only bridges its typings,
 * which are a union of OpenAPI 3.0, 3.1 and 3.2 objects; Spectral checks the document itself.
 */
export function response(
  description: string,
  headers?: Record<string, HeaderDoc>,
  content?: Record<string, { schema: unknown; example?: unknown }>,
): ResponseDoc {
  return { description, ...(headers ? { headers } : {}), ...(content ? { content } : {}) } as ResponseDoc;
}

/** A JSON Schema object as OpenAPI 3.1 writes it. */
export type JsonSchema = Record<string, unknown>;

/** A header: its meaning, its value's schema and whether every answer of its status carries it. */
export function header(description: string, schema: JsonSchema, required = true): HeaderDoc {
  return { description, required, schema };
}

/** A non-JSON body (a PNG) of one media type. */
export function binaryContent(mediaType: string): Record<string, { schema: JsonSchema }> {
  return { [mediaType]: { schema: { type: 'string', contentMediaType: mediaType } } };
}

/** The error body with `code` limited to the listed values. */
export function errorSchema(codes: readonly string[]): JsonSchema {
  return {
    type: 'object',
    required: ['error'],
    additionalProperties: false,
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        additionalProperties: false,
        properties: {
          code: { type: 'string', enum: [...codes], description: 'snake_case, stable, for programs' },
          message: { type: 'string', minLength: 1, description: 'one sentence, for people' },
        },
      },
    },
  };
}

/**
 * An error answer: `codes` as an enum (the first one is the example's), `message` the example's text. The
 * description lists the codes so they show in the docs.
 */
export function errorResponse(
  when: string,
  codes: readonly [string, ...string[]],
  message: string,
  headers?: Record<string, HeaderDoc>,
): ResponseDoc {
  return response(`${when} (${codes.join(', ')})`, headers, {
    'application/json': { schema: errorSchema(codes), example: { error: { code: codes[0], message } } },
  });
}

/** `RateLimit-*` headers of every `/api/v1` answer, with this instance's limit. */
export function rateLimitHeaders(limit: number): Record<string, HeaderDoc> {
  return {
    'RateLimit-Limit': header(`requests allowed per key in any rolling 60 s (this instance: ${limit})`, {
      type: 'integer',
      const: limit,
    }),
    'RateLimit-Remaining': header('requests left in the window', {
      type: 'integer',
      minimum: 0,
      maximum: limit,
    }),
    'RateLimit-Reset': header('seconds until the oldest counted request leaves the window', {
      type: 'integer',
      minimum: 1,
      maximum: 60,
    }),
  };
}

/** `Retry-After` in whole seconds. */
export function retryAfterHeader(description: string, maximum: number): HeaderDoc {
  return header(description, { type: 'integer', minimum: 0, maximum });
}

/**
 * The `default` answer of every route `/__admin/faults` can reach: an injected status with code
 * `injected_fault`, without the `RateLimit-*` headers (the fault answers before the API guard runs).
 */
export const INJECTED_FAULT: ResponseDoc = errorResponse(
  'a fault added through POST /__admin/faults: its status (400–599), Retry-After on 429 and 503, no RateLimit-* headers',
  ['injected_fault'],
  'fault #1 injected by /__admin/faults',
  {
    'Retry-After': header(
      'on an injected 429 or 503: the fault’s retry_after (default 1)',
      { type: 'integer', minimum: 0, maximum: 86_400 },
      false,
    ),
  },
);

/** Security of the `/api/v1` routes: the key as a Bearer header or as `?key=`. */
export const API_SECURITY: Record<string, string[]>[] = [{ bearer: [] }, { queryKey: [] }];

/** Security of the control API: the admin token when `MOCK_ADMIN_TOKEN` is set, else none from loopback. */
export const ADMIN_SECURITY: Record<string, string[]>[] = [{ adminToken: [] }, {}];

/** The security schemes, declared once each. */
export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'live_ followed by at least 32 letters or digits',
    description:
      'The server’s API key as `Authorization: Bearer live_…` (preferred). Keys are made in the owner dashboard or by POST /__admin/servers.',
  },
  queryKey: {
    type: 'apiKey',
    in: 'query',
    name: 'key',
    description: 'The same API key as `?key=live_…`, for clients that cannot set a header.',
  },
  adminToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'Control API and dashboard: when the mock runs with MOCK_ADMIN_TOKEN, `Authorization: Bearer <token>` from any address; without it, no credential, loopback clients only.',
  },
} as const;
