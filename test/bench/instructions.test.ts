import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  callgrindMissing,
  parseCallgrindDump,
  parseCallgrindTotal,
  requireSteadyWindows,
  settledWindows,
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

/** A dump in callgrind's compressed format: names given once with their id, a call's inclusive cost after `calls=`. */
const COMPILING = `# callgrind format
version: 1
positions: line
events: Ir
summary: 10000

ob=(1) /usr/bin/node
fl=(1) ???
fn=(1) v8::internal::compiler::PipelineImpl::OptimizeGraph(v8::internal::compiler::Linkage*)
0 1200
cfn=(2) v8::internal::Zone::Expand(unsigned long)
calls=3 0
0 900
fn=(2)
0 900
fn=(3) Builtins_InterpreterEntryTrampoline
0 6000
+2 500
cfn=(1)
calls=1 0
0 1200
fn=(4) v8::internal::maglev::MaglevGraphBuilder::BuildBody()
* 300
fn=(5) v8::internal::Deoptimizer::New(unsigned long, v8::internal::Isolate*)
-1 100
fn=(1)
0 200
fn=(6) uv_run
0 800

totals: 10000
`;

describe('parseCallgrindDump', () => {
  it('counts the self instructions of V8 compiler functions, by compressed name, without calls= lines', () => {
    // 1 200 + 200 (TurboFan, twice under its id) + 300 (Maglev) + 100 (deoptimizing); Zone and the interpreter are not.
    expect(parseCallgrindDump(COMPILING)).toEqual({ instructions: 10_000, compiler: 1800 });
  });

  it('finds no compiling in the bare Hono fixture, whose body holds only a libc function', () => {
    expect(parseCallgrindDump(DUMP)).toEqual({ instructions: 367_527_693, compiler: 0 });
  });
});

describe('settledWindows', () => {
  const plan = { windows: 2, maxSpread: 0.02, maxCompilerShare: 0.005 };

  it('refuses two windows that agree while V8 compiles in them (bare Hono after one 10 000-request run)', () => {
    expect(settledWindows([80_800, 78_400], [0.152, 0.175], plan)).toBeNull();
  });

  it('accepts the last two compile-free windows within 2 %, after unsettled ones', () => {
    expect(settledWindows([80_800, 78_400, 62_000, 62_300], [0.152, 0.175, 0, 0.001], plan)).toEqual([2, 3]);
  });

  it('leaves out a recompiling window between two compile-free ones (check at 1 M votes, a full run)', () => {
    const perWindow = [125_061, 125_350, 124_724, 130_475];
    const shares = [0.0002, 0.0058, 0.0003, 0.0237];
    expect(settledWindows(perWindow, shares, plan)).toEqual([0, 2]);
  });

  it('refuses compile-free windows further apart than 2 %, and a single window', () => {
    expect(settledWindows([62_000, 63_400], [0, 0], plan)).toBeNull();
    expect(settledWindows([62_000], [0], plan)).toBeNull();
  });

  it('refuses a pair where only one window is compile-free', () => {
    expect(settledWindows([62_000, 62_100], [0.004, 0.006], plan)).toBeNull();
  });
});
