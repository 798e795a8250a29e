import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** A server running in a child process, possibly pinned to one core. */
export interface ServerProcess {
  /** Base URL printed by the server on its first line (`listening on <url>`). */
  url: string;
  /** OS process id. */
  pid: number;
  /** User + system CPU time of the process so far, in microseconds (from /proc). */
  cpuMicros(): number;
  /** Stops the process (SIGTERM, then SIGKILL after 5 s) and waits for its exit. */
  stop(): Promise<void>;
}

/** How to start one server process. */
export interface ServerProcessOptions {
  /** Short name used in error messages. */
  name: string;
  /** Program arguments after `node`, e.g. `['--import', 'tsx', 'bench/servers/bare-hono.ts']`. */
  args: string[];
  /** Core to pin the process to with taskset, or null to leave it free. */
  core: number | null;
  /** A program that runs `node` for us (e.g. `['valgrind', '--tool=callgrind']`); it must exec in place, keeping the pid. */
  wrapper?: string[];
  /** Extra environment. */
  env?: Record<string, string>;
  /** Working directory. */
  cwd?: string;
  /** Milliseconds to wait for the `listening on` line. */
  startTimeoutMs?: number;
}

const clockTicksPerSecond = 100;

/** Reads utime + stime of a process from /proc/<pid>/stat, in microseconds; 0 where /proc is missing. */
export function processCpuMicros(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces; fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1_000_000) / clockTicksPerSecond;
  } catch {
    return 0;
  }
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts a Node server in a child process and resolves once it printed `listening on <url>`. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const line = [...(options.wrapper ?? []), process.execPath, ...options.args];
  if (options.core !== null) line.unshift('taskset', '-c', String(options.core));
  const [command, ...args] = line as [string, ...string[]];
  const child = spawn(command, args, {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const timeoutMs = options.startTimeoutMs ?? 120_000;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${options.name}: no 'listening on' line within ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    lines.on('line', (line) => {
      const match = /listening on (https?:\/\/\S+)/.exec(line);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1].replace(/\/$/, ''));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(`${options.name} exited before listening (code ${code}, signal ${signal})\n${stderr}`),
      );
    });
  });
  // Keep draining stdout so a chatty server never blocks on a full pipe.
  child.stdout?.resume();
  return serverProcessOf(child, url);
}

/** The handle of a server process started at `url`: its CPU, and a stop (SIGTERM, SIGKILL after 5 s). */
export function serverProcessOf(child: ChildProcess, url: string): ServerProcess {
  const pid = child.pid as number;
  return {
    url,
    pid,
    cpuMicros: () => processCpuMicros(pid),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = waitForExit(child);
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Arguments that make `node` run a TypeScript file through tsx. */
export function tsxArgs(file: string, ...rest: string[]): string[] {
  return ['--import', 'tsx', file, ...rest];
}
