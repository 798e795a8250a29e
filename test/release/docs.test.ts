import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LuaFactory } from 'wasmoon';
import { placeholdersOf, renderDocs } from '../../scripts/generate-docs';
import { configJsonSchema } from '../../src/config/schema';
import { LOCALES, MESSAGE_KEYS, MESSAGES } from '../../src/i18n/messages';

const root = new URL('../..', import.meta.url).pathname;
const rendered = renderDocs();

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
  it('has Lua examples in the owner README that compile as Lua 5.4', async () => {
    const readme = readFileSync(`${root}docs/owner/README.md`, 'utf8');
    const blocks = [...readme.matchAll(/^```lua\n([\s\S]*?)^```/gm)].map((m) => m[1] as string);
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

  it.each(['README.md', 'docs/api.md', 'docs/owner/README.md', 'CHANGELOG.md'])(
    '%s links only files that exist in the repository',
    (file) => {
      const text = readFileSync(`${root}${file}`, 'utf8');
      for (const match of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        const link = match[1] as string;
        expect(link, `${file} links outside the repository`).not.toMatch(/^[a-z]+:/);
        const target = path.resolve(root, path.dirname(file), link);
        expect(target.startsWith(root), `${file} links ${link}, outside the repository`).toBe(true);
        expect(existsSync(target), `${file} links ${link}, which does not exist`).toBe(true);
      }
    },
  );
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
