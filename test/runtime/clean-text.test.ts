import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../../src/i18n/messages';
import { cleanText } from '../../src/runtime/clean-text';
import { createFivemRuntime } from '../../src/runtime/fivem';

// biome-ignore lint/suspicious/noControlCharactersInRegex: asserting their absence
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\p{Cf}]|\^[0-9#*_~=/r]|~[a-zA-Z]~/u;

describe('cleanText', () => {
  it.each([
    ['a newline', 'Steve\n[vote-reward] fake line', 'Steve\\n[vote-reward] fake line'],
    ['CR, LF and tab', 'a\r\nb\tc', 'a\\r\\nb\\tc'],
    [
      'ANSI clear screen and colour, shown and inert',
      'Evil\u001b[2J\u001b[31mRed',
      'Evil\\x1b[2J\\x1b[31mRed',
    ],
    ['an OSC title sequence, shown and inert', '\u001b]0;owned\u0007ok', '\\x1b]0;owned\\x07ok'],
    ['an ESC before a backslash, which is kept', 'a\u001b\\[b', 'a\\x1b\\[b'],
    ['a lone ESC', 'a\u001bb', 'a\\x1bb'],
    ['a C1 control', 'a\u009bb', 'a\\x9bb'],
    ['FiveM colour codes', '^1red^7', 'red'],
    ['colour codes that reassemble', '^^11x', 'x'],
    ['chat style codes', '^*b^_u^=x^~s^/i^rn', 'buxsin'],
    ['hex and game colour codes', '^#ff0000red ~r~game~s~', 'red game'],
    ['zero-width, BOM and soft hyphen, shown', 'Ste\u200bve\ufeff\u00ad', 'Ste\\u200bve\\ufeff\\xad'],
    ['a format character outside the BMP, shown', 'a\u{e0041}b', 'a\\u{e0041}b'],
    ['bidi overrides and isolates', 'a\u202eb\u2066c\u200fd', 'a\\u202eb\\u2066c\\u200fd'],
    ['a line separator', 'a\u2028b', 'a\\u2028b'],
    ['plain text', 'Straße Σίσυφος ｆｕｌｌ', 'Straße Σίσυφος ｆｕｌｌ'],
  ])('%s', (_case, input, output) => {
    expect(cleanText(input)).toBe(output);
  });

  it('cuts long values with an ellipsis, counting code points', () => {
    expect(cleanText('x'.repeat(200))).toBe(`${'x'.repeat(127)}…`);
    expect(cleanText('😀'.repeat(70), 64)).toBe(`${'😀'.repeat(63)}…`);
    expect(cleanText('x'.repeat(64), 64)).toBe('x'.repeat(64));
  });

  it('never leaves a control, format character or style code, and never exceeds the maximum', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom(
              '\n',
              '\u001b',
              '[',
              '^',
              '1',
              '*',
              'r',
              '#',
              '~',
              'a',
              '\u202e',
              '\u200b',
              '\u0085',
            ),
            fc.string({ unit: 'binary' }),
          ),
        }),
        fc.integer({ min: 1, max: 80 }),
        (input, max) => {
          const out = cleanText(input, max);
          expect(out).not.toMatch(UNSAFE);
          expect([...out].length).toBeLessThanOrEqual(max);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('translator placeholders', () => {
  it('keeps the template text and colour codes but cleans and cuts the values', () => {
    const translate = createTranslator('en', { en: { name_locked: '^1Locked:^7 {name}' } });
    const name = `Steve\n[vote-reward] fake line\u001b[2J^1red\u202e${'x'.repeat(80)}`;
    const line = translate('name_locked', { name });
    expect(line.startsWith('^1Locked:^7 Steve\\n[vote-reward] fake line\\x1b[2Jred\\u202e')).toBe(true);
    expect(line.split('\n')).toHaveLength(1);
    expect([...line.slice('^1Locked:^7 '.length)].length).toBe(64);
    expect(line.endsWith('…')).toBe(true);
  });
});

describe('the FXServer console sink', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    ['info', 'Ana (license:a) rewarded for vote ', ''],
    ['warn', 'reward for ', '^3'],
    ['error', 'reconciling ', '^1'],
  ] as const)(
    '%s prints the prefix and a hostile vote_id inside one clean line',
    (level, message, colour) => {
      vi.stubGlobal('GetCurrentResourceName', () => 'vote-reward');
      const printed: string[] = [];
      vi.spyOn(console, 'log').mockImplementation((line: string) => printed.push(line));
      const voteId = 'x\n[script:vote-reward] vote-reward: FORGED ^1line\u001b[2J\u202e; quit';

      createFivemRuntime().log[level](`${message}${voteId}`);

      const expected = `vote-reward: ${message}x\\n[script:vote-reward] vote-reward: FORGED line\\x1b[2J\\u202e; quit`;
      expect(printed).toEqual([colour ? `${colour}${expected}^7` : expected]);
    },
  );

  it.each([
    ['info', ''],
    ['warn', '^3'],
    ['error', '^1'],
  ] as const)('plain %s prints the line as given, without the prefix, still cleaned', (level, colour) => {
    vi.stubGlobal('GetCurrentResourceName', () => 'vote-reward');
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => printed.push(line));

    createFivemRuntime().log.plain[level]('  - ref 1\nforged');

    expect(printed).toEqual([colour ? `${colour}  - ref 1\\nforged^7` : '  - ref 1\\nforged']);
  });
});
