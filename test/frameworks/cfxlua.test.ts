import { describe, expect, it } from 'vitest';
import { LuaFactory } from 'wasmoon';
import { joaat, rewriteCfxLua, SAFE_NAVIGATION_HELPER } from '../../tools/frameworks/cfxlua';

const factory = new LuaFactory();

/** Rewrites CfxLua, runs it in stock Lua 5.4 and returns what the chunk returns (as JSON text). */
async function run(cfxLua: string): Promise<unknown> {
  const engine = await factory.createEngine();
  try {
    await engine.doString(SAFE_NAVIGATION_HELPER);
    engine.global.set('__result', (value: string) => {
      captured = value;
    });
    let captured: unknown;
    await engine.doString(rewriteCfxLua(cfxLua));
    return captured;
  } finally {
    engine.global.close();
  }
}

describe('CfxLua rewriter', () => {
  it.each([
    ['+=', 'local a = 5 a += 2 __result(a)', 7],
    ['-=', 'local a = 5 a -= 2 __result(a)', 3],
    ['*=', 'local a = 5 a *= 2 __result(a)', 10],
    ['/=', 'local a = 5 a /= 2 __result(a)', 2.5],
    ['<<=', 'local a = 5 a <<= 2 __result(a)', 20],
    ['>>=', 'local a = 20 a >>= 2 __result(a)', 5],
    ['&=', 'local a = 6 a &= 3 __result(a)', 2],
    ['|=', 'local a = 6 a |= 1 __result(a)', 7],
    ['^=', 'local a = 2 a ^= 3 __result(a)', 8],
  ])('compound assignment %s', async (_op, source, expected) => {
    expect(await run(source)).toBe(expected);
  });

  it('compound assignment takes the whole right-hand expression, not just its first operand', async () => {
    expect(await run('local a = 10 a -= 2 * 3 + 1 __result(a)')).toBe(3);
    expect(await run('local t = { n = 1 } local k = "n" t[k] += 4 or 0 __result(t.n)')).toBe(5);
  });

  it('compound assignment on indexed and called prefixes, followed by another statement on the same line', async () => {
    const source = `local t = { a = { b = { 1, 2 } } }
local function get() return t end
get().a.b[2] += math.max(1, 3) local after = 1
__result(t.a.b[2] + after)`;
    expect(await run(source)).toBe(6);
  });

  it.each([
    ['a nil base is the result', 'local a = nil __result(tostring(a?.b))', 'nil'],
    ['a false base is the result', 'local a = false __result(tostring(a?.b))', 'false'],
    ['a table base is indexed', 'local a = { b = 3 } __result(a?.b)', 3],
    ['bracket form', 'local a = { [2] = "x" } __result(a?[2])', 'x'],
    ['chains short-circuit after a nil', 'local a = nil __result(tostring(a?.b.c.d))', 'nil'],
    ['nested safe navigation', 'local a = { b = nil } __result(tostring(a?.b?.c))', 'nil'],
    [
      'method call through safe navigation',
      'local a = { n = 2, f = function(self, x) return self.n * x end } __result(a?.f(a, 5))',
      10,
    ],
    [
      'as a call statement',
      'local hit = 0 local o = { f = function() hit = hit + 1 end } o?.f() local none o = nil none = o?.f() __result(hit)',
      1,
    ],
  ])('safe navigation: %s', async (_label, source, expected) => {
    expect(await run(source)).toBe(expected);
  });

  it('safe navigation keeps multiple return values', async () => {
    expect(await run('local t = { f = function() return 1, 2, 3 end } __result(select("#", t?.f()))')).toBe(
      3,
    );
  });

  it('backtick hashes become the joaat of the lower-cased name as a signed 32-bit integer', async () => {
    expect(joaat('WEAPON_PETROLCAN')).toBe(883325847);
    expect(joaat('adder')).toBe(0xb779a091 | 0);
    expect(await run('__result(`ADDER`)')).toBe(0xb779a091 | 0);
  });

  it('C-style block comments are removed and keep the line count', async () => {
    const source = '/* one\n two */ local a = 1 /* three */\n__result(debug.getinfo(1, "l").currentline)';
    expect(await run(source)).toBe(3);
    expect(rewriteCfxLua('/* a\nb */x = 1').split('\n')).toHaveLength(2);
  });

  it('strings, long strings and comments that look like CfxLua are left alone', async () => {
    const source = `local s = "a += 1 ?. \`x\`" local l = [==[ b?.c /* no */ ]==] -- c += 2
--[[ d?.e ]] __result(s .. l)`;
    expect(await run(source)).toBe('a += 1 ?. `x` b?.c /* no */ ');
  });

  it('every rewritten line stays on its original line', () => {
    const source = 'local t = {}\nt.a = 1\nt.a += 2\nlocal b = t?.a\nerror("x")';
    const rewritten = rewriteCfxLua(source);
    expect(rewritten.split('\n')).toHaveLength(5);
    expect(rewritten.split('\n')[4]).toBe('error("x")');
  });

  it.each([
    ['an unfinished string', 'local a = "abc'],
    ['an unfinished block comment', '/* never closed'],
    ['an unfinished backtick hash', 'local h = `abc'],
  ])('refuses %s with a clear error', (_label, source) => {
    expect(() => rewriteCfxLua(source)).toThrow(/unfinished/);
  });
});
