import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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

  it('lists every top-level setting of the schema and every poll setting, with its default', () => {
    const schema = configJsonSchema() as {
      properties: Record<string, { default?: unknown; properties?: object }>;
    };
    const config = rendered['docs/config.md'] ?? '';
    for (const [key, property] of Object.entries(schema.properties)) {
      if (key === '$schema' || key === 'poll') continue;
      const fallback = property.default === undefined ? 'not set' : `\`${JSON.stringify(property.default)}\``;
      expect(config).toMatch(new RegExp(`^\\| \`${key}\` \\| .* \\| ${literal(fallback)} \\|`, 'm'));
    }
    expect(config).toContain('| `poll.maxRequestsPerMinute` | whole number 1 to 60 | `60` |');
    expect(config).toContain('| `poll.broadcast.windowMinutes` |');
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

/** A string matched literally inside a RegExp. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
