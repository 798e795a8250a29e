import { describe, expect, it } from 'vitest';
import { KEY_FAMILIES, PARTY_PREFIX, partyProgressKey } from '../../src/store/keys';

/** Every ordered pair of distinct families. */
const pairs = KEY_FAMILIES.flatMap((a) => KEY_FAMILIES.filter((b) => b !== a).map((b) => [a, b] as const));

describe('stored key families', () => {
  it('declares each prefix and key once', () => {
    const names = KEY_FAMILIES.map((family) => family.prefix ?? family.key);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(pairs.map(([a, b]) => [a.name, b.name, a, b] as const))(
    'no scan of %s reads a record of %s',
    (_a, _b, scanned, other) => {
      if (scanned.prefix === undefined) return;
      const otherText = other.prefix ?? other.key ?? '';
      expect(otherText.startsWith(scanned.prefix)).toBe(false);
    },
  );

  it('the vote party progress is its own family; the old prefix shadowed the decisions and party:since', () => {
    expect(partyProgressKey('2026-11')).toBe('party:progress:2026-11');
    const shadowed = KEY_FAMILIES.filter((f) => (f.prefix ?? f.key ?? '').startsWith(PARTY_PREFIX));
    expect(shadowed.map((f) => f.name)).toEqual(['party progress', 'party decisions', 'party since']);
    expect(KEY_FAMILIES.some((f) => f.prefix === PARTY_PREFIX)).toBe(false);
  });
});
