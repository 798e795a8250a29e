/**
 * `npm run bench:compare -- <run-a.json> <run-b.json>`: two runs' targets side by side (from `bench/runs/`), with
 * the machine load of each and whether the verdicts agree. Exits 1 when a verdict differs. Without arguments it
 * compares the two newest full runs.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fmt, table } from './lib/report';
import { acceptedCompilerShare, type BenchRunRecord, rawInstructions, readRunRecord } from './lib/runs';

const dir = new URL('runs/', import.meta.url).pathname;

function newestFullRuns(): string[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.includes('-quick'))
    .sort();
  return files.slice(-2).map((f) => join(dir, f));
}

function loadLine(run: BenchRunRecord): string {
  const sorted = [...run.load].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return `${run.date.slice(0, 16).replace('T', ' ')} UTC, ${Math.round(run.seconds / 60)} min, load ${fmt(sorted[0] ?? 0, 1)}–${fmt(sorted[sorted.length - 1] ?? 0, 1)} (median ${fmt(median, 1)})`;
}

const files = process.argv.slice(2).length >= 2 ? process.argv.slice(2, 4) : newestFullRuns();
if (files.length < 2) {
  console.error('bench:compare needs two run records (bench/runs/*.json); run `npm run bench` twice first');
  process.exit(2);
}
const [a, b] = files.map(readRunRecord) as [BenchRunRecord, BenchRunRecord];
const names = [...new Set([...a.targets, ...b.targets].map((t) => t.name))];
let differ = 0;
const rows = names.map((name) => {
  const ta = a.targets.find((t) => t.name === name);
  const tb = b.targets.find((t) => t.name === name);
  const cell = (t: typeof ta) =>
    t === undefined
      ? '—'
      : t.value === null
        ? '✗ not measured'
        : `${t.met ? '✓' : '✗'} ${fmt(t.value)} ${t.unit}`;
  // A target one run could not measure (valgrind missing, a count not steady) shows no verdict to agree with.
  const measured = ta?.value != null && tb?.value != null;
  const agree = ta !== undefined && tb !== undefined && measured && ta.met === tb.met;
  if (!agree) differ += 1;
  const bound = ta ?? tb;
  return [
    name,
    bound ? `${bound.op === '>=' ? '≥' : '≤'} ${fmt(bound.limit)} ${bound.unit}` : '',
    cell(ta),
    cell(tb),
    agree ? 'same' : ta && tb && !measured ? '**not measured**' : '**differs**',
  ];
});
console.log(`A: ${loadLine(a)}\nB: ${loadLine(b)}\n`);
console.log(table(['target', 'bound', 'run A', 'run B', 'verdict'], rows));
console.log(
  `\n${names.length - differ} of ${names.length} verdicts agree${differ > 0 ? `; ${differ} differ` : ''}`,
);
const countsA = rawInstructions(a);
const countsB = rawInstructions(b);
if (countsA !== null || countsB !== null) {
  // The ratios above divide by bare Hono's count: a baseline that moved shows here, not in the verdicts.
  const keys = [...new Set([...Object.keys(countsA ?? {}), ...Object.keys(countsB ?? {})])];
  const cell = (c: (typeof countsA & object)[string] | undefined) =>
    c === undefined
      ? '—'
      : `${fmt(c.perRequest / 1000, 1)} k (spread ${fmt(c.spread * 100, 1)} %, compiling ${fmt(acceptedCompilerShare(c) * 100, 2)} %)`;
  const instructionRows = keys.map((key) => {
    const ca = countsA?.[key];
    const cb = countsB?.[key];
    const change = ca && cb ? `${fmt(((cb.perRequest - ca.perRequest) / ca.perRequest) * 100, 1)} %` : '—';
    return [key, cell(ca), cell(cb), change];
  });
  console.log(
    '\nRaw instruction counts per request (the accepted windows; `hono` is the baseline of every ratio):\n',
  );
  console.log(table(['server / endpoint', 'run A', 'run B', 'B against A'], instructionRows));
}
process.exit(differ > 0 ? 1 : 0);
