/**
 * `npm run frameworks:record [world ...]`: boots every world (tools/frameworks/worlds/index.ts) once per scenario,
 * runs the scenario, and writes test/frameworks/transcripts/<world>.json. Needs `npm run frameworks:fetch` first.
 * `--verbose` prints the server console (prints, SCRIPT ERRORs, unrouted MySQL queries) while recording.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Transcript, type TranscriptValue, transcriptSchema } from '../../test/frameworks/transcript';
import type { SimServer } from './host';
import { PROJECT_ROOT, resourceName, SOURCES } from './sources';
import { bootWorld, type ScenarioContext } from './world';
import { WORLDS } from './worlds/index';

const MAX_DEPTH = 5;

/** JS value → transcript value (markers for undefined, functions, non-finite numbers, deep tables). */
export function toTranscriptValue(v: unknown, depth = 0): TranscriptValue {
  if (v === undefined) return { $undefined: true };
  if (v === null) return null;
  if (typeof v === 'function') return { $function: v.name || 'anonymous' };
  if (typeof v === 'number') return Number.isFinite(v) ? v : { $number: String(v) };
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof Promise) return { $promise: true };
  if (depth >= MAX_DEPTH) return { $truncated: `${Object.keys(v as object).length} keys` };
  if (Array.isArray(v)) return v.map((item) => toTranscriptValue(item, depth + 1));
  const out: Record<string, TranscriptValue> = {};
  for (const key of Object.keys(v as object).sort())
    out[key] = toTranscriptValue((v as Record<string, unknown>)[key], depth + 1);
  return out;
}

const firstLine = (line: string) => line.split('\n')[0] as string;

/**
 * How an async call settled, moving the server until it does (at most 10 s): a JS framework's answer can wait on the
 * virtual clock, and awaiting it without moving the server would never end. A Promise that rejected with FiveM's
 * generic export error (a JS export that threw asynchronously) is kept as raised; anything else that did not
 * resolve reads as nothing.
 */
async function settled(
  server: SimServer,
  promise: Promise<unknown>,
): Promise<{ returned: unknown } | { raised: string }> {
  let done = false;
  const outcome = promise.then(
    (returned) => {
      done = true;
      return { returned };
    },
    (error: unknown) => {
      done = true;
      const message = error instanceof Error ? error.message : '';
      return message.startsWith('An error occurred while calling')
        ? { raised: message }
        : { returned: undefined };
    },
  );
  await Promise.resolve();
  for (let waited = 0; !done && waited < 10_000; waited += 50) await server.pump(50);
  return done ? outcome : { returned: undefined };
}

async function recordWorld(name: string): Promise<Transcript> {
  const world = WORLDS.find((w) => w.name === name);
  if (!world) throw new Error(`no world ${name} (known: ${WORLDS.map((w) => w.name).join(', ')})`);
  const scenarios: Transcript['scenarios'] = [];
  for (const scenario of world.scenarios) {
    const started = Date.now();
    const server = await bootWorld(world, verbose ? (line) => console.log(`    | ${line}`) : undefined);
    const notes: Record<string, TranscriptValue> = {};
    const ctx: ScenarioContext = {
      server,
      exports: (resource) => server.exportsOf(resource),
      note: (key, value) => {
        notes[key] = toTranscriptValue(value);
      },
    };
    await scenario.prepare?.(ctx);
    await server.pump(100);
    server.recorded.length = 0;
    const before = toTranscriptValue(world.state(server));
    const consoleMark = server.console.length;
    await scenario.run(ctx);
    await server.pump(100);
    const after = toTranscriptValue(world.state(server));
    const calls = await Promise.all(
      server.recorded.map(async (call) => {
        const answer = call.async
          ? await settled(server, call.returned as Promise<unknown>)
          : { returned: call.returned };
        return {
          resource: call.resource,
          path: call.path,
          args: call.args.map((a) => toTranscriptValue(a)),
          ...(call.raised
            ? { raised: { message: call.raised.message, lua: call.raised.lua.map(firstLine) } }
            : 'raised' in answer
              ? { raised: { message: answer.raised, lua: [] } }
              : { returned: toTranscriptValue(answer.returned) }),
          ...(call.async ? { async: true as const } : {}),
        };
      }),
    );
    scenarios.push({
      name: scenario.name,
      description: scenario.description,
      ...(scenario.findings ? { findings: scenario.findings } : {}),
      before,
      calls,
      after,
      console: server.console.slice(consoleMark).map(firstLine),
      ...(Object.keys(notes).length > 0 ? { notes } : {}),
    });
    server.close();
    console.log(`  ${world.name} / ${scenario.name}: ${calls.length} calls, ${Date.now() - started} ms`);
  }
  const started = new Set(world.start ?? world.resources);
  return transcriptSchema.parse({
    format: 1,
    world: world.name,
    description: world.description,
    sources: world.resources.map((key) => {
      const source = SOURCES[key];
      if (!source) throw new Error(`${key} is not in sources.json`);
      return {
        resource: resourceName(key),
        ...(resourceName(key) !== key ? { source: key } : {}),
        repo: source.repo,
        commit: source.commit,
        ...(source.version ? { version: source.version } : {}),
        ...(started.has(key) ? {} : { stopped: true as const }),
      };
    }),
    players: world.players.map((p) => ({
      ...p,
      loaded: (world.loaded ?? world.players.map((q) => q.source)).includes(p.source),
    })),
    scenarios,
  });
}

const verbose = process.argv.includes('--verbose');
const wanted = process.argv.slice(2).filter((arg) => arg !== '--verbose');
const names = wanted.length > 0 ? wanted : WORLDS.map((w) => w.name);
const outDir = join(PROJECT_ROOT, 'test/frameworks/transcripts');
mkdirSync(outDir, { recursive: true });
const t0 = Date.now();
if (names.length === 1) {
  const [name] = names as [string];
  console.log(`${name}:`);
  const transcript = await recordWorld(name);
  writeFileSync(join(outDir, `${name}.json`), `${JSON.stringify(transcript, null, 2)}\n`);
  console.log(
    `${name}: ${transcript.scenarios.length} scenarios in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
} else {
  // All Lua states of one process share one wasm module, whose allocation history reorders Lua's hash tables
  // (an ESX account's `index`): each world is recorded in a process of its own so a transcript never depends on
  // which worlds were recorded before it.
  for (const name of names) {
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), name, ...(verbose ? ['--verbose'] : [])],
      {
        stdio: 'inherit',
      },
    );
    if (child.status !== 0) {
      console.error(`recording ${name} failed (exit ${child.status ?? child.signal})`);
      process.exit(1);
    }
  }
  console.log(`recorded ${names.length} worlds in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
