/**
 * Holds the structure limits of `src/`: no file over 400 lines and no top-level function over 250 lines (a factory with
 * its inner closures counts as one function). Functions are measured from their first line at column 0 to the line
 * that closes them at column 0, which the formatter guarantees.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const FILE_MAX = 400;
const FUNCTION_MAX = 250;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });

/** Top-level functions (declarations and arrow functions bound to a top-level const) with their length in lines. */
function topLevelFunctions(text: string): { name: string; line: number; lines: number }[] {
  const lines = text.split('\n');
  const found: { name: string; line: number; lines: number }[] = [];
  const start =
    /^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\*?\s+(\w+)|^(?:export\s+)?const\s+(\w+)\b.*=>\s*\{$/;
  for (let i = 0; i < lines.length; i += 1) {
    const match = start.exec(lines[i] ?? '');
    if (!match) continue;
    let end = i;
    while (end < lines.length && !/^[})]/.test(lines[end] ?? '')) end += 1;
    if (end === i && /;\s*$/.test(lines[i] ?? '')) continue;
    found.push({ name: match[1] ?? match[2] ?? '?', line: i + 1, lines: end - i + 1 });
    i = end;
  }
  return found;
}

const files = sourceFiles(join(root, 'src')).filter((path) => !path.includes('/i18n/locales/'));

describe('src/ stays in parts that fit in a head', () => {
  it(`has no file over ${FILE_MAX} lines`, () => {
    const long = files
      .map((path) => ({ path: relative(root, path), lines: readFileSync(path, 'utf8').split('\n').length }))
      .filter((file) => file.lines > FILE_MAX);
    expect(long).toEqual([]);
  });

  it(`has no top-level function over ${FUNCTION_MAX} lines`, () => {
    const long = files.flatMap((path) =>
      topLevelFunctions(readFileSync(path, 'utf8'))
        .filter((fn) => fn.lines > FUNCTION_MAX)
        .map((fn) => `${relative(root, path)}:${fn.line} ${fn.name} (${fn.lines} lines)`),
    );
    expect(long).toEqual([]);
  });

  it('measures a factory with its closures as one function', () => {
    const text = [
      'export function createX() {',
      '  const a = () => {',
      '    return 1;',
      '  };',
      '  return a;',
      '}',
      '',
    ].join('\n');
    expect(topLevelFunctions(text)).toEqual([{ name: 'createX', line: 1, lines: 6 }]);
  });
});
