/**
 * The two halves of `frameworks:drift` that decide something: which commit of a mirror is a source's newest release
 * (`newestRelease`), and what changed between a committed transcript and one re-recorded on newer sources
 * (`diffTranscripts`, a scenario-level summary).
 */
import { execFileSync } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import type { Transcript, TranscriptCall, TranscriptScenario } from '../../test/frameworks/transcript';
import type { FrameworkSource } from './sources';

/** Where a source's drift commit came from. */
export type ReleaseKind = 'tag' | 'head' | 'pinned';

/** The commit a source is re-recorded at. */
export interface Release {
  /** Full commit id. */
  commit: string;
  /** `tag`: the newest tag (by date); `head`: the mirror's HEAD (no tag, or the pin is already past the newest tag); `pinned`: kept. */
  kind: ReleaseKind;
  /** The tag's name, HEAD's date, or the pinned source's version. */
  label: string;
  /** The pinned commit, in full. */
  pinned: string;
}

function git(repoDir: string, args: string[]): string {
  return execFileSync('git', ['-C', repoDir, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    .toString('utf8')
    .trim();
}

function isAncestor(repoDir: string, ancestor: string, of: string): boolean {
  try {
    execFileSync('git', ['-C', repoDir, 'merge-base', '--is-ancestor', ancestor, of], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The newest release of a source in its mirror: the most recently created tag, unless the pinned commit already
 * contains it (then the pin is past every release, and HEAD is the newest code); HEAD when the repository has no tag;
 * the pin itself for a source marked `drift: "pinned"` (an old version kept on purpose).
 */
export function newestRelease(repoDir: string, source: FrameworkSource): Release {
  let pinned: string;
  try {
    pinned = git(repoDir, ['rev-parse', '--verify', '--quiet', `${source.commit}^{commit}`]);
  } catch {
    throw new Error(`commit ${source.commit} of ${source.repo} is not in the mirror ${repoDir}`);
  }
  if (source.drift === 'pinned')
    return { commit: pinned, kind: 'pinned', label: source.version ?? 'pinned', pinned };
  const [newestTag] = git(repoDir, [
    'for-each-ref',
    '--sort=-creatordate',
    '--count=1',
    '--format=%(refname:short)',
    'refs/tags',
  ])
    .split('\n')
    .filter(Boolean);
  if (newestTag !== undefined) {
    const tagged = git(repoDir, ['rev-parse', `refs/tags/${newestTag}^{commit}`]);
    if (tagged === pinned || !isAncestor(repoDir, tagged, pinned)) {
      return { commit: tagged, kind: 'tag', label: newestTag, pinned };
    }
  }
  const head = git(repoDir, ['rev-parse', 'HEAD^{commit}']);
  const date = git(repoDir, ['log', '-1', '--format=%cs', head]);
  return { commit: head, kind: 'head', label: `HEAD ${date}`, pinned };
}

/** What differs in one scenario present on both sides. */
export interface ScenarioChange {
  /** Scenario name. */
  name: string;
  /** Short phrases: `calls 2 of 5 (#1 returned, #4 raised)`, `after`, `console +1 −2`, ... */
  parts: string[];
}

/** A world's transcript compared with its re-recording. */
export interface TranscriptDiff {
  /** Sources whose commit differs: `resource old → new`. */
  sources: string[];
  /** Scenarios only in the re-recording. */
  added: string[];
  /** Scenarios only in the committed transcript. */
  removed: string[];
  /** Scenarios on both sides that differ. */
  changed: ScenarioChange[];
  /** Scenarios on both sides, identical. */
  same: number;
}

const CALL_FIELDS = ['resource', 'path', 'args', 'returned', 'raised', 'async'] as const;

function callChange(
  index: number,
  before: TranscriptCall | undefined,
  after: TranscriptCall | undefined,
): string {
  if (!before) return `#${index} new`;
  if (!after) return `#${index} gone`;
  const fields = CALL_FIELDS.filter((field) => !isDeepStrictEqual(before[field], after[field]));
  return `#${index} ${fields.join('+')}`;
}

function lineCounts(before: string[], after: string[]): string {
  const counts = (lines: string[]) => {
    const map = new Map<string, number>();
    for (const line of lines) map.set(line, (map.get(line) ?? 0) + 1);
    return map;
  };
  const a = counts(before);
  const b = counts(after);
  let added = 0;
  let removed = 0;
  for (const [line, n] of b) added += Math.max(0, n - (a.get(line) ?? 0));
  for (const [line, n] of a) removed += Math.max(0, n - (b.get(line) ?? 0));
  return added === 0 && removed === 0 ? 'console order' : `console +${added} −${removed}`;
}

function scenarioParts(before: TranscriptScenario, after: TranscriptScenario): string[] {
  const parts: string[] = [];
  if (before.description !== after.description) parts.push('description');
  if (!isDeepStrictEqual(before.before, after.before)) parts.push('before');
  const count = Math.max(before.calls.length, after.calls.length);
  const calls: string[] = [];
  for (let i = 0; i < count; i += 1) {
    if (!isDeepStrictEqual(before.calls[i], after.calls[i]))
      calls.push(callChange(i, before.calls[i], after.calls[i]));
  }
  if (calls.length > 0) {
    const shown = calls.slice(0, 4).join(', ') + (calls.length > 4 ? `, … ${calls.length - 4} more` : '');
    const sizes =
      before.calls.length === after.calls.length
        ? `${calls.length} of ${count}`
        : `${before.calls.length} → ${after.calls.length}`;
    parts.push(`calls ${sizes} (${shown})`);
  }
  if (!isDeepStrictEqual(before.after, after.after)) parts.push('after');
  if (!isDeepStrictEqual(before.console, after.console))
    parts.push(lineCounts(before.console, after.console));
  if (!isDeepStrictEqual(before.notes, after.notes)) parts.push('notes');
  if (!isDeepStrictEqual(before.findings, after.findings)) parts.push('findings');
  return parts;
}

/** Compares a committed transcript with one recorded on other sources, scenario by scenario. */
export function diffTranscripts(committed: Transcript, recorded: Transcript): TranscriptDiff {
  const sources: string[] = [];
  for (const source of recorded.sources) {
    const old = committed.sources.find((s) => s.resource === source.resource && s.source === source.source);
    if (!old) sources.push(`${source.resource} new at ${source.commit.slice(0, 12)}`);
    else if (old.commit.slice(0, 12) !== source.commit.slice(0, 12)) {
      sources.push(
        `${source.source ?? source.resource} ${old.commit.slice(0, 12)} → ${source.commit.slice(0, 12)} (${source.version ?? '?'})`,
      );
    }
  }
  const byName = new Map(committed.scenarios.map((s) => [s.name, s]));
  const recordedNames = new Set(recorded.scenarios.map((s) => s.name));
  const diff: TranscriptDiff = {
    sources,
    added: recorded.scenarios.filter((s) => !byName.has(s.name)).map((s) => s.name),
    removed: committed.scenarios.filter((s) => !recordedNames.has(s.name)).map((s) => s.name),
    changed: [],
    same: 0,
  };
  for (const scenario of recorded.scenarios) {
    const old = byName.get(scenario.name);
    if (!old) continue;
    const parts = scenarioParts(old, scenario);
    if (parts.length === 0) diff.same += 1;
    else diff.changed.push({ name: scenario.name, parts });
  }
  return diff;
}

/** True when the re-recording says something the committed transcript does not (sources aside). */
export function hasDrift(diff: TranscriptDiff): boolean {
  return diff.added.length > 0 || diff.removed.length > 0 || diff.changed.length > 0;
}

/** The lines `frameworks:drift` prints for one comparison: a head phrase, then one line per source and scenario. */
export function describeDiff(diff: TranscriptDiff): string[] {
  const total = diff.same + diff.changed.length + diff.added.length;
  const head = hasDrift(diff)
    ? `${diff.changed.length} of ${total} scenarios changed` +
      (diff.added.length > 0 ? `, ${diff.added.length} new` : '') +
      (diff.removed.length > 0 ? `, ${diff.removed.length} gone` : '')
    : `unchanged (${diff.same} scenarios)`;
  const lines = [head];
  for (const source of diff.sources) lines.push(`    source ${source}`);
  for (const change of diff.changed) lines.push(`    ~ ${change.name}: ${change.parts.join('; ')}`);
  for (const name of diff.added) lines.push(`    + ${name}`);
  for (const name of diff.removed) lines.push(`    - ${name}`);
  return lines;
}
