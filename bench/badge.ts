import { BADGE_STYLES, BADGE_THEMES, type BadgeData, renderBadgePng } from '../mock-server/badge/render';
import { isMain } from './lib/main';
import { runBadgeCacheHit } from './lib/mock-app';
import { fmt, printSection, type SectionResult, type TargetResult, table } from './lib/report';
import { type BenchSettings, readBenchSettings } from './lib/settings';
import { createRng, type Timing, timeSync } from './lib/stats';

/** Cold render timings of one badge style (data changes every render, nothing is cached). */
export interface BadgeRenderTiming {
  /** Badge layout. */
  style: string;
  /** µs per render. */
  timing: Timing;
  /** PNG size of the last render, bytes. */
  bytes: number;
}

/** Renders every style `iterations` times with fresh data (both themes alternating) and times each render. */
export function measureColdRenders(iterations: number): BadgeRenderTiming[] {
  const rng = createRng(7);
  const data = (): BadgeData => ({
    name: `Serveur Élite ${Math.floor(rng() * 1000)}`,
    game: 'gta5',
    rank: 1 + Math.floor(rng() * 1000),
    votesMonthly: Math.floor(rng() * 100_000),
    playersOnline: Math.floor(rng() * 2048),
    playersMax: 2048,
  });
  return BADGE_STYLES.map((style) => {
    let bytes = 0;
    const timing = timeSync(
      (i) => {
        const theme = BADGE_THEMES[i % BADGE_THEMES.length] ?? 'light';
        bytes = renderBadgePng(data(), { style, theme, lang: i % 3 === 0 ? 'fr' : 'en' }).length;
      },
      iterations,
      20,
    );
    return { style, timing, bytes };
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
    String(r.bytes),
  ]);
  const targets: TargetResult[] = renders.map((r) => ({
    name: `cold badge render (${r.style}) median`,
    value: r.timing.median / 1000,
    limit: 10,
    op: '<=',
    unit: 'ms',
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
        `${renders[0]?.timing.samples ?? 0} renders per style after 20 warm-up renders, in process.`,
      '',
      table(['style', 'median ms', 'p95 ms', 'PNG bytes'], rows),
      '',
      hitLine,
      'Cache-hit throughput over HTTP is in section 1 (`GET /badge/<id>.png`).',
    ].join('\n'),
    targets,
  };
}

if (isMain(import.meta.url)) printSection(await runBadgeBench());
