import { describe, expect, it } from 'vitest';
import { createFakeHost } from '../../devkit/fakes/frameworks/host';
import { rewardSchema } from '../../src/config/schema';
import {
  fillCommandTemplate,
  giveCustomReward,
  MAX_VALUE_LENGTH,
  sanitizeCommandValue,
  validateCommandTemplate,
} from '../../src/rewards/custom';

const base = { source: 7, license: 'license:abc123', voteId: '0b9d7c1e-5f7a-4c1e-9a2b-3c4d5e6f7a8b' };

/** Splits a console line the way FXServer does: `;` and newlines end a command, quotes group an argument. */
function parseConsole(line: string): string[][] {
  const commands: string[][] = [];
  let args: string[] = [];
  let current = '';
  let inQuotes = false;
  let hasToken = false;
  const endToken = () => {
    if (hasToken) args.push(current);
    current = '';
    hasToken = false;
  };
  for (const char of line) {
    if (char === '"') {
      inQuotes = !inQuotes;
      hasToken = true;
    } else if (!inQuotes && (char === ';' || char === '\n' || char === '\r')) {
      endToken();
      if (args.length > 0) commands.push(args);
      args = [];
    } else if (!inQuotes && /\s/.test(char)) {
      endToken();
    } else {
      current += char;
      hasToken = true;
    }
  }
  endToken();
  if (args.length > 0) commands.push(args);
  return commands;
}

const hostile: { label: string; name: string }[] = [
  { label: 'quote and semicolon', name: 'x"; quit; say "' },
  { label: 'bare semicolon', name: 'bob; quit' },
  { label: 'newline', name: 'bob\nquit' },
  { label: 'carriage return', name: 'bob\rquit' },
  { label: 'unicode line separator', name: 'bob\u2028quit' },
  { label: 'full-width semicolon and quote (NFKC)', name: 'bob＂；quit；＂' },
  { label: 'single quotes', name: "bob'; quit; '" },
  { label: 'backslash escape', name: 'bob\\"; quit' },
  { label: 'colour codes', name: '^1red^0 ^^22x' },
  { label: 'right-to-left override', name: 'bob\u202Etiuq' },
  { label: 'NUL and controls', name: 'bob\u0000\u001bquit' },
  { label: 'comment markers', name: 'bob // quit # x' },
  { label: 'argument injection with spaces', name: 'victim 999999' },
  { label: 'only hostile characters', name: '";;"\n' },
];

