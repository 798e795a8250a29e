/**
 * Replays every recorded transcript (test/frameworks/transcripts/*.json: the real frameworks' answers) against the
 * fakes: each scenario starts the fakes in the recorded `before` state, makes the recorded calls with the recorded
 * arguments in order, and compares what came back (or the error JS saw, and the Lua text the console printed) and
 * the `after` state. `adapter-*` scenarios also run the project's adapter on the fakes and compare its answers with
 * the recorded notes. Scenarios the fakes deliberately do not model are listed in replay/not-modelled.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type SelectAdapterOptions, selectAdapter } from '../../src/rewards/select';
import { NOT_MODELLED } from './replay/not-modelled';
import { difference, toTranscript } from './replay/values';
import { FIXTURES, type ReplayWorld } from './replay/worlds';
import {
  type Transcript,
  type TranscriptCall,
  type TranscriptScenario,
  type TranscriptValue,
  transcriptSchema,
} from './transcript';

const DIR = path.join(path.dirname(new URL(import.meta.url).pathname), 'transcripts');
const transcripts: Transcript[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => transcriptSchema.parse(JSON.parse(readFileSync(path.join(DIR, f), 'utf8'))));

type Fn = (...args: unknown[]) => unknown;

const argLabel = (a: unknown) =>
  typeof a === 'string' ? `'${a}'` : typeof a === 'number' ? String(a) : typeof a;

/** A recorded argument as JS passed it. */
function fromTranscript(value: TranscriptValue): unknown {
  if (Array.isArray(value)) return value.map(fromTranscript);
  if (value !== null && typeof value === 'object') {
    if ('$undefined' in value) return undefined;
    if ('$number' in value) return Number(value.$number);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromTranscript(v)]));
  }
  return value;
}

/** The function a recorded call path names: an export, or a function inside an earlier answer (latest first). */
function resolve(
  world: ReplayWorld,
  results: [string, unknown][],
  call: { resource: string; path: string },
): Fn {
  const exported = call.path.match(/^exports\.([^.]+)\.(.+)$/);
  if (exported) return world.host.exportsOf(exported[1] as string)[exported[2] as string] as Fn;
  // Labels can repeat (an array argument is labelled `object`): the latest answer that holds the path wins.
  for (const [label, answer] of [...results].reverse()) {
    if (!call.path.startsWith(`${label}.`)) continue;
    let value: unknown = answer;
    for (const key of call.path.slice(label.length + 1).split('.')) {
      value =
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    }
    if (typeof value === 'function') return value as Fn;
  }
  throw new Error(`no earlier answer of the fake holds a function at ${call.path}`);
}

/** Replays the recorded calls; returns the first difference, or null. */
async function replay(transcript: Transcript, scenario: TranscriptScenario): Promise<string | null> {
  const fixture = FIXTURES[transcript.world];
  if (!fixture) return `no replay fixture for world ${transcript.world}`;
  const world = fixture.build(transcript, scenario);
  const before = difference(scenario.before, toTranscript(world.state()));
  if (before) return `before state: ${before}`;
  const results: [string, unknown][] = [];
  const pending: { where: string; call: TranscriptCall; later: () => unknown }[] = [];
  for (const [i, call] of scenario.calls.entries()) {
    const args = call.args.map(fromTranscript);
    const where = `call #${i} ${call.path}(${args.map(argLabel).join(', ')})`;
    const errorsBefore = world.scriptErrors.length;
    let answer: unknown;
    let raised: Error | undefined;
    let async = false;
    const advance = fixture.clock?.[scenario.name]?.[i];
    if (advance) world.advance(advance);
    const event = call.path.startsWith('exports.') ? undefined : world.call?.(call.path, args);
    if (event?.async) {
      if (call.async !== true) return `${where}: recorded a direct answer, the fake answered later`;
      pending.push({ where, call, later: event.later });
      continue;
    }
    if (event) {
      answer = event.value;
    } else {
      let fn: Fn;
      try {
        fn = resolve(world, results, call);
      } catch (error) {
        return `${where}: ${(error as Error).message}`;
      }
      try {
        answer = fn(...args);
        if (answer instanceof Promise) {
          async = true;
          answer = await settle(world, answer);
        }
      } catch (error) {
        raised = error as Error;
      }
    }
    if (async !== (call.async === true))
      return `${where}: recorded ${call.async ? 'a Promise' : 'a direct answer'}, the fake gave ${async ? 'a Promise' : 'a direct answer'}`;
    if (call.raised) {
      if (!raised)
        return `${where}: expected it to raise "${call.raised.message}", got ${JSON.stringify(toTranscript(answer))}`;
      // A Promise that rejected: that it rejected is the fact; its generic text is the harness's own wording.
      if (raised.message !== call.raised.message && !call.async)
        return `${where}: expected the error "${call.raised.message}", got "${raised.message}"`;
      const lua = call.raised.lua.at(-1)?.replace(/^.*?SCRIPT ERROR: /, '');
      const printed = world.scriptErrors.slice(errorsBefore).at(-1);
      if (lua !== undefined && printed !== lua)
        return `${where}: expected the console to print "${lua}", the fake printed ${printed === undefined ? 'nothing' : `"${printed}"`}`;
      continue;
    }
    if (raised) return `${where}: expected ${JSON.stringify(call.returned)}, it raised "${raised.message}"`;
    const d = difference(call.returned, toTranscript(answer));
    if (d) return `${where}: ${d}`;
    results.push([`${call.path.replace(/^exports\.[^.]+\./, '')}(${args.map(argLabel).join(', ')})`, answer]);
  }
  // Answers that come later (members that wait): the recording waited for them after its last call.
  for (let waited = 0; waited < 10_000 && pending.some((p) => p.later() === undefined); waited += 50)
    world.advance(50);
  for (const { where, call, later } of pending) {
    const d = difference(call.returned, toTranscript(later()));
    if (d) return `${where} (answered later): ${d}`;
  }
  const after = difference(scenario.after, toTranscript(world.state()));
  if (after) return `after state: ${after}`;
  for (const [name, recorded] of Object.entries(scenario.notes ?? {})) {
    if (name.startsWith('adapter ')) continue;
    const noted = world.note?.(name);
    if (noted === undefined) return `note "${name}": the replay world does not model it`;
    const d = difference(recorded, toTranscript(noted));
    if (d) return `note "${name}": ${d}`;
  }
  return null;
}

