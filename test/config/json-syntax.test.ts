import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engineJsonProblem, jsonSyntaxProblem } from '../../src/config/json-syntax';
import { loadConfig } from '../../src/config/load';

const root = new URL('../..', import.meta.url).pathname;
/** The config.json the release zip ships: the file owners edit by hand. */
const shipped = readFileSync(`${root}config.json`, 'utf8');
const KEY = 'live_0123456789abcdef0123456789abcdef';

/** The shipped file with one hand edit: `find` (which must occur once) replaced by `replace`. */
const edited = (find: string, replace: string): string => {
  expect(shipped.split(find)).toHaveLength(2);
  return shipped.replace(find, replace);
};

const problemOf = (text: string) => {
  const result = loadConfig({ text, convar: () => null });
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.problems;
};

describe('config.json with a hand-editing mistake', () => {
  it.each([
    [
      'a trailing comma after the last setting',
      edited('"amount": 500 }\n}', '"amount": 500 },\n}'),
      'config.json line 10, column 47: a comma after the last entry; JSON allows none, delete it (the line reads: "reward": { "type": "money", "amount": 500 },)',
    ],
    [
      'a trailing comma inside the reward',
      edited('"amount": 500 }', '"amount": 500, }'),
      'config.json line 10, column 45: a comma after the last entry; JSON allows none, delete it (the line reads: "reward": { "type": "money", "amount": 500, })',
    ],
    [
      'a trailing comma in a list',
      edited(
        '"amount": 500 }',
        '"amount": 500 },\n  "milestones": [{ "at": 5, "reward": { "type": "money", "amount": 5 } },]',
      ),
      'config.json line 11, column 73: a comma after the last item; JSON allows none, delete it (the line reads: "milestones": [{ "at": 5, "reward": { "type": "money", "amount": 5 } },])',
    ],
    [
      'a // comment',
      edited('  "locale": "en",', '  "locale": "en", // or "fr"'),
      'config.json line 6, column 19: a comment; JSON has no comments, delete it (the line reads: "locale": "en", // or "fr")',
    ],
    [
      'a /* block */ comment',
      edited('{\n', '{\n  /* vote rewards */\n'),
      'config.json line 2, column 3: a comment; JSON has no comments, delete it (the line reads: /* vote rewards */)',
    ],
    [
      'a missing comma at the end of a line',
      edited('"framework": "auto",', '"framework": "auto"'),
      'config.json line 7, column 22: a comma is missing here, before "command" (the line reads: "framework": "auto")',
    ],
    [
      'single quotes',
      edited('"locale": "en"', '"locale": \'en\''),
      'config.json line 6, column 13: single quotes; JSON needs "double quotes" around names and texts (the line reads: "locale": \'en\',)',
    ],
    [
      'a name without quotes',
      edited('"locale": "en"', 'locale: "en"'),
      'config.json line 6, column 3: a name without quotes; write "locale" (the line reads: locale: "en",)',
    ],
    [
      'curly quotes pasted from a word processor',
      edited('"locale": "en"', '"locale": \u201cen\u201d'),
      'config.json line 6, column 13: curly quotes (from a word processor); JSON needs straight "double quotes" (the line reads: "locale": \u201cen\u201d,)',
    ],
    [
      'True written as in Python',
      edited('"checkMode": "unclaimed",', '"checkMode": "unclaimed",\n  "nameLock": True,'),
      'config.json line 10, column 15: "True" is not a JSON value; JSON writes it true (the line reads: "nameLock": True,)',
    ],
    [
      'a Windows path with single backslashes',
      edited('"command": "vote",', '"command": "vote",\n  "$schema": "C:\\server\\config.schema.json",'),
      'config.json line 9, column 17: a backslash starts an escape in JSON (\\s is none); write \\\\ for one backslash, or use / (the line reads: "$schema": "C:\\server\\config.schema.json",)',
    ],
    [
      'a number with a leading zero',
      edited('"amount": 500', '"amount": 0500'),
      'config.json line 10, column 42: "0500" is not a JSON number (digits, one optional ".", no leading 0 or quotes) (the line reads: "reward": { "type": "money", "amount": 0500 })',
    ],
    [
      'a text not closed on its line',
      edited('"locale": "en"', '"locale": "en'),
      'config.json line 6, column 13: a text that does not end on its line; a closing " is missing (the line reads: "locale": "en,)',
    ],
    [
      'the last brace deleted',
      shipped.trimEnd().slice(0, -1),
      'config.json line 10, column 47: the file ends before the } that closes the { of line 1, column 1 (the line reads: "reward": { "type": "money", "amount": 500 })',
    ],
    [
      'one brace too many',
      `${shipped.trimEnd()}}\n`,
      'config.json line 11, column 2: "}" after the end of the settings: a } or ] above closes them early, or this is left over (the line reads: }})',
    ],
    ['an empty file', '', 'config.json line 1, column 1: the file is empty; it must hold at least {}'],
  ])('%s is named with its line, column, fix and text', (_label, text, problem) => {
    expect(problemOf(text)).toEqual([problem]);
  });

  it('counts lines of a Windows file (CRLF) and after a byte-order mark the same way', () => {
    const crlf = `\uFEFF${edited('"amount": 500 }\n}', '"amount": 500 },\n}').replace(/\n/g, '\r\n')}`;
    expect(problemOf(crlf)).toEqual([
      'config.json line 10, column 47: a comma after the last entry; JSON allows none, delete it (the line reads: "reward": { "type": "money", "amount": 500 },)',
    ]);
  });

  it('shortens a long line around the mistake', () => {
    const long = `{ "apiKey": "${KEY}", "messages": { "en": { "rewarded": "${'x'.repeat(120)}", } } }`;
    const [problem] = problemOf(long);
    expect(problem).toMatch(
      /^config\.json line 1, column 210: a comma after the last entry; .* \(the line reads: \.\.\.x+", \} \} \}\)$/,
    );
    expect(problem?.length).toBeLessThan(200);
  });
});

describe('jsonSyntaxProblem', () => {
  it('never throws: a nesting deeper than the stack falls back to the engine message', () => {
    const deep = '['.repeat(200_000);
    const result = loadConfig({ text: deep, convar: () => null });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0]).toMatch(/^config\.json(: not valid JSON \(| line 1, column )/);
  });

  it('a mistake after a nesting deeper than the stack is placed by the engine message, on Node 20 and 22 alike', () => {
    const deep = `${'['.repeat(200_000)}1 2`;
    const result = loadConfig({ text: deep, convar: () => null });
    expect(!result.ok && result.problems[0]).toMatch(
      /^config\.json line 1, column 200003: not valid JSON \(Expected ',' or '\]' after array element\) \(the line reads: \.\.\.\[+1 2\)$/,
    );
  });

  it.each([
    ['V8 11 (Node 20)', "Expected ',' or '}' after property value in JSON at position 13"],
    [
      'V8 12 (Node 22, FXServer)',
      "Expected ',' or '}' after property value in JSON at position 13 (line 3 column 3)",
    ],
  ])('reads the position out of the %s wording the same way', (_engine, message) => {
    expect(engineJsonProblem('{\n  "a": 1\n  "b": 2\n}', new SyntaxError(message))).toEqual({
      line: 3,
      column: 3,
      hint: "not valid JSON (Expected ',' or '}' after property value)",
      excerpt: '"b": 2',
    });
  });

  it('names no place when the engine message has no position', () => {
    expect(engineJsonProblem('[[[', new SyntaxError('Unexpected end of JSON input'))).toBeNull();
  });

  it('finds no problem in any text JSON.parse accepts', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2, '\t'), (value, indent) => {
        expect(jsonSyntaxProblem(JSON.stringify(value, null, indent))).toBeNull();
      }),
    );
  });

  it('finds a problem in every text JSON.parse refuses', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.nat(),
        fc.oneof(
          fc.constantFrom(',', '}', ']', '"', "'", '/', ':', 'x', '0', '\\', '\n', '-', '.', 'e'),
          fc.string({ maxLength: 3 }),
        ),
        (value, at, char) => {
          const text = JSON.stringify(value, null, 2);
          const cut = at % (text.length + 1);
          const broken = `${text.slice(0, cut)}${char}${text.slice(cut)}`;
          let parses = true;
          try {
            JSON.parse(broken);
          } catch {
            parses = false;
          }
          expect(jsonSyntaxProblem(broken) === null).toBe(parses);
        },
      ),
    );
  });
});
