#!/usr/bin/env node
// Builds the FiveM resource: `node build.mjs` → dist/server.js, config.schema.json, and fxmanifest.lua's
// version/author/description/repository from package.json.
// `node build.mjs --package` also writes release/vote-reward.zip;
// `node build.mjs --package-only [--out=FILE]` zips the files as they are, without building;
// `node build.mjs --report` (`npm run bundle:report`) also prints where the bundle's bytes go.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { build } from 'esbuild';
import { zipSync } from 'fflate';

const root = new URL('.', import.meta.url).pathname;
/**
 * A guard against accidents (a Node-only or UI dependency pulled into the bundle adds 100 KiB or more at once), not
 * the owner's target: what an owner feels is load time, heap after start and CPU per claim, measured by `npm run bench`.
 * 0.3.0 was 382 KiB; the features of 0.4 and after (to the reminders of issue 36, 16 KiB, the player panel's server side,
 * 21 KiB, and the network store of issue 35, 15 KiB) took it to 693 KiB with local names kept. Then (issue 34, each
 * step measured on the code of its day) the languages other than English moved to `locales/*.json` (−52 KiB), the
 * syntax target to Node 22 (−9 KiB, held by the manifest's `/server:12913` floor), local names are shortened
 * (`minifyIdentifiers`, −169 KiB; function and class names are kept for stack frames by `keepNames`) and the runtime
 * schemas moved to zod/mini (−62 KiB; classic zod and the JSON-Schema code are refused below, they serve the build
 * only): 378 KiB with the panel and the network store. `npm run bundle:report` shows where the bytes go.
 */
const MAX_BUNDLE_BYTES = 500 * 1024;
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
/** The folder inside the zip: the owner unzips the zip into resources/, giving resources/vote-reward/. */
const RESOURCE_FOLDER = 'vote-reward';

