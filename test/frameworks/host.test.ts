import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type SimServer } from '../../tools/frameworks/host';

/** Writes a resource of our own (no framework code) into a temporary folder. */
function resource(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'vr-harness-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const BANK = resource({
  'fxmanifest.lua':
    "fx_version 'cerulean'\nversion '1.2.3'\nshared_script 'shared/*.lua'\nserver_scripts { 'server.lua' }",
  'shared/config.lua': 'Config = { start = 100 }',
  'server.lua': `
local balance = Config.start
local Bank = {}
function Bank.deposit(n)
  if type(n) ~= 'number' or n <= 0 then error('bad amount ' .. tostring(n)) end
  balance += n
end
function Bank.balance() return balance end
exports('getBank', function() return Bank end)
exports('nothing', function() end)
exports('pair', function() return false, 'reason' end)
exports('nilFirst', function() return nil, 'x' end)
exports('nilLast', function() return 'x', nil end)
exports('shapes', function()
  return { empty = {}, holes = { nil, 'x' }, ints = { [10] = 'a', [20] = 'b' }, list = { 1, 2, 3 }, float = 3.0 }
end)
exports('deep', function()
  local t = {} local c = t
  for i = 1, 20 do c.next = {} c = c.next end
  return t
end)
exports('slow', function() Wait(100) return 'late' end)
exports('echo', function(...) return select('#', ...), ... end)
exports('third', function(...) return select('#', ...), (select(3, ...)) end)
exports('callback', function(fn) return fn(2, 3) end)
AddEventHandler('bank:ping', function(n) balance += n end)
RegisterNetEvent('bank:who', function() LastSource = source end)
`,
});

const CLIENT = resource({
  'fxmanifest.lua': "fx_version 'cerulean'\nserver_script 'server.lua'",
  'server.lua': `
exports('viaColon', function()
  local bank = exports.bank:getBank()
  bank.deposit(5)
  return bank.balance(), GetCurrentResourceName(), GetResourceMetadata('bank', 'version', 0)
end)
exports('keepRef', function() Kept = exports.bank:getBank() return true end)
exports('useKept', function() return pcall(Kept.balance) end)
exports('awaitSlow', function() return 'got ' .. exports.bank:slow() end)
`,
});

let server: SimServer | undefined;
afterEach(() => server?.close());

async function boot(): Promise<SimServer> {
  server = await createServer({
    onConsole: () => {},
    convars: {},
  });
  await server.addResource('bank', BANK);
  await server.addResource('client', CLIENT);
  await server.start('bank');
  await server.start('client');
  return server;
}

