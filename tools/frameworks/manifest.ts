/**
 * Reads an fxmanifest.lua by running it in a bare Lua state where every unknown global is a directive collector,
 * as FXServer does, and expands the script globs against the resource's files.
 */
import { LuaFactory } from 'wasmoon';

/** Directives of a manifest: singular key (`server_script`, `dependency`, ...) → values in order. */
export type Manifest = Record<string, string[]>;

const COLLECT = `
local found = {}
local function add(key, value)
  if type(value) == 'table' then
    local singular = key:gsub('ies$', 'y'):gsub('s$', '')
    for _, v in ipairs(value) do found[#found + 1] = { singular, tostring(v) } end
  elseif value ~= nil then
    found[#found + 1] = { key, tostring(value) }
  end
end
setmetatable(_ENV, { __index = function(_, key)
  return function(value)
    add(key, value)
    local function more(next) add(key, next) return more end
    return more
  end
end })
`;

/** Parses manifest source into its directives. */
export async function readManifest(source: string): Promise<Manifest> {
  const engine = await new LuaFactory().createEngine({ openStandardLibs: true });
  try {
    const manifest: Manifest = {};
    engine.global.set('__vr_out', (key: string, value: string) => {
      const list = manifest[key] ?? [];
      list.push(value);
      manifest[key] = list;
    });
    engine.global.set('__vr_source', source);
    await engine.doString(
      `${COLLECT}\nlocal chunk = assert(load(__vr_source, '@fxmanifest.lua'))\nchunk()\nfor _, kv in ipairs(found) do __vr_out(kv[1], kv[2]) end`,
    );
    return manifest;
  } finally {
    engine.global.close();
  }
}

function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*' && glob[i + 1] === '*') {
      out += '.*';
      i += 1;
      if (glob[i + 1] === '/') i += 1;
    } else if (c === '*') out += '[^/]*';
    else out += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/** Server-side script list (shared scripts first, then server scripts), globs expanded against `files`. */
export function serverScripts(manifest: Manifest, files: readonly string[]): string[] {
  const sorted = [...files].sort();
  const out: string[] = [];
  for (const entry of [...(manifest.shared_script ?? []), ...(manifest.server_script ?? [])]) {
    if (entry.startsWith('@')) {
      out.push(entry);
      continue;
    }
    if (!entry.includes('*')) {
      if (!out.includes(entry)) out.push(entry);
      continue;
    }
    const re = globToRegExp(entry);
    for (const file of sorted) if (re.test(file) && !out.includes(file)) out.push(file);
  }
  return out;
}
