import type { Context } from 'hono';
import type { ZodError } from 'zod';
import { sendError } from '../errors';

type Target = 'query' | 'param' | 'json' | string;

/** Turns the first zod issue into the JSON error shape: missing_/invalid_ + parameter (query, path) or field (body). */
export function validationError(error: ZodError, target: Target, c: Context): Response {
  const issue = error.issues[0];
  const noun = target === 'json' ? 'field' : 'parameter';
  if (!issue) return sendError(c, 400, `invalid_${noun}`, 'the request is invalid');
  const field = issue.path.map(String).join('.');
  const custom = (issue as { params?: { code?: string } }).params?.code;
  const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
  const code = custom ?? (missing ? `missing_${noun}` : `invalid_${noun}`);
  const detail = missing ? `${field} is required` : issue.message;
  const message = field && !detail.startsWith(field) ? `${field}: ${detail}` : detail;
  return sendError(c, 400, code, message);
}

/** `defaultHook` of every OpenAPIHono: validation failures answer 400 with the JSON error shape. */
export function validationHook(
  result: { success: true } | { success: false; error: ZodError; target?: Target },
  c: Context,
): Response | undefined {
  if (result.success) return undefined;
  return validationError(result.error, result.target ?? 'query', c);
}
