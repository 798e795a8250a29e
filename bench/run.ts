import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { runBadgeBench } from './badge';
import { describeMachine, type MachineInfo } from './lib/machine';
import { formatTarget, printSection, type SectionResult, targetMet } from './lib/report';
import type { BenchRunRecord } from './lib/runs';
import { type BenchSettings, readBenchSettings } from './lib/settings';
import { runHttpBench } from './mock';
import { runNetworkBench } from './network';
import { runPollerSection } from './poller';
import { runQueryBench } from './queries';
import { runResourceBench } from './resource';
import { runShopBench } from './shop';
import { runSitesBench } from './sites';
import { runVotetopBench } from './votetop';

const root = new URL('..', import.meta.url).pathname;

/** Runs a section; a section that throws is reported as failed instead of stopping the others. */
async function guarded(
  title: string,
  run: () => Promise<SectionResult | SectionResult[]>,
): Promise<SectionResult[]> {
  const started = Date.now();
  console.error(`\n▶ ${title}`);
  try {
    const result = await run();
    const sections = Array.isArray(result) ? result : [result];
    for (const section of sections) printSection(section);
    console.error(`  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    return sections;
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`${title} failed: ${message}`);
    return [{ title, markdown: `**Failed:**\n\n\`\`\`\n${message.slice(0, 2000)}\n\`\`\``, targets: [] }];
  }
}

function command(settings: BenchSettings): string {
  const env = [settings.quick ? 'BENCH_QUICK=1' : '', settings.full ? 'BENCH_FULL=1' : '']
    .filter(Boolean)
    .join(' ');
  return `${env ? `${env} ` : ''}npm run bench`;
}

/** The machine's 1-minute load average, sampled through a run. */
export interface LoadSamples {
  /** Samples, oldest first. */
  samples: number[];
}

/** Samples the 1-minute load average every `everyMs` until stopped (the timer does not hold the process). */
export function sampleLoad(everyMs = 30_000): { stop(): LoadSamples } {
  const samples = [loadavg()[0] ?? 0];
  const timer = setInterval(() => samples.push(loadavg()[0] ?? 0), everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      samples.push(loadavg()[0] ?? 0);
      return { samples };
    },
  };
}

function describeLoad(load: LoadSamples, cores: number): string {
  const sorted = [...load.samples].sort((a, b) => a - b);
  const mid = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const f = (v: number) => v.toFixed(1);
  return (
    `Machine load during the run (1-minute load average on ${cores} cores, ${load.samples.length} samples every 30 s): ` +
    `min ${f(sorted[0] ?? 0)}, median ${f(mid)}, max ${f(sorted[sorted.length - 1] ?? 0)}.`
  );
}

/** Renders BENCHMARKS.md from the sections of one run. */
export function renderBenchmarks(
  sections: SectionResult[],
  machine: MachineInfo,
  settings: BenchSettings,
  seconds: number,
  load: LoadSamples = { samples: [] },
): string {
  const targets = sections.flatMap((s) => s.targets);
  const met = targets.filter(targetMet).length;
  // The machine is described as the run starts; the run's span is that time plus its duration.
  const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
  const startedAt = Date.parse(machine.date);
  const span = `${minute(startedAt)} to ${minute(startedAt + seconds * 1000).slice(11)}`;
  return [
    '# Benchmarks',
    '',
    `Measured ${span} UTC by \`${command(settings)}\` (total ${Math.round(seconds)} s)` +
      (settings.quick
        ? ' — **a quick smoke run: short windows, one round; do not quote these figures**'
        : '') +
      '.',
    '',
    `Machine: ${machine.cores} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Linux ${machine.kernel}, Node ${machine.node}; ` +
      `${machine.pinning ? 'servers pinned to core 0, load generator to core 1' : 'no core pinning'}. ` +
      'The machine is a shared VM whose load changes from run to run, so every target is a ratio to a baseline ' +
      'measured in the same run (each target names its baseline), or a limit set by FiveM or the API (60 requests a ' +
      "minute, FXServer's hitch warning); `npm run bench:compare` sets two runs' verdicts side by side.",
    '',
    ...(load.samples.length > 0 ? [describeLoad(load, machine.cores), ''] : []),
    `Reproduce: \`${command(settings)}\` (each section alone: \`npx tsx bench/mock.ts\`, \`bench/queries.ts\`, ` +
      '`bench/badge.ts`, `bench/resource.ts`, `bench/poller.ts`, `bench/votetop.ts`, `bench/sites.ts`, `bench/shop.ts`, `bench/network.ts` (starts MariaDB itself; skipped without it); `BENCH_QUICK=1` for a smoke run, `BENCH_FULL=1` adds ' +
      '10 M votes; `BENCH_DURATION`, `BENCH_REPEATS`, `BENCH_WARMUP`, `BENCH_CONNECTIONS` override the load settings).',
    '',
    `## Targets (${met} of ${targets.length} met)`,
    '',
    ...targets.map((t) => `- ${formatTarget(t)}`),
    '',
    ...sections.flatMap((s) => [`## ${s.title}`, '', s.markdown, '']),
  ].join('\n');
}

