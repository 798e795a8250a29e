import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../devkit/free-port';
import { type ServerProcess, serverProcessOf } from './processes';

const root = new URL('../..', import.meta.url).pathname;
/** Stoplight Prism, the anchor a developer reaches for to mock an OpenAPI document (what `npm i` gave, 2026-12-07). */
export const PRISM_VERSION = '5.14.2';
const dir = join(root, '.cache/prism');
const bin = join(dir, 'node_modules/@stoplight/prism-cli/dist/index.js');

/**
 * Installs Prism (once) into the git-ignored `.cache/prism` from the npm registry, outside the project's
 * dependencies (its 185 packages are only this anchor's); returns the CLI script or the reason it cannot be had.
 */
export function ensurePrism(): { bin: string } | { missing: string } {
  if (existsSync(bin)) return { bin };
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
    execFileSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', `@stoplight/prism-cli@${PRISM_VERSION}`],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 },
    );
    return existsSync(bin) ? { bin } : { missing: `npm installed no ${bin}` };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { missing: `@stoplight/prism-cli@${PRISM_VERSION} not installed: ${reason}` };
  }
}

/**
 * The mock's OpenAPI document with `/vote/check`'s one `lookup` parameter (a form-exploded object whose schema is a
 * `oneOf` of `{ username }` and `{ ip }`, valid OpenAPI 3.1) written as two optional query parameters: Prism reads
 * the published form as a required parameter it never finds and answers every check 400 `missing_parameter`.
 * Everything else is left as published. Throws when the document no longer has that parameter.
 */
export function flattenLookup(document: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(document) as {
    paths?: Record<string, { get?: { parameters?: Record<string, unknown>[] } }>;
  };
  const check = copy.paths?.['/api/v1/vote/check']?.get;
  const index = check?.parameters?.findIndex((p) => p.name === 'lookup' && p.in === 'query') ?? -1;
  if (check?.parameters === undefined || index < 0) {
    throw new Error("the mock's OpenAPI document has no `lookup` query parameter on GET /api/v1/vote/check");
  }
  check.parameters.splice(
    index,
    1,
    {
      name: 'username',
      in: 'query',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 64 },
    },
    { name: 'ip', in: 'query', required: false, schema: { type: 'string' } },
  );
  return copy as Record<string, unknown>;
}

/**
 * Starts `prism mock <document> -v silent` (its default logging costs twice its CPU per request) on a free port,
 * pinned to `core` when given, and resolves once it answers; the returned process is Prism's own node (taskset execs
 * in place), so its CPU is Prism's.
 */
export async function startPrism(
  prism: string,
  document: string,
  core: number | null,
): Promise<ServerProcess> {
  const port = await freePort();
  const line = [
    process.execPath,
    prism,
    'mock',
    document,
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-v',
    'silent',
  ];
  if (core !== null) line.unshift('taskset', '-c', String(core));
  const [command, ...args] = line as [string, ...string[]];
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism exited (code ${child.exitCode})\n${stderr}`);
    try {
      await fetch(`${url}/api/v1/server/info`);
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`prism did not answer on ${url} within 60 s\n${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return serverProcessOf(child, url);
}
