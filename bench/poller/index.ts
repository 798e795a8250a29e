import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { nameKey } from '../../src/engine/player-name';
import { MESSAGES } from '../../src/i18n/messages';
import { LAST_CLAIM_KVP_PREFIX } from '../../src/poll/detector';
import { createPollScheduler } from '../../src/poll/scheduler';
import { createFxServerHost } from './fxserver-host';
import type { PollerHost } from './host';
import { createInProcessHost } from './in-process-host';
import { startBenchMock } from './mock';
import { startRecordingProxy } from './proxy';
import { calibrateMeter, createResmonMeter, type MeterCalibration, type ResmonMeter } from './resmon';
import {
  type DelayFigures,
  delayFigures,
  maxInWindow,
  type PlannedVote,
  planDay,
  playerName,
  VOTE_MIX,
} from './scenario';

/** How the resource looks for votes: every player in turn (today), or gated by `/vote/count`. */
export type Strategy = 'today' | 'gated';

/** Options of {@link runPollerBench}. */
export interface PollerBenchOptions {
  /** Players online in each run (default 32, 256, 2048). */
  playerCounts?: number[];
  /** Simulated time during which players vote, in ms (default a day; no vote in its last 15 min). */
  durationMs?: number;
  /** Extra simulated time after it, ended early once every online voter was told (default one hour). */
  tailMs?: number;
  /** Votes a day at 32 players, scaled with the number of players (default 20). */
  votesPerDayAt32?: number;
  /** Seed of the plan (default 1). */
  seed?: number;
  /** What runs the resource: the modules in process (default) or the built bundle on the simulated FXServer. */
  host?: PollerHost['kind'];
  /** Strategies to run (default both, side by side). */
  strategies?: Strategy[];
  /** Simulated minutes of each resmon run (default 60; 0 skips them). */
  resmonMinutes?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

/** Figures of one simulated day with one strategy. */
export interface PollerBenchRun {
  players: number;
  strategy: Strategy;
  host: PollerHost['kind'];
  /** Simulated minutes, tail included. */
  minutes: number;
  /** Votes planned, by kind. */
  votes: Record<PlannedVote['kind'], number>;
  /** API requests during the voting period scaled to 24 h, by route (`count` = `/vote/count` answered by the API). */
  perDay: { total: number; checks: number; counts: number; claims: number; other: number };
  /** `/vote/count` requests the API did not offer ('today' only: the proxy answers them 404). */
  countMisses: number;
  /** Highest number of API requests in any 60 s window (must be ≤ 60). */
  maxRequestsIn60s: number;
  /** 429 answers (must be 0). */
  rateLimited: number;
  /** Checks by why the player was picked, and counted votes by how they were accounted for (from the status). */
  byReason: Record<'link' | 'join' | 'returning' | 'round_robin', number>;
  accounted: { found: number; claimed: number; writtenOff: number };
  /** Round-robin checks a second the run left (poll pace minus every other poll request), and one pass at it, s. */
  roundRobinPerSecond: number;
  passSeconds: number;
  /**
   * Players in the round-robin queue (not link-shown, joining, returning, cooling down or skipped), the mean of the
   * status read every 10 simulated minutes while players vote: the rotation the poller actually cycles.
   */
  roundRobinPlayers: number;
  /** One pass over `roundRobinPlayers` at `roundRobinPerSecond`, s. */
  cycledPassSeconds: number;
  linkShown: DelayFigures;
  returning: DelayFigures;
  firstTime: DelayFigures;
  /** The poll lines of `votereward status` at the end. */
  status: string[];
  wallMs: number;
}

/** One resmon measurement. */
export interface ResmonRun {
  players: number;
  strategy: Strategy;
  /** 'polling': the day's votes at their rate; 'idle': nobody votes. */
  load: 'polling' | 'idle';
  /** Simulated minutes measured. */
  minutes: number;
  /** Milliseconds inside the resource's callbacks over the run, and per 50 ms frame. */
  ms: number;
  msPerFrame: number;
  /** msPerFrame less the meter's own cost (each counted callback times the measured overhead). */
  msPerFrameNet: number;
  callbacks: number;
  requests: number;
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
  durationMs: number;
  runs: PollerBenchRun[];
  resmon: ResmonRun[];
  /** The meter's cost, measured in the same run (null without resmon runs). */
  calibration: MeterCalibration | null;
  scheduler: SchedulerCost[];
}

const START = Date.UTC(2026, 10, 21, 12, 0, 0);
const STEP_MS = 250;
const JOIN_SPREAD_MS = 30_000;
const CLAIM_AFTER_TOLD_MS = 10_000;
const DAY_MS = 24 * 60 * 60_000;
const COOLDOWN_MS = DAY_MS;
const FRAME_MS = 50;

interface BenchEvent {
  at: number;
  run: () => Promise<void> | void;
}

/** The events of a run, kept sorted by time. */
function createAgenda() {
  const events: BenchEvent[] = [];
  return {
    add(event: BenchEvent) {
      let index = events.length;
      while (index > 0 && (events[index - 1] as BenchEvent).at > event.at) index -= 1;
      events.splice(index, 0, event);
    },
    async runDue(elapsed: number) {
      while (events.length > 0 && (events[0] as BenchEvent).at <= elapsed)
        await (events.shift() as BenchEvent).run();
    },
  };
}

/** How often the round-robin queue is read from the status while players vote (simulated ms). */
const QUEUE_SAMPLE_MS = 10 * 60_000;

/** Players in the round-robin queue, from the status's `Queues` line; null when the line is not there. */
export function roundRobinQueue(lines: readonly string[]): number | null {
  const match = /Queues\s+\d+ players:.*?(\d+) round-robin/.exec(lines.join('\n'));
  return match ? Number(match[1]) : null;
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;

const parseCounts = (lines: readonly string[]) => {
  const text = lines.join('\n');
  const num = (re: RegExp) => Number(re.exec(text)?.[1] ?? Number.NaN);
  return {
    byReason: {
      link: num(/by reason (\d+) link-shown/),
      join: num(/by reason \d+ link-shown, (\d+) join/),
      returning: num(/by reason \d+ link-shown, \d+ join, (\d+) returning/),
      round_robin: num(/by reason \d+ link-shown, \d+ join, \d+ returning, (\d+) round-robin/),
    },
    accounted: {
      found: num(/(\d+) found on a check/),
      claimed: num(/(\d+) claimed, \d+ by players not online/),
      writtenOff: num(/(\d+) by players not online/),
    },
  };
};

interface World {
  host: PollerHost;
  mock: Awaited<ReturnType<typeof startBenchMock>>;
  proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
  close(): Promise<void>;
}

async function startWorld(
  kind: PollerHost['kind'],
  strategy: Strategy,
  history: Map<number, number>,
  meter?: ResmonMeter,
): Promise<World> {
  const clock = { now: () => START };
  const mock = await startBenchMock(() => clock.now());
  const proxy = await startRecordingProxy(mock.url, () => clock.now(), {
    missing: strategy === 'today' ? ['/api/v1/vote/count'] : [],
  });
  const kvp = Object.fromEntries(
    [...history].map(([id, at]) => [
      `${LAST_CLAIM_KVP_PREFIX}${nameKey(playerName(id))}`,
      String(START + at),
    ]),
  );
  const hostOptions = {
    start: START,
    apiUrl: proxy.url,
    apiKey: mock.apiKey,
    kvp,
    poll: { siteCooldownMinutes: COOLDOWN_MS / 60_000 },
  };
  const host =
    kind === 'fxserver'
      ? await createFxServerHost(hostOptions)
      : await createInProcessHost({ ...hostOptions, meter });
  clock.now = host.now;
  return {
    host,
    mock,
    proxy,
    async close() {
      await host.close();
      await proxy.close();
      await mock.close();
    },
  };
}

/** Plays one simulated day (or `durationMs`) at `players` players with one strategy and returns its figures. */
async function runDay(
  kind: PollerHost['kind'],
  strategy: Strategy,
  players: number,
  options: Required<Pick<PollerBenchOptions, 'durationMs' | 'tailMs' | 'votesPerDayAt32' | 'seed'>>,
): Promise<PollerBenchRun> {
  const wallStart = performance.now();
  const { durationMs, tailMs } = options;
  const voteUntilMs = durationMs - Math.min(15 * 60_000, durationMs / 4);
  const plan = planDay({
    players,
    votesPerDay: (options.votesPerDayAt32 * players) / 32,
    durationMs,
    warmupMs: 60_000,
    voteUntilMs,
    cooldownMs: COOLDOWN_MS,
    seed: options.seed,
  });
  const world = await startWorld(kind, strategy, plan.history);
  const { host, mock, proxy } = world;
  const waiting = MESSAGES.en.reward_waiting.replace('{command}', 'vote');
  const online = plan.votes.filter((v): v is PlannedVote & { id: number } => v.id !== null);
  const byId = new Map(online.map((v) => [v.id, { ...v, toldAt: null as number | null }]));
  const voterIds = [...byId.keys()];
  const agenda = createAgenda();
  for (let id = 1; id <= players; id += 1) {
    agenda.add({
      at: Math.floor(((id - 1) * JOIN_SPREAD_MS) / players),
      run: () => host.join(id, playerName(id)),
    });
  }
  for (const vote of plan.votes) {
    const id = vote.id;
    if (vote.linkAt !== null && id !== null) agenda.add({ at: vote.linkAt, run: () => host.typeVote(id) });
    agenda.add({ at: vote.voteAt, run: () => mock.vote(vote.name) });
  }

  let untold = byId.size;
  let elapsed = 0;
  const queueSamples: number[] = [];
  let nextSample = QUEUE_SAMPLE_MS;
  for (; elapsed < durationMs + tailMs; elapsed += STEP_MS) {
    if (elapsed >= durationMs && untold === 0) break;
    if (elapsed >= nextSample && elapsed < voteUntilMs) {
      nextSample += QUEUE_SAMPLE_MS;
      const queued = roundRobinQueue(await host.status());
      if (queued !== null) queueSamples.push(queued);
    }
    await agenda.runDue(elapsed);
    await host.advance(STEP_MS);
    await proxy.idle();
    for (const line of host.messagesFor(voterIds)) {
      const voter = byId.get(line.source);
      if (!voter || voter.toldAt !== null || line.message !== waiting) continue;
      if (host.now() - START < voter.voteAt) continue;
      voter.toldAt = host.now() - START;
      untold -= 1;
      agenda.add({ at: voter.toldAt + CLAIM_AFTER_TOLD_MS, run: () => host.typeVote(voter.id) });
    }
  }
  const status = await host.status();
  const parsed = parseCounts(status);

  const delays = (kind: PlannedVote['kind']) => {
    const group = [...byId.values()].filter((v) => v.kind === kind);
    return delayFigures(
      group.length,
      group.filter((v) => v.toldAt !== null).map((v) => (v.toldAt as number) - v.voteAt),
    );
  };
  const log = proxy.log;
  const inDay = log.filter((r) => r.at < START + durationMs);
  const scale = DAY_MS / durationMs;
  const perDay = (n: number) => Math.round(n * scale);
  const answeredCounts = inDay.filter((r) => r.path.startsWith('/api/v1/vote/count') && r.status !== 404);
  const checks = inDay.filter((r) => r.path.startsWith('/api/v1/vote/check')).length;
  const claims = inDay.filter((r) => r.path.startsWith('/api/v1/vote/claim')).length;
  const countMisses = inDay.filter((r) => r.path.startsWith('/api/v1/vote/count') && r.status === 404).length;
  const total = inDay.length - countMisses;
  const seconds = (host.now() - START) / 1000;
  const pollPerSecond = 48 / 62;
  const pollRequests = log.filter((r) => !r.path.startsWith('/api/v1/vote/claim')).length;
  const roundRobinPerSecond = Math.max(
    1e-6,
    pollPerSecond - (pollRequests - parsed.byReason.round_robin) / seconds,
  );
  const count = (k: PlannedVote['kind']) => plan.votes.filter((v) => v.kind === k).length;
  const run: PollerBenchRun = {
    players,
    strategy,
    host: host.kind,
    minutes: Math.round(elapsed / 6_000) / 10,
    votes: {
      link: count('link'),
      returning: count('returning'),
      first: count('first'),
      offline: count('offline'),
    },
    perDay: {
      total: perDay(total),
      checks: perDay(checks),
      counts: perDay(answeredCounts.length),
      claims: perDay(claims),
      other: perDay(total - checks - answeredCounts.length - claims),
    },
    countMisses: perDay(countMisses),
    maxRequestsIn60s: maxInWindow(
      log.map((r) => r.at),
      60_000,
    ),
    rateLimited: log.filter((r) => r.status === 429).length,
    byReason: parsed.byReason,
    accounted: parsed.accounted,
    roundRobinPerSecond: Math.round(roundRobinPerSecond * 1000) / 1000,
    passSeconds: Math.round(players / roundRobinPerSecond),
    roundRobinPlayers: Math.round(mean(queueSamples)),
    cycledPassSeconds: Math.round(mean(queueSamples) / roundRobinPerSecond),
    linkShown: delays('link'),
    returning: delays('returning'),
    firstTime: delays('first'),
    status: status.filter((l) => /^\s+(Polling|Gate|Priority|Queues|Checks|Detected)/.test(l)),
    wallMs: Math.round(performance.now() - wallStart),
  };
  await world.close();
  return run;
}

/** One simulated hour in process with the resmon meter: the day's votes at their rate, or nobody voting. */
async function runResmon(
  strategy: Strategy,
  players: number,
  load: ResmonRun['load'],
  minutes: number,
  options: Required<Pick<PollerBenchOptions, 'votesPerDayAt32' | 'seed'>>,
  overheadMicros: number,
): Promise<ResmonRun> {
  // Everyone joins first and gets their join check (one pace each); the measured hour starts after that.
  const warmupMs = Math.ceil((JOIN_SPREAD_MS + (players * 62_000) / 48 + 60_000) / STEP_MS) * STEP_MS;
  const durationMs = warmupMs + minutes * 60_000;
  const plan = planDay({
    players,
    votesPerDay: (options.votesPerDayAt32 * players) / 32,
    durationMs,
    warmupMs,
    voteUntilMs: durationMs,
    cooldownMs: COOLDOWN_MS,
    seed: options.seed,
  });
  const votes = load === 'polling' ? plan.votes : [];
  const meter = createResmonMeter();
  meter.enable();
  const world = await startWorld('in-process', strategy, plan.history, meter);
  meter.reset();
  const { host, mock, proxy } = world;
  const waiting = MESSAGES.en.reward_waiting.replace('{command}', 'vote');
  const agenda = createAgenda();
  for (let id = 1; id <= players; id += 1) {
    agenda.add({
      at: Math.floor(((id - 1) * JOIN_SPREAD_MS) / players),
      run: () => host.join(id, playerName(id)),
    });
  }
  for (const vote of votes) {
    const id = vote.id;
    if (vote.linkAt !== null && id !== null) agenda.add({ at: vote.linkAt, run: () => host.typeVote(id) });
    agenda.add({ at: vote.voteAt, run: () => mock.vote(vote.name) });
  }
  const ids = votes.flatMap((v) => (v.id === null ? [] : [v.id]));
  const told = new Set<number>();
  let requestsBefore = 0;
  for (let elapsed = 0; elapsed < durationMs; elapsed += STEP_MS) {
    if (elapsed === warmupMs) {
      meter.reset();
      requestsBefore = proxy.log.length;
    }
    await agenda.runDue(elapsed);
    await host.advance(STEP_MS);
    await proxy.idle();
    for (const line of host.messagesFor(ids)) {
      if (line.message !== waiting || told.has(line.source)) continue;
      told.add(line.source);
      agenda.add({ at: elapsed + CLAIM_AFTER_TOLD_MS, run: () => host.typeVote(line.source) });
    }
  }
  meter.disable();
  const requests = proxy.log.length - requestsBefore;
  await world.close();
  const frames = (minutes * 60_000) / FRAME_MS;
  return {
    players,
    strategy,
    load,
    minutes,
    ms: Math.round(meter.totals.ms),
    msPerFrame: meter.totals.ms / frames,
    msPerFrameNet: Math.max(0, meter.totals.ms - (meter.totals.callbacks * overheadMicros) / 1000) / frames,
    callbacks: meter.totals.callbacks,
    requests,
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
  for (let id = 5; id <= players; id += 20) scheduler.setReturning(id, 0, Number.POSITIVE_INFINITY, 0);
  const before = process.cpuUsage();
  let now = 10_000;
  for (let i = 0; i < decisions; i += 1) {
    now += 1_250;
    scheduler.next(now, { roundRobin: true, since: now - 600_000, returningEveryMs: 120_000 });
    if (i % 50 === 0) scheduler.linkShown(1 + (i % players), now);
  }
  const used = process.cpuUsage(before);
  return {
    players,
    decisions,
    microsPerDecision: Math.round(((used.user + used.system) / decisions) * 1000) / 1000,
  };
}

/** Runs both strategies over a simulated day at each player count, then the resmon hours and the scheduler cost. */
export async function runPollerBench(options: PollerBenchOptions = {}): Promise<PollerBenchResult> {
  const counts = options.playerCounts ?? [32, 256, 2048];
  const settings = {
    durationMs: options.durationMs ?? DAY_MS,
    tailMs: options.tailMs ?? 60 * 60_000,
    votesPerDayAt32: options.votesPerDayAt32 ?? 20,
    seed: options.seed ?? 1,
  };
  const strategies = options.strategies ?? ['today', 'gated'];
  const runs: PollerBenchRun[] = [];
  const resmon: ResmonRun[] = [];
  for (const players of counts) {
    for (const strategy of strategies) {
      options.log?.(
        `poller: ${players} players, ${strategy}, ${settings.durationMs / 60_000} simulated minutes…`,
      );
      const run = await runDay(options.host ?? 'in-process', strategy, players, settings);
      options.log?.(`  ${run.perDay.total} requests/day, wall ${(run.wallMs / 1000).toFixed(0)} s`);
      runs.push(run);
    }
  }
  const resmonMinutes = options.resmonMinutes ?? 60;
  let calibration: MeterCalibration | null = null;
  if (resmonMinutes > 0) {
    calibration = await calibrateMeter();
    options.log?.(`resmon meter: ${JSON.stringify(calibration)}`);
    for (const players of counts) {
      for (const strategy of strategies) {
        for (const load of ['polling', 'idle'] as const) {
          options.log?.(`resmon: ${players} players, ${strategy}, ${load}…`);
          resmon.push(
            await runResmon(strategy, players, load, resmonMinutes, settings, calibration.overheadMicros),
          );
        }
      }
    }
  }
  return {
    durationMs: settings.durationMs,
    runs,
    resmon,
    calibration,
    scheduler: counts.map((players) => measureSchedulerCost(players)),
  };
}

const fmt = (value: number | null) => (value === null ? '-' : `${value}`);
const ratio = (value: number | null, pass: number) => (value === null ? '-' : (value / pass).toFixed(2));
const delays = (d: DelayFigures, pass: number) =>
  `${d.detected}/${d.voters} | ${fmt(d.p50)} / ${fmt(d.p95)} | ${ratio(d.p95, pass)}`;

/** The figures as Markdown tables. */
export function formatPollerBench(result: PollerBenchResult): string {
  const today = (players: number) => result.runs.find((r) => r.players === players && r.strategy === 'today');
  const mix = Object.entries(VOTE_MIX)
    .map(([kind, share]) => `${kind} ${Math.round(share * 100)} %`)
    .join(', ');
  const lines = [
    `Votes: 20 a day at 32 players, scaled (${mix}); requests per day are those of the ${result.durationMs / 3_600_000} h voting period scaled to 24 h.`,
    '',
    '| players | strategy | requests / day (checks / counts / claims / other) | vs today | max req / 60 s | 429s | checks: link / join / returning / round-robin | votes accounted: found / claimed / not online |',
    '|---:|---|---|---:|---:|---:|---|---|',
  ];
  for (const run of result.runs) {
    const base = today(run.players);
    const share =
      base && run !== base ? `${((100 * run.perDay.total) / base.perDay.total).toFixed(1)} %` : '100 %';
    const misses = run.countMisses > 0 ? ` (+${run.countMisses} count 404s)` : '';
    lines.push(
      `| ${run.players} | ${run.strategy} | ${run.perDay.total} (${run.perDay.checks} / ${run.perDay.counts} / ${run.perDay.claims} / ${run.perDay.other})${misses} | ${share} | ${run.maxRequestsIn60s} | ${run.rateLimited} | ${run.byReason.link} / ${run.byReason.join} / ${run.byReason.returning} / ${run.byReason.round_robin} | ${run.strategy === 'today' ? '-' : `${run.accounted.found} / ${run.accounted.claimed} / ${run.accounted.writtenOff}`} |`,
    );
  }
  lines.push(
    '',
    'Detection delay (s) from the vote to "your vote was received"; ratio = p95 / one pass over every player at the round-robin budget the run left (poll pace 48 / 62 s minus every other poll request: counts, link-shown, join and returning checks). ' +
      'The first-time ratio is also given against one pass over the players the round-robin actually cycles (the `Queues` line of the status every 10 simulated minutes while players vote, mean; players cooling down, returning, joining or link-shown are not in it): that is the rotation a first-time voter waits for.',
    '',
    '| players | strategy | round-robin checks / s | pass (s) | in the round-robin (mean) | its pass (s) | link-shown detected | p50 / p95 | p95 / pass | returning detected | p50 / p95 | p95 / pass | first-time detected | p50 / p95 | p95 / pass | p95 / its pass |',
    '|---:|---|---:|---:|---:|---:|---:|---|---:|---:|---|---:|---:|---|---:|---:|',
  );
  for (const run of result.runs) {
    lines.push(
      `| ${run.players} | ${run.strategy} | ${run.roundRobinPerSecond} | ${run.passSeconds} | ${run.roundRobinPlayers} | ${run.cycledPassSeconds} | ${delays(run.linkShown, run.passSeconds)} | ${delays(run.returning, run.passSeconds)} | ${delays(run.firstTime, run.passSeconds)} | ${ratio(run.firstTime.p95, run.cycledPassSeconds)} |`,
    );
  }
  const cal = result.calibration;
  if (result.resmon.length > 0 && cal) {
    lines.push(
      '',
      "resmon: main-thread CPU time inside the resource's callbacks (timers, events, commands, joins, HTTP answers and the promise jobs they start, fetch's own socket work included) over a simulated hour, per 50 ms server frame; in process, counted with async_hooks and the thread's CPU clock (/proc/thread-self/schedstat). Calibration in this run: a bare `/vote/check` through the resource's client costs " +
        `${cal.plainMicros} µs of main-thread CPU (${cal.meteredMicros} µs as the meter counts it); the meter adds ${cal.overheadMicros} µs to each callback it counts (an empty promise job, median of 3 rounds), so "net" = counted − callbacks × ${cal.overheadMicros} µs, which the targets use. The hour starts once every player has joined and had their join check.`,
      '',
      '| players | strategy | load | ms / frame (counted) | ms / frame (net) | ms in the hour (counted) | callbacks | requests |',
      '|---:|---|---|---:|---:|---:|---:|---:|',
    );
    for (const r of result.resmon) {
      lines.push(
        `| ${r.players} | ${r.strategy} | ${r.load} | ${r.msPerFrame.toFixed(4)} | ${r.msPerFrameNet.toFixed(4)} | ${r.ms} | ${r.callbacks} | ${r.requests} |`,
      );
    }
  }
  lines.push('', '| players | scheduler CPU per decision (µs) |', '|---:|---:|');
  for (const cost of result.scheduler) lines.push(`| ${cost.players} | ${cost.microsPerDecision} |`);
  const sample = result.runs.find((r) => r.strategy === 'gated' && r.players === 256) ?? result.runs.at(-1);
  if (sample) {
    lines.push(
      '',
      `\`votereward status\` at the end of the ${sample.players}-player ${sample.strategy} run:`,
      '',
      '```',
      ...sample.status.map((l) => l.trim()),
      '```',
    );
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const counts = process.argv.slice(2).map(Number).filter(Number.isFinite);
  const hours = Number(process.env.BENCH_POLLER_HOURS ?? 24);
  const result = await runPollerBench({
    playerCounts: counts.length > 0 ? counts : undefined,
    durationMs: hours * 3_600_000,
    resmonMinutes: Number(process.env.BENCH_RESMON_MINUTES ?? 60),
    strategies:
      process.env.BENCH_POLLER_STRATEGY === undefined
        ? undefined
        : [process.env.BENCH_POLLER_STRATEGY as Strategy],
    log: (line) => console.log(line),
  });
  console.log(formatPollerBench(result));
}
