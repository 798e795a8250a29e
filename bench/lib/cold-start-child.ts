/**
 * One cold start, run by `bench/cold-start.ts` in a fresh process (Node 22, FXServer's): the simulated FXServer
 * starts an idle one-command resource twice (so its own code, native in a real FXServer, is compiled), then starts
 * `vote-reward` once, the first time this process sees the bundle. Prints one JSON line: the start's CPU and wall ms,
 * the idle resource's second start (the cost of any resource start in the simulator), and the state after.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFxServer } from '../../devkit/fxserver/server';

/** The resource folder: the repository (fxmanifest.lua, config.json, dist/server.js), or the first argument. */
const root = process.argv[2] ?? new URL('../..', import.meta.url).pathname;
const KEY = 'live_benchbenchbenchbenchbenchbenchbench';

const idleDir = mkdtempSync(join(tmpdir(), 'bench-cold-idle-'));
writeFileSync(
  join(idleDir, 'fxmanifest.lua'),
  "fx_version 'cerulean'\ngame 'gta5'\nserver_only 'yes'\nnode_version '22'\nserver_script 'server.js'\n",
);
writeFileSync(join(idleDir, 'server.js'), "RegisterCommand('idle', () => {}, false);\n");

/** Starts `name` from `folder` in a fresh simulated server; CPU and wall ms of the `start` call alone. */
function timedStart(folder: string, name: string): { cpuMs: number; wallMs: number; state: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-cold-'));
  const server = createFxServer({ dataDir, console: () => {} });
  try {
    server.setConvar('vote_reward_api_key', KEY);
    server.setConvar('vote_reward_api_url', 'http://127.0.0.1:9');
    server.addResourceFolder(name, folder);
    const wall = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    server.start(name);
    const used = process.cpuUsage(cpu);
    return {
      cpuMs: (used.user + used.system) / 1000,
      wallMs: Number(process.hrtime.bigint() - wall) / 1e6,
      state: server.resourceState(name),
    };
  } finally {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  timedStart(idleDir, 'idle-baseline');
  const idle = timedStart(idleDir, 'idle-baseline');
  const cold = timedStart(root, 'vote-reward');
  const warm = timedStart(root, 'vote-reward');
  console.log(
    JSON.stringify({
      node: process.version,
      cpuMs: cold.cpuMs,
      wallMs: cold.wallMs,
      state: cold.state,
      idleCpuMs: idle.cpuMs,
      secondCpuMs: warm.cpuMs,
    }),
  );
} finally {
  rmSync(idleDir, { recursive: true, force: true });
}