describe('framework harness host: FiveM boundary rules between our own Lua resources and JS', () => {
  it('loads shared scripts before server scripts, globs expanded, and CfxLua is rewritten', async () => {
    const s = await boot();
    const bank = s.exportsOf('bank').getBank?.() as { deposit(n: number): unknown; balance(): unknown };
    expect(bank.balance()).toBe(100);
  });

  it('Lua multiple returns reach JS as an array, one value as itself, none as undefined', async () => {
    const s = await boot();
    expect(s.exportsOf('bank').pair?.()).toEqual([false, 'reason']);
    expect(s.exportsOf('bank').nothing?.()).toBeUndefined();
    expect(s.exportsOf('bank').echo?.('a')).toEqual([1, 'a']);
    expect(s.exportsOf('bank').nilLast?.()).toBe('x');
    expect(s.exportsOf('bank').nilFirst?.()).toEqual({ 2: 'x' });
  });

  it('a Lua error reaches JS as the generic export message; the Lua text only goes to the console', async () => {
    const s = await boot();
    const bank = s.exportsOf('bank').getBank?.() as { deposit(n: number): unknown };
    expect(() => bank.deposit(-1)).toThrow('Error in nested ref call.');
    expect(s.console.some((line) => line.includes('SCRIPT ERROR') && line.includes('bad amount -1'))).toBe(
      true,
    );
    expect(() => s.exportsOf('client').missing).toThrow('No such export missing in resource client');
  });

  it('an export that raises is reported with the generic message naming the export and resource', async () => {
    const s = await boot();
    const bank = s.exportsOf('bank').getBank?.() as { deposit(n: number): unknown };
    bank.deposit(1);
    s.recorded.length = 0;
    expect(() =>
      s.exportsOf('bank').callback?.(() => {
        throw new Error('js side');
      }),
    ).toThrow('An error occurred while calling export callback of resource bank - see above for details');
    expect(s.recorded[0]?.raised?.message).toMatch(/export callback of resource bank/);
  });

  it('tables cross with msgpack rules: {} is an array, holes make a map, integer keys survive, integral floats stay numbers', async () => {
    const s = await boot();
    expect(s.exportsOf('bank').shapes?.()).toEqual({
      empty: [],
      holes: { 2: 'x' },
      ints: { 10: 'a', 20: 'b' },
      list: [1, 2, 3],
      float: 3,
    });
  });

  it('tables deeper than 16 levels are cut off', async () => {
    const s = await boot();
    let node = s.exportsOf('bank').deep?.() as { next?: unknown } | null;
    let tables = 0;
    while (node && typeof node === 'object') {
      tables += 1;
      node = node.next as { next?: unknown } | null;
    }
    expect(tables).toBe(16);
    expect(node).toBeNull();
  });

  it('JS functions passed to Lua are callable there, and their results come back', async () => {
    const s = await boot();
    expect(s.exportsOf('bank').callback?.((a: number, b: number) => a * b)).toBe(6);
  });

  it("Lua resources call each other with exports.res:fn() and see their own resource name and others' metadata", async () => {
    const s = await boot();
    expect(s.exportsOf('client').viaColon?.()).toEqual([105, 'client', '1.2.3']);
  });

  it('a Lua function that waits reaches JS as a Promise settled when the thread finishes', async () => {
    const s = await boot();
    const answer = s.exportsOf('bank').slow?.() as Promise<unknown>;
    expect(answer).toBeInstanceOf(Promise);
    s.advance(200);
    await expect(answer).resolves.toBe('late');
  });

  it('a Lua caller of a waiting export waits for its answer, and JS receives a Promise of the outer result', async () => {
    const s = await boot();
    const answer = s.exportsOf('client').awaitSlow?.() as Promise<unknown>;
    s.advance(300);
    await expect(answer).resolves.toBe('got late');
  });

  it('a net event sets source to the sending player for the handler', async () => {
    const s = await boot();
    s.emitNet('bank:who', 5);
    expect(s.probe('bank', 'return LastSource')).toBe(5);
  });

  it('references held from a stopped resource are dead, and its exports are gone', async () => {
    const s = await boot();
    expect(s.exportsOf('client').keepRef?.()).toBe(true);
    const bank = s.exportsOf('bank').getBank?.() as { balance(): unknown };
    s.stop('bank');
    expect(() => bank.balance()).toThrow('Error in nested ref call.');
    expect(s.exportsOf('client').useKept?.()).toEqual([
      false,
      expect.stringContaining('Error in nested ref call'),
    ]);
    expect(() => s.exportsOf('bank').getBank).toThrow('No such export getBank in resource bank');
    expect(s.resourceState('bank')).toBe('stopped');
  });

  it('a nil argument keeps its place: JS f(a, null, c) reaches Lua as a, nil, c (three arguments)', async () => {
    const s = await boot();
    expect(s.exportsOf('bank').third?.('a', null, 'c')).toEqual([3, 'c']);
    expect(s.exportsOf('bank').third?.('a', undefined, 'c', null)).toEqual([4, 'c']);
  });

  it('a .js script of a Lua resource is not run (the harness runs Lua only) and says so; its Lua scripts run', async () => {
    server = await createServer({ onConsole: () => {}, convars: {} });
    await server.addResource(
      'mixed',
      resource({
        'fxmanifest.lua': "fx_version 'cerulean'\nshared_scripts { 'helper.js' }\nserver_script 'server.lua'",
        'helper.js': "exports('fromJs', () => true);",
        'server.lua': "exports('fromLua', function() return true end)",
      }),
    );
    await server.start('mixed');
    expect(server.console).toContain(
      '[mixed] helper.js not run: JS scripts of a Lua resource are outside the harness',
    );
    expect(server.exportsOf('mixed').fromLua?.()).toBe(true);
  });

  it('events reach Lua handlers with their arguments', async () => {
    const s = await boot();
    s.emit('bank:ping', 7);
    const bank = s.exportsOf('bank').getBank?.() as { balance(): unknown };
    expect(bank.balance()).toBe(107);
  });

  it('GetPlayerIdentifierByType matches the type as a prefix, as FiveM does', async () => {
    const s = await boot();
    s.connect({ source: 1, name: 'A', identifiers: ['license2:b', 'license:a'] });
    expect(s.probe('client', "return GetPlayerIdentifierByType('1', 'license')")).toBe('license2:b');
    expect(s.probe('client', "return GetPlayerIdentifierByType('1', 'license:')")).toBe('license:a');
  });

  it('records every call our JS side makes, with arguments and answers', async () => {
    const s = await boot();
    s.exportsOf('bank').pair?.('x', 1);
    expect(s.recorded).toEqual([
      { resource: 'bank', path: 'exports.bank.pair', args: ['x', 1], returned: [false, 'reason'] },
    ]);
  });
});