describe('custom command templates', () => {
  it.each(hostile)('a player named with $label cannot add a command or an argument', ({ name }) => {
    for (const template of [
      'say {name} voted',
      'say "{name} voted"',
      'givemoney {source} {name} 500',
      'announce "Thanks {name}!"; say done',
    ]) {
      const filled = fillCommandTemplate(template, { ...base, name });
      expect(filled.ok).toBe(true);
      if (!filled.ok) continue;
      const benign = fillCommandTemplate(template, { ...base, name: 'A' });
      if (!benign.ok) throw new Error('benign name refused');
      const shape = parseConsole(benign.command).map((args) => args.length);
      expect(parseConsole(filled.command).map((args) => args.length)).toEqual(shape);
      expect(filled.command).not.toMatch(/[\n\r\u2028'\\^]/u);
      expect(filled.command.includes(String.fromCharCode(0))).toBe(false);
      expect(parseConsole(filled.command).every((args) => args[0] !== 'quit')).toBe(true);
    }
  });

  it('keeps ordinary names readable, including accents and other scripts', () => {
    expect(sanitizeCommandValue('José_Müller')).toBe('José_Müller');
    expect(sanitizeCommandValue('Дмитрий')).toBe('Дмитрий');
    expect(sanitizeCommandValue('[TAG] Bob-2 (Jr.)')).toBe('[TAG] Bob-2 (Jr.)');
  });

  it.each([
    ['strips colour codes', '^1Red^7Bob', 'RedBob'],
    ['drops quotes and separators', 'x"; quit; say "', 'x quit say'],
    ['normalises full-width lookalikes before filtering', 'Ｂｏｂ；', 'Bob'],
    ['collapses runs of spaces and trims', '  a    b  ', 'a b'],
  ])('sanitising %s', (_label, input, expected) => {
    expect(sanitizeCommandValue(input)).toBe(expected);
  });

  it('caps a value at the maximum length', () => {
    expect([...sanitizeCommandValue('a'.repeat(500))]).toHaveLength(MAX_VALUE_LENGTH);
  });

  it('quotes a value with a space outside quotes so it stays one argument', () => {
    const filled = fillCommandTemplate('give {name} 5', { ...base, name: 'victim 999999' });
    expect(filled).toEqual({ ok: true, command: 'give "victim 999999" 5' });
  });

  it('does not add quotes inside an already quoted section', () => {
    const filled = fillCommandTemplate('say "Thanks {name}"', { ...base, name: 'Big Bob' });
    expect(filled).toEqual({ ok: true, command: 'say "Thanks Big Bob"' });
  });

  it('fills every placeholder', () => {
    const filled = fillCommandTemplate('reward {source} {name} {license} {vote_id}', {
      ...base,
      name: 'Bob',
    });
    expect(filled).toEqual({ ok: true, command: `reward 7 Bob license:abc123 ${base.voteId}` });
  });

  it('an empty name after sanitising becomes an empty quoted argument', () => {
    const filled = fillCommandTemplate('say {name} voted', { ...base, name: '";"' });
    expect(filled).toEqual({ ok: true, command: 'say "" voted' });
  });

  it.each([
    ['', 'command template is empty'],
    ['say "unterminated {name}', 'unbalanced double quote'],
    ['say {player}', 'unknown placeholder {player}'],
    ['say hi\nquit', 'line break or control character'],
  ])('rejects the template %j', (template, message) => {
    expect(validateCommandTemplate(template).join(' | ')).toContain(message);
    expect(fillCommandTemplate(template, { ...base, name: 'Bob' }).ok).toBe(false);
  });

  it('accepts a valid template', () => {
    expect(validateCommandTemplate('give {source} "{name}" 5; say {vote_id}')).toEqual([]);
  });

  it('refuses a source that is not a positive integer', () => {
    expect(fillCommandTemplate('kick {source}', { ...base, source: 0, name: 'Bob' }).ok).toBe(false);
  });
});

describe('giveCustomReward', () => {
  const ctx = { source: 3, name: 'x"; quit; say "', license: 'license:ff', voteId: 'v-1' };

  it('runs the filled command and emits the event with the vote payload', async () => {
    const fake = createFakeHost();
    const result = await giveCustomReward(fake.host, ctx, {
      type: 'custom',
      command: 'say {name}',
      event: 'myserver:voted',
    });
    expect(result).toEqual({ ok: true });
    expect(fake.commands).toEqual(['say "x quit say"']);
    expect(fake.emitted).toEqual([
      { event: 'myserver:voted', args: [3, { vote_id: 'v-1', username: ctx.name, license: 'license:ff' }] },
    ]);
  });

  it('reports a broken template as a framework error and runs nothing', async () => {
    const fake = createFakeHost();
    const result = await giveCustomReward(fake.host, ctx, { type: 'custom', command: 'say {who}' });
    expect(result).toMatchObject({ ok: false, problem: { code: 'framework_error' } });
    expect(fake.commands).toEqual([]);
  });

  it('turns a throwing ExecuteCommand into a pending reward', async () => {
    const fake = createFakeHost();
    fake.host.executeCommand = () => {
      throw new Error('console busy');
    };
    const result = await giveCustomReward(fake.host, ctx, { type: 'custom', command: 'say hi' });
    expect(result).toEqual({
      ok: false,
      problem: { code: 'framework_error', detail: 'console command failed: console busy' },
    });
  });

  it('a custom reward with neither command nor event is refused once, when config.json is read', () => {
    expect(rewardSchema.safeParse({ type: 'custom' }).success).toBe(false);
    expect(rewardSchema.safeParse({ type: 'custom', event: 'x:y' }).success).toBe(true);
  });
});
