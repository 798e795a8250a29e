import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { MESSAGES } from '../../src/i18n/messages';
import { createPollScheduler } from '../../src/poll/scheduler';
import { createFxServerHost } from './fxserver-host';
import type { PollerHost } from './host';
import { createInProcessHost } from './in-process-host';
import { startBenchMock } from './mock';
import { startRecordingProxy } from './proxy';
import {
  type DelayFigures,
  delayFigures,
  maxInWindow,
  type PlannedVoter,
  planVoters,
  playerName,
} from './scenario';

/** Options of {@link runPollerBench}. */
export interface PollerBenchOptions {
  /** Players online in each run (default 32, 256, 2048). */
  playerCounts?: number[];
  /** Simulated time during which players vote, in ms (default one hour; no vote in its last quarter, 15 min at most). */
  durationMs?: number;
  /** Extra simulated time after it, ended early once every voter was told (default one hour). */
  tailMs?: number;
  /** Seed of the voters' plan (default 1). */
  seed?: number;
  /** What runs the resource: the built bundle on the simulated FXServer (default) or the modules in process. */
  host?: PollerHost['kind'];
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

/** Figures of one run. */
export interface PollerBenchRun {
  /** Players online. */
  players: number;
  /** What ran the resource. */
  host: PollerHost['kind'];
  /** Simulated minutes, tail included. */
  minutes: number;
  /** Highest number of API requests the mock received in any 60 s window (must be ≤ 60). */
  maxRequestsIn60s: number;
  /** Highest number of poll checks in any 60 s window. */
  maxChecksIn60s: number;
  /** 429 answers the mock gave (must be 0). */
  rateLimited: number;
  /** Requests the mock received, by kind. */
  requests: { total: number; checks: number; claims: number };
  /** Detection delay of voters who were shown the link first (target p95 ≤ 60 s). */
  linkShown: DelayFigures;
  /** Detection delay of voters who voted without being shown the link. */
  others: DelayFigures;
  /** Wall-clock duration of the run in ms. */
  wallMs: number;
}

/** Cost of one scheduling decision at a given number of players. */
export interface SchedulerCost {
  players: number;
  decisions: number;
  /** Mean CPU time of one `next()` decision, in microseconds. */
  microsPerDecision: number;
}

/** Everything the benchmark measured. */
export interface PollerBenchResult {
  runs: PollerBenchRun[];
  scheduler: SchedulerCost[];
}

const START = Date.UTC(2026, 10, 21, 12, 0, 0);
const STEP_MS = 100;
const JOIN_SPREAD_MS = 30_000;
const CLAIM_AFTER_TOLD_MS = 10_000;

interface BenchEvent {
  at: number;
  run: () => Promise<void> | void;
}

/** Plays one simulated hour (or `durationMs`) with `players` players and returns its figures. */
async function runOnce(
  kind: PollerHost['kind'],
  players: number,
  durationMs: number,
  tailMs: number,
  seed: number,
): Promise<PollerBenchRun> {
  const wallStart = performance.now();
  const clock = { now: () => START };
  const mock = await startBenchMock(() => clock.now());
  const proxy = await startRecordingProxy(mock.url, () => clock.now());
  const hostOptions = { start: START, apiUrl: proxy.url, apiKey: mock.apiKey };
  const host =
    kind === 'fxserver' ? await createFxServerHost(hostOptions) : await createInProcessHost(hostOptions);
  clock.now = host.now;
  const waiting = MESSAGES.en.reward_waiting.replace('{command}', 'vote');

  const voters = planVoters({
    players,
    voters: Math.max(16, Math.min(200, Math.round(players * 0.1))),
    warmupMs: 60_000,
    voteUntilMs: Math.max(120_000, durationMs - Math.min(15 * 60_000, durationMs / 4)),
    seed,
  });
  const byId = new Map<number, PlannedVoter & { toldAt: number | null }>(
    voters.map((v) => [v.id, { ...v, toldAt: null }]),
  );
  const voterIds = voters.map((v) => v.id);
  const events: BenchEvent[] = [];
  const add = (event: BenchEvent) => {
    let index = events.length;
    while (index > 0 && (events[index - 1] as BenchEvent).at > event.at) index -= 1;
    events.splice(index, 0, event);
  };
  for (let id = 1; id <= players; id += 1) {
    add({ at: Math.floor(((id - 1) * JOIN_SPREAD_MS) / players), run: () => host.join(id, playerName(id)) });
  }
  for (const voter of voters) {
    if (voter.linkAt !== null) add({ at: voter.linkAt, run: () => host.typeVote(voter.id) });
    add({ at: voter.voteAt, run: () => mock.vote(voter.name) });
  }

  const everyoneTold = () => [...byId.values()].every((v) => v.toldAt !== null);
  let elapsed = 0;
  for (; elapsed < durationMs + tailMs; elapsed += STEP_MS) {
    if (elapsed >= durationMs && everyoneTold()) break;
    while (events.length > 0 && (events[0] as BenchEvent).at <= elapsed)
      await (events.shift() as BenchEvent).run();
    await host.advance(STEP_MS);
    await proxy.idle();
    for (const line of host.messagesFor(voterIds)) {
      const voter = byId.get(line.source);
      if (!voter || voter.toldAt !== null || line.message !== waiting) continue;
      if (host.now() - START < voter.voteAt) continue;
      voter.toldAt = host.now() - START;
      add({ at: voter.toldAt + CLAIM_AFTER_TOLD_MS, run: () => host.typeVote(voter.id) });
    }
  }

  const delays = (kind: PlannedVoter['kind']) =>
    [...byId.values()]
      .filter((v) => v.kind === kind && v.toldAt !== null)
      .map((v) => (v.toldAt as number) - v.voteAt);
  const count = (kind: PlannedVoter['kind']) => voters.filter((v) => v.kind === kind).length;
  const checks = proxy.log.filter((r) => r.path.startsWith('/api/v1/vote/check'));
  await host.close();
  await proxy.close();
  await mock.close();
  return {
    players,
    host: host.kind,
    minutes: Math.round(elapsed / 6_000) / 10,
    maxRequestsIn60s: maxInWindow(
      proxy.log.map((r) => r.at),
      60_000,
    ),
    maxChecksIn60s: maxInWindow(
      checks.map((r) => r.at),
      60_000,
    ),
    rateLimited: proxy.log.filter((r) => r.status === 429).length,
    requests: {
      total: proxy.log.length,
      checks: checks.length,
      claims: proxy.log.filter((r) => r.path.startsWith('/api/v1/vote/claim')).length,
    },
    linkShown: delayFigures(count('link'), delays('link')),
    others: delayFigures(count('other'), delays('other')),
    wallMs: Math.round(performance.now() - wallStart),
  };
}

/** CPU cost of one scheduling decision with `players` players, a tenth of them in the link-shown queue. */
export function measureSchedulerCost(players: number, decisions = 200_000): SchedulerCost {
  const scheduler = createPollScheduler({
    linkIntervalMs: 15_000,
    linkDurationMs: 600_000,
    joinDelayMs: 5_000,
    minRecheckMs: 0,
  });
  for (let id = 1; id <= players; id += 1) scheduler.addPlayer(id, 0);
  for (let id = 1; id <= players; id += 10) scheduler.linkShown(id, 0);
  const before = process.cpuUsage();
  let now = 10_000;
  for (let i = 0; i < decisions; i += 1) {
    now += 1_250;
    scheduler.next(now);
    if (i % 50 === 0) scheduler.linkShown(1 + (i % players), now);
  }
  const used = process.cpuUsage(before);
  return {
    players,
    decisions,
    microsPerDecision: Math.round(((used.user + used.system) / decisions) * 1000) / 1000,
  };
}

/** Runs the poller simulation at each player count and measures the scheduler's cost per decision. */
export async function runPollerBench(options: PollerBenchOptions = {}): Promise<PollerBenchResult> {
  const counts = options.playerCounts ?? [32, 256, 2048];
  const durationMs = options.durationMs ?? 60 * 60_000;
  const runs: PollerBenchRun[] = [];
  for (const players of counts) {
    options.log?.(`poller: ${players} players, ${durationMs / 60_000} simulated minutes…`);
    runs.push(
      await runOnce(
        options.host ?? 'fxserver',
        players,
        durationMs,
        options.tailMs ?? 60 * 60_000,
        options.seed ?? 1,
      ),
    );
  }
  return { runs, scheduler: counts.map((players) => measureSchedulerCost(players)) };
}

const fmt = (value: number | null) => (value === null ? '-' : `${value}`);

/** The figures as a Markdown table. */
export function formatPollerBench(result: PollerBenchResult): string {
  const lines = [
    '| players | host | simulated min | max req / 60 s | max checks / 60 s | 429s | requests (checks / claims) | link-shown detected | p50 / p95 / max (s) | others detected | p50 / p95 / max (s) |',
    '|---:|---|---:|---:|---:|---:|---|---:|---|---:|---|',
  ];
  for (const run of result.runs) {
    lines.push(
      `| ${run.players} | ${run.host} | ${run.minutes} | ${run.maxRequestsIn60s} | ${run.maxChecksIn60s} | ${run.rateLimited} | ${run.requests.total} (${run.requests.checks} / ${run.requests.claims}) | ${run.linkShown.detected}/${run.linkShown.voters} | ${fmt(run.linkShown.p50)} / ${fmt(run.linkShown.p95)} / ${fmt(run.linkShown.max)} | ${run.others.detected}/${run.others.voters} | ${fmt(run.others.p50)} / ${fmt(run.others.p95)} / ${fmt(run.others.max)} |`,
    );
  }
  lines.push('', '| players | scheduler CPU per decision (µs) |', '|---:|---:|');
  for (const cost of result.scheduler) lines.push(`| ${cost.players} | ${cost.microsPerDecision} |`);
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const counts = process.argv.slice(2).map(Number).filter(Number.isFinite);
  const { spawnSync } = await import('node:child_process');
  const build = spawnSync(process.execPath, ['build.mjs'], {
    cwd: new URL('../..', import.meta.url).pathname,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('node build.mjs failed');
  const result = await runPollerBench({
    playerCounts: counts.length > 0 ? counts : undefined,
    log: (line) => console.log(line),
  });
  console.log(formatPollerBench(result));
  const broken = result.runs.filter(
    (r) => r.maxRequestsIn60s > 60 || r.rateLimited > 0 || (r.linkShown.p95 ?? 0) > 60,
  );
  if (broken.length > 0) {
    console.log(`targets missed at ${broken.map((r) => r.players).join(', ')} players`);
    process.exitCode = 1;
  }
}
