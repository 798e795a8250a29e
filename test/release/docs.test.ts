import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LuaFactory } from 'wasmoon';
import { shippedMessages } from '../../devkit/locales';
import { placeholdersOf, renderDocs, stampVersion, VERSIONED_PAGES } from '../../scripts/generate-docs';
import { configJsonSchema } from '../../src/config/schema';
import { LOCALES, MESSAGE_KEYS } from '../../src/i18n/messages';

const MESSAGES = shippedMessages();

const root = new URL('../..', import.meta.url).pathname;
const rendered = renderDocs();
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  version: string;
  repository: { url: string };
};
/** The project's page on GitHub, as package.json names it: the only address the docs may link outside. */
const repository = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

describe('generated docs', () => {
  it.each(Object.keys(rendered))('%s matches the source it is generated from', (file) => {
    const committed = readFileSync(`${root}${file}`, 'utf8');
    expect(committed, `${file} is stale: run npm run docs and commit the result`).toBe(rendered[file]);
  });

  it('lists every setting of the schema, nested ones as a.b, with its default', () => {
    const config = rendered['docs/config.md'] ?? '';
    const rows = leaves(configJsonSchema() as SchemaNode, '');
    expect(rows.map((row) => row.path)).toContain('poll.broadcast.windowMinutes');
    for (const { path: key, fallback } of rows) {
      expect(config).toMatch(new RegExp(`^\\| \`${literal(key)}\` \\| .* \\| ${literal(fallback)} \\|`, 'm'));
    }
    expect(config).toContain('| `poll.maxRequestsPerMinute` | whole number 1 to 60 | `60` |');
  });

  it('gives each message key its placeholders and its text in every language', () => {
    const messages = rendered['docs/messages.md'] ?? '';
    for (const key of MESSAGE_KEYS) {
      const row = messages.split('\n').find((line) => line.startsWith(`| \`${key}\` |`));
      expect(row, key).toBeDefined();
      for (const locale of LOCALES) expect(row).toContain(MESSAGES[locale][key].replace(/\|/g, '\\|'));
      for (const name of placeholdersOf(MESSAGES.en[key])) expect(row).toContain(`\`{${name}}\``);
    }
  });
});

