/**
 * The network tests' server processes ("racers": `devkit/network/*-racer.ts`), each its own Node process with its own
 * oxmysql pool on the shared MariaDB. A racer prints `ready` once connected, then reads lines on stdin: a one-shot racer
 * starts its race at the first line and prints one JSON line of what it did before exiting; an interactive one answers
 * each line with one JSON line.
 *
 * Each racer script is bundled once per test process (esbuild, its packages left to node_modules) into `.test-out/`,
 * two folders below the repository as the sources are (they find `locales/` at `../../`): a process then starts in
 * plain Node without compiling the sources again, about a quarter of the CPU a `tsx` start costs, which three racers
 * pay at once.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { basename } from 'node:path';
import { build } from 'esbuild';

const bundles = new Map<string, Promise<string>>();

/** Bundles `script` (a path from the repository's root) once for this process; answers the bundle's path. */
export function bundledRacer(script: string): Promise<string> {
  let bundle = bundles.get(script);
  if (!bundle) {
    const outfile = `.test-out/racers/${basename(script, '.ts')}-${process.pid}.mjs`;
    mkdirSync('.test-out/racers', { recursive: true });
    bundle = build({
      entryPoints: [script],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile,
      logLevel: 'error',
    }).then(() => {
      process.once('exit', () => rmSync(outfile, { force: true }));
      return outfile;
    });
    bundles.set(script, bundle);
  }
  return bundle;
}

/** How a racer process ended. */
export interface RacerExit {
  code: number | null;
  /** Its last JSON line, parsed, or null. */
  last: unknown;
  /** What it wrote on stderr (or stdout when stderr is empty). */
  output: string;
}

/** One racer process. */
export interface RacerProcess {
  child: ChildProcessWithoutNullStreams;
  /** Connected and waiting for its first line. */
  ready: Promise<void>;
  /** Writes one line (a one-shot racer's start). */
  send(line: string): void;
  /** Sends a line; answers the next JSON line it prints. */
  ask(line: string): Promise<Record<string, unknown>>;
  /** Its end. */
  exit: Promise<RacerExit>;
}

/** Starts racer `script` with `args` (its one JSON argument); `name` names it in errors. */
export async function startRacer(script: string, args: unknown, name: string): Promise<RacerProcess> {
  const child = spawn(process.execPath, [await bundledRacer(script), JSON.stringify(args)]);
  let pending = '';
  let err = '';
  let all = '';
  let last: unknown = null;
  let waiting: ((answer: Record<string, unknown>) => void) | null = null;
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    onReady = resolve;
  });
  child.stdout.on('data', (chunk) => {
    all += String(chunk);
    pending += String(chunk);
    for (let at = pending.indexOf('\n'); at >= 0; at = pending.indexOf('\n')) {
      const line = pending.slice(0, at).trim();
      pending = pending.slice(at + 1);
      if (line === 'ready') onReady();
      else if (line.startsWith('{')) {
        last = JSON.parse(line);
        waiting?.(last as Record<string, unknown>);
      }
    }
  });
  child.stderr.on('data', (chunk) => {
    err += String(chunk);
  });
  const exit = new Promise<RacerExit>((resolve) => {
    child.on('exit', (code) => {
      onReady();
      const output = err || all;
      if (code !== 0) waiting?.({ crashed: `${name} exited ${code}: ${output}` });
      resolve({ code, last, output });
    });
  });
  return {
    child,
    ready,
    exit,
    send: (line) => child.stdin.write(`${line}\n`),
    ask: (line) =>
      new Promise((resolve) => {
        waiting = (answer) => {
          waiting = null;
          resolve(answer);
        };
        child.stdin.write(`${line}\n`);
      }),
  };
}

/** A one-shot racer's result: its last JSON line once it exited 0; rejects with its output otherwise. */
export async function resultOf<Result>(racer: RacerProcess, name: string): Promise<Result> {
  const { code, last, output } = await racer.exit;
  if (code !== 0 || last === null) throw new Error(`${name} exited ${code}: ${output}`);
  return last as Result;
}

/** Starts every racer, waits until each is connected, then releases them together with one line each. */
export async function releaseTogether(racers: RacerProcess[]): Promise<void> {
  await Promise.all(racers.map((r) => r.ready));
  for (const r of racers) r.send('go');
}
