/**
 * The optional client script `lua/shop-menu.lua`, run in a Lua 5.4 VM with stand-ins (written in Lua) for the few
 * FiveM and ox_lib functions it calls: it builds the context menu from the server's data only, asks before a confirm
 * item, and sends back an id and a boolean, nothing else.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type LuaEngine, LuaFactory } from 'wasmoon';

const SCRIPT = readFileSync(new URL('../../lua/shop-menu.lua', import.meta.url), 'utf8');

const STANDINS = `
  __handlers, __sent, __menu, __answer = {}, {}, nil, 'confirm'
  function RegisterNetEvent(name, handler) __handlers[name] = handler end
  function RegisterCommand() end
  function TriggerServerEvent(...) __sent[#__sent + 1] = table.concat((function(...)
    local out = {}
    for i = 1, select('#', ...) do out[i] = tostring((select(i, ...))) end
    return out
  end)(...), ' ') end
  lib = {}
  function lib.registerContext(context) __menu = context end
  function lib.showContext() end
  function lib.alertDialog() return __answer end
  function __open(data) __menu = nil; __handlers['vote-reward:shop:menu'](data) end
  function __sentText() return table.concat(__sent, ' | ') end
`;

const DATA = `{ title = 'Vote shop: 100 point(s)', options = {
  { id = 'bread', title = 'Bread', description = 'bread: Bread, 5 point(s)', disabled = false, confirm = false },
  { id = 'vip7', title = 'VIP', description = 'vip7: VIP, 150 point(s)', disabled = true, confirm = true },
} }`;

let engine: LuaEngine | null = null;
afterEach(() => {
  engine?.global.close();
  engine = null;
});

/** The script loaded over the stand-ins; `answer` is what the ox_lib dialog returns. */
async function load(answer = 'confirm') {
  const lua = await new LuaFactory().createEngine();
  engine = lua;
  await lua.doString(STANDINS);
  await lua.doString(`__answer = '${answer}'`);
  await lua.doString(SCRIPT);
  return (code: string) => lua.doString(code) as Promise<unknown>;
}

describe('lua/shop-menu.lua', () => {
  it('shows the server’s options as they came and buys with the id alone', async () => {
    const run = await load();
    await run(`__open(${DATA})`);
    expect(await run('return __menu.title')).toBe('Vote shop: 100 point(s)');
    expect(await run('return #__menu.options')).toBe(2);
    expect(await run('return __menu.options[1].description')).toBe('bread: Bread, 5 point(s)');
    expect(await run('return __menu.options[2].disabled')).toBe(true);
    await run('__menu.options[1].onSelect()');
    expect(await run('return __sentText()')).toBe('vote-reward:shop:buy bread false');
  });

  it.each([
    ['confirm', 'vote-reward:shop:buy vip7 true'],
    ['cancel', ''],
  ])(
    'asks before a confirm item and sends confirm only when the dialog answers confirm (%s)',
    async (answer, sent) => {
      const run = await load(answer);
      await run(`__open(${DATA})`);
      await run('__menu.options[2].onSelect()');
      expect(await run('return __sentText()')).toBe(sent);
    },
  );

  it.each(['nil', "'menu'", '{ title = 1 }', '{ options = 7 }'])(
    'ignores data that is not a menu: %s',
    async (data) => {
      const run = await load();
      await run(`__open(${data})`);
      expect(await run('return __menu == nil')).toBe(true);
    },
  );

  it('shows non-text fields of a forged menu as empty text, never as code', async () => {
    const run = await load();
    await run(
      "__open({ title = {}, options = { { id = {}, title = 5, description = nil, confirm = 'yes' } } })",
    );
    expect(await run('return __menu.title')).toBe('');
    expect(await run('return __menu.options[1].title')).toBe('');
    await run('__menu.options[1].onSelect()');
    expect(await run('return __sentText()')).toBe('vote-reward:shop:buy  false');
  });
});
