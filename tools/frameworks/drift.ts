/**
 * `npm run frameworks:drift [world ...]`: for every source in sources.json, finds the newest release in its git mirror
 * (drift-diff.ts `newestRelease`), extracts those commits into `.frameworks-drift/newest/`, re-records every world (or
 * the named ones) into `.frameworks-drift/transcripts/` and prints, per world, which scenarios changed. A world whose
 * sources moved is also re-recorded at the pinned commits (`.frameworks-drift/pinned/`, `baseline/`), so what the
 * newer framework changed is told apart from what changed in the harness since the transcript was committed. The
 * committed transcripts are never touched. Exits 1 when anything changed or a world could not be recorded.
 * `VR_DRIFT_DIR` puts the whole `.frameworks-drift/` elsewhere.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Transcript, transcriptSchema } from '../../test/frameworks/transcript';
import { describeDiff, diffTranscripts, hasDrift, newestRelease, type Release } from './drift-diff';
import { PROJECT_ROOT, SOURCES, SOURCES_FILE } from './sources';
import { WORLDS } from './worlds/index';

const mirrorRoot = process.env.VR_FRAMEWORK_MIRROR ?? '/work/.mirror';
const out = process.env.VR_DRIFT_DIR ?? join(PROJECT_ROOT, '.frameworks-drift');
const here = fileURLToPath(new URL('.', import.meta.url));
const committedDir = join(PROJECT_ROOT, 'test/frameworks/transcripts');

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!WORLDS.some((w) => w.name === name)) {
    console.error(`no world ${name} (known: ${WORLDS.map((w) => w.name).join(', ')})`);
    process.exit(2);
  }
}
const worlds = WORLDS.filter((w) => wanted.length === 0 || wanted.includes(w.name));
const t0 = Date.now();

console.log(`newest stored release of each source (mirrors in ${mirrorRoot}):`);
const releases = new Map<string, Release>();
const newest: Record<string, unknown> = {};
for (const [key, source] of Object.entries(SOURCES)) {
  const repoDir = join(mirrorRoot, source.repo.replace('/', '+'), 'repo');
  if (!existsSync(repoDir)) {
    console.error(`no git mirror of ${source.repo} at ${repoDir} (set VR_FRAMEWORK_MIRROR)`);
    process.exit(2);
  }
  const release = newestRelease(repoDir, source);
  releases.set(key, release);
  const moved = release.commit !== release.pinned;
  const how = { tag: `tag ${release.label}`, head: release.label, pinned: `kept on purpose (drift: pinned)` }[
    release.kind
  ];
  console.log(
    `  ${key.padEnd(16)} ${release.pinned.slice(0, 12)} ${`(${source.version ?? '?'})`.padEnd(18)} ${moved ? `→ ${release.commit.slice(0, 12)}` : '= newest,'} ${how}`,
  );
  newest[key] = {
    ...source,
    commit: release.commit.slice(0, 12),
    ...(moved
      ? { version: release.kind === 'tag' ? release.label : `${release.label} (after ${source.version})` }
      : {}),
  };
}
const movedKeys = new Set([...releases].filter(([, r]) => r.commit !== r.pinned).map(([key]) => key));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const newestFile = join(out, 'sources.json');
writeFileSync(
  newestFile,
  `${JSON.stringify({ $comment: `frameworks:drift: ${SOURCES_FILE} at the newest releases`, resources: newest }, null, 2)}\n`,
);

/** Runs one of the harness's scripts on the given sources file, extracted folder and transcript folder. */
function harness(script: string, args: string[], sources: string, set: string): SpawnSyncReturns<string> {
  mkdirSync(join(out, set), { recursive: true });
  return spawnSync(process.execPath, [...process.execArgv, join(here, script), ...args], {
    env: {
      ...process.env,
      VR_FRAMEWORK_SOURCES: sources,
      VR_FRAMEWORKS_DIR: join(out, set === 'transcripts' ? 'newest' : 'pinned'),
      VR_TRANSCRIPTS_DIR: join(out, set),
    },
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

const extract = (sources: string, set: string) => {
  const fetched = harness('fetch.ts', [], sources, set);
  if (fetched.status !== 0) {
    console.error(`extracting ${sources} failed:\n${fetched.stderr || fetched.stdout}`);
    process.exit(2);
  }
};
const needsBaseline = (world: (typeof worlds)[number]) => world.resources.some((key) => movedKeys.has(key));
extract(newestFile, 'transcripts');
if (worlds.some(needsBaseline)) extract(SOURCES_FILE, 'baseline');

/** Records one world (one process per world, as frameworks:record does); the transcript, or the failure's last lines. */
function record(world: string, sources: string, set: string): Transcript | string[] {
  const run = harness('record.ts', [world], sources, set);
  if (run.status !== 0) return `${run.stdout}\n${run.stderr}`.trim().split('\n').slice(-6);
  return transcriptSchema.parse(JSON.parse(readFileSync(join(out, set, `${world}.json`), 'utf8')));
}

const print = (head: string, lines: string[]) => {
  console.log(head);
  for (const line of lines) console.log(line);
};

console.log(`\nworlds re-recorded (new transcripts in ${join(out, 'transcripts')}):`);
let changed = 0;
let stale = 0;
let failed = 0;
for (const world of worlds) {
  const started = Date.now();
  const moved = world.resources.filter((key) => movedKeys.has(key));
  const fresh = record(world.name, newestFile, 'transcripts');
  const committedFile = join(committedDir, `${world.name}.json`);
  const committed = existsSync(committedFile)
    ? transcriptSchema.parse(JSON.parse(readFileSync(committedFile, 'utf8')))
    : null;
  const baseline = moved.length > 0 ? record(world.name, SOURCES_FILE, 'baseline') : committed;
  const took = `[${((Date.now() - started) / 1000).toFixed(1)} s]`;
  if (Array.isArray(fresh) || Array.isArray(baseline)) {
    failed += 1;
    const which = Array.isArray(fresh) ? 'at the newest releases' : 'at the pinned commits';
    print(
      `${world.name}: recording ${which} failed ${took}`,
      ((Array.isArray(fresh) ? fresh : baseline) as string[]).map((l) => `    ! ${l}`),
    );
    continue;
  }
  if (baseline === null || committed === null) {
    changed += 1;
    console.log(
      `${world.name}: no committed transcript yet (${fresh.scenarios.length} scenarios recorded) ${took}`,
    );
    continue;
  }
  if (moved.length === 0) {
    const diff = diffTranscripts(committed, fresh);
    const [head, ...rest] = describeDiff(diff);
    if (hasDrift(diff)) {
      stale += 1;
      print(
        `${world.name}: sources unchanged, yet the re-recording differs from the committed transcript (see test/frameworks/README.md, drift check): ${head} ${took}`,
        rest,
      );
    } else console.log(`${world.name}: sources unchanged; ${head} ${took}`);
    continue;
  }
  const drift = diffTranscripts(baseline, fresh);
  if (hasDrift(drift)) changed += 1;
  const [head, ...rest] = describeDiff(drift);
  print(`${world.name}: at the newest releases of ${moved.join(', ')}: ${head} ${took}`, rest);
  const harnessDiff = diffTranscripts(committed, baseline);
  if (hasDrift(harnessDiff)) {
    stale += 1;
    const [staleHead, ...staleRest] = describeDiff(harnessDiff);
    print(
      `    and at the pinned commits the re-recording differs from the committed transcript: ${staleHead}`,
      staleRest.map((l) => `  ${l}`),
    );
  }
}
console.log(
  `\ndrift: ${movedKeys.size} of ${releases.size} sources have a newer release; ${changed} of ${worlds.length} worlds changed on them, ${stale} committed transcripts differ from a re-recording on their own sources, ${failed} could not be recorded; ${((Date.now() - t0) / 1000).toFixed(0)} s`,
);
process.exit(changed > 0 || stale > 0 || failed > 0 ? 1 : 0);
