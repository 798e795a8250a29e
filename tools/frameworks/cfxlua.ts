/**
 * Rewrites FiveM's Lua dialect (CfxLua) into stock Lua 5.4 at the token level, keeping every line where it was
 * so error messages point at the framework's own line numbers:
 * compound assignment (`+= -= *= /= <<= >>= &= |= ^=`), safe navigation (`a?.b`, `a?[k]`), backtick hashes
 * (`` `NAME` `` → joaat as a signed 32-bit integer) and C-style block comments.
 */

/** One lexical token with the whitespace and comments that preceded it. */
interface Token {
  kind: 'name' | 'number' | 'string' | 'op' | 'eof';
  text: string;
  lead: string;
}

const COMPOUND = ['<<=', '>>=', '+=', '-=', '*=', '/=', '&=', '|=', '^='] as const;
const OPERATORS = [
  '...',
  '..',
  '==',
  '~=',
  '<=',
  '>=',
  '<<',
  '>>',
  '//',
  '::',
  '?.',
  '?[',
  ...'+-*/%^#&~|<>=(){}[];:,.'.split(''),
];
const BINARY = new Set([
  '+',
  '-',
  '*',
  '/',
  '//',
  '%',
  '^',
  '..',
  '==',
  '~=',
  '<',
  '>',
  '<=',
  '>=',
  'and',
  'or',
  '&',
  '|',
  '~',
  '<<',
  '>>',
]);
const UNARY = new Set(['not', '-', '#', '~']);
const LITERALS = new Set(['nil', 'true', 'false', '...']);

/** joaat (Jenkins one-at-a-time over the lower-cased name), as FiveM's `GetHashKey`, signed 32-bit. */
export function joaat(name: string): number {
  let hash = 0;
  for (const byte of Buffer.from(name.toLowerCase(), 'utf8')) {
    hash = (hash + byte) >>> 0;
    hash = (hash + (hash << 10)) >>> 0;
    hash = (hash ^ (hash >>> 6)) >>> 0;
  }
  hash = (hash + (hash << 3)) >>> 0;
  hash = (hash ^ (hash >>> 11)) >>> 0;
  hash = (hash + (hash << 15)) >>> 0;
  return hash | 0;
}

function longBracketLevel(source: string, at: number): number {
  const match = /^\[(=*)\[/.exec(source.slice(at, at + 64));
  return match ? (match[1] as string).length : -1;
}

function endOfLongBracket(source: string, from: number, level: number, what: string): number {
  const close = `]${'='.repeat(level)}]`;
  const end = source.indexOf(close, from);
  if (end < 0) throw new Error(`unfinished long ${what}`);
  return end + close.length;
}

/** Splits CfxLua source into tokens; long comments and C-style block comments become whitespace of the next token. */
function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let lead = '';
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i] as string;
    if (/\s/.test(c)) {
      lead += c;
      i += 1;
      continue;
    }
    if (source.startsWith('--', i)) {
      const level = longBracketLevel(source, i + 2);
      const end =
        level >= 0
          ? endOfLongBracket(source, i + 2 + level + 2, level, 'comment')
          : (() => {
              const nl = source.indexOf('\n', i);
              return nl < 0 ? n : nl;
            })();
      lead += source.slice(i, end);
      i = end;
      continue;
    }
    if (source.startsWith('/*', i)) {
      const end = source.indexOf('*/', i + 2);
      if (end < 0) throw new Error('unfinished /* comment');
      lead += source.slice(i, end + 2).replace(/[^\n]/g, ' ');
      i = end + 2;
      continue;
    }
    let text: string;
    let kind: Token['kind'];
    if (/[A-Za-z_]/.test(c)) {
      text = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i, i + 256))?.[0] as string;
      kind = 'name';
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(source[i + 1] ?? ''))) {
      text = /^(0[xX][0-9a-fA-F.]*([pP][+-]?[0-9]+)?|[0-9.]+([eE][+-]?[0-9]+)?)/.exec(
        source.slice(i, i + 128),
      )?.[0] as string;
      kind = 'number';
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && source[j] !== c) {
        if (source[j] === '\\') j += source[j + 1] === 'z' ? 2 : 1;
        else if (source[j] === '\n') throw new Error(`unfinished string at offset ${i}`);
        j += 1;
      }
      if (j >= n) throw new Error(`unfinished string at offset ${i}`);
      text = source.slice(i, j + 1);
      kind = 'string';
    } else if (c === '`') {
      const end = source.indexOf('`', i + 1);
      if (end < 0) throw new Error(`unfinished backtick hash at offset ${i}`);
      text = String(joaat(source.slice(i + 1, end)));
      i = end + 1;
      tokens.push({ kind: 'number', text, lead });
      lead = '';
      continue;
    } else if (c === '[' && longBracketLevel(source, i) >= 0) {
      const level = longBracketLevel(source, i);
      const end = endOfLongBracket(source, i + level + 2, level, 'string');
      text = source.slice(i, end);
      kind = 'string';
    } else {
      const compound = COMPOUND.find((op) => source.startsWith(op, i));
      const op = compound ?? OPERATORS.find((candidate) => source.startsWith(candidate, i));
      if (!op) throw new Error(`unexpected character ${JSON.stringify(c)} at offset ${i}`);
      text = op;
      kind = 'op';
    }
    tokens.push({ kind, text, lead });
    lead = '';
    i += text.length;
  }
  tokens.push({ kind: 'eof', text: '', lead });
  return tokens;
}

