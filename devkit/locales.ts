/**
 * The built-in messages of every language as the release ships them: English from `src/i18n/messages.ts`, the
 * others from `locales/<locale>.json`, read through the resource's own reader (`readLocaleFile`). For tests, the
 * docs generator and tools that need every language's texts outside a running resource.
 */
import { readFileSync } from 'node:fs';
import { explainJsonMistake } from '../src/config/json-syntax';
import { readLocaleFile } from '../src/i18n/locale-files';
import { EN, LOCALES, type Locale, type MessageKey, type MessageTable } from '../src/i18n/messages';

const root = new URL('../', import.meta.url);

/** Reads a file of the repository's resource folder, or null when it is missing (as `LoadResourceFile` answers). */
export function loadRepoFile(path: string): string | null {
  try {
    return readFileSync(new URL(path, root), 'utf8');
  } catch {
    return null;
  }
}

/** One language's shipped texts as the resource reads them; throws when its file has a problem. */
export function shippedTable(locale: Locale): MessageTable {
  const read = readLocaleFile(locale, loadRepoFile, explainJsonMistake);
  if (read.problem) throw new Error(read.problem);
  return read.messages;
}

/** Every language's shipped texts, complete (English for a key a file lacks, which the locale test refuses). */
export function shippedMessages(): Record<Locale, Record<MessageKey, string>> {
  return Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      { ...EN, ...readLocaleFile(locale, loadRepoFile, explainJsonMistake).messages },
    ]),
  ) as Record<Locale, Record<MessageKey, string>>;
}
