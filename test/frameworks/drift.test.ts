import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDiff, diffTranscripts, hasDrift, newestRelease } from '../../tools/frameworks/drift-diff';
import type { FrameworkSource } from '../../tools/frameworks/sources';
import type { Transcript, TranscriptScenario } from './transcript';

describe('newestRelease: the commit frameworks:drift re-records a source at', () => {
  let repo: string;
  const ids: Record<string, string> = {};
  const git = (args: string[], date?: string) =>
    execFileSync('git', ['-C', repo, ...args], {
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@example.invalid',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@example.invalid',
        ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
      },
    })
      .toString('utf8')
      .trim();

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'vr-drift-'));
    git(['init', '-q', '-b', 'main']);
    // a (tag 1.0.0) → b (tag 13.13.0, a typo'd tag made before 1.1.0) → c (tag 1.1.0) → d (HEAD, untagged)
    const commits = [
      ['a', '2024-01-01T00:00:00Z', '1.0.0'],
      ['b', '2024-02-01T00:00:00Z', '13.13.0'],
      ['c', '2024-03-01T00:00:00Z', '1.1.0'],
      ['d', '2024-04-01T00:00:00Z', null],
    ] as const;
    for (const [name, date, tag] of commits) {
      writeFileSync(join(repo, 'f.lua'), `-- ${name}\n`);
      git(['add', 'f.lua']);
      git(['commit', '-q', '-m', name], date);
      ids[name] = git(['rev-parse', 'HEAD']);
      if (tag) git(['tag', '-a', tag, '-m', tag], date);
    }
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  const source = (commit: string, extra: Partial<FrameworkSource> = {}): FrameworkSource => ({
    repo: 'owner/name',
    commit: commit.slice(0, 12),
    version: 'pinned version',
    root: '',
    include: ['**/*.lua'],
    ...extra,
  });

  it.each([
    { pin: 'a', extra: {}, commit: 'c', kind: 'tag', label: '1.1.0', why: 'a newer tag: the newest by date' },
    { pin: 'c', extra: {}, commit: 'c', kind: 'tag', label: '1.1.0', why: 'the pin is the newest tag' },
    {
      pin: 'd',
      extra: {},
      commit: 'd',
      kind: 'head',
      label: 'HEAD 2024-04-01',
      why: 'the pin is past every tag',
    },
    {
      pin: 'a',
      extra: { drift: 'pinned' as const },
      commit: 'a',
      kind: 'pinned',
      label: 'pinned version',
      why: 'an old version kept on purpose',
    },
  ])('$why: pin $pin → $kind $label', ({ pin, extra, commit, kind, label }) => {
    expect(newestRelease(repo, source(ids[pin] as string, extra))).toEqual({
      commit: ids[commit],
      kind,
      label,
      pinned: ids[pin],
    });
  });

  it('takes HEAD when the repository has no tag', () => {
    const bare = mkdtempSync(join(tmpdir(), 'vr-drift-notag-'));
    try {
      execFileSync('git', ['clone', '-q', '--no-tags', '--mirror', repo, bare]);
      for (const tag of ['1.0.0', '13.13.0', '1.1.0']) execFileSync('git', ['-C', bare, 'tag', '-d', tag]);
      expect(newestRelease(bare, source(ids.b as string))).toMatchObject({ commit: ids.d, kind: 'head' });
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('names a pin the mirror does not hold', () => {
    expect(() => newestRelease(repo, source('0123456789ab'))).toThrow(
      'commit 0123456789ab of owner/name is not in the mirror',
    );
  });
});

const scenario = (name: string, extra: Partial<TranscriptScenario> = {}): TranscriptScenario => ({
  name,
  description: `${name} shown`,
  before: { cash: 0 },
  calls: [
    { resource: 'es_extended', path: 'getSharedObject', args: [], returned: { $function: 'x' } },
    { resource: 'es_extended', path: 'addMoney', args: [1, 500], returned: true },
  ],
  after: { cash: 500 },
  console: ['[es_extended] paid'],
  ...extra,
});

const transcript = (scenarios: TranscriptScenario[], commit = 'c0260923bbc4'): Transcript => ({
  format: 1,
  world: 'esx',
  description: 'es_extended alone',
  sources: [{ resource: 'es_extended', repo: 'esx-framework/esx_core', commit, version: '1.13.5' }],
  players: [{ source: 1, name: 'Alice', identifiers: ['license:1'], loaded: true }],
  scenarios,
});

describe('diffTranscripts: what a re-recording changed, scenario by scenario', () => {
  const committed = transcript([scenario('money'), scenario('bank'), scenario('left')]);

  it('finds nothing in an identical re-recording', () => {
    const diff = diffTranscripts(committed, structuredClone(committed));
    expect(hasDrift(diff)).toBe(false);
    expect(describeDiff(diff)).toEqual(['unchanged (3 scenarios)']);
  });

  it.each([
    {
      what: 'a call answers differently',
      change: (s: TranscriptScenario) => {
        s.calls[1] = { ...(s.calls[1] as TranscriptScenario['calls'][number]), returned: false };
      },
      parts: ['calls 1 of 2 (#1 returned)'],
    },
    {
      what: 'a call now raises',
      change: (s: TranscriptScenario) => {
        s.calls[1] = {
          resource: 'es_extended',
          path: 'addMoney',
          args: [1, 500],
          raised: { message: 'm', lua: [] },
        };
      },
      parts: ['calls 1 of 2 (#1 returned+raised)'],
    },
    {
      what: 'one more call and another end state',
      change: (s: TranscriptScenario) => {
        s.calls.push({ resource: 'es_extended', path: 'save', args: [], returned: true });
        s.after = { cash: 1000 };
      },
      parts: ['calls 2 → 3 (#2 new)', 'after'],
    },
    {
      what: 'the console prints another line',
      change: (s: TranscriptScenario) => {
        s.console = ['[es_extended] paid', 'SCRIPT ERROR: nil'];
      },
      parts: ['console +1 −0'],
    },
    {
      what: 'the adapter answers otherwise',
      change: (s: TranscriptScenario) => {
        s.notes = { adapter: 'refused' };
      },
      parts: ['notes'],
    },
  ])('names the part that changed: $what', ({ change, parts }) => {
    const fresh = structuredClone(committed);
    change(fresh.scenarios[0] as TranscriptScenario);
    const diff = diffTranscripts(committed, fresh);
    expect(diff.changed).toEqual([{ name: 'money', parts }]);
    expect(diff.same).toBe(2);
    expect(hasDrift(diff)).toBe(true);
  });

  it('lists new and gone scenarios and the moved source', () => {
    const fresh = transcript([scenario('money'), scenario('bank'), scenario('item')], '1234567890abcdef');
    fresh.sources[0] = { ...(fresh.sources[0] as Transcript['sources'][number]), version: '1.14.0' };
    const diff = diffTranscripts(committed, fresh);
    expect(diff).toMatchObject({ added: ['item'], removed: ['left'], changed: [], same: 2 });
    expect(describeDiff(diff)).toEqual([
      '0 of 3 scenarios changed, 1 new, 1 gone',
      '    source es_extended c0260923bbc4 → 1234567890ab (1.14.0)',
      '    + item',
      '    - left',
    ]);
  });

  it('tells a new source commit with the same answers apart from drift', () => {
    const diff = diffTranscripts(committed, transcript(structuredClone(committed.scenarios), 'ffffffffffff'));
    expect(hasDrift(diff)).toBe(false);
    expect(describeDiff(diff)).toEqual([
      'unchanged (3 scenarios)',
      '    source es_extended c0260923bbc4 → ffffffffffff (1.13.5)',
    ]);
  });
});