function isOp(token: Token | undefined, text: string): boolean {
  return token !== undefined && token.kind === 'op' && token.text === text;
}

const OPENERS = new Set(['(', '[', '{', '?[']);

/** Index of the token closing the bracket opened at `open`. */
function matchForward(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind !== 'op') continue;
    if (OPENERS.has(t.text)) depth += 1;
    else if (t.text === ')' || t.text === ']' || t.text === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  throw new Error(`unbalanced ${tokens[open]?.text}`);
}

function matchBackward(tokens: Token[], close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    const t = tokens[i] as Token;
    if (t.kind !== 'op') continue;
    if (t.text === ')' || t.text === ']' || t.text === '}') depth += 1;
    else if (OPENERS.has(t.text)) {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  throw new Error(`unbalanced ${tokens[close]?.text}`);
}

/** Start of the suffixed expression (`a.b[c](d)`) that ends at token `end`. */
function prefixStart(tokens: Token[], end: number): number {
  let i = end;
  for (;;) {
    const t = tokens[i] as Token;
    if (t.kind === 'name') {
      const before = tokens[i - 1];
      if (isOp(before, '.') || isOp(before, ':') || isOp(before, '?.')) {
        i -= 2;
        continue;
      }
      return i;
    }
    if (isOp(t, ']') || isOp(t, ')')) {
      const open = matchBackward(tokens, i);
      const before = tokens[open - 1];
      const openText = (tokens[open] as Token).text;
      if (
        openText === '(' &&
        !(before && (before.kind === 'name' || isOp(before, ']') || isOp(before, ')')))
      ) {
        return open;
      }
      if (
        openText === '?[' ||
        (before && (before.kind === 'name' || isOp(before, ']') || isOp(before, ')')))
      ) {
        i = open - 1;
        continue;
      }
      return open;
    }
    if (t.kind === 'string' || isOp(t, '}')) {
      const start = t.kind === 'string' ? i : matchBackward(tokens, i);
      const before = tokens[start - 1];
      if (before && (before.kind === 'name' || isOp(before, ']') || isOp(before, ')'))) {
        i = start - 1;
        continue;
      }
      return start;
    }
    throw new Error(`cannot find the start of the expression before "${t.text}"`);
  }
}

/** Index after the suffix chain (`.a`, `:m(...)`, `[k]`, `(...)`, `?.a`, `?[k]`) that starts at `i`. */
function suffixEnd(tokens: Token[], i: number): number {
  for (;;) {
    const t = tokens[i] as Token;
    if ((isOp(t, '.') || isOp(t, '?.')) && tokens[i + 1]?.kind === 'name') i += 2;
    else if (isOp(t, ':') && tokens[i + 1]?.kind === 'name') i += 2;
    else if (isOp(t, '[') || isOp(t, '?[') || isOp(t, '(') || isOp(t, '{')) i = matchForward(tokens, i) + 1;
    else if (t.kind === 'string') i += 1;
    else return i;
  }
}

const BLOCK_OPEN = new Set(['function', 'if', 'do', 'repeat']);
const BLOCK_CLOSE = new Set(['end', 'until']);

/** Index after the expression that starts at `i`. */
function expressionEnd(tokens: Token[], start: number): number {
  let i = start;
  for (;;) {
    while (UNARY.has((tokens[i] as Token).text) && (tokens[i] as Token).kind !== 'string') i += 1;
    const t = tokens[i] as Token;
    if (t.kind === 'name' && t.text === 'function') {
      let depth = 0;
      for (; i < tokens.length; i++) {
        const k = tokens[i] as Token;
        if (k.kind !== 'name') continue;
        if (BLOCK_OPEN.has(k.text)) depth += 1;
        else if (BLOCK_CLOSE.has(k.text)) {
          depth -= 1;
          if (depth === 0) break;
        }
      }
      i += 1;
    } else if (t.kind === 'number' || t.kind === 'string' || LITERALS.has(t.text)) {
      i += 1;
    } else if (t.kind === 'name') {
      i += 1;
    } else if (isOp(t, '(') || isOp(t, '{')) {
      i = matchForward(tokens, i) + 1;
    } else {
      throw new Error(`expected an expression, found "${t.text}"`);
    }
    i = suffixEnd(tokens, i);
    const next = tokens[i] as Token;
    if (BINARY.has(next.text) && next.kind !== 'string') {
      i += 1;
      continue;
    }
    return i;
  }
}

function text(tokens: Token[], from: number, to: number): string {
  let out = '';
  for (let i = from; i < to; i++) {
    const t = tokens[i] as Token;
    out += t.lead + t.text;
  }
  return out;
}

function retokenize(source: string): Token[] {
  return tokenize(source);
}

/** Replaces the first `?.`/`?[` with a helper call; returns undefined when there is none left. */
function rewriteSafeNavigation(tokens: Token[]): string | undefined {
  const at = tokens.findIndex((t) => isOp(t, '?.') || isOp(t, '?['));
  if (at < 0) return undefined;
  const start = prefixStart(tokens, at - 1);
  const end = suffixEnd(tokens, at);
  const q = tokens[at] as Token;
  const rest = q.text === '?.' ? `.${text(tokens, at + 1, end)}` : `[${text(tokens, at + 1, end)}`;
  const base = text(tokens, start, at);
  const first = tokens[start] as Token;
  const replaced = `${first.lead}__cfx_safenav(${base.slice(first.lead.length)}${q.lead}, function(__sn) return __sn${rest} end)`;
  return text(tokens, 0, start) + replaced + text(tokens, end, tokens.length);
}

/** Replaces the first compound assignment; returns undefined when there is none left. */
function rewriteCompound(tokens: Token[]): string | undefined {
  const at = tokens.findIndex((t) => t.kind === 'op' && (COMPOUND as readonly string[]).includes(t.text));
  if (at < 0) return undefined;
  const op = (tokens[at] as Token).text.slice(0, -1);
  const start = prefixStart(tokens, at - 1);
  const end = expressionEnd(tokens, at + 1);
  const lhs = text(tokens, start, at);
  const first = tokens[start] as Token;
  const bare = lhs.slice(first.lead.length);
  const rhs = text(tokens, at + 1, end);
  const t = tokens[at] as Token;
  return `${text(tokens, 0, start)}${lhs}${t.lead}= ${bare} ${op} (${rhs})${text(tokens, end, tokens.length)}`;
}

/** Rewrites CfxLua source into stock Lua 5.4; throws with a clear message on a construct it cannot rewrite. */
export function rewriteCfxLua(source: string): string {
  let tokens = retokenize(source.startsWith('#') ? `--${source}` : source);
  for (;;) {
    const next = rewriteSafeNavigation(tokens) ?? rewriteCompound(tokens);
    if (next === undefined) break;
    tokens = retokenize(next);
  }
  return text(tokens, 0, tokens.length);
}

/** Lua source of the helper the rewritten safe navigation calls; define it once per Lua state. */
export const SAFE_NAVIGATION_HELPER =
  'function __cfx_safenav(base, rest) if not base then return base end return rest(base) end';