describe('repository docs', () => {
  it('has Lua examples in the owner pages that compile as Lua 5.4', async () => {
    const pages = ['docs/owner/README.md', 'docs/rewards.md', 'docs/commands.md', 'docs/shop.md'];
    const text = pages.map((page) => readFileSync(`${root}${page}`, 'utf8')).join('\n');
    const blocks = [...text.matchAll(/^```lua\n([\s\S]*?)^```/gm)].map((m) => m[1] as string);
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    const lua = await new LuaFactory().createEngine();
    try {
      for (const block of blocks) {
        lua.global.set('example', block);
        expect(await lua.doString('local _, problem = load(example); return problem'), block).toBeNull();
      }
    } finally {
      lua.global.close();
    }
  });

  it.each([
    'README.md',
    'docs/api.md',
    'docs/mock.md',
    'docs/owner/README.md',
    'CHANGELOG.md',
    'docs/config.md',
    'docs/rewards.md',
    'docs/frameworks.md',
    'docs/programs.md',
    'docs/commands.md',
    'docs/troubleshooting.md',
    'docs/shop.md',
    'docs/sites.md',
  ])('%s links only files that exist in the repository, or the project on GitHub', (file) => {
    // Inline code shows Markdown as written (`[text](link)`): not a link.
    const text = readFileSync(`${root}${file}`, 'utf8').replace(/`[^`\n]*`/g, '');
    for (const match of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      const link = match[1] as string;
      if (link === repository || link.startsWith(`${repository}/`)) continue;
      expect(link, `${file} links outside the repository`).not.toMatch(/^[a-z]+:/);
      const target = path.resolve(root, path.dirname(file), link);
      expect(target.startsWith(root), `${file} links ${link}, outside the repository`).toBe(true);
      expect(existsSync(target), `${file} links ${link}, which does not exist`).toBe(true);
    }
  });
});

describe('what an owner needs besides the resource', () => {
  it.each(VERSIONED_PAGES)('%s quotes the start-up line with the version of package.json', (file) => {
    const text = readFileSync(`${root}${file}`, 'utf8');
    const quoted = [...text.matchAll(/vote-reward: version ([^,\s]+),/g)].map((match) => match[1]);
    expect(quoted.length).toBeGreaterThan(0);
    expect(new Set(quoted), `${file}: run npm run docs`).toEqual(new Set([pkg.version]));
  });

  it('npm run docs puts the version into a sample that quotes an older one, and leaves other text alone', () => {
    const old = 'At start:\n\n```\nvote-reward: version 0.2.0, framework esx\n```\nSince 0.2.0 the key …';
    expect(stampVersion(old, '1.4.0-beta.2')).toBe(
      'At start:\n\n```\nvote-reward: version 1.4.0-beta.2, framework esx\n```\nSince 0.2.0 the key …',
    );
  });

  it.each(VERSIONED_PAGES)('%s links the download, the issues and the source on GitHub', (file) => {
    const text = readFileSync(`${root}${file}`, 'utf8');
    expect(text).toContain(`](${repository}/releases/latest)`);
    expect(text).toContain(`](${repository}/issues)`);
  });

  it('the troubleshooting page covers a source folder dropped in instead of the release, and ox_inventory on QBCore', () => {
    const rows = readFileSync(`${root}docs/troubleshooting.md`, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('| '));
    expect(rows.find((row) => row.includes('`dist/server.js` does not exist'))).toContain(
      `${repository}/releases/latest`,
    );
    expect(rows.find((row) => row.includes("'modules.bridge.qb.server' not found"))).toContain('2.42');
    expect(rows.some((row) => row.includes('not started, server.cfg has problems:'))).toBe(true);
  });

  it('the owner README opens with the goal → where table and keeps day one to 150 lines, the rest in docs/ pages', () => {
    const readme = readFileSync(`${root}docs/owner/README.md`, 'utf8');
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
    const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings.slice(0, 5)).toEqual([
      'What you want, and where to set it',
      'Requirements',
      'Install',
      'RedM quick start (VORP or RSG)',
      'Try it before going live',
    ]);
    const first = readme.slice(readme.indexOf('## What you want'));
    expect(first.split('\n')[2]).toBe('| you want to | set | read |');
    // A VORP owner reads the Steam requirement before installing, and again in the RedM quick start.
    const requirements = readme.slice(readme.indexOf('## Requirements'), readme.indexOf('## Install'));
    expect(requirements).toMatch(/VORP.*Steam.*steam_webApiKey/s);
  });

  it('docs/sites.md names no file outside the repository', () => {
    const text = readFileSync(`${root}docs/sites.md`, 'utf8');
    for (const match of text.matchAll(/(?:\.\.\/)+[\w./-]+/g)) {
      const target = path.resolve(root, 'docs', match[0]);
      expect(target.startsWith(root) && existsSync(target), `docs/sites.md names ${match[0]}`).toBe(true);
    }
  });

  it('the repository README puts the owners before the developers, releasing last, and stays short', () => {
    const readme = readFileSync(`${root}README.md`, 'utf8');
    const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings[0]).toBe('For server owners');
    expect(headings.at(-1)).toBe('Releasing');
    expect(Buffer.byteLength(readme)).toBeLessThan(18 * 1024);
  });
});

/** A JSON schema node, as far as these tests read it. */
interface SchemaNode {
  default?: unknown;
  required?: string[];
  properties?: Record<string, SchemaNode>;
}

/** Every documented setting: objects with their own settings are walked (messages and reward are one row each). */
function leaves(node: SchemaNode, prefix: string): { path: string; fallback: string }[] {
  return Object.entries(node.properties ?? {}).flatMap(([key, child]) => {
    const at = `${prefix}${key}`;
    if (key === '$schema') return [];
    if (child.properties && at !== 'messages') return leaves(child, `${at}.`);
    const fallback =
      child.default !== undefined
        ? `\`${JSON.stringify(child.default)}\``
        : node.required?.includes(key)
          ? 'required'
          : 'not set';
    return [{ path: at, fallback }];
  });
}

/** A string matched literally inside a RegExp. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
