import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  callgrindMissing,
  parseCallgrindTotal,
  requireSteadyWindows,
  windowSpread,
} from '../../bench/lib/instructions';

/** Head and tail of a real dump (`callgrind_control -d`, 1 000 requests to bare Hono), the body cut out. */
const DUMP = readFileSync(new URL('fixtures/callgrind-dump-bare-hono.txt', import.meta.url), 'utf8');

describe('parseCallgrindTotal', () => {
  it('reads the summary line of a real dump, not the totals line after the body', () => {
    expect(parseCallgrindTotal(DUMP)).toBe(367_527_693);
  });

  it('falls back to the totals line when a dump has no summary line', () => {
    const withoutSummary = DUMP.replace(/^summary:.*\n/m, '');
    expect(parseCallgrindTotal(withoutSummary)).toBe(367_527_728);
  });

  it.each([
    ['an empty file', ''],
    ['a dump cut before its counts', DUMP.slice(0, DUMP.indexOf('summary:'))],
    ['an error message', 'callgrind_control: no callgrind process with pid 42'],
  ])('rejects %s, quoting its start', (_name, text) => {
    expect(() => parseCallgrindTotal(text)).toThrow(/not a callgrind dump/);
  });
});

describe('window spread of an instruction count', () => {
  it.each([
    { values: [62_100], spread: 0 },
    { values: [62_000, 62_000], spread: 0 },
    // Two 6 000-request windows of bare Hono: 372.5 M and 371.6 M instructions.
    { values: [372.5e6 / 6000, 371.6e6 / 6000], spread: 0.9 / 371.6 },
    { values: [100, 103, 101], spread: 0.03 },
  ])('$values spread by $spread of the smallest', ({ values, spread }) => {
    expect(windowSpread(values)).toBeCloseTo(spread, 10);
  });

  it('refuses a zero or negative window, which no real count gives', () => {
    expect(() => windowSpread([0, 100])).toThrow(/positive/);
  });

  it('passes steady windows and returns their spread', () => {
    expect(requireSteadyWindows('GET /hello', [62_086, 62_654], 0.03)).toBeCloseTo(568 / 62_086, 10);
  });

  it('fails loudly on windows further apart than allowed, printing every window', () => {
    // Windows 3 and 4 of bare Hono right after instrumentation was switched on: the JIT was still settling.
    expect(() => requireSteadyWindows('GET /hello', [167_094, 67_627], 0.03)).toThrow(
      'GET /hello: instructions per request differ by 147.1 % between windows (window 1: 167,094, window 2: 67,627; at most 3.0 % allowed)',
    );
  });

  it('treats the bound as inclusive', () => {
    expect(() => requireSteadyWindows('x', [100, 103], 0.03)).not.toThrow();
    expect(() => requireSteadyWindows('x', [100, 103.1], 0.03)).toThrow(/3\.1 %/);
  });
});

describe('callgrindMissing', () => {
  it('names valgrind when it is not on the PATH, so the section marks its targets not measured', () => {
    expect(callgrindMissing({ PATH: '/nonexistent' })).toBe('valgrind not found');
  });
});
