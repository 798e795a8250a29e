import { openDatabase } from '../mock-server/db/open-database';
import { createStore } from '../mock-server/db/store';
import { createWorkingCopy, type Dataset, ensureDataset, HOT_SERVER_ID } from './lib/dataset';
import { isMain } from './lib/main';
import { fmt, printSection, type SectionResult, type TargetResult, table } from './lib/report';
import { type BenchSettings, readBenchSettings } from './lib/settings';
import { type Timing, timeSync } from './lib/stats';

/** Dataset sizes of the scale benchmarks: 10 k and 1 M votes, plus 10 M with BENCH_FULL=1. */
export function scaleSizes(settings: BenchSettings): number[] {
  return settings.full ? [10_000, 1_000_000, 10_000_000] : [10_000, 1_000_000];
}

/** Store operations behind each API route, timed in process on one connection. */
export const QUERY_NAMES = ['auth', 'check', 'claim', 'claim_none', 'count', 'info'] as const;
/** One of QUERY_NAMES. */
export type QueryName = (typeof QUERY_NAMES)[number];

const QUERY_LABELS: Record<QueryName, string> = {
  auth: 'authenticate key (every /api/v1 request)',
  check: '/vote/check → votes.findCheck (unclaimed mode)',
  claim: '/vote/claim → votes.claimOldest, a vote to claim',
  claim_none: '/vote/claim → votes.claimOldest, nothing to claim',
  count: '/vote/count and /server/info → servers.getWithStats',
  info: 'badge and server pages → servers.getWithStats (was getServer + getServerStats)',
};

/** Per-query timings at one dataset size. */
export interface QueryCosts {
  /** Votes in the dataset. */
  votes: number;
  /** Votes of the benchmarked (hottest) server. */
  hotServerVotes: number;
  /** µs per call of each query. */
  timings: Record<QueryName, Timing>;
}

/** Times each store query against a working copy of `dataset` (the hot server's key and data). */
export function measureQueryCosts(dataset: Dataset, iterations: number): QueryCosts {
  const warmup = 200;
  const copy = createWorkingCopy(dataset, `q${dataset.votes}`, iterations + warmup);
  try {
    const db = openDatabase(copy.file);
    const store = createStore(db, { now: Date.now });
    const names = dataset.checkUsernames;
    const pick = (i: number) => names[i % names.length] as string;
    const timings: Record<QueryName, Timing> = {
      auth: timeSync(() => store.keys.authenticate(copy.apiKey), iterations, warmup),
      check: timeSync(
        (i) => store.votes.findCheck('unclaimed', HOT_SERVER_ID, { username: pick(i) }),
        iterations,
        warmup,
      ),
      claim: timeSync(
        (i) => {
          if (store.votes.claimOldest(HOT_SERVER_ID, copy.claimUsernames[i] as string) === null) {
            throw new Error(`claim of ${copy.claimUsernames[i]} found no vote: the claim pool is broken`);
          }
        },
        iterations,
        warmup,
      ),
      claim_none: timeSync((i) => store.votes.claimOldest(HOT_SERVER_ID, `Nobody_${i}`), iterations, warmup),
      count: timeSync(() => store.servers.getWithStats(HOT_SERVER_ID), iterations, warmup),
      // The badge reads the server and its stats in one statement, as /vote/count does.
      info: timeSync(() => store.servers.getWithStats(HOT_SERVER_ID), iterations, warmup),
    };
    db.close();
    return { votes: dataset.votes, hotServerVotes: dataset.hotServerVotes, timings };
  } finally {
    copy.remove();
  }
}

function label(votes: number): string {
  return votes >= 1_000_000 ? `${votes / 1_000_000} M` : `${votes / 1000} k`;
}

/** Section 2b: in-process cost of every query at each scale, and the largest / 10 k ratio. */
export async function runQueryBench(settings: BenchSettings = readBenchSettings()): Promise<SectionResult> {
  const iterations = settings.quick ? 500 : 3000;
  const results: QueryCosts[] = [];
  const notes: string[] = [];
  for (const votes of scaleSizes(settings)) {
    const dataset = ensureDataset(votes);
    notes.push(
      `${label(votes)}: ${dataset.cached ? 'cached file' : `generated in ${fmt(dataset.buildSeconds)} s`}, ` +
        `hot server ${dataset.hotServerVotes.toLocaleString('en-US')} votes`,
    );
    results.push(measureQueryCosts(dataset, iterations));
  }
  const base = results[0] as QueryCosts;
  const oneM = results.find((r) => r.votes === 1_000_000) as QueryCosts;
  const header = [
    'query',
    ...results.flatMap((r) => [`${label(r.votes)} median µs`, `${label(r.votes)} p99 µs`]),
  ];
  header.push(...results.slice(1).map((r) => `${label(r.votes)} / 10 k`));
  const rows = QUERY_NAMES.map((q) => [
    QUERY_LABELS[q],
    ...results.flatMap((r) => [fmt(r.timings[q].median), fmt(r.timings[q].p99)]),
    ...results.slice(1).map((r) => `${fmt(r.timings[q].median / base.timings[q].median)}×`),
  ]);
  const targets: TargetResult[] = QUERY_NAMES.map((q) => ({
    name: `1 M / 10 k time, ${q} (in process)`,
    value: oneM.timings[q].median / base.timings[q].median,
    limit: 1.3,
    op: '<=',
    unit: '×',
  }));
  return {
    title: '2b. Per-query cost in process',
    markdown: [
      `The mock's own store (\`createStore\` on \`openDatabase\`), one better-sqlite3 connection on a working copy of ` +
        `each dataset, the hot server's key and data, ${iterations} timed calls after 200 warm-up calls. ` +
        'Claims take a fresh vote each (a pool of unclaimed votes of distinct players added to the copy); ' +
        'check looks up players who voted for the hot server.',
      '',
      table(header, rows),
      '',
      `Datasets: ${notes.join('; ')}.`,
    ].join('\n'),
    targets,
  };
}

if (isMain(import.meta.url)) printSection(await runQueryBench());
