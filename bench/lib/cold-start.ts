import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/** One cold start, as `cold-start-child.ts` prints it. */
export interface ColdStart {
  /** Node version of the fresh process. */
  node: string;
  /** CPU ms of the first `start('vote-reward')` in the process. */
  cpuMs: number;
  /** Wall ms of the same start. */
  wallMs: number;
  /** Resource state after the start (`started` when it went well). */
  state: string;
  /** CPU ms of an idle one-command resource's start in the same process (any resource's cost in the simulator). */
  idleCpuMs: number;
  /** CPU ms of a second `start('vote-reward')` in the same process, V8's compile cache warm. */
  secondCpuMs: number;
}

/**
 * The Node that FXServer runs server scripts on (22, installed by `test/node22.mjs` into `.cache/node22` from the npm
 * registry), or this process's Node with the reason when it cannot be installed.
 */
export async function coldStartNode(): Promise<{ node: string; note: string | null }> {
  try {
    const { ensureNode22Binary } = (await import(join(root, 'test/node22.mjs'))) as {
      ensureNode22Binary(): { node?: string; skipped?: string };
    };
    const found = ensureNode22Binary();
    if (found.node !== undefined) return { node: found.node, note: null };
    return { node: process.execPath, note: `Node 22 not available: ${found.skipped}` };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { node: process.execPath, note: `Node 22 not installed: ${reason}` };
  }
}

/**
 * Starts `samples` fresh processes one after the other, each timing its own first `start('vote-reward')` in the
 * simulated FXServer (see `cold-start-child.ts`); throws when a start does not leave the resource started.
 */
export function measureColdStarts(node: string, samples: number, folder = root): ColdStart[] {
  const starts: ColdStart[] = [];
  for (let i = 0; i < samples; i++) {
    const out = execFileSync(node, ['--import', 'tsx', join(root, 'bench/lib/cold-start-child.ts'), folder], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    const start = JSON.parse(out.trim().split('\n').at(-1) ?? '') as ColdStart;
    if (start.state !== 'started')
      throw new Error(`cold start ${i + 1}: the resource is ${start.state}, not started`);
    starts.push(start);
  }
  return starts;
}
