/**
 * Builds ox_core's server bundle from its unmodified TypeScript as its own build.js does (@overextended/fx-utils
 * createBuilder: esbuild bundle, platform node, target node22, format cjs, keepNames, tree shaking, `DEV:` labels
 * dropped), then writes the fxmanifest.lua its createFxmanifest would. Its npm dependencies are installed from the
 * npm registry into the git-ignored `.frameworks/ox_core-deps/`, never into the project's node_modules. One thing
 * differs from the real build: the `mariadb` driver is aliased to `mariadb.js` beside this file (the world's
 * in-memory database answers ox_core's SQL).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { extractedDir, PROJECT_ROOT } from '../../sources';

/**
 * The server build's dependencies at the versions installed. ox_core 1.5.14's bun.lock pins @overextended/ox_lib
 * 3.37.1, which the registry reachable here does not carry: 3.39.0 is the newest in its `^3.37.1` range (and the
 * ox_lib release the worlds run). @nativewrappers/* are the locked 0.0.174.
 */
export const OX_CORE_DEPS: Readonly<Record<string, string>> = {
  '@overextended/ox_lib': '3.39.0',
  '@nativewrappers/server': '0.0.174',
  '@nativewrappers/fivem': '0.0.174',
};

const DEPS_DIR = join(PROJECT_ROOT, '.frameworks', 'ox_core-deps');

function installDeps(): void {
  const stamp = join(DEPS_DIR, 'installed.json');
  const wanted = JSON.stringify(OX_CORE_DEPS);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  mkdirSync(DEPS_DIR, { recursive: true });
  writeFileSync(
    join(DEPS_DIR, 'package.json'),
    `${JSON.stringify({ name: 'ox-core-deps', private: true })}\n`,
  );
  const specs = Object.entries(OX_CORE_DEPS).map(([name, version]) => `${name}@${version}`);
  execFileSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', ...specs], {
    cwd: DEPS_DIR,
    stdio: 'inherit',
  });
  writeFileSync(stamp, wanted);
}

let built: Promise<void> | undefined;

/** Builds `.frameworks/ox_core@<commit>/dist/server.js` and its fxmanifest.lua once per process. */
export function buildOxCore(): Promise<void> {
  built ??= (async () => {
    const dir = extractedDir('ox_core');
    if (!existsSync(join(dir, 'server/index.ts'))) {
      throw new Error(`ox_core is not fetched (${dir} is missing): run \`npm run frameworks:fetch\` first`);
    }
    installDeps();
    await build({
      absWorkingDir: dir,
      bundle: true,
      entryPoints: ['./server/index.ts'],
      outfile: join(dir, 'dist/server.js'),
      keepNames: true,
      legalComments: 'inline',
      treeShaking: true,
      dropLabels: ['DEV'],
      platform: 'node',
      target: ['node22'],
      format: 'cjs',
      tsconfig: join(dir, 'server/tsconfig.json'),
      nodePaths: [join(DEPS_DIR, 'node_modules')],
      alias: { mariadb: new URL('./mariadb.js', import.meta.url).pathname },
      logLevel: 'error',
    });
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, string>;
    writeFileSync(
      join(dir, 'fxmanifest.lua'),
      [
        `name '${pkg.name}'`,
        `author '${pkg.author}'`,
        `version '${pkg.version}'`,
        `license '${pkg.license}'`,
        `fx_version 'cerulean'`,
        `game 'gta5'`,
        `node_version '22'`,
        `files { 'lib/init.lua', 'lib/client/**.lua', 'locales/*.json', 'common/data/*.json' }`,
        `dependencies { '/server:12913', '/onesync' }`,
        `server_scripts { 'dist/server.js' }`,
        '',
      ].join('\n'),
    );
  })();
  return built;
}