/** Awaits a promise while moving the fake clock (replies and timeouts run on it). */
async function settle<T>(world: ReplayWorld, promise: Promise<T>, maxMs = 60_000): Promise<T> {
  let settled = false;
  const done = promise.finally(() => {
    settled = true;
  });
  // A rejection reaches the caller after the loop below; until then it must not count as unhandled.
  done.catch(() => undefined);
  for (let waited = 0; !settled && waited < maxMs; waited += 50) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (!settled) world.advance(50);
  }
  return done;
}

/** Runs the project's adapter on the fakes as the `adapter-*` scenario did; returns the first difference, or null. */
async function replayAdapter(transcript: Transcript, scenario: TranscriptScenario): Promise<string | null> {
  const fixture = FIXTURES[transcript.world];
  const run = fixture?.adapters?.[scenario.name];
  if (!fixture || !run) return `no adapter run for ${transcript.world}/${scenario.name} in replay/worlds.ts`;
  const world = fixture.build(transcript, scenario);
  const notes: Record<string, TranscriptValue> = {};
  const selected = selectAdapter({
    framework: 'auto',
    ...run.settings,
    host: world.host,
    rewards: run.rewards,
  } as SelectAdapterOptions);
  if (!selected.ok) notes['adapter problems'] = toTranscript(selected.problems) as TranscriptValue;
  else {
    notes['adapter framework'] = selected.framework;
    try {
      await settle(
        world,
        run.run(
          selected.adapter,
          (label, value) => {
            notes[`adapter ${label}`] = toTranscript(value) as TranscriptValue;
          },
          world.host,
        ),
      );
    } finally {
      selected.adapter.dispose();
    }
  }
  const recorded = Object.fromEntries(
    Object.entries(scenario.notes ?? {}).filter(([k]) => k.startsWith('adapter ')),
  );
  const d = difference(recorded, notes);
  if (d) return `adapter notes: ${d}`;
  const after = difference(scenario.after, toTranscript(world.state()));
  return after ? `after state (adapter run): ${after}` : null;
}

const key = (t: Transcript, s: TranscriptScenario) => `${t.world}/${s.name}`;

const replayed = transcripts.filter((t) => t.scenarios.some((s) => !(key(t, s) in NOT_MODELLED)));

describe.each(replayed.map((t) => [t.world, t] as const))('replay of %s', (_world, transcript) => {
  const scenarios = transcript.scenarios.filter((s) => !(key(transcript, s) in NOT_MODELLED));

  it.each(scenarios.map((s) => [s.name, s] as const))(
    '%s: the fakes answer as recorded',
    async (_name, scenario) => {
      expect(`${key(transcript, scenario)}: ${(await replay(transcript, scenario)) ?? 'as recorded'}`).toBe(
        `${key(transcript, scenario)}: as recorded`,
      );
    },
  );

  const adapterScenarios = scenarios.filter((s) => s.name.startsWith('adapter-') && s.notes);
  if (adapterScenarios.length > 0) {
    it.each(adapterScenarios.map((s) => [s.name, s] as const))(
      '%s: the project adapter on the fakes answers as on the real framework',
      async (_name, scenario) => {
        expect(
          `${key(transcript, scenario)}: ${(await replayAdapter(transcript, scenario)) ?? 'as recorded'}`,
        ).toBe(`${key(transcript, scenario)}: as recorded`);
      },
    );
  }
});

describe('scenarios the fakes do not model', () => {
  it.each(Object.entries(NOT_MODELLED))('%s is still recorded and still differs (%s)', async (name) => {
    const [world, scenarioName] = name.split('/');
    const transcript = transcripts.find((t) => t.world === world);
    const scenario = transcript?.scenarios.find((s) => s.name === scenarioName);
    expect(scenario, `${name} is listed but no transcript records it`).toBeDefined();
    if (!transcript || !scenario) return;
    expect(
      await replay(transcript, scenario),
      `${name} now replays cleanly: remove it from the list`,
    ).not.toBeNull();
  });

  it('every recorded world has a replay fixture', () => {
    const missing = transcripts
      .filter((t) => !FIXTURES[t.world])
      .filter((t) => t.scenarios.some((s) => !(key(t, s) in NOT_MODELLED)))
      .map((t) => t.world);
    expect(missing).toEqual([]);
  });
});