/** The resource bundle: one classic script, everything private to one function scope. */
async function bundleResource() {
  const result = await build({
    entryPoints: [`${root}src/index.ts`],
    outfile: `${root}dist/server.js`,
    bundle: true,
    // FXServer loads server scripts as classic scripts sharing the resource's global scope: an IIFE keeps every
    // module-level name (a `source`, an `exports`) from clobbering FiveM's globals.
    platform: 'node',
    format: 'iife',
    // fxmanifest.lua's node_version '22', held by its `dependency '/server:12913'` (the build Node 22 came with).
    target: ['node22'],
    // Local names are shortened; keepNames gives every function and class its own name back (`fn.name`), which is
    // what V8 prints in a stack frame, so a SCRIPT ERROR still reads `at claimVote`.
    keepNames: true,
    minifyIdentifiers: true,
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: 'none',
    charset: 'utf8',
    // The version printed at start-up comes from package.json, like the manifest's.
    define: { 'process.env.VOTE_REWARD_VERSION': JSON.stringify(pkg.version) },
    metafile: true,
    logLevel: 'warning',
  });
  const code = readFileSync(`${root}dist/server.js`, 'utf8');
  const problems = [];
  const native = Object.keys(result.metafile.inputs).filter((input) => input.endsWith('.node'));
  if (native.length > 0) problems.push(`native modules in the bundle: ${native.join(', ')}`);
  // The runtime validates on zod/mini; classic zod and the JSON-Schema code are for the build (config.schema.json).
  const kept = Object.values(result.metafile.outputs)[0]?.inputs ?? {};
  const buildOnly = Object.keys(kept).filter(
    (input) =>
      kept[input].bytesInOutput > 0 &&
      /node_modules\/zod\/v4\/(classic\/|core\/(to-json-schema|json-schema))/.test(input),
  );
  if (buildOnly.length > 0) problems.push(`build-time zod code in the bundle: ${buildOnly.join(', ')}`);
  if (!/^"use strict";\s*\(\(\)\s*=>\s*\{/.test(code) && !/^\(\(\)\s*=>\s*\{/.test(code)) {
    problems.push('the bundle is not a single IIFE');
  }
  if (/\bmodule\.exports\b|(^|[^.\w$])exports\.[\w$]+\s*=/.test(code)) {
    problems.push('the bundle uses CommonJS exports (FXServer`s exports is its own proxy)');
  }
  const size = statSync(`${root}dist/server.js`).size;
  if (size > MAX_BUNDLE_BYTES)
    problems.push(`dist/server.js is ${size} bytes, over the ${MAX_BUNDLE_BYTES} budget`);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return { size, metafile: result.metafile };
}

/**
 * The group an esbuild input belongs to: its package for node_modules (`zod`, `zod/v4/core` for zod's parts), its
 * folder for `src/` (`src/claim`, `src/` for the root files), else its top folder.
 */
function inputGroup(input) {
  const modules = input.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = input.slice(modules + 'node_modules/'.length).split('/');
    const name = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    const rest = parts.slice(name.split('/').length);
    // A package's own folders, so that a big dependency shows which of its parts the bundle takes.
    return rest.length > 1 ? `${name} (${rest.slice(0, -1).join('/')})` : name;
  }
  const parts = input.split('/');
  if (parts[0] === 'src') return parts.length > 2 ? `src/${parts[1]}` : 'src/';
  return parts.length > 1 ? `${parts[0]}/` : input;
}

/** The bundle's bytes by input group, largest first, as a text table (`--report`). */
function bundleReport(metafile) {
  const output = Object.values(metafile.outputs)[0];
  const groups = new Map();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const group = inputGroup(input);
    const entry = groups.get(group) ?? { bytes: 0, files: 0 };
    entry.bytes += bytesInOutput;
    entry.files += 1;
    groups.set(group, entry);
  }
  const inputs = [...groups.values()].reduce((sum, entry) => sum + entry.bytes, 0);
  const rows = [...groups.entries()].sort((a, b) => b[1].bytes - a[1].bytes);
  const width = Math.max(...rows.map(([group]) => group.length), 'group'.length);
  const line = (group, kib, share, files) =>
    `${group.padEnd(width)}  ${kib.padStart(8)}  ${share.padStart(6)}  ${files.padStart(5)}`;
  return [
    line('group', 'KiB', 'share', 'files'),
    ...rows.map(([group, { bytes, files }]) =>
      line(group, (bytes / 1024).toFixed(1), `${((bytes / output.bytes) * 100).toFixed(1)}%`, String(files)),
    ),
    line('(inputs)', (inputs / 1024).toFixed(1), `${((inputs / output.bytes) * 100).toFixed(1)}%`, ''),
    line('(wrapper, names)', ((output.bytes - inputs) / 1024).toFixed(1), '', ''),
    line('dist/server.js', (output.bytes / 1024).toFixed(1), '100.0%', ''),
  ].join('\n');
}

/** Longest the client script and the panel page may be: they download to every player. */
const MAX_CLIENT_BYTES = 24 * 1024;

/**
 * The player panel's client side: `dist/client.js` (the client script, FiveM's client JS runtime) and `dist/ui/`
 * (the NUI page: index.html and panel.css copied from ui/, panel.js bundled from src/ui/). Neither holds anything of
 * the server: a check refuses a bundle that names the API key's convar or config.json.
 */
async function bundleClient() {
  const common = {
    bundle: true,
    format: 'iife',
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
  };
  await build({
    ...common,
    entryPoints: [`${root}src/client/index.ts`],
    outfile: `${root}dist/client.js`,
    platform: 'neutral',
    target: ['es2020'],
  });
  await build({
    ...common,
    entryPoints: [`${root}src/ui/panel.ts`],
    outfile: `${root}dist/ui/panel.js`,
    platform: 'browser',
    target: ['chrome103'],
  });
  for (const file of ['index.html', 'panel.css'])
    writeFileSync(`${root}dist/ui/${file}`, readFileSync(`${root}ui/${file}`));
  const problems = [];
  let total = 0;
  for (const file of CLIENT_FILES) {
    const text = readFileSync(`${root}${file}`, 'utf8');
    total += Buffer.byteLength(text);
    if (/vote_reward_api_key|config\.json|apiKey/.test(text)) problems.push(`${file} names a server secret`);
  }
  if (total > MAX_CLIENT_BYTES)
    problems.push(`the client files are ${total} bytes, over ${MAX_CLIENT_BYTES}`);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return total;
}

/** What a player's game downloads: the manifest's client_script, ui_page and files. */
const CLIENT_FILES = ['dist/client.js', 'dist/ui/index.html', 'dist/ui/panel.js', 'dist/ui/panel.css'];

/** Writes config.schema.json from the same zod schema the resource validates with. */
async function writeConfigSchema() {
  const result = await build({
    stdin: {
      contents: "export { configJsonSchema } from './src/config/json-schema';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'warning',
  });
  const source = result.outputFiles[0]?.text ?? '';
  const module = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
  const schema = module.configJsonSchema();
  writeFileSync(`${root}config.schema.json`, `${JSON.stringify(schema, null, 2)}\n`);
}

/** A Lua single-quoted string literal. */
function luaString(value) {
  return `'${String(value).replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** fxmanifest.lua with `version`, `author`, `description` and `repository` taken from package.json. */
function stampedManifest() {
  const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  const fields = [
    ['version', pkg.version],
    ['author', typeof pkg.author === 'string' ? pkg.author : pkg.author?.name],
    ['description', pkg.description],
    ['repository', repository?.replace(/^git\+/, '').replace(/\.git$/, '')],
  ];
  let text = readFileSync(`${root}fxmanifest.lua`, 'utf8');
  for (const [key, value] of fields) {
    if (typeof value !== 'string' || value === '')
      throw new Error(`package.json has no ${key} for fxmanifest.lua`);
    const line = `${key} ${luaString(value)}`;
    const existing = new RegExp(`^${key}\\s+(['"]).*\\1\\s*$`, 'm');
    if (existing.test(text)) text = text.replace(existing, line);
    else {
      const anchor = /^version\s/m.test(text) ? /^version\s+.*$/m : /^name\s+.*$/m;
      if (!anchor.test(text)) throw new Error(`fxmanifest.lua has no name line to put ${key} after`);
      text = text.replace(anchor, (previous) => `${previous}\n${line}`);
    }
  }
  return text;
}

/** Rewrites fxmanifest.lua when package.json changed one of the fields it carries. */
function syncManifest() {
  const text = stampedManifest();
  if (text === readFileSync(`${root}fxmanifest.lua`, 'utf8')) return false;
  writeFileSync(`${root}fxmanifest.lua`, text);
  return true;
}

/** Zip path → repository file: what a server owner drops into resources/ (no development files). */
const PACKAGE_FILES = {
  'fxmanifest.lua': 'fxmanifest.lua',
  'config.json': 'config.json',
  'config.schema.json': 'config.schema.json',
  'dist/server.js': 'dist/server.js',
  // Run inside vRP 2 by its loadScript: how the vRP adapter asks vRP 2 whether a character is loaded.
  'lua/vrp2.lua': 'lua/vrp2.lua',
  'lua/shop-menu.lua': 'lua/shop-menu.lua',
  'dist/client.js': 'dist/client.js',
  'dist/ui/index.html': 'dist/ui/index.html',
  'dist/ui/panel.js': 'dist/ui/panel.js',
  'dist/ui/panel.css': 'dist/ui/panel.css',
  // The languages other than English, read with LoadResourceFile at start (src/i18n/locale-files.ts).
  ...Object.fromEntries(
    readdirSync(`${root}locales`)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [`locales/${name}`, `locales/${name}`]),
  ),
  'README.md': 'docs/owner/README.md',
  'docs/config.md': 'docs/config.md',
  'docs/messages.md': 'docs/messages.md',
  'docs/rewards.md': 'docs/rewards.md',
  'docs/frameworks.md': 'docs/frameworks.md',
  'docs/programs.md': 'docs/programs.md',
  'docs/commands.md': 'docs/commands.md',
  'docs/troubleshooting.md': 'docs/troubleshooting.md',
  'docs/shop.md': 'docs/shop.md',
  'docs/panel.md': 'docs/panel.md',
  'docs/network.md': 'docs/network.md',
  'docs/sites.md': 'docs/sites.md',
  'CHANGELOG.md': 'CHANGELOG.md',
  LICENSE: 'LICENSE',
};

/**
 * A Markdown page's relative links, rewritten from where the page sits in the repository to where it sits in the
 * zip (docs/owner/README.md becomes README.md), so they work in both. A link to a file the zip lacks is an error.
 */
function relinked(text, file, inZip) {
  const zipPathOf = new Map(Object.entries(PACKAGE_FILES).map(([zipPath, repoPath]) => [repoPath, zipPath]));
  // Inline code (`[text](link)` shown as an example) is left as written.
  return text.replace(/`[^`\n]*`|\]\(([^)#\s]+)((?:#[^)]*)?)\)/g, (whole, link, anchor) => {
    if (link === undefined || /^[a-z]+:/.test(link)) return whole;
    const target = relative(root, resolve(root, dirname(file), link));
    const zipPath = zipPathOf.get(target);
    if (!zipPath) throw new Error(`${file} links ${link}, which the zip does not hold`);
    return `](${relative(dirname(inZip), zipPath) || '.'}${anchor})`;
  });
}

/** Writes the release zip: one `vote-reward/` folder holding PACKAGE_FILES, the manifest stamped from package.json. */
function writePackage(out) {
  const missing = Object.values(PACKAGE_FILES).filter((file) => !existsSync(`${root}${file}`));
  if (missing.length > 0) throw new Error(`cannot package, missing: ${missing.join(', ')}`);
  const entries = {};
  for (const [inZip, file] of Object.entries(PACKAGE_FILES)) {
    let bytes = readFileSync(`${root}${file}`);
    if (file === 'fxmanifest.lua') bytes = Buffer.from(stampedManifest());
    else if (file.endsWith('.md')) bytes = Buffer.from(relinked(bytes.toString('utf8'), file, inZip));
    entries[`${RESOURCE_FOLDER}/${inZip}`] = new Uint8Array(bytes);
  }
  mkdirSync(dirname(out), { recursive: true });
  const zip = zipSync(entries, { level: 9, mtime: new Date('2026-01-01T00:00:00Z') });
  writeFileSync(out, zip);
  return zip.length;
}

const outArg = process.argv.find((arg) => arg.startsWith('--out='));
const zipPath = outArg ? resolve(outArg.slice('--out='.length)) : `${root}release/vote-reward.zip`;

try {
  if (!process.argv.includes('--package-only')) {
    await writeConfigSchema();
    const { size, metafile } = await bundleResource();
    if (process.argv.includes('--report')) console.log(bundleReport(metafile));
    const clientSize = await bundleClient();
    const stamped = syncManifest() ? ', fxmanifest.lua updated from package.json' : '';
    console.log(
      `build: dist/server.js ${(size / 1024).toFixed(1)} KiB, client ${(clientSize / 1024).toFixed(1)} KiB, config.schema.json written${stamped}`,
    );
  }
  if (process.argv.includes('--package') || process.argv.includes('--package-only')) {
    const zipSize = writePackage(zipPath);
    console.log(
      `package: ${zipPath.replace(root, '')} ${(zipSize / 1024).toFixed(1)} KiB (version ${pkg.version})`,
    );
  }
} catch (error) {
  console.error(`build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
