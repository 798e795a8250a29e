import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transcriptSchema } from './transcript';

const dir = join(new URL('.', import.meta.url).pathname, 'transcripts');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const sources = JSON.parse(
  readFileSync(new URL('../../tools/frameworks/sources.json', import.meta.url), 'utf8'),
).resources as Record<string, { repo: string; commit: string }>;

describe('real-framework transcripts', () => {
  it('exist (recorded by npm run frameworks:record)', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s matches the transcript schema, its world name and the pinned sources', (file) => {
    const transcript = transcriptSchema.parse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    expect(`${transcript.world}.json`).toBe(file);
    for (const source of transcript.sources) {
      expect(
        sources[source.source ?? source.resource],
        `${source.source ?? source.resource} is pinned in tools/frameworks/sources.json`,
      ).toMatchObject({
        repo: source.repo,
        commit: source.commit,
      });
    }
    const names = transcript.scenarios.map((s) => s.name);
    expect(new Set(names).size, 'scenario names are unique').toBe(names.length);
  });
});
