import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../mock-server/app';
import { createContractValidator, type ObservedAnswer } from './contract';
import { createHarness } from './helpers';

// biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document is walked by path in assertions
type Json = Record<string, any>;

const run = promisify(execFile);
const METHODS = ['get', 'post', 'patch', 'delete', 'put'];

async function documentOf(deps: Partial<AppDeps> = {}): Promise<Json> {
  const h = createHarness({ deps });
  return (await (await h.app.request('/openapi.json')).json()) as Json;
}

function operations(doc: Json): Array<{ path: string; method: string; op: Json }> {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    METHODS.filter((method) => method in item).map((method) => ({ path, method, op: item[method] as Json })),
  );
}

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const RATE = { 'ratelimit-limit': '60', 'ratelimit-remaining': '59', 'ratelimit-reset': '60' };
const CHECK_OK = { voted: false, voted_at: null, username: 'Steve' };

describe('/openapi.json', () => {
  it('passes Spectral (spectral:oas) with no error, warning or hint, for default and changed settings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spectral-'));
    try {
      const files = await Promise.all(
        (
          [
            {},
            { rateLimit: 5, checkMode: 'last24h', admin: { enabled: false } },
            { admin: { enabled: true, token: 'secret-token' } },
          ] as Partial<AppDeps>[]
        ).map(async (deps, index) => {
          const file = join(dir, `openapi-${index}.json`);
          writeFileSync(file, JSON.stringify(await documentOf(deps), null, 2));
          return file;
        }),
      );
      const ruleset = join(dir, '.spectral.yaml');
      writeFileSync(ruleset, 'extends: ["spectral:oas"]\n');
      const bin = join(process.cwd(), 'node_modules', '.bin', 'spectral');
      const { stdout } = await run(
        bin,
        ['lint', ...files, '--ruleset', ruleset, '--format', 'json', '--quiet'],
        {
          // Spectral exits 1 when it finds an error; its report is still on stdout.
        },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '[]' }));
      const results = JSON.parse(stdout || '[]') as Array<{ code: string; message: string; path: string[] }>;
      expect(results.map((r) => `${r.code}: ${r.message} at ${r.path.join('.')}`)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('documents every route the app serves except the HTML pages', async () => {
    const h = createHarness();
    const doc = await documentOf();
    const pages = /^\/(servers|dashboard|docs|openapi\.json|favicon\.ico|__admin$|$)/;
    const served = new Set(
      h.app.routes
        .filter((route) => route.method !== 'ALL' && !route.path.includes('*') && !pages.test(route.path))
        .map(
          (route) =>
            `${route.method.toLowerCase()} ${route.path.replace(/:([a-z_]+)\{[^}]*\}/g, '{$1}').replace(/:([a-z_]+)/g, '{$1}')}`,
        ),
    );
    const documented = new Set(operations(doc).map(({ path, method }) => `${method} ${path}`));
    // The badge route is one path parameter `file` matching `<id>.png`; the contract names its parts.
    served.delete('get /badge/{file}');
    documented.delete('get /badge/{server_id}.png');
    expect([...documented].sort()).toEqual([...served].sort());
    expect(operations(doc)).toHaveLength(22);
  });

  it('gives every operation a unique operationId, a description, a tag and its security', async () => {
    const doc = await documentOf();
    const ids = operations(doc).map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, op } of operations(doc)) {
      expect(op.description, path).toBeTruthy();
      expect(op.tags, path).toHaveLength(1);
      if (path.startsWith('/api/v1/')) expect(op.security).toEqual([{ bearer: [] }, { queryKey: [] }]);
      if (path.startsWith('/__admin/')) expect(op.security).toEqual([{ adminToken: [] }, {}]);
      if (path === '/health' || path.startsWith('/badge/')) expect(op.security).toBeUndefined();
    }
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['adminToken', 'bearer', 'queryKey']);
  });

  it('declares the API key once: as security schemes, never also as a query parameter', async () => {
    const doc = await documentOf();
    const parameters = operations(doc).flatMap(({ op }) => (op.parameters ?? []) as Json[]);
    expect(parameters.filter((p) => p.name === 'key')).toEqual([]);
  });

  it('states "exactly one of username and ip" and the username length as schema', async () => {
    const doc = await documentOf();
    const [lookup] = doc.paths['/api/v1/vote/check'].get.parameters as Json[];
    expect(lookup).toMatchObject({ in: 'query', required: true, style: 'form', explode: true });
    const ajvCheck = createContractValidator({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/x': {
          get: {
            responses: {
              200: { description: 'x', content: { 'application/json': { schema: lookup?.schema } } },
            },
          },
        },
      },
    });
    const accepts = (value: unknown) =>
      ajvCheck.problems({
        method: 'GET',
        url: '/x',
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: json(value),
      }).length === 0;
    expect(accepts({ username: 'Steve' })).toBe(true);
    expect(accepts({ ip: '203.0.113.7' })).toBe(true);
    expect(accepts({ ip: '2001:db8::1' })).toBe(true);
    expect(accepts({ username: 'Steve', ip: '203.0.113.7' })).toBe(false);
    expect(accepts({})).toBe(false);
    expect(accepts({ username: '' })).toBe(false);
    expect(accepts({ username: 'x'.repeat(65) })).toBe(false);
    expect(accepts({ ip: 'not-an-ip' })).toBe(false);
  });

  it('gives each error status its own codes as an enum and an example among them', async () => {
    const doc = await documentOf();
    for (const { path, method, op } of operations(doc)) {
      for (const [status, response] of Object.entries(op.responses as Json)) {
        if (!/^[45]|default/.test(status)) continue;
        // The Discord webhook sink answers in Discord's error shape ({ code, message }), as its clients expect.
        if (path.startsWith('/webhooks/discord/')) continue;
        const media = response.content?.['application/json'];
        // The one error that is not JSON: the "server not found" badge, an image for an <img> tag.
        if (!media) {
          expect(`${method} ${path} ${status}`).toBe('get /badge/{server_id}.png 404');
          continue;
        }
        const codes = media.schema.properties.error.properties.code.enum as string[];
        expect(codes.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
        expect(codes).toContain(media.example.error.code);
      }
    }
    const claim = doc.paths['/api/v1/vote/claim'].post.responses;
    expect(claim[404].content['application/json'].schema.properties.error.properties.code.enum).toEqual([
      'no_unclaimed_vote',
    ]);
    expect(claim[401].content['application/json'].example.error.code).toBe('invalid_api_key');
  });

  it('puts the RateLimit headers on every /api/v1 answer and Retry-After on 429', async () => {
    const doc = await documentOf();
    for (const { path, op } of operations(doc).filter(({ path }) => path.startsWith('/api/v1/'))) {
      for (const [status, response] of Object.entries(op.responses as Json)) {
        if (status === 'default') continue;
        for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) {
          expect(response.headers?.[name]?.required, `${path} ${status} ${name}`).toBe(true);
        }
      }
      expect(op.responses[429].headers['Retry-After'].required).toBe(true);
      expect(op.responses[401].headers['WWW-Authenticate'].required).toBe(true);
    }
  });

  it.each([
    [{}, 60, 'unclaimed', 'loopback clients'],
    [{ rateLimit: 5, checkMode: 'last24h', admin: { enabled: false } }, 5, 'last24h', 'disabled'],
    [{ admin: { enabled: true, token: 't0k3n' } }, 60, 'unclaimed', 'MOCK_ADMIN_TOKEN bearer token'],
  ] as Array<[Partial<AppDeps>, number, string, string]>)(
    'states the instance’s real settings (%j): limit %i, mode %s, control API %s',
    async (deps, limit, mode, admin) => {
      const doc = await documentOf({ rateLimit: 60, ...deps });
      expect(doc.info.description).toContain(`rate limit ${limit} requests per key`);
      expect(doc.info.description).toContain(`check mode \`${mode}\``);
      expect(doc.info.description).toContain(admin);
      const count = doc.paths['/api/v1/vote/count'].get.responses;
      expect(count[200].headers['RateLimit-Limit'].schema.const).toBe(limit);
      expect(count[429].content['application/json'].example.error.message).toContain(`more than ${limit}`);
      expect(doc.paths['/api/v1/vote/check'].get.description).toContain(`mode "${mode}"`);
    },
  );

  it('has a relative server URL, so "Try it out" calls whichever origin served the reference', async () => {
    expect((await documentOf()).servers.map((s: Json) => s.url)).toEqual(['/']);
  });

  it('declares an optional {} JSON body on body-less control-API writes, so Swagger UI sends the content type', async () => {
    const doc = await documentOf();
    for (const path of ['/__admin/reset', '/__admin/servers/{id}/keys']) {
      const body = doc.paths[path].post.requestBody;
      expect(body.required).toBe(false);
      expect(body.content['application/json'].example).toEqual({});
    }
  });
});

