/**
 * `/votetop` on the server thread at 50,000 voters: the handler (`top.lines`) over the real history store, whose
 * month rankings are kept sorted as histories are written, against the full rebuild it replaced (every history
 * filtered and sorted twice per call: once for the top, once for the caller's rank), measured in the same run.
 * Also times what keeping the rankings costs: a vote written to a history (`put`), and the start-up read.
 */

import { programsFor } from '../devkit/fakes/engine-kit';
import { createFakeRuntime } from '../devkit/fakes/runtime';
import { configSchema } from '../src/config/schema';
import { createEventChannel } from '../src/domain/events';
import type { VoteHistory } from '../src/domain/types';
import { createTranslator } from '../src/i18n/messages';
import { freshHistory } from '../src/programs/history';
import { createTopVoters } from '../src/programs/top';
import type { Runtime } from '../src/runtime/runtime';
import { historyKey } from '../src/store/keys';
import { isMain } from './lib/main';
import { fmt, printSection, type SectionResult, type TargetResult, table } from './lib/report';
import { type BenchSettings, readBenchSettings } from './lib/settings';
import { createRng, type Timing, timeSync } from './lib/stats';

const VOTERS = 50_000;
const MONTH = '2026-11';
const START = Date.parse('2026-11-21T10:00:00.000Z');
/** Past the `/votetop` cooldown: every timed call is a player's first ask, which ranks. */
const STEP_MS = 3_001;

/** The histories of `count` voters of the month, seeded. */
function histories(count: number): VoteHistory[] {
  const random = createRng(7);
  return Array.from({ length: count }, (_, i) => {
    const votes = 1 + Math.floor(random() * 30);
    return {
      ...freshHistory(`license:${i}`, `Voter${i}`),
      total: votes,
      months: { [MONTH]: votes },
      monthReachedAt: { [MONTH]: START - Math.floor(random() * 1e9) },
      lastVoteAt: START,
    };
  });
}

/** The ranking as it was built before: every history filtered and sorted, per call. */
function fullRanking(all: readonly VoteHistory[], month: string) {
  return all
    .filter((h) => (h.months[month] ?? 0) > 0)
    .sort(
      (a, b) =>
        (b.months[month] ?? 0) - (a.months[month] ?? 0) ||
        (a.monthReachedAt[month] ?? 0) - (b.monthReachedAt[month] ?? 0) ||
        a.license.localeCompare(b.license),
    )
    .map((h, index) => ({ rank: index + 1, license: h.license, name: h.name, votes: h.months[month] ?? 0 }));
}

/** The figures of one run. */
export interface VotetopCosts {
  voters: number;
  /** `top.lines(source)` now, µs per call. */
  lines: Timing;
  /** The old per-call work (two full rankings), µs per call. */
  rebuild: Timing;
  /** A history written (a vote recorded) with the rankings kept up to date, µs per call. */
  put: Timing;
  /** Reading every history and ranking them at start, ms. */
  startMs: number;
}

/** Measures `/votetop` at `voters` voters. */
export function measureVotetop(voters: number, iterations: number): VotetopCosts {
  const all = histories(voters);
  const base = createFakeRuntime({
    kvp: new Map(all.map((h) => [historyKey(h.license), JSON.stringify(h)])),
  });
  let now = START;
  const runtime = { ...base, now: () => now } as unknown as Runtime & { kvp: typeof base.kvp };
  const config = configSchema.parse({ topVoters: { enabled: true } });
  const started = process.hrtime.bigint();
  const programs = programsFor({ config, runtime, events: createEventChannel() });
  const startMs = Number(process.hrtime.bigint() - started) / 1e6;
  const top = createTopVoters({
    settings: config.topVoters,
    runtime,
    programs,
    events: createEventChannel(),
    translate: createTranslator('en'),
    command: 'vote',
    settle: async () => undefined,
  });
  // Each call from another online player, well past the cooldown.
  const online = 2_000;
  const licenseOf = (source: number) => `license:${(source * 7919) % voters}`;
  runtime.playerLicense = (source: number) => licenseOf(source);
  const lines = timeSync((i) => {
    now += STEP_MS;
    const shown = top.lines(1 + (i % online));
    if (shown.length < 3) throw new Error(`/votetop answered ${shown.length} line(s): the cooldown was hit`);
  }, iterations);
  const rebuild = timeSync(
    (i) => {
      fullRanking(all, MONTH).slice(0, 10);
      fullRanking(all, MONTH).find((line) => line.license === licenseOf(1 + (i % online)));
    },
    Math.max(20, Math.floor(iterations / 20)),
    5,
  );
  const put = timeSync((i) => {
    const history = programs.history.get(licenseOf(i));
    const votes = (history.months[MONTH] ?? 0) + 1;
    programs.history.put({ ...history, months: { ...history.months, [MONTH]: votes } });
  }, iterations);
  return { voters, lines, rebuild, put, startMs };
}

/** The `/votetop` section of BENCHMARKS.md. */
export async function runVotetopBench(settings: BenchSettings = readBenchSettings()): Promise<SectionResult> {
  const costs = measureVotetop(VOTERS, settings.quick ? 200 : 2_000);
  const ms = (t: Timing) => t.median / 1000;
  const targets: TargetResult[] = [
    {
      name: `/votetop on the server thread at ${fmt(VOTERS, 0)} voters (median)`,
      value: ms(costs.lines),
      limit: 1,
      op: '<=',
      unit: 'ms',
    },
  ];
  const row = (what: string, t: Timing) => [what, fmt(t.median / 1000, 3), fmt(t.p99 / 1000, 3)];
  return {
    title: '6. /votetop at 50,000 voters',
    markdown: [
      `The history store over ${fmt(VOTERS, 0)} histories of one month, in process, ${costs.lines.samples} calls ` +
        'of `top.lines(source)` from distinct online players past the cooldown, against the full rebuild it ' +
        'replaced (two sorts of every history per call), measured in the same run.',
      '',
      table(
        ['what', 'median ms', 'p99 ms'],
        [
          row('`/votetop` (`top.lines`): rankings kept sorted', costs.lines),
          row('before: two full rankings per call', costs.rebuild),
          row('a vote written to a history (`put`, rankings kept)', costs.put),
        ],
      ),
      '',
      `Ratio: the handler takes ${fmt(costs.lines.median / costs.rebuild.median, 4)}× the full rebuild ` +
        `(${fmt(costs.rebuild.median / costs.lines.median, 0)} times faster). Reading and ranking the ` +
        `${fmt(VOTERS, 0)} histories at start: ${fmt(costs.startMs, 0)} ms. A player asking again within 3 s hears ` +
        'the cooldown line and nothing is ranked.',
    ].join('\n'),
    targets,
  };
}

if (isMain(import.meta.url)) printSection(await runVotetopBench());
