/**
 * Splits a console buffer into single commands the way FXServer's console does: at `;`, `\r` or `\n`
 * outside double quotes (citizenfx/fivem code/client/citicore/console/Console.cpp, Context::ExecuteBuffer).
 */
export function splitCommandBuffer(buffer: string): string[] {
  const out: string[] = [];
  let inQuote = false;
  let start = 0;
  for (let i = 0; i < buffer.length; i++) {
    const c = buffer[i];
    if (c === '"') inQuote = !inQuote;
    if ((!inQuote && c === ';') || c === '\r' || c === '\n') {
      out.push(buffer.slice(start, i));
      start = i + 1;
    }
  }
  if (start < buffer.length) out.push(buffer.slice(start));
  return out.filter((c) => c.trim().length > 0);
}

/**
 * Tokenizes one command like console::Tokenize: whitespace-separated, `"..."` groups (with `\"` escapes),
 * a `"` ends an unquoted token, `//` or `#` at a token start ends the line.
 */
export function tokenizeCommand(line: string): string[] {
  const args: string[] = [];
  let i = 0;
  const n = line.length;
  const ws = (c: string | undefined): boolean => c !== undefined && c <= ' ';
  while (true) {
    while (i < n && ws(line[i])) i++;
    if (i >= n) return args;
    if (i > 0 && ((line[i] === '/' && line[i + 1] === '/') || line[i] === '#')) return args;
    if (line[i] === '"') {
      let arg = '';
      i++;
      while (i < n && line[i] !== '"') {
        if (line[i] === '\\' && line[i + 1] === '"') {
          arg += '"';
          i += 2;
          continue;
        }
        arg += line[i];
        i++;
      }
      i++;
      args.push(arg);
      continue;
    }
    let arg = '';
    while (i < n && !ws(line[i]) && line[i] !== '"') {
      if ((i === 0 || line[i - 1] === ' ' || line[i - 1] === '\t') && line[i] === '#') {
        if (arg) args.push(arg);
        return args;
      }
      arg += line[i];
      i++;
    }
    args.push(arg);
  }
}