/** Runs every section, prints each target with ✓ or ✗ and writes BENCHMARKS.md. */
export async function main(): Promise<void> {
  const settings = readBenchSettings();
  const machine = describeMachine();
  const started = Date.now();
  const load = sampleLoad();
  const sections = [
    ...(await guarded('resource', () => runResourceBench(settings))),
    ...(await guarded('badge', () => runBadgeBench(settings))),
    ...(await guarded('queries', () => runQueryBench(settings))),
    ...(await guarded('http', () => runHttpBench(settings))),
    ...(await guarded('poller', () => runPollerSection(settings))),
    ...(await guarded('votetop', () => runVotetopBench(settings))),
    ...(await guarded('sites', () => runSitesBench(settings))),
    ...(await guarded('shop', () => runShopBench(settings))),
    ...(await guarded('network', () => runNetworkBench(settings))),
  ];
  const order = ['1.', '2.', '2b.', '3.', '4.', '5.', '6.', '7.', '8.', '9.'];
  sections.sort((a, b) => {
    const rank = (s: SectionResult) => {
      const i = order.findIndex((prefix) => s.title.startsWith(prefix));
      return i === -1 ? order.length : i;
    };
    return rank(a) - rank(b);
  });
  const seconds = (Date.now() - started) / 1000;
  const samples = load.stop();
  const markdown = renderBenchmarks(sections, machine, settings, seconds, samples);
  writeFileSync(`${root}BENCHMARKS.md`, markdown);
  const record = writeRunRecord(sections, machine, settings, seconds, samples);
  console.log('\nTargets:');
  for (const target of sections.flatMap((s) => s.targets)) console.log(formatTarget(target));
  console.log(`\nwrote ${root}BENCHMARKS.md and ${record}`);
}

/** Writes the run's targets and load to `bench/runs/<time>.json`, the input of `npm run bench:compare`. */
function writeRunRecord(
  sections: SectionResult[],
  machine: MachineInfo,
  settings: BenchSettings,
  seconds: number,
  load: LoadSamples,
): string {
  const dir = `${root}bench/runs`;
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/${machine.date.slice(0, 16).replace(/[:T]/g, '-')}${settings.quick ? '-quick' : ''}.json`;
  const run: BenchRunRecord = {
    date: machine.date,
    seconds: Math.round(seconds),
    quick: settings.quick,
    node: machine.node,
    load: load.samples.map((v) => Math.round(v * 100) / 100),
    targets: sections.flatMap((s) => s.targets).map((t) => ({ ...t, met: targetMet(t) })),
    raw: Object.assign({}, ...sections.map((s) => s.raw ?? {})),
  };
  writeFileSync(file, `${JSON.stringify(run, null, 1)}\n`);
  return file.slice(root.length);
}

await main();
