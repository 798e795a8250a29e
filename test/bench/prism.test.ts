import { describe, expect, it } from 'vitest';
import { flattenLookup } from '../../bench/lib/prism';
import { createHarness } from '../mock/helpers';

type Doc = {
  paths: Record<string, { get?: { parameters?: { name: string; in: string; required?: boolean }[] } }>;
};

describe("the Prism anchor's copy of the mock's OpenAPI document", () => {
  it('writes /vote/check lookup as two optional query parameters and leaves the published document as it was', async () => {
    const published = (await (await createHarness().app.request('/openapi.json')).json()) as Doc;
    const flat = flattenLookup(published) as Doc;
    const params = (doc: Doc) => doc.paths['/api/v1/vote/check']?.get?.parameters ?? [];
    expect(params(flat).map((p) => [p.name, p.in, p.required])).toEqual([
      ['username', 'query', false],
      ['ip', 'query', false],
    ]);
    expect(params(published).map((p) => p.name)).toEqual(['lookup']);
    expect(flat.paths['/api/v1/vote/claim']).toEqual(published.paths['/api/v1/vote/claim']);
  });

  it('refuses a document without the lookup parameter, naming what it looked for', () => {
    expect(() => flattenLookup({ paths: {} })).toThrow(
      /no `lookup` query parameter on GET \/api\/v1\/vote\/check/,
    );
  });
});
