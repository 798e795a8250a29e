import { FONT_FAMILY } from '../mock-server/badge/fonts';
import {
  BADGE_STYLES,
  BADGE_THEMES,
  type BadgeData,
  renderBadgePng,
  renderBadgeSvg,
  svgToPng,
} from '../mock-server/badge/render';
import { isMain } from './lib/main';
import { runBadgeCacheHit } from './lib/mock-app';
import { fmt, printSection, type SectionResult, type TargetResult, table } from './lib/report';
import { type BenchSettings, readBenchSettings } from './lib/settings';
import { createRng, type Timing, timingOf } from './lib/stats';

/** Cold render timings of one badge style (data changes every render, nothing is cached), beside its baseline. */
export interface BadgeRenderTiming {
  /** Badge layout. */
  style: string;
  /** µs per render. */
  timing: Timing;
  /** µs per render of the baseline: a plain SVG of the same size with one line of text, same fonts and settings. */
  baseline: Timing;
  /** PNG size of the last render, bytes. */
  bytes: number;
}

/** The baseline of a style: its size, a filled rectangle and one line of text in the badge font, through the same rasterizer. */
function baselineSvg(svg: string, label: string): string {
  const width = /width="([\d.]+)"/.exec(svg)?.[1] ?? '200';
  const height = /height="([\d.]+)"/.exec(svg)?.[1] ?? '40';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" rx="4" fill="#1f2937"/>` +
    `<text x="8" y="${Number(height) / 2 + 4}" font-family="${FONT_FAMILY}" font-size="11" fill="#ffffff">${label}</text></svg>`
  );
}

/**
 * Renders every style `iterations` times with fresh data (both themes alternating), each render followed by one of
 * its baseline, so both see the same machine load.
 */
export function measureColdRenders(iterations: number, warmup = 20): BadgeRenderTiming[] {
  const rng = createRng(7);
  const data = (): BadgeData => ({
    name: `Serveur Élite ${Math.floor(rng() * 1000)}`,
    game: 'gta5',
    rank: 1 + Math.floor(rng() * 1000),
    votesMonthly: Math.floor(rng() * 100_000),
    playersOnline: Math.floor(rng() * 2048),
    playersMax: 2048,
  });
  const time = (fn: () => unknown) => {
    const start = process.hrtime.bigint();
    fn();
    return Number(process.hrtime.bigint() - start) / 1000;
  };
  return BADGE_STYLES.map((style) => {
    let bytes = 0;
    const ours: number[] = [];
    const base: number[] = [];
    for (let i = 0; i < warmup + iterations; i++) {
      const options = {
        style,
        theme: BADGE_THEMES[i % BADGE_THEMES.length] ?? 'light',
        lang: i % 3 === 0 ? 'fr' : 'en',
      } as const;
      const sample = data();
      const reference = baselineSvg(renderBadgeSvg(sample, options), `${sample.name} ${sample.rank}`);
      const a = time(() => {
        bytes = renderBadgePng(sample, options).length;
      });
      const b = time(() => svgToPng(reference));
      if (i >= warmup) {
        ours.push(a);
        base.push(b);
      }
    }
    return { style, timing: timingOf(ours), baseline: timingOf(base), bytes };
  });
}

/** Section 3: cold badge render per style and the cost of a cache hit through the mock's route. */
export async function runBadgeBench(settings: BenchSettings = readBenchSettings()): Promise<SectionResult> {
  const renders = measureColdRenders(settings.quick ? 50 : 300);
  const hit = await runBadgeCacheHit(settings.quick ? 2000 : 20_000);
  const rows = renders.map((r) => [
    r.style,
    fmt(r.timing.median / 1000),
    fmt(r.timing.p95 / 1000),
    fmt(r.baseline.median / 1000),
    fmt(r.timing.median / r.baseline.median),
    String(r.bytes),
  ]);
  const targets: TargetResult[] = renders.map((r) => ({
    name: `cold badge render (${r.style}) median / its baseline's (same size, one line of text, same rasterizer)`,
    value: r.timing.median / r.baseline.median,
    limit: BADGE_RATIO_LIMIT,
    op: '<=',
    unit: '×',
  }));
  const hitLine =
    'timing' in hit
      ? `Cache hit of \`GET /badge/1.png\` through \`${hit.via}\` (in process, no socket): median ${fmt(hit.timing.median)} µs, ` +
        `p99 ${fmt(hit.timing.p99)} µs over ${hit.timing.samples} requests; cold render of the same route ${fmt(hit.coldUs / 1000)} ms.`
      : `Cache hit: not measured (${hit.missing}).`;
  return {
    title: '3. Badge rendering',
    markdown: [
      `Cold render: \`renderBadgePng\` (SVG template → resvg → PNG) with new data every call, themes alternating, ` +
        `${renders[0]?.timing.samples ?? 0} renders per style after 20 warm-up renders, in process. Each render is followed by ` +
        "its baseline: an SVG of the badge's size holding a filled rectangle and one line of text (the server's name and rank) " +
        "in the badge font, rasterized by the same `svgToPng` (same fonts, same settings); the ratio is the badge's own " +
        'cost (its layout, its icons, its several runs of text) over the cheapest picture of its size.',
      '',
      table(['style', 'median ms', 'p95 ms', 'baseline median ms', '× baseline', 'PNG bytes'], rows),
      '',
      hitLine,
      'Cache-hit throughput over HTTP is in section 1 (`GET /badge/<id>.png`).',
    ].join('\n'),
    targets,
  };
}

/** Bound of a cold render over its baseline. */
const BADGE_RATIO_LIMIT = 10;

if (isMain(import.meta.url)) printSection(await runBadgeBench());
