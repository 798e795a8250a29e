import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { configFor, createPayingAdapter, type PayingAdapter } from '../devkit/fakes/compose-kit';
import { createFakeClock, createFakeRuntime, type FakeRuntime } from '../devkit/fakes/runtime';
import { createFakeVoteApi, type FakeVoteApi } from '../devkit/fakes/transport';
import type { ClaimFlow } from '../src/claim/claim-flow';
import { composeResource } from '../src/compose';
import type { Reward } from '../src/rewards/types';
import { isMain } from './lib/main';
import { fmt, printSection, type SectionResult, type TargetResult, table } from './lib/report';
import { type BenchSettings, readBenchSettings } from './lib/settings';
import { median } from './lib/stats';
import { measureSchedulerCost } from './poller/index';

const root = new URL('..', import.meta.url).pathname;
const bundle = join(root, 'dist/server.js');
const KEY = 'live_benchbenchbenchbenchbenchbenchbench';
const REWARDS: Reward[] = [
  { type: 'money', amount: 500 },
  { type: 'item', item: 'bread', count: 2 },
];

/** Bundle size in bytes, raw and gzip -9, or null when dist/server.js is missing. */
export function measureBundle(): { raw: number; gzip: number } | null {
  if (!existsSync(bundle)) return null;
  const bytes = readFileSync(bundle);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** Wall time (ms) of `start('vote-reward')` in the simulated FXServer, one fresh server per sample. */
export async function measureLoad(
  samples: number,
): Promise<{ times: number[]; state: string } | { missing: string }> {
  const serverModule = join(root, 'devkit/fxserver/server.ts');
  if (!existsSync(bundle)) return { missing: 'dist/server.js not built' };
  if (!existsSync(serverModule)) return { missing: 'devkit/fxserver/server.ts not present' };
  const { createFxServer } = (await import(serverModule)) as typeof import('../devkit/fxserver/server');
  const times: number[] = [];
  let state = 'unknown';
  for (let i = 0; i < samples; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-fx-'));
    const server = createFxServer({ dataDir, console: () => {} });
    try {
      server.setConvar('vote_reward_api_key', KEY);
      server.setConvar('vote_reward_api_url', 'http://127.0.0.1:9');
      server.addResourceFolder('vote-reward', root);
      const started = process.hrtime.bigint();
      server.start('vote-reward');
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      state = server.resourceState('vote-reward');
    } finally {
      server.kill();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { times, state };
}

interface ClaimWorld {
  runtime: FakeRuntime;
  api: FakeVoteApi;
  adapter: PayingAdapter;
  flow: ClaimFlow;
}

function claimWorld(players: number): ClaimWorld {
  const clock = createFakeClock();
  const runtime = createFakeRuntime({ clock });
  const api = createFakeVoteApi({ now: clock.now, apiKey: KEY });
  const adapter = createPayingAdapter('standalone');
  const config = configFor({ apiKey: KEY, reward: REWARDS, poll: { enabled: false } });
  // The budget is raised so a thousand claims in a row measure CPU, not the 60/min pacing.
  const { flow } = composeResource(runtime, config, { adapter, transport: api, budgetLimit: 1_000_000_000 });
  for (let source = 1; source <= players; source++) {
    runtime.onlinePlayers.set(source, {
      name: `Player_${source}`,
      license: `license:${source.toString(16).padStart(8, '0')}`,
    });
    api.addVote(`Player_${source}`, clock.now() - 60_000);
  }
  return { runtime, api, adapter, flow };
}

/** CPU µs per `/vote` claim (check + claim + 2 payouts + journal writes), API answered in memory. */
export async function measureClaimCpu(
  players: number,
): Promise<{ cpuUs: number; wallUs: number; rewarded: number }> {
  const world = claimWorld(players);
  const before = process.cpuUsage();
  const started = process.hrtime.bigint();
  let rewarded = 0;
  for (let source = 1; source <= players; source++) {
    const outcome = await world.flow.claim(source);
    if (outcome.code === 'rewarded') rewarded += 1;
  }
  const wallUs = Number(process.hrtime.bigint() - started) / 1000 / players;
  const cpu = process.cpuUsage(before);
  return { cpuUs: (cpu.user + cpu.system) / players, wallUs, rewarded };
}

/** Reconciliation of `entries` open journal entries (claimed, payout refused), settled by one reconcile(). */
export async function measureReconcile(
  entries: number,
): Promise<{ cpuMs: number; wallMs: number; paid: number; left: number }> {
  const world = claimWorld(entries);
  world.adapter.refusing = { code: 'player_not_loaded' };
  for (let source = 1; source <= entries; source++) await world.flow.claim(source);
  const open = world.flow.pending().length;
  if (open !== entries)
    throw new Error(`expected ${entries} open journal entries before reconciling, found ${open}`);
  world.adapter.refusing = null;
  const before = process.cpuUsage();
  const started = process.hrtime.bigint();
  await world.flow.reconcile('claim');
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  const cpu = process.cpuUsage(before);
  return {
    cpuMs: (cpu.user + cpu.system) / 1000,
    wallMs,
    paid: world.adapter.paid.length,
    left: world.flow.pending().length,
  };
}

/** Section 4: bundle size, load time, CPU per claim and per reconciliation of 1 000 journal entries. */
export async function runResourceBench(
  settings: BenchSettings = readBenchSettings(),
): Promise<SectionResult> {
  const targets: TargetResult[] = [];
  const rows: string[][] = [];
  const size = measureBundle();
  rows.push(['dist/server.js raw', size ? `${fmt(size.raw / 1024, 1)} KiB` : 'not built']);
  rows.push(['dist/server.js gzip -9', size ? `${fmt(size.gzip / 1024, 1)} KiB` : 'not built']);
  targets.push(
    size
      ? { name: 'bundle raw size', value: size.raw / 1000, limit: 300, op: '<=', unit: 'KB' }
      : {
          name: 'bundle raw size',
          value: null,
          limit: 300,
          op: '<=',
          unit: 'KB',
          note: 'dist/server.js not built',
        },
  );

  const load = await measureLoad(settings.quick ? 3 : 10);
  if ('times' in load) {
    rows.push([
      `load (\`start('vote-reward')\`) in the simulated FXServer, ${load.times.length} fresh servers`,
      `median ${fmt(median(load.times))} ms, max ${fmt(Math.max(...load.times))} ms (state after: ${load.state})`,
    ]);
    targets.push({
      name: 'load time in the simulated FXServer (median)',
      value: median(load.times),
      limit: 100,
      op: '<=',
      unit: 'ms',
    });
  } else {
    rows.push(['load in the simulated FXServer', `not measured: ${load.missing}`]);
    targets.push({
      name: 'load time in the simulated FXServer',
      value: null,
      limit: 100,
      op: '<=',
      unit: 'ms',
      note: load.missing,
    });
  }

  const claims = settings.quick ? 200 : 2000;
  await measureClaimCpu(100);
  const claim = await measureClaimCpu(claims);
  rows.push([
    `CPU per \`/vote\` claim (${claims} players, ${claim.rewarded} rewarded)`,
    `${fmt(claim.cpuUs)} µs CPU (${fmt(claim.wallUs)} µs wall)`,
  ]);
  targets.push({
    name: 'FXServer-thread CPU per claim',
    value: claim.cpuUs / 1000,
    limit: 1,
    op: '<=',
    unit: 'ms',
  });

  const decision = measureSchedulerCost(2048, settings.quick ? 20_000 : 200_000);
  rows.push([
    `CPU per poller decision (\`createPollScheduler().next()\`, 2 048 players, ${decision.decisions} decisions)`,
    `${fmt(decision.microsPerDecision)} µs`,
  ]);

  const reconcile = await measureReconcile(1000);
  rows.push([
    'reconcile 1 000 open journal entries',
    `${fmt(reconcile.wallMs)} ms wall, ${fmt(reconcile.cpuMs)} ms CPU (${reconcile.paid} paid, ${reconcile.left} left open)`,
  ]);
  targets.push({
    name: 'reconciliation of 1 000 journal entries (wall)',
    value: reconcile.wallMs,
    limit: 50,
    op: '<=',
    unit: 'ms',
  });

  return {
    title: '4. The resource',
    markdown: [
      'CPU per claim: the resource composed as in production (`composeResource`: claim flow, API client, rate budget, ' +
        'journal and vote history), on the ' +
        'in-memory fake runtime (KVP in a Map) and the in-memory fake API transport from `devkit/fakes` (so no network wait; ' +
        "the fake API's own work is included, making this an upper bound), each claim = check + claim + 2 payouts + journal writes. " +
        'Reconciliation: 1 000 claims whose payouts were refused (entries left `claimed`), then one `reconcile()` that pays them all.',
      '',
      table(['measure', 'value'], rows),
    ].join('\n'),
    targets,
  };
}

if (isMain(import.meta.url)) printSection(await runResourceBench());
