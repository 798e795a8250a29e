#!/usr/bin/env node
// Builds the FiveM resource: `node build.mjs` → dist/server.js and config.schema.json;
// `node build.mjs --package` also writes release/vote-reward.zip.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { zipSync } from 'fflate';

const root = new URL('.', import.meta.url).pathname;
const MAX_BUNDLE_BYTES = 300 * 1024;

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

/** release/vote-reward.zip: what a server owner drops into resources/. */
function writePackage() {
  const files = [
    'fxmanifest.lua',
    'config.json',
    'config.schema.json',
    'dist/server.js',
    'README.md',
    'LICENSE',
  ];
  const missing = files.filter((file) => !existsSync(`${root}${file}`));
  if (missing.length > 0) throw new Error(`cannot package, missing: ${missing.join(', ')}`);
  const entries = {};
  for (const file of files) entries[`vote-reward/${file}`] = new Uint8Array(readFileSync(`${root}${file}`));
  mkdirSync(`${root}release`, { recursive: true });
  const zip = zipSync(entries, { level: 9, mtime: new Date('2026-01-01T00:00:00Z') });
  writeFileSync(`${root}release/vote-reward.zip`, zip);
  return zip.length;
}

try {
  await writeConfigSchema();
  const size = await bundleResource();
  console.log(`build: dist/server.js ${(size / 1024).toFixed(1)} KiB, config.schema.json written`);
  if (process.argv.includes('--package')) {
    const zipSize = writePackage();
    console.log(`package: release/vote-reward.zip ${(zipSize / 1024).toFixed(1)} KiB`);
  }
} catch (error) {
  console.error(`build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
