import { isMain } from './lib/main';
import { printSection, type SectionResult, type TargetResult } from './lib/report';
import { type BenchSettings, readBenchSettings } from './lib/settings';
import { formatPollerBench, runPollerBench } from './poller/index';

/** Section 5: engineer E's poller simulation (bench/poller) with the issue 6 targets checked per player count. */
export async function runPollerSection(
  settings: BenchSettings = readBenchSettings(),
): Promise<SectionResult> {
  const minutes = settings.quick ? 10 : 60;
  const result = await runPollerBench({ durationMs: minutes * 60_000, log: (line) => console.error(line) });
  const targets: TargetResult[] = result.runs.flatMap((run): TargetResult[] => [
    {
      name: `poller ${run.players} players: most requests in any 60 s`,
      value: run.maxRequestsIn60s,
      limit: 60,
      op: '<=',
      unit: 'req',
    },
    {
      name: `poller ${run.players} players: 429s received`,
      value: run.rateLimited,
      limit: 0,
      op: '<=',
      unit: 'responses',
    },
    {
      name: `poller ${run.players} players: link-shown voters detected, p95`,
      value: run.linkShown.p95,
      limit: 60,
      op: '<=',
      unit: 's',
      ...(run.linkShown.p95 === null ? { note: 'no link-shown voter detected' } : {}),
    },
  ]);
  return {
    title: '5. Poller simulation',
    markdown: [
      `\`runPollerBench\` from bench/poller (engineer E): the built resource against the mock with its real 60/min limit, ` +
        `${minutes} simulated minutes per player count on a virtual clock, seeded voters. Detection delays in seconds.`,
      '',
      formatPollerBench(result),
    ].join('\n'),
    targets,
  };
}

if (isMain(import.meta.url)) printSection(await runPollerSection());
