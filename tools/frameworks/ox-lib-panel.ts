/**
 * `npx tsx tools/frameworks/ox-lib-panel.ts`: runs ox_lib's real client context menu (`context.lua`, `clipboard.lua`
 * at the commit pinned in sources.json) in a Lua 5.4 VM with the context menus the panel's client script builds from
 * real server states, and records what ox_lib does with them into `test/client/ox-lib-panel.json`:
 * what it sends its NUI on `showContext`, and for every option its web UI lets a player click (neither `disabled`
 * nor `readOnly`, as `web/src/features/menu/context/components/ContextButton.tsx` does), which event it triggers
 * with which args. The two files are read from the git mirror (VR_FRAMEWORK_MIRROR) into the git-ignored
 * `.frameworks/`; nothing of ox_lib is committed. Stand-ins (below, ours) replace the natives it calls.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LuaFactory } from 'wasmoon';
import { contextOf, type OxContext } from '../../src/client/panel-client';
import { hideTokens, panelStates } from '../../test/client/panel-states';
import { rewriteCfxLua } from './cfxlua';
import { extractedDir, PROJECT_ROOT, SOURCES } from './sources';

const FILES = ['resource/interface/client/context.lua', 'resource/interface/client/clipboard.lua'];
const OUT = join(PROJECT_ROOT, 'test/client/ox-lib-panel.json');

/** The two files, extracted from the mirror when missing. */
function source(file: string): string {
  const pinned = SOURCES.ox_lib;
  if (!pinned) throw new Error('sources.json has no ox_lib');
  const path = join(extractedDir('ox_lib'), file);
  if (!existsSync(path)) {
    const mirror = join(process.env.VR_FRAMEWORK_MIRROR ?? '/work/.mirror', 'overextended+ox_lib', 'repo');
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, execFileSync('git', ['-C', mirror, 'show', `${pinned.commit}:${file}`]));
  }
  return readFileSync(path, 'utf8');
}

/** FiveM's natives and ox_lib's other modules the two files call, as small recorders (ours). */
const STANDINS = `
  __nui, __events, __callbacks = {}, {}, {}
  local function encode(v)
    local t = type(v)
    if t == 'nil' then return 'null' end
    if t == 'boolean' or t == 'number' then return tostring(v) end
    if t == 'string' then return string.format('%q', v):gsub('\\\\\\n', '\\\\n') end
    if t == 'function' then return '"<function>"' end
    local n = #v
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    if n > 0 and #keys == n then
      local out = {}
      for i = 1, n do out[i] = encode(v[i]) end
      return '[' .. table.concat(out, ',') .. ']'
    end
    table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
    local out = {}
    for _, k in ipairs(keys) do out[#out + 1] = string.format('%q', tostring(k)) .. ':' .. encode(v[k]) end
    return '{' .. table.concat(out, ',') .. '}'
  end
  __encode = encode
  json = { encode = function(v) return encode(v) end }
  lib = {}
  function lib.setNuiFocus() end
  function lib.resetNuiFocus() end
  function RegisterNUICallback(name, fn) __callbacks[name] = fn end
  function SendNuiMessage(text) __nui[#__nui + 1] = text end
  function SendNUIMessage(data) __nui[#__nui + 1] = encode(data) end
  function TriggerEvent(name, args) __events[#__events + 1] = encode({ name = name, args = args }) end
  function TriggerServerEvent(name, args) __events[#__events + 1] = encode({ server = name, args = args }) end
  function __take(list) local text = '[' .. table.concat(list, ',') .. ']'; for i = #list, 1, -1 do list[i] = nil end; return text end
`;

/** A JS value as a Lua table constructor: what FiveM's msgpack gives a Lua export (arrays 1-based, objects keyed). */
function toLua(value: unknown): string {
  if (value === null || value === undefined) return 'nil';
  if (typeof value === 'string') return JSON.stringify(value).replace(/\\u([0-9a-f]{4})/g, '\\u{$1}');
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `{ ${value.map(toLua).join(', ')} }`;
  return `{ ${Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `[${JSON.stringify(key)}] = ${toLua(item)}`)
    .join(', ')} }`;
}

/** What ox_lib did with one context menu. */
async function record(name: string, context: OxContext) {
  const lua = await new LuaFactory().createEngine();
  try {
    await lua.doString(STANDINS);
    for (const file of FILES) await lua.doString(rewriteCfxLua(source(file)));
    const run = async (code: string) => JSON.parse((await lua.doString(code)) as string) as unknown[];
    await lua.doString(`lib.registerContext(${toLua(context)})`);
    await lua.doString(`lib.showContext(${JSON.stringify(context.id)})`);
    const shown = (await run('return __take(__nui)'))[0];
    const clicks = [];
    for (const [index, option] of context.options.entries()) {
      if (option.disabled || option.readOnly) continue;
      const key = String(index);
      await lua.doString(`lib.showContext(${JSON.stringify(context.id)}); __take(__nui)`);
      await lua.doString(`__callbacks.clickContext(${JSON.stringify(key)}, function() end)`);
      clicks.push({
        key,
        title: option.title,
        events: await run('return __take(__events)'),
        nui: await run('return __take(__nui)'),
      });
    }
    // The link an option copies goes through ox_lib's clipboard the way the client script calls it.
    await lua.doString(`lib.setClipboard(${JSON.stringify('https://votes.example/s/demo')})`);
    const clipboard = (await run('return __take(__nui)'))[0];
    return { name, context, shown, clicks, clipboard };
  } finally {
    lua.global.close();
  }
}

const states = await panelStates();
const pinned = SOURCES.ox_lib;
const transcript = hideTokens({
  $comment:
    "Recorded by tools/frameworks/ox-lib-panel.ts: ox_lib's real context.lua and clipboard.lua run on the panel client's context menus (built from real server states); shown = the NUI message of showContext, clicks = each option the web UI lets a player click and what clickContext then triggered.",
  source: { repo: pinned?.repo, commit: pinned?.commit, version: pinned?.version, files: FILES },
  scenarios: [
    await record('panel', contextOf(states.main)),
    await record('confirm', contextOf(states.prompt)),
  ],
});
writeFileSync(OUT, `${JSON.stringify(transcript, null, 2)}\n`);
// The repository's formatter owns the file's layout (test/client is checked by biome, unlike test/frameworks).
execFileSync(join(PROJECT_ROOT, 'node_modules/.bin/biome'), ['format', '--write', OUT], { stdio: 'ignore' });
console.log(
  `ox_lib ${pinned?.version}: ${transcript.scenarios.map((s) => `${s.name} ${s.clicks.length} click(s)`).join(', ')} → ${OUT.replace(PROJECT_ROOT, '')}`,
);
