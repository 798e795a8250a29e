/** What the release tests share: the zip built from the current files, unzipped and scanned as FXServer does. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { FxServer } from '../../devkit/fxserver';
import { requireBundle } from '../../devkit/worlds/e2e-harness';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
  repository: { url: string };
};
/** The project on GitHub (package.json's repository): the one address outside the zip its pages may link. */
export const repository = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

/** Files of the zip, under its one folder. */
export const EXPECTED_ENTRIES = [
  'CHANGELOG.md',
  'LICENSE',
  'README.md',
  'config.json',
  'config.schema.json',
  'dist/client.js',
  'dist/server.js',
  'dist/ui/index.html',
  'dist/ui/panel.css',
  'dist/ui/panel.js',
  'docs/commands.md',
  'docs/config.md',
  'docs/frameworks.md',
  'docs/messages.md',
  'docs/network.md',
  'docs/panel.md',
  'docs/programs.md',
  'docs/rewards.md',
  'docs/shop.md',
  'docs/sites.md',
  'docs/troubleshooting.md',
  'fxmanifest.lua',
  'locales/de.json',
  'locales/es.json',
  'locales/fr.json',
  'locales/nl.json',
  'locales/pl.json',
  'locales/pt-BR.json',
  'lua/shop-menu.lua',
  'lua/vrp2.lua',
].map((file) => `vote-reward/${file}`);

/** Builds the zip from the current files (dist/server.js comes from `npm test`'s build) into a temp folder. */
export function packageZip(dir: string): Uint8Array {
  requireBundle();
  const out = path.join(dir, 'vote-reward.zip');
  const run = spawnSync(process.execPath, ['build.mjs', '--package-only', `--out=${out}`], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`build.mjs --package-only failed: ${run.stderr}${run.stdout}`);
  return new Uint8Array(fs.readFileSync(out));
}

/** Writes every entry of the zip under `dest`, as an unzip tool does. */
export function unzipInto(zip: Uint8Array, dest: string): void {
  for (const [name, bytes] of Object.entries(unzipSync(zip))) {
    if (name.endsWith('/')) continue;
    const target = path.resolve(dest, name);
    if (!target.startsWith(`${path.resolve(dest)}${path.sep}`)) throw new Error(`zip entry escapes: ${name}`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, bytes);
  }
}

/**
 * FXServer's resource scan: every folder of `resources/` holding an fxmanifest.lua is a resource named after the
 * folder; `[category]` folders are searched inside; any other folder is not a resource and is not searched.
 */
export function scanResources(server: FxServer, dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(dir, entry.name);
    if (/^\[.*\]$/.test(entry.name)) found.push(...scanResources(server, folder));
    else if (fs.existsSync(path.join(folder, 'fxmanifest.lua'))) {
      server.addResourceFolder(entry.name, folder);
      found.push(entry.name);
    }
  }
  return found;
}

/** The text of the README's section starting at the heading `## title`, up to the next `## `. */
export function section(readme: string, title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`the packaged README has no "## ${title}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The first fenced block of a language in a text, without its fence and list indentation. */
export function fenced(text: string, lang: string): string {
  const match = new RegExp(`^( *)\`\`\`${lang}\\n([\\s\\S]*?)^\\1\`\`\``, 'm').exec(text);
  if (!match) throw new Error(`no \`\`\`${lang} block`);
  const indent = match[1]?.length ?? 0;
  return (match[2] ?? '')
    .split('\n')
    .map((line) => line.slice(indent))
    .join('\n');
}

/** The chat lines a player received. */
export function chatLines(server: FxServer, player: number): string[] {
  return server
    .clientEvents(player)
    .filter((event) => event.name === 'chat:addMessage')
    .map((event) => String((event.args[0] as { args: unknown[] }).args.at(-1)));
}

/** The anchors GitHub gives a Markdown page's headings: lower case, punctuation dropped, spaces as dashes. */
export function headingSlugs(text: string): Set<string> {
  const slugs = new Set<string>();
  const prose = text.replace(/^```[\s\S]*?^```/gm, '');
  for (const match of prose.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = (match[1] as string)
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    let slug = base;
    for (let n = 1; slugs.has(slug); n++) slug = `${base}-${n}`;
    slugs.add(slug);
  }
  return slugs;
}

/** One task of a txAdmin recipe: its `action` and its options (strings, booleans, a `|` block as text). */
export type RecipeTask = Record<string, string | boolean>;

/**
 * The `tasks:` of a txAdmin recipe snippet, read as txAdmin's YAML reader would for this subset: a list of maps of
 * scalars (plain or quoted strings, `true`/`false`) and `|` / `|-` blocks. Anything else is an error, so the snippet
 * cannot grow a form this reader would misread.
 */
export function recipeTasks(yaml: string): RecipeTask[] {
  const lines = yaml.replace(/\n$/, '').split('\n');
  if (lines[0]?.trim() !== 'tasks:') throw new Error('a recipe snippet starts with "tasks:"');
  const tasks: RecipeTask[] = [];
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i] as string;
    const match = /^(\s*)(- )?(\w+):\s*(.*)$/.exec(line);
    if (!match) throw new Error(`recipe line ${i + 1} is not "key: value": ${line}`);
    const [, indent = '', dash, key = '', rawValue = ''] = match;
    if (dash) tasks.push({});
    const task = tasks.at(-1);
    if (!task) throw new Error(`recipe line ${i + 1} is outside a task`);
    let value: string | boolean = rawValue;
    if (rawValue === '|' || rawValue === '|-') {
      const block: string[] = [];
      const keyIndent = indent.length + (dash ? 2 : 0);
      const indentOf = (text: string) => text.length - text.trimStart().length;
      while (i + 1 < lines.length && indentOf(lines[i + 1] as string) > keyIndent) {
        block.push(lines[i + 1] as string);
        i += 1;
      }
      const strip = Math.min(...block.map(indentOf));
      value = block.map((l) => l.slice(strip)).join('\n') + (rawValue === '|' ? '\n' : '');
    } else if (/^(["']).*\1$/.test(rawValue)) value = rawValue.slice(1, -1);
    else if (rawValue === 'true' || rawValue === 'false') value = rawValue === 'true';
    task[key] = value;
  }
  return tasks;
}