describe('the contract validator', () => {
  const answer = (over: Partial<ObservedAnswer> & { json?: unknown }): ObservedAnswer => ({
    method: 'GET',
    url: '/api/v1/vote/check?username=Steve',
    status: 200,
    headers: { 'content-type': 'application/json', ...RATE },
    body: json(over.json ?? CHECK_OK),
    ...over,
  });

  it.each([
    ['a conforming answer', answer({}), []],
    ['a field of the wrong type', answer({ json: { ...CHECK_OK, voted: 'no' } }), ['must be boolean']],
    [
      'a missing field',
      answer({ json: { voted: false, voted_at: null } }),
      ["must have required property 'username'"],
    ],
    ['an undeclared status', answer({ status: 404 }), ['status not declared']],
    [
      'a RateLimit-Limit other than the instance’s',
      answer({ headers: { 'content-type': 'application/json', ...RATE, 'ratelimit-limit': '61' } }),
      ['RateLimit-Limit "61": data must be equal to constant'],
    ],
    [
      'a missing RateLimit header',
      answer({ headers: { 'content-type': 'application/json', 'ratelimit-limit': '60' } }),
      ['missing header RateLimit-Remaining', 'missing header RateLimit-Reset'],
    ],
    [
      'a 429 without Retry-After',
      answer({ status: 429, json: { error: { code: 'rate_limited', message: 'slow down' } } }),
      ['missing header Retry-After'],
    ],
    [
      'an error code the operation does not list',
      answer({
        status: 400,
        json: { error: { code: 'invalid_json', message: 'a GET has no body' } },
      }),
      ['must be equal to one of the allowed values'],
    ],
    [
      'another content type',
      answer({ headers: { 'content-type': 'text/html', ...RATE } }),
      ['content type text/html is not one of application/json'],
    ],
    [
      'an injected fault (the default answer, without RateLimit headers)',
      answer({
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '1' },
        json: { error: { code: 'injected_fault', message: 'fault #1 injected by /__admin/faults' } },
      }),
      [],
    ],
    [
      'a badge that is not a PNG',
      answer({
        url: '/badge/1.png',
        headers: {
          'content-type': 'image/png',
          etag: `"${'a'.repeat(27)}"`,
          'cache-control': 'public, max-age=300',
        },
        body: json({}),
      }),
      ['not a PNG'],
    ],
    ['a 200 on a path outside the contract', answer({ url: '/api/v1/votes' }), ['not the JSON error shape']],
    [
      'a page that fails',
      answer({ url: '/servers/1', status: 500, headers: { 'content-type': 'text/html' } }),
      ['a page failed'],
    ],
  ] as Array<[string, ObservedAnswer, string[]]>)(
    'on %s reports what breaks the contract',
    async (_name, observed, expected) => {
      const validator = createContractValidator(await documentOf({ rateLimit: 60 }));
      const problems = validator.problems(observed);
      expect(problems, problems.join('\n')).toHaveLength(expected.length);
      for (const [index, fragment] of expected.entries()) expect(problems[index]).toContain(fragment);
    },
  );
});
