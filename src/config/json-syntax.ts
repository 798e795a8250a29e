/**
 * Names the first JSON syntax mistake of a hand-edited file with its line, column, the line's text and a fix.
 * `JSON.parse` still parses (config.json stays strict JSON, the format its schema and every editor check); this
 * reader only runs when that failed, because the engine's message ("position 306") names neither line nor cause,
 * and its wording differs between Node.js versions.
 */

/** One syntax mistake: 1-based line and column, what is wrong and how to fix it, and the line as written. */
export interface JsonSyntaxProblem {
  /** Line of the mistake, from 1. */
  line: number;
  /** Column of the mistake on that line, from 1. */
  column: number;
  /** What is wrong there and how to fix it. */
  hint: string;
  /** The line's text, trimmed and shortened around the column. */
  excerpt: string;
}

class Stop {
  constructor(
    readonly at: number,
    readonly hint: string,
  ) {}
}

const CURLY_QUOTES = /[\u201c\u201d\u2018\u2019]/;
const WORD = /[A-Za-z_$][\w$]*/y;

/** The first syntax mistake of `text`, or null when it is JSON (or nested too deep to read). */
export function jsonSyntaxProblem(text: string): JsonSyntaxProblem | null {
  try {
    readDocument(text);
    return null;
  } catch (error) {
    // A nesting deeper than the stack (no hand-written file) leaves the engine's own message to the caller.
    if (!(error instanceof Stop)) return null;
    return locate(text, error.at, error.hint);
  }
}

/**
 * The engine's own JSON.parse error placed like ours, for a text jsonSyntaxProblem cannot read (nested deeper than the
 * stack). V8 11 (Node 20) says `... in JSON at position N`, V8 12 (Node 22, FXServer's) adds ` (line L column C)`:
 * both become line, column and the engine's reason. Null when the message names no position.
 */
export function engineJsonProblem(text: string, error: unknown): JsonSyntaxProblem | null {
  const message = error instanceof Error ? error.message : String(error);
  const at = /^(.+?) in JSON at position (\d+)(?: \(line \d+ column \d+\))?$/s.exec(message);
  if (!at) return null;
  return locate(text, Math.min(Number(at[2]), text.length), `not valid JSON (${at[1]})`);
}

/**
 * A JSON mistake in words: `line L, column C: <fix> (the line reads: …)`, or the engine's message when no position is
 * known. For files read like config.json (the language files).
 */
export function explainJsonMistake(text: string, error: unknown): string {
  const found = jsonSyntaxProblem(text) ?? engineJsonProblem(text, error);
  if (!found) return `not valid JSON (${error instanceof Error ? error.message : String(error)})`;
  const line = found.excerpt === '' ? '' : ` (the line reads: ${found.excerpt})`;
  return `line ${found.line}, column ${found.column}: ${found.hint}${line}`;
}

/** Line, column and excerpt of offset `at`. */
function locate(text: string, at: number, hint: string): JsonSyntaxProblem {
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const start = before.lastIndexOf('\n') + 1;
  const end = text.indexOf('\n', at);
  const whole = text.slice(start, end === -1 ? undefined : end).replace(/\r$/, '');
  const column = at - start + 1;
  const indent = whole.length - whole.trimStart().length;
  let excerpt = whole.trim();
  const from = excerpt.length > 80 ? Math.max(0, column - 1 - indent - 40) : 0;
  if (from > 0) excerpt = `...${excerpt.slice(from)}`;
  if (excerpt.length > 80) excerpt = `${excerpt.slice(0, 77)}...`;
  return { line, column, hint, excerpt };
}

/** Describes the text at `at` for a message: the next word or character, or the end of the file. */
function shown(text: string, at: number): string {
  if (at >= text.length) return 'the end of the file';
  if (text[at] === '"') return /"[^"\n]{0,40}"?/.exec(text.slice(at))?.[0] ?? '"';
  WORD.lastIndex = at;
  const word = WORD.exec(text)?.[0];
  return JSON.stringify(word ?? text[at]);
}

function readDocument(text: string): void {
  const read = createReader(text);
  read.space();
  if (read.pos >= text.length) throw new Stop(0, 'the file is empty; it must hold at least {}');
  read.value();
  read.space();
  if (read.pos < text.length)
    throw new Stop(
      read.pos,
      `${shown(text, read.pos)} after the end of the settings: a } or ] above closes them early, or this is left over`,
    );
}

