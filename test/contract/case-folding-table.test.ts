import { readFileSync } from 'node:fs';
import { caseFold } from 'unicode-case-folding';
import { describe, expect, it } from 'vitest';
import { foldCase } from '../../contract/name-key';
import { renderCaseFoldingTable, TABLE_FILE } from '../../scripts/generate-case-folding';

const root = new URL('../..', import.meta.url).pathname;

describe('the generated case folding table', () => {
  it('is up to date with the unicode-case-folding package (else run npx tsx scripts/generate-case-folding.ts)', () => {
    expect(readFileSync(`${root}${TABLE_FILE}`, 'utf8')).toBe(renderCaseFoldingTable());
  });

  it('folds every code point exactly as the package does, except dotless ı, which the API matches to i', () => {
    const differ: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp += 1) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const char = String.fromCodePoint(cp);
      if (foldCase(char) !== caseFold(char)) differ.push(`${cp.toString(16)}→${foldCase(char)}`);
    }
    expect(differ).toEqual(['131→i']);
  });
});
