#!/usr/bin/env node
// Builds the FiveM resource: `node build.mjs` → dist/server.js, config.schema.json, and fxmanifest.lua's
// version/author/description/repository from package.json.
// `node build.mjs --package` also writes release/vote-reward.zip;
// `node build.mjs --package-only [--out=FILE]` zips the files as they are, without building.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { build } from 'esbuild';
import { zipSync } from 'fflate';

const root = new URL('.', import.meta.url).pathname;
/**
 * A guard against accidents (a Node-only or UI dependency pulled into the bundle adds 100 KiB or more at once), not
 * the owner's target: what an owner feels is load time, heap after start and CPU per claim, measured by `npm run bench`.
 * 0.3.0 was 382 KiB; the store schemas, the count gate and the display names took it to about 430 KiB; vote points
 * and the shop core (ledger, purchase steps, limits, their schemas) added about 39 KiB (442 → 481 KiB), ox_core and
 * ND_Core about 6 KiB, the VORP and RSG adapters 7.2 KiB, the shop's player surface (commands, menu, console, its
 * messages in seven languages) about 42 KiB, the listing sites (their adapters, the claims on them, the sites config
 * and their messages in seven languages) about 54 KiB; the sites' redaction and per-site settings about 5 KiB; the
 * payout engine about 7 KiB (612 KiB); issue 37 (VORP gold and notifications, a stopped framework named, the update
 * notice) about 7 KiB; the points ledger of format 2 (keys stored apart, their pass, the migration) and the exports'
 * contract about 5 KiB; the next-vote reader and the reminders of issue 36 (per site, the quiet time, the cap, the
 * opt-out, the party nudge, their messages in seven languages) about 16 KiB (639 → 655 KiB); the player panel's
 * server side (its state, intents and command, its words in seven languages) about 21 KiB; the network store of issue
 * 35 (oxmysql client, tables, ownership gate, status) about 15 KiB. The syntax target stays Node 16: FXServer builds
 * before 12913 ignore `node_version '22'` and run Node 16.9 (targeting Node 22 would save 8 KiB and break them).
 */
const MAX_BUNDLE_BYTES = 704 * 1024;
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
    target: ['node16'],
    keepNames: true,
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
  return size;
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
      contents: "export { configJsonSchema } from './src/config/schema';",
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
    const size = await bundleResource();
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
