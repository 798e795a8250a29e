/**
 * `npm run frameworks:check`: rewrites every fetched framework Lua file (.frameworks/) with the CfxLua rewriter and
 * compiles it with stock Lua 5.4, listing any file that fails. Run it after adding a framework to sources.json.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LuaFactory } from 'wasmoon';
import { rewriteCfxLua } from './cfxlua';
import { FRAMEWORKS_DIR } from './sources';

const root = FRAMEWORKS_DIR;
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

const factory = new LuaFactory();
const started = Date.now();
let compiled = 0;
let rewritten = 0;
const failures: string[] = [];
for (const file of walk(root).filter((path) => path.endsWith('.lua'))) {
  const name = relative(root, file);
  const source = readFileSync(file, 'utf8');
  let lua: string;
  try {
    lua = rewriteCfxLua(source);
  } catch (error) {
    failures.push(`${name}: rewrite failed: ${(error as Error).message}`);
    continue;
  }
  if (lua !== source) rewritten += 1;
  // One Lua state per file: compiling hundreds of chunks in one wasmoon state has crashed it.
  const engine = await factory.createEngine();
  try {
    engine.global.set('__source', lua);
    const error = await engine.doString(
      `local _, err = load(__source, '=${name.replace(/'/g, '')}') return err`,
    );
    if (error) failures.push(`${name}: ${String(error)}`);
    else compiled += 1;
  } finally {
    engine.global.close();
  }
}
for (const failure of failures) console.log(failure);
console.log(
  `${compiled} files compile (${rewritten} needed the CfxLua rewrite), ${failures.length} fail, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(failures.length === 0 ? 0 : 1);
