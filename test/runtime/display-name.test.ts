import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../src/i18n/messages';
import { cleanText, NAME_MAX } from '../../src/runtime/clean-text';
import { cleanName, displayName } from '../../src/runtime/display-name';

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: asserting their absence
const CONTROL_OR_FORMAT = /[\u0000-\u001f\u007f-\u009f\p{Cf}]/u;
/** The codes FiveM's chat renders (its `colorize`): colours, hex colours, game colours and styles. */
const CHAT_CODES = [/\^[0-9]/, /\^#[0-9A-F]{3,6}/i, /~[a-z]~/, /\^[_*=~/r]/];

/** ASCII punctuation Discord would read as syntax: every one not preceded by an escaping backslash. */
function unescapedPunctuation(text: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (char === '\\' && ASCII_PUNCTUATION.test(text[i + 1] ?? '')) {
      i += 1;
    } else if (ASCII_PUNCTUATION.test(char)) {
      found.push(char);
    }
  }
  return found;
}

/** What Discord shows for an escaped text: each escaping backslash gone. */
const shown = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');

/** Names built from the pieces hostile names are made of, mixed with arbitrary code points. */
const hostileName = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      '\u001b',
      '\u009b',
      '\n',
      '\t',
      ' ',
      '\\',
      '[',
      ']',
      '(',
      ')',
      '*',
      '_',
      '~',
      '`',
      '|',
      '>',
      '<',
      '#',
      '-',
      '1. ',
      ':joy:',
      'https://',
      'HTTP://',
      'discord.gg/',
      '@everyone',
      '<@1>',
      '^',
      '^1',
      '^*',
      '^#f00',
      '~r~',
      '\u200b',
      '\u200d',
      '\u202e',
      '\u2066',
      '\ufeff',
      '\u00ad',
      '\u{e0041}',
      '\u3164',
    ),
    fc.string({ unit: 'binary', maxLength: 2 }),
  ),
  maxLength: 40,
});

describe('displayName', () => {
  it.each([
    ['plain', 'Steve', 'Steve', 'Steve'],
    ['zero-width characters removed', 'Ste\u200bve\u200d', 'Steve', 'Steve'],
    ['bidi overrides and isolates removed', '\u202eevetS\u2066x\u2069', 'evetSx', 'evetSx'],
    ['BOM, soft hyphen, word joiner and CGJ removed', '\ufeffSt\u00ade\u2060v\u034fe', 'Steve', 'Steve'],
    ['ESC removed alone, the character after it kept', 'a\u001b[b\u001b\\c', 'a[b\\c', 'a\\[b\\\\c'],
    ['line breaks and tabs become one space', 'Ste\n\r\tve  x', 'Ste ve x', 'Ste ve x'],
    ['a Hangul filler is a space', 'Ste\u3164ve', 'Ste ve', 'Ste ve'],
    ['every chat style code removed', '^*^_^=^~^/^rSteve^0', 'Steve', 'Steve'],
    ['hex and game colour codes removed', '^#ff0000Red ~r~Steve', 'Red Steve', 'Red Steve'],
    ['codes that reassemble after a removal', '^^11x^\u200b1y', 'xy', 'xy'],
    ['a trailing ^ kept out of chat', 'Steve^^', 'Steve', 'Steve^^'.replace(/\^/g, '\\^')],
    [
      'markdown escaped for Discord only',
      '**b** [a](https://x.y)',
      '**b** [a](https://x.y)',
      '\\*\\*b\\*\\* \\[a\\]\\(https\\:\\/\\/x\\.y\\)',
    ],
    [
      'a shortcode, a list marker and a mention',
      '1. :joy: @everyone',
      '1. :joy: @everyone',
      '1\\. \\:joy\\: \\@everyone',
    ],
    ['nothing left', '\u200b^1 \u202e', '', ''],
    ['carets around a tab: no trailing ^ once the space is trimmed', '^\t^', '', '\\^ \\^'],
  ])('%s', (_case, input, chat, discord) => {
    expect(displayName(input, 'chat')).toBe(chat);
    expect(displayName(input, 'console')).toBe(chat);
    expect(displayName(input, 'discord')).toBe(discord);
  });

  it('cuts the cleaned name to the maximum, counting code points, before escaping', () => {
    expect(displayName('😀'.repeat(70), 'chat')).toBe(`${'😀'.repeat(NAME_MAX - 1)}…`);
    expect(displayName('*'.repeat(70), 'discord', 10)).toBe(`${'\\*'.repeat(9)}…`);
    expect(displayName(`${'\u200b'.repeat(100)}Steve`, 'chat', 5)).toBe('Steve');
  });

  it('for any name, the Discord text has no link, mention or markdown: only escaped punctuation, shown as cleaned', () => {
    fc.assert(
      fc.property(hostileName, (name) => {
        const text = displayName(name, 'discord');
        expect(unescapedPunctuation(text)).toEqual([]);
        expect(text).not.toMatch(/https?:\/\//i);
        expect(text).not.toMatch(/\]\(/);
        expect(text).not.toMatch(CONTROL_OR_FORMAT);
        expect(shown(text)).toBe(cleanName(name));
      }),
      { numRuns: 3000 },
    );
  });

  it('for any name, the chat text has no style code, control or format character, and stays one bounded line', () => {
    const translate = createTranslator('en');
    fc.assert(
      fc.property(hostileName, (name) => {
        const text = displayName(name, 'chat');
        for (const code of CHAT_CODES) expect(text).not.toMatch(code);
        expect(text).not.toMatch(CONTROL_OR_FORMAT);
        expect(text).not.toMatch(/^\s|\s$|\s{2}|\^$/);
        expect([...text].length).toBeLessThanOrEqual(NAME_MAX);
        // Cleaning again changes nothing: the translator's own pass leaves a display name as it is.
        expect(displayName(text, 'chat')).toBe(text);
        expect(cleanText(text, NAME_MAX)).toBe(text);
        expect(translate('top_line', { rank: 1, name: text, votes: 2 })).toBe(`#1 ${text}: 2 vote(s)`);
      }),
      { numRuns: 3000 },
    );
  });
});
