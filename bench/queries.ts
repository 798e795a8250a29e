import { openDatabase } from '../mock-server/db/open-database';
import { createStore } from '../mock-server/db/store';
import { usernameKey } from '../mock-server/db/username';
import { createWorkingCopy, type Dataset, ensureDataset, HOT_SERVER_ID } from './lib/dataset';
import { isMain } from './lib/main';
import { fmt, printSection, type SectionResult, type TargetResult, table } from './lib/report';
import { type BenchSettings, readBenchSettings } from './lib/settings';
import { type Timing, timingOf } from './lib/stats';

/** Dataset sizes of the scale benchmarks: 10 k and 1 M votes, plus 10 M with BENCH_FULL=1. */
export function scaleSizes(settings: BenchSettings): number[] {
  return settings.full ? [10_000, 1_000_000, 10_000_000] : [10_000, 1_000_000];
}

/** Store operations behind each API route, timed in process on one connection. */
export const QUERY_NAMES = ['auth', 'check', 'seek', 'claim', 'claim_none', 'count', 'info'] as const;
/** One of QUERY_NAMES. */
export type QueryName = (typeof QUERY_NAMES)[number];

const QUERY_LABELS: Record<QueryName, string> = {
  auth: 'authenticate key (every /api/v1 request)',
  check: '/vote/check → votes.findCheck (unclaimed mode)',
  seek: 'baseline of check: SQLite alone, the same players, one index seek and one row read (no mock code)',
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

/** One dataset's store, opened on a working copy, ready to time each query. */
interface QueryBench {
  votes: number;
  hotServerVotes: number;
  /** Runs query `q` for call number `i`. */
  call(q: QueryName, i: number): void;
  close(): void;
}

/** Opens a working copy of `dataset` with `claims` claimable votes (each claim call takes the next one). */
function openQueryBench(dataset: Dataset, claims: number): QueryBench {
  const copy = createWorkingCopy(dataset, `q${dataset.votes}`, claims);
  const db = openDatabase(copy.file);
  const store = createStore(db, { now: Date.now });
  const names = dataset.checkUsernames;
  const pick = (i: number) => names[i % names.length] as string;
  // Check's shape without the mock's code: SQLite's seek in a votes index and its read of the row it points at.
  const seekStmt = db.prepare<[number, string], { uuid: string; voted_at: number }>(
    'SELECT uuid, voted_at FROM votes WHERE server_id = +? AND username_key = +? ORDER BY voted_at LIMIT 1',
  );
  const seekKeys = names.map((name) => usernameKey(name));
  let claimed = 0;
  const calls: Record<QueryName, (i: number) => unknown> = {
    auth: () => store.keys.authenticate(copy.apiKey),
    check: (i) => store.votes.findCheck('unclaimed', HOT_SERVER_ID, { username: pick(i) }),
    seek: (i) => seekStmt.get(HOT_SERVER_ID, seekKeys[i % seekKeys.length] as string),
    claim: () => {
      const name = copy.claimUsernames[claimed++] as string;
      if (store.votes.claimOldest(HOT_SERVER_ID, name) === null) {
        throw new Error(`claim of ${name} found no vote: the claim pool is broken`);
      }
    },
    claim_none: (i) => store.votes.claimOldest(HOT_SERVER_ID, `Nobody_${i}`),
    count: () => store.servers.getWithStats(HOT_SERVER_ID),
    // The badge reads the server and its stats in one statement, as /vote/count does.
    info: () => store.servers.getWithStats(HOT_SERVER_ID),
  };
  return {
    votes: dataset.votes,
    hotServerVotes: dataset.hotServerVotes,
    call: (q, i) => calls[q](i),
    close() {
      db.close();
      copy.remove();
    },
  };
}

/**
 * Times every query on every dataset in `rounds` rounds; within a round each query runs on each dataset one after
 * the other, so the ratio of a round compares calls made under the same machine load.
 */
export function measureQueryRounds(
  datasets: Dataset[],
  iterations: number,
  rounds: number,
): { costs: QueryCosts[]; roundRatios: Record<QueryName, number[]>[] } {
  const warmup = 50;
  const per = Math.ceil(iterations / rounds);
  const benches = datasets.map((d) => openQueryBench(d, (per + warmup) * rounds));
  try {
    const samples = benches.map(
      () => Object.fromEntries(QUERY_NAMES.map((q) => [q, [] as number[]])) as Record<QueryName, number[]>,
    );
    const roundRatios = benches
      .slice(1)
      .map(
        () => Object.fromEntries(QUERY_NAMES.map((q) => [q, [] as number[]])) as Record<QueryName, number[]>,
      );
    for (let round = 0; round < rounds; round++) {
      for (const q of QUERY_NAMES) {
        const medians = benches.map((bench, b) => {
          const own: number[] = [];
          for (let i = 0; i < warmup + per; i++) {
            const started = process.hrtime.bigint();
            bench.call(q, round * (per + warmup) + i);
            if (i >= warmup) own.push(Number(process.hrtime.bigint() - started) / 1000);
          }
          (samples[b] as Record<QueryName, number[]>)[q].push(...own);
          return timingOf(own).median;
        });
        for (let b = 1; b < medians.length; b++) {
          (roundRatios[b - 1] as Record<QueryName, number[]>)[q].push(
            (medians[b] as number) / (medians[0] as number),
          );
        }
      }
    }
    const costs = benches.map((bench, b) => ({
      votes: bench.votes,
      hotServerVotes: bench.hotServerVotes,
      timings: Object.fromEntries(
        QUERY_NAMES.map((q) => [q, timingOf((samples[b] as Record<QueryName, number[]>)[q])]),
      ) as Record<QueryName, Timing>,
    }));
    return { costs, roundRatios };
  } finally {
    for (const bench of benches) bench.close();
  }
}

function label(votes: number): string {
  return votes >= 1_000_000 ? `${votes / 1_000_000} M` : `${votes / 1000} k`;
}

/** Section 2b: in-process cost of every query at each scale, and the largest / 10 k ratio. */
export async function runQueryBench(settings: BenchSettings = readBenchSettings()): Promise<SectionResult> {
  const iterations = settings.quick ? 500 : 3000;
  const rounds = settings.quick ? 2 : 6;
  const notes: string[] = [];
  const datasets = scaleSizes(settings).map((votes) => {
    const dataset = ensureDataset(votes);
    notes.push(
      `${label(votes)}: ${dataset.cached ? 'cached file' : `generated in ${fmt(dataset.buildSeconds)} s`}, ` +
        `hot server ${dataset.hotServerVotes.toLocaleString('en-US')} votes`,
    );
    return dataset;
  });
  const { costs: results, roundRatios } = measureQueryRounds(datasets, iterations, rounds);
  const oneMIndex = results.findIndex((r) => r.votes === 1_000_000);
  const oneMRatios = roundRatios[oneMIndex - 1] as Record<QueryName, number[]>;
  const header = [
    'query',
    ...results.flatMap((r) => [`${label(r.votes)} median µs`, `${label(r.votes)} p99 µs`]),
  ];
  header.push(...results.slice(1).map((r) => `${label(r.votes)} / 10 k, min / **median** / max of rounds`));
  const spreadOf = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${fmt(sorted[0] ?? 0)} / **${fmt(sorted[Math.floor(sorted.length / 2)] ?? 0)}** / ${fmt(sorted[sorted.length - 1] ?? 0)}×`;
  };
  const rows = QUERY_NAMES.map((q) => [
    QUERY_LABELS[q],
    ...results.flatMap((r) => [fmt(r.timings[q].median), fmt(r.timings[q].p99)]),
    ...roundRatios.map((ratios) => spreadOf(ratios[q])),
  ]);
  const middle = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  // Check is one index seek whose own cost is a few µs: its 1 M / 10 k ratio is the B-tree's (four times deeper and
  // out of the CPU caches at 1 M), as the SQLite-only seek beside it shows, and it grows as the mock's fixed cost
  // shrinks. It is reported, not targeted here; section 2's HTTP scale target covers check at the request level.
  const targets: TargetResult[] = QUERY_NAMES.filter((q) => q !== 'seek' && q !== 'check').map((q) => ({
    name: `1 M / 10 k time, ${q} (in process, median of interleaved rounds)`,
    value: middle(oneMRatios[q]),
    limit: 1.3,
    op: '<=',
    unit: '×',
  }));
  const checkNote =
    `Check's own 1 M / 10 k ratio, ${fmt(middle(oneMRatios.check))}×, is reported without a target: its statement is ` +
    `one index seek and one row read, and the same shape run by SQLite alone (the baseline row, no mock code) grows ` +
    `${fmt(middle(oneMRatios.seek))}× between the same files; the seek's cost is the B-tree's depth and CPU cache ` +
    `misses, and the ratio rises when the mock's fixed cost per call falls. Check's scale at the request level is ` +
    `targeted in section 2.`;
  return {
    title: '2b. Per-query cost in process',
    markdown: [
      `The mock's own store (\`createStore\` on \`openDatabase\`), one better-sqlite3 connection on a working copy of ` +
        `each dataset, the hot server's key and data, ${iterations} timed calls in ${rounds} rounds of ${Math.ceil(iterations / rounds)} (after 50 warm-up calls each); within a round every query runs on each dataset back to back, and the target takes the median of the rounds' 1 M / 10 k ratios, so a change in the machine's load between two datasets' runs moves one round, not the verdict. ` +
        'Claims take a fresh vote each (a pool of unclaimed votes of distinct players added to the copy); ' +
        'check looks up players who voted for the hot server.',
      '',
      table(header, rows),
      '',
      `Datasets: ${notes.join('; ')}.`,
      '',
      checkNote,
    ].join('\n'),
    targets,
  };
}

if (isMain(import.meta.url)) printSection(await runQueryBench());
