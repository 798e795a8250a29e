import { describe, expect, it } from 'vitest';
import * as keys from '../../src/store/keys';

/**
 * Every family of stored records: each prefix and single key `store/keys.ts` declares. `PARTY_PREFIX` is left out: it
 * names the old progress keys, which only the migration reads (it is the start of the party's other families).
 */
const FAMILIES: [string, string][] = Object.entries(keys as Record<string, unknown>).flatMap(
  ([name, value]) =>
    typeof value === 'string' && name !== 'PARTY_PREFIX' ? [[name, value] as [string, string]] : [],
);

const pairs = FAMILIES.flatMap((a) => FAMILIES.filter((b) => b !== a).map((b) => [a, b] as const));

describe('stored key families', () => {
  it('declares every family, each once', () => {
    expect(FAMILIES.length).toBeGreaterThanOrEqual(13);
    const values = FAMILIES.map(([, value]) => value);
    expect(new Set(values).size).toBe(values.length);
  });

  it.each(pairs.map(([[a, scanned], [b, other]]) => [a, b, scanned, other] as const))(
    'no scan of %s reads a record of %s',
    (_a, _b, scanned, other) => {
      // A single key is never scanned; a prefix ends with ':' and must not start another family.
      if (!scanned.endsWith(':')) return;
      expect(other.startsWith(scanned)).toBe(false);
    },
  );

  it('the vote party progress is its own family; the old prefix shadowed the decisions and party:since', () => {
    expect(keys.partyProgressKey('2026-11')).toBe('party:progress:2026-11');
    const shadowed = FAMILIES.filter(([, value]) => value.startsWith(keys.PARTY_PREFIX)).map(
      ([name]) => name,
    );
    expect(shadowed.sort()).toEqual([
      'PARTY_DECISION_PREFIX',
      'PARTY_HOLD_KEY',
      'PARTY_PROGRESS_PREFIX',
      'PARTY_SINCE_KEY',
    ]);
  });
});
