/** The control API's server and key routes: create, list, patch servers; create, list, revoke keys. */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { KeyRecord } from '../db';
import { ApiError } from '../errors';
import {
  AdminKeySchema,
  AdminServerSchema,
  ServerCreateSchema,
  ServerIdParamSchema,
  ServerPatchSchema,
} from '../openapi/schemas';
import {
  type AdminRouteDeps,
  adminErrors,
  BODY_INVALID,
  body,
  EMPTY_BODY,
  json,
  keyJson,
  PARAM_INVALID,
  security,
  serverFields,
  serverJson,
  tags,
} from './admin-shared';

/** Adds `/__admin/servers…` and `/__admin/keys/{prefix}` to `app` (guarded by the caller). */
export function registerServerRoutes(app: OpenAPIHono, deps: Pick<AdminRouteDeps, 'store'>): void {
  const { store } = deps;
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
}
