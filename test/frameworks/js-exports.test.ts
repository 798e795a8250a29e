import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type SimServer } from '../../tools/frameworks/host';

/** A Lua caller of our own: calls a JS export from an event handler and reports what it got. */
function caller(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vr-js-exports-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'fxmanifest.lua'), "fx_version 'cerulean'\nserver_script 'server.lua'");
  writeFileSync(
    join(dir, 'server.lua'),
    `AddEventHandler('call', function(name, ...)
  local ok, v = pcall(function(...) return exports['js-res'][name](nil, ...) end, ...)
  TriggerEvent('result', name, ok, type(v) == 'table' and v.code or v, math.type(type(v) == 'table' and v.n or v))
end)`,
  );
  return dir;
}

let server: SimServer | undefined;
afterEach(() => server?.close());

async function boot(): Promise<{ server: SimServer; results: unknown[][] }> {
  server = await createServer({ onConsole: () => {} });
  server.addStubResource('js-res', { version: ['1'] });
  server.exportJs('js-res', 'later', async (n: number) => ({ code: 'done', n: n * 2 }));
  server.exportJs('js-res', 'now', () => 7);
  server.exportJs('js-res', 'fails', async () => {
    throw new Error('boom');
  });
  await server.addResource('caller', caller());
  await server.start('caller');
  const results: unknown[][] = [];
  server.on('result', (...args) => results.push(args));
  return { server, results };
}

async function until(sim: SimServer, done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i += 1) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    sim.advance(50);
  }
}

describe('framework harness: JS exports called from Lua (exportJs)', () => {
  it('a Lua event handler waits for a JS export that returns a promise and gets the resolved value', async () => {
    const { server: sim, results } = await boot();
    sim.emit('call', 'later', 21);
    expect(results).toEqual([]);
    await until(sim, () => results.length > 0);
    expect(results).toEqual([['later', true, 'done', 'integer']]);
  });

  it('a JS export that answers at once returns its value in the same call', async () => {
    const { server: sim, results } = await boot();
    sim.emit('call', 'now');
    expect(results).toEqual([['now', true, 7, 'integer']]);
  });

  it('a rejected promise raises in the Lua caller', async () => {
    const { server: sim, results } = await boot();
    sim.emit('call', 'fails');
    await until(sim, () => results.length > 0);
    expect(results[0]?.slice(0, 2)).toEqual(['fails', false]);
  });

  it('outside a thread, an export that answers later raises instead of returning nil; one that answers at once works', async () => {
    const { server: sim } = await boot();
    expect(
      sim.probe('caller', "local ok = pcall(function() return exports['js-res']:later(1) end) return ok"),
    ).toBe(false);
    expect(sim.probe('caller', "return exports['js-res']:now()")).toBe(7);
  });
});
