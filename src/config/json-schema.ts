/**
 * config.schema.json from the schema the resource validates with. Build time only (`build.mjs`, the docs generator,
 * tests): the JSON-Schema code is not part of `dist/server.js`, whose build refuses it.
 */
import { toJSONSchema } from 'zod/v4/core';
import { configSchema } from './schema';

/** The JSON schema written next to config.json for editor completion. */
export function configJsonSchema(): Record<string, unknown> {
  return toJSONSchema(configSchema, { io: 'input', target: 'draft-7' }) as Record<string, unknown>;
}
