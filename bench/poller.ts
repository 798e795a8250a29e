import { isMain } from './lib/main';
import { printSection, type SectionResult, type TargetResult } from './lib/report';
import { type BenchSettings, readBenchSettings } from './lib/settings';
import { formatPollerBench, type PollerBenchResult, runPollerBench } from './poller/index';

/** The poller's targets, checked against one run of {@link runPollerBench}. */
export function pollerTargets(result: PollerBenchResult): TargetResult[] {
  const run = (players: number, strategy: 'today' | 'gated') =>
    result.runs.find((r) => r.players === players && r.strategy === strategy);
  const targets: TargetResult[] = [];
  for (const r of result.runs) {
    targets.push(
      {
        name: `poller ${r.players} players, ${r.strategy}: most requests in any 60 s`,
        value: r.maxRequestsIn60s,
        limit: 60,
        op: '<=',
        unit: 'req',
      },
      {
        name: `poller ${r.players} players, ${r.strategy}: 429s received`,
        value: r.rateLimited,
        limit: 0,
        op: '<=',
        unit: 'responses',
      },
      {
        name: `poller ${r.players} players, ${r.strategy}: link-shown voters detected, p95`,
        value: r.linkShown.p95,
        limit: 60,
        op: '<=',
        unit: 's',
      },
    );
  }
  for (const players of [32, 256]) {
    const today = run(players, 'today');
    const gated = run(players, 'gated');
    if (!today || !gated) continue;
    targets.push({
      name: `poller ${players} players: gated requests a day vs today's`,
      value: Math.round((1000 * gated.perDay.total) / today.perDay.total) / 10,
      limit: 10,
      op: '<=',
      unit: '%',
    });
  }
  const small = run(32, 'gated');
  if (small) {
    targets.push({
      name: 'poller 32 players, gated: link-shown voters detected, p95',
      value: small.linkShown.p95,
      limit: 15,
      op: '<=',
      unit: 's',
    });
  }
  const large = run(2048, 'gated');
  if (large) {
    targets.push(
      {
        name: 'poller 2048 players, gated: first-time voters p95 / one pass at the round-robin budget left',
        value:
          large.firstTime.p95 === null
            ? null
            : Math.round((100 * large.firstTime.p95) / large.passSeconds) / 100,
        limit: 1.1,
        op: '<=',
        unit: '×',
      },
      {
        name: 'poller 2048 players, gated: returning voters detected, p95',
        value: large.returning.p95,
        limit: 600,
        op: '<=',
        unit: 's',
      },
    );
  }
  for (const r of result.resmon.filter((m) => m.strategy === 'gated' && m.players === 2048)) {
    targets.push({
      name: `resmon 2048 players, gated, ${r.load}: time per 50 ms frame (net of the meter's own cost)`,
      value: Math.round(r.msPerFrameNet * 10_000) / 10,
      limit: r.load === 'polling' ? 20 : 5,
      op: '<=',
      unit: 'µs',
    });
  }
  return targets;
}

/** Section 5: the poller over a simulated day, today's strategy and the gated one side by side, and resmon. */
export async function runPollerSection(
  settings: BenchSettings = readBenchSettings(),
): Promise<SectionResult> {
  const hours = settings.quick ? 2 : 24;
  const resmonMinutes = settings.quick ? 10 : 60;
  const result = await runPollerBench({
    durationMs: hours * 3_600_000,
    resmonMinutes,
    log: (line) => console.error(line),
  });
  return {
    title: '5. Poller simulation',
    markdown: [
      `\`runPollerBench\` from bench/poller: the whole resource (\`createResource\`, in process on the fake runtime, real ` +
        `fetch) against the mock with its real 60/min limit, through a recording proxy, ${hours} simulated hours per ` +
        'player count and strategy on a virtual clock, seeded voters. **today** = every player in turn (what the resource ' +
        'does when `/vote/count` fails: the proxy answers it 404, retried every 10 min and not counted); **gated** = the ' +
        'default: per-player round-robin only while counted votes are unaccounted for. Both keep the likelihood order ' +
        '(returning players first). Site cooldown 24 h; a returning voter votes an exponential delay (mean 15 min, ' +
        'at most 3 h) after their cooldown ends. resmon: one simulated hour each.',
      '',
      formatPollerBench(result),
    ].join('\n'),
    targets: pollerTargets(result),
  };
}

if (isMain(import.meta.url)) printSection(await runPollerSection());