/** A recursive reader over `text` that throws {@link Stop} at the first mistake. */
function createReader(text: string) {
  const reader = {
    pos: 0,
    space(): void {
      while (reader.pos < text.length) {
        const char = text[reader.pos] as string;
        if (char === ' ' || char === '\t' || char === '\n' || char === '\r') reader.pos += 1;
        else if (char === '/' && (text[reader.pos + 1] === '/' || text[reader.pos + 1] === '*'))
          throw new Stop(reader.pos, 'a comment; JSON has no comments, delete it');
        else if (char === '#') throw new Stop(reader.pos, 'a comment; JSON has no comments, delete it');
        else return;
      }
    },
    value(): void {
      const char = text[reader.pos];
      if (char === '{') reader.object();
      else if (char === '[') reader.array();
      else if (char === '"') reader.string();
      else if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) reader.number();
      else if (char === undefined)
        throw new Stop(text.trimEnd().length, 'the file ends where a value was expected');
      else {
        WORD.lastIndex = reader.pos;
        const word = WORD.exec(text)?.[0];
        if (word === 'true' || word === 'false' || word === 'null') reader.pos += word.length;
        else badStart(text, reader.pos, 'a value');
      }
    },
    object(): void {
      const open = reader.pos;
      reader.pos += 1;
      reader.space();
      if (text[reader.pos] === '}') {
        reader.pos += 1;
        return;
      }
      for (;;) {
        if (text[reader.pos] !== '"') badStart(text, reader.pos, 'a "name"', open);
        const name = reader.string();
        reader.space();
        if (text[reader.pos] !== ':')
          throw new Stop(reader.pos, `a ":" is missing after ${name} (found ${shown(text, reader.pos)})`);
        reader.pos += 1;
        reader.space();
        reader.value();
        const end = reader.pos;
        reader.space();
        if (reader.next(open, '}', 'entry', end)) return;
      }
    },
    array(): void {
      const open = reader.pos;
      reader.pos += 1;
      reader.space();
      if (text[reader.pos] === ']') {
        reader.pos += 1;
        return;
      }
      for (;;) {
        reader.value();
        const end = reader.pos;
        reader.space();
        if (reader.next(open, ']', 'item', end)) return;
      }
    },
    /** After an entry that ended at `end`: true at the closing bracket, false after a comma (never a trailing one). */
    next(open: number, close: '}' | ']', what: string, end: number): boolean {
      const char = text[reader.pos];
      if (char === close) {
        reader.pos += 1;
        return true;
      }
      if (char === ',') {
        const comma = reader.pos;
        reader.pos += 1;
        reader.space();
        if (text[reader.pos] === close)
          throw new Stop(comma, `a comma after the last ${what}; JSON allows none, delete it`);
        return false;
      }
      if (char === undefined) throw unclosed(text, open);
      if (char === '}' || char === ']')
        throw new Stop(
          reader.pos,
          `${shown(text, reader.pos)} closes what is not open here; expected ${close}`,
        );
      // The comma belongs where the entry before ended, usually the end of the line above.
      const where = text.slice(end, reader.pos).includes('\n') ? end : reader.pos;
      throw new Stop(where, `a comma is missing here, before ${shown(text, reader.pos)}`);
    },
    string(): string {
      const start = reader.pos;
      reader.pos += 1;
      for (;;) {
        const char = text[reader.pos];
        if (char === undefined || char === '\n' || char === '\r')
          throw new Stop(start, 'a text that does not end on its line; a closing " is missing');
        if (char === '"') break;
        if (char < ' ')
          throw new Stop(reader.pos, 'a tab or control character inside a text; write \\t instead');
        if (char === '\\') {
          const escaped = text[reader.pos + 1] ?? '';
          if (escaped === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(reader.pos + 2, reader.pos + 6)))
            reader.pos += 6;
          else if ('"\\/bfnrt'.includes(escaped) && escaped !== '') reader.pos += 2;
          else
            throw new Stop(
              reader.pos,
              `a backslash starts an escape in JSON (\\${escaped} is none); write \\\\ for one backslash, or use /`,
            );
          continue;
        }
        reader.pos += 1;
      }
      reader.pos += 1;
      return text.slice(start, reader.pos);
    },
    number(): void {
      const match = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
      match.lastIndex = reader.pos;
      const found = match.exec(text);
      const end = found ? reader.pos + found[0].length : reader.pos;
      if (!found || /[\w.]/.test(text[end] ?? '')) {
        const word = /[-+\w.]+/y;
        word.lastIndex = reader.pos;
        const written = word.exec(text)?.[0] ?? '';
        throw new Stop(
          reader.pos,
          `${JSON.stringify(written)} is not a JSON number (digits, one optional ".", no leading 0 or quotes)`,
        );
      }
      reader.pos = end;
    },
  };
  return reader;
}

/** Refuses what cannot start a value or a name at `at`, naming the usual hand-editing mistakes. */
function badStart(text: string, at: number, expected: string, open?: number): never {
  const char = text[at];
  if (char === undefined) throw unclosed(text, open ?? 0);
  if (char === "'") throw new Stop(at, 'single quotes; JSON needs "double quotes" around names and texts');
  if (CURLY_QUOTES.test(char))
    throw new Stop(at, 'curly quotes (from a word processor); JSON needs straight "double quotes"');
  WORD.lastIndex = at;
  const word = WORD.exec(text)?.[0];
  if (word && expected === 'a "name"') throw new Stop(at, `a name without quotes; write "${word}"`);
  if (word) {
    const lower = word.toLowerCase();
    const meant = ['true', 'false', 'null'].includes(lower)
      ? `; JSON writes it ${lower}`
      : '; put text in "double quotes"';
    throw new Stop(at, `${JSON.stringify(word)} is not a JSON value${meant}`);
  }
  if (char === ',')
    throw new Stop(at, `a comma where ${expected} belongs; delete it, or add the missing entry`);
  throw new Stop(at, `expected ${expected}, found ${shown(text, at)}`);
}

/** The file ended inside the object or list opened at `open`. */
function unclosed(text: string, open: number): Stop {
  const where = locate(text, open, '');
  const close = text[open] === '[' ? ']' : '}';
  return new Stop(
    text.trimEnd().length,
    `the file ends before the ${close} that closes the ${text[open]} of line ${where.line}, column ${where.column}`,
  );
}
